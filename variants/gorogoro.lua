-- Goro goro shogi: a 5x6 teaching shogi with kings, golds, silvers and
-- three pawns a side; the promotion zone is the last two ranks. Other
-- rules as in shogi (see shogi.lua), with the same choices.
-- Rules: https://en.wikipedia.org/wiki/D%C5%8Dbutsu_sh%C5%8Dgi#Variation
-- Fairy-Stockfish: UCI_Variant gorogoro.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "gorogoro",
  description = "a 5x6 teaching shogi",
  files = 5, ranks = 6,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    s = std.extend(s.silver, { promotes_to = "v" }),
    g = s.gold, k = s.king,
    t = s.tokin, v = s.promoted_silver,
  },
  start = "sgkgs/5/1ppp1/1PPP1/5/SGKGS[] w - - 0 1",
  promotion = { zone = 2 },
})
