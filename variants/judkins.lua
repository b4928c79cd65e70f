-- Judkins shogi (Paul Judkins, 1998): shogi on 6x6 with one of each
-- piece but the lance; the promotion zone is the last two ranks. Other
-- rules as in shogi (see shogi.lua), with the same choices.
-- Rules: https://en.wikipedia.org/wiki/Judkins_shogi
-- Fairy-Stockfish: UCI_Variant judkins.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "judkins",
  description = "shogi on 6x6",
  files = 6, ranks = 6,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    n = std.extend(s.knight, { promotes_to = "c" }),
    s = std.extend(s.silver, { promotes_to = "v" }),
    b = std.extend(s.bishop, { promotes_to = "h" }),
    r = std.extend(s.rook, { promotes_to = "d" }),
    g = s.gold, k = s.king,
    t = s.tokin, c = s.promoted_knight, v = s.promoted_silver, h = s.horse, d = s.dragon,
  },
  start = "rbnsgk/5p/6/6/P5/KGSNBR[] w - - 0 1",
  promotion = { zone = 2 },
})
