-- Omega Chess (Daniel MacDonald, 1992; Somac, Inc.): a 10x10 field with
-- four extra cells, the wizard squares, diagonally beyond its corners
-- (104 cells), and two new pieces: the champion (wazir, alfil and
-- dabbaba leaps: WAD) and the wizard (ferz and camel leaps: FC). Each
-- side: champion, rook, knight, bishop, queen, king, bishop, knight,
-- rook, champion on its first rank, ten pawns before them, wizards on its
-- two wizard squares. Pawns step one, two or three squares on their first
-- move (a pawn that steps two or three may be taken en passant on any
-- square it passed) and promote on the field's last rank to any piece but the king;
-- the king castles two squares towards either rook. Otherwise chess.
-- Rules: omegachess.com/rules (the official rules) and Somac's summary
-- on gamerz.net's pbmserv help for OmegaChess.
--
-- Coordinates: the board is a 12x12 grid whose outer ring is holes but
-- for its corners. Omega's files a-j are varia's b-k, its ranks 0-9 are
-- varia's 2-11, and the wizard squares w1 w2 w3 w4 are a1 l1 l12 a12.
-- Not in Fairy-Stockfish.
local std = require "std"
return std.extend(std.chess, {
  name = "omega",
  description = "Omega Chess: a 10x10 field, four wizard squares, champions and wizards",
  names = { pgn = { "Omega", "Omega Chess" } },
  files = 12, ranks = 12,
  holes = "b1-k1 b12-k12 a2-a11 l2-l11",
  pieces = {
    p = { betza = "fmWfceFifmnDifmnH" },
    c = { name = "champion", betza = "WAD", value = 400 },
    w = { name = "wizard", betza = "FC", value = 350 },
  },
  start = "ww/crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC/WW w KQkq - 0 1",
  promotion = { pieces = "qcrwbn", zone = 2 },
  castling = { rook = "r", king_files = { "i", "e" }, rank = 2 },
})
