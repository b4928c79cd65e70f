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
-- Written as a turn of two steps (turn = { "move", "move" }): the
-- capture, then the continuation, so that the compound move is written
-- `c3e4,e4e8` in UCI and `Nxe4,Ne8` in SAN. The rule is one declaration,
-- `continue_as = "captured"` (docs/api.md), answered in C without calling
-- Lua:
-- - a capture notes the captured type (state slot 1, its letter's byte)
--   and the capture square (slot 2, file * 100 + rank), and the turn goes
--   on; the continuation clears them and ends it;
-- - in the continuation step the moves are those without capture of the
--   captured type from the capture square (no castling, no en passant),
--   with the promotions of the piece that continues: a pawn's promote on
--   the last rank, and none ends on the mover's first rank; a double step
--   in the way of a pawn is a pawn's only when a pawn makes it;
-- - a capture is legal when some continuation leaves the mover's king
--   safe (legality is judged after the whole compound move); the
--   continuation is judged by the ordinary check rule;
-- - a capture itself never promotes: a pawn's capture onto its last rank
--   is one move (UCI `e7d8`), and its continuation promotes where it ends.
-- - Check is ordinary attack: no hook.
--
-- Choices where the text is silent:
-- - A pawn that captures onto its last rank does not promote there: the
--   definition promotes a pawn where its continuation ends. Its capture is
--   one move, not one per promotion piece (UCI `e7d8`), and its continuation,
--   in the way of the piece taken, promotes if it ends on the last rank
--   again (a rook taken on d8 gives d8a8q...); ending elsewhere it stays a
--   pawn, on the last rank or not (but never on the first).
-- - A double step in the way of a pawn made by a pawn is a pawn's double
--   step and may be taken en passant; made by another piece (which took a
--   pawn) it is not a pawn's and sets no en passant square.
-- - A king that captures continues like any piece, in the way of what it
--   took; the continuation may not leave it in check.
local std = require "std"

return std.extend(std.chess, {
  name = "takemake",
  description = "Take & Make: a capturing piece must go on with a move of the piece it took",
  turn = { "move", "move" },
  hooks = {
    -- the capture's continuation, its moves, its judging and the turn's
    -- end, in C (until 2026-12 written as effects, turn_ends, moves and
    -- legal hooks, with stand-in types for a pawn moving as another piece)
    continue_as = "captured",
  },
})
