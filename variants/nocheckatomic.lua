-- No-check Atomic Chess: Atomic Chess without check. The king (k) is an
-- ordinary piece that steps as a king (a commoner): it may be left
-- attacked, may capture (and so explodes with what it takes), and the
-- side whose king is captured or blown up loses. Castling as in chess.
-- Rules: Fairy-Stockfish's definition (variant.cpp, nocheckatomic_variant:
-- atomic with the king a commoner, its extinction losing), UCI_Variant
-- nocheckatomic. Configuration only.
local std = require "std"
return std.extend(require "atomic", {
  name = "nocheckatomic",
  description = "Atomic Chess without check: the king may be taken",
  names = std.NONE,
  pieces = { k = { name = "king", betza = "K", value = 0, royal = false } },
  castling = { king = "k" },
})
