-- Madrasi chess: orthodox chess where pieces of the same type paralyse
-- each other. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A piece other than a king is *paralysed* while it is attacked by an
--   enemy piece of the same type (a white knight attacked by a black
--   knight, and so both). A paralysed piece cannot move, cannot capture,
--   does not attack (so it gives no check and paralyses nothing), but it
--   still blocks lines. Kings are never paralysed and paralyse nothing.
--   Attack between two pieces of the same type is tested by ordinary
--   attack (paralysis is mutual, so the test does not recurse). A
--   paralysed rook cannot castle.
--   Castling keeps its orthodox conditions, judged with this notion of
--   attack and check.
--
-- Written as one declaration, `paralysis` (docs/api.md, "Rules declared
-- whole"), answered in C with no call into Lua while moves are generated
-- and judged: each type (the king aside) is paralysed by the enemy pieces
-- of its own type that attack it (ordinary attack); a paralysed piece
-- makes no move (a castling whose rook is paralysed neither), and its
-- attack does not count where the rules ask what attacks a square (check,
-- for legality, castling and mate). A `why` hook words the refusals.
-- Choices where the text is silent: en passant is an ordinary pawn
-- capture, so a paralysed pawn cannot take en passant; a pawn is
-- paralysed by the enemy pawns that attack it (diagonally), not by one
-- that blocks it.
local std = require "std"

return std.extend(std.chess, {
  name = "madrasi",
  description = "Madrasi chess: a piece attacked by an enemy piece of its type is paralysed",
  hooks = {
    -- each type paralysed by its own (in C; until 2026-12 a moves hook
    -- asking pos:attacked_by_own_type and an attacked hook)
    paralysis = { p = "p", n = "n", b = "b", r = "r", q = "q" },
    -- the reason why prints for a paralysed piece's move
    why = function(pos, move)
      local from, to, kind = pos:decode(move)
      local who = kind == "castling" and to or from -- the rook castles too
      return "the " .. (kind == "castling" and "rook" or "piece") .. " on " .. who ..
             " is paralysed (attacked by an enemy piece of its type)"
    end,
  },
})
