-- Rifle chess (variants/rifle.lua), clause by clause, on positions
-- counted by hand. Varia's definition (the script's header):
-- "A capture removes the captured piece, and the capturing piece stays on
-- its own square. En passant removes the pawn that made the double step;
-- the capturing pawn stays. A pawn that captures does not move, so it
-- never promotes by capturing. A king or rook that captures loses its
-- castling rights as if it had moved. Check is ordinary."

local t = require "check"
local V = "variants/rifle.lua"

local function sorted(list)
  table.sort(list)
  return table.concat(list, " ")
end

-- Clause: the captured piece goes, the capturer stays.
local g = varia.new(V, { fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1" })
t.check("Qxd5", g:play("Qxd5"))
t.equal("the pawn is gone", g:piece("d5"), nil)
t.equal("the queen is still on d1", g:piece("d1"), "Q")
t.equal("a capture resets the fifty-move count", g:fen(), "4k3/8/8/8/8/8/8/3QK3 b - - 0 1")

-- Clause: en passant removes the pawn that double-stepped; the capturing
-- pawn stays on e5.
g = varia.new(V, { fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" })
t.check("exd6 e.p.", g:play("exd6"))
t.equal("d5 emptied", g:piece("d5"), nil)
t.equal("d6 empty", g:piece("d6"), nil)
t.equal("the capturing pawn stays on e5", g:piece("e5"), "P")

-- Clause: a pawn that captures never promotes. e7 shoots the rook on d8:
-- one move (not four promotions), and the pawn stays on e7. White's
-- other moves: Ke2 Kf1 Kf2 (d1 and d2 are on the rook's file): 4. In
-- orthodox chess: 4 promotions by capture and the same 3 king moves.
g = varia.new(V, { fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1" })
t.equal("one non-promoting capture", sorted(g:legal()), "e1e2 e1f1 e1f2 e7d8")
t.equal("orthodox chess: 7", #varia.new("chess", { fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1" }):legal(), 7)
-- hooks.notation names the shot from the square the pawn stays on (SAN's
-- exd8 would have it arrive on d8 without promoting)
t.equal("the shot's name", g:san("e7d8"), "e7xd8")
t.equal("g:legal('san') has it", sorted(g:legal("san")), "Ke2 Kf1 Kf2 e7xd8")
local ok, why = g:play("e7d8q")
t.fails("no promotion by capture", "e7d8q", ok, why)
t.check("e7xd8", g:play("e7xd8"))
t.equal("g:history('san') writes the name", g:history("san")[1], "e7xd8")
g:undo()
t.check("SAN's exd8 still reads (records written before)", g:play("exd8"))
t.equal("the rook is gone", g:piece("d8"), nil)
t.equal("the pawn is still a pawn on e7", g:piece("e7"), "P")
-- The shot is a capture: the fifty-move count starts again (from 7 here),
-- and undo brings the count back with the rook.
g = varia.new(V, { fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 7 30" })
g:play("exd8")
t.equal("the shot resets the fifty-move count", g:fen(), "4k3/4P3/8/8/8/8/8/4K3 b - - 0 30")
g:undo()
t.equal("undo restores it", g:fen(), "3rk3/4P3/8/8/8/8/8/4K3 w - - 7 30")
-- The same for Black on its last rank.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/3p4/2R1K3 b - - 0 1" })
t.equal("Black's shot's name (the pawn on d2 checks e1)", g:san("d2c1"), "d2xc1+")
t.check("Black shoots c1 from d2", g:play("d2xc1"))
t.equal("c1 emptied", g:piece("c1"), nil)
t.equal("the black pawn stays on d2", g:piece("d2"), "p")
-- A pawn's capture onto another rank is an ordinary rifle capture.
g = varia.new(V, { fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1" })
g:play("exd5")
t.equal("e4 still holds the pawn", g:piece("e4"), "P")

-- Clause: a king or rook that captures loses its castling rights. Ke1
-- takes the knight on d2 (which does not check it): both rights go.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1" })
g:play("Kxd2")
t.equal("the king stays on e1", g:piece("e1"), "K")
t.equal("no castling rights left", g:fen(), "4k3/8/8/8/8/8/8/R3K2R b - - 0 1")
-- Ra1 takes b1: the queen-side right goes, the king-side one stays.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1" })
g:play("Rxb1")
t.equal("only the a1 rook's right goes", g:fen(), "4k3/8/8/8/8/8/8/R3K2R b K - 0 1")

-- Check is ordinary, and legality is judged with the capturer on its own
-- square. A knight pinned on e2 by Black's Re4 shoots the pawn on d4 and
-- stays in the pin: legal (in orthodox chess it may not move). White's
-- moves: Nxd4, and Kd1 Kd2 Kf1 Kf2 (d2 and f2 are not attacked: the
-- pawn attacks c3 e3, the rook the e file up to e2 and the 4th rank): 5.
local fen = "4k3/8/8/8/3pr3/8/4N3/4K3 w - - 0 1"
g = varia.new(V, { fen = fen })
t.equal("a pinned knight may shoot", sorted(g:legal()), "e1d1 e1d2 e1f1 e1f2 e2d4")
t.equal("(orthodox chess: only the 4 king moves)", #varia.new("chess", { fen = fen }):legal(), 4)
-- The king shoots a checking rook whose guard (Bg4, along g4-f3-e2-d1)
-- does not see e1: legal here, not in orthodox chess. Legal: Kxe2, Kd1,
-- Kf1 (d2 f2 are on the rook's rank): 3; orthodox chess: 2.
fen = "7k/8/8/8/6b1/8/4r3/4K3 w - - 0 1"
g = varia.new(V, { fen = fen })
t.equal("the king shoots a guarded checker", sorted(g:legal()), "e1d1 e1e2 e1f1")
t.equal("(orthodox chess: Kd1 Kf1)", #varia.new("chess", { fen = fen }):legal(), 2)
g:play("Kxe2")
t.equal("the king on e1, the rook gone", g:piece("e1") .. tostring(g:piece("e2")), "Knil")
-- Perft from the start: no capture in the first two plies. At ply 3 no
-- white piece is pinned or in check (Black has made one move), so each
-- capture is legal whether the capturer moves or stays, and no pawn can
-- capture onto the last rank or en passant yet: orthodox chess's 8902.
t.equal("perft 3 from the start", varia.new(V):perft(3), 8902)

t.done()
