-- Centaur Chess, also called Royal Court: chess on 10x8 with two
-- centaurs (c, king + knight) a side.
-- Rules: https://www.chessvariants.com/large.dir/contest/royalcourt.html
-- Fairy-Stockfish: UCI_Variant centaur. Promotion to centaur, queen, rook,
-- bishop or knight; the king castles to the i and c files.
local std = require "std"
return std.extend(std.chess, {
  name = "centaur",
  description = "chess on 10x8 with two centaurs (king + knight) a side",
  files = 10, ranks = 8,
  pieces = { c = std.pieces.centaur },
  start = "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
  promotion = { pieces = "cqrbn" },
  castling = { king_files = { "i", "c" } },
})
