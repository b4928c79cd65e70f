-- Grasshopper Chess: orthodox chess with a row of grasshoppers (g) in
-- front of each side's pawns, which stand on the third rank and so have
-- no double step. A grasshopper moves along a queen's line to the square
-- just beyond the first piece it meets (of either side), capturing what
-- stands there if it is an enemy. Pawns may also promote to a
-- grasshopper. Castling as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, grasshopper_variant,
-- after the game of J. Boyer, 1950s), UCI_Variant grasshopper.
-- Configuration only.
local std = require "std"
return std.extend(std.chess, {
  name = "grasshopper",
  description = "chess with a row of grasshoppers before the pawns",
  pieces = {
    p = std.pieces.shatranj_pawn,
    g = { name = "grasshopper", betza = "gQ", value = 200 },
  },
  start = "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1",
  promotion = { pieces = "qrbng" },
})
