-- grand, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune grand --games 60 --nodes 1000 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: a           774  727 - 818           800     771     763     774
-- tune: b           279  250 - 299           320     324     305     279
-- tune: c           870  812 - 928           850     894     895     870
-- tune: n           251  210 - 293           300     298     262     251
-- tune: p           100  -                   100     100     100     100
-- tune: q          1067  1016 - 1120         900     954    1009    1067
-- tune: r           400  317 - 455           500     409     401     400
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            114  91 - 131            100     105     107     114
-- tune: pst.centre          286  203 - 361           100     200     272     286
-- tune: pst.advance          74  19 - 119            100      92      84      74
-- tune: passed               91  85 - 102            100     102      97      91
-- tune: doubled             -15  -34 - 20             12       0     -10     -15
-- tune: isolated             -6  -16 - 2              10       1      -1      -6
-- tune: colour_pair          35  -4 - 63              35      57      50      35
-- tune: royal.shield         41  25 - 50              10      20      34      41
-- tune: royal.attack        337  235 - 451           100     155     273     337
-- tune: royal.edge           -4  -10 - 6               2      -2      -3      -4
-- tune: royal.centre         -6  -9 - -3               3      -1      -5      -6
-- tune: values_end.a        748  680 - 837           800     730     723     748
-- tune: values_end.b        280  257 - 304           320     316     305     280
-- tune: values_end.c        879  849 - 924           850     912     907     879
-- tune: values_end.n        178  141 - 207           300     239     195     178
-- tune: values_end.p         97  90 - 109            100     103     101      97
-- tune: values_end.q        997  959 - 1019          900     939     964     997
-- tune: values_end.r        517  493 - 539           500     477     502     517
local std = require "std"
local base = require "grand"
return std.extend(base, {
  name = "grand-tuned",
  pieces = {
    a = { value = 774 },
    b = { value = 279 },
    c = { value = 870 },
    n = { value = 251 },
    p = { value = 100 },
    q = { value = 1067 },
    r = { value = 400 },
  },
  eval = std.eval {
    mobility = 114,
    passed = 91,
    doubled = -15,
    isolated = -6,
    colour_pair = 35,
    pst = { centre = 286, advance = 74 },
    royal = { shield = 41, attack = 337, edge = -4, centre = -6 },
    values_end = { a = 748, b = 280, c = 879, n = 178, p = 97, q = 997, r = 517 },
  },
})
