-- An honest variant, loaded after poison.lua.
local std = require "std"
return std.extend(std.chess, {
  name = "victim",
  on_move = function(g, info)
    g:announce("all", "libraries", string.format("%d", math.max(1, 2)) .. table.concat({ "a", "b" }))
  end,
})
