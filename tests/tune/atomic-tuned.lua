-- atomic, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune atomic --games 100 --nodes 1000 --iterations 4 --seed 1 --max-plies 200
-- tune: 4 iterations played, 400 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4
-- tune: b           153  109 - 202           320     270     205     170     153
-- tune: n           299  249 - 340           300     296     294     307     299
-- tune: p           100  -                   100     100     100     100     100
-- tune: q           969  951 - 996           900     975     998     987     969
-- tune: r           359  294 - 409           500     442     437     395     359
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4
-- tune: mobility            682  625 - 741           100     200     396     561     682
-- tune: pst.centre          539  377 - 666           100     200     346     493     539
-- tune: pst.advance          45  -22 - 96            100       1      19      21      45
-- tune: passed              167  150 - 192           100     112     144     156     167
-- tune: doubled              12  -                    12      12      12      12      12
-- tune: isolated            -21  -39 - -4             10       0     -10     -20     -21
-- tune: colour_pair         -20  -52 - 8              35      18       0     -10     -20
-- tune: royal.shield        -35  -54 - -19            10       0     -10     -20     -35
-- tune: royal.attack       1140  1044 - 1343         100     200     400     800    1140
-- tune: royal.edge           31  27 - 37               2      12      21      27      31
-- tune: royal.centre          0  -5 - 5                3      -5      -5      -3       0
-- tune: pst.goal            100  -                   100     100     100     100     100
-- tune: checks              500  -                   500     500     500     500     500
-- tune: values_end.b        141  100 - 194           320     261     183     157     141
-- tune: values_end.n        194  127 - 240           300     283     251     226     194
-- tune: values_end.p         52  29 - 90             100      50      38      37      52
-- tune: values_end.q       1062  1018 - 1122         900     996    1058    1066    1062
-- tune: values_end.r        448  375 - 462           500     459     454     454     448
local std = require "std"
local base = require "atomic"
return std.extend(base, {
  name = "atomic-tuned",
  pieces = {
    b = { value = 153 },
    n = { value = 299 },
    p = { value = 100 },
    q = { value = 969 },
    r = { value = 359 },
  },
  eval = std.eval {
    mobility = 682,
    passed = 167,
    doubled = 12,
    isolated = -21,
    colour_pair = -20,
    checks = 500,
    pst = { centre = 539, advance = 45, goal = 100 },
    royal = { shield = -35, attack = 1140, edge = 31, centre = 0 },
    values_end = { b = 141, n = 194, p = 52, q = 1062, r = 448 },
  },
})
