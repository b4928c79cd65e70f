-- Three Kings Chess: each side has three kings, which are ordinary pieces
-- (commoners, k) without check; the first side to lose one of its kings
-- loses. No castling; pawns promote to a queen, rook, bishop or knight.
-- Rules: as Cute Chess plays it (threekingsboard.h,
-- https://github.com/cutechess/cutechess); Fairy-Stockfish: UCI_Variant
-- threekings (extinction of kings, at two or fewer, loses).
local std = require "std"
return std.extend(std.chess, {
  name = "threekings",
  description = "three kings a side without check; lose one and you lose",
  fairy_stockfish = "threekings",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  start = "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1",
  castling = std.NONE,
  rules = {
    extinction = { result = "loss", pieces = "k", count = 2 },
  },
})
