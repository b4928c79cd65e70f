-- Makruk, Thai chess: the khon (s, one step diagonally or straight
-- forward, like a shogi silver) in place of the bishop, the met (m, one
-- diagonal step) in place of the queen, pawns on the third rank without
-- a double step, promoting to a met on the sixth rank. No castling;
-- stalemate is a draw.
-- Rules: https://en.wikipedia.org/wiki/Makruk
-- Fairy-Stockfish: UCI_Variant makruk. Its board-honour and pieces'-honour
-- counting rules end games without changing the moves, so they are left
-- out; like Fairy-Stockfish, makruk has no 50-move rule (nmove = 0).
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
  rules = { nmove = 0 },
})
