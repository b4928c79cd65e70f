-- Dobutsu shogi ("animal shogi", Madoka Kitao, 2008): a 3x4 teaching
-- shogi. The lion (king) steps in all eight directions, the giraffe
-- orthogonally, the elephant diagonally, the chick one step forward; a
-- chick reaching the last rank may become a hen (a gold). Captured pieces
-- change sides and may be dropped anywhere empty (a chick too, on any
-- rank and file). A player wins by capturing the lion, or by bringing the
-- own lion to the far rank (the "try").
-- Choices, as the rules have it and the current Fairy-Stockfish plays:
-- the lion is not royal: it may move where it can be taken, and taking
-- it wins (extinction). The try counts when the lion stands on the far
-- rank where the opponent cannot take it, at once, or, if it stood there
-- attacked, once it has survived the opponent's move. A chick on the last
-- rank becomes a hen (the rules' promotion is compulsory), stalemate
-- loses, a fourth repetition draws.
-- Option lion=royal: the lion may not move into attack, the try counts
-- at once, and a chick may stay a chick on the last rank (Fairy-Stockfish
-- 11.1; its differential run compares so).
-- Rules: https://en.wikipedia.org/wiki/D%C5%8Dbutsu_sh%C5%8Dgi
-- Fairy-Stockfish: UCI_Variant dobutsu.
local std = require "std"
return std.extend(std.shogi_rules, {
  name = "dobutsu",
  description = "animal shogi on 3x4: catch the lion or reach the far rank",
  files = 3, ranks = 4,
  pieces = {
    c = { name = "chick", betza = "fW", value = 100, promotes_to = "h" },
    h = { name = "hen", betza = "WfF", value = 400 },
    e = { name = "elephant", betza = "F", value = 300 },
    g = { name = "giraffe", betza = "W", value = 350 },
    l = { name = "lion", betza = "K", value = 1000 },
  },
  start = "gle/1c1/1C1/ELG[] w - - 0 1",
  promotion = { zone = 1, compulsory = true },
  drops = { no_doubled = std.NONE, no_mate = std.NONE },
  rules = {
    no_immobile = false,
    extinction = { pieces = "l", result = "loss" },
    goal = { pieces = "l", white = "a4 b4 c4", black = "a1 b1 c1", safe = true },
  },
  options = {
    lion = { default = "capturable", values = { "capturable", "royal" },
      doc = "capturable: the lion may be taken, which wins, and a try counts only where it is safe (the rules); royal: the lion may not move into attack, and reaching the far rank wins at once (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    if o.lion == "royal" then
      return std.extend(v, { pieces = { l = { royal = true, value = 0 } }, promotion = { compulsory = std.NONE },
        rules = { extinction = std.NONE, goal = { safe = std.NONE } } })
    end
    return v
  end,
})
