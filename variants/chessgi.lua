-- Chessgi: Loop chess in which pawns may also be dropped on their own
-- first rank (never on the last).
-- Rules: https://en.wikipedia.org/wiki/Crazyhouse#Variations
-- Fairy-Stockfish: UCI_Variant chessgi.
local std = require "std"
return std.extend(std.chess, {
  name = "chessgi",
  description = "loop chess in which pawns may be dropped on the first rank",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  drops = { captures = true, keep_promoted = true, pawn_first_rank = true },
})
