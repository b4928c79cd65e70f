-- Antichess (Losing Chess, Giveaway as lichess plays it): whoever loses
-- all their pieces, or cannot move, wins. A capture, when there is one,
-- is compulsory. The king is an ordinary piece (no check, it may be
-- captured) and pawns may promote to a king too. No castling.
-- Rules: https://en.wikipedia.org/wiki/Losing_chess ; lichess.org/variant/antichess
-- Fairy-Stockfish: UCI_Variant antichess.
local std = require "std"
return std.extend(std.chess, {
  name = "antichess",
  description = "losing chess: captures are compulsory, losing every piece wins",
  names = { pgn = { "Anti", "antichessv" } },
  fairy_stockfish = "antichess",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  promotion = { pieces = "kqrbn" },
  castling = std.NONE,
  rules = {
    must_capture = true,
    stalemate = "win",
    extinction = { result = "win", pieces = "*", count = 0 },
  },
})
