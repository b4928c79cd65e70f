-- Frees its own game through the shared metatable's __gc, from a finalizer
-- that runs at some later collection, while the game is in use.
local std = require "std"
return std.extend(std.chess, {
  name = "hostile-gc",
  on_move = function(g, info)
    g:announce("all", "metatable", tostring(getmetatable(g)))
    local mt = getmetatable(g)
    local gc = type(mt) == "table" and mt.__gc
    if gc then
      gc(g) -- at once
      setmetatable({}, { __gc = function() gc(g) end }) -- and later
    end
    local junk = {}
    for i = 1, 2000 do junk[i] = { i } end -- work for the collector
  end,
})
