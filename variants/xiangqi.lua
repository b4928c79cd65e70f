-- Xiangqi, Chinese chess, on the 9x10 points of its board (written as
-- squares). The general (k) steps one point straight and the advisors (a)
-- one point diagonally, both inside their palace (the 3x3 squares d1-f3
-- and d8-f10); the elephant (b) leaps two points diagonally unless the
-- point between is occupied, and never crosses the river (stays on its
-- own five ranks); the horse (n) steps one point straight and then one
-- diagonally outwards, blocked by a piece on the first point; the chariot
-- (r) moves as a rook; the cannon (c) moves as a rook and captures by
-- jumping exactly one piece; the soldier (p) steps one point forward, and
-- also sideways once it has crossed the river. The two generals may not
-- face each other on a file with nothing between them ("flying general").
-- A player who cannot move loses, in check or not.
-- Rules: https://en.wikipedia.org/wiki/Xiangqi; Fairy-Stockfish's
-- variant.cpp (xiangqi), whose letters and FEN this script uses (b for
-- the elephant, n for the horse).
-- Fairy-Stockfish: UCI_Variant xiangqi.
-- Configuration only: the palace and the elephant's half are regions,
-- the soldier's sideways step beyond the river an extra move there, the
-- flying general rule facing_kings = "illegal".
-- Repetitions, as the Asian Xiangqi Federation's rules and Fairy-
-- Stockfish (chasingRule = axf) score them: a threefold repetition during
-- which one side gave check at each of its moves loses for it
-- (perpetual_check); failing that, one during which one side chased a
-- piece at each of its moves, the other not, loses for the chaser
-- (rules.chasing: a horse or cannon chases a chariot, an elephant or
-- advisor a chariot, cannon or horse, protected or not; any piece but the
-- general and the soldiers chases an unprotected piece; a soldier is
-- chased only across the river); otherwise it is a draw. Checks beyond a
-- side's tenth lengthen the n-move count. What a chase is, in detail:
-- docs/api.md (rules.chasing) and docs/variants/xiangqi.md.
local palace = { white = "d1-f3", black = "d8-f10" }
return {
  name = "xiangqi",
  description = "Chinese chess",
  names = { xboard = "xiangqi" },
  fairy_stockfish = "xiangqi",
  files = 9, ranks = 10,
  pieces = {
    k = { name = "general", betza = "W", value = 0, royal = true, region = palace },
    a = { name = "advisor", betza = "F", value = 200, region = palace },
    b = { name = "elephant", betza = "nA", value = 200,
          region = { white = "a1-i5", black = "a6-i10" } },
    n = { name = "horse", betza = "nN", value = 400 },
    r = { name = "chariot", betza = "R", value = 900 },
    c = { name = "cannon", betza = "mRcpR", value = 450 },
    p = { name = "soldier", betza = "fW", value = 100, pawn = true,
          extra = { betza = "sW", white = "a6-i10", black = "a1-i5" } },
  },
  start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  rules = {
    checkmate = "loss", stalemate = "loss",
    facing_kings = "illegal",
    perpetual_check = "loss",
    chasing = { unchased = "p", not_by = "p",
                stronger = { n = "r", c = "r", b = "rnc", a = "rnc" } },
    -- The n-move count restarts at captures only, as in Fairy-Stockfish
    -- 11.1: a soldier's step is no pawn move there.
    nmove = 50, nmove_pawns = false, repetition = 3,
  },
}
