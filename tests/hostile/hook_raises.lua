-- A legal hook that raises from move 2 on: every front end must report the
-- error (with this file's line), leave the game as it was, and go on
-- working in positions where the hook does not raise.
local std = require "std"
return std.extend(std.chess, {
  name = "hook-raises",
  hooks = {
    legal = function(pos, move)
      if pos:fullmove() >= 2 then error("the hook refuses move 2") end
      return true
    end,
  },
})
