-- Marseillais (double-move) chess: each turn is two moves. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   Each turn is two moves by the same player, except White's first turn
--   (White to move with full-move number 1), which is one move. If the
--   first move of a turn gives check, the turn ends there; if after it the
--   player has no legal second move, the turn also ends there.
--   Neither move may leave the mover's king in check. A player in check at
--   the start of the turn must parry it with the first move. En passant is
--   possible only with the first move of a turn and only against a double
--   step that was the opponent's last move. A turn is checkmate when the
--   player to move has no legal first move; stalemate likewise.
--   (Otherwise orthodox chess, FIDE rules.)
--
-- Written with the turn program { "move", "move" } and one hook,
-- `turn_ends`, which ends the turn after its first move when that move is
-- White's first turn, gives check, or leaves no legal second move, and
-- after its second move always. The check rule is the core's (each move is
-- judged on its own: neither may leave the own king in check, so a player
-- in check parries with the first move). State slot 1 counts the moves
-- made in the turn so far (0 at the start of a turn, 1 after the first),
-- so that the hook knows which move it is about; it is in the FEN
-- (`varia:phase=1;state=1,0,0,0`) between the two moves of a turn.
--
-- En passant needs nothing: the core sets the en passant square on a
-- double step and clears it on every move, and never lets a side take its
-- own pawn, so the only en passant capture possible is with the first move
-- of a turn against the double step the opponent's turn ended with.
--
-- Choices where the text is silent:
-- - The "full-move number 1" of the definition is the FEN's: a position
--   set up with White to move at move 1 gives White one move.
-- - The n-move rule and repetition count single moves, as the core keeps
--   them (50 moves by each side, the position after each move).
local std = require "std"

local function other(colour) return colour == "white" and "black" or "white" end

return std.extend(std.chess, {
  name = "marseillais",
  description = "Marseillais chess: two moves a turn (White's first turn one); a check ends the turn",
  turn = { "move", "move" },
  hooks = {
    turn_ends = function(pos, move)
      local made = pos:state(1) + 1
      if made >= 2 or (pos:mover() == "white" and pos:fullmove() == 1)
         or pos:in_check(other(pos:mover())) then
        pos:set_state(1, 0)
        return true
      end
      -- counted before asking for the second moves: their own turn_ends
      -- must see that they are second moves (and so not ask again)
      pos:set_state(1, made)
      if #pos:legal() == 0 then
        pos:set_state(1, 0)
        return true
      end
      return false
    end,
  },
})
