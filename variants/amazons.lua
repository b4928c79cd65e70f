-- The Game of the Amazons (Walter Zamkauskas, 1988): four amazons a side
-- on a 10x10 board. A turn is a queen's move of one amazon, which never
-- captures, and then an arrow shot from where it landed, again along a
-- queen's line over empty squares; the arrow stays there for the rest of
-- the game, and nothing moves onto or over it. The player who cannot
-- move loses (there are no draws).
-- Rules: https://en.wikipedia.org/wiki/Game_of_the_Amazons
-- Fairy-Stockfish: UCI_Variant amazons (src/variant.cpp: pieces "mQ",
-- wallingRule = arrow, stalemate loses), whose conventions these are:
--  * FEN: the arrows are `*` (walls).
--  * UCI: the move, then the arrow from the amazon's new square:
--    d1d7,d7g7. SAN: Qd7,g7.
--  * The 50-move rule of its chess base stays, as in Fairy-Stockfish:
--    every move counts towards it, since nothing is ever captured; a
--    game of the Amazons is over long before (one arrow a turn on 92
--    empty squares).
return {
  name = "amazons",
  description = "move an amazon like a queen, then shoot an arrow that walls a square",
  fairy_stockfish = "amazons",
  files = 10, ranks = 10,
  pieces = {
    q = { name = "amazon", betza = "mQ", value = 100, glyph = "queen" },
    ["*"] = { name = "arrow", neutral = true },
  },
  start = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
  turn = { "move", { place = "*", at = "reach" } },
  rules = { stalemate = "loss" },
}
