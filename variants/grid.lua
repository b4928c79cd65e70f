-- Grid chess: every move crosses a line of the 2x2 grid. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   The board is divided into sixteen 2x2 cells (a1-b2, c1-d2, ...). A
--   move (castling included: the king's move) must end in a different cell
--   from the one it starts in. Check is judged with the same restriction:
--   a piece attacks only squares outside its own cell.
--   Castling keeps its orthodox conditions (the king is not in check, does
--   not pass through or land on an attacked square), each judged with the
--   condition's own notion of attack and check.
--
-- Written as one declaration, `cells = { 2, 2 }` (docs/api.md, "Rules
-- declared whole"), answered in C with no call into Lua while moves are
-- generated and judged: the moves that stay in their cell are taken out,
-- and an attack counts only from outside the attacked square's cell, so
-- check, checkmate and castling's squares use Grid's notion of attack. A
-- `why` hook words the refusal.
-- Choices where the text is silent: en passant is judged by the capturing
-- pawn's move (from its square to the square it lands on), which must
-- cross into another cell; where the captured pawn stood does not matter.
-- Castling is judged by the king's move (e1 to g1 or c1), which always
-- crosses a line on the orthodox board.
local std = require "std"

-- Where the king goes when it castles with the rook on rook_sq: the g file
-- (king side) or the c file (queen side), on its own rank.
local function castling_target(pos, king_sq, rook_sq)
  local file = pos:file(rook_sq) > pos:file(king_sq) and pos:files() - 1 or 3
  return pos:square(file, pos:rank(king_sq))
end

return std.extend(std.chess, {
  name = "grid",
  description = "Grid chess: every move must leave its 2x2 cell",
  hooks = {
    -- every move leaves its 2x2 cell, every attack crosses cells, in C
    -- (until 2026-12 a moves hook asking pos:leaving_cell and an attacked
    -- hook)
    cells = { 2, 2 },
    -- the reason why prints for a move that stays in its cell
    why = function(pos, m)
      local from, to, kind = pos:decode(m)
      if kind == "castling" then to = castling_target(pos, from, to) end
      return from .. " and " .. to .. " are in the same 2x2 cell: a move must leave its cell (grid chess)"
    end,
  },
})
