-- Andernach chess: a piece that captures changes sides. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A piece other than a king that captures changes colour on its arrival
--   square (a white bishop taking on f7 becomes a black bishop on f7). A
--   pawn that captures onto its last rank promotes first, then changes
--   colour. A pawn that changes colour on the rank from which its new side
--   makes double steps (a white pawn that becomes black on the 7th rank, a
--   black pawn that becomes white on the 2nd) may not make a double step.
--   A move after which the mover's own king is attacked (for instance by
--   the piece that just changed colour) is illegal. Check is ordinary.
--
-- Written with two hooks. `effects` recolours the capturer on its arrival
-- square (after the core's promotion, so a promoted piece changes sides
-- as what it became), and marks a pawn that changes sides on its new
-- side's double-step rank with attribute bit 2 (kept in the FEN as
-- `varia:attr=`); `moves` refuses the double step of a marked pawn, with
-- the reason `why` prints (`moves_attr`: it is handed only those). A
-- marked pawn loses the mark when it moves on
-- (effects, asked for every move of a marked piece: effects_attr, clear
-- it), so the mark means exactly "changed
-- sides here and has not moved since". Legality needs nothing more: the
-- core asks, after the move and its effects, whether the mover's king is
-- attacked, so a piece that turns against its own king cannot do so.
-- Choices where the text is silent: an en passant capture changes the
-- capturing pawn's colour like any capture; castling never captures, so
-- never recolours.
local std = require "std"

local MARK = 2 -- attribute bit: changed sides on its double-step rank

local function has(attr, bit) return attr & bit ~= 0 end

return std.extend(std.chess, {
  name = "andernach",
  description = "Andernach chess: a piece other than a king that captures changes sides",
  hooks = {
    -- asked for the captures and for every move of a marked piece (to
    -- take its mark away): the other moves are chess's
    effects_on = "captures",
    effects_attr = MARK,
    effects = function(pos, move, captured, capsq, attr)
      local _, to, kind = pos:decode(move)
      if kind == "castling" then return end
      if not captured then
        if has(attr, MARK) then pos:set_attr(to, attr & ~MARK) end
        return
      end
      local piece = pos:piece(to)
      if piece == "K" or piece == "k" then return end
      pos:recolour(to)
      local now = pos:attr(to) & ~MARK
      -- The new side's double-step rank: White's 2nd, Black's 7th.
      if piece == "P" and pos:rank(to) == pos:ranks() - 1 or piece == "p" and pos:rank(to) == 2 then
        now = now | MARK
      end
      if now ~= pos:attr(to) then pos:set_attr(to, now) end
    end,
    -- the hook is handed the double steps of marked pawns alone (and so
    -- not called in most positions): it refuses them all
    moves_on = "double",
    moves_attr = MARK,
    moves = function(pos, moves)
      return {}, function(p, m)
        return "the pawn on " .. p:decode(m) .. " changed sides there by capturing: no double step (andernach chess)"
      end
    end,
  },
})
