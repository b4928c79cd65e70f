-- A search is work in C that no instruction count sees.
local std = require "std"
return std.extend(std.chess, {
  name = "bestmove in a hook",
  on_move = function(g) g:bestmove(40) end,
})
