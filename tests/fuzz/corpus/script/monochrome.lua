-- Monochrome Chess: both sides play with pieces of one colour; a piece
-- belongs to whoever's half of the board it stands on.
-- Rules source: the Russian rules page "Monochrome-Chess", published for
-- example at http://vvvvv.narod.ru/Chess/MonochromeChess.html.
-- Not to be confused with other games of the same name (for example the
-- "Monochrome" variant where pieces may only move to squares of one colour):
-- this is the "central line" game of that page.
--
-- The rules, and how this script gives them to the core:
--  * "Any piece that stands on your half of the board belongs to you ... As
--    soon as it crosses the central line, it becomes your opponent's":
--    ownership by half (ranks 1-4 White's, 5-8 Black's). In FEN a piece is
--    written in its owner's case.
--  * "You may capture only your opponent's pieces": follows from ownership.
--  * Pawns "may move in any direction", capture "only diagonally", advance
--    two squares from the 2nd or the 7th rank if the path is clear, and
--    nothing happens on the last rank (no promotion).
--  * Castling: no "not moved" condition; king and rook on their start
--    squares and an empty path between them are enough (castling.rights =
--    "always"); no check, so no condition on attacked squares.
--  * "Kings can be captured like any other piece. Check need not be
--    announced": the king is an ordinary piece (10 points).
--  * The no-take-back rule: a piece that has just crossed the line may not
--    be moved straight back to the square it came from (rules.no_takeback).
--  * The game ends when one player has no pieces; then, and when the
--    players agree to end it (an offer, then accept or decline), points
--    decide: K 10, Q 8, R 5, B 4, N 3, P 1 for each piece captured.
--
-- Choices where the page is silent (see "Open questions" in the text):
--  * option pawns = "any" (default): a pawn moves one square orthogonally in
--    any direction and captures one square diagonally in any direction; its
--    double step goes along the file, up or down, from the 2nd or 7th rank.
--    pawns = "file": moves only along the file (up or down), captures still
--    to the four diagonals. We default to "any" because the page says "any
--    direction" and lists only the diagonal capture as an exception.
--  * No en passant: the page does not mention it, and with pawns moving
--    both ways there is no "passed" square to speak of.
--  * A player with pieces but no legal move: the game ends and points
--    decide (stalemate = "points"); the page's own "stalemated" ending is
--    by agreement, and this extends it.
--  * Equal points: a draw.
--  * Who starts: the page draws lots with a hidden pawn. Option first =
--    "white" (default) or "black" names the side that moves first; the two
--    sides are symmetric, so only the colour names differ.
--  * Fifty-move rule and threefold repetition: ordinary chess rules (draw),
--    since the page says the game "follows the ordinary rules of chess".
local std = require "std"

local monochrome = std.extend(std.chess, {
  name = "monochrome",
  pieces = {
    p = { name = "pawn", betza = "mWcFimvnD", value = 100, points = 1, pawn = true,
          promotes = false, initial = { 2, 7 } },
    n = { points = 3 }, b = { points = 4 }, r = { points = 5 }, q = { points = 8 },
    k = { royal = false, value = 1000, points = 10 },
  },
  promotion = std.NONE,
  castling = { king = "k", rights = "always" },
  ownership = function(square, file, rank)
    return rank <= 4 and "white" or "black"
  end,
  rules = {
    no_takeback = true,
    agreement = true,
    stalemate = "points",
    extinction = { result = "points", pieces = "*", count = 0, opponent = 0 },
  },
  options = {
    pawns = { default = "any", values = { "any", "file" },
              doc = "any: pawns move one square in the four orthogonal directions; file: only up and down the file" },
    first = { default = "white", values = { "white", "black" },
              doc = "the side that moves first" },
  },
})

function monochrome.with_options(v, o)
  local changes = {}
  if o.pawns == "file" then changes.pieces = { p = { betza = "mvWcFimvnD" } } end
  if o.first == "black" then changes.start = v.start:gsub(" w ", " b ") end
  return std.extend(v, changes)
end

return monochrome
