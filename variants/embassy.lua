-- Embassy Chess: chess on 10x8 with the marshall (c, rook + knight) and
-- the cardinal (a, bishop + knight), by Kevin Hill (2005).
-- Rules: https://en.wikipedia.org/wiki/Embassy_chess
-- Fairy-Stockfish: UCI_Variant embassy (Capablanca's pieces in another
-- arrangement; the king castles from e1 to h1, the rook from j1 to g1, or
-- to b1, the rook from a1 to c1).
local std = require "std"
local capablanca = require "capablanca"
return std.extend(capablanca, {
  name = "embassy",
  description = "chess on 10x8 with the marshall and the cardinal",
  start = "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
  castling = { king_files = { "h", "b" } },
})
