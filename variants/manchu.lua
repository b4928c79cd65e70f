-- Manchu chess (Yitong): Xiangqi in which Red (White) has, instead of its
-- chariots, horses and cannons, a single banner (m) that moves as a
-- chariot, a cannon and a horse together (captures as a chariot, as a
-- cannon by jumping one piece, and as a horse). Black keeps the full
-- Xiangqi army; every other rule is Xiangqi's.
-- Rules: https://en.wikipedia.org/wiki/Manchu_chess; Fairy-Stockfish's
-- variant.cpp (manchu).
-- Fairy-Stockfish: UCI_Variant manchu.
-- Configuration only, on top of xiangqi.lua (perpetual check loses for
-- the checker; not its chasing rule, which Fairy-Stockfish gives to
-- xiangqi alone: chasing = std.NONE).
local xiangqi = require "xiangqi"
local std = require "std"
return std.extend(xiangqi, {
  name = "manchu",
  description = "xiangqi in which Red has a single banner",
  fairy_stockfish = "manchu",
  pieces = {
    m = { name = "banner", betza = "RcpRnN", value = 1500 },
  },
  start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1",
  rules = { chasing = std.NONE },
})
