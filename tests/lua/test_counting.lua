-- rules.counting: Makruk's counting rules (std.counting), as the current
-- Fairy-Stockfish plays them (countingRule: makruk, cambodian, asean).
-- Every FEN below is the engine's own, from its native build:
--   setoption name UCI_Variant value NAME
--   position fen FEN moves MOVES
--   d            (its "Fen:" line)
-- and where a game ends by the count, the engine's score of the last
-- move ("go depth 2 searchmoves MOVE" from the position before it) is
-- cp 0: the draw its search sees past that move.
local t = require "check"
local std = require "std"

local function after(spec, fen, moves)
  local g = varia.new(spec, { fen = fen })
  for m in moves:gmatch("%S+") do t.check(spec .. " " .. m, g:play(m)) end
  return g
end
local function fen_after(spec, fen, moves) return after(spec, fen, moves):fen() end

-- The pieces' honour: a king alone against a rook counts 16 moves, from
-- the pieces on the board (its count 32 plies, the pieces' 3 giving 6
-- plies already); the game is drawn when the count passes the limit.
t.equal("makruk: a rook takes the last pawn, the king alone counts",
  fen_after("makruk", "4k3/8/8/8/8/3p4/8/R3K3 b - - 0 1", "e8d8 e1d2 d8c7 d2d3"),
  "8/2k5/8/8/8/3K4/8/R7 b - 32 6 3")
local g = after("makruk", "8/8/8/8/3k4/8/R7/4K3 b - 32 30 40", "d4c4 a2a3")
t.equal("at the limit: the count goes on", g:fen(), "8/8/8/8/2k5/R7/8/4K3 b - 32 32 41")
t.equal("at the limit: no end yet", g:result(), nil)
t.check("the king's next move", g:play("c4b4"))
t.equal("past the limit (the engine's FEN)", g:fen(), "8/8/8/8/1k6/R7/8/4K3 w - 32 33 42")
local winner, why = g:result()
t.equal("past the limit: drawn", winner, "draw")
t.equal("past the limit: the reason", why, "counting")
t.equal("a claim, as the n-move rule: a move may still be played", g:play("a3a4"), true)
t.equal("... and the count goes on past it", g:fen(), "8/8/8/8/Rk6/8/8/4K3 b - 32 34 42")
t.equal("undo takes the count back", (g:undo() and g:fen()), "8/8/8/8/1k6/R7/8/4K3 w - 32 33 42")

-- The board's honour: with no pawn on the board, the side to move counts
-- 64 moves (128 plies) as soon as it may (both sides have more than a king).
t.equal("makruk: the board's honour starts",
  fen_after("makruk", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", "a1a2"), "4k3/8/8/8/8/8/Rr6/4K3 b - 128 0 1")
t.equal("makruk: the board's honour runs on while the material stands",
  fen_after("makruk", "4k3/8/3s4/8/8/8/8/RR2K3 w - - 0 1", "a1a2 d6c5 a2a8"), "R3k3/8/8/2s5/8/8/8/1R2K3 b - 128 2 2")
-- ... and a capture that leaves a king alone starts the pieces' honour:
-- two rooks, 8 moves, from the 4 pieces on the board.
t.equal("makruk: the last piece taken, the pieces' honour",
  fen_after("makruk", "3k4/8/3s4/8/8/8/8/RR2K3 w - - 0 1", "b1d1 d8e7 d1d6"), "8/4k3/3R4/8/8/8/8/R3K3 b - 16 8 2")
t.equal("makruk: a king alone that took the last pawn counts at once (5 plies of the 3 pieces)",
  fen_after("makruk", "8/8/8/8/2P5/3k4/8/R3K3 b - - 0 1", "d3c4"), "8/8/8/8/2k5/8/8/R3K3 w - 32 5 2")
t.equal("makruk: the opponent's move then makes it 6",
  fen_after("makruk", "8/8/8/8/2P5/3k4/8/R3K3 b - - 0 1", "d3c4 a1a2"), "8/8/8/8/2k5/8/R7/4K3 b - 32 6 2")
-- a rook and a khon against the king: the rook's 16 moves
t.equal("makruk: the strongest piece sets the limit",
  fen_after("makruk", "4k3/8/8/8/8/8/1r6/R1S1K3 w - - 0 1", "a1b1 e8d8 b1b2"), "3k4/8/8/8/8/8/1R6/2S1K3 b - 32 8 2")

-- Cambodian: one less each (a rook 15 moves), and the board's honour, 63
-- moves, for a side of three pieces at most, pawns or not.
t.equal("cambodian: a rook's 15 moves",
  fen_after("cambodian", "8/8/8/8/2P5/3k4/8/R3K3 b - - 0 1", "d3c4 a1a2"), "8/8/8/8/2k5/8/R7/4K3 b - 30 6 2")
t.equal("cambodian: the board's honour with a pawn on the board",
  fen_after("cambodian", "4k3/4p3/8/8/8/8/8/R2SK3 w - - 0 1", "a1a2"), "4k3/4p3/8/8/8/8/R7/3SK3 b - 126 0 1")
t.equal("cambodian: ... counted by a side of three pieces",
  fen_after("cambodian", "4k3/4p3/3s4/8/8/8/8/R3K3 w - - 0 1", "a1d1 d6c5"), "4k3/4p3/8/2s5/8/8/8/3RK3 w - 126 1 2")

-- ASEAN: a king alone only, counted from 0 (the khon is b here).
t.equal("asean: a rook's 16 moves from 0",
  fen_after("asean", "4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1", "a1a2"), "4k3/8/8/8/8/8/R7/2B1K3 b - 32 0 1")
t.equal("asean: the last piece taken",
  fen_after("asean", "4k3/8/8/8/8/8/2q5/R3K3 b - - 0 1", "c2b1 a1b1"), "4k3/8/8/8/8/8/8/1R2K3 b - 32 0 2")
t.equal("asean: no count against mets alone",
  fen_after("asean", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1b2"), "4k3/8/8/8/8/8/1Q6/4K3 b - - 1 1")

-- The counting fields as Fairy-Stockfish writes them are read back (a
-- digit where en passant would be, in a full FEN): and the n-move count
-- starts from 0 under a count, as the engine reads it.
g = varia.new("makruk", { fen = "8/8/8/8/3k4/8/R7/4K3 b - 32 6 1" })
t.equal("a count read back", g:fen(), "8/8/8/8/3k4/8/R7/4K3 b - 32 6 1")
g = varia.new("asean", { fen = "8/8/8/8/3k4/8/R7/4K3 b - 32 32 1" })
g:play("d4d5")
t.equal("asean: a count read back ends", select(2, g:result()), "counting")
t.equal("the short form stays a short form", varia.new("makruk", { fen = "4k3/8/8/8/8/8/8/R3K3 w - 0 1" }):fen(),
  "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
local none, err = varia.new("makruk", { fen = "8/8/8/8/3k4/8/R7/4K3 b - 999999 6 1" })
t.equal("a limit out of range", none, nil)
t.equal("... says so", err, "FEN counting limit: \"999999\" (expected the count's limit in plies, as 128)")
none = varia.new("chess", { fen = "4k3/8/8/8/8/8/8/R3K3 w - 32 6 1" })
t.equal("chess has no counting: a number there is no FEN of chess", none, nil)

-- Perft counts moves, not ends: the same with a count run out.
t.equal("perft ignores the count", varia.new("makruk", { fen = "8/8/8/8/1k6/R7/8/4K3 w - 32 33 42" }):perft(2),
  varia.new("makruk", { fen = "8/8/8/8/1k6/R7/8/4K3 w - - 0 42" }):perft(2))

-- std.counting and the rule's table.
local c = std.counting("makruk")
t.equal("std.counting makruk: board", c.board, 64)
t.equal("std.counting makruk: the first limit", c.pieces[1][1] .. c.pieces[1][2], "rr8")
t.equal("std.counting asean: khon b", std.counting("asean", { khon = "b" }).pieces[2][1], "b")
t.equal("std.counting: a piece the variant lacks", #std.counting("makruk", { khon = false }).pieces, 4)
t.raises("std.counting: an unknown kind", "no counting rules named \"shatar\"", std.counting, "shatar")
t.raises("std.counting: an unknown role", "\"queen\" is none of rook, khon, knight, pawn",
  std.counting, "makruk", { queen = "q" })
local mk = require "makruk"
t.raises("rules.counting: a bad entry", "rules.counting.pieces[1]: expected { LETTERS, MOVES }",
  varia.new, std.extend(mk, { name = "x", rules = { counting = { pieces = { "rr" } } } }))
t.raises("rules.counting: an unknown piece", "rules.counting.pieces[1]: 'z' is not one of the pieces",
  varia.new, std.extend(mk, { name = "x", rules = { counting = { pieces = { { "z", 8 } } } } }))
t.raises("rules.counting: nothing to count", "rules.counting: neither board nor pieces",
  varia.new, std.extend(std.extend(mk, { name = "x", rules = { counting = std.NONE } }), { rules = { counting = {} } }))
t.raises("rules.counting: an unknown key", "rules.counting.limit: unknown key",
  varia.new, std.extend(mk, { name = "x", rules = { counting = { board = 64, limit = 3 } } }))
-- A variant of its own: a count on the board's honour alone, 3 moves.
local tiny = std.extend(std.chess, { name = "tiny", castling = std.NONE, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  rules = { counting = { board = 3 } } })
g = varia.new(tiny, { fen = "4k3/r7/8/8/8/8/R7/4K3 w - - 0 1" })
t.check("six moves", g:play("a2b2", "a7b7", "b2c2", "b7c7", "c2d2", "c7d7"))
t.equal("a board's honour of 3 moves: 5 plies run", g:fen(), "4k3/3r4/8/8/8/8/3R4/4K3 w - 6 5 4")
t.equal("... not yet past", g:result(), nil)
g:play("d2h2")
t.equal("... the sixth ply reaches it", g:result(), nil)
g:play("d7d6")
t.equal("... and the counting side's fourth move passes it", select(2, g:result()), "counting")

-- The importer: countingRule is the rule, by the section's own letters.
local ini = require "ini"
local v, notes = ini.table(assert(ini.parse("[mh:makruk]\npieceDrops = true\ncapturesToHand = true\n")), "mh")
t.equal("countingRule = makruk (inherited): the board's honour", v.rules.counting.board, 64)
t.equal("... no note", #notes, 0)
v, notes = ini.table(assert(ini.parse("[a:chess]\ncountingRule = asean\nbishop = -\nsilver = b\n")), "a")
t.equal("countingRule = asean: the khon's letter", v.rules.counting.pieces[2][1], "b")
v, notes = ini.table(assert(ini.parse("[a:chess]\ncountingRule = thai\n")), "a")
t.equal("an unknown counting rule counts nothing, as Fairy-Stockfish", v.rules.counting, nil)
t.equal("... with a note that changes nothing", notes[1] and notes[1].key .. tostring(notes[1].rules), "countingRulefalse")
v = varia.load("tests/fsf/current/variants.ini:makhouse")
t.equal("makhouse says no difference", v.differs == nil or next(v.differs) == nil, true)
t.equal("makhouse: a king alone against a rook, counted from the pieces as the engine does (6 plies)",
  fen_after("tests/fsf/current/variants.ini:makhouse", "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", "a1a2"),
  "4k3/8/8/8/8/8/R7/4K3[] b - 32 6 1")

t.done()
