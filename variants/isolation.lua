-- Isolation (Bernhard Hardt, 1972): one pawn a side on a 6x8 board, which
-- steps like a king and never captures. After its step a player removes
-- a square from the game: here, as in Fairy-Stockfish, a wall (`*`) on any
-- empty square but the two start squares c1 and d8. The player who cannot
-- move loses.
-- Rules: https://boardgamegeek.com/boardgame/1875/isolation
-- Fairy-Stockfish: UCI_Variant isolation (src/variant.cpp: piece "mK",
-- wallingRule = static, wallingRegion all but c1 and d8, stalemate loses).
--  * UCI: the step, then the wall from the pawn's new square: c1c2,c2e5.
--    SAN: c2,e5.
--  * The square just left may take the wall; the start squares never do.
--  * The 50-move rule of its chess base stays (every move counts, nothing
--    is captured); 48 squares end the game long before.
return {
  name = "isolation",
  description = "step like a king, then wall off any square; who cannot move loses",
  fairy_stockfish = "isolation",
  files = 6, ranks = 8,
  pieces = {
    p = { name = "pawn", betza = "mK", value = 100, glyph = "pawn" },
    ["*"] = { name = "wall", neutral = true },
  },
  start = "3p2/6/6/6/6/6/6/2P3 w - - 0 1",
  -- every square but c1 and d8
  turn = { "move", { place = "*", region = "a1-b8 c2-c8 d1-d7 e1-f8" } },
  rules = { stalemate = "loss" },
}
