-- Omicron Chess (Ed Trice's Omega Chess made smaller by Evert Glebbeek):
-- a 10x8 field inside a 12x10 board whose outer ring is walls but for the
-- four corners, where the wizards (w: a ferz or a camel leap) stand. Each
-- side adds two champions (c: one or two squares orthogonally, or two
-- diagonally, jumping). The army stands on the second rank and the pawns
-- on the third, which step twice from there; pawns promote on reaching
-- the ninth rank (or the tenth: a corner), to a wizard, champion, queen,
-- rook, bishop or knight. The king castles on the second rank, to i or e.
-- Walls are a neutral piece "*" that nothing moves, captures or passes.
-- Rules: http://www.eglebbk.dds.nl/program/chess-omicron.html
-- Fairy-Stockfish: UCI_Variant omicron.
local std = require "std"
return std.extend(std.chess, {
  name = "omicron",
  description = "Omega Chess on 12x10: champions, wizards in the corners, walls",
  fairy_stockfish = "omicron",
  files = 12, ranks = 10,
  pieces = {
    c = { name = "champion", betza = "DAW", value = 450 },
    w = { name = "wizard", betza = "CF", value = 400 },
    ["*"] = { name = "wall", neutral = true },
  },
  start = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1",
  promotion = { pieces = "wcqrbn", zone = 2 },
  castling = { rank = 2, king_files = { "i", "e" } },
})
