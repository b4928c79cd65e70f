-- Atomic chess written with rule hooks. The same rules as the built-in
-- variants/atomic.lua (rules.blast and extinction, C mechanisms) and
-- Fairy-Stockfish's atomic:
-- - a capture explodes: the capturing piece and every piece other than a
--   pawn on the eight squares around the capture square are removed (the
--   captured piece is gone already; en passant explodes around the square
--   the capturing pawn moves to);
-- - a move may not blow up the mover's own king; one that blows up the
--   enemy king wins, whatever it leaves attacked;
-- - kings next to each other cannot be taken (the taker's king would go
--   too), so a king next to the enemy king is never in check;
-- - a side without a king has lost.
local std = require "std"

local function other(c) return c == "white" and "black" or "white" end

local function next_to(pos, a, b)
  local df, dr = pos:file(a) - pos:file(b), pos:rank(a) - pos:rank(b)
  return df >= -1 and df <= 1 and dr >= -1 and dr <= 1
end

return std.extend(std.chess, {
  name = "atomic-hooks",
  description = "Atomic chess written with rule hooks (docs/examples/hooks)",
  hooks = {
    effects_on = "captures",
    effects = function(pos, move)
      local _, to = pos:decode(move)
      pos:remove(to)              -- the capturer
      pos:remove_around(to, "p")  -- the pieces around, pawns spared (one call)
    end,
    legal_on = "captures", -- other moves blast nothing: the check rule judges them
    legal = function(pos, move)
      local us = pos:mover()
      if not pos:royal(us) then return false, "the blast would take the mover's own king" end
      if not pos:royal(other(us)) then return true end
      -- otherwise the check rule, with attacked below
    end,
    -- Asked where a piece of `by` attacks sq: does that attack count?
    attacked = function(pos, sq, by)
      local theirs = pos:royal(by)
      local piece = pos:piece(sq)
      return not (theirs and (piece == "K" or piece == "k") and next_to(pos, sq, theirs))
    end,
    -- a king goes only in a blast: asked after captures alone
    terminal_on = "captures",
    terminal = function(pos)
      if not pos:royal(pos:side()) then return "loss" end
    end,
  },
})
