-- A hook that recurses until Lua's stack overflows (some 500,000 frames).
-- The traceback of such a stack took about a second to build, outside any
-- budget, each time the hook ran; now it shows the top levels only.
local std = require "std"
return std.extend(std.chess, {
  name = "hook-recursion",
  on_move = function(g)
    local function deeper(n) return deeper(n + 1) + 1 end
    return deeper(1)
  end,
})
