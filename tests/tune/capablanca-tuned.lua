-- capablanca, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune capablanca --games 60 --nodes 1000 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: a           865  835 - 912           800     829     857     865
-- tune: b           317  285 - 335           320     357     349     317
-- tune: c           790  748 - 855           850     792     776     790
-- tune: n           269  245 - 319           300     276     274     269
-- tune: p           100  -                   100     100     100     100
-- tune: q           894  855 - 934           900     883     868     894
-- tune: r           470  403 - 502           500     537     528     470
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            231  209 - 258           100     185     218     231
-- tune: pst.centre          130  67 - 201            100     123     114     130
-- tune: pst.advance          78  27 - 136            100      87      93      78
-- tune: passed              106  95 - 113            100      96     100     106
-- tune: doubled               7  -3 - 20              12      14       6       7
-- tune: isolated             10  3 - 17               10      10      11      10
-- tune: colour_pair          48  28 - 64              35      54      59      48
-- tune: royal.shield         18  4 - 30               10      14      14      18
-- tune: royal.attack        210  101 - 318           100     200     188     210
-- tune: royal.edge           -7  -11 - -2              2      -6      -7      -7
-- tune: royal.centre          4  0 - 6                 3       7       5       4
-- tune: values_end.a        842  816 - 875           800     804     831     842
-- tune: values_end.b        342  323 - 354           320     357     359     342
-- tune: values_end.c        877  837 - 933           850     817     822     877
-- tune: values_end.n        278  263 - 295           300     282     280     278
-- tune: values_end.p         77  70 - 86             100      85      80      77
-- tune: values_end.q        891  869 - 914           900     895     880     891
-- tune: values_end.r        511  485 - 521           500     517     520     511
local std = require "std"
local base = require "capablanca"
return std.extend(base, {
  name = "capablanca-tuned",
  pieces = {
    a = { value = 865 },
    b = { value = 317 },
    c = { value = 790 },
    n = { value = 269 },
    p = { value = 100 },
    q = { value = 894 },
    r = { value = 470 },
  },
  eval = std.eval {
    mobility = 231,
    passed = 106,
    doubled = 7,
    isolated = 10,
    colour_pair = 48,
    pst = { centre = 130, advance = 78 },
    royal = { shield = 18, attack = 210, edge = -7, centre = 4 },
    values_end = { a = 842, b = 342, c = 877, n = 278, p = 77, q = 891, r = 511 },
  },
})
