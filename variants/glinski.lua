-- Gliński's hexagonal chess (Władysław Gliński, 1936; popular in Poland
-- and Britain after 1949, with its own federations and championships).
-- Rules as the chessvariants.com, greenchess.net and Wikipedia pages on
-- it describe them, in varia's words:
-- - A board of 91 hexagonal cells in three colours: files a-l without j
--   (a and l hold 6 cells, the middle file f holds 11); every file starts
--   at rank 1, so ranks bend at the f-file.
-- - Rook: along the six lines through the cell edges; bishop: along the
--   six lines through its vertices (it keeps its colour); queen: both;
--   king: one step in any of the twelve; knight: one orthogonal step and
--   one diagonal step away from its start, twelve cells, leaping.
-- - A pawn steps one cell straight up the file (down for Black), two from
--   any starting cell of its side's pawns (its own, or another's that it
--   reached by capturing), captures one cell along the two forward
--   orthogonals beside straight ahead (White's f5 pawn: e5 and g5), takes
--   en passant onto the cell a double step passed, and promotes on the far
--   edge of the board to a queen, rook, bishop or knight.
-- - No castling. Check and checkmate as in chess.
-- Choices: the side that stalemates scores 3/4 and the stalemated side 1/4;
-- varia's results are whole, so by default the stalemated side loses (the
-- result keeps the sign of 3/4), and the option stalemate=draw scores it
-- 1/2 as some players do. Fifty moves and threefold repetition as in chess.
-- Moves are written from cell, to cell and promotion letter (f5f6, f10f11q).
-- Not in Fairy-Stockfish (its boards are rectangles).
local std = require "std"

-- The cells of each side's pawns at the start: a double step starts on one
-- of these and ends two cells ahead (an extra move, on these squares).
local white_start = "b1 c2 d3 e4 f5 g4 h3 i2 k1"
local white_ahead = "b3 c4 d5 e6 f7 g6 h5 i4 k3"
local black_start = "b7 c7 d7 e7 f7 g7 h7 i7 k7"
local black_ahead = "b5 c5 d5 e5 f5 g5 h5 i5 k5"

return std.extend(std.hexagonal, {
  name = "glinski",
  description = "Gliński's hexagonal chess: 91 hexagonal cells, three bishops a side",
  names = { pgn = { "Glinski", "Hexagonal Chess", "Glinski's Hexagonal Chess" } },
  pieces = {
    p = { name = "pawn", betza = "mffWcfsWefsW", value = 100, promotes = true, pawn = true,
          extra = { betza = "imffnD", white = white_start .. " " .. white_ahead,
                    black = black_start .. " " .. black_ahead } },
  },
  start = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1",
  rules = { stalemate = "loss" },
  options = {
    stalemate = { default = "loss", values = { "loss", "draw" },
                  doc = "the 3/4 : 1/4 of the rules, in whole results: loss for the stalemated side, or draw" },
  },
  with_options = function(v, o)
    if o.stalemate == "draw" then return std.extend(v, { rules = { stalemate = "draw" } }) end
    return v
  end,
})
