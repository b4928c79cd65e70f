-- Kinglet Chess (V. R. Parton, 1953): a side that has lost all its pawns
-- loses. There is no check: the king is an ordinary piece (a commoner,
-- k) that may be captured, and pawns promote only to a king. Castling as
-- in chess, but the king may castle out of, through or into attack.
-- Rules: https://en.wikipedia.org/wiki/Kinglet_chess
-- Fairy-Stockfish: UCI_Variant kinglet (extinction of pawns loses).
local std = require "std"
return std.extend(std.chess, {
  name = "kinglet",
  description = "lose all your pawns and you lose; no check",
  fairy_stockfish = "kinglet",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  promotion = { pieces = "k" },
  castling = { king = "k" },
  rules = {
    extinction = { result = "loss", pieces = "p", count = 0 },
  },
})
