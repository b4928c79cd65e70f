-- circe, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune circe --games 60 --depth 2 --iterations 3 --seed 1 --max-plies 200
-- tune: 3 iterations played, 180 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3
-- tune: b           410  241 - 521           320     398     438     410
-- tune: n           150  -3 - 275            300     189     151     150
-- tune: p           100  -                   100     100     100     100
-- tune: q          1211  661 - 1707          900    1492    1377    1211
-- tune: r           191  56 - 337            500     250     152     191
-- tune: term             weight  95% interval      given    it 1    it 2    it 3
-- tune: mobility            556  464 - 820           100     200     400     556
-- tune: pst.centre          511  265 - 672           100     200     400     511
-- tune: pst.advance         216  -128 - 482          100     200     282     216
-- tune: passed              -33  -172 - 44           100      81      27     -33
-- tune: doubled               0  -66 - 64             12       0      10       0
-- tune: isolated             17  -23 - 71             10      20      13      17
-- tune: colour_pair          87  -108 - 165           35      70     103      87
-- tune: royal.shield         54  32 - 98              10      20      40      54
-- tune: royal.attack        438  378 - 539           100     200     359     438
-- tune: royal.edge           41  23 - 68               2      12      24      41
-- tune: royal.centre         -1  -13 - 13              3      -7      -5      -1
-- tune: values_end.b       1085  906 - 1363          320     640     893    1085
-- tune: values_end.n         38  -273 - 141          300     150      75      38
-- tune: values_end.p        139  55 - 247            100     174     166     139
-- tune: values_end.q       2083  1747 - 2570         900    1790    2010    2083
-- tune: values_end.r        222  48 - 540            500     250     125     222
local std = require "std"
local base = require "circe"
return std.extend(base, {
  name = "circe-tuned",
  pieces = {
    b = { value = 410 },
    n = { value = 150 },
    p = { value = 100 },
    q = { value = 1211 },
    r = { value = 191 },
  },
  eval = std.eval {
    mobility = 556,
    passed = -33,
    doubled = 0,
    isolated = 17,
    colour_pair = 87,
    pst = { centre = 511, advance = 216 },
    royal = { shield = 54, attack = 438, edge = 41, centre = -1 },
    values_end = { b = 1085, n = 38, p = 139, q = 2083, r = 222 },
  },
})
