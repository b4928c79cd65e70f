-- Chigorin Chess (Ralph Betza, 2002), after Mikhail Chigorin's liking
-- for knights: White has four knights and a chancellor (c: rook +
-- knight), Black four bishops and a queen. Castling and the rest as in
-- chess.
-- Rules: https://en.wikipedia.org/wiki/Chigorin_Chess
-- Fairy-Stockfish: UCI_Variant chigorin, which we follow: either side's
-- pawns promote to a queen, chancellor, rook, bishop or knight (Betza
-- allows only the piece types of the promoting side's own army).
-- The current Fairy-Stockfish (2026) judges otherwise here (perft in pawn endings, and a checkmate it scores as a draw):
-- not yet traced to the rules; tests/fsf/common.lua lists it as a known
-- disagreement of the differential run against that engine.
local std = require "std"
return std.extend(std.chess, {
  name = "chigorin",
  description = "knights and a chancellor against bishops and a queen",
  fairy_stockfish = "chigorin",
  pieces = { c = std.pieces.chancellor },
  start = "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1",
  promotion = { pieces = "qcrbn" },
})
