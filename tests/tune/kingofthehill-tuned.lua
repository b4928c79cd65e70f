-- kingofthehill, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune kingofthehill --games 100 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 400 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: b           301  276 - 329           320     320     316     309     301
-- tune: n           287  254 - 310           300     293     289     297     287
-- tune: p           100  -                   100     100     100     100     100
-- tune: q           772  730 - 842           900     876     848     803     772
-- tune: r           435  366 - 472           500     512     466     441     435
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            470  442 - 518           100     200     340     413     470
-- tune: pst.centre          333  265 - 416           100     200     291     292     333
-- tune: pst.advance         444  360 - 496           100     190     332     412     444
-- tune: passed               51  33 - 72             100      63      71      62      51
-- tune: doubled              -4  -26 - 14             12       7      -3      -5      -4
-- tune: isolated              4  -4 - 17              10       0      -5      -1       4
-- tune: colour_pair          90  68 - 112             35      67      82      85      90
-- tune: royal.shield         25  17 - 35              10      19      27      26      25
-- tune: royal.attack        443  311 - 482           100     200     310     371     443
-- tune: royal.edge           -9  -16 - -6              2      -1      -6      -7      -9
-- tune: royal.centre         35  29 - 37               3      10      21      28      35
-- tune: pst.goal            113  89 - 142            100      85     107     113     113
-- tune: checks              500  -                   500     500     500     500     500
-- tune: values_end.b        223  210 - 248           320     278     249     234     223
-- tune: values_end.n        292  267 - 321           300     301     330     323     292
-- tune: values_end.p         69  45 - 89             100      91      83      73      69
-- tune: values_end.q        873  799 - 939           900     925     890     863     873
-- tune: values_end.r        463  400 - 490           500     500     460     461     463
local std = require "std"
local base = require "kingofthehill"
return std.extend(base, {
  name = "kingofthehill-tuned",
  pieces = {
    b = { value = 301 },
    n = { value = 287 },
    p = { value = 100 },
    q = { value = 772 },
    r = { value = 435 },
  },
  eval = std.eval {
    mobility = 470,
    passed = 51,
    doubled = -4,
    isolated = 4,
    colour_pair = 90,
    checks = 500,
    pst = { centre = 333, advance = 444, goal = 113 },
    royal = { shield = 25, attack = 443, edge = -9, centre = 35 },
    values_end = { b = 223, n = 292, p = 69, q = 873, r = 463 },
  },
})
