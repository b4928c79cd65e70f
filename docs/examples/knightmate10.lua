-- Knightmate on 10x8: the Knightmate of knightmate.lua on Capablanca's
-- board, with the archbishop (a, bishop + knight) and the chancellor
-- (c, rook + knight). Not a published variant: the 10x8 example of
-- docs/writing-variants.md.
-- Fairy-Stockfish: knightmate10, defined in knightmate10.ini.
local std = require "std"
local knightmate = require "knightmate"   -- knightmate.lua, next to this file

return std.extend(knightmate, {
  name = "knightmate10",
  description = "Knightmate on 10x8 with archbishop and chancellor",
  fairy_stockfish = "knightmate10",
  files = 10,
  pieces = {
    a = std.pieces.archbishop,
    c = std.pieces.chancellor,
  },
  start = "rmabqkbcmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RMABQKBCMR w KQkq - 0 1",
  promotion = { pieces = "qcarbm" },
  castling = { king_files = { "i", "c" } },
})
