-- Nightriders: a variant of this repository's own making for varia tune's
-- measured gain (docs/engine.md, Tuning): chess whose knights are
-- nightriders (NN), whose bishops also step as a wazir (BW) and whose queen
-- is a chancellor (RN), none of them given a value, so that the
-- evaluation starts from its estimates from their moves.
local std = require "std"
return std.extend(std.chess, {
  name = "nightriders",
  pieces = {
    n = { name = "nightrider", betza = "NN" },
    b = { name = "dragon bishop", betza = "BW" },
    q = { name = "chancellor", betza = "RN" },
  },
  promotion = { pieces = "qrbn" },
})
