-- Nightriders: a variant of this repository's own making for varia tune's
-- measured gain (docs/engine.md, Tuning): chess whose knights are
-- nightriders (NN), whose bishops also step as a wazir (BW) and whose queen
-- is a chancellor (RN), none of them (nor the rook) given a value, so that the
-- evaluation starts from its estimates from their moves.
local std = require "std"
return std.extend(std.chess, {
  name = "nightriders",
  pieces = {
    -- std.NONE: not chess's values, which std.chess's pieces carry
    n = { name = "nightrider", betza = "NN", value = std.NONE },
    b = { name = "dragon bishop", betza = "BW", value = std.NONE },
    q = { name = "chancellor", betza = "RN", value = std.NONE },
    r = { value = std.NONE },
  },
  promotion = { pieces = "qrbn" },
})
