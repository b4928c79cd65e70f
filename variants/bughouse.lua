-- Bughouse, one board of it: the pieces a player captures go to the
-- partner on the other board, who drops them as in Crazyhouse. A single
-- board cannot see the other, so here the pocket holds what the FEN
-- gives it and captures go nowhere. As in Fairy-Stockfish, stalemate
-- loses (the stalemated side would wait for pieces from the partner).
-- Rules: https://en.wikipedia.org/wiki/Bughouse_chess
-- Fairy-Stockfish: UCI_Variant bughouse.
-- The current Fairy-Stockfish scores stalemate so too, but asked at a
-- stalemate with nothing in hand its search answers with a "virtual" drop
-- of a piece the partner may yet send, which one board cannot play: the
-- differential run lists that as a known difference (tests/fsf/common.lua).
local std = require "std"
return std.extend(std.chess, {
  name = "bughouse",
  description = "one board of bughouse: captured pieces are dropped back in",
  names = { xboard = "bughouse" },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  drops = { captures = false },
  rules = { stalemate = "loss" },
})
