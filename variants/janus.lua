-- Janus Chess: chess on 10x8 with two janus pieces (j, bishop + knight),
-- by Werner Schöndorf (1978).
-- Rules: https://en.wikipedia.org/wiki/Janus_Chess
-- Fairy-Stockfish: UCI_Variant janus. The king castles from e1 to i1
-- (the rook from j1 to h1) or to b1 (the rook from a1 to c1); promotion to
-- janus, queen, rook, bishop or knight.
local std = require "std"
return std.extend(std.chess, {
  name = "janus",
  description = "chess on 10x8 with two janus pieces (bishop + knight)",
  names = { xboard = "janus" },
  files = 10, ranks = 8,
  pieces = { j = std.extend(std.pieces.archbishop, { name = "janus" }) },
  start = "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
  promotion = { pieces = "jqrbn" },
  castling = { king_files = { "i", "b" } },
})
