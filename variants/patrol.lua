-- Patrol chess: only a guarded piece may capture or give check. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A piece (the king included) may capture only if it is *observed* by a
--   friendly piece: some other piece of its own colour attacks its square
--   (ordinary attack, the patrol condition is not applied to the
--   observer). A piece that is not observed gives no check. Moves without
--   capture are ordinary.
--   Castling keeps its orthodox conditions (the king is not in check, does
--   not pass through or land on an attacked square), each judged with the
--   condition's own notion of attack and check.
--
-- Written with two hooks: `moves` takes out the captures of pieces that
-- no friendly piece observes (with the reason `why` prints); `attacked`
-- counts only observed attackers, so check, checkmate, the king's own
-- moves and castling's squares all use Patrol's notion of attack.
-- Choices where the text is silent: en passant is a capture like any
-- other (the capturing pawn must be observed); a square is observed by
-- the pieces that attack it by their ordinary capturing move, as for
-- check (a pawn observes diagonally forward, not the square ahead).
local std = require "std"

-- Is the piece of `colour` on sq observed by another piece of its colour?
local function observed(pos, sq, colour)
  return pos:attacked(sq, colour)
end

return std.extend(std.chess, {
  name = "patrol",
  description = "Patrol chess: a piece captures and checks only while a friendly piece guards it",
  hooks = {
    attacked = function(pos, sq, by)
      for _, a in ipairs(pos:attackers(sq, by)) do
        if observed(pos, a, by) then return true end
      end
      return false
    end,
    moves_on = "captures", -- the hook is handed the captures alone, and not asked without one
    moves = function(pos, moves)
      local cache, side = {}, pos:side()
      return std.keep_moves(moves, function(m)
        local from = pos:decode(m)
        if cache[from] == nil then cache[from] = observed(pos, from, side) end
        if not cache[from] then
          return "the piece on " .. from .. " may not capture: no piece of its side observes it (patrol chess)"
        end
      end)
    end,
  },
})
