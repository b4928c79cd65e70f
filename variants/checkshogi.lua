-- Check Shogi: shogi in which the first player to give check wins at once
-- (mate still wins too). Every other rule as in shogi (variants/shogi.lua:
-- drops, promotion in the last three ranks, nifu, no mate by a pawn drop,
-- fourfold repetition a draw). A pawn drop that mates is illegal, as the
-- rules have it; option pawn_drop_mate=loses plays it as a move that
-- loses for the dropper, as the current Fairy-Stockfish does.
-- The FEN carries the checks each side still needs after the en passant
-- field ("1+1", White's first), as variants/3check.lua; a FEN without them
-- means one check wins for either side, as Fairy-Stockfish reads it.
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
