-- Los Alamos Chess: chess on 6x6 without bishops, the first chess game
-- played by a computer (MANIAC I, Los Alamos, 1956).
-- Rules: https://en.wikipedia.org/wiki/Los_Alamos_chess
-- Fairy-Stockfish: UCI_Variant losalamos. Pawns have no double step (and
-- so no en passant) and promote on the last rank to queen, rook or knight;
-- there is no castling; stalemate is a draw.
local std = require "std"
return std.extend(std.chess, {
  name = "losalamos",
  description = "chess on 6x6 without bishops (MANIAC I, 1956)",
  files = 6, ranks = 6,
  pieces = { p = std.pieces.shatranj_pawn, b = std.NONE },
  start = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
  promotion = { pieces = "qrn" },
  castling = std.NONE,
})
