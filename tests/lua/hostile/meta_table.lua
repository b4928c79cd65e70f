-- A variant table whose metamethods would run in trusted code, without a
-- budget, if varia read the table through them.
local std = require "std"
local v = std.extend(std.chess, { name = "hostile-meta" })
v.pieces = setmetatable(v.pieces, { __index = function() while true do end end })
return setmetatable(v, {
  __index = function() while true do end end,
  __pairs = function() while true do end end,
})
