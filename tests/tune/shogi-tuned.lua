-- shogi, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune shogi --games 60 --nodes 1000 --iterations 3 --seed 1 --max-plies 200 --lambda 0.5
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: b           616  560 - 700           800     675     640     616
-- tune: c           300  109 - 458           570     371     363     300
-- tune: d          1645  1564 - 1723        1250    1466    1543    1645
-- tune: g           610  565 - 648           550     596     602     610
-- tune: h          1090  1054 - 1194        1050    1108    1115    1090
-- tune: l           251  202 - 282           350     313     275     251
-- tune: n           269  226 - 337           350     249     248     269
-- tune: p           100  -                   100     100     100     100
-- tune: r           954  911 - 998           950     959     970     954
-- tune: s           512  474 - 564           500     516     525     512
-- tune: t           408  43 - 551            600     540     462     408
-- tune: v           596  447 - 941           570     536     498     596
-- tune: y           268  56 - 514            570     285     178     268
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            462  267 - 645           100     200     388     462
-- tune: pst.centre          278  53 - 809            100      74     174     278
-- tune: pst.advance        -155  -447 - 11           100      45     -55    -155
-- tune: passed              100  -                   100     100     100     100
-- tune: doubled              12  -                    12      12      12      12
-- tune: isolated             10  -                    10      10      10      10
-- tune: colour_pair          35  -                    35      35      35      35
-- tune: royal.shield         18  -6 - 70              10       0       8      18
-- tune: royal.attack        634  528 - 800           100     200     400     634
-- tune: royal.edge            7  -17 - 24              2       9       6       7
-- tune: royal.centre         46  26 - 86               3      13      26      46
-- tune: values_end.b        800  -                   800     800     800     800
-- tune: values_end.c        570  -                   570     570     570     570
-- tune: values_end.d       1250  -                  1250    1250    1250    1250
-- tune: values_end.g        550  -                   550     550     550     550
-- tune: values_end.h       1050  -                  1050    1050    1050    1050
-- tune: values_end.l        350  -                   350     350     350     350
-- tune: values_end.n        350  -                   350     350     350     350
-- tune: values_end.p        100  -                   100     100     100     100
-- tune: values_end.r        950  -                   950     950     950     950
-- tune: values_end.s        500  -                   500     500     500     500
-- tune: values_end.t        600  -                   600     600     600     600
-- tune: values_end.v        570  -                   570     570     570     570
-- tune: values_end.y        570  -                   570     570     570     570
local std = require "std"
local base = require "shogi"
return std.extend(base, {
  name = "shogi-tuned",
  pieces = {
    b = { value = 616 },
    c = { value = 300 },
    d = { value = 1645 },
    g = { value = 610 },
    h = { value = 1090 },
    l = { value = 251 },
    n = { value = 269 },
    p = { value = 100 },
    r = { value = 954 },
    s = { value = 512 },
    t = { value = 408 },
    v = { value = 596 },
    y = { value = 268 },
  },
  eval = std.eval {
    mobility = 462,
    passed = 100,
    doubled = 12,
    isolated = 10,
    colour_pair = 35,
    pst = { centre = 278, advance = -155 },
    royal = { shield = 18, attack = 634, edge = 7, centre = 46 },
    values_end = { b = 800, c = 570, d = 1250, g = 550, h = 1050, l = 350, n = 350, p = 100, r = 950, s = 500, t = 600, v = 570, y = 570 },
  },
})
