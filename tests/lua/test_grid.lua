-- Grid chess (variants/grid.lua), clause by clause, on positions counted
-- by hand. Varia's definition (the script's header): "The
-- board is divided into sixteen 2x2 cells (a1-b2, c1-d2, ...). A move
-- (castling included: the king's move) must end in a different cell from
-- the one it starts in. Check is judged with the same restriction: a
-- piece attacks only squares outside its own cell." Castling is judged
-- with this notion of attack.

local t = require "check"
local V = "variants/grid.lua"

local function sorted(list)
  table.sort(list)
  return table.concat(list, " ")
end

-- Clause: a move must leave its cell. A white king on a1 has only a2, b1
-- and b2 around it, all in its cell a1-b2: no move at all, and not in
-- check: stalemate.
local g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/K7 w - - 0 1" })
t.equal("the king in the corner cell cannot move", #g:legal(), 0)
local winner, reason = g:result()
t.equal("stalemate, a draw", winner, "draw")
t.equal("reason", reason, "stalemate")
-- A king on b2: of its eight neighbours a1 a2 b1 are in its cell; a3 b3
-- c1 c2 c3 are not.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/1K6/8 w - - 0 1" })
t.equal("the king on b2 leaves its cell", sorted(g:legal()), "b2a3 b2b3 b2c1 b2c2 b2c3")
-- Pawns: e2-e3 and e2-e4 cross from row 1-2 into row 3-4; e3-e4 does not.
g = varia.new(V)
g:play("e3", "e6")
local set = {}
for _, m in ipairs(g:legal()) do set[m] = true end
t.check("e3-e4 stays in the cell e3-f4", not set["e3e4"])
t.check("d2-d4 crosses", set["d2d4"])
-- A rook: from a1 it may not go to a2 or b1 (its cell), but a3-a8 and
-- c1-d1 are fine (the white king on e1 stops it). White Ra1 Ke1, Black
-- Ke8: rook a3..a8 (6), c1 d1 (2); king d1 d2 (e2 f1 f2 are its cell): 10.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" })
t.equal("rook and king leave their cells", #g:legal(), 10)

-- Clause: a piece attacks only squares outside its cell. Black's Ka2
-- stands in the cell of White's Ra1: not in check. Its neighbours a1 b1
-- b2 are in its cell; a3 is in the rook's file (a3 is outside the rook's
-- cell, so attacked once the king has left a2); b3 is free: one move.
g = varia.new(V, { fen = "8/8/8/8/8/8/k7/R3K3 b - - 0 1" })
t.equal("a rook does not check inside its cell", g:incheck(), false)
t.equal("the only move is Kb3", sorted(g:legal()), "a2b3")
-- The same rook checks a king on a3, outside its cell.
g = varia.new(V, { fen = "8/8/8/8/8/k7/8/R3K3 b - - 0 1" })
t.equal("the rook checks outside its cell", g:incheck(), true)

-- Castling: the king's move e1-g1 or e1-c1 leaves its cell (e1-f2) and is
-- judged with Grid's attack. Black's Pe2 attacks d1 and f1; f1 is in its
-- cell (e1-f2), d1 is not. So O-O is legal (it passes f1, which the pawn
-- does not attack here) and O-O-O is not (it passes d1). In orthodox
-- chess neither would be.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1" })
t.check("O-O: f1 is in the pawn's cell", g:play("O-O"))
t.equal("the king on g1", g:piece("g1"), "K")
g = varia.new(V, { fen = "4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1" })
local ok, why = g:play("O-O-O")
t.fails("O-O-O: d1 is attacked from another cell", "illegal", ok, why)
g = varia.new("chess", { fen = "4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1" })
ok, why = g:play("O-O")
t.fails("(orthodox chess refuses O-O here)", "illegal", ok, why)

-- Choice: en passant is judged by the capturing pawn's move. f5xe6 stays
-- in the cell e5-f6: refused; so is f5-f6. White's king on e1 keeps d1 and
-- d2 (e2 f1 f2 are its cell): 2 moves.
g = varia.new(V, { fen = "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 1" })
t.equal("f5xe6 e.p. stays in its cell", sorted(g:legal()), "e1d1 e1d2")
-- e5xd6 crosses from e5-f6 into c5-d6: legal (e5-e6 is not).
g = varia.new(V, { fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" })
t.equal("e5xd6 e.p. leaves its cell", sorted(g:legal()), "e1d1 e1d2 e5d6")
t.check("en passant played", g:play("exd6"))
t.equal("the d5 pawn is gone", g:piece("d5"), nil)

-- Perft from the start. Ply 1: every pawn step (single or double) and
-- every knight move crosses a line of the grid, as in orthodox chess: 20.
-- Ply 2: Black's are the mirror image: 400.
t.equal("perft 1", varia.new(V):perft(1), 20)
t.equal("perft 2", varia.new(V):perft(2), 400)

t.done()
