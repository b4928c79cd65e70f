-- Torpedo Chess (Kramnik, Tomasev et al., 2020): orthodox chess in which a
-- pawn may step two squares forward from any rank, not only from its
-- start; each such step may be taken en passant.
-- Rules: https://arxiv.org/abs/2009.04374 (section on Torpedo chess)
-- Fairy-Stockfish: UCI_Variant torpedo.
local std = require "std"
return std.extend(std.chess, {
  name = "torpedo",
  description = "chess where pawns may step two squares from any rank",
  fairy_stockfish = "torpedo",
  -- every rank counts as the pawn's initial one: its double step (ifmnD)
  -- may start anywhere and always passes a square en passant can take
  pieces = { p = std.extend(std.pieces.pawn, { initial = { 1, 2, 3, 4, 5, 6, 7, 8 } }) },
})
