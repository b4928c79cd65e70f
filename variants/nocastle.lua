-- No-castling Chess: orthodox chess without castling, everything else
-- (double step, en passant, promotion, 50-move rule) unchanged. Proposed
-- by Vladimir Kramnik (2019) and tried by AlphaZero.
-- Rules: https://en.wikipedia.org/wiki/No_Castling_Chess
-- Fairy-Stockfish: UCI_Variant nocastle.
local std = require "std"
return std.extend(std.chess, {
  name = "nocastle",
  description = "orthodox chess without castling",
  names = { xboard = "nocastle" },
  fairy_stockfish = "nocastle",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  castling = std.NONE,
})
