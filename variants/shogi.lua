-- Shogi (Japanese chess), 9x9. Captured pieces change sides and may be
-- dropped back on any empty square instead of a move. A piece promotes by
-- choice on a move into, within or out of the last three ranks, and must
-- where it could never move again (pawn and lance on the last rank,
-- knight on the last two); a captured promoted piece returns unpromoted.
-- No pawn may be dropped on a file holding another unpromoted pawn of its
-- side (nifu), nor to give mate (uchifuzume). Stalemate loses (it cannot
-- happen in practice).
-- Choices: repetition (sennichite) ends the game as a draw on the fourth
-- occurrence, as in Fairy-Stockfish; the rule that perpetual check loses
-- for the checker is not modelled. Option pawn_drop_mate=loses plays
-- uchifuzume as a move that loses, as Fairy-Stockfish does (11.1, and the
-- current one, whose perft still counts such drops).
-- Pieces are written as Fairy-Stockfish writes them (+P for a tokin); the
-- promoted forms have letters of their own inside varia (t, y, c, v, h, d).
-- Rules: https://en.wikipedia.org/wiki/Shogi
-- Fairy-Stockfish: UCI_Variant shogi.
local std = require "std"
local s = std.shogi
return std.extend(std.shogi_rules, {
  name = "shogi",
  description = "Japanese chess",
  names = { xboard = "shogi" },
  files = 9, ranks = 9,
  pieces = {
    p = std.extend(s.pawn, { promotes_to = "t" }),
    l = std.extend(s.lance, { promotes_to = "y" }),
    n = std.extend(s.knight, { promotes_to = "c" }),
    s = std.extend(s.silver, { promotes_to = "v" }),
    b = std.extend(s.bishop, { promotes_to = "h" }),
    r = std.extend(s.rook, { promotes_to = "d" }),
    g = s.gold, k = s.king,
    t = s.tokin, y = s.promoted_lance, c = s.promoted_knight, v = s.promoted_silver,
    h = s.horse, d = s.dragon,
  },
  start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
  promotion = { zone = 3 },
})
