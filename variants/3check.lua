-- Three-check Chess: orthodox chess, and a side that gives its third
-- check wins at once (checkmate still wins too). Every move that leaves
-- the opponent's king attacked counts, double checks once.
-- The FEN carries the counters after en passant, as Fairy-Stockfish
-- writes them: the checks each side still needs, White's first ("3+3" at
-- the start). A FEN without them means one more check wins for either
-- side, as Fairy-Stockfish reads it.
-- Rules: https://lichess.org/variant/threeCheck; Fairy-Stockfish's
-- variant.cpp (threecheck_variant: checkCounting). Configuration only.
-- Fairy-Stockfish: UCI_Variant 3check.
local std = require "std"
return std.extend(std.chess, {
  name = "3check",
  description = "chess; giving a third check wins",
  names = { xboard = "3check", pgn = { "Three-check", "Three-check Chess" } },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
  rules = { check_limit = 3 },
})
