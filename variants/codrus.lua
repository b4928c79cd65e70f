-- Codrus: Giveaway played for the king. A capture, when there is one, is
-- compulsory; the king is an ordinary piece without check (a commoner,
-- k), and the side that loses its king, or cannot move, wins. Pawns
-- promote to a queen, rook, bishop or knight (not to a king). The king
-- castles as in chess; with no check rule it may castle out of, through
-- or into attack.
-- Rules: https://www.chessvariants.com/diffobjective.dir/codrus.html ;
-- Fairy-Stockfish's src/variant.cpp (codrus: giveaway with extinction of
-- the commoner only, promotion to q, r, b, n).
-- Fairy-Stockfish: UCI_Variant codrus.
local std = require "std"
local giveaway = require "giveaway"
return std.extend(giveaway, {
  name = "codrus",
  description = "giveaway played for the king: losing it wins",
  fairy_stockfish = "codrus",
  promotion = { pieces = "qrbn" },
  rules = {
    extinction = { result = "win", pieces = "k", count = 0 },
  },
})
