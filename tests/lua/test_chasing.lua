-- rules.chasing: Xiangqi's rule against perpetual chasing, as the current
-- Fairy-Stockfish reads the AXF rules (its chasingRule = axf), and the
-- xiangqi family's perpetual check. Every expected value is the engine's,
-- from its native build:
--   setoption name UCI_Variant value xiangqi
--   position fen FEN moves MOVE, d            (its "Chased:" line)
--   position fen FEN moves M1..M7, go depth 2 searchmoves M8
--                                             (mate 1: M8's mover wins;
--                                             mate -1: it loses)
-- tests/fsf/chase.lua compares the same on random games and cycles.
local t = require "check"
local std = require "std"

-- The squares a move chases: each mover a different kind of piece (a
-- king's or a soldier's move chases by what it uncovers or pins).
local chased = {
  { "1nbaka1nr/9/r4c1C1/p1p1p1p1p/6b2/1c7/P1P1P1P1P/1C2B4/4N4/1R1AKABNR w - - 10 6", "b3a3", "b5" },
  { "1nbaka1nr/9/r8/2p1p1p1p/p5b2/2P6/P2cP1PCP/3CBcN2/4N4/1R1AKAB1R w - - 20 11", "e3c1", "d4" },
  { "1nbaka1nr/9/r3b4/2p1p1p1p/p2c5/2P6/P3P1P1P/2C2cNC1/4N4/R1BAKAB1R w - - 28 15", "a1b1", "b10" },
  { "2baka1nr/9/r1n1b4/2p1p1p1p/p3c4/2P6/P3P1P1P/2C2cNC1/R3N4/2BAKAB1R b - - 33 17", "e6i6", "i1" },
  { "2baka1nr/n8/r3b4/2p1p1p1p/2Nc5/p1P6/P3P1P1P/2C3NC1/2R2c3/2BAKABR1 w - - 42 22", "h3h8", "a8" },
  { "2baka2r/5n3/r1n1b2C1/2p1p1p1p/2Nc5/p1P6/P3P1P1P/2C3N2/4Rc3/2BAKABR1 w - - 46 24", "h1h2", "f2" },
  { "2bak3r/4an3/r1n1b2C1/2p1p1pRp/2Nc5/2P6/p3P1P1P/5CN2/4Rc3/2BAKAB2 b - - 1 26", "d6d3", "g3" },
  { "2baka3/5n2r/r1n1C4/2p1p1R1p/2bcP4/2P6/p4CP1P/4B4/4NR3/3AKA3 b - - 4 35", "c8a9", "e8" },
  { "3a1a3/rc2kn3/4b3C/2pCP3p/2b2R3/2P5P/2n1R1P2/4B4/p3N4/3A1K3 b - - 2 53", "c4d2", "e4" },
  { "1cba1a3/9/b2k3n1/2p1CP3/8p/2P2Cn1P/1R4P2/9/p3NK3/3A2B2 w - - 2 70", "g1i3", "g5" },
  { "2ba1a3/3k5/bR5n1/2p1CP3/8p/2P2Cn1P/6P2/8B/p3NK3/3A5 w - - 1 72", "e2c1", "a2" },
  { "2baCC2n/3k5/bR7/2p2n3/9/2P5p/6P2/8B/p4K3/2NA5 b - - 0 75", "d10e9", "f10" },
  { "2bakab2/2r6/2n5n/p1p1p1pr1/1P4P1p/1C7/P3P3P/B2c4B/R8/1N1AKA1NR b - - 0 17", "h7h6", "g6" },
  { "2bakab2/2r1n4/7rn/pPp1p1p2/5cP1p/2B1C1B2/P3P3P/9/2R6/1N1AKA1NR b - - 10 22", "h8b8", "b7" },
  { "3akabn1/9/C3b4/p1N3p1n/P3p4/2B6/4P4/6R2/1R2A4/3K1A2r b - - 9 63", "e8c6", "a8" },
  { "3a1abn1/4k4/4C1n2/P1N3p2/2b6/1RB1p4/4P4/6R2/9/3K1A3 w - - 3 68", "c7e6", "e5" },
  { "3aka1n1/R8/4C1n1b/P5p2/2b1N4/2B1p4/4P4/6R2/9/3K1A3 b - - 8 70", "i8g6", "e8" },
  { "3a1n3/1r2ak3/b3b4/2P1p1p2/1n3c2p/4P1P2/2P3N2/3AK4/9/1RBAR1B2 w - - 5 47", "g5g6", "f6" },
  { "3a1n3/4ak3/b8/2Pnpcp2/6b1p/2P1P4/6N2/B4K2B/4A4/1r1A4R b - - 3 53", "e7e6", "c7" },
  { "1n2k2nr/2c6/3a1a2b/2p5p/2b3p1P/P3PpPCN/9/N2CB4/3K5/2Bc1AR2 w - - 31 61", "f1e2", "d1" },
  { "1n2k2n1/2c3r2/3a1a2b/2p5p/2b3p1P/P3P1pCN/9/N2CB4/4A4/2BKc1R2 w - - 2 65", "i6h6", "h10" },
  { "1nc3r2/4kn3/3a1a2b/2p5p/P1b3pP1/2B1P2C1/6p2/NC5N1/4A4/2cK3R1 w - - 2 71", "d1d2", "c1" },
  { "5k3/5n3/7C1/P1p6/2bN2bcp/8P/2Pr5/8B/4A4/c4K2R w - - 4 67", "f1f2", "a1" },
  { "2nk1a3/4a4/3rb4/n7C/p8/1c1p2p1r/P1P3p1P/6C1B/4K3R/1NBA1A2c b - - 3 49", "d5c5", "d1" },
  { "4k4/3r1n3/b1na1a2b/9/7r1/4p3p/2P3PCN/B2ABA3/N4K3/9 b - - 11 56", "d8e9", "d3" },
}
for _, c in ipairs(chased) do
  local g = varia.new("xiangqi", { fen = c[1] })
  t.check("xiangqi " .. c[2], g:play(c[2]))
  t.equal("chased by " .. c[2] .. " from " .. c[1], table.concat(g:chased(), " "), c[3])
end

-- Repetitions: a b a' b' twice from the FEN, the third occurrence after
-- the eighth move. The side that chased (or checked) throughout loses.
local cycles = {
  { "3nkabC1/4a3r/b7n/p1pRp4/4c1p1p/Pr6c/2P1P2N1/3AB2CB/N8/3AK4 b - - 11 37", "i5e5 h3f3 e5i5 f3h3 i5e5 h3f3 e5i5 f3h3", "white", "chase" },
  { "3a1abn1/4k2r1/4b4/n3p2R1/P1p3p1r/2B3P2/4P3P/4B2N1/4A3c/2RK1A3 b - - 0 34", "i2i1 d1d2 i1i2 d2d1 i2i1 d1d2 i1i2 d2d1", "white", "perpetual check" },
  { "2b1k1bn1/4a3r/5a3/Pnp1p3p/R1c3p2/8P/4P1P2/C2r2NCB/9/1NBAKAR2 b - - 20 29", "d3c3 g3e2 c3d3 e2g3 d3c3 g3e2 c3d3 e2g3", "black", "chase" },
  { "1Cb2a3/r3k4/1c2b4/p1p1p1n1r/4c1p1p/P8/2P1P1P1P/3R5/4C4/RNBAKABN1 b - - 2 14", "i7h7 d3d10 h7i7 d10d3 i7h7 d3d10 h7i7 d10d3", "black", "chase" },
  { "3anab2/4k4/4b2rn/7P1/p3P4/P5rN1/3p4P/2R6/3R5/2BANK3 b - - 2 48", "g5g7 c3d3 g7g5 d3c3 g5g7 c3d3 g7g5 d3c3", "black", "chase" },
}
for _, c in ipairs(cycles) do
  local g = varia.new("xiangqi", { fen = c[1] })
  local moves = {}
  for m in c[2]:gmatch("%S+") do moves[#moves + 1] = m end
  t.check("the cycle " .. c[2], g:play(table.unpack(moves, 1, 7)))
  t.equal("no end before the third occurrence", g:result(), nil)
  g:play(moves[8])
  local winner, why = g:result()
  t.equal(c[2] .. ": the winner", winner, c[3])
  t.equal(c[2] .. ": the reason", why, c[4])
end
-- without the rule (minixiangqi's family keeps perpetual check only):
-- the same cycle is a draw by repetition
local nochase = std.extend(require "xiangqi", { name = "nochase", rules = { chasing = std.NONE } })
local g = varia.new(nochase, { fen = cycles[1][1] })
for m in cycles[1][2]:gmatch("%S+") do g:play(m) end
t.equal("without the chasing rule: a draw", select(2, g:result()), "repetition")

-- g:chased(): nothing before a move, nothing without the rule.
t.equal("no move yet", #varia.new("xiangqi"):chased(), 0)
g = varia.new("minixiangqi")
g:play(g:legal()[1])
t.equal("minixiangqi has no chasing rule", #g:chased(), 0)

-- The n-move count, lengthened by checks beyond the tenth (Fairy-
-- Stockfish's AXF reading): from a FEN at 60 plies, 42 more plies with 11
-- checks by one side: the engine scores the position at ply 40 as play
-- going on (cp -753) and the one at ply 42 as drawn (cp 0).
local fen = "1n1a1kbnr/7rc/3a5/pcp3p1p/2C3P2/4p4/P1P1P3P/4B4/3C5/R1BAKA1NR w - - 60 18"
local line = "e1e2 b7b2 d2d5 h9f9 i1i2 g10i8 c6f6 f9d9 d5d7 b2d2 d7f7 f10e10 a4a5 d10e9 f7e7 e9d10 " ..
  "f6e6 e10f10 i2f2 d9f9 e7f7 f9e9 e6f6 f10e10 f6e6 e9f9 i4i5 d2d6 f7e7 e10f10 e6f6 f9c9 e7f7 " ..
  "f10e10 a1a4 c9h9 f2f4 h9h4 g6h6 d6d3 f6c6 d3b3"
g = varia.new("xiangqi", { fen = fen })
local moves = {}
for m in line:gmatch("%S+") do moves[#moves + 1] = m end
t.check("40 plies", g:play(table.unpack(moves, 1, 40)))
t.equal("the count at 100 plies, lengthened by the checks", g:result(), nil)
g:play(moves[41], moves[42])
t.equal("... and over two plies later", select(2, g:result()), "n-move rule")
local plain = std.extend(require "xiangqi", { name = "plain", rules = { chasing = std.NONE } })
g = varia.new(plain, { fen = fen })
g:play(table.unpack(moves, 1, 40))
t.equal("without the chasing rule: over at 100 plies", select(2, g:result()), "n-move rule")

-- The rule's table.
local x = require "xiangqi"
t.raises("rules.chasing: a piece it lacks", "rules.chasing.stronger: 'z' is not one of the pieces",
  varia.new, std.extend(x, { name = "c1", rules = { chasing = { stronger = { z = "r" } } } }))
t.raises("rules.chasing: a target it lacks", "rules.chasing.stronger.n: 'z' is not one of the pieces",
  varia.new, std.extend(x, { name = "c2", rules = { chasing = { stronger = { n = "z" } } } }))
t.raises("rules.chasing: a result", "rules.chasing.result: expected \"win\", \"loss\" or \"draw\"",
  varia.new, std.extend(x, { name = "c3", rules = { chasing = { result = "material" } } }))
t.raises("rules.chasing: without repetitions", "rules.chasing: needs repetitions",
  varia.new, std.extend(x, { name = "c4", rules = { repetition = 0 } }))

-- The importer: chasingRule = axf, by the section's letters.
local ini = require "ini"
local v, notes = ini.table(assert(ini.parse("[xh:xiangqi]\npieceDrops = true\n")), "xh")
t.equal("chasingRule (inherited from xiangqi): soldiers chase nothing", v.rules.chasing.not_by, "p")
t.equal("... and are chased across the river", v.rules.chasing.unchased, "p")
t.equal("... the horse chases a rook protected or not", v.rules.chasing.stronger.n, "r")
t.equal("... an elephant a rook, cannon or horse", v.rules.chasing.stronger.b, "rcn")
t.equal("... no note", #notes, 0)
for _, s in ipairs({ "xiangqihouse", "crowdedxiangqi" }) do
  v = varia.load("tests/fsf/current/variants.ini:" .. s)
  t.equal(s .. " says no difference", v.differs == nil or next(v.differs) == nil, true)
end

t.done()
