-- Hooks that fail: on_move on the reply e7e5, on_attempt always (a try is
-- an illegal move written as two squares).
local std = require "std"
return std.extend(std.chess, {
  name = "hostile-failing",
  tries = true,
  on_move = function(g, info)
    g:announce("all", "moved", info.move)
    if info.move == "e7e5" then error("on_move refuses e7e5") end
  end,
  on_attempt = function(g, text)
    g:announce("all", "tried", text)
    error("on_attempt refuses " .. text)
  end,
})
