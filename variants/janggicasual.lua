-- Janggi, Korean chess, without its counting rules ("casual"). On the 9x10
-- points of Xiangqi's board: the general (k) and the guards (a) step one
-- point straight inside their palace (d1-f3, d8-f10), and also along the
-- palace's diagonal lines; the chariot (r) moves as a rook, and along the
-- palace lines; the cannon (c) moves and captures only by jumping one piece,
-- never over or onto another cannon, along files and ranks and the palace
-- lines; the horse (n) and the elephant (b) are lame leapers (one straight
-- step, then one or two diagonal ones); the soldier (p) steps forward or
-- sideways, and diagonally forward along the lines of the enemy palace.
-- A player may pass (written as the general's square twice, e2e2) unless
-- in check; when both pass in a row, the game is drawn. The generals may face each other. A player who cannot move
-- loses.
-- Rules: https://en.wikipedia.org/wiki/Janggi; Fairy-Stockfish's
-- variant.cpp (janggi, janggicasual), whose letters and FEN this script
-- uses (b for the elephant, a for the guard).
-- Fairy-Stockfish: UCI_Variant janggicasual.
-- Configuration only: the palace is a region, its diagonal lines the
-- squares of extra moves (from one point of the lines to another), the
-- cannon's limits no_capture and no_screen, passing rules.pass.
-- Left out: the rule against perpetual check (Fairy-Stockfish has it; here
-- a threefold repetition is a draw); it changes no move.
local palace = { white = "d1-f3", black = "d8-f10" }
local lines = "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10"
local diagonals = { white = lines, black = lines }
local function along(betza) return { betza = betza, white = lines, black = lines } end
return {
  name = "janggicasual",
  description = "Korean chess without its counting rules",
  fairy_stockfish = "janggicasual",
  files = 9, ranks = 10,
  pieces = {
    k = { name = "general", betza = "W", value = 0, royal = true, region = palace, extra = along("F") },
    a = { name = "guard", betza = "W", value = 300, region = palace, extra = along("F") },
    b = { name = "elephant", betza = "nZ", value = 250 },
    n = { name = "horse", betza = "nN", value = 400 },
    r = { name = "chariot", betza = "R", value = 1300, extra = along("B") },
    c = { name = "cannon", betza = "pR", value = 700, no_capture = "c", no_screen = "c",
          extra = along("pB") },
    p = { name = "soldier", betza = "fsW", value = 200, pawn = true, extra = along("fF") },
  },
  start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
  rules = {
    checkmate = "loss", stalemate = "loss",
    pass = true, passes_end = "draw",
    -- The n-move count restarts at captures only, as in Fairy-Stockfish
    -- 11.1: a soldier's step is no pawn move there.
    nmove = 50, nmove_pawns = false, repetition = 3,
  },
}
