-- King of the Hill written with rule hooks: orthodox chess, and a king
-- that reaches one of the four centre squares wins. The same rules as the
-- built-in variants/kingofthehill.lua (rules.goal, a C mechanism) and so
-- as Fairy-Stockfish's kingofthehill; tests/lua/test_hook_versions.lua
-- compares the two on perft and results, and `make bench` times them.
local std = require "std"

local hill = { d4 = true, e4 = true, d5 = true, e5 = true }

return std.extend(std.chess, {
  name = "kingofthehill-hooks",
  description = "King of the Hill written with rule hooks (docs/examples/hooks)",
  hooks = {
    -- Before the moves of each position: has a king reached the hill?
    -- The side that just moved did it, so the side to move has lost.
    -- Only a king's move takes a king there: asked after those alone.
    terminal_on = "royal",
    terminal = function(pos)
      local side = pos:side()
      local other = side == "white" and "black" or "white"
      local k = pos:royal(other)
      if k and hill[k] then return "loss" end
      k = pos:royal(side)
      if k and hill[k] then return "win" end
    end,
  },
})
