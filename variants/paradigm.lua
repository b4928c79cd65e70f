-- Paradigm Chess30 (Roberto Lavieri): orthodox chess with the bishops
-- replaced by a bishop + lame knight (b: a Xiangqi horse's move, blocked
-- by the square orthogonally next to it). Pawns promote to a queen, this
-- bishop, a rook or a knight.
-- Rules: https://www.chessvariants.com/rules/paradigm-chess30
-- Fairy-Stockfish: UCI_Variant paradigm (its bishop is BnN).
local std = require "std"
return std.extend(std.chess, {
  name = "paradigm",
  description = "chess with bishops that also move as a Xiangqi horse",
  fairy_stockfish = "paradigm",
  pieces = { b = { name = "bishop", betza = "BnN", value = 600 } },
})
