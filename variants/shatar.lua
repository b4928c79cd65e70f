-- Shatar (Mongolian chess), as Fairy-Stockfish 11.1 plays it: chess
-- without castling, the queen replaced by the bers (j, rook and fers),
-- pawns without a double step, promoting to a bers; the d-pawns start on
-- d4 and d5.
-- A checkmate by knights only is not allowed: it loses for the mating
-- side. Any other checkmate wins only if its series of checks (the mate
-- and the checks before it, while the mated side stayed in check) holds a
-- check by a rook, bers or knight (shak); otherwise it is a draw (niol).
-- A side left with its king alone draws at once (robado), whichever side
-- is to move.
-- Rules: https://en.wikipedia.org/wiki/Shatar ; Fairy-Stockfish's
-- src/variant.cpp (shatar: bareKingValue draw, shatarMateRule), its
-- results checked against the Debian binary.
-- Fairy-Stockfish: UCI_Variant shatar.
local std = require "std"
return std.extend(std.chess, {
  name = "shatar",
  description = "Mongolian chess",
  fairy_stockfish = "shatar",
  pieces = {
    p = std.pieces.shatranj_pawn,
    q = std.NONE,
    j = { name = "bers", betza = "RF", value = 700 },
  },
  start = "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
  promotion = { pieces = "j" },
  castling = std.NONE,
  rules = {
    extinction = { result = "draw", pieces = "*", count = 1 },
    checkmate_by = { pieces = "n", result = "win" },
    checkmate_series = { pieces = "rjn", result = "draw" },
  },
})
