-- ASEAN Chess, the common rules set by the ASEAN Chess Confederation
-- (2011) for makruk-like games: the khon (b, one step diagonally or
-- straight forward) in place of the bishop and the met (q, one diagonal
-- step) in place of the queen, pawns on the third rank without a double
-- step. A pawn promotes on the last rank to a rook, knight, khon or met.
-- No castling; stalemate is a draw.
-- Rules: https://en.wikipedia.org/wiki/Makruk (Variants)
-- Counting (rules.counting = std.counting("asean", { khon = "b" })): with
-- no pawn on the board, a side left with its king alone counts its moves
-- from 0, and the game is drawn when the count passes the limit the
-- opponent's pieces give: a rook 16, a khon 44, a knight 64 (none against
-- mets alone). A draw the player to move could claim, as the n-move rule.
-- Fairy-Stockfish: UCI_Variant asean (countingRule = asean). The 50-move
-- rule is kept.
local std = require "std"
return std.extend(std.chess, {
  name = "asean",
  description = "the ASEAN Chess Confederation's common rules for makruk-like games",
  names = { xboard = "asean" },
  fairy_stockfish = "asean",
  pieces = {
    p = std.pieces.shatranj_pawn,
    b = { name = "khon", betza = "FfW", value = 300 },
    q = { name = "met", betza = "F", value = 150 },
  },
  start = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
  promotion = { pieces = "rnbq" },
  castling = std.NONE,
  rules = { counting = std.counting("asean", { khon = "b" }) },
})
