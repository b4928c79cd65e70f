-- Lua runs finalizers with hooks off, in any allocation: refused.
setmetatable({}, { __gc = function() while true do end end })
local t = {}
for i = 1, 1e6 do t[i] = {} end
return {}
