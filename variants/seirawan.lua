-- Seirawan chess (S-chess, Yasser Seirawan and Bruce Harper, 2007):
-- orthodox chess plus a hawk (bishop + knight, h) and an elephant (rook +
-- knight, e) in each player's hand. When a piece first leaves its square
-- on the first rank, the player may put a piece from the hand on the
-- square it left ("gating"); when castling, on the king's or the rook's
-- square. Pawns may also promote to a hawk or an elephant.
-- UCI as Fairy-Stockfish: the gated piece's letter after the move (b1c3h);
-- castling with a piece gated on the rook's square is written from the
-- rook to the king (h1e1h). The FEN's castling field lists, after the
-- rights, the files where gating is still possible (KQBCDFGkqbcdfg).
-- Choices: a gate closes when its piece leaves or is captured, and for
-- good (as Fairy-Stockfish). The gated piece may shield the own king: a
-- king may step out of a check along the rank when the piece gated on its
-- square blocks it, since the position after the move is what counts;
-- option gate_shields=no judges the move without the gated piece, as
-- Fairy-Stockfish does (11.1 and the current one).
-- Rules: https://en.wikipedia.org/wiki/Seirawan_chess
-- Fairy-Stockfish: UCI_Variant seirawan.
local std = require "std"
return std.extend(std.chess, {
  name = "seirawan",
  description = "chess plus hawk and elephant, brought in as pieces leave home",
  names = { xboard = "seirawan", pgn = "S-Chess" },
  pieces = {
    h = std.extend(std.pieces.archbishop, { name = "hawk" }),
    e = std.extend(std.pieces.chancellor, { name = "elephant" }),
  },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
  promotion = { pieces = "qehrbn" },
  drops = { captures = false, free = false, gating = true },
  options = {
    gate_shields = { default = "yes", values = { "yes", "no" },
      doc = "yes: a gated piece may block a check on the own king; no: the move is judged without it (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    if o.gate_shields == "no" then return std.extend(v, { drops = { gate_shields = false } }) end
    return v
  end,
})
