-- Modern Chess: chess on 9x9 with a minister (m, bishop + knight), by
-- Gabriel Vicente Maura (1968). The queen and the minister stand on
-- opposite sides of the king for White and Black.
-- Rules: https://en.wikipedia.org/wiki/Modern_chess
-- Fairy-Stockfish: UCI_Variant modern. Promotion to minister, queen, rook,
-- bishop or knight; the king castles to the g and c files.
local std = require "std"
return std.extend(std.chess, {
  name = "modern",
  description = "chess on 9x9 with a minister (bishop + knight)",
  files = 9, ranks = 9,
  pieces = { m = std.extend(std.pieces.archbishop, { name = "minister" }) },
  start = "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1",
  promotion = { pieces = "mqrbn" },
  castling = { king_files = { "g", "c" } },
})
