-- McCooey's hexagonal chess (Dave McCooey and Richard Honeycutt, 1978-79):
-- the board, cells and piece moves of Gliński's chess (see glinski.lua), a
-- different setup and pawns. Rules as the chessvariants.com and Wikipedia
-- pages on it describe them, in varia's words:
-- - White: Kg1 Qe1 Rd1 Rh1 Ne2 Ng2 Bf1 Bf2 Bf3, pawns c1 d2 e3 f4 g3 h2
--   i1; Black the mirror image (each file turned upside down).
-- - A pawn steps one cell straight up the file (down for Black), two from
--   its starting cell, except the f-file pawn, which never double steps;
--   it captures one bishop step forward-left or forward-right (White's e3
--   pawn: d4 and f5), takes en passant onto the cell a double step passed,
--   and promotes on the far edge to a queen, rook, bishop or knight.
-- - No castling. Stalemate is a draw; otherwise as in chess.
-- Moves are written from cell, to cell and promotion letter (e3e5, f10f11q).
-- Not in Fairy-Stockfish (its boards are rectangles).
local std = require "std"

-- The cells of the pawns that may double step, and the cells two ahead.
local white_start = "c1 d2 e3 g3 h2 i1"
local white_ahead = "c3 d4 e5 g5 h4 i3"
local black_start = "c8 d8 e8 g8 h8 i8"
local black_ahead = "c6 d6 e6 g6 h6 i6"

return std.extend(std.hexagonal, {
  name = "mccooey",
  description = "McCooey's hexagonal chess: Gliński's board, a closer setup, pawns that capture diagonally",
  names = { pgn = { "McCooey", "McCooey's Hexagonal Chess" } },
  pieces = {
    p = { name = "pawn", betza = "mffWcfFefF", value = 100, promotes = true, pawn = true,
          extra = { betza = "imffnD", white = white_start .. " " .. white_ahead,
                    black = black_start .. " " .. black_ahead } },
  },
  start = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
})
