-- Janggi under its tournament rules: janggitraditional.lua with the
-- material count deciding what would otherwise be drawn. When a player
-- passes instead of breaking a facing of the generals (bikjang), when both
-- pass in a row, and at the n-move rule, the side with more material wins:
-- chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2, and Black
-- (Han, who moves second) 1.5 more, so that there is no draw.
-- Rules: https://en.wikipedia.org/wiki/Janggi; Fairy-Stockfish's
-- variant.cpp and position.h (janggi, its JANGGI_MATERIAL count).
-- Fairy-Stockfish: UCI_Variant janggi.
-- Configuration only, on top of janggitraditional.lua (with its left-out
-- rule against perpetual check).
local std = require "std"
return std.extend(require "janggitraditional", {
  name = "janggi",
  description = "Korean chess under tournament rules, with counting",
  fairy_stockfish = "janggi",
  pieces = {
    r = { material = 13 }, c = { material = 7 }, n = { material = 5 },
    b = { material = 3 }, a = { material = 3 }, p = { material = 2 },
  },
  rules = {
    facing_result = "material", passes_end = "material", nmove_result = "material",
    komi = 1.5,
  },
})
