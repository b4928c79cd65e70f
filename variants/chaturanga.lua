-- Chaturanga, the Indian game from which chess descends, as Fairy-Stockfish
-- plays it: shatranj's pieces and rules (the ferz, q, one diagonal step;
-- the alfil, b, a two-square diagonal leap; pawns without a double step
-- that promote to a ferz; no castling; stalemate loses; the n-move rule
-- counts 70 moves) from chess's start position, king on e1 and ferz on d1,
-- and without shatranj's bare-king rule: a bare king plays on.
-- Rules: Fairy-Stockfish's definition (variant.cpp, chaturanga_variant:
-- shatranj with the chess start and no extinction value), UCI_Variant
-- chaturanga; H. J. R. Murray, A History of Chess (1913), for the game.
-- Configuration only.
local std = require "std"
local shatranj = require "shatranj"
shatranj.rules.extinction = nil
return std.extend(shatranj, {
  name = "chaturanga",
  description = "the Indian ancestor of chess: shatranj from chess's start",
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
})
