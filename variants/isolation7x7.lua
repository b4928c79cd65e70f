-- Isolation on a 7x7 board: the rules of variants/isolation.lua, the pawns
-- starting on d1 and d7, the two squares that never take a wall.
-- Fairy-Stockfish: UCI_Variant isolation7x7 (src/variant.cpp).
local std = require "std"
return std.extend(require "isolation", {
  name = "isolation7x7",
  description = "Isolation on 7x7",
  fairy_stockfish = "isolation7x7",
  files = 7, ranks = 7,
  start = "3p3/7/7/7/7/7/3P3 w - - 0 1",
  -- every square but d1 and d7
  turn = { "move", { place = "*", region = "a1-c7 d2-d6 e1-g7" } },
})
