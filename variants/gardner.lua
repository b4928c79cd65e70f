-- Gardner's Minichess: chess on 5x5, with one of each piece and five pawns
-- a side, by Martin Gardner (1969).
-- Rules: https://en.wikipedia.org/wiki/Minichess#5%C3%975_chess
-- Fairy-Stockfish: UCI_Variant gardner. Pawns have no double step (and so
-- no en passant) and promote on the last rank to queen, rook, bishop or
-- knight; there is no castling; stalemate is a draw.
local std = require "std"
return std.extend(std.chess, {
  name = "gardner",
  description = "Gardner's minichess on 5x5",
  files = 5, ranks = 5,
  pieces = { p = std.pieces.shatranj_pawn },
  start = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
  castling = std.NONE,
})
