-- Back Pawns: orthodox chess whose pawns may also step one square
-- straight back onto an empty square (bmW), though never onto their own
-- first rank; capture, the double step from the second rank, en passant
-- and promotion are as in chess. A backward step can be undone, so only
-- captures restart the fifty-move count.
-- Rules: Fairy-Stockfish's definition (variant.cpp, pawnback_variant:
-- mobilityRegion, nMoveRuleTypes empty), UCI_Variant pawnback.
-- Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "pawnback",
  description = "chess whose pawns also step back",
  pieces = {
    p = std.extend(std.pieces.pawn, { betza = "fbmWfceFifmnD",
      region = { white = "a2-h8", black = "a1-h7" } }),
  },
  rules = { nmove_pawns = false },
})
