-- Atomic Chess: orthodox chess where every capture is an explosion. The
-- capturing piece, the captured piece and every piece other than a pawn
-- on the eight squares around the capture square leave the board (en
-- passant: the blast is centred where the capturing pawn lands). A side
-- whose king is blown up loses at once, so a king never captures, and a
-- move that blows up one's own king is illegal; blowing up the enemy king
-- wins even if one's own king is left attacked. Kings that touch cannot
-- check each other (taking one would blow up the other).
-- Rules: https://en.wikipedia.org/wiki/Atomic_chess; Fairy-Stockfish's
-- variant.cpp (atomic_variant: blastOnCapture, the king extinct loses,
-- extinctionPseudoRoyal). Configuration only.
-- Debian's fairy-stockfish 11.1 predates its atomic chess (UCI_Variant
-- atomic is not among its variants), so the differential suite skips it;
-- tests/perft/atomic.perft and tests/lua/test_rules.lua hold the newer
-- Fairy-Stockfish's counts from its tests/perft.sh, which varia matches.
-- Fairy-Stockfish: UCI_Variant atomic.
local std = require "std"
return std.extend(std.chess, {
  name = "atomic",
  description = "chess in which every capture explodes the pieces around it",
  names = { xboard = "atomic", pgn = "Atomic Chess" },
  rules = {
    blast = { radius = 1, immune = "p" },
    extinction = { pieces = "k" },
  },
})
