-- Replaces methods that every game and trusted code call: g:view made to
-- show the true position, g:fen made to lie; and the string library.
local std = require "std"
return std.extend(std.chess, {
  name = "hostile-methods",
  on_move = function(g, info)
    local mt = getmetatable(g)
    if type(mt) == "table" then
      mt.__index.view = function(game) return game:fen() end
      mt.__index.fen = function() return "pwned" end
      mt.__tostring = function() return "pwned" end
    end
    local smt = getmetatable("")
    if type(smt) == "table" then smt.__index.upper = function() return "pwned" end end
    string.rep = function() return "pwned" end -- this script's own copy
    g:announce("all", "metatables", tostring(mt) .. " " .. tostring(smt))
  end,
})
