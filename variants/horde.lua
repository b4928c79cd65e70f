-- Horde: White's thirty-six pawns against Black's ordinary army. White
-- has no king and loses when every pawn is gone; Black loses by
-- checkmate. White's pawns may step twice from the first rank as well as
-- from the second.
-- Rules: https://lichess.org/variant/horde
-- Fairy-Stockfish: UCI_Variant horde.
local std = require "std"
return std.extend(std.chess, {
  name = "horde",
  description = "thirty-six white pawns against Black's army",
  names = { pgn = "Horde Chess" },
  fairy_stockfish = "horde",
  pieces = { p = { initial = { 1, 2, 7 } } },
  start = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
  rules = {
    extinction = { result = "loss", pieces = "*", count = 0 },
    -- A double step from the first rank cannot be taken en passant: only
    -- the square passed on the third (sixth) rank can, as Fairy-Stockfish
    -- 11.1 plays (its enPassantRegion).
    en_passant_ranks = { 3 },
  },
})
