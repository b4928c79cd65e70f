-- Losers: chess in which you win by being checkmated or stalemated, or by
-- losing all your pieces but the king. A capture, when one is legal, is
-- compulsory; the check rule holds as in chess.
-- Rules: the Internet Chess Club's Losers; https://www.chessvariants.com/diffobjective.dir/giveaway.html
-- Fairy-Stockfish: UCI_Variant losers.
local std = require "std"
return std.extend(std.chess, {
  name = "losers",
  description = "win by being checkmated or losing all but the king",
  names = { xboard = "losers" },
  fairy_stockfish = "losers",
  rules = {
    must_capture = true,
    checkmate = "win",
    stalemate = "win",
    extinction = { result = "win", pieces = "*", count = 1 },
  },
})
