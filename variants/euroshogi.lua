-- EuroShogi (Vladimír Pribylinec, 2000): shogi on 8x8 without silvers and
-- lances; the knight leaps only forward as a knight (two up, one across)
-- or steps sideways; promotion is compulsory on entering the last three
-- ranks (or moving within them). Other rules as in shogi (see shogi.lua),
-- with the same choices.
-- Rules: https://en.wikipedia.org/wiki/EuroShogi
-- Fairy-Stockfish: UCI_Variant euroshogi.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "euroshogi",
  description = "shogi on 8x8 without silvers and lances",
  files = 8, ranks = 8,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    n = { name = "knight", betza = "ffNsW", value = 400, promotes_to = "c" },
    b = std.extend(s.bishop, { promotes_to = "h" }),
    r = std.extend(s.rook, { promotes_to = "d" }),
    g = s.gold, k = s.king,
    t = s.tokin, c = s.promoted_knight, h = s.horse, d = s.dragon,
  },
  start = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[] w - - 0 1",
  promotion = { zone = 3, compulsory = true },
})
