-- Janggi under the modern rules of Fairy-Stockfish's janggimodern: the
-- moves of janggicasual.lua (the generals may face each other: no
-- bikjang), the material count of janggi.lua deciding what would be
-- drawn (two passes in a row, the n-move rule, a repetition), the
-- n-move rule at 100 moves and repetition at the fourth occurrence, and
-- perpetual check losing for the checker (rules.perpetual_check).
-- Rules: Fairy-Stockfish's variant.cpp (janggi_modern_variant: janggi
-- with bikjangRule off, materialCounting, moveRepetitionIllegal,
-- nFoldRule 4, nMoveRule 100) and position.cpp.
-- Fairy-Stockfish: UCI_Variant janggimodern.
-- Left out: moveRepetitionIllegal, Fairy-Stockfish's rule that a piece
-- moved back and forth to repeat a position, where the general is not in
-- check, loses for its player (a game end; no move changes: perft agrees).
local std = require "std"
return std.extend(require "janggi", {
  name = "janggimodern",
  description = "Korean chess under modern rules: counting, no bikjang",
  fairy_stockfish = "janggimodern",
  rules = {
    facing_kings = std.NONE, facing_result = std.NONE,
    nmove = 100, repetition = 4, repetition_result = "material", perpetual_check = "loss",
  },
})
