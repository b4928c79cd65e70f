-- Take & Make chess: a piece that captures goes on at once in the way of
-- the piece it took. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   A piece that captures must at once make, from the square it captured
--   on (for en passant, the square the capturing pawn moved to), a move
--   without capture in the way the captured piece moves (a knight that
--   takes a rook continues with a rook move to an empty square). The
--   compound move is one move. If no such continuation exists, the
--   capture is illegal. If the capturing piece is a pawn, its continuation
--   may not end on the mover's first rank, and one that ends on the
--   mover's last rank promotes. A continuation in the way a pawn moves (a
--   pawn was captured) goes one square forward for the mover, or two from
--   the mover's own second rank with the path empty, and never captures.
--   Check: a piece checks the king when it could capture it; the
--   continuation plays no part (the king is never "made").
--   (Otherwise orthodox chess; a move is legal when, after it and all its
--   effects, the mover's own king is not in check.)
--
-- Written as a turn of two steps (turn = { "move", "move" } with
-- `turn_ends`): the capture, then the continuation, so that the compound
-- move is written `c3e4,e4e8` in UCI and `Nxe4,Ne8` in SAN.
-- - `effects` (for every move) notes the captured type (state slot 1, its
--   letter's byte) and the capture square (slot 2, file * 100 + rank) when
--   a capture is made, and clears them when the continuation is made;
--   `turn_ends` ends the turn unless a continuation is owed.
-- - `moves`, in the continuation step, gives the continuations only: for
--   a piece other than a pawn, the moves a piece of the captured type
--   would have from the capture square (`pos:moves_as`), without capture,
--   as moves of the script's kind "make" (its effects move the piece).
--   A pawn that took a pawn continues with its own core moves (one square
--   forward; promoting on the last rank). A pawn that took another piece
--   becomes for one step a "pawn moving as" that piece (the piece types
--   u, v, w, y, z below, which move without capturing and promote on the
--   last rank like a pawn), so that the core offers the promotion choice
--   (`e4e8q`); after the step an unpromoted one is a pawn again.
-- - `legal`, after the capture, says whether some continuation leaves the
--   mover's king safe (`pos:legal()` of the continuation step), which
--   overrides the check rule for the half-made move: legality is judged
--   after the whole compound move. The continuation is judged by the
--   ordinary check rule.
-- - Check is ordinary attack: no hook.
--
-- Choices where the text is silent:
-- - A pawn that captures onto its last rank does not promote there: the
--   definition promotes a pawn where its continuation ends. Its capture is
--   a move of the script's kind "take" (UCI `e7d8`), and its continuation,
--   in the way of the piece taken, promotes if it ends on the last rank
--   again (a rook taken on d8 gives d8a8q...); ending elsewhere it stays a
--   pawn, on the last rank or not (but never on the first).
-- - A double step in the way of a pawn made by a pawn is a pawn's double
--   step and may be taken en passant; made by another piece (which took a
--   pawn) it is not a pawn's and sets no en passant square.
-- - A king that captures continues like any piece, in the way of what it
--   took; the continuation may not leave it in check.
local std = require "std"

local function other(colour) return colour == "white" and "black" or "white" end

-- The "pawn moving as X" types: the captured letter to the stand-in.
local as = { n = "u", b = "v", r = "w", q = "y", k = "z" }
local stand_in = {}
for _, l in pairs(as) do stand_in[l] = true end

-- Attribute bit of the piece that captured and owes its continuation (so
-- that effects are asked for its next move, effects_attr).
local OWES = 1

local function letter(colour, l) return colour == "white" and l:upper() or l:lower() end

local function encode(pos, sq) return pos:file(sq) * 100 + pos:rank(sq) end
local function decode_sq(pos, n) return pos:square(n // 100, n % 100) end

-- The mover's first and last ranks.
local function first_rank(pos, colour) return colour == "white" and 1 or pos:ranks() end

-- The continuations from the capture square, among `moves` (the core's
-- moves of this step): a list of move codes.
local function continuations(pos, moves)
  local us = pos:side()
  local taken = string.char(pos:state(1))
  local sq = decode_sq(pos, pos:state(2))
  local piece = pos:piece(sq)
  local list = {}
  if not piece then return list end
  local t = piece:lower()
  if t == "p" or stand_in[t] then
    -- a pawn: its own moves (it took a pawn) or its stand-in's; never a
    -- capture, never to its first rank
    for _, m in ipairs(moves) do
      local from, to, kind = pos:decode(m)
      if from == sq and kind ~= "en passant" and not pos:captures(m)
         and pos:rank(to) ~= first_rank(pos, us) then
        list[#list + 1] = m
      end
    end
    return list
  end
  local seen = {}
  for _, m in ipairs(pos:moves_as(sq, letter(us, taken))) do
    local _, to, kind = pos:decode(m)
    if kind ~= "en passant" and kind ~= "castling" and not pos:captures(m) and not seen[to] then
      seen[to] = true
      list[#list + 1] = pos:move(sq, to, "make")
    end
  end
  return list
end

local pieces = {}
for l, x in pairs(as) do
  local base = ({ n = "N", b = "B", r = "R", q = "Q", k = "K" })[l]
  pieces[x] = { name = "pawn moving as " .. std.chess.pieces[l].name, betza = "m" .. base,
                promotes = true, pawn = true, value = 100 }
end

return std.extend(std.chess, {
  name = "takemake",
  description = "Take & Make: a capturing piece must go on with a move of the piece it took",
  turn = { "move", "move" },
  pieces = pieces,
  hooks = {
    kinds = { "take", "make" },
    -- Asked for the captures, the script's moves and the moves of the
    -- capturer (marked while it owes its continuation): every other move
    -- is chess's, judged by the check rule, and ends the turn.
    effects_on = "captures",
    effects_attr = OWES,
    legal_on = "captures",
    turn_ends_on = "captures",
    effects = function(pos, move, captured, capsq)
      local from, to, kind = pos:decode(move)
      if pos:state(1) ~= 0 then -- the continuation
        pos:set_state(1, 0)
        pos:set_state(2, 0)
        if kind == "make" then pos:relocate(from, to) end
        local piece, colour = pos:piece(to)
        if piece and stand_in[piece:lower()] then pos:put(to, letter(colour, "p"))
        elseif piece and pos:attr(to) & OWES ~= 0 then pos:set_attr(to, pos:attr(to) & ~OWES) end
        return
      end
      if kind == "take" then -- a pawn's capture onto the last rank
        captured = pos:piece(to)
        pos:relocate(from, to)
      end
      if not captured then return end
      local t = captured:lower()
      pos:set_state(1, string.byte(t))
      pos:set_state(2, encode(pos, to))
      local piece, colour = pos:piece(to)
      if piece:lower() == "p" and as[t] then pos:put(to, letter(colour, as[t])) end
      pos:set_attr(to, pos:attr(to) | OWES)
    end,
    turn_ends = function(pos, move)
      return pos:state(1) == 0
    end,
    moves = function(pos, moves)
      if pos:state(1) ~= 0 then return continuations(pos, moves) end
      -- a pawn's capture onto its last rank: one move of kind "take", not
      -- the core's four promotions (the captures alone are read: most
      -- positions have no such capture, and then the moves stand)
      local any = false
      for _, m in ipairs(pos:captures(moves)) do
        if select(3, pos:decode(m)) == "promotion" then any = true break end
      end
      if not any then return nil end
      local kept, seen = {}, {}
      for _, m in ipairs(moves) do
        local from, to, kind = pos:decode(m)
        if kind == "promotion" and pos:captures(m) then
          if not seen[from .. to] then
            seen[from .. to] = true
            kept[#kept + 1] = pos:move(from, to, "take")
          end
        else
          kept[#kept + 1] = m
        end
      end
      return kept
    end,
    legal = function(pos, move)
      if pos:state(1) == 0 then return nil end -- a whole move: the check rule
      if #pos:legal() > 0 then return true end
      local sq = decode_sq(pos, pos:state(2))
      local taken = std.chess.pieces[string.char(pos:state(1))].name
      return false, "no move of a " .. taken .. " from " .. sq ..
                    " without capture leaves " .. (pos:mover() == "white" and "White" or "Black") ..
                    "'s king safe (take and make)"
    end,
  },
})
