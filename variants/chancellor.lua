-- Chancellor Chess: chess on 9x9 with a chancellor (c, rook + knight),
-- by Ben R. Foster (1887).
-- Rules: https://en.wikipedia.org/wiki/Chancellor_chess
-- Fairy-Stockfish: UCI_Variant chancellor. Pawns double-step from their
-- start rank, promote on the last rank to chancellor, queen, rook, bishop
-- or knight; the king castles to the g and c files.
local std = require "std"
return std.extend(std.chess, {
  name = "chancellor",
  description = "chess on 9x9 with a chancellor (rook + knight)",
  files = 9, ranks = 9,
  pieces = { c = std.pieces.chancellor },
  start = "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
  promotion = { pieces = "cqrbn" },
  castling = { king_files = { "g", "c" } },
})
