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
-- Written with two hooks: `moves` takes out the moves that stay in their
-- cell (with the reason `why` prints); `attacked` counts only attackers
-- standing outside the attacked square's cell, so check, checkmate and
-- castling's squares use Grid's notion of attack.
-- Choices where the text is silent: en passant is judged by the capturing
-- pawn's move (from its square to the square it lands on), which must
-- cross into another cell; where the captured pawn stood does not matter.
-- Castling is judged by the king's move (e1 to g1 or c1), which always
-- crosses a line on the orthodox board.
local std = require "std"

-- The cell of a square, as one number, remembered by the square's name
-- (the board's geometry does not change: a table lookup instead of two
-- questions to pos on every move).
local cells = {}
local function cell(pos, sq)
  local c = cells[sq]
  if not c then
    c = ((pos:file(sq) - 1) // 2) * 16 + (pos:rank(sq) - 1) // 2
    cells[sq] = c
  end
  return c
end

-- Where the king goes when it castles with the rook on rook_sq: the g file
-- (king side) or the c file (queen side), on its own rank.
local function castling_target(pos, king_sq, rook_sq)
  local file = pos:file(rook_sq) > pos:file(king_sq) and pos:files() - 1 or 3
  return pos:square(file, pos:rank(king_sq))
end

-- Why a move the moves hook left out is refused.
local function refused(pos, m)
  local from, to, kind = pos:decode(m)
  if kind == "castling" then to = castling_target(pos, from, to) end
  return from .. " and " .. to .. " are in the same 2x2 cell: a move must leave its cell (grid chess)"
end

return std.extend(std.chess, {
  name = "grid",
  description = "Grid chess: every move must leave its 2x2 cell",
  hooks = {
    attacked = function(pos, sq, by)
      local c = cell(pos, sq)
      for _, a in ipairs(pos:attackers(sq, by)) do
        if cell(pos, a) ~= c then return true end
      end
      return false
    end,
    -- One question for the whole list (pos:leaving_cell, in C), and the
    -- reasons only when `why` asks (a function, not a table).
    moves = function(pos, moves)
      return pos:leaving_cell(moves, 2, 2), refused
    end,
  },
})
