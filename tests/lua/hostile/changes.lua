-- Hooks that try to play, undo or reset the game they are given: through
-- g:attr (which starts the game anew), g:play, g:undo, g:close, and a copy.
local std = require "std"
local exploring = false -- the copy's own hooks run too
return std.extend(std.chess, {
  name = "hostile-changes",
  on_move = function(g, info)
    if exploring then return end
    exploring = true
    local c = g:copy() -- a game of the hook's own: allowed
    local ok = c:play(c:turn() == "black" and "b8c6" or "g1f3")
    exploring = false
    assert(ok)
    g:announce("all", "copy", c:fen())
    if info.move == "d2d4" then g:attr("d4", 1) end
    if info.move == "c2c4" then g:attr("c4", 1); g:play("e7e5") end
    if info.move == "b2b4" then g:play("e7e5") end
    if info.move == "a2a4" then g:undo() end
    if info.move == "h2h4" then local x <close> = g end
  end,
  on_result = function(g)
    if #g:history() == 2 then g:undo() end
  end,
})
