-- Ataxx (Dave Crummack and Craig Galley, 1988): stones on a 7x7 board. A
-- stone either clones itself onto an empty square next to it (a drop
-- there, P@b2, the original stays) or jumps two squares away (any square
-- at distance two, leaving its own empty). Either way, every enemy stone
-- next to the square it lands on turns to the mover's colour. A player
-- without a move passes; the game ends when the board is full, when both
-- pass in a row, or when a player has no stone left to move, and the
-- player with more stones wins.
-- Rules: https://en.wikipedia.org/wiki/Ataxx
-- Fairy-Stockfish: UCI_Variant ataxx (src/variant.cpp ataxx_variant:
-- piece mDmNmA, freeDrops, enclosingDrop and flipEnclosedPieces ataxx,
-- passOnStalemate, stalematePieceCount, materialCounting unweighted,
-- adjudicateFullBoard, nMoveRule 0). Choices, as it plays:
--  * The pass is written from and to the mover's first stone (a1, b1, ...
--    a2, ...), "a1a1"; a side with no stone cannot pass and loses.
--  * A threefold repetition is decided by the count of stones too.
--  * The n-move rule is off.
return {
  name = "ataxx",
  description = "clone or jump; the stones next to where you land turn yours",
  fairy_stockfish = "ataxx",
  files = 7, ranks = 7,
  pieces = { p = { name = "stone", betza = "mDmNmA", value = 100, material = 1 } },
  start = "P5p/7/7/7/7/7/p5P w - - 0 1",
  drops = { unlimited = true, enclosing = "adjacent", captures = false,
            restart_count = true },
  rules = { flip = "adjacent", pass_on_stalemate = true, stalemate = "material",
            full_board = "material", passes_end = "material", nmove = 0,
            repetition_result = "material" },
}
