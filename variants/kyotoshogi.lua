-- Kyoto shogi (Tamiya Katsuya, 1976): shogi on 5x5 in which every piece
-- but the king turns over after each of its moves: pawn and rook, silver
-- and bishop, lance and gold, knight and gold are the two sides of one
-- piece. A captured piece goes to the capturer's pocket and may be
-- dropped either side up.
-- Choices, as Fairy-Stockfish plays it: no restriction on pawn drops (no
-- nifu, pawn-drop mate allowed) and a piece may be dropped where it could
-- not move; stalemate loses; a fourth repetition draws.
-- UCI: a move that promotes ends in '+', one that turns a piece back in
-- '-' (a1a2-), a promoted drop starts with '+' (+P@b1).
-- Rules: https://en.wikipedia.org/wiki/Kyoto_shogi
-- Fairy-Stockfish: UCI_Variant kyotoshogi.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "kyotoshogi",
  description = "shogi on 5x5 where pieces turn over after each move",
  files = 5, ranks = 5,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "r" }),
    s = std.extend(s.silver, { promotes_to = "b" }),
    l = std.extend(s.lance, { promotes_to = "g" }),
    n = std.extend(s.knight, { promotes_to = "o" }),
    r = s.rook, b = s.bishop, g = s.gold, o = std.extend(s.gold, { name = "knight's gold" }),
    k = s.king,
  },
  start = "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1",
  promotion = { zone = 5, compulsory = true, flip = true },
  drops = { no_doubled = std.NONE, no_mate = std.NONE, promoted = true },
  rules = { no_immobile = false },
  options = std.NONE, with_options = std.NONE,
})
