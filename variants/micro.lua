-- Micro shogi (attributed to Oyama Yasuharu): shogi on 4x5 in which a
-- piece turns over when it captures: pawn and knight, lance and silver,
-- bishop and gold, rook and gold are the two sides of one piece (the
-- start position has the rook and the lance turned). Captured pieces go to
-- the capturer's pocket and may be dropped either side up.
-- Choices, as Fairy-Stockfish plays it: no restriction on pawn drops, a
-- piece may be dropped where it could not move, stalemate loses, a fourth
-- repetition draws.
-- Rules: https://en.wikipedia.org/wiki/Micro_shogi
-- Fairy-Stockfish: UCI_Variant micro.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "micro",
  description = "shogi on 4x5 where pieces turn over on capturing",
  files = 4, ranks = 5,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "n" }),
    l = std.extend(s.lance, { promotes_to = "s" }),
    b = std.extend(s.bishop, { promotes_to = "g" }),
    r = std.extend(s.rook, { promotes_to = "o" }),
    n = s.knight, s = s.silver, g = s.gold, o = std.extend(s.gold, { name = "rook's gold" }),
    k = s.king,
  },
  start = "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1",
  promotion = { zone = 5, compulsory = true, flip = "capture" },
  drops = { no_doubled = std.NONE, no_mate = std.NONE, promoted = true },
  rules = { no_immobile = false },
  options = std.NONE, with_options = std.NONE,
})
