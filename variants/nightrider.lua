-- Nightrider Chess: orthodox chess with each knight replaced by a
-- nightrider (n), which rides any number of knight's leaps in one line
-- while the squares it leaps to are empty. Pawns may promote to a
-- nightrider; castling, en passant and the rest as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, nightrider_variant),
-- UCI_Variant nightrider. Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "nightrider",
  description = "chess with nightriders in place of the knights",
  pieces = { n = std.pieces.nightrider },
})
