-- Duck Chess rules ("Duck Chess" on the Chess Variant Pages, and
-- duckchess.com's as quoted by pychess-variants, static/docs/duck.md),
-- each test citing its sentence. FENs of the replayed game are worked out
-- by hand from the rules and Fairy-Stockfish's FEN conventions (duck = *).

local t = require "check"

-- "The duck is absent in the start position and enters with White's first
-- move" (perft.md); "20 piece moves x 32 empty squares = 640".
local g = varia.new("duck")
t.equal("640 turns at the start", #g:legal(), 640)
t.equal("first step is a move", g:decision().kind, "move")

-- A game replayed turn by turn, in one string and step by step.
local game = {
  { "e2e4,e4e5", "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
  { "d7d5,d5d4", "rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" },
  { "e4d5,d5e2", "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP*PPP/RNBQKBNR b KQkq - 0 2" },
  { "d8d5,d5d4", "rnb1kbnr/ppp1pppp/8/3q4/3*4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3" },
  -- Castling needs empty squares between king and rook; f1 and g1 are not.
  { "g1f3,f3e2", "rnb1kbnr/ppp1pppp/8/3q4/8/5N2/PPPP*PPP/RNBQKB1R b KQkq - 1 3" },
}
for i, turn in ipairs(game) do
  t.check("replay turn " .. i, g:play(turn[1]))
  t.equal("FEN after turn " .. i, g:fen(), turn[2])
end
t.equal("history has both steps of each turn", #g:history(), 2 * #game)
t.equal("SAN of a turn (Fairy-Stockfish style)", g:history("san")[1] .. "," .. g:history("san")[2], "e4,e5")

-- Step by step: the duck must move to another empty square.
g = varia.new("duck", { fen = game[2][2] })
t.check("first step alone", g:play("e4d5"))
t.equal("mid-turn: the same player places the duck", g:turn(), "white")
t.equal("mid-turn decision", g:decision().kind, "relocate")
t.fails("duck may not stay", "d5d4: the duck must move; it may not stay on d4", g:play("d5d4"))
t.fails("duck may not stay, from its square", "the duck must move; it may not stay on d4", g:play("d4d4"))
t.fails("duck may not stay, @ its square", "the duck must move; it may not stay on d4", g:play("@d4"))
t.fails("duck may not land on a piece", "d5e1: the duck goes to an empty square, and e1 holds White's king", g:play("d5e1"))
t.fails("duck may not land on a piece, @", "e1 holds White's king", g:play("@e1"))
t.fails("the duck is moved from its own square", "White must now move the duck, which stands on d4 (d4e3)", g:play("c2e3"))
t.fails("text that names no square", "White must now put the duck on an empty square", g:play("Nf3"))
t.check("duck from its own square", g:play("d4e2"))
t.equal("turn over", g:turn(), "black")
g:undo()
t.check("duck written @square", g:play("@e2"))
g:undo(2)

-- "You may never move a piece onto or through the square occupied by the
-- duck (though knights may jump over it). The duck cannot be captured."
g = varia.new("duck", { fen = "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1" })
local legal = {}
for _, m in ipairs(g:legal()) do legal[m:match("^[^,]+")] = true end
t.check("rook stops below the duck", legal["a1a3"] and not legal["a1a4"] and not legal["a1a5"])
g = varia.new("duck", { fen = "4k3/8/8/8/8/1*6/8/N3K3 w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m:match("^[^,]+")] = true end
t.check("knight may not land on the duck", not legal["a1b3"])
t.check("knight jumps past", legal["a1c2"])

-- "There is no concept of check ... a move / capture with your king that
-- places it on an attacked square" is allowed; "You may castle ... provided
-- that the king and rook have not yet moved, and all the squares between
-- them are empty" - check-related restrictions lifted.
g = varia.new("duck", { fen = "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1" })
t.check("king may step into attack", g:play("e1d1,d1h5"))
g = varia.new("duck", { fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" })
g:play("a1a2,a2a3", "e8e7,e7e6")
g = varia.new("duck", { fen = "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" })
t.check("castling through attack (c1)", g:play("e1c1,c1c3"))
g = varia.new("duck", { fen = "4k3/8/8/8/8/8/8/R3K1*R w KQ - 0 1" })
t.fails("the duck between blocks castling", "illegal", g:play("e1g1,g1g3"))

-- "You win the game by capturing the opponent's king."
g = varia.new("duck", { fen = "4k3/8/8/8/8/8/8/4K2r b - - 0 1" })
t.check("rook takes king", g:play("h1e1,e1e4"))
local winner, reason = g:result()
t.equal("capturing the king wins", winner, "black")
t.equal("reason", reason, "king captured")
t.equal("no moves after", #g:legal(), 0)

-- The "fowling" rule: "if the player on turn has no possible moves
-- whatsoever ... [he] wins the game immediately". White: king h8 boxed in
-- by the duck on g8 and its own pawns g7 and h7, which cannot move.
g = varia.new("duck", { fen = "6*K/6PP/8/8/8/8/8/k7 w - - 0 1" })
winner, reason = g:result()
t.equal("fowled player wins", winner, "white")
t.equal("fowling reason", reason, "stalemate")

-- Fairy-Stockfish's test.py: this en passant FEN reads back unchanged.
local fen = "r1b1k3/pp3pb1/4p3/2p2p2/2PpP2q/1P1P1P2/P1K1*3/RN1Q2N1 b q e3 0 17"
t.equal("FEN round trip with duck and en passant", varia.new("duck", { fen = fen }):fen(), fen)

t.done()
