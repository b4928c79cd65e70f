-- New Zealand Chess: chess in which the rook (r, "rookni") moves as a
-- rook but captures as a knight, and the knight (n, "kniroo") moves as
-- a knight but captures as a rook. The rookni castles as the rook does;
-- pawns promote to a queen, rookni, bishop or kniroo.
-- Rules: https://www.chessvariants.com/play/erf/NewZChss.html
-- Fairy-Stockfish: UCI_Variant newzealand (pieces rookni mRcN and
-- kniroo mNcR).
local std = require "std"
return std.extend(std.chess, {
  name = "newzealand",
  description = "rooks capture as knights and knights as rooks",
  fairy_stockfish = "newzealand",
  pieces = {
    r = { name = "rookni", betza = "mRcN", value = 450 },
    n = { name = "kniroo", betza = "mNcR", value = 400 },
  },
})
