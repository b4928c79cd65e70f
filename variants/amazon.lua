-- Amazon Chess: chess with the queen replaced by an amazon (a), which
-- moves as a queen or a knight. Pawns promote to an amazon, rook, bishop
-- or knight; castling and the rest as in chess.
-- Rules: Fairy-Stockfish's definition, UCI_Variant amazon.
local std = require "std"
return std.extend(std.chess, {
  name = "amazon",
  description = "chess with an amazon (queen + knight) in place of the queen",
  fairy_stockfish = "amazon",
  pieces = { q = std.NONE, a = std.pieces.amazon },
  start = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
  promotion = { pieces = "arbn" },
})
