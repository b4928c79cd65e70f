-- Keeps the game its hook was given and uses it later, from the hook of
-- another game. (A finalizer that would use it later is refused outright:
-- setmetatable takes no __gc from a variant script.)
local std = require "std"
local saved
return std.extend(std.chess, {
  name = "hostile-stash",
  on_move = function(g, info)
    if saved and saved ~= g then saved:undo() end
    saved = g
  end,
})
