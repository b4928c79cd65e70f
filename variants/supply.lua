-- Supply chess: Xiangqi played as a team game on two boards, like
-- Bughouse: the pieces a player captures go to the partner, who may drop
-- them on the own half of the board (where an elephant may stand)
-- instead of moving; a drop may not give check. On one board the pocket
-- holds what the FEN gives it and captures go nowhere, as in Fairy-
-- Stockfish. Other rules, and the choices made, as in xiangqi.lua, but
-- for its chasing rule, which Fairy-Stockfish gives to xiangqi alone
-- (chasing = std.NONE).
-- A piece is dropped only where it could stand: an advisor on a point
-- of its palace, an elephant on one of its seven points, a soldier on a
-- point of its files in the own half (it never stands elsewhere there),
-- as the current Fairy-Stockfish plays. Option drop_where=half: anywhere
-- empty on the own half, as Fairy-Stockfish 11.1 plays (its differential
-- run compares so).
-- Rules: https://en.wikipedia.org/wiki/Xiangqi#Variations
-- Fairy-Stockfish: UCI_Variant supply.
local std = require "std"
local xiangqi = require "xiangqi"
return std.extend(xiangqi, {
  name = "supply",
  description = "xiangqi with drops, as a team game on one board",
  fairy_stockfish = "supply",
  start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1",
  -- Where a piece may stand, as the current Fairy-Stockfish confines it
  -- (the same moves on the board; what it changes is where a piece in
  -- hand may be dropped): an advisor on the five points of its diagonals
  -- in the palace, an elephant on its seven points, a soldier on its
  -- files' points of the own half or beyond the river.
  pieces = {
    a = { region = { white = "d1 f1 e2 d3 f3", black = "d8 f8 e9 d10 f10" } },
    b = { region = { white = "c1 g1 a3 e3 i3 c5 g5", black = "c6 g6 a8 e8 i8 c10 g10" } },
    p = { region = { white = "a4 a5 c4 c5 e4 e5 g4 g5 i4 i5 a6-i10",
                     black = "a6 a7 c6 c7 e6 e7 g6 g7 i6 i7 a1-i5" } },
  },
  drops = { captures = false, no_check = true,
            region = { white = "a1-i5", black = "a6-i10" } },
  rules = { chasing = std.NONE },
  options = {
    drop_where = { default = "points", values = { "points", "half" },
      doc = "points: a piece is dropped on the own half only where it could stand (advisors in the palace, elephants on their points, soldiers on their files); half: anywhere empty on the own half (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    if o.drop_where == "half" then
      return std.extend(v, { pieces = { a = { region = xiangqi.pieces.a.region },
        b = { region = xiangqi.pieces.b.region }, p = { region = std.NONE } } })
    end
    return v
  end,
})
