-- Gothic Chess: Capablanca Chess with the pieces rearranged, by Ed Trice
-- (2000), with the archbishop (a, bishop + knight) and the chancellor
-- (c, rook + knight) on 10x8.
-- Rules: https://en.wikipedia.org/wiki/Gothic_chess
-- Fairy-Stockfish: UCI_Variant gothic (Capablanca with another start:
-- castling to the c and i files, promotion to any piece but the king).
local std = require "std"
local capablanca = require "capablanca"
return std.extend(capablanca, {
  name = "gothic",
  description = "Capablanca chess with Ed Trice's arrangement",
  names = { xboard = "gothic" },
  start = "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
})
