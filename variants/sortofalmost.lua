-- Sort of Almost Chess: orthodox chess in which White's queen is replaced
-- by a chancellor (c, rook + knight); Black keeps the queen. White's
-- pawns promote to a chancellor, rook, bishop or knight, Black's to a
-- queen, rook, bishop or knight.
-- Rules: https://en.wikipedia.org/wiki/Almost_chess#Sort_of_almost_chess
-- Fairy-Stockfish: UCI_Variant sortofalmost.
local std = require "std"
return std.extend(std.chess, {
  name = "sortofalmost",
  description = "chess where White has a chancellor in place of the queen",
  fairy_stockfish = "sortofalmost",
  pieces = { c = std.pieces.chancellor },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1",
  promotion = { pieces = "cqrbn", by_side = { white = "crbn", black = "qrbn" } },
})
