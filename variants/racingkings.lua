-- Racing Kings (Vladimir Pribylinec): both armies start on the first two
-- ranks and race their kings to the eighth rank. No move may give check
-- (so no one is ever in check). The first king on the eighth rank wins,
-- except that when White's king gets there, Black has one more move: if
-- Black's king reaches the eighth rank too, the game is drawn.
-- As in Fairy-Stockfish, a goal counts when its side is to move again, so
-- White makes one (idle) move after Black's king arrives first.
-- Rules: https://lichess.org/variant/racingKings
-- Fairy-Stockfish: UCI_Variant racingkings.
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
