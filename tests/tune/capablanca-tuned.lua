-- capablanca, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune capablanca --games 60 --depth 2 --iterations 3 --seed 1 --max-plies 200
-- tune: 2 iterations played, 120 games
-- tune: piece     value  95% interval      given    it 1    it 2
-- tune: a           872  804 - 954           800     859     872
-- tune: b           191  152 - 253           320     263     191
-- tune: c           755  699 - 795           850     776     755
-- tune: n           242  199 - 299           300     275     242
-- tune: p           100  -                   100     100     100
-- tune: q           873  735 - 960           900     864     873
-- tune: r           471  355 - 577           500     502     471
-- tune: term             weight  95% interval      given    it 1    it 2
-- tune: mobility            177  119 - 227           100     151     177
-- tune: pst.centre          307  204 - 445           100     200     307
-- tune: pst.advance         101  35 - 192            100     121     101
-- tune: passed              106  85 - 113            100     108     106
-- tune: doubled             -10  -45 - 20             12       0     -10
-- tune: isolated             22  9 - 32               10      20      22
-- tune: colour_pair         -10  -78 - 2              35       0     -10
-- tune: royal.shield         18  -14 - 39             10       8      18
-- tune: royal.attack        195  73 - 382            100     177     195
-- tune: royal.edge           15  -2 - 24               2      12      15
-- tune: royal.centre         -6  -10 - 5               3      -5      -6
-- tune: values_end.a        963  914 - 1037          800     909     963
-- tune: values_end.b        278  251 - 313           320     297     278
-- tune: values_end.c        859  780 - 918           850     845     859
-- tune: values_end.n        262  242 - 303           300     260     262
-- tune: values_end.p         97  79 - 104            100     105      97
-- tune: values_end.q        883  852 - 941           900     877     883
-- tune: values_end.r        536  506 - 562           500     517     536
local std = require "std"
local base = require "capablanca"
return std.extend(base, {
  name = "capablanca-tuned",
  pieces = {
    a = { value = 872 },
    b = { value = 191 },
    c = { value = 755 },
    n = { value = 242 },
    p = { value = 100 },
    q = { value = 873 },
    r = { value = 471 },
  },
  eval = std.eval {
    mobility = 177,
    passed = 106,
    doubled = -10,
    isolated = 22,
    colour_pair = -10,
    pst = { centre = 307, advance = 101 },
    royal = { shield = 18, attack = 195, edge = 15, centre = -6 },
    values_end = { a = 963, b = 278, c = 859, n = 262, p = 97, q = 883, r = 536 },
  },
})
