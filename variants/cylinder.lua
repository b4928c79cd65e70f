-- Cylinder Chess: orthodox chess on a board whose a-file and h-file are
-- adjacent, as Fairy-Max (fmax.ini, "Game: cylinder": the mode digit that
-- lets a ray re-enter at the other edge) and XBoard (Betza's o modifier)
-- play it. Sliders, knights, kings and pawn captures (en passant too)
-- cross the side edge; pawn pushes do not, and the board does not wrap
-- from top to bottom. A line ends where it would come back to the
-- slider's own square. Castling, promotion and the rest as in chess, with
-- attacks that wrap. No hooks: the topology is the board's.
-- XBoard / Fairy-Max: variant cylinder.
local std = require "std"
return std.extend(std.chess, {
  name = "cylinder",
  description = "chess on a board whose a- and h-files are adjacent",
  names = { xboard = "cylinder", pgn = { "Cylinder", "Cylinder Chess" } },
  topology = "cylinder",
})
