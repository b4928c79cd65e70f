-- Shako (Jean-Louis Cazaux, 1990s): chess on 10x10 with two cannons
-- (c, Xiangqi's: moves as a rook, captures by jumping one piece) and two
-- elephants (e, one or two squares diagonally, jumping). The army stands
-- on the second and third ranks, the cannons in the corners of the first;
-- castling happens on the second rank.
-- Rules: https://www.chessvariants.com/large.dir/shako.html
-- Fairy-Stockfish: UCI_Variant shako (the king castles from f2 to h2 or
-- to d2).
local std = require "std"
return std.extend(std.chess, {
  name = "shako",
  description = "chess on 10x10 with cannons and elephants",
  fairy_stockfish = "shako",
  files = 10, ranks = 10,
  pieces = {
    e = { name = "elephant", betza = "FA", value = 400 },
    c = std.pieces.cannon,
  },
  start = "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
  promotion = { pieces = "qrbnce" },
  castling = { rank = 2, king_files = { "h", "d" } },
})
