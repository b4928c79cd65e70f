-- Rules a little slow everywhere, each call well within its budget: the
-- legal hook spins for about half a millisecond a call, so that drawing one
-- position's state (some 800 calls: the moves' SAN asks whether each
-- gives mate) takes a fraction of a second. varia serve renders each player's
-- snapshot after a change; a read that comes first must wait for it, never
-- be answered the state from before a change already answered.
local std = require "std"
return std.extend(std.chess, {
  name = "hook-spin",
  hooks = {
    legal = function(pos, move)
      local x = 0
      for i = 1, 20000 do x = x + i end
      return x > 0
    end,
  },
})
