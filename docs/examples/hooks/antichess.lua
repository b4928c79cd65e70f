-- Antichess (losing chess) with its rules of play written as hooks. The
-- same rules as the built-in variants/antichess.lua (rules.must_capture
-- and extinction, C mechanisms) and Fairy-Stockfish's antichess:
-- captures are compulsory, and a side that has lost every piece wins.
-- What is data stays data: the king is an ordinary piece (a commoner)
-- that pawns may promote to, there is no castling, and a stalemated side
-- wins (rules.stalemate).
local std = require "std"

return std.extend(std.chess, {
  name = "antichess-hooks",
  description = "Antichess written with rule hooks (docs/examples/hooks)",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  promotion = { pieces = "kqrbn" },
  castling = std.NONE,
  rules = { stalemate = "win" },
  hooks = {
    -- Where a capture is possible, only captures: the hook is handed the
    -- captures alone (and not called where there is none), and the moves
    -- it is not handed then go.
    moves_on = "captures",
    moves_others = "drop",
    moves = function(pos, captures)
      return captures
    end,
    -- pieces go only by capture: asked after captures alone
    terminal_on = "captures",
    terminal = function(pos)
      if pos:count(pos:side()) == 0 then return "win" end
    end,
  },
})
