-- Coregal Chess: orthodox chess in which every queen is royal as well as
-- the king: no move may leave a queen (any of a side's queens, a promoted
-- one too) or the king attacked, and a side that cannot save them all is
-- checkmated. Pawns may promote to a queen, which is then royal too.
-- Rules: Fairy-Stockfish's definition (variant.cpp, coregal_variant:
-- queens extinction pieces and pseudo-royal, whatever their number),
-- UCI_Variant coregal. Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "coregal",
  description = "chess in which the queens are royal too",
  pieces = { q = std.extend(std.pieces.queen, { royal = true }) },
})
