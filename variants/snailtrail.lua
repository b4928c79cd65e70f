-- Snailtrail: one snail a side on a 7x7 board, starting in opposite
-- corners, which steps like a king and never captures; the square it
-- leaves becomes a wall (`*`, its trail). The player who cannot move loses.
-- Rules: https://boardgamegeek.com/boardgame/37135/snailtrail
-- Fairy-Stockfish: UCI_Variant snailtrail (src/variant.cpp: piece "mK"
-- written p, wallingRule = past, stalemate loses).
--  * UCI: a1b2,b2a1 (the wall on the square left); a1b2 alone is the
--    whole turn, the wall going where it must. SAN: b2,a1.
--  * The 50-move rule of its chess base stays (every move counts).
return {
  name = "snailtrail",
  description = "snails step like kings and leave walls behind them",
  fairy_stockfish = "snailtrail",
  files = 7, ranks = 7,
  pieces = {
    p = { name = "snail", betza = "mK", value = 100 },
    ["*"] = { name = "wall", neutral = true },
  },
  start = "6p/7/7/7/7/7/P6 w - - 0 1",
  turn = { "move", { place = "*", at = "left" } },
  rules = { stalemate = "loss" },
}
