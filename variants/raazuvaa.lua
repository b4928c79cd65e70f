-- Raazuvaa (Maldivian chess): orthodox pieces and moves, but without
-- castling and without the pawn's double step (so no en passant).
-- Fairy-Stockfish: UCI_Variant raazuvaa (variant.cpp, raazuvaa_variant:
-- chess without castling and double step).
local std = require "std"
return std.extend(std.chess, {
  name = "raazuvaa",
  description = "Maldivian chess: no castling, no pawn double step",
  fairy_stockfish = "raazuvaa",
  pieces = { p = std.extend(std.pieces.pawn, { betza = "fmWfcF" }) },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  castling = std.NONE,
})
