-- Orthodox chess (FIDE Laws of Chess), the standard library's base.
-- Fairy-Stockfish: UCI_Variant chess (and normal).
--
-- Dead positions (FIDE 5.2.2) are drawn at once where material decides
-- them (std.dead_position); option dead_position = "play" plays them out,
-- as Fairy-Stockfish does, 11.1 and the current one alike (the
-- differential suite compares so). Fairy-Stockfish also calls it normal
-- (names.aliases).
local std = require "std"
return std.extend(std.chess, {
  name = "chess",
  description = "orthodox chess (FIDE Laws)",
  names = { xboard = "normal", pgn = { "Standard", "From Position", "Classical" }, aliases = "normal" },
  rules = { dead_position = std.dead_position },
  options = { dead_position = std.dead_position_option },
  with_options = std.with_dead_position,
})
