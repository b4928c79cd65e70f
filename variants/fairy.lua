-- Fairy: Fairy-Stockfish's test variant, chess with two more piece types
-- that start off the board: the silver general (s, one step diagonally or
-- straight forward) and the fers (f, one step diagonally). They appear
-- only in positions set up by a FEN; pawns promote as in chess (to q, r,
-- b, n), so from the start position the game is chess.
-- Rules: Fairy-Stockfish's src/variant.cpp (fairy: chess plus SILVER 's'
-- and FERS 'f', "used for endgame code initialization").
-- Fairy-Stockfish: UCI_Variant fairy.
local std = require "std"
return std.extend(std.chess, {
  name = "fairy",
  description = "Fairy-Stockfish's test variant: chess with a silver and a fers",
  fairy_stockfish = "fairy",
  pieces = {
    s = { name = "silver", betza = "FfW", value = 300 },
    f = { name = "fers", betza = "F", value = 150 },
  },
})
