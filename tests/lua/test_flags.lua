-- rules.goal's count, blocked and safe: Fairy-Stockfish's flagPieceCount,
-- flagPieceBlockedWin and flagPieceSafe, through the importer's sections
-- of tests/fsf/current/variants.ini. The counts marked FSF are the native
-- build of the current Fairy-Stockfish (VariantPath that file, go perft).

local t = require "check"
local vi = "tests/fsf/current/variants.ini:"

-- count: all three knights on the far rank (aralzaa), 7 of kono's pawns
-- or, blocked, fewer with every goal square taken.
t.equal("aralzaa: perft 3 (FSF)", varia.new(vi .. "aralzaa"):perft(3), 8)
local g = varia.new(vi .. "aralzaa", { fen = "1nn/n2/NN1 w - - 0 1" })
t.equal("two of three on the goal: no end", (g:result()), nil)
g = varia.new(vi .. "aralzaa", { fen = "NNN/n2/1nn b - - 0 1" })
local winner, why = g:result()
t.equal("three of three: White wins", winner, "white")
t.equal("three of three: by goal", why, "goal")
t.equal("kono: perft 3 in a middle game (FSF)",
  varia.new(vi .. "kono", { fen = "3p1/1pppp/1pPPp/2P1P/2PPP w - - 36 19" }):perft(3), 315)
t.equal("knights-halma: perft 3 in a middle game (FSF)",
  varia.new(vi .. "knights-halma", { fen = "2N1nn1n/5n1n/8/2n1n3/5n2/NN1n2N1/NNNN4/2N5 w - - 32 17" }):perft(3), 37067)
-- blocked: kono's goal squares all taken, by fewer than 7 of White's
g = varia.new(vi .. "kono", { fen = "PPpPP/P3P/5/p3p/ppppp b - - 0 1" })
t.equal("blocked: every goal square taken, six of White's there", (g:result()), "white")
g = varia.new(vi .. "kono", { fen = "PP1PP/P3P/2p2/p3p/ppppp b - - 0 1" })
t.equal("blocked: one goal square free", (g:result()), nil)

-- safe (squatter: any piece on the far rank, not attacked): the side
-- that just moved wins when the opponent cannot take it; the side to
-- move wins by a piece the opponent left standing there.
local sq = vi .. "squatter"
t.equal("safe: White to move, its rook unattacked on a8 (FSF perft 1)",
  varia.new(sq, { fen = "R7/8/8/8/8/8/8/k3K3 w - - 0 1" }):perft(1), 0)
t.equal("safe: and White has won", (varia.new(sq, { fen = "R7/8/8/8/8/8/8/k3K3 w - - 0 1" }):result()), "white")
t.equal("safe: Rh8, unattacked (FSF perft 2)", varia.new(sq, { fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1" }):perft(2), 60)
t.equal("safe: Rh8, the king takes it (FSF perft 2)", varia.new(sq, { fen = "6k1/8/8/8/8/8/8/4K2R w - - 0 1" }):perft(2), 42)
g = varia.new(sq, { fen = "6k1/8/8/8/8/8/8/4K2R w - - 0 1" })
g:play("Rh8+")
t.equal("safe: an attacked piece on the goal is no win", (g:result()), nil)
g = varia.new(sq, { fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1" })
g:play("Rh8+")
t.equal("safe: an unattacked one is", (g:result()), "white")

t.raises("goal.count: at least 1", "rules.goal.count: 0 is out of range", varia.new,
  { name = "g", pieces = { k = { betza = "K", royal = true } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    rules = { goal = { pieces = "k", white = "d4", black = "d5", count = 0 } } })

t.done()
