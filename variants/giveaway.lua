-- Giveaway: Antichess with castling, as Fairy-Stockfish plays it (the
-- king, an ordinary piece here, castles as in chess; with no check rule
-- it may castle out of, through or into attack).
-- Rules: https://en.wikipedia.org/wiki/Losing_chess
-- Fairy-Stockfish: UCI_Variant giveaway.
local std = require "std"
local antichess = require "antichess"
return std.extend(antichess, {
  name = "giveaway",
  description = "antichess with castling, as Fairy-Stockfish plays it",
  names = { xboard = "giveaway", pgn = "Giveaway Chess" },
  fairy_stockfish = "giveaway",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  castling = { rook = "r", king = "k" },
})
