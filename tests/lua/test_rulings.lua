-- Where Debian's Fairy-Stockfish 11.1 and the current one (c19b5f6)
-- count a variant differently, varia follows the rules (issue 26, item 5)
-- and keeps 11.1's reading as an option where players could prefer it.
-- Counts from the current engine's native build: UCI_Variant NAME (or
-- VariantPath tests/fsf/current/rulings.ini), position fen FEN, go perft N;
-- 11.1's from Debian's fairy-stockfish the same way.
local t = require "check"

-- Chigorin Chess: a pawn promotes within its own army (White: chancellor,
-- rook, knight); promotion=any lets it become any of the five, as 11.1.
local fen = "7k/1P6/5p2/P4P2/8/8/8/6K1 b - - 2 115"
t.equal("chigorin: White's promotions, its own army", varia.new("chigorin", { fen = fen }):perft(3), 121)
t.equal("chigorin promotion=any: 11.1's count", varia.new("chigorin:promotion=any", { fen = fen }):perft(3), 144)
local g = varia.new("chigorin", { fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1" })
local promos = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 4) == "b7b8" then promos[#promos + 1] = m:sub(5) end end
table.sort(promos)
t.equal("chigorin: White promotes to c, n, r", table.concat(promos, " "), "c n r")
g:play("e1d1")
promos = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 4) == "g2g1" then promos[#promos + 1] = m:sub(5) end end
table.sort(promos)
t.equal("chigorin: Black promotes to b, q, r", table.concat(promos, " "), "b q r")

-- Koedem: a king in hand is dropped before any other piece; a move only
-- when no king can be dropped.
fen = "8/2n5/1q6/8/8/8/8/1r1R4[KPPp] w - - 90 144"
t.equal("koedem: the king in hand first", varia.new("koedem", { fen = fen }):perft(2), 4655)
g = varia.new("koedem", { fen = fen })
local kinds = {}
for _, m in ipairs(g:legal()) do kinds[m:sub(1, 2)] = true end
t.equal("koedem: every move is a king's drop", next(kinds) == "K@" and next(kinds, "K@") == nil, true)
-- the same rule imported from a variants.ini (mustDropType)
t.equal("mustDropType = k", varia.new("tests/fsf/current/rulings.ini:kingdrop", { fen = fen }):perft(2), 4655)

-- Supply chess: where a piece in hand may be dropped (White: advisor to
-- move, an empty board but the kings).
g = varia.new("supply", { fen = "3k5/9/9/9/9/9/9/9/9/4K4[A] w - - 0 1" })
local to = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 2) == "A@" then to[#to + 1] = m:sub(3) end end
table.sort(to)
t.equal("supply: an advisor is dropped in the palace", table.concat(to, " "), "d1 d3 e2 f1 f3")
t.equal("supply drop_where=half: anywhere on the own half, as 11.1",
  varia.new("supply:drop_where=half", { fen = "2b2k3/9/1C3a3/2c6/p6Pn/9/4c2p1/B3K4/4A4/9[BnpA] w - - 9 132" }):perft(2), 7877)

-- Cambodian chess, the federation's first moves: an enemy rook that moves
-- onto the unmoved king's file or rank (a pawn between or not) takes its
-- leap (the FEN's castling field loses e); the met's leap does not capture.
local function sorted(list) table.sort(list) return table.concat(list, " ") end
g = varia.new("cambodian", { fen = "3mk3/4p3/8/8/8/8/7R/3KM3 w DEde - 0 1" })
g:play("h2e2")
t.equal("cambodian: a rook on the king's file takes its leap", g:fen():match("^%S+ %S+ (%S+)"), "DEd")
t.equal("cambodian: ... so no e8c7 (the current engine's 6 moves)", sorted(g:legal()),
  "d8c7 d8d6 e7e6 e8d7 e8f7 e8f8")
g:undo()
t.equal("cambodian: undo gives the leap back", g:fen():match("^%S+ %S+ (%S+)"), "DEde")
g:play("h2g2")
t.equal("cambodian: a rook elsewhere takes nothing (7 moves, e8c7 among them)", #g:legal(), 7)
local function legal(spec, fen, move)
  for _, m in ipairs(varia.new(spec, { fen = fen }):legal()) do if m == move then return true end end
  return false
end
local met = "3mk3/8/8/8/8/4p3/8/3KM3 w DEde - 0 1"
t.equal("cambodian: the met's leap does not capture", legal("cambodian", met, "e1e3"), false)
t.equal("cambodian first_moves=old: it does, as in 11.1", legal("cambodian:first_moves=old", met, "e1e3"), true)
t.equal("karouk keeps cambodian's first moves (the current engine's perft 4)", varia.new("karouk"):perft(4), 361719)

-- Dobutsu shogi: the lion may step where it can be taken; a try on the
-- far rank counts where the lion stands safe; lion=royal is 11.1's.
g = varia.new("dobutsu", { fen = "1g1/L2/2l/3[] w - - 0 1" })
t.equal("dobutsu: the lion may step into attack (a3b3, a3b4)", sorted(g:legal()), "a3a2 a3a4 a3b2 a3b3 a3b4")
g:play("a3a4")
t.equal("dobutsu: a try the giraffe attacks goes on", g:result(), nil)
g = varia.new("dobutsu", { fen = "3/L2/2l/3[] w - - 0 1" })
g:play("a3a4")
t.equal("dobutsu: a safe try wins", table.concat({ g:result() }, " "), "white goal")
t.equal("dobutsu lion=royal: 11.1's lion keeps out of attack",
  sorted(varia.new("dobutsu:lion=royal", { fen = "1g1/L2/2l/3[] w - - 0 1" }):legal()), "a3a2 a3b4")
t.done()
