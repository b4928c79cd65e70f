-- Hoppel-Poppel: chess in which the knight (n, "knibis") moves as a
-- knight but captures as a bishop, and the bishop (b, "biskni") moves as
-- a bishop but captures as a knight. Castling and the rest as in chess;
-- pawns promote to a queen, rook, biskni or knibis.
-- Rules: https://www.chessvariants.com/diffmove.dir/hoppel-poppel.html
-- Fairy-Stockfish: UCI_Variant hoppelpoppel (pieces knibis mNcB and
-- biskni mBcN).
local std = require "std"
return std.extend(std.chess, {
  name = "hoppelpoppel",
  description = "knights capture as bishops and bishops as knights",
  fairy_stockfish = "hoppelpoppel",
  pieces = {
    n = { name = "knibis", betza = "mNcB", value = 310 },
    b = { name = "biskni", betza = "mBcN", value = 310 },
  },
})
