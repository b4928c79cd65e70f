-- Atomar: Atomic Chess without check (nocheckatomic.lua) whose kings stand
-- the blasts: a king is spared by the explosion of a capture next to it,
-- and a king that captures stays on the square it took (only what it took
-- and the non-pawns around go); a king may not take the other king. The
-- side whose king is captured loses (so a king is only lost to a capture
-- by another piece).
-- Rules: Fairy-Stockfish's variant.cpp (atomar_variant: nocheckatomic with
-- blastImmuneTypes and mutuallyImmuneTypes the king) and position.cpp
-- (the blast spares immune types on the capturing square too).
-- Fairy-Stockfish: UCI_Variant atomar. Configuration only.
local std = require "std"
return std.extend(require "nocheckatomic", {
  name = "atomar",
  description = "no-check Atomic whose kings survive the blasts and cannot take each other",
  fairy_stockfish = "atomar",
  rules = { blast = { immune = "pk", survivors = "k" }, mutually_immune = "k" },
})
