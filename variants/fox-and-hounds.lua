-- Fox and Hounds: a fox (White) against four hounds (Black) on the dark
-- squares of an 8x8 board. The hounds step diagonally forward, the fox
-- diagonally either way; nobody captures. The fox wins by reaching the
-- hounds' home rank, the hounds by leaving it no move; a player who
-- cannot move loses.
-- Rules: https://boardgamegeek.com/boardgame/148180/fox-and-hounds
-- Fairy-Stockfish: UCI_Variant fox-and-hounds (src/variant.cpp: hound
-- "mfF" written h, fox "mF" written f, the fox's flag region the eighth
-- rank, stalemate loses); the 50-move rule of its chess base stays, and
-- never decides (the hounds have at most 28 moves between them).
return {
  name = "fox-and-hounds",
  description = "a fox tries to break through a line of four hounds to the far rank",
  fairy_stockfish = "fox-and-hounds",
  pieces = {
    h = { name = "hound", betza = "mfF", value = 100 },
    f = { name = "fox", betza = "mF", value = 300 },
  },
  start = "1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1",
  rules = {
    stalemate = "loss",
    goal = { pieces = "f", white = "a8-h8", black = "" },
  },
}
