-- circe, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune circe --games 60 --nodes 1000 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: b           329  275 - 374           320     318     289     329
-- tune: n           452  388 - 497           300     482     489     452
-- tune: p           100  -                   100     100     100     100
-- tune: q          1653  1465 - 1841         900    1478    1663    1653
-- tune: r           207  122 - 277           500     250     187     207
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            496  386 - 580           100     200     361     496
-- tune: pst.centre          372  271 - 458           100     200     321     372
-- tune: pst.advance           0  -230 - 260          100       0    -100       0
-- tune: passed             -128  -278 - -33          100       0     -98    -128
-- tune: doubled              24  -33 - 98             12      24      17      24
-- tune: isolated              3  -9 - 33              10       0      -3       3
-- tune: colour_pair           5  -33 - 61             35       5      -5       5
-- tune: royal.shield         23  1 - 41               10       8      18      23
-- tune: royal.attack        225  161 - 284           100      92     192     225
-- tune: royal.edge            9  1 - 26                2      -5       1       9
-- tune: royal.centre         -5  -22 - 7               3      -7     -10      -5
-- tune: values_end.b        192  72 - 428            320     160     110     192
-- tune: values_end.n        419  341 - 547           300     483     506     419
-- tune: values_end.p         20  -25 - 80            100      50      40      20
-- tune: values_end.q       1554  1335 - 1857         900    1385    1576    1554
-- tune: values_end.r        426  234 - 610           500     407     334     426
local std = require "std"
local base = require "circe"
return std.extend(base, {
  name = "circe-tuned",
  pieces = {
    b = { value = 329 },
    n = { value = 452 },
    p = { value = 100 },
    q = { value = 1653 },
    r = { value = 207 },
  },
  eval = std.eval {
    mobility = 496,
    passed = -128,
    doubled = 24,
    isolated = 3,
    colour_pair = 5,
    pst = { centre = 372, advance = 0 },
    royal = { shield = 23, attack = 225, edge = 9, centre = -5 },
    values_end = { b = 192, n = 419, p = 20, q = 1554, r = 426 },
  },
})
