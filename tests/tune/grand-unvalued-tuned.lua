-- grand-unvalued, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/grand-unvalued.lua --games 300 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 1200 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: a           864  819 - 887           646     732     808     840     864
-- tune: b           352  334 - 370           455     412     379     365     352
-- tune: c           865  837 - 896           863     885     880     880     865
-- tune: n           315  298 - 340           269     308     317     315     315
-- tune: p           100  -                   100     100     100     100     100
-- tune: q          1005  969 - 1025         1049     999     981     982    1005
-- tune: r           506  476 - 526           674     621     566     534     506
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            188  174 - 206           100     136     166     181     188
-- tune: pst.centre          223  204 - 259           100     130     202     221     223
-- tune: pst.advance          87  76 - 107            100      95      94      92      87
-- tune: passed               99  95 - 103            100     101     102     100      99
-- tune: doubled             -31  -41 - -15            12       0     -10     -20     -31
-- tune: isolated             19  16 - 22              10      14      17      18      19
-- tune: colour_pair         -24  -38 - -8             35       0     -10     -16     -24
-- tune: royal.shield         45  40 - 51              10      20      33      41      45
-- tune: royal.attack        605  552 - 624           100     200     377     502     605
-- tune: royal.edge           11  9 - 13                2       8       8      10      11
-- tune: royal.centre          0  -1 - 1                3      -2      -1      -1       0
-- tune: pst.goal            100  -                   100     100     100     100     100
-- tune: checks              500  -                   500     500     500     500     500
-- tune: values_end.a        919  877 - 944           646     748     842     883     919
-- tune: values_end.b        361  345 - 377           455     420     388     376     361
-- tune: values_end.c       1032  1007 - 1052         863     929     979    1011    1032
-- tune: values_end.n        253  234 - 264           269     270     266     262     253
-- tune: values_end.p        104  99 - 110            100     106     108     106     104
-- tune: values_end.q       1077  1051 - 1092        1049    1052    1059    1061    1077
-- tune: values_end.r        575  556 - 592           674     652     620     599     575
local std = require "std"
local base = require "grand-unvalued"
return std.extend(base, {
  name = "grand-unvalued-tuned",
  pieces = {
    a = { value = 864 },
    b = { value = 352 },
    c = { value = 865 },
    n = { value = 315 },
    p = { value = 100 },
    q = { value = 1005 },
    r = { value = 506 },
  },
  eval = std.eval {
    mobility = 188,
    passed = 99,
    doubled = -31,
    isolated = 19,
    colour_pair = -24,
    checks = 500,
    pst = { centre = 223, advance = 87, goal = 100 },
    royal = { shield = 45, attack = 605, edge = 11, centre = 0 },
    values_end = { a = 919, b = 361, c = 1032, n = 253, p = 104, q = 1077, r = 575 },
  },
})
