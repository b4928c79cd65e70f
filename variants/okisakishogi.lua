-- Okisaki Shogi (10x10): shogi with a queen beside each king, the lances
-- replaced by vertical movers (l: any distance forward or backward) and
-- the shogi knights by orthodox knights (n). Pawns, silvers, vertical
-- movers and knights promote to a gold, the bishop to a horse, the rook
-- to a dragon; the queen, gold and king do not promote. The zone is the
-- last three ranks. Drops, nifu, no mate by a pawn drop, no piece left
-- where it could never move, stalemate loses, fourfold repetition a draw
-- (the shogi family's rules, std.shogi_rules); the rule that perpetual
-- check loses for the checker is not modelled. A pawn drop that mates is
-- illegal; option pawn_drop_mate=loses plays it as a move that loses for
-- the dropper, as the current Fairy-Stockfish does.
-- Rules: https://en.wikipedia.org/wiki/Okisaki_shogi
-- Fairy-Stockfish: UCI_Variant okisakishogi.
local std = require "std"
local s = std.shogi
local gold_form = function(name) return std.extend(s.tokin, { name = name }) end
return std.extend(std.shogi_rules, {
  name = "okisakishogi",
  description = "shogi on 10x10 with queens, knights and vertical movers",
  fairy_stockfish = "okisakishogi",
  files = 10, ranks = 10,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    l = { name = "vertical mover", betza = "vR", value = 500, promotes_to = "y" },
    n = { name = "knight", betza = "N", value = 400, promotes_to = "c" },
    s = std.extend(s.silver, { promotes_to = "v" }),
    b = std.extend(s.bishop, { promotes_to = "h" }),
    r = std.extend(s.rook, { promotes_to = "d" }),
    g = s.gold, k = s.king,
    q = { name = "queen", betza = "Q", value = 1500 },
    t = s.tokin, y = gold_form("promoted vertical mover"), c = gold_form("promoted knight"),
    v = s.promoted_silver, h = s.horse, d = s.dragon,
  },
  start = "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[] w - - 0 1",
  promotion = { zone = 3 },
})
