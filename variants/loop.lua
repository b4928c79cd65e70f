-- Loop chess: Crazyhouse in which a promoted piece keeps its promoted
-- type when captured (it enters the capturer's pocket as a queen, say,
-- not as a pawn).
-- Rules: https://en.wikipedia.org/wiki/Crazyhouse#Variations
-- Fairy-Stockfish: UCI_Variant loop.
local std = require "std"
return std.extend(std.chess, {
  name = "loop",
  description = "crazyhouse in which promoted pieces keep their rank in hand",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  drops = { captures = true, keep_promoted = true },
})
