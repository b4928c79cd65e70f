-- A hook that plays on copies runs the hook again, nested: each nested
-- call draws from the first one's budget.
local std = require "std"
local busy = false
return std.extend(std.chess, {
  name = "copy and play",
  on_move = function(g)
    if busy then return end
    busy = true
    while true do g:copy():play("e7e5") end
  end,
})
