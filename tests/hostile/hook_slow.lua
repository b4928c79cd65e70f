-- Slow rules, each call within its budget: from move 2 on, the legal hook
-- spins for about a fifth of a second a call, so that one position's moves
-- take seconds (Black's twenty after 1. e4 about four: twice the
-- concurrency suite's --work-limit of 2, so that a quick machine does not
-- finish them inside it). varia serve must stop such a request at its --work-limit
-- (503) and take back what it did.
local std = require "std"
return std.extend(std.chess, {
  name = "hook-slow",
  hooks = {
    legal = function(pos, move)
      if pos:fullmove() < 2 then return true end
      local x = 0
      for i = 1, 12000000 do x = x + i end
      return x > 0
    end,
  },
})
