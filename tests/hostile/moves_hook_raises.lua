-- A moves hook that raises at the first position it is given: the variant
-- loads, and only playing (or varia check) finds it.
local std = require "std"
return std.extend(std.chess, {
  name = "hostile-hook-raises",
  hooks = {
    moves = function(pos, list)
      error("no moves for you")
    end,
  },
})
