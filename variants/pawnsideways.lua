-- Sideways Pawns: orthodox chess whose pawns may also step one square
-- sideways onto an empty square (fsmW), as well as forward; capture, the
-- double step, en passant and promotion are as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, pawnsideways_variant),
-- UCI_Variant pawnsideways. Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "pawnsideways",
  description = "chess whose pawns also step sideways",
  pieces = { p = std.extend(std.pieces.pawn, { betza = "fsmWfceFifmnD" }) },
})
