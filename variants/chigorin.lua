-- Chigorin Chess (Ralph Betza, 2002), after Mikhail Chigorin's liking
-- for knights: White has four knights and a chancellor (c: rook +
-- knight), Black four bishops and a queen. Castling and the rest as in
-- chess.
-- Rules: https://en.wikipedia.org/wiki/Chigorin_Chess
-- Fairy-Stockfish: UCI_Variant chigorin.
-- Promotion, by the rules (Betza's; the current Fairy-Stockfish plays
-- so): a pawn promotes to a piece of its own army only, White's to a
-- chancellor, rook or knight, Black's to a queen, rook or bishop. Option
-- promotion=any: either side's pawns to a queen, chancellor, rook, bishop
-- or knight, as Fairy-Stockfish 11.1 plays (its differential run compares
-- so).
local std = require "std"
return std.extend(std.chess, {
  name = "chigorin",
  description = "knights and a chancellor against bishops and a queen",
  fairy_stockfish = "chigorin",
  pieces = { c = std.pieces.chancellor },
  start = "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1",
  promotion = { pieces = "qcrbn", by_side = { white = "crn", black = "qrb" } },
  options = {
    dead_position = std.dead_position_option,
    promotion = { default = "army", values = { "army", "any" },
      doc = "army: a pawn promotes to a piece of its own side's army (White: chancellor, rook, knight; Black: queen, rook, bishop); any: to any of the five (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    v = std.with_dead_position(v, o)
    if o.promotion == "any" then return std.extend(v, { promotion = { by_side = std.NONE } }) end
    return v
  end,
})
