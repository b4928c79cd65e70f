-- capablanca, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune capablanca --games 60 --depth 2 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: a           852  791 - 922           800     866     864     852
-- tune: b           283  243 - 334           320     275     287     283
-- tune: c           786  733 - 858           850     808     812     786
-- tune: n           269  243 - 318           300     272     258     269
-- tune: p           100  -                   100     100     100     100
-- tune: q           950  874 - 996           900     914     932     950
-- tune: r           463  367 - 547           500     504     473     463
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            178  150 - 214           100     146     158     178
-- tune: pst.centre          257  173 - 301           100     193     240     257
-- tune: pst.advance          69  40 - 96             100     111      77      69
-- tune: passed              102  94 - 108            100     102     102     102
-- tune: doubled             -16  -40 - 10             12       0      -8     -16
-- tune: isolated             42  35 - 50              10      20      31      42
-- tune: colour_pair         -10  -40 - 21             35       0      -5     -10
-- tune: royal.shield          8  -9 - 28              10       5       5       8
-- tune: royal.attack        429  356 - 529           100     200     299     429
-- tune: royal.edge           13  6 - 17                2       8      11      13
-- tune: royal.centre         -7  -8 - -3               3      -4      -7      -7
-- tune: values_end.a        951  916 - 980           800     883     926     951
-- tune: values_end.b        255  247 - 274           320     299     277     255
-- tune: values_end.c        898  854 - 959           850     841     885     898
-- tune: values_end.n        230  214 - 257           300     262     242     230
-- tune: values_end.p        102  97 - 108            100      99     101     102
-- tune: values_end.q        847  822 - 885           900     883     857     847
-- tune: values_end.r        522  509 - 536           500     502     510     522
local std = require "std"
local base = require "capablanca"
return std.extend(base, {
  name = "capablanca-tuned",
  pieces = {
    a = { value = 852 },
    b = { value = 283 },
    c = { value = 786 },
    n = { value = 269 },
    p = { value = 100 },
    q = { value = 950 },
    r = { value = 463 },
  },
  eval = std.eval {
    mobility = 178,
    passed = 102,
    doubled = -16,
    isolated = 42,
    colour_pair = -10,
    pst = { centre = 257, advance = 69 },
    royal = { shield = 8, attack = 429, edge = 13, centre = -7 },
    values_end = { a = 951, b = 255, c = 898, n = 230, p = 102, q = 847, r = 522 },
  },
})
