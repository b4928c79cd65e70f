-- Check Shogi: shogi in which the first player to give check wins at once
-- (mate still wins too). Every other rule as in shogi (variants/shogi.lua:
-- drops, promotion in the last three ranks, nifu, no mate by a pawn drop,
-- fourfold repetition a draw).
-- The FEN may carry the checks each side still needs after the pocket's
-- side to move, as Fairy-Stockfish writes them ("1+1"); without them one
-- check wins for either side, as Fairy-Stockfish reads it.
-- Fairy-Stockfish: UCI_Variant checkshogi (shogi with checkCounting, its
-- start position without counters: the next check wins).
local std = require "std"
return std.extend(require "shogi", {
  name = "checkshogi",
  description = "shogi; the first check wins",
  names = std.NONE,
  fairy_stockfish = "checkshogi",
  rules = { check_limit = 1 },
})
