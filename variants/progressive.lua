-- Progressive chess, Scotch rules: each turn is one move longer than the
-- last. The rules, in
-- varia's own definition (after the Popeye manual, chessvariants.com and
-- Wikipedia's "Fairy chess"):
--
--   White makes one move, Black two, White three, and so on. A move giving
--   check ends the sequence at once. No move may leave the mover's king in
--   check; a player in check at the start of a sequence must parry it with
--   the first move. En passant is possible only with the first move of a
--   sequence, against a double step that was the opponent's last move.
--   (Otherwise orthodox chess, FIDE rules.)
--
-- Written with the turn program { "move", "move" } (whose last step
-- repeats while `turn_ends` says the turn goes on) and one hook,
-- `turn_ends`. The length of a sequence is derived from the position:
-- White's sequence at full-move number n has 2n - 1 moves, Black's 2n
-- (1, 2, 3, 4...), so a sequence cut short by a check does not change the
-- next one's length. State slot 1 counts the moves made in the sequence
-- so far (in the FEN as `state=` between two moves of a sequence).
-- The check rule is the core's: each move is judged on its own, so none
-- may leave the mover's king in check, and the first must parry a check.
-- En passant needs nothing: the core sets the en passant square on a
-- double step and clears it on every move, and never lets a side take its
-- own pawn, so only the first move of a sequence can take en passant, and
-- only the opponent's last move.
--
-- Choices where the text is silent:
-- - A player with no legal move in the middle of a sequence (never in
--   check there: no move of the sequence may leave the king in check) is
--   stalemated: the game is a draw ("progressive stalemate", as the
--   Scotch rules in the literature say), decided by the core as it
--   decides any stalemate. The option `stalled = "ends"` instead ends
--   the sequence there and the opponent moves (as Marseillais does).
-- - The full-move number of a FEN sets the sequence's length: a position
--   set up with White to move at move 3 gives White five moves.
-- - The fifty-move rule and repetition count single moves, as the core
--   keeps them (the literature's "ten turns without capture or pawn move"
--   is not played).
local std = require "std"

local function other(colour) return colour == "white" and "black" or "white" end

-- The number of moves in the sequence of the side that made the last move.
local function length(pos)
  local n = pos:fullmove()
  return pos:mover() == "white" and 2 * n - 1 or 2 * n
end

local function turn_ends(stalled)
  return function(pos, move)
    local made = pos:state(1) + 1
    if made >= length(pos) or pos:in_check(other(pos:mover())) then
      pos:set_state(1, 0)
      return true
    end
    -- counted before pos:legal() is asked, so that the next moves' own
    -- turn_ends count on from here
    pos:set_state(1, made)
    if stalled == "ends" and #pos:legal() == 0 then
      pos:set_state(1, 0)
      return true
    end
    return false
  end
end

local variant = std.extend(std.chess, {
  name = "progressive",
  description = "Progressive chess (Scotch): White 1 move, Black 2, White 3...; a check ends the sequence",
  turn = { "move", "move" },
  options = {
    stalled = { default = "draw", values = { "draw", "ends" },
                doc = "no legal move in mid-sequence: a draw by stalemate, or the sequence ends" },
  },
})

variant.with_options = function(v, chosen)
  return std.extend(v, { hooks = { turn_ends = turn_ends(chosen.stalled) } })
end

return variant
