-- S-House: Seirawan chess with Crazyhouse's drops. Captured pieces go to
-- the capturer's hand (a promoted piece as a pawn); a piece in hand may
-- be dropped on any empty square, or gated in as in Seirawan chess.
-- Choices as in seirawan.lua (option gate_shields) and crazyhouse.lua.
-- Fairy-Stockfish: UCI_Variant shouse.
local std = require "std"
local seirawan = require "seirawan"
return std.extend(seirawan, {
  name = "shouse",
  description = "Seirawan chess with crazyhouse drops",
  drops = { captures = true, free = true },
})
