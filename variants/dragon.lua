-- Dragon Chess (Miguel Illescas): orthodox chess plus a dragon (d, bishop
-- + knight) in each player's hand, which may be dropped, once, on an empty
-- square of the own first rank instead of a move. Captured pieces do not
-- go to the pocket. Pawns may also promote to a dragon.
-- Rules: https://www.edami.com/dragonchess/
-- Fairy-Stockfish: UCI_Variant dragon.
local std = require "std"
return std.extend(std.chess, {
  name = "dragon",
  description = "chess plus a dragon (bishop + knight) to drop on the first rank",
  fairy_stockfish = "dragon",
  pieces = { d = std.extend(std.pieces.archbishop, { name = "dragon" }) },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1",
  promotion = { pieces = "dqrbn" },
  drops = { captures = false, region = { white = "a1-h1", black = "a8-h8" } },
})
