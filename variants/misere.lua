-- Misère Chess: orthodox chess in which the side that is checkmated wins.
-- Stalemate is a draw, and the rest is as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, misere_variant:
-- checkmateValue VALUE_MATE), UCI_Variant misere. Configuration only.
-- Choice: dead positions are played on, as Fairy-Stockfish does: where
-- no mate can follow, the n-move rule or repetition draws.
local std = require "std"
return std.extend(std.chess, {
  name = "misere",
  description = "chess in which being checkmated wins",
  rules = { checkmate = "win" },
})
