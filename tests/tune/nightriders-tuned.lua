-- nightriders, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/nightriders.lua --games 300 --nodes 1000 --iterations 6 --seed 1 --max-plies 200
-- tune: 6 iterations played, 1800 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4    it 5    it 6
-- tune: b           519  514 - 528           484     511     518     522     522     519     519
-- tune: n           438  433 - 443           393     406     415     421     427     435     438
-- tune: p           100  -                   100     100     100     100     100     100     100
-- tune: q           761  753 - 769           715     729     750     755     759     761     761
-- tune: r           346  335 - 355           542     464     415     392     376     358     346
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4    it 5    it 6
-- tune: mobility            186  179 - 190           100     123     139     156     167     179     186
-- tune: pst.centre          112  101 - 122           100     124     126     129     124     122     112
-- tune: pst.advance          83  73 - 95             100     102      96      94      90      85      83
-- tune: passed               92  91 - 93             100      99      96      95      93      93      92
-- tune: doubled              14  8 - 19               12       7      11      11      13      14      14
-- tune: isolated              9  8 - 11               10       7       7       8       9       9       9
-- tune: colour_pair          35  -                    35      35      35      35      35      35      35
-- tune: royal.shield          6  4 - 8                10      10       8       7       6       5       6
-- tune: royal.attack        435  414 - 453           100     196     273     351     390     422     435
-- tune: royal.edge           11  10 - 12               2       4       6       8       9      11      11
-- tune: royal.centre          0  0 - 0                 3       3       2       1       0       0       0
-- tune: pst.goal            100  -                   100     100     100     100     100     100     100
-- tune: checks              500  -                   500     500     500     500     500     500     500
-- tune: values_end.b        511  506 - 515           484     503     509     511     512     511     511
-- tune: values_end.n        427  422 - 431           393     403     413     419     422     426     427
-- tune: values_end.p         88  88 - 90             100      97      95      93      91      89      88
-- tune: values_end.q        773  770 - 776           715     735     750     757     762     768     773
-- tune: values_end.r        488  484 - 492           542     519     502     495     492     489     488
local std = require "std"
local base = require "nightriders"
return std.extend(base, {
  name = "nightriders-tuned",
  pieces = {
    b = { value = 519 },
    n = { value = 438 },
    p = { value = 100 },
    q = { value = 761 },
    r = { value = 346 },
  },
  eval = std.eval {
    mobility = 186,
    passed = 92,
    doubled = 14,
    isolated = 9,
    colour_pair = 35,
    checks = 500,
    pst = { centre = 112, advance = 83, goal = 100 },
    royal = { shield = 6, attack = 435, edge = 11, centre = 0 },
    values_end = { b = 511, n = 427, p = 88, q = 773, r = 488 },
  },
})
