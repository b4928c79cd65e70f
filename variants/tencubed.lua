-- TenCubed Chess (David Paulowich, 2005): 10x10, the orthodox army on the
-- second rank (rooks on b and i) with pawns on the third, and on the first
-- rank two champions (c: one or two squares orthogonally or two
-- diagonally, jumping), two wizards (w: a ferz or a camel's leap), an
-- archbishop (a, bishop + knight) and a marshall (m, rook + knight). Pawns
-- step twice from their start rank; they promote on the last rank to a
-- queen, marshall or archbishop. No castling.
-- Rules: https://www.chessvariants.com/contests/10/tencubedchess.html
-- Fairy-Stockfish: UCI_Variant tencubed.
local std = require "std"
return std.extend(std.chess, {
  name = "tencubed",
  description = "10x10 chess with champions, wizards, archbishops and marshalls",
  fairy_stockfish = "tencubed",
  files = 10, ranks = 10,
  pieces = {
    a = std.pieces.archbishop,
    m = std.extend(std.pieces.chancellor, { name = "marshall" }),
    c = { name = "champion", betza = "DAW", value = 450 },
    w = { name = "wizard", betza = "CF", value = 400 },
  },
  start = "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1",
  promotion = { pieces = "amq" },
  castling = std.NONE,
})
