-- Three-check written with rule hooks: orthodox chess, and the third check
-- a side gives wins. The same rules as the built-in variants/3check.lua
-- (rules.check_limit, a C mechanism) and Fairy-Stockfish's 3check.
-- The checks given are counted in the position's hook state (slot 1
-- White's, slot 2 Black's), so a FEN carries them (varia:state=1,2) and
-- unmake takes them back.
local std = require "std"

return std.extend(std.chess, {
  name = "3check-hooks",
  description = "Three-check written with rule hooks (docs/examples/hooks)",
  hooks = {
    -- After each move that gives check (effects_on = "checks": such
    -- effects change only the state, so the core judges legality as in
    -- chess): one more for the side that gave it.
    effects_on = "checks",
    effects = function(pos, move)
      local slot = pos:mover() == "white" and 1 or 2
      pos:set_state(slot, pos:state(slot) + 1)
    end,
    -- only a check brings a count to three: asked after checks alone
    terminal_on = "checks",
    terminal = function(pos)
      local mine = pos:side() == "white" and 1 or 2
      if pos:state(3 - mine) >= 3 then return "loss" end
      if pos:state(mine) >= 3 then return "win" end
    end,
  },
})
