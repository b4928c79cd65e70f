-- Racing Kings (Vladimir Pribylinec): both armies start on the first two
-- ranks and race their kings to the eighth rank. No move may give check
-- (so no one is ever in check). The first king on the eighth rank wins,
-- except that when White's king gets there, Black has one more move: if
-- Black's king reaches the eighth rank too, the game is drawn.
-- When Black's king gets there first, Black wins at once; when White's
-- does and Black's cannot follow with its next move, White wins at once
-- (the rules as lichess plays them, and the current Fairy-Stockfish).
-- Option reply=always: the other side always makes its move first, as
-- Fairy-Stockfish 11.1 plays (its differential run compares so).
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
  options = {
    reply = { default = "early", values = { "early", "always" },
      doc = "early: the first king on the eighth rank wins at once unless it is White's and Black's king can follow with its next move; always: the other side always moves once more first (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    if o.reply == "always" then return std.extend(v, { rules = { goal = { reply = "always" } } }) end
    return v
  end,
})
