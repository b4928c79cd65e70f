-- Checkless chess: no check unless it is mate. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A move that gives check is illegal unless it is checkmate, that is,
--   unless the opponent then has no legal reply under these same rules.
--
--   Otherwise orthodox chess (FIDE rules: check, checkmate, stalemate,
--   castling, en passant, promotion to Q/R/B/N). A move is legal when,
--   after it and all its effects, the mover's own king is not in check.
--
-- Written with one hook: `legal`, asked after each candidate move is made,
-- and (legal_on = "checks") only for a move that gives check and that the
-- core's check rule allows: a move that leaves the mover's own king
-- attacked is the core's to refuse, so `why` gives the core's reason, and
-- a move without check is chess's. A move that attacks the enemy king is
-- legal only when the opponent has no
-- legal reply; `pos:legal()` asks that question under these same rules,
-- so a reply that itself gives check is judged by this hook one level
-- deeper (a check may be answered by a cross-check only when that mates).
-- Choices where the text is silent: none. A reply that parries a check by
-- giving check in return is refused unless it mates, as the text's "under
-- these same rules" says; so a player in check may be mated though an
-- orthodox reply exists.
local std = require "std"

return std.extend(std.chess, {
  name = "checkless",
  description = "Checkless chess: a move may give check only when it mates",
  hooks = {
    -- asked only for the moves that give check and that the check rule
    -- allows (the mover's own king is safe): the others are chess's
    legal_on = "checks",
    legal = function(pos, move)
      if #pos:legal() > 0 then
        return false, "a move that gives check must be checkmate (checkless chess)"
      end
    end,
  },
})
