-- shogi, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune shogi --games 60 --depth 2 --iterations 3 --seed 1 --max-plies 200
-- tune: 2 iterations played, 120 games
-- tune: piece     value  95% interval      given    it 1    it 2
-- tune: b           768  655 - 908           800     764     768
-- tune: c           972  820 - 1322          570     754     972
-- tune: d          1267  1111 - 1464        1250    1258    1267
-- tune: g           509  399 - 571           550     539     509
-- tune: h          1021  878 - 1238         1050    1029    1021
-- tune: l           381  268 - 462           350     377     381
-- tune: n           292  232 - 361           350     305     292
-- tune: p           100  -                   100     100     100
-- tune: r           895  704 - 1090          950     941     895
-- tune: s           545  467 - 618           500     558     545
-- tune: t           618  446 - 743           600     596     618
-- tune: v           146  -207 - 542          570     292     146
-- tune: y           908  541 - 1079          570     905     908
-- tune: term             weight  95% interval      given    it 1    it 2
-- tune: mobility            400  197 - 722           100     200     400
-- tune: pst.centre          100  -879 - 985          100       0     100
-- tune: pst.advance         216  73 - 467            100     160     216
-- tune: passed              100  -                   100     100     100
-- tune: doubled              12  -                    12      12      12
-- tune: isolated             10  -                    10      10      10
-- tune: colour_pair          35  -                    35      35      35
-- tune: royal.shield         40  17 - 139             10      20      40
-- tune: royal.attack        197  -285 - 652          100     116     197
-- tune: royal.edge           24  13 - 88               2      12      24
-- tune: royal.centre        -17  -119 - -15            3      -7     -17
-- tune: values_end.b        800  -                   800     800     800
-- tune: values_end.c        570  -                   570     570     570
-- tune: values_end.d       1250  -                  1250    1250    1250
-- tune: values_end.g        550  -                   550     550     550
-- tune: values_end.h       1050  -                  1050    1050    1050
-- tune: values_end.l        350  -                   350     350     350
-- tune: values_end.n        350  -                   350     350     350
-- tune: values_end.p        100  -                   100     100     100
-- tune: values_end.r        950  -                   950     950     950
-- tune: values_end.s        500  -                   500     500     500
-- tune: values_end.t        600  -                   600     600     600
-- tune: values_end.v        570  -                   570     570     570
-- tune: values_end.y        570  -                   570     570     570
local std = require "std"
local base = require "shogi"
return std.extend(base, {
  name = "shogi-tuned",
  pieces = {
    b = { value = 768 },
    c = { value = 972 },
    d = { value = 1267 },
    g = { value = 509 },
    h = { value = 1021 },
    l = { value = 381 },
    n = { value = 292 },
    p = { value = 100 },
    r = { value = 895 },
    s = { value = 545 },
    t = { value = 618 },
    v = { value = 146 },
    y = { value = 908 },
  },
  eval = std.eval {
    mobility = 400,
    passed = 100,
    doubled = 12,
    isolated = 10,
    colour_pair = 35,
    pst = { centre = 100, advance = 216 },
    royal = { shield = 40, attack = 197, edge = 24, centre = -17 },
    values_end = { b = 800, c = 570, d = 1250, g = 550, h = 1050, l = 350, n = 350, p = 100, r = 950, s = 500, t = 600, v = 570, y = 570 },
  },
})
