-- General mechanisms that Fairy-Stockfish's newer built-in variants need:
-- castling.rook naming several types (Perfect chess: the king castles
-- queen-side with the chancellor on a1), promotion.by_side (Sort of
-- Almost chess: White promotes to a chancellor, Black to a queen), a
-- rotated piece (Tori shogi's quails: Black's moves turned half round),
-- drops.doubled_limit (Tori shogi: two swallows on a file), rules.royals
-- (Sho shogi: a royal piece protected only while alone; Spartan chess: a
-- move may not leave all of a side's kings attacked), and a piece with
-- both promotes and promotes_to (Wolf chess: a pawn may also become its
-- promoted form, the elephant, written +).
local t = require "check"

-- Perfect chess: a1 is a chancellor, h1 a rook; both castle.
local g = varia.new("perfect", { fen = "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1" })
local legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("king-side castling with the rook", legal["e1g1"])
t.check("queen-side castling with the chancellor", legal["e1c1"])
t.equal("O-O-O is the castling", g:san("e1c1"), "O-O-O")
t.check("play O-O-O", g:play("e1c1"))
t.equal("the chancellor lands on d1, the king on c1", g:fen(), "c3k2r/8/8/8/8/8/8/2KC3R b kq - 1 1")
t.check("black castles king-side with its rook (d8 is attacked)", g:play("e8g8"))
t.equal("black's rook on f8", g:fen(), "c4rk1/8/8/8/8/8/8/2KC3R w - - 2 2")
g:undo(2)
t.equal("undo puts the chancellor back on a1", g:fen(), "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1")
-- counted by Fairy-Stockfish (UCI_Variant perfect, go perft 3): 28, 18185
local c = varia.new("perfect", { fen = "c3k2r/8/8/8/8/8/8/C3K2R w KQkq - 0 1" })
t.equal("perft 1 with both castlings", c:perft(1), 28)
t.equal("perft 3 with both castlings", c:perft(3), 18185)

-- Sort of Almost chess: each side its own promotion pieces.
local s = varia.new("sortofalmost", { fen = "8/P7/8/3k4/8/8/7p/4K3 w - - 0 1" })
local promos = {}
for _, m in ipairs(s:legal()) do if m:sub(1, 4) == "a7a8" then promos[#promos + 1] = m end end
t.equal("white promotes to c r b n", table.concat(promos, " "), "a7a8c a7a8r a7a8b a7a8n")
t.check("white may not promote to a queen", not s:play("a7a8q"))
t.check("white promotes to a chancellor", s:play("a7a8c"))
promos = {}
for _, m in ipairs(s:legal()) do if m:sub(1, 4) == "h2h1" then promos[#promos + 1] = m end end
t.equal("black promotes to q r b n", table.concat(promos, " "), "h2h1q h2h1r h2h1b h2h1n")

-- by_side names letters of promotion.pieces, and both sides.
local std = require "std"
local function with(promotion)
  return std.extend(std.chess, { name = "sides", promotion = promotion })
end
t.raises("a letter outside pieces", "promotion.by_side.white: 'c' is not one of promotion.pieces",
  varia.new, with({ by_side = { white = "c", black = "q" } }))
t.raises("both sides named", "promotion.by_side.black: missing",
  varia.new, with({ by_side = { white = "q" } }))
t.raises("castling.rook letters are pieces", "castling.rook: \"rx\" is not one of the pieces",
  varia.new, std.extend(std.chess, { name = "cr", castling = { rook = "rx" } }))

-- A rotated piece: Black's left quail goes to its own left. White's
-- fRrbBlbF from d4 reaches d5-d7 forward, e3 f2 back to the right (its
-- king on g1) and c3 back to the left; Black's, turned half round,
-- reaches d3-d1, c5 b6 (its king on a7) and e5.
local function reach(fen, from)
  local g = varia.new("torishogi", { fen = fen })
  local to = {}
  for _, m in ipairs(g:legal()) do if m:sub(1, 2) == from then to[#to + 1] = m:sub(3) end end
  table.sort(to)
  return table.concat(to, " ")
end
t.equal("white's left quail", reach("k6/7/7/3L3/7/7/6K[] w - - 0 1", "d4"),
  "c3 d5 d6 d7 e3 f2")
t.equal("black's left quail, rotated", reach("k6/7/7/3l3/7/7/6K[] b - - 0 1", "d4"),
  "b6 c5 d1 d2 d3 e5")
-- not rotated, Black's moves mirror White's in the ranks only
local mirrored = std.extend(varia.load("torishogi"), { name = "mirrored",
  pieces = { l = { rotated = std.NONE } } })
local m = varia.new(mirrored, { fen = "k6/7/7/3l3/7/7/6K[] b - - 0 1" })
local to = {}
for _, mv in ipairs(m:legal()) do if mv:sub(1, 2) == "d4" then to[#to + 1] = mv:sub(3) end end
table.sort(to)
t.equal("black's left quail, mirrored", table.concat(to, " "), "c5 d1 d2 d3 e5 f6 g7")

-- drops.doubled_limit: a third swallow may not be dropped on a file.
local tori = varia.new("torishogi", { fen = "3k3/7/7/7/S6/S6/3K3[S] w - - 0 1" })
t.check("no third swallow on the a-file", not tori:play("S@a5"))
t.check("a second one on the b-file", tori:play("S@b5"))
local ok, why = varia.new("torishogi", { fen = "3k3/7/7/7/S6/S6/3K3[S] w - - 0 1" }):why("S@a5")
t.equal("why names the limit", why, "White already has 2 of its swallows on the a-file")
t.check("...and the move is not legal", not ok)

-- rules.royals = "alone": White's king (e1, attacked by the rook on i1)
-- and prince (e5, attacked by the rook on a5) may both stay attacked.
local sho = "4k4/9/9/9/r3+E4/9/9/9/4K3r w - - 0 1"
local g1 = varia.new("shoshogi", { fen = sho })
t.check("king and prince: the king may stay in check", g1:play("e5e6"))
t.check("black takes the king", g1:play("i1e1"))
t.equal("the prince keeps White in the game (extinction.together)", g1:result(), nil)
t.check("the prince, alone now, is a king: it may not step into check", not g1:play("e6d5"))
local apart = std.extend(varia.load("shoshogi"), { name = "apart",
  rules = { extinction = { together = std.NONE } } })
local g3 = varia.new(apart, { fen = sho })
local winner, reason = g3:result()
t.equal("kings and princes counted each on its own: Black, without a prince, has lost", winner .. " " .. reason, "white extinction")
t.raises("together is not for *", "rules.extinction.together: not with '*'",
  varia.new, std.extend(std.chess, { name = "t", rules = { extinction = { pieces = "*", together = true } } }))
local each = std.extend(varia.load("shoshogi"), { name = "each", rules = { royals = "each" } })
t.check("royals = each: no royal piece may stay attacked", not varia.new(each, { fen = sho }):play("e5e6"))
-- rules.royals = "all": Black's kings on a8 and h8, both attacked by
-- White's rooks; one of them must get out of it.
local sp = "k6k/8/8/8/8/8/8/R3K2R b KQ - 0 1"
local g2 = varia.new("spartan", { fen = sp })
t.check("both kings attacked: that is check", g2:incheck())
t.check("a8a7 leaves both attacked", not g2:play("a8a7"))
t.check("a8b7 leaves one attacked, which is allowed", g2:play("a8b7"))
t.check("...and Black is not in check then", not varia.new("spartan", { fen = "7k/1k6/8/8/8/8/8/R3K2R b KQ - 0 1" }):incheck())
local sp_each = std.extend(varia.load("spartan"), { name = "spartan-each", rules = { royals = "each" } })
t.check("royals = each: a8b7 leaves h8 attacked", not varia.new(sp_each, { fen = sp }):play("a8b7"))
-- promotes and promotes_to: the form is one more choice in the zone
local function moves_from(g, from)
  local l = {}
  for _, mv in ipairs(g:legal()) do if mv:sub(1, 2) == from then l[#l + 1] = mv end end
  table.sort(l)
  return table.concat(l, " ")
end
local w = varia.new("wolf", { fen = "7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1" })
t.equal("a pawn's choices (Fairy-Stockfish: the same six)", moves_from(w, "a9"),
  "a9a10+ a9a10b a9a10f a9a10q a9a10r a9a10w")
t.check("a9a10+ makes an elephant", w:play("a9a10+"))
t.equal("written +P", w:fen(), "+P6k/8/8/8/8/8/8/8/8/K7 b - - 0 1")
-- Fairy-Stockfish (UCI_Variant wolf, go perft 1) counts 32 moves here
t.equal("the elephant moves as nightrider + queen", varia.new("wolf", { fen = "+P6k/8/8/8/8/8/8/8/8/K7 w - - 0 1" }):perft(1), 32)
t.equal("a sergeant has no form", moves_from(varia.new("wolf", { fen = "7k/S7/8/8/8/8/8/8/8/K7 w - - 0 1" }), "a9"),
  "a9a10b a9a10f a9a10q a9a10r a9a10w a9b10b a9b10f a9b10q a9b10r a9b10w")
t.raises("royals is each where captures blast", 'rules.royals: only "each" with rules.blast',
  varia.new, std.extend(varia.load("atomic"), { name = "a", rules = { royals = "all" } }))
t.raises("royals names a rule", 'rules.royals: "some"',
  varia.new, std.extend(std.chess, { name = "r", rules = { royals = "some" } }))

-- royal = "counted" (Fairy-Stockfish's pseudo-royal pieces): a commoner
-- the check rule protects while its side has one; with two, either may
-- stay attacked, and may be taken.
local counted = std.extend(std.chess, { name = "counted", castling = std.NONE,
  pieces = { k = { betza = "K", royal = "counted" } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  promotion = { pieces = "qrbnk" } })
local g4 = varia.new(counted, { fen = "4k3/8/8/8/8/8/8/r2KK3 w - - 0 1" })
t.equal("two commoners attacked: no check", #g4:checkers(), 0)
t.check("both may stay attacked", g4:play("e1f2"))
t.check("... and one be taken", g4:play("a1d1"))
g4 = varia.new(counted, { fen = "4k3/8/8/8/8/8/8/r2K4 w - - 0 1" })
t.equal("one commoner attacked: check", #g4:checkers(), 1)
t.check("it may not stay attacked", not g4:play("d1c1"))
-- a promotion into the type, where the side has one, takes the
-- protection from it: the king on d1 may stay attacked then; a promotion
-- where it has none protects the new piece (which may not land attacked)
g4 = varia.new(counted, { fen = "4k3/1P6/8/8/8/8/8/r2K4 w - - 0 1" })
t.check("promotion into a second commoner, the first left in check", g4:play("b7b8k"))
g4 = varia.new(counted, { fen = "4k3/1P6/8/8/8/8/8/r2K4 w - - 0 1" })
t.check("... not into a queen", not g4:play("b7b8q"))
t.check("a side may be without one", varia.new(counted, { fen = "1r2k3/P7/8/8/8/8/8/8 w - - 0 1" }))
t.check("the first, promoted where attacked: not legal", not varia.new(counted, { fen = "1r2k3/P7/8/8/8/8/8/8 w - - 0 1" }):play("a7a8k"))
-- mated: no move, the protected commoner attacked
g4 = varia.new(counted, { fen = "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1" })
g4:play("c7b7")
t.equal("a counted commoner mated", table.concat({ g4:result() }, " "), "white checkmate")
-- Fairy-Stockfish (section [cn:chess], king = -, commoner = k,
-- extinctionPieceTypes = k, extinctionPseudoRoyal = true, castling =
-- false, promotionPieceTypes = qrbnk, the native current build, go perft
-- 1 2 3)
t.equal("counted commoners (FSF perft 1 2 3)", (function()
  local h = varia.new(counted, { fen = "4k3/1P6/8/8/8/8/8/r2KK3 w - - 0 1" })
  return h:perft(1) .. " " .. h:perft(2) .. " " .. h:perft(3) end)(), "13 172 2657")
t.raises("royal: true, false or counted", 'pieces.k.royal: "some"',
  varia.new, std.extend(counted, { name = "c1", pieces = { k = { royal = "some" } } }))
t.raises("counted: not with royals all", 'a royal piece "counted" only with rules.royals "each"',
  varia.new, std.extend(counted, { name = "c2", rules = { royals = "all" } }))
t.raises("counted: not with a blast", 'not with rules.blast',
  varia.new, std.extend(counted, { name = "c3", rules = { blast = { radius = 1 } } }))

-- A move is its squares, not its path: a piece two of whose steps reach
-- one square (QNAD: the alfil's leap on the queen's diagonal) lists it
-- once (Fairy-Stockfish, go perft 1: 36 from d4 on an empty board, with
-- the kings on a8 and h1, 38 moves in all).
local qnad = std.extend(std.chess, { name = "qnad", castling = std.NONE,
  pieces = { m = { betza = "QNAD" } }, start = "k7/8/8/8/3M4/8/8/7K w - - 0 1" })
local moves = {}
for _, mv in ipairs(varia.new(qnad):legal()) do moves[mv] = (moves[mv] or 0) + 1 end
local twice = 0
for _, c in pairs(moves) do if c > 1 then twice = twice + 1 end end
t.equal("QNAD: each move once", twice, 0)
t.equal("QNAD: perft 1 (FSF)", varia.new(qnad):perft(1), 38)
t.done()
