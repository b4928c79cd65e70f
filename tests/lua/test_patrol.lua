-- Patrol chess (variants/patrol.lua), clause by clause, on positions
-- counted by hand. Varia's definition (the script's header):
-- "A piece (the king included) may capture only if it is observed by a
-- friendly piece: some other piece of its own colour attacks its square
-- (ordinary attack, the patrol condition is not applied to the observer).
-- A piece that is not observed gives no check. Moves without capture are
-- ordinary." Castling is judged with this notion of attack.

local t = require "check"
local V = "variants/patrol.lua"

local function set(list)
  local s = {}
  for _, m in ipairs(list) do s[m] = true end
  return s
end

-- Clause: only an observed piece captures. White Ke1, Pe4; Black Ke8,
-- Pd5. No white piece attacks e4, so exd5 is refused; the other moves are
-- e5 and the king's d1 d2 e2 f1 f2: 6 (orthodox chess: 7).
local g = varia.new(V, { fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1" })
t.equal("an unobserved pawn may not capture: 6 moves", #g:legal(), 6)
t.check("exd5 is not among them", not set(g:legal())["e4d5"])
t.equal("orthodox chess: 7", #varia.new("chess", { fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1" }):legal(), 7)
-- The observer is not itself subject to the condition: a knight on f2,
-- which nothing observes, still observes e4 (f2-e4 is a knight's leap).
g = varia.new(V, { fen = "4k3/8/8/3p4/4P3/8/5N2/4K3 w - - 0 1" })
t.check("observed by an unobserved knight, the pawn captures", g:play("exd5"))
t.equal("the capture is ordinary", g:piece("d5"), "P")

-- The king included: a king captures only when observed. Black's Pd2 is
-- observed by nothing, so it gives no check (White is not in check);
-- Kxd2 is refused, as White's king is not observed either. King moves:
-- d1, e2, f1, f2 (e1-d2 refused): 4. (Orthodox chess: in check, Kxd2 and
-- Kd1 Ke2 Kf1 Kf2: 5.)
g = varia.new(V, { fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1" })
t.equal("an unobserved pawn gives no check", g:incheck(), false)
local legal = g:legal()
table.sort(legal)
t.equal("the unobserved king may not capture", table.concat(legal, " "), "e1d1 e1e2 e1f1 e1f2")
-- The same pawn observed by Black's Ba5 (a5-b4-c3-d2) gives check.
g = varia.new(V, { fen = "4k3/8/8/b7/8/8/3p4/4K3 w - - 0 1" })
t.equal("an observed pawn gives check", g:incheck(), true)
-- An observed king captures: White's Ke1 observed by Rh1 (along the
-- first rank, f1 g1 empty) takes the pawn on d2.
g = varia.new(V, { fen = "4k3/8/8/8/8/8/3p4/4K2R w - - 0 1" })
t.check("an observed king captures", g:play("Kxd2"))

-- Clause: an unobserved piece gives no check, so a king may stand in its
-- line. Black's Ra1 (nothing observes it) "attacks" the first rank: the
-- white king may go to d1 and f1 as well as d2 e2 f2: 5 moves (orthodox:
-- 3, in check).
g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1" })
t.equal("no check from an unobserved rook", g:incheck(), false)
t.equal("the king may stand in its line: 5 moves", #g:legal(), 5)
-- Observed by Black's Kb2, the rook checks and d1 f1 are forbidden:
-- Kd2 e2 f2 remain (Black's king on b2 covers a1-c3, not d2).
g = varia.new(V, { fen = "8/8/8/8/8/8/1k6/r3K3 w - - 0 1" })
t.equal("an observed rook checks", g:incheck(), true)
legal = g:legal()
table.sort(legal)
t.equal("in check from it: d2 e2 f2", table.concat(legal, " "), "e1d2 e1e2 e1f2")

-- Checkmate needs observed attackers: the back-rank mate Ra8 against
-- Kg8 (pawns f7 g7 h7) is mate only while a white piece observes the
-- rook. White's Kb7 observes a8 (it is next to it).
g = varia.new(V, { fen = "6k1/1K3ppp/8/8/8/8/8/R7 w - - 0 1" })
g:play("Ra8")
t.equal("an observed rook mates", (g:result()), "white")
g = varia.new(V, { fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1" })
g:play("Ra8")
t.equal("an unobserved rook neither checks nor mates", g:incheck(), false)
t.equal("the game goes on", g:result(), nil)

-- Castling, judged with Patrol's attack. Black's Rf8 sees f1 down the
-- file; unobserved (Black's king is on a8), it does not stop O-O; observed
-- by Black's Kg8, it does.
g = varia.new(V, { fen = "k4r2/8/8/8/8/8/8/4K2R w K - 0 1" })
t.check("castling through an unobserved rook's line", g:play("O-O"))
t.equal("king on g1", g:piece("g1"), "K")
g = varia.new(V, { fen = "5rk1/8/8/8/8/8/8/4K2R w K - 0 1" })
t.check("no castling through an observed rook's line", not set(g:legal())["e1h1"] and not set(g:legal())["e1g1"])
local ok, why = g:play("O-O")
t.fails("O-O refused", "illegal", ok, why)

-- Choice: en passant is a capture like any other. White's Pe5 is
-- unobserved: exd6 e.p. is refused (moves: e6, and the king's five: 6).
g = varia.new(V, { fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" })
t.equal("an unobserved pawn takes no en passant", #g:legal(), 6)
-- Observed by Nd3 (d3-e5), it may.
g = varia.new(V, { fen = "4k3/8/8/3pP3/8/3N4/8/4K3 w - d6 0 1" })
t.check("an observed pawn takes en passant", g:play("exd6"))
t.equal("the black pawn is gone", g:piece("d5"), nil)

-- Perft from the start: no capture and no check is possible in the first
-- two plies, so the count is orthodox chess's 400.
t.equal("perft 2 from the start", varia.new(V):perft(2), 400)

t.done()
