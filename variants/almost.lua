-- Almost Chess (Ralph Betza, 1977): chess with the queen replaced by a
-- chancellor (c: rook + knight). Pawns promote to a chancellor, rook,
-- bishop or knight; castling and the rest as in chess.
-- Rules: https://en.wikipedia.org/wiki/Almost_chess
-- Fairy-Stockfish: UCI_Variant almost.
local std = require "std"
return std.extend(std.chess, {
  name = "almost",
  description = "chess with a chancellor (rook + knight) in place of the queen",
  fairy_stockfish = "almost",
  pieces = { q = std.NONE, c = std.pieces.chancellor },
  start = "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1",
  promotion = { pieces = "crbn" },
})
