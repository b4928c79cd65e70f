-- King of the Hill: chess in which a king that reaches one of the four
-- centre squares (d4, e4, d5, e5) wins at once.
-- Rules: https://lichess.org/variant/kingOfTheHill
-- Fairy-Stockfish: UCI_Variant kingofthehill.
local std = require "std"
return std.extend(std.chess, {
  name = "kingofthehill",
  description = "chess; a king on one of the four centre squares wins",
  names = { pgn = "KOTH" },
  fairy_stockfish = "kingofthehill",
  rules = { goal = { pieces = "k", white = "d4 e4 d5 e5", black = "d4 e4 d5 e5" } },
})
