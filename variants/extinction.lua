-- Extinction Chess (R. Wayne Schmittberger, 1985): a side loses when it
-- has lost every piece of some type (all its pawns, or its knights, ...).
-- There is no check: the king is an ordinary piece (a commoner, k) that
-- may stand attacked and be captured, and losing it loses as any other
-- type does. Pawns also promote to a king. Castling as in chess, but the
-- king may castle out of, through or into attack.
-- Rules: https://en.wikipedia.org/wiki/Extinction_chess
-- Fairy-Stockfish: UCI_Variant extinction (extinction of any of the
-- types k, q, r, b, n, p loses).
local std = require "std"
return std.extend(std.chess, {
  name = "extinction",
  description = "lose every piece of one kind and you lose",
  fairy_stockfish = "extinction",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  promotion = { pieces = "kqrbn" },
  castling = { king = "k" },
  rules = {
    extinction = { result = "loss", pieces = "kqrbnp", count = 0 },
  },
})
