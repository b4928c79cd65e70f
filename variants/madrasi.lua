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
-- Written with hooks only: `attacked` says what attacks (and so what
-- check is, for legality, castling and mate); `moves` takes out the moves
-- of paralysed pieces, with the reason `why` prints.
-- Choices where the text is silent: en passant is an ordinary pawn
-- capture, so a paralysed pawn cannot take en passant; a pawn is
-- paralysed by the enemy pawns that attack it (diagonally), not by one
-- that blocks it.
local std = require "std"

local function other(colour) return colour == "white" and "black" or "white" end

-- Is the piece on sq paralysed: attacked by an enemy piece of its type?
-- (pos:attacked narrowed to a type: one question in C, no list)
local function paralysed(pos, sq)
  local piece, colour = pos:piece(sq)
  if not piece or piece == "K" or piece == "k" then return false end
  return pos:attacked(sq, other(colour), piece)
end

return std.extend(std.chess, {
  name = "madrasi",
  description = "Madrasi chess: a piece attacked by an enemy piece of its type is paralysed",
  hooks = {
    attacked = function(pos, sq, by)
      for _, a in ipairs(pos:attackers(sq, by)) do
        if not paralysed(pos, a) then return true end
      end
      return false
    end,
    moves = function(pos, moves)
      -- the side's paralysed pieces in one question (pos:attacked_by_own_type,
      -- kings aside); most positions have none: then the moves stand
      local stuck, any = {}, false
      for _, sq in ipairs(pos:attacked_by_own_type(pos:side())) do
        local piece = pos:piece(sq)
        if piece ~= "K" and piece ~= "k" then stuck[sq], any = true, true end
      end
      if not any then return nil end
      return std.keep_moves(moves, function(m)
        local from, to, kind = pos:decode(m)
        local who = kind == "castling" and to or from -- the rook castles too
        if stuck[who] then
          return "the " .. (kind == "castling" and "rook" or "piece") .. " on " .. who ..
                 " is paralysed (attacked by an enemy piece of its type)"
        end
      end)
    end,
  },
})
