-- Alice chess: two boards, and every move passes the piece through the
-- looking glass to the other one. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   Two boards, A and B; every piece starts on A. A move is made on the
--   board the piece stands on and must be legal there as in orthodox chess
--   on that board alone (blocking and captures only by pieces on that
--   board; if the mover's king stands on that board, it must not be in
--   check there after the move); then the piece passes to the same square
--   of the other board, which must be empty, and after the transfer the
--   mover's king must not be in check on its own board. A king is in check
--   when an enemy piece on its board attacks its square. Castling is made
--   on one board and both king and rook pass. En passant only against a
--   pawn on the same board, with the target square empty on that board.
--   In a FEN of one board, the position is board A and board B is empty.
--
-- Written as one board whose pieces carry their board in attribute bit 1
-- (0: board A, 1: board B). Two pieces never share a square (a square of
-- one board is empty on the other when a piece stands on it), so the two
-- boards fit on one. The rules are declarations answered in C
-- (docs/api.md), with no call into Lua while moves are generated and
-- judged:
-- - `moves_layer = 1`: each move is made on one board: the core's moves of
--   that board's pieces with the other board lifted, kept when the square
--   the piece lands on is empty on the other board (that is, on the real
--   board it is empty or holds a piece of the mover's board, a capture
--   there); castling on the king's board (king and rook on it, the squares
--   between empty there, the king not passing an attacked square there)
--   with the squares king and rook land on empty on the other board; en
--   passant only against a pawn on the capturing pawn's board. A move must
--   be legal on the board it is made on: a king's move may not leave the
--   king attacked there before it passes (for the other moves this
--   follows from the check after the transfer: the king stays on its
--   board, where the moved piece, gone through the glass, blocks nothing).
-- - `effects_toggle = 1` (for every move): the moved piece passes to the
--   other board (bit 1 of its attribute before the move flips, since a
--   promotion resets it); after castling, king and rook both pass.
-- - `attacked_layer = 1`: a square is attacked by the pieces of one board
--   only, the board of the piece on it (for an empty square, such as one
--   castling passes, the board of the royal piece of the side attacked).
--   The check rule, with that attack, judges the king on its own board
--   after the transfer.
-- - `why`: the reasons for the refusals, in the words of two boards (asked
--   only when `why` asks).
-- Choices where the text is silent:
-- - Castling keeps its orthodox conditions on the king's board (the
--   squares between king and rook empty there, the king not in check nor
--   passing or landing on an attacked square there), and the squares the
--   king and the rook land on must be empty on the other board.
-- - FEN: pieces on board B are marked in the FEN's extension with
--   attribute 1 (`varia:attr=e4.1`); a FEN without it has every piece on A.
local std = require "std"

local function board(pos, sq) return pos:attr(sq) & 1 end

-- The squares of king and rook after castling (the move's `to` is the
-- rook's square).
local function castled(pos, from, to)
  local r = pos:rank(from)
  if pos:file(to) > pos:file(from) then return pos:square(7, r), pos:square(6, r) end
  return pos:square(3, r), pos:square(4, r)
end

-- Why the rules refuse the core's move m (asked by `why` only, for a move
-- the declarations refuse): castling's squares on the king's board or
-- where king and rook pass, a square taken on the other board, the king
-- attacked on the board it moves on, or a move the piece's board does not
-- allow.
local function why(pos, m)
  local from, to, kind = pos:decode(m)
  local name = function(sq) return board(pos, sq) == 1 and "B" or "A" end
  if kind == "castling" then
    local king, rook = from, to
    local b = board(pos, king)
    if board(pos, rook) ~= b then
      return "the rook on " .. rook .. " stands on the other board than the king"
    end
    local king_to, rook_to = castled(pos, king, rook)
    local r = pos:rank(king)
    local lo, hi = pos:file(king), pos:file(king)
    for _, sq in ipairs({ rook, king_to, rook_to }) do
      lo, hi = math.min(lo, pos:file(sq)), math.max(hi, pos:file(sq))
    end
    for f = lo, hi do
      local sq = pos:square(f, r)
      if sq ~= king and sq ~= rook and pos:piece(sq) then
        if board(pos, sq) == b then
          return sq .. " is occupied on board " .. name(king) .. ", the king's"
        elseif sq == king_to or sq == rook_to then
          return sq .. " is occupied on the other board, where the " ..
                 (sq == king_to and "king" or "rook") .. " would pass"
        end
      end
    end
    return nil
  end
  local there = pos:piece(to)
  if there and board(pos, to) ~= board(pos, from) then
    return to .. " is occupied on board " .. name(to) .. ", where the piece on " ..
           from .. " (on board " .. name(from) .. ") would pass"
  end
  if from == pos:royal(pos:side()) then
    return "the king would stand attacked on board " .. name(from) .. " before passing"
  end
  return "the piece on " .. from .. " stands on board " .. name(from) .. ", where it cannot move so"
end

return std.extend(std.chess, {
  name = "alice",
  description = "Alice chess: two boards; every moved piece passes to the other board",
  hooks = {
    -- each board's moves, castling on the king's board, and the check on
    -- both boards of a king's move, in C (until 2026-12 a moves hook
    -- asking pos:layer_moves, a castling hook and a legal hook)
    moves_layer = 1,
    -- the moved piece passes (attribute bit 1 flips; castling: king and
    -- rook), in C
    effects_toggle = 1,
    -- One board's attack is not the union board's (a rider passes squares
    -- the other board holds): a square is attacked by the pieces of its
    -- board only (attribute bit 1), for an empty square the board of the
    -- attacked side's king; answered in C for every square.
    attacked_layer = 1,
    why = why,
  },
})
