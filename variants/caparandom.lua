-- Capablanca Random Chess: Capablanca Chess (10x8, archbishop a and
-- chancellor c) from a shuffled back rank, with castling as in Chess960,
-- by Reinhard Scharnagl (2004).
-- Rules: https://en.wikipedia.org/wiki/Capablanca_random_chess
-- Fairy-Stockfish: UCI_Variant caparandom (Capablanca with Chess960
-- castling: king and rook end on the i and h files, or on the c and d).
--
-- Choices, as in chess960.lua:
--  * The start position is Capablanca's arrangement, as in
--    Fairy-Stockfish; a shuffled one is passed as the fen of varia.new or
--    set with `fen` in the REPL (varia does not draw one).
--  * Castling is written king-takes-rook (e1j1), as UCI_Chess960 does.
local std = require "std"
local capablanca = require "capablanca"
return std.extend(capablanca, {
  name = "caparandom",
  description = "Capablanca chess from a shuffled back rank, castling as in 960",
  names = { xboard = "caparandom", shuffled_from = "capablanca" },
  castling = { notation = "king-takes-rook" },
})
