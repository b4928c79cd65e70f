-- Knightmate (Bruce Zimov, 1972): orthodox chess with the roles of king
-- and knight exchanged. The king (k) is royal and moves like a knight; the
-- knights are replaced by men (m), which move like a non-royal king.
-- Castling, en passant and the rest are as in chess; a pawn promotes to a
-- queen, rook, bishop or man.
-- Rules: https://www.chessvariants.com/diffobjective.dir/knightmate.html
-- Fairy-Stockfish: UCI_Variant knightmate.
-- The tutorial that builds this file: docs/writing-variants.md.
local std = require "std"

return std.extend(std.chess, {
  name = "knightmate",
  description = "Chess with a royal knight and two men (commoners)",
  names = { xboard = "knightmate" },
  fairy_stockfish = "knightmate",
  pieces = {
    n = std.NONE,                                      -- no knights
    m = { name = "man", betza = "K", value = 300 },    -- a commoner
    k = { name = "king", betza = "N", royal = true },  -- a royal knight
  },
  start = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
  promotion = { pieces = "qrbm" },
})
