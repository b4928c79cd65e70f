-- capablanca-unvalued, its evaluation tuned by varia tune (docs/engine.md, Tuning).
-- tune: varia tune tests/tune/capablanca-unvalued.lua --games 300 --nodes 1000 --iterations 6 --seed 1 --max-plies 200
-- tune: 6 iterations played, 1800 games
-- tune: piece     value  95% interval      given    it 1    it 2    it 3    it 4    it 5    it 6
-- tune: a           779  764 - 793           584     679     725     747     763     773     779
-- tune: b           305  298 - 323           402     343     321     305     303     303     305
-- tune: c           857  841 - 870           789     813     838     847     851     857     857
-- tune: n           304  288 - 316           261     300     305     311     307     306     304
-- tune: p           100  -                   100     100     100     100     100     100     100
-- tune: q           942  924 - 962           930     972     957     956     947     944     942
-- tune: r           350  329 - 370           608     501     450     416     394     367     350
-- tune: term             weight  95% interval      given    it 1    it 2    it 3    it 4    it 5    it 6
-- tune: mobility            201  191 - 210           100     141     163     178     187     194     201
-- tune: pst.centre          270  244 - 302           100     200     242     265     279     277     270
-- tune: pst.advance         112  102 - 128           100     119     122     116     113     112     112
-- tune: passed               90  87 - 91             100     104      99      95      92      91      90
-- tune: doubled              15  8 - 19               12      12      14      16      18      15      15
-- tune: isolated             -3  -7 - 1               10       4       1      -1      -2      -2      -3
-- tune: colour_pair         -12  -15 - -5             35       0     -10     -17     -16     -15     -12
-- tune: royal.shield         15  12 - 19              10       7      12      12      11      12      15
-- tune: royal.attack        557  524 - 586           100     190     287     384     447     503     557
-- tune: royal.edge           11  7 - 13                2       4       5       7       9      10      11
-- tune: royal.centre         -1  -2 - 0                3       0      -1      -2      -2      -1      -1
-- tune: pst.goal            100  -                   100     100     100     100     100     100     100
-- tune: checks              500  -                   500     500     500     500     500     500     500
-- tune: values_end.a        795  770 - 814           584     671     718     745     767     783     795
-- tune: values_end.b        324  313 - 332           402     371     355     341     333     328     324
-- tune: values_end.c        905  883 - 916           789     819     846     864     880     893     905
-- tune: values_end.n        253  245 - 260           261     274     274     270     265     260     253
-- tune: values_end.p         86  84 - 87             100     100      96      92      89      87      86
-- tune: values_end.q        956  949 - 966           930     951     949     950     951     953     956
-- tune: values_end.r        577  567 - 585           608     573     570     574     577     576     577
local std = require "std"
local base = require "capablanca-unvalued"
return std.extend(base, {
  name = "capablanca-unvalued-tuned",
  pieces = {
    a = { value = 779 },
    b = { value = 305 },
    c = { value = 857 },
    n = { value = 304 },
    p = { value = 100 },
    q = { value = 942 },
    r = { value = 350 },
  },
  eval = std.eval {
    mobility = 201,
    passed = 90,
    doubled = 15,
    isolated = -3,
    colour_pair = -12,
    checks = 500,
    pst = { centre = 270, advance = 112, goal = 100 },
    royal = { shield = 15, attack = 557, edge = 11, centre = -1 },
    values_end = { a = 795, b = 324, c = 905, n = 253, p = 86, q = 956, r = 577 },
  },
})
