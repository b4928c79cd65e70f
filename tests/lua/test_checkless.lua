-- Checkless chess (variants/checkless.lua), clause by clause, on positions
-- counted by hand. Varia's definition (the script's header):
-- "A move that gives check is illegal unless it is checkmate, that is,
-- unless the opponent then has no legal reply under these same rules."

local t = require "check"
local V = "variants/checkless.lua"

local function set(list)
  local s = {}
  for _, m in ipairs(list) do s[m] = true end
  return s
end

-- Clause: a check that does not mate is illegal. White: Ke1, Ra1; Black:
-- Ke8. Rook moves: a2-a8 (7) and b1, c1, d1 (3); king moves d1, d2, e2,
-- f1, f2 (5): 15 in orthodox chess. Only Ra8 gives check, and the black
-- king escapes to d7, e7 or f7, so it is refused: 14.
local g = varia.new(V, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" })
t.equal("a check that does not mate is refused: 15 - 1 moves", #g:legal(), 14)
t.check("Ra8+ is not among them", not set(g:legal())["a1a8"])
t.fails("playing it is refused", "illegal", g:play("Ra8"))
t.equal("the same position in orthodox chess has 15", #varia.new("chess", { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" }):legal(), 15)

-- Clause: a check that mates is legal. Back-rank mate: Black's Kg8 is
-- shut in by its pawns f7, g7, h7; Ra8 checks along the 8th rank and no
-- black piece can block or take.
g = varia.new(V, { fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1" })
t.check("a mating check is legal", g:play("Ra8"))
local winner, reason = g:result()
t.equal("and wins", winner, "white")
t.equal("by checkmate", reason, "checkmate")

-- The orthodox check rule still holds: a king may not step into attack.
-- White Ke1 against Black's Rd8 (the d file): Kd1 and Kd2 are refused,
-- Ke2, Kf1, Kf2 remain.
g = varia.new(V, { fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1" })
local legal = g:legal()
table.sort(legal)
t.equal("no move into check", table.concat(legal, " "), "e1e2 e1f1 e1f2")

-- "Under these same rules": recursion. White Kh4, Ra1; Black Kh8 with
-- pawns g7 h7, and Bb6. Ra8+ checks along the 8th rank; the king cannot
-- move (g8 is attacked, g7 and h7 are its own), and the only block is
-- Bd8, which checks White's Kh4 along d8-h4 (e7, f6, g5 empty). In
-- orthodox chess Ra8+ is a check with one reply. Here Bd8+ is itself a
-- check, legal only if it mates; it does not (Kh3, for one, escapes), so
-- Black has no legal reply and Ra8 is checkmate: legal.
local fen = "7k/6pp/1b6/8/7K/8/8/R7 w - - 0 1"
g = varia.new("chess", { fen = fen })
g:play("Ra8")
t.equal("orthodox: Ra8+ leaves one reply, the cross-check Bd8+", table.concat(g:legal(), " "), "b6d8")
g = varia.new(V, { fen = fen })
-- White's moves: rook a2-a8 and b1-h1 (14), king g3, g4, g5, h3, h5 (5).
t.equal("checkless: all 19 moves, Ra8 included (it mates)", #g:legal(), 19)
t.check("Ra8 is played", g:play("Ra8"))
t.equal("Black has no legal reply: the cross-check does not mate", #g:legal(), 0)
winner, reason = g:result()
t.equal("Ra8 mates in checkless chess", winner, "white")
t.equal("by checkmate", reason, "checkmate")

-- One level deeper. As above, but White's king is boxed in (pawns g3 h3
-- h5, bishop g4: none of them can reach e7, f6 or g5) so that Bd8+ could
-- be answered only by Rxd8, which checks h8 along the 8th rank and mates
-- (g8 attacked, g7 h7 Black's own, nothing left to block). So:
-- - after Ra8+ Bd8+, White's Rxd8 mates: legal;
-- - so Bd8+ has a legal reply, does not mate, and is refused;
-- - so Ra8+ again leaves Black no reply: legal, and mate.
fen = "7k/6pp/1b6/7P/6BK/6PP/8/R7 w - - 0 1"
g = varia.new(V, { fen = "R2b3k/6pp/8/7P/6BK/6PP/8/8 w - - 0 1" })
t.equal("after Ra8+ Bd8+: Rxd8 is White's only reply, and it mates", table.concat(g:legal(), " "), "a8d8")
g = varia.new(V, { fen = "R6k/6pp/1b6/7P/6BK/6PP/8/8 b - - 0 1" })
t.equal("after Ra8+: Bd8+ is refused (White would answer Rxd8#)", #g:legal(), 0)
t.equal("... so Ra8 was mate", (g:result()), "white")
g = varia.new(V, { fen = fen })
t.check("Ra8 is mate three levels down", g:play("Ra8"))
t.equal("... the game is over", (g:result()), "white")

-- A move that would be legal in orthodox chess but gives a non-mating
-- check from the start position family: 1.e4 f6 2.Qh5+ is answered by
-- g6, so it is refused here.
g = varia.new(V)
g:play("e4", "f6")
t.check("Qh5+ refused after 1.e4 f6", not set(g:legal())["d1h5"])
g = varia.new("chess")
g:play("e4", "f6")
t.check("(orthodox chess allows it)", set(g:legal())["d1h5"])

-- Perft from the start: no check is possible in the first two plies, and
-- at ply 3 orthodox chess has 8902 positions of which 12 are checks and
-- none a mate (Chess Programming Wiki, "Perft Results"); here those 12
-- moves are refused: 8890.
t.equal("perft 3 = 8902 - 12 checks", varia.new(V):perft(3), 8890)
t.equal("perft 2 as orthodox", varia.new(V):perft(2), 400)

t.done()
