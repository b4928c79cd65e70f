-- Yari Shogi (Christian Freeling, 1981): shogi on 7 files by 9 ranks with
-- "spear" pieces that move forward as a lance: the yari knight (n: a lance
-- or the shogi knight's leap), yari bishop (b: a lance or one step
-- diagonally forward) and yari rook (r: a rook but backwards). A knight
-- and a bishop promote to a yari gold (WfFbR: a gold's steps, and a rook
-- backwards), the rook to a full rook, the pawn to a yari silver (fKbR:
-- the king's forward steps, and a rook backwards). The zone is the last three ranks. Drops and nifu as in
-- shogi; a pawn drop may give mate; no piece may be left where it could
-- never move; stalemate loses; threefold repetition a draw; no n-move
-- rule. The rule that perpetual check loses for the checker is not
-- modelled.
-- A promoted piece is written as Fairy-Stockfish writes it, + and its
-- unpromoted letter (+P a yari silver, +N and +B a yari gold, +R a rook);
-- each form has a letter of its own inside varia (s, g, h, l).
-- Rules: https://en.wikipedia.org/wiki/Yari_shogi
-- Fairy-Stockfish: UCI_Variant yarishogi.
local std = require "std"
local gold = { name = "yari gold", betza = "WfFbR", value = 600 }
return std.extend(std.shogi_rules, {
  name = "yarishogi",
  description = "Freeling's 7x9 shogi with forward-spearing pieces",
  fairy_stockfish = "yarishogi",
  files = 7, ranks = 9,
  pieces = {
    k = std.shogi.king,
    p = std.extend(std.shogi.pawn, { promotes_to = "s" }),
    n = { name = "yari knight", betza = "fRffN", value = 350, promotes_to = "g" },
    b = { name = "yari bishop", betza = "fFfR", value = 400, promotes_to = "h" },
    r = { name = "yari rook", betza = "frlR", value = 700, promotes_to = "l" },
    s = { name = "yari silver", betza = "fKbR", value = 550 },
    g = gold, h = std.extend(gold, { name = "yari gold (from a bishop)" }),
    l = { name = "rook", betza = "R", value = 900 },
  },
  start = "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[] w - - 0 1",
  promotion = { zone = 3 },
  drops = { no_mate = std.NONE },
  rules = { repetition = 3 },
})
