-- Pocket Knight chess: orthodox chess in which each player also holds a
-- knight in hand, which may be dropped on any empty square instead of a
-- move, once. Captured pieces do not go to the pocket.
-- Rules: https://www.chessvariants.com/other.dir/pocket.html
-- Fairy-Stockfish: UCI_Variant pocketknight.
local std = require "std"
return std.extend(std.chess, {
  name = "pocketknight",
  description = "chess with a knight in hand to drop once",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
  drops = { captures = false },
})
