-- shogi-unvalued, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/shogi-unvalued.lua --games 150 --nodes 1000 --iterations 6 --seed 1 --max-plies 200 --hold --gate 100
-- tune: 2 iterations played, 450 games
-- tune: piece     value  95% interval      given    it 1    it 2
-- tune: b           412  365 - 439           412     412     412
-- tune: c           249  159 - 343           249     249     249
-- tune: d           712  657 - 765           712     712     712
-- tune: g           319  294 - 369           249     319     319
-- tune: h           529  462 - 611           529     529     529
-- tune: l           212  190 - 254           212     212     212
-- tune: n           125  101 - 174           125     125     125
-- tune: p           100  -                   100     100     100
-- tune: r           529  435 - 546           608     608     529
-- tune: s           260  238 - 303           213     213     260
-- tune: t           125  27 - 219            249     125     125
-- tune: v           249  127 - 334           249     249     249
-- tune: y           249  205 - 365           249     249     249
-- tune: term             weight  95% interval      given    it 1    it 2
-- tune: mobility            200  247 - 460           100     100     200
-- tune: pst.centre          200  -51 - 577           100     100     200
-- tune: pst.advance         100  -110 - 606          100     100     100
-- tune: passed              100  -                   100     100     100
-- tune: doubled              12  -                    12      12      12
-- tune: isolated             10  -                    10      10      10
-- tune: colour_pair          35  -                    35      35      35
-- tune: royal.shield         10  -3 - 52              10      10      10
-- tune: royal.attack        400  509 - 1138          100     200     400
-- tune: royal.edge            2  -8 - 25               2       2       2
-- tune: royal.centre          3  -7 - 15               3       3       3
-- tune: pst.goal            100  -                   100     100     100
-- tune: checks              500  -                   500     500     500
-- tune: values_end.b        412  -                   412     412     412
-- tune: values_end.c        249  -                   249     249     249
-- tune: values_end.d        712  -                   712     712     712
-- tune: values_end.g        249  -                   249     249     249
-- tune: values_end.h        529  -                   529     529     529
-- tune: values_end.l        212  -                   212     212     212
-- tune: values_end.n        125  -                   125     125     125
-- tune: values_end.p        100  -                   100     100     100
-- tune: values_end.r        608  -                   608     608     608
-- tune: values_end.s        213  -                   213     213     213
-- tune: values_end.t        249  -                   249     249     249
-- tune: values_end.v        249  -                   249     249     249
-- tune: values_end.y        249  -                   249     249     249
-- tune: gate: iteration 1 against the weights before it, 100 games: +52 =4 -44 (0.540), kept
-- tune: gate: iteration 2 against the weights before it, 100 games: +48 =5 -47 (0.505), kept
-- tune: gate: iteration 3 against the weights before it, 100 games: +44 =8 -48 (0.480), undone
-- tune: stopped: iteration 3 played worse than the weights before it
local std = require "std"
local base = require "shogi-unvalued"
return std.extend(base, {
  name = "shogi-unvalued-tuned",
  pieces = {
    b = { value = 412 },
    c = { value = 249 },
    d = { value = 712 },
    g = { value = 319 },
    h = { value = 529 },
    l = { value = 212 },
    n = { value = 125 },
    p = { value = 100 },
    r = { value = 529 },
    s = { value = 260 },
    t = { value = 125 },
    v = { value = 249 },
    y = { value = 249 },
  },
  eval = std.eval {
    mobility = 200,
    passed = 100,
    doubled = 12,
    isolated = 10,
    colour_pair = 35,
    checks = 500,
    pst = { centre = 200, advance = 100, goal = 100 },
    royal = { shield = 10, attack = 400, edge = 2, centre = 3 },
    values_end = { b = 412, c = 249, d = 712, g = 249, h = 529, l = 212, n = 125, p = 100, r = 608, s = 213, t = 249, v = 249, y = 249 },
  },
})
