-- nightriders, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/nightriders.lua --games 100 --nodes 1000 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 300 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: b           458  419 - 477           484     452     455     458
-- tune: n           437  426 - 449           393     429     435     437
-- tune: p           100  -                   100     100     100     100
-- tune: q           811  791 - 834           715     767     799     811
-- tune: r           334  297 - 374           542     452     373     334
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            178  165 - 198           100     147     169     178
-- tune: pst.centre          152  111 - 200           100     170     172     152
-- tune: pst.advance          37  8 - 55              100      49      38      37
-- tune: passed              102  98 - 105            100     104     103     102
-- tune: doubled              31  25 - 38              12      24      29      31
-- tune: isolated             10  6 - 13               10       7      10      10
-- tune: colour_pair          35  -                    35      35      35      35
-- tune: royal.shield          5  -3 - 19              10       6       3       5
-- tune: royal.attack        494  402 - 569           100     200     360     494
-- tune: royal.edge            0  -3 - 3                2      -3      -1       0
-- tune: royal.centre         -2  -4 - -1               3       1      -1      -2
-- tune: values_end.b        494  482 - 510           484     489     494     494
-- tune: values_end.n        413  396 - 426           393     416     416     413
-- tune: values_end.p         96  93 - 100            100      97      97      96
-- tune: values_end.q        774  763 - 789           715     737     762     774
-- tune: values_end.r        480  470 - 494           542     515     489     480
local std = require "std"
local base = require "nightriders"
return std.extend(base, {
  name = "nightriders-tuned",
  pieces = {
    b = { value = 458 },
    n = { value = 437 },
    p = { value = 100 },
    q = { value = 811 },
    r = { value = 334 },
  },
  eval = std.eval {
    mobility = 178,
    passed = 102,
    doubled = 31,
    isolated = 10,
    colour_pair = 35,
    pst = { centre = 152, advance = 37 },
    royal = { shield = 5, attack = 494, edge = 0, centre = -2 },
    values_end = { b = 494, n = 413, p = 96, q = 774, r = 480 },
  },
})
