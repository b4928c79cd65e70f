-- Jeson Mor (Mongolian): nine knights each on a 9x9 board, no king. The
-- centre square e5 is the goal: a side that has a knight there when it
-- is its turn again wins (the opponent has one reply, which may capture
-- that knight). A player who cannot move (no knights left) loses.
-- Rules: https://en.wikipedia.org/wiki/Jeson_Mor (there the knight must
-- leave e5 to win; Fairy-Stockfish, whose rule this script follows, lets
-- it win by standing there when its side is to move again: its flag rule
-- with flagMove, src/variant.cpp jesonmor).
-- Fairy-Stockfish: UCI_Variant jesonmor.
return {
  name = "jesonmor",
  description = "Mongolian: nine knights each race to the centre square",
  fairy_stockfish = "jesonmor",
  files = 9, ranks = 9,
  pieces = { n = { name = "knight", betza = "N", value = 300 } },
  start = "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1",
  rules = {
    stalemate = "loss",
    goal = { pieces = "n", white = "e5", black = "e5", reply = true },
  },
}
