-- 3check, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune 3check --games 100 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 400 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: b           276  262 - 291           320     266     268     272     276
-- tune: n           227  211 - 249           300     294     267     246     227
-- tune: p           100  -                   100     100     100     100     100
-- tune: q           749  716 - 805           900     861     772     753     749
-- tune: r           452  385 - 503           500     516     501     483     452
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            444  391 - 522           100     200     298     368     444
-- tune: pst.centre          447  380 - 547           100     200     295     386     447
-- tune: pst.advance          69  12 - 106            100     163     109      84      69
-- tune: passed               34  15 - 58             100      81      54      44      34
-- tune: doubled             -17  -41 - -15            12      12       3      -7     -17
-- tune: isolated              2  -12 - 13             10      18      20      13       2
-- tune: colour_pair          25  12 - 36              35       3      13      19      25
-- tune: royal.shield          9  1 - 23               10       0      -4       2       9
-- tune: royal.attack        753  641 - 914           100     200     400     614     753
-- tune: royal.edge           33  29 - 40               2      12      24      30      33
-- tune: royal.centre          6  -6 - 10               3       9       8       7       6
-- tune: pst.goal            100  -                   100     100     100     100     100
-- tune: checks              548  504 - 576           500     531     550     552     548
-- tune: values_end.b        193  157 - 238           320     249     228     207     193
-- tune: values_end.n        302  264 - 330           300     312     301     313     302
-- tune: values_end.p         35  15 - 58             100      96      81      61      35
-- tune: values_end.q       1102  980 - 1190          900     951     944     988    1102
-- tune: values_end.r        582  511 - 631           500     525     552     575     582
local std = require "std"
local base = require "3check"
return std.extend(base, {
  name = "3check-tuned",
  pieces = {
    b = { value = 276 },
    n = { value = 227 },
    p = { value = 100 },
    q = { value = 749 },
    r = { value = 452 },
  },
  eval = std.eval {
    mobility = 444,
    passed = 34,
    doubled = -17,
    isolated = 2,
    colour_pair = 25,
    checks = 548,
    pst = { centre = 447, advance = 69, goal = 100 },
    royal = { shield = 9, attack = 753, edge = 33, centre = 6 },
    values_end = { b = 193, n = 302, p = 35, q = 1102, r = 582 },
  },
})
