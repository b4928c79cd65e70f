-- Wolf Chess (Arno von Wilpert, 1943): 8x10 with a wolf (w: rook +
-- knight), a fox (f: bishop + knight), two nightriders (n) and, for each
-- side, four sergeants (s: one step forward, straight or diagonally, to
-- move or capture) among the pawns of the second rank; four more pawns
-- stand on the third. Pawns and sergeants step twice from their start
-- squares (the second rank, and b3 c3 f3 g3), without capturing; a pawn
-- may take such a double step en passant. Pawns and sergeants promote on
-- the last rank to a queen, wolf, fox, rook or bishop; a pawn may also
-- become an elephant (+P: nightrider + queen). No castling.
-- Rules: https://en.wikipedia.org/wiki/Wolf_chess
-- Fairy-Stockfish: UCI_Variant wolf (doubleStepRegion rank 2 and
-- b3 c3 f3 g3; the elephant is the pawn's promotedPieceType).
local std = require "std"
-- the double step: from the start squares (rank 2, b3 c3 f3 g3) to the
-- squares two ahead, an extra move whose start and end are both here;
-- as an i move (from the ranks of initial, both sides' start ranks) it
-- leaves a square to take en passant
local double_step = {
  betza = "ifmnD",
  white = "a2-h2 b3 c3 f3 g3 a4-h4 b5 c5 f5 g5",
  black = "a9-h9 b8 c8 f8 g8 a7-h7 b6 c6 f6 g6",
}
return std.extend(std.chess, {
  name = "wolf",
  description = "8x10 chess with wolves, foxes, nightriders, sergeants and elephants",
  fairy_stockfish = "wolf",
  files = 8, ranks = 10,
  pieces = {
    p = std.extend(std.pieces.pawn, { betza = "fmWfceF", extra = double_step,
                                      initial = { 2, 3, 8, 9 }, promotes_to = "e" }),
    s = { name = "sergeant", betza = "fK", value = 150, promotes = true,
          extra = double_step, initial = { 2, 3, 8, 9 } },
    w = std.extend(std.pieces.chancellor, { name = "wolf" }),
    f = std.extend(std.pieces.archbishop, { name = "fox" }),
    n = std.pieces.nightrider,
    e = { name = "elephant", betza = "NNQ", value = 1300 },
  },
  start = "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1",
  promotion = { pieces = "qwfrb" },
  castling = std.NONE,
})
