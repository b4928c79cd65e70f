-- 5check, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune 5check --games 100 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 400 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: b           273  251 - 292           320     292     281     276     273
-- tune: n           267  255 - 286           300     284     294     285     267
-- tune: p           100  -                   100     100     100     100     100
-- tune: q           827  753 - 892           900     896     878     847     827
-- tune: r           405  390 - 450           500     451     421     413     405
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            304  269 - 338           100     200     229     256     304
-- tune: pst.centre          228  175 - 265           100     200     235     227     228
-- tune: pst.advance          17  -4 - 54             100      39      36      30      17
-- tune: passed              104  99 - 110            100     102     102     103     104
-- tune: doubled               3  -14 - 17             12       3       5       1       3
-- tune: isolated              9  2 - 16               10       0      -1       5       9
-- tune: colour_pair          65  45 - 81              35      58      69      65      65
-- tune: royal.shield         11  6 - 18               10       0       0       4      11
-- tune: royal.attack        561  398 - 629           100     200     362     485     561
-- tune: royal.edge           13  7 - 18                2      12      12      13      13
-- tune: royal.centre          2  1 - 4                 3       0       1       1       2
-- tune: pst.goal            100  -                   100     100     100     100     100
-- tune: checks              612  594 - 640           500     606     594     598     612
-- tune: values_end.b        286  265 - 304           320     271     276     284     286
-- tune: values_end.n        275  261 - 294           300     289     304     288     275
-- tune: values_end.p         40  30 - 47             100      50      47      45      40
-- tune: values_end.q        802  757 - 836           900     851     821     807     802
-- tune: values_end.r        591  572 - 607           500     555     562     577     591
local std = require "std"
local base = require "5check"
return std.extend(base, {
  name = "5check-tuned",
  pieces = {
    b = { value = 273 },
    n = { value = 267 },
    p = { value = 100 },
    q = { value = 827 },
    r = { value = 405 },
  },
  eval = std.eval {
    mobility = 304,
    passed = 104,
    doubled = 3,
    isolated = 9,
    colour_pair = 65,
    checks = 612,
    pst = { centre = 228, advance = 17, goal = 100 },
    royal = { shield = 11, attack = 561, edge = 13, centre = 2 },
    values_end = { b = 286, n = 275, p = 40, q = 802, r = 591 },
  },
})
