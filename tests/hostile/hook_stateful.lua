-- An effects hook that keeps a flag of its own between calls: asked again
-- about the same capture, it answers otherwise (the capturer is lost every
-- other time). A replay that made the history's moves again would differ
-- from the game played, and make a recorded move from an empty square.
local std = require "std"
local flag = false
return std.extend(std.chess, {
  name = "stateful effects",
  hooks = {
    effects_on = "captures",
    effects = function(pos, move)
      flag = not flag
      if flag then
        local _, to = pos:decode(move)
        pos:remove(to)
      end
    end,
  },
})
