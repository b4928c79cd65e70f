-- Racing Kings (Vladimir Pribylinec): both armies start on the first two
-- ranks and race their kings to the eighth rank. No move may give check
-- (so no one is ever in check). The first king on the eighth rank wins,
-- except that when White's king gets there, Black has one more move: if
-- Black's king reaches the eighth rank too, the game is drawn.
-- As in Fairy-Stockfish, a goal counts when its side is to move again, so
-- White makes one (idle) move after Black's king arrives first.
-- Rules: https://lichess.org/variant/racingKings
-- Fairy-Stockfish: UCI_Variant racingkings.
-- The current Fairy-Stockfish (2026) counts perft otherwise once a king
-- stands on the goal rank and the game is over: it generates no moves
-- there, where varia's perft (and 11.1's) goes on (perft 3 of
-- 8/2k5/4K3/8/8/8/3N4/8 w: 522 against 989). tests/fsf/common.lua lists
-- it as a known disagreement of the run against that engine.
local std = require "std"
local eighth = "a8 b8 c8 d8 e8 f8 g8 h8"
return std.extend(std.chess, {
  name = "racingkings",
  description = "race your king to the eighth rank; no checks",
  names = { pgn = "Racing" },
  fairy_stockfish = "racingkings",
  start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
  castling = std.NONE,
  rules = {
    no_check = true,
    goal = { pieces = "k", white = eighth, black = eighth, reply = true },
  },
})
