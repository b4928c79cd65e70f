-- nightriders, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/nightriders.lua --games 60 --depth 2 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: b           472  439 - 513           484     470     468     472
-- tune: n           545  508 - 566           393     491     525     545
-- tune: p           100  -                   100     100     100     100
-- tune: q           727  673 - 759           715     716     716     727
-- tune: r           402  374 - 449           542     486     459     402
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            112  89 - 140            100     118     118     112
-- tune: pst.centre          124  50 - 212            100     135     147     124
-- tune: pst.advance          97  61 - 152            100      81      89      97
-- tune: passed               97  91 - 103            100     102      99      97
-- tune: doubled              48  24 - 75              12      21      35      48
-- tune: isolated              5  -8 - 13              10       0       2       5
-- tune: colour_pair          35  -                    35      35      35      35
-- tune: royal.shield          0  -16 - 14             10       0      -7       0
-- tune: royal.attack        168  24 - 357            100      73     106     168
-- tune: royal.edge          -13  -18 - -9              2      -8     -12     -13
-- tune: royal.centre         -1  -3 - 2                3       3       1      -1
-- tune: values_end.b        498  485 - 512           484     502     497     498
-- tune: values_end.n        429  412 - 443           393     410     423     429
-- tune: values_end.p         93  86 - 100            100      94      93      93
-- tune: values_end.q        741  718 - 763           715     715     723     741
-- tune: values_end.r        466  446 - 487           542     506     489     466
local std = require "std"
local base = require "nightriders"
return std.extend(base, {
  name = "nightriders-tuned",
  pieces = {
    b = { value = 472 },
    n = { value = 545 },
    p = { value = 100 },
    q = { value = 727 },
    r = { value = 402 },
  },
  eval = std.eval {
    mobility = 112,
    passed = 97,
    doubled = 48,
    isolated = 5,
    colour_pair = 35,
    pst = { centre = 124, advance = 97 },
    royal = { shield = 0, attack = 168, edge = -13, centre = -1 },
    values_end = { b = 498, n = 429, p = 93, q = 741, r = 466 },
  },
})
