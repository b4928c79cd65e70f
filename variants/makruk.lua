-- Makruk, Thai chess: the khon (s, one step diagonally or straight
-- forward, like a shogi silver) in place of the bishop, the met (m, one
-- diagonal step) in place of the queen, pawns on the third rank without
-- a double step, promoting to a met on the sixth rank. No castling;
-- stalemate is a draw.
-- Rules: https://en.wikipedia.org/wiki/Makruk
-- Counting rules (rules.counting = std.counting("makruk")): with no pawn
-- on the board, a side whose opponent has more than a king counts its
-- moves, and the game is drawn when the count passes its limit: 64 on the
-- board's honour, while the counting side has more than its king; on the
-- pieces' honour, its king alone, a limit by the opponent's pieces (two
-- rooks 8, a rook 16, two khons 22, two knights 32, a khon 44, else 64),
-- the count starting from the number of pieces on the board. A draw the
-- player to move could claim, as the n-move rule (g:result() claims it).
-- As Fairy-Stockfish plays them (countingRule = makruk), the counts start
-- by themselves, the board's honour's for the side to move when it first
-- may count (docs/variants/rulings.md). No 50-move rule (nmove = 0).
-- Fairy-Stockfish: UCI_Variant makruk.
-- A pawn set up unpromoted inside the zone by a FEN must promote on its
-- next move here; Fairy-Stockfish 11.1 lets it step on unpromoted (such
-- positions cannot arise in play).
local std = require "std"
return std.extend(std.chess, {
  name = "makruk",
  description = "Thai chess",
  names = { xboard = "makruk" },
  fairy_stockfish = "makruk",
  pieces = {
    p = std.pieces.shatranj_pawn,
    b = std.NONE,
    q = std.NONE,
    s = { name = "khon", betza = "FfW", value = 300 },
    m = { name = "met", betza = "F", value = 150 },
  },
  start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
  promotion = { pieces = "m", zone = 3 },
  castling = std.NONE,
  rules = { nmove = 0, counting = std.counting("makruk") },
})
