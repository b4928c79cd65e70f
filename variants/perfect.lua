-- Perfect Chess (Köksal Karakus, 2000): orthodox chess with three
-- compound pieces in place of the queen-side rook, knight and bishop:
-- the chancellor (c, rook + knight) on a1, the archbishop (m, bishop +
-- knight) on b1 and the amazon (g, queen + knight) on d1, the queen on
-- c1 (letters as Fairy-Stockfish writes them). The
-- king castles king-side with the rook and queen-side with the
-- chancellor, as a rook castles. Pawns promote to any of the pieces.
-- Rules: https://www.chessvariants.com/diffmove.dir/perfectchess.html
-- Fairy-Stockfish: UCI_Variant perfect.
local std = require "std"
return std.extend(std.chess, {
  name = "perfect",
  description = "chess with a chancellor, an archbishop and an amazon",
  fairy_stockfish = "perfect",
  pieces = {
    c = std.pieces.chancellor,
    m = std.extend(std.pieces.archbishop, { name = "archbishop" }),
    g = std.pieces.amazon,
  },
  start = "cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1",
  promotion = { pieces = "gcmqrbn" },
  castling = { rook = "rc" },
})
