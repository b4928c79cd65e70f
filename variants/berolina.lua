-- Berolina Chess (Edmund Nebermann, 1926): orthodox chess with Berolina
-- pawns, which move one square diagonally forward (two from their first
-- rank, over an empty square) and capture one square straight forward. A
-- pawn that makes the double diagonal step may be taken en passant by an
-- enemy pawn that could have captured it on the square it passed.
-- Castling, promotion and the rest as in chess.
-- Rules: https://www.chessvariants.com/unequal.dir/berolina.html;
-- Fairy-Stockfish's definition (variant.cpp, berolina_variant: the pawn
-- mfFcfeWimfnA), UCI_Variant berolina. Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "berolina",
  description = "chess with pawns that move diagonally and capture straight",
  pieces = { p = std.extend(std.pieces.pawn, { betza = "mfFcfeWimfnA" }) },
})
