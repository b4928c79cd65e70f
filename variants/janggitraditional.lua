-- Janggi under its traditional rules: janggicasual.lua with bikjang. When
-- the two generals face each other on a file with nothing between them
-- (which a move may bring about), the player to move must break the facing
-- or pass; a pass then ends the game in a draw.
-- Rules: https://en.wikipedia.org/wiki/Janggi; Fairy-Stockfish's
-- variant.cpp (janggitraditional).
-- Fairy-Stockfish: UCI_Variant janggitraditional.
-- Configuration only, on top of janggicasual.lua (with its left-out rule
-- against perpetual check): facing_kings = "must_break".
local std = require "std"
return std.extend(require "janggicasual", {
  name = "janggitraditional",
  description = "Korean chess under traditional rules, with bikjang",
  fairy_stockfish = "janggitraditional",
  rules = { facing_kings = "must_break", facing_result = "draw" },
})
