-- Courier Chess, the medieval German game on 12x8: shatranj's ferz
-- (f) and alfil (e) beside the bishop (b, the "courier"), the wazir
-- (w, the "schleich"), the commoner (m, the "man") and the king. Pawns
-- have no double step and promote to a ferz; no castling.
-- Rules: https://www.chessvariants.com/historic.dir/courier.html
-- Fairy-Stockfish: UCI_Variant courier, whose start position (with the
-- traditional advanced rook, queen's and ferz pawns) and rules we follow:
-- stalemate loses, a bare king loses (see shatranj.lua).
local std = require "std"
return std.extend(std.chess, {
  name = "courier",
  description = "the medieval German game on 12x8 with the courier and the schleich",
  names = { xboard = "courier" },
  files = 12, ranks = 8,
  pieces = {
    p = std.pieces.shatranj_pawn,
    q = std.NONE,
    e = std.pieces.alfil,
    f = std.pieces.ferz,
    m = std.pieces.commoner,
    w = std.pieces.wazir,
  },
  start = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
  promotion = { pieces = "f" },
  castling = std.NONE,
  rules = {
    stalemate = "loss",
    extinction = { result = "loss", pieces = "*", count = 1, opponent = 2, claim = true },
  },
})
