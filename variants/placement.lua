-- Placement chess (pre-chess): the pawns stand on their usual ranks and
-- the pieces start in hand. Players take turns dropping one piece on an
-- empty square of their own first rank until all are placed, then play
-- chess. The two bishops of a side must stand on squares of different
-- colours. A king dropped on e1 (e8) gains castling with a rook on a
-- corner of its rank, and a rook dropped on a corner with the king on e1
-- (e8) gains it too.
-- Choices, as Fairy-Stockfish plays it: a side whose pocket is not empty
-- must drop (only when no drop is possible may it move instead).
-- Rules: https://www.chessvariants.com/link/placement-chess
-- Fairy-Stockfish: UCI_Variant placement.
local std = require "std"
return std.extend(std.chess, {
  name = "placement",
  description = "pieces start in hand and are placed on the back rank first",
  start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
  castling = { from_drops = "e" },
  drops = { captures = false, must = true, opposite = "b",
            region = { white = "a1-h1", black = "a8-h8" } },
})
