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
-- boards fit on one.
-- - `moves`: the core's moves of each board alone (`pos:layer_moves`:
--   the pieces of that board, the other board's lifted), kept when the
--   target square is empty on the other board, that is, on the real board
--   it is empty or holds a piece of the mover's board (a capture there).
--   En passant is kept only against a pawn on the capturing pawn's board.
-- - `effects_toggle = 1` (for every move): the moved piece passes to the
--   other board (bit 1 of its attribute before the move flips, since a
--   promotion resets it); after castling, king and rook both pass.
-- - `attacked_layer = 1`: a square is attacked by the pieces of one board
--   only, the board of the piece on it (for an empty square, such as one
--   castling passes, the board of the royal piece of the side attacked).
-- - `legal` (`legal_on = "royal"`: asked about the king's moves only): a
--   king's move must also not leave the king attacked on the
--   board it moved on, before it passes (the condition "legal on that
--   board alone"); the check rule (with that attack) then judges the king
--   on its own board after the transfer. For other moves the first
--   condition is implied by the second: the king stays on its board, where
--   the moved piece, gone through the glass, blocks nothing.
--
-- - `castling`: king and rook stand on one board, the squares between
--   them (and where they land) are empty on that board, and the squares
--   where king and rook land are empty on the other board, where they
--   pass; a piece on the other board elsewhere between them (b1 or b8,
--   queenside) does not matter. The attacks on the king's path are the
--   core's, judged by `attacked` on the king's board.
-- Choices where the text is silent:
-- - Castling keeps its orthodox conditions on the king's board (the
--   squares between king and rook empty there, the king not in check nor
--   passing or landing on an attacked square there), and the squares the
--   king and the rook land on must be empty on the other board.
-- - FEN: pieces on board B are marked in the FEN's extension with
--   attribute 1 (`varia:attr=e4.1`); a FEN without it has every piece on A.
local std = require "std"

local function other(colour) return colour == "white" and "black" or "white" end
local function board(pos, sq) return pos:attr(sq) & 1 end

-- The pieces of board 0 or 1 (made once: a question's argument, not a
-- table built per question).
local BOARD = { [0] = { attr = 1, value = 0 }, [1] = { attr = 1, value = 1 } }
local function keep(b) return BOARD[b] end

-- The squares of king and rook after castling (the move's `to` is the
-- rook's square).
local function castled(pos, from, to)
  local r = pos:rank(from)
  if pos:file(to) > pos:file(from) then return pos:square(7, r), pos:square(6, r) end
  return pos:square(3, r), pos:square(4, r)
end

-- Why the core's move m is not one of either board's (asked by `why`).
local function refused(pos, m)
  local from, to = pos:decode(m)
  local there = pos:piece(to)
  local name = function(sq) return board(pos, sq) == 1 and "B" or "A" end
  if there and board(pos, to) ~= board(pos, from) then
    return to .. " is occupied on board " .. name(to) .. ", where the piece on " ..
           from .. " (on board " .. name(from) .. ") would pass"
  end
  return "the piece on " .. from .. " stands on board " .. name(from) .. ", where it cannot move so"
end

return std.extend(std.chess, {
  name = "alice",
  description = "Alice chess: two boards; every moved piece passes to the other board",
  hooks = {
    -- each board's moves in one call (pos:layer_moves: the core's moves
    -- with the other board lifted, kept where the target square is free
    -- on the other board; castling as the castling hook judged it, en
    -- passant as above), and the
    -- reasons only when `why` asks
    moves = function(pos, given)
      local list = pos:layer_moves(1, 0)
      local n = #list
      for _, m in ipairs(pos:layer_moves(1, 1)) do
        n = n + 1
        list[n] = m
      end
      return list, refused
    end,
    -- the moved piece passes (attribute bit 1 flips; castling: king and
    -- rook), in C
    effects_toggle = 1,
    -- One board's attack is not the union board's (a rider passes squares
    -- the other board holds): a square is attacked by the pieces of its
    -- board only (attribute bit 1), for an empty square the board of the
    -- attacked side's king; answered in C for every square
    -- (attacked_layer), not by a hook.
    attacked_layer = 1,
    -- castling judged on the king's board (the core asks this instead of
    -- its own test of the squares between; layer_moves keeps the
    -- castlings the core handed the moves hook)
    castling = function(pos, wing, king, rook, king_to, rook_to)
      local b = board(pos, king)
      local name = b == 1 and "B" or "A"
      if board(pos, rook) ~= b then
        return false, "the rook on " .. rook .. " stands on the other board than the king"
      end
      local r = pos:rank(king)
      local lo, hi = pos:file(king), pos:file(king)
      for _, sq in ipairs({ rook, king_to, rook_to }) do
        lo, hi = math.min(lo, pos:file(sq)), math.max(hi, pos:file(sq))
      end
      for f = lo, hi do
        local sq = pos:square(f, r)
        if sq ~= king and sq ~= rook and pos:piece(sq) then
          if board(pos, sq) == b then
            return false, sq .. " is occupied on board " .. name .. ", the king's"
          elseif sq == king_to or sq == rook_to then
            return false, sq .. " is occupied on the other board, where the " ..
                          (sq == king_to and "king" or "rook") .. " would pass"
          end
        end
      end
      return true
    end,
    legal_on = "royal", -- the king's moves: the others are the check rule's
    legal = function(pos, move)
      local from, to, kind = pos:decode(move)
      local us = pos:mover()
      local king = pos:royal(us)
      if not king then return nil end
      local moved = kind == "castling" and castled(pos, from, to) or to
      if king ~= moved then return nil end
      -- the king moved: on the board it left, before passing, it must not
      -- be attacked there (by that board's pieces, the king standing on it)
      local b = board(pos, king) ~ 1
      local squares = {}
      for _, colour in ipairs({ "white", "black" }) do
        for _, sq in ipairs(pos:pieces(colour)) do
          if board(pos, sq) == b then squares[sq] = true end
        end
      end
      squares[king] = true
      if kind == "castling" then squares[select(2, castled(pos, from, to))] = true end
      if pos:attacked(king, other(us), squares) then
        return false, "the king would stand attacked on board " .. (b == 1 and "B" or "A") ..
                      " before passing"
      end
      return nil
    end,
  },
})
