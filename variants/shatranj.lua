-- Shatranj, the medieval Persian and Arabic game: the ferz (one diagonal
-- step) in place of the queen, the alfil (a two-square diagonal leap) in
-- place of the bishop, pawns without a double step that promote to a ferz,
-- no castling.
-- Rules: H. J. R. Murray, A History of Chess (1913); as played by
-- Fairy-Stockfish (UCI_Variant shatranj), whose conventions we follow:
--  * stalemate loses for the stalemated side;
--  * a bare king loses (all pieces but the king captured), unless the
--    opponent is left with a single piece that the bared king can capture
--    at once, which makes it a draw (the "bare king" rule with the
--    counter-bare reply); extinction is judged for the side to move as a
--    claim;
--  * the n-move rule counts 70 moves.
local std = require "std"
return std.extend(std.chess, {
  name = "shatranj",
  description = "the medieval Persian and Arabic game",
  names = { xboard = "shatranj" },
  pieces = {
    p = std.pieces.shatranj_pawn,
    b = std.pieces.alfil,
    q = std.pieces.ferz,
  },
  start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
  promotion = { pieces = "q" },
  castling = std.NONE,
  rules = {
    stalemate = "loss",
    nmove = 70,
    extinction = { result = "loss", pieces = "*", count = 1, opponent = 2, claim = true },
  },
})
