-- Armageddon: orthodox chess in which Black has draw odds: every game
-- that would be drawn (stalemate, the fifty-move rule, repetition) is won
-- by Black. Checkmate decides as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, armageddon_variant:
-- chess with materialCounting = blackdrawodds), UCI_Variant armageddon;
-- FIDE's tie-break regulations for the game.
-- Written with the result "material" (the side with more material wins),
-- every piece weighing 0 and Black given a komi of 1/2: Black always has
-- more. Configuration only.
-- Choice: no dead-position rule (as in Fairy-Stockfish): where no mate
-- can follow, the n-move rule or repetition ends the game, for Black.
local std = require "std"
return std.extend(std.chess, {
  name = "armageddon",
  description = "chess in which Black wins every draw",
  rules = {
    stalemate = "material", nmove_result = "material", repetition_result = "material",
    komi = 0.5,
  },
})
