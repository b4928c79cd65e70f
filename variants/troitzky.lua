-- Troitzky chess (Vladimir Pribylinec, after Alexei Troitzky's study of
-- two knights against a pawn): chess on a round board, a 10x10 square
-- whose corners are cut away (walls), each side's army on the two ranks
-- in front of its queen and king. The pawns stand on the third rank and
-- step twice from there (en passant as in chess). A pawn promotes, to a
-- queen, rook, bishop or knight, on the last square of its file: for
-- White a6 b8 c9 d9 e10 f10 g9 h9 i8 j6, for Black a5 b3 c2 d2 e1 f1 g2
-- h2 i3 j5. No castling.
-- Rules: https://www.chessvariants.com/shape.dir/troitzky.html;
-- Fairy-Stockfish's definition (variant.cpp, troitzky_variant:
-- promotionRegion and doubleStepRegion per side), UCI_Variant troitzky.
-- Choices: the cut-away squares are walls, a neutral piece "*" that
-- nothing moves, captures or passes (as in omicron.lua), which is what
-- Fairy-Stockfish's "*" squares are.
local std = require "std"
return std.extend(std.chess, {
  name = "troitzky",
  description = "chess on a round 10x10 board; pawns promote on the last square of their file",
  fairy_stockfish = "troitzky",
  files = 10, ranks = 10,
  pieces = { ["*"] = { name = "wall", neutral = true } },
  start = "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1",
  promotion = { pieces = "qrbn",
                zone = { white = "a6 b8 c9 d9 e10 f10 g9 h9 i8 j6",
                         black = "a5 b3 c2 d2 e1 f1 g2 h2 i3 j5" } },
  castling = std.NONE,
})
