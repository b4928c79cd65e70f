-- Andernach chess (variants/andernach.lua), clause by clause, on
-- positions counted by hand. Varia's definition
-- (the script's header): "A piece other than a king that
-- captures changes colour on its arrival square (a white bishop taking on
-- f7 becomes a black bishop on f7). A pawn that captures onto its last
-- rank promotes first, then changes colour. A pawn that changes colour on
-- the rank from which its new side makes double steps (a white pawn that
-- becomes black on the 7th rank, a black pawn that becomes white on the
-- 2nd) may not make a double step. A move after which the mover's own
-- king is attacked (for instance by the piece that just changed colour)
-- is illegal. Check is ordinary."

local t = require "check"
local V = "variants/andernach.lua"

local function sorted(list)
  table.sort(list)
  return table.concat(list, " ")
end

-- Clause: a capturing piece other than a king changes colour.
local g = varia.new(V, { fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1" })
t.check("Qxd5", g:play("Qxd5"))
t.equal("the white queen became black on d5", g:piece("d5"), "q")
-- The text's example: a white bishop taking on f7 becomes a black bishop.
g = varia.new(V, { fen = "4k3/5p2/8/8/2B5/8/8/4K3 w - - 0 1" })
t.check("Bxf7", g:play("Bxf7"))
t.equal("black bishop on f7", g:piece("f7"), "b")
t.equal("so it gives no check", g:incheck(), false)
-- A king does not change colour: White's Ke1 takes the pawn on d2.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1" })
t.check("Kxd2", g:play("Kxd2"))
t.equal("the king stays white", g:piece("d2"), "K")

-- Clause: a pawn capturing onto its last rank promotes, then changes
-- colour. e7xd8: all four promotions are legal (a black piece on d8 does
-- not attack Ke1: e1 is on neither its file nor its diagonals), and the
-- piece on d8 is Black's.
g = varia.new(V, { fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1" })
local promos = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 4) == "e7d8" then promos[#promos + 1] = m end end
t.equal("four promotions by capture", sorted(promos), "e7d8b e7d8n e7d8q e7d8r")
g:play("e7d8q")
t.equal("promoted, then black: a black queen on d8", g:piece("d8"), "q")
g = varia.new(V, { fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1" })
g:play("e7d8n")
t.equal("a black knight on d8", g:piece("d8"), "n")

-- Clause: no double step for a pawn that changed colour on its new side's
-- double-step rank. White's e6 takes on d7 and becomes a black pawn on d7:
-- it may go to d6 but not d5. Black's moves: Ke8 to d8 e7 f7 f8 (d7 is
-- its own pawn now) and d6: 5.
g = varia.new(V, { fen = "4k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1" })
g:play("exd7")
t.equal("a black pawn on d7", g:piece("d7"), "p")
t.equal("it steps to d6 only", sorted(g:legal()), "d7d6 e8d8 e8e7 e8f7 e8f8")
-- An ordinary black pawn on the 7th still makes its double step.
g = varia.new(V, { fen = "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1" })
t.check("an unconverted pawn double-steps", g:play("d5"))
-- The same for Black: e3 takes the knight on d2 and becomes a white pawn
-- on d2, which may go to d3 but not d4.
g = varia.new(V, { fen = "4k3/8/8/8/8/4p3/3N4/4K3 b - - 0 1" })
g:play("exd2")
t.equal("a white pawn on d2", g:piece("d2"), "P")
local set = {}
for _, m in ipairs(g:legal()) do set[m] = true end
t.check("it steps to d3", set["d2d3"])
t.check("but not to d4", not set["d2d4"])
local ok, why = g:play("d2d4")
t.fails("d4 is refused", "illegal", ok, why)
-- The mark goes with the pawn's first move: after d3 it is attribute 0.
g:play("d3")
t.equal("no mark once it has moved", g:attr("d3"), 0)
-- The mark is kept in the FEN, so a saved game comes back the same.
g = varia.new(V, { fen = "4k3/8/8/8/8/4p3/3N4/4K3 b - - 0 1" })
g:play("exd2")
local fen = g:fen()
t.check("the FEN keeps the mark", fen:find("attr=d2", 1, true))
g = varia.new(V, { fen = fen })
set = {}
for _, m in ipairs(g:legal()) do set[m] = true end
t.check("read back, the pawn still may not double-step", set["d2d3"] and not set["d2d4"])

-- Clause: a move after which the mover's king is attacked is illegal,
-- for instance by the piece that just changed colour. White's Ra1 taking
-- the knight on c1 would become a black rook on c1, attacking Ke1 along
-- the first rank (d1 empty): refused. White's moves: rook a2-a8 (7) and
-- b1 (1); king d1 d2 f1 f2 (e2 is attacked by the knight): 12 (orthodox
-- chess: 13 with Rxc1).
g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/R1n1K3 w - - 0 1" })
t.equal("Rxc1 would attack its own king: 12 moves", #g:legal(), 12)
ok, why = g:play("Rxc1")
t.fails("Rxc1 refused", "illegal", ok, why)
t.equal("orthodox chess: 13", #varia.new("chess", { fen = "4k3/8/8/8/8/8/8/R1n1K3 w - - 0 1" }):legal(), 13)
-- Black's pawn b2 taking a1 would become a white queen or rook on a1
-- checking Black's Ka8 up the a file: only the bishop and knight
-- promotions remain, with the king's b8 b7.
g = varia.new(V, { fen = "k7/8/8/8/8/8/1p6/R3K3 b - - 0 1" })
t.equal("promoting to a piece that would check its own king", sorted(g:legal()), "a8b7 a8b8 b2a1b b2a1n")

-- Check is ordinary: a quiet move checks as usual.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" })
g:play("Ra8")
t.equal("Ra8+ is check", g:incheck(), true)

-- Perft from the start: no capture in the first two plies; at ply 3 each
-- capture leaves the recoloured piece on ranks 4 to 6 (the one queen
-- capture, 1.e3 h5 2.Qxh5, leaves a black queen on h5 whose lines pass
-- d1 and e2, not e1), so no capture puts White's king in check and no
-- white move is refused: orthodox chess's 8902.
t.equal("perft 3 from the start", varia.new(V):perft(3), 8902)

t.done()
