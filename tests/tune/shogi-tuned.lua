-- shogi, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune shogi --games 40 --depth 2 --iterations 2 --seed 1 --max-plies 200
-- tune: 2 iterations played, 80 games
-- tune: piece     value  95% interval      given    it 1    it 2
-- tune: b           775  548 - 899           800     848     775
-- tune: c           809  285 - 1542          570     669     809
-- tune: d          1078  622 - 1253         1250    1223    1078
-- tune: g           565  451 - 753           550     563     565
-- tune: h          1302  1106 - 1911        1050    1019    1302
-- tune: l           438  291 - 617           350     350     438
-- tune: n           126  -66 - 211           350     252     126
-- tune: p           100  -                   100     100     100
-- tune: r           790  538 - 1078          950     855     790
-- tune: s           577  376 - 777           500     532     577
-- tune: t           598  278 - 723           600     635     598
-- tune: v           186  -756 - 505          570     371     186
-- tune: y           768  348 - 1069          570     886     768
-- tune: term             weight  95% interval      given    it 1    it 2
-- tune: mobility            400  -41 - 1179          100     200     400
-- tune: pst.centre          190  -463 - 2490         100      90     190
-- tune: pst.advance          22  -418 - 320          100     171      22
-- tune: passed              100  -                   100     100     100
-- tune: doubled              12  -                    12      12      12
-- tune: isolated             10  -                    10      10      10
-- tune: colour_pair          35  -                    35      35      35
-- tune: royal.shield         29  -21 - 184            10      14      29
-- tune: royal.attack        400  284 - 1675          100     200     400
-- tune: royal.edge           24  21 - 226              2      12      24
-- tune: royal.centre        -17  -220 - 139            3      -7     -17
-- tune: values_end.b        800  -                   800     800     800
-- tune: values_end.c        570  -                   570     570     570
-- tune: values_end.d       1250  -                  1250    1250    1250
-- tune: values_end.g        550  -                   550     550     550
-- tune: values_end.h       1050  -                  1050    1050    1050
-- tune: values_end.l        350  -                   350     350     350
-- tune: values_end.n        350  -                   350     350     350
-- tune: values_end.p        100  -                   100     100     100
-- tune: values_end.r        950  -                   950     950     950
-- tune: values_end.s        500  -                   500     500     500
-- tune: values_end.t        600  -                   600     600     600
-- tune: values_end.v        570  -                   570     570     570
-- tune: values_end.y        570  -                   570     570     570
local std = require "std"
local base = require "shogi"
return std.extend(base, {
  name = "shogi-tuned",
  pieces = {
    b = { value = 775 },
    c = { value = 809 },
    d = { value = 1078 },
    g = { value = 565 },
    h = { value = 1302 },
    l = { value = 438 },
    n = { value = 126 },
    p = { value = 100 },
    r = { value = 790 },
    s = { value = 577 },
    t = { value = 598 },
    v = { value = 186 },
    y = { value = 768 },
  },
  eval = std.eval {
    mobility = 400,
    passed = 100,
    doubled = 12,
    isolated = 10,
    colour_pair = 35,
    pst = { centre = 190, advance = 22 },
    royal = { shield = 29, attack = 400, edge = 24, centre = -17 },
    values_end = { b = 800, c = 570, d = 1250, g = 550, h = 1050, l = 350, n = 350, p = 100, r = 950, s = 500, t = 600, v = 570, y = 570 },
  },
})
