-- Breakthrough (Dan Troyka, 2000): two rows of pieces each; a piece steps
-- one square straight or diagonally forward, and captures only
-- diagonally forward. The first to reach the far rank wins; a player who
-- cannot move loses.
-- Rules: https://en.wikipedia.org/wiki/Breakthrough_(board_game)
-- Fairy-Stockfish: UCI_Variant breakthrough.
local eighth, first = {}, {}
for f in ("abcdefgh"):gmatch(".") do
  eighth[#eighth + 1] = f .. "8"
  first[#first + 1] = f .. "1"
end
return {
  name = "breakthrough",
  description = "pieces step forward; the first to reach the far rank wins",
  fairy_stockfish = "breakthrough",
  files = 8, ranks = 8,
  pieces = { p = { name = "piece", betza = "fmWfF", value = 100 } },
  start = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1",
  rules = {
    stalemate = "loss",
    -- pieces only go forward, so every game ends; Breakthrough has no
    -- n-move rule (Fairy-Stockfish keeps chess's 50, which its perft and
    -- its root never see)
    nmove = 0,
    goal = { pieces = "p", white = table.concat(eighth, " "), black = table.concat(first, " ") },
  },
}
