-- Changes everything shared it can reach at load time: the standard
-- library's tables and the libraries in its environment. None of it may
-- reach another script (victim.lua) or trusted code.
local std = require "std"
-- Nothing of trusted code's is in reach: no varia module, no package.loaded.
assert(rawget(_G, "varia") == nil and not pcall(require, "varia"), "varia is reachable")
assert(not pcall(function() return package.loaded end), "package is reachable")
std.pieces.queen.betza = "K"
std.chess.pieces.q.betza = "K"
string.format = function() return "pwned" end
table.concat = function() return "pwned" end
math.max = function() return -1 end
_G.print = function() error("pwned") end
return std.extend(std.chess, { name = "hostile-poison" })
