-- Opulent Chess (Greg Strong, 2005): Grand Chess with its knights
-- strengthened (n: knight + wazir) and two new pieces a side, the wizard
-- (w: a ferz or a camel leap) and the lion (l: a leap one square
-- diagonally, or two or three orthogonally: FDH). As in Grand Chess a pawn may promote on the eighth and ninth
-- ranks and must on the tenth, only into a piece its side has fewer of
-- on the board than at the start (one queen, chancellor, archbishop; two
-- of each other kind). No castling.
-- Rules: https://www.chessvariants.com/rules/opulent-chess
-- Fairy-Stockfish: UCI_Variant opulent (variant.cpp: grand with n = NW,
-- w = CF, l = FDH).
local std = require "std"
local grand = require "grand"
return std.extend(grand, {
  name = "opulent",
  description = "Grand Chess with knight-wazirs, wizards and lions",
  names = std.NONE,
  fairy_stockfish = "opulent",
  pieces = {
    n = { name = "knight", betza = "NW", value = 400 },
    w = { name = "wizard", betza = "CF", value = 400 },
    l = { name = "lion", betza = "FDH", value = 350 },
  },
  start = "rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1",
  promotion = {
    pieces = "qcarbnwl",
    limit = { q = 1, c = 1, a = 1, r = 2, b = 2, n = 2, w = 2, l = 2 },
  },
})
