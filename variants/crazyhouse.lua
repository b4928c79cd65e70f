-- Crazyhouse: orthodox chess in which a captured piece changes sides and
-- goes to the capturer's pocket; instead of moving, a player may drop a
-- piece from the pocket on any empty square. Pawns are not dropped on the
-- first or last rank; a promoted piece goes back to the pocket as a pawn
-- (the FEN marks it with '~'). A drop may give check or mate.
-- Rules: https://en.wikipedia.org/wiki/Crazyhouse
-- Fairy-Stockfish: UCI_Variant crazyhouse.
local std = require "std"
return std.extend(std.chess, {
  name = "crazyhouse",
  description = "captured pieces change sides and may be dropped back in",
  names = { xboard = "crazyhouse", pgn = { "Crazyhouse Chess", "ZH" } },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  drops = { captures = true },
})
