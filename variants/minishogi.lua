-- Minishogi (Shigenobu Kusumoto, 1970): shogi on 5x5 with one of each
-- piece but the lance and the knight. Captured pieces change sides and
-- may be dropped; a piece promotes by choice on a move into, within or
-- out of the last rank, and must where it could never move again; a
-- promoted piece goes back to the pocket unpromoted. A pawn may not be
-- dropped on a file with another of its side's unpromoted pawns, nor to
-- give mate. Stalemate loses.
-- Repetition: Fairy-Stockfish ends the game on the fourth occurrence of
-- a position as a loss for the player to move; the rule that perpetual
-- check loses for the checker is not modelled.
-- Rules: https://en.wikipedia.org/wiki/Minishogi
-- Fairy-Stockfish: UCI_Variant minishogi (and its alias mini).
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "minishogi",
  description = "shogi on 5x5",
  fairy_stockfish = { "minishogi", "mini" },
  names = { aliases = "mini" },
  files = 5, ranks = 5,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    s = std.extend(s.silver, { promotes_to = "v" }),
    b = std.extend(s.bishop, { promotes_to = "h" }),
    r = std.extend(s.rook, { promotes_to = "d" }),
    g = s.gold, k = s.king,
    t = s.tokin, v = s.promoted_silver, h = s.horse, d = s.dragon,
  },
  start = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
  promotion = { zone = 1 },
  rules = { repetition_result = "loss" },
})
