-- Rifle chess: a capturing piece shoots its victim and stays where it is.
-- The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A capture removes the captured piece, and the capturing piece stays on
--   its own square. En passant removes the pawn that made the double step;
--   the capturing pawn stays. A pawn that captures does not move, so it
--   never promotes by capturing. A king or rook that captures loses its
--   castling rights as if it had moved. Check is ordinary.
--
-- Written with three parts of `hooks`:
-- - `effects` (for captures only): the core has moved the capturer and
--   removed the victim (for en passant, the pawn that double-stepped);
--   the capturer is put back on its square with `pos:relocate`. The core
--   took the castling right away when the king or rook left its square,
--   and putting the piece back does not give it back, so a king or rook
--   that captures loses its rights as if it had moved.
-- - `kinds = { "shot" }` and `moves`: a pawn's captures onto its last rank
--   come from the core as four promotions (=Q, =R, =B, =N) of a pawn that
--   would arrive there; here they become one move of kind "shot" from the
--   pawn's square to the victim's (UCI `e7d8`), whose effects remove the
--   victim, move nothing, and start the fifty-move count again
--   (`pos:reset_clock`: the core cannot tell that a script move captures).
-- - `notation`: a shot is written with the square the pawn shoots from,
--   `e7xd8` (SAN's `exd8` would say that a pawn arrived on d8 without
--   promoting); `play`, PGN and the REPL read it back, and `exd8` too.
-- - Check needs nothing: a piece attacks what it could shoot, as in
--   orthodox chess, and the core's check rule, asked after the effects,
--   sees the capturer on its own square.
-- Choices where the text is silent: a capture resets the fifty-move count
-- as in orthodox chess.
local std = require "std"

return std.extend(std.chess, {
  name = "rifle",
  description = "Rifle chess: a capturing piece stays on its square",
  hooks = {
    kinds = { "shot" },
    effects_on = "captures",
    effects = function(pos, move, captured, capsq)
      local from, to, kind = pos:decode(move)
      if kind == "shot" then
        pos:remove(to)
        pos:reset_clock() -- a capture, which the core cannot tell from a script move
      elseif captured then
        pos:relocate(to, from)
      end
    end,
    notation = function(pos, move)
      local from, to, kind = pos:decode(move)
      if kind == "shot" then return from .. "x" .. to end
    end,
    moves_on = "promotion", -- the hook is handed the promotions alone
    moves = function(pos, moves)
      local kept, seen, reasons = {}, {}, {}
      for _, m in ipairs(moves) do
        local from, to, kind = pos:decode(m)
        if kind == "promotion" and pos:captures(m) then
          local key = from .. to
          if not seen[key] then
            seen[key] = true
            kept[#kept + 1] = pos:move(from, to, "shot")
          end
          reasons[m] = "a pawn that captures stays on " .. from .. " and never promotes (rifle chess): the capture is " .. from .. to
        else
          kept[#kept + 1] = m
        end
      end
      return kept, reasons
    end,
  },
})
