-- Capablanca Chess: chess on 10x8 with the archbishop (bishop + knight)
-- and the chancellor (rook + knight), José Raúl Capablanca's arrangement.
-- Rules: https://www.chessvariants.com/large.dir/capablanca.html
-- Fairy-Stockfish: UCI_Variant capablanca (same pieces, castling to the c
-- and i files, promotion to any piece but the king).
local std = require "std"
return std.extend(std.chess, {
  name = "capablanca",
  description = "chess on 10x8 with the archbishop and the chancellor",
  names = { xboard = "capablanca" },
  files = 10, ranks = 8,
  pieces = { a = std.pieces.archbishop, c = std.pieces.chancellor },
  start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
  promotion = { pieces = "qcarbn" },
  castling = { king_files = { "i", "c" } },
})
