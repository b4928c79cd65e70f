-- racingkings, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune racingkings --games 100 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 400 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: b           287  258 - 310           320     306     293     288     287
-- tune: n           244  224 - 265           300     288     274     257     244
-- tune: p           100  -                   100     100     100     100     100
-- tune: q           754  734 - 786           900     806     790     786     754
-- tune: r           505  487 - 537           500     547     543     524     505
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            -20  -40 - 1             100      86      60      16     -20
-- tune: pst.centre          252  197 - 308           100     174     222     251     252
-- tune: pst.advance         100  -                   100     100     100     100     100
-- tune: passed              100  -                   100     100     100     100     100
-- tune: doubled              12  -                    12      12      12      12      12
-- tune: isolated             10  -                    10      10      10      10      10
-- tune: colour_pair          39  20 - 68              35      39      39      36      39
-- tune: royal.shield          6  2 - 14               10       8       4       5       6
-- tune: royal.attack       -152  -211 - -96          100      36     -37    -102    -152
-- tune: royal.edge          -11  -14 - -9              2      -4      -8     -11     -11
-- tune: royal.centre         20  16 - 23               3       7      13      17      20
-- tune: pst.goal            448  430 - 462           100     191     290     374     448
-- tune: checks              500  -                   500     500     500     500     500
-- tune: values_end.b        297  273 - 314           320     312     301     297     297
-- tune: values_end.n        246  231 - 268           300     296     282     261     246
-- tune: values_end.p        100  -                   100     100     100     100     100
-- tune: values_end.q        720  700 - 743           900     811     778     755     720
-- tune: values_end.r        559  537 - 581           500     554     566     562     559
local std = require "std"
local base = require "racingkings"
return std.extend(base, {
  name = "racingkings-tuned",
  pieces = {
    b = { value = 287 },
    n = { value = 244 },
    p = { value = 100 },
    q = { value = 754 },
    r = { value = 505 },
  },
  eval = std.eval {
    mobility = -20,
    passed = 100,
    doubled = 12,
    isolated = 10,
    colour_pair = 39,
    checks = 500,
    pst = { centre = 252, advance = 100, goal = 448 },
    royal = { shield = 6, attack = -152, edge = -11, centre = 20 },
    values_end = { b = 297, n = 246, p = 100, q = 720, r = 559 },
  },
})
