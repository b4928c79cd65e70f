-- Clobber: a game of stones on a 5x6 board filled with them in a
-- checkerboard pattern, by Michael H. Albert, J. P. Grossman and Richard
-- Nowakowski (2001). A stone moves only by capturing an enemy stone on an
-- orthogonally adjacent square; the player who cannot move loses.
-- Rules: https://en.wikipedia.org/wiki/Clobber
-- Fairy-Stockfish: UCI_Variant clobber (stones are p; stalemate loses).
return {
  name = "clobber",
  description = "stones on 5x6 capture orthogonal neighbours; the last to move wins",
  description = "stones capture orthogonally; who cannot move loses",
  fairy_stockfish = "clobber",
  files = 5, ranks = 6,
  pieces = { p = { name = "stone", betza = "cW", value = 100 } },
  start = "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1",
  rules = { stalemate = "loss" },
}
