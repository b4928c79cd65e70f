-- Joust: one knight a side on an 8x8 board, which never captures. The
-- square a knight leaves is burnt: it becomes a wall (`*`) that nothing
-- lands on again. The player who cannot move loses. This is the version
-- with both knights in the centre (d4, e5) that the rules page describes
-- beside the one with random home squares.
-- Rules: https://www.chessvariants.com/programs.dir/joust.html
-- Fairy-Stockfish: UCI_Variant joust (src/variant.cpp: piece "mN",
-- wallingRule = past, stalemate loses).
--  * UCI, as Fairy-Stockfish writes it: the move, then the wall from the
--    knight's new square to the square left: d4e6,e6d4. The wall has one
--    place to go, so varia puts it there at once: d4e6 alone is the
--    whole turn. SAN: Ne6,d4.
--  * The 50-move rule of its chess base stays (every move counts).
return {
  name = "joust",
  description = "knights that never capture burn the square they leave",
  fairy_stockfish = "joust",
  pieces = {
    n = { name = "knight", betza = "mN", value = 100 },
    ["*"] = { name = "wall", neutral = true },
  },
  start = "8/8/8/4n3/3N4/8/8/8 w - - 0 1",
  turn = { "move", { place = "*", at = "left" } },
  rules = { stalemate = "loss" },
}
