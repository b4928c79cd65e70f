-- Grand Chess (Christian Freeling, 1984): a 10x10 board with an
-- archbishop (bishop + knight) and a chancellor (rook + knight) besides
-- the orthodox pieces; the pawns start on the third rank and step twice
-- from there; no castling. A pawn may promote on the eighth and ninth
-- ranks (and may stay a pawn there) and must on the tenth; it promotes
-- only into a piece its side has fewer of than at the start (one queen,
-- chancellor or archbishop, two rooks, bishops or knights), so a pawn
-- that cannot promote cannot move to the tenth rank. The limit counts the
-- pieces on the board, as Fairy-Stockfish's promotionLimit does, so a FEN
-- needs no record of what was captured. UCI writes a pawn that stays a
-- pawn without a letter (a7a8), as Fairy-Stockfish does.
-- Rules: https://en.wikipedia.org/wiki/Grand_chess; Fairy-Stockfish's
-- variant.cpp (grand_variant). Configuration only.
-- Fairy-Stockfish: UCI_Variant grand.
local std = require "std"
return std.extend(std.chess, {
  name = "grand",
  description = "Freeling's 10x10 chess with archbishop and chancellor",
  names = { xboard = "grand" },
  files = 10, ranks = 10,
  pieces = { a = std.pieces.archbishop, c = std.pieces.chancellor },
  start = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
  promotion = {
    pieces = "qcarbn", zone = 3, compulsory = 1,
    limit = { q = 1, c = 1, a = 1, r = 2, b = 2, n = 2 },
  },
  castling = std.NONE,
})
