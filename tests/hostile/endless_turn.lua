-- A turn that never ends: turn_ends always says it goes on, so White moves
-- for ever in one turn. Perft follows a turn's steps at the same depth:
-- without a bound on the steps of a turn it recursed until the stack
-- overflowed (varia perft, the REPL, the server's /api/perft).
local std = require "std"
return std.extend(std.chess, {
  name = "hostile-endless-turn",
  turn = { "move", "move" },
  hooks = {
    turn_ends = function(pos, move, step)
      return false
    end,
  },
})
