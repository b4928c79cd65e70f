-- Regions per side: promotion.zone as a set of squares for each side
-- (compulsory on each, not whole ranks, not the same for both sides), and
-- a piece's initial ranks per side (initial = { white = ..., black = ... }:
-- where its i-moves, the pawn's double step, start).
local t = require "check"
local std = require "std"

local function sorted_legal(g, prefix)
  local out = {}
  for _, m in ipairs(g:legal()) do
    if not prefix or m:sub(1, #prefix) == prefix then out[#out + 1] = m end
  end
  table.sort(out)
  return table.concat(out, " ")
end

-- A chess pawn that promotes on b8 and c8 only (White) and on f1 (Black).
local zoned = std.extend(std.chess, { name = "zoned", castling = std.NONE, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  promotion = { pieces = "qn", zone = { white = "b8 c8", black = "f1" } } })
local g = varia.new(zoned, { fen = "4k3/1PP1P3/8/8/8/K7/5p1p/8 w - - 0 1" })
t.equal("b7 promotes on b8", sorted_legal(g, "b7"), "b7b8n b7b8q")
t.equal("c7 promotes on c8", sorted_legal(g, "c7"), "c7c8n c7c8q")
t.equal("e7 cannot move to e8 (the king), d8 is no promotion square",
  sorted_legal(g, "e7"), "")
g = varia.new(zoned, { fen = "7k/3P4/8/8/8/8/5p1p/K7 w - - 0 1" })
t.equal("d7 reaches d8 and stays a pawn (d8 is outside White's zone)",
  sorted_legal(g, "d7"), "d7d8")
t.check("play d7d8", g:play("d7d8"))
t.equal("the pawn stands on d8", g:fen():match("^[^ ]*"), "3P3k/8/8/8/8/8/5p1p/K7")
t.equal("Black's f2 promotes on f1", sorted_legal(g, "f2"), "f2f1n f2f1q")
t.equal("Black's h2 reaches h1 and stays (h1 is outside Black's zone)",
  sorted_legal(g, "h2"), "h2h1")
-- counted by the current Fairy-Stockfish, a variants.ini section [zoned:chess]
-- promotionRegionWhite = b8 c8, promotionRegionBlack = f1,
-- promotionPieceTypes = qn, castling = false (go perft 2 and 3)
t.equal("perft 2", varia.new(zoned, { fen = "7k/3P4/8/8/8/8/5p1p/K7 w - - 0 1" }):perft(2), 24)
t.equal("perft 3", varia.new(zoned, { fen = "4k3/1PP1P3/8/8/8/K7/5p1p/8 w - - 0 1" }):perft(3), 549)

t.raises("a zone of squares needs both sides", "promotion.zone.black: missing",
  varia.new, std.extend(std.chess, { name = "z1", promotion = { pieces = "q", zone = { white = "a8" } } }))
t.raises("a square off the board", "promotion.zone.white: \"z9\" is not a square",
  varia.new, std.extend(std.chess, { name = "z2",
    promotion = { pieces = "q", zone = { white = "z9", black = "a1" } } }))
t.raises("compulsory ranks with a zone of squares", "promotion.compulsory: a number of ranks needs a zone of ranks",
  varia.new, std.extend(std.chess, { name = "z3",
    promotion = { pieces = "q", compulsory = 1, zone = { white = "a8", black = "a1" } } }))

-- compulsory = 0: nowhere in the zone, the last rank too (Fairy-Stockfish's
-- mandatoryPawnPromotion = false), on a zone of squares as on ranks; the
-- pawn that stays on the last rank has no move left.
local optional = std.extend(zoned, { name = "optional", promotion = { compulsory = 0 } })
g = varia.new(optional, { fen = "4k3/1P6/8/8/8/8/5p2/K7 w - - 0 1" })
t.equal("compulsory = 0: b7 promotes or stays", sorted_legal(g, "b7"), "b7b8 b7b8n b7b8q")
t.check("play b7b8 (stays a pawn)", g:play("b7b8"))
t.equal("Black's f2 promotes or stays", sorted_legal(g, "f2"), "f2f1 f2f1n f2f1q")
local optional_ranks = std.extend(std.chess, { name = "optional-ranks", promotion = { pieces = "q", zone = 2, compulsory = 0 } })
g = varia.new(optional_ranks, { fen = "4k3/1P6/P7/8/8/8/8/K7 w - - 0 1" })
t.equal("compulsory = 0 on ranks: a6 may promote or stay on rank 7", sorted_legal(g, "a6"), "a6a7 a6a7q")
t.equal("compulsory = 0 on ranks: b7 may stay on the last rank", sorted_legal(g, "b7"), "b7b8 b7b8q")
t.equal("... and then has no move", varia.new(optional_ranks, { fen = "1P2k3/8/8/8/8/8/8/K7 w - - 0 1" }):perft(1), 3)
-- pieces = "" given: a piece that promotes has nothing to become, so it
-- cannot move onto a compulsory square (Fairy-Stockfish's pawn without
-- promotionPieceTypes), though it attacks there (a king on c8 is in
-- check from b7); without pieces at all that is an error, as before.
local none = std.extend(std.chess, { name = "none", castling = std.NONE, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", promotion = { pieces = "" } })
g = varia.new(none, { fen = "2k5/1P6/P7/8/8/8/8/K7 w - - 0 1" })
t.equal("pieces = \"\": b7 cannot move", sorted_legal(g, "b7"), "")
t.equal("pieces = \"\": a6 steps to a7", sorted_legal(g, "a6"), "a6a7")
t.equal("pieces = \"\": the king on c8 is in check from b7",
  #varia.new(none, { fen = "2k5/1P6/8/8/8/8/8/K7 b - - 0 1" }):checkers(), 1)
t.raises("promotes without pieces", "promotion: pieces promote but no promotion pieces are given",
  varia.new, std.extend(std.chess, { name = "nopieces", promotion = { pieces = std.NONE } }))

-- Initial ranks per side: White's pawns step twice from rank 3, Black's
-- from rank 7 only (not from rank 6, White's rank 3 seen from Black).
local steps = std.extend(std.chess, { name = "steps", castling = std.NONE, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  pieces = { p = std.extend(std.pieces.pawn, { initial = { white = { 3 }, black = { 7 } } }) } })
g = varia.new(steps, { fen = "4k3/2p5/3p4/8/8/1P6/P7/4K3 w - - 0 1" })
t.equal("White's b3 steps twice", sorted_legal(g, "b3"), "b3b4 b3b5")
t.equal("White's a2 steps once (rank 2 is not White's)", sorted_legal(g, "a2"), "a2a3")
g = varia.new(steps, { fen = "4k3/2p5/3p4/8/8/1P6/P7/4K3 b - - 0 1" })
t.equal("Black's c7 steps twice", sorted_legal(g, "c7"), "c7c5 c7c6")
t.equal("Black's d6 steps once (rank 6 is not Black's)", sorted_legal(g, "d6"), "d6d5")
t.raises("initial per side: a rank off the board", "pieces.p.initial.black[1]: expected a rank from 1 to 8",
  varia.new, std.extend(std.chess, { name = "s2",
    pieces = { p = std.extend(std.pieces.pawn, { initial = { white = { 2 }, black = { 9 } } }) } }))
t.raises("initial per side: an unknown key", "pieces.p.initial.red: unknown key",
  varia.new, std.extend(std.chess, { name = "s3",
    pieces = { p = std.extend(std.pieces.pawn, { initial = { white = { 2 }, black = { 7 }, red = { 1 } } }) } }))

-- A triple step (Fairy-Stockfish's wildebeest: double steps from ranks 2
-- and 3, triple steps from rank 2, as an extra i-move
-- of three squares from rank 2 to rank 5) passes two squares, and both
-- may be taken en passant; the FEN names both, as Fairy-Stockfish writes
-- them ("b3b4"), and reads them back.
local triple = std.extend(std.chess, { name = "triple", castling = std.NONE, files = 11, ranks = 10,
  start = "5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1",
  pieces = { p = std.extend(std.pieces.pawn, { initial = { white = { 2, 3 }, black = { 8, 9 } },
    extra = { betza = "ifmnH", white = "a2-k2 a5-k5", black = "a9-k9 a6-k6" } }) } })
g = varia.new(triple, { fen = "5k5/11/11/11/11/2p8/p10/11/1P9/5K5 w - - 0 1" })
t.equal("b2 steps one, two or three squares", sorted_legal(g, "b2"), "b2b3 b2b4 b2b5")
t.check("play the triple step", g:play("b2b5"))
t.equal("the FEN names both squares passed", g:fen(), "5k5/11/11/11/11/1Pp8/p10/11/11/5K5 b - b3b4 0 1")
t.equal("a4 takes on b3, c5 on b4", sorted_legal(g, "a4") .. " " .. sorted_legal(g, "c5"), "a4a3 a4b3 c5b4 c5c4")
t.check("take on b3", g:play("a4b3"))
t.equal("the pawn on b5 is gone", g:fen(), "5k5/11/11/11/11/2p8/11/1p9/11/5K5 w - - 0 2")
g:undo()
t.check("take on b4", g:play("c5b4"))
t.equal("... the same pawn, from the other square", g:fen(), "5k5/11/11/11/11/11/pp9/11/11/5K5 w - - 0 2")
local read = varia.new(triple, { fen = "5k5/11/11/11/11/1Pp8/p10/11/11/5K5 b - b3b4 0 1" })
t.equal("the FEN's two squares read back", sorted_legal(read, "a4") .. " " .. sorted_legal(read, "c5"), "a4a3 a4b3 c5b4 c5c4")
-- counted by the current Fairy-Stockfish, its variants.ini section
-- [wildebeest] (tripleStepRegionWhite = *2), go perft 3 and 2
t.equal("triple: perft 3", varia.new(triple, { fen = "5k5/11/11/11/11/2p8/p10/11/1P9/5K5 w - - 0 1" }):perft(3), 518)
t.equal("triple: perft 2 after it", read:perft(2), 52)
t.done()
