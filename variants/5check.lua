-- Five-check Chess: orthodox chess, and a side that gives its fifth
-- check wins at once (checkmate still wins too). Every move that leaves
-- the opponent's king attacked counts, double checks once.
-- The FEN carries the counters after en passant, as Fairy-Stockfish
-- writes them: the checks each side still needs, White's first ("5+5" at
-- the start). A FEN without them means one more check wins for either
-- side, as Fairy-Stockfish reads it.
-- Rules: Fairy-Stockfish's variant.cpp (fivecheck_variant: checkCounting
-- with five checks). Configuration only.
-- Fairy-Stockfish: UCI_Variant 5check.
local std = require "std"
return std.extend(std.chess, {
  name = "5check",
  description = "chess; giving a fifth check wins",
  names = { pgn = "Five-check" },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1",
  rules = { check_limit = 5 },
})
