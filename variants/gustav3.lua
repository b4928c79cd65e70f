-- Gustav III's Chess (after the 18th-century Swedish king's game): 10x8,
-- with an amazon (a, queen + knight) in each corner and the orthodox army
-- inside; the squares at the ends of ranks 2 to 7 (files a and j) are
-- walls, which no piece enters or passes (a knight's or amazon's leap
-- jumps them). The king castles with the rooks on b and i, ending on h or
-- d. Pawns may also promote to an amazon.
-- Walls are a neutral piece "*" that nothing moves, captures or passes,
-- written * in the FEN as Fairy-Stockfish writes walls.
-- Rules: https://www.chessvariants.com/play/gustav-iiis-chess
-- Fairy-Stockfish: UCI_Variant gustav3.
local std = require "std"
return std.extend(std.chess, {
  name = "gustav3",
  description = "10x8 chess with amazons in the corners and walls at the sides",
  fairy_stockfish = "gustav3",
  files = 10, ranks = 8,
  pieces = {
    a = std.pieces.amazon,
    ["*"] = { name = "wall", neutral = true },
  },
  start = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
  promotion = { pieces = "aqrbn" },
  castling = { king_files = { "h", "d" } },
})
