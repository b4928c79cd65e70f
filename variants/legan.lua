-- Legan chess (L. Legan, 1913): chess turned through 45 degrees. The
-- kings start in opposite corners (White's on h1, Black's on a8) with
-- their pieces around them; each side's "forward" is the diagonal towards
-- the enemy corner. A pawn moves one square diagonally forward-left (for
-- White towards a8: up and to the left) and captures one square straight
-- up or straight left; it has no double step, so no en passant. A pawn
-- promotes (compulsorily, to a queen, rook, bishop or knight) on reaching
-- the enemy's corner edges: for White a8 b8 c8 d8 a7 a6 a5, for Black
-- e1 f1 g1 h1 h2 h3 h4. No castling.
-- Rules: https://www.chessvariants.com/shape.dir/legan.html;
-- Fairy-Stockfish's definition (variant.cpp, legan_variant: the pawn
-- mflFcflW, promotionRegion per side), UCI_Variant legan.
-- Choices: Fairy-Stockfish turns Black's pieces half round, so Black's
-- "left" is towards the h-file (rotated = true); its start FEN gives no
-- castling rights and the kings stand where castling cannot happen, so
-- castling is off.
local std = require "std"
return std.extend(std.chess, {
  name = "legan",
  description = "chess turned 45 degrees: pawns move diagonally towards the enemy corner",
  fairy_stockfish = "legan",
  pieces = { p = std.extend(std.pieces.pawn, { betza = "mflFcflW", rotated = true }) },
  start = "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1",
  promotion = { pieces = "qrbn",
                zone = { white = "a8 b8 c8 d8 a7 a6 a5", black = "e1 f1 g1 h1 h2 h3 h4" } },
  castling = std.NONE,
})
