-- Omega Chess (variants/omega.lua): a board with holes. varia's 12x12
-- grid is the 10x10 field b2-k11 and the four wizard squares a1 l1 a12
-- l12; the rest of the outer ring is holes. Each count is worked out by
-- hand in its comment, and a plain 12x12 board gives another number in
-- each one that concerns the holes.

local t = require "check"

local moves_from = t.moves_from
local function omega(fen) return assert(varia.new("omega", { fen = fen })) end
local function has(g, move)
  for _, m in ipairs(g:legal()) do if m == move then return true end end
  return false
end

-- The start: ten pawns with one, two or three steps (30); two knights
-- each to two squares of the fourth rank (d2: c4 e4; i2: h4 j4) (4); two
-- champions, b2 to b4 (dabbaba) and d4 (alfil), k2 to k4 and i4 (4); two
-- wizards, a1 to b4 and l1 to k4 (the camel's long leap; the ferz's b2 and
-- k2 hold champions) (2): 40. Black's forty do not depend on White's first
-- move (nothing White moves reaches past rank 6, nor Black's past 7):
-- 40 x 40 = 1600. Depth 3 is the generator's own, held so a change shows.
do
  local g = varia.new("omega")
  t.equal("omega: the start FEN", g:fen(),
          "ww/crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC/WW w KQkq - 0 1")
  t.equal("omega perft 1", g:perft(1), 40)
  t.equal("omega perft 2", g:perft(2), 1600)
  t.equal("omega perft 3", g:perft(3), 67202)
  t.equal("omega: a wizard's first move", table.concat(moves_from(g, "a1"), " "), "a1b4")
  t.equal("omega: a champion's", table.concat(moves_from(g, "b2"), " "), "b2b4 b2d4")
end

-- A champion (WAD) on b2, the field's corner, on an empty board: W to b3
-- and c2 (a2 and b1 are holes), A to d4 (the other alfil leaps leave the
-- grid), D to b4 and d2: 5. A plain 12x12 board adds a2 and b1: 7.
do
  local g = omega("1k/10/10/10/10/10/10/10/10/10/C9/1K w - - 0 1")
  t.equal("omega: champion in the field's corner", table.concat(moves_from(g, "b2"), " "),
          "b2b3 b2b4 b2c2 b2d2 b2d4")
end

-- A rook on b2 on an empty board: b3-b11 up (b12 is a hole), c2-k2 right
-- (l2 is a hole), nothing left or down: 18 (a plain board: 22). Rooks
-- never reach a wizard square.
do
  local g = omega("1k/10/10/10/10/10/10/10/10/10/R9/1K w - - 0 1")
  t.equal("omega: rook stops before the holes", #moves_from(g, "b2"), 18)
end

-- A bishop on c3: down-left b2 and the wizard square a1; up-right d4 to
-- k11 and the wizard square l12 (9); up-left b4 (a5 is a hole); down-right
-- d2 (e1 is a hole): 13.
do
  local g = omega("k1/10/10/10/10/10/10/10/10/1B8/10/1K w - - 0 1")
  t.equal("omega: bishop along the long diagonal", #moves_from(g, "c3"), 13)
  t.check("omega: the bishop reaches l12", has(g, "c3l12"))
end

-- A king on b2: a1 (the wizard square), b3, c3, c2; a2 a3 b1 c1 are
-- holes: 4. (The black king stands on l12.)
do
  local g = omega("1k/10/10/10/10/10/10/10/10/10/K9/2 w - - 0 1")
  t.equal("omega: king beside the wizard square", table.concat(moves_from(g, "b2"), " "),
          "b2a1 b2b3 b2c2 b2c3")
end

-- Pawns: from b3 one, two or three steps (b4 b5 b6); a piece on b5 leaves
-- b4 only; on d10 a pawn promotes on d11 to any of q c r w b n (6).
do
  local g = omega("2/10/10/10/10/10/10/10/10/P9/10/Kk w - - 0 1")
  t.equal("omega: pawn's triple step", table.concat(moves_from(g, "b3"), " "), "b3b4 b3b5 b3b6")
  local h = omega("2/10/10/10/10/10/10/n9/10/P9/10/Kk w - - 0 1")
  t.equal("omega: a blocked triple step", table.concat(moves_from(h, "b3"), " "), "b3b4")
  local p = omega("1k/10/2P7/10/10/10/10/10/10/10/10/K1 w - - 0 1")
  local n = 0
  for _, m in ipairs(p:legal()) do if m:sub(1, 4) == "d10d" then n = n + 1 end end
  t.equal("omega: promotion on the field's last rank", n, 6)
end

-- En passant after a double step: Black's d10-d8 passes d9, which White's
-- e8 pawn takes.
do
  local g = omega("k1/10/2p7/10/3P6/10/10/10/10/10/10/K1 b - - 0 1")
  t.check("omega: d10d8", g:play("d10d8"))
  t.check("omega: e8xd9 en passant", g:play("e8d9"))
  t.equal("omega: the pawn taken", g:piece("d8"), nil)
end

-- En passant after a triple step, on either square passed (Somac's rules:
-- "en passant capture to either vacant square through which the pawn
-- moved"): Black's d10-d7 passes d9 and d8, which White's e8 and c7 take.
do
  local fen = "k1/10/2p7/10/3P6/1P8/10/10/10/10/10/K1 b - - 0 1"
  local g = omega(fen)
  t.check("omega: d10d7", g:play("d10d7"))
  t.equal("omega: both squares passed in the FEN", g:fen(), "k1/10/10/10/3P6/1Pp7/10/10/10/10/10/K1 w - d8d9 0 2")
  t.check("omega: e8xd9 en passant", g:play("e8d9"))
  t.equal("omega: the triple-stepped pawn taken", g:piece("d7"), nil)
  g = omega(fen)
  g:play("d10d7")
  t.check("omega: c7xd8 en passant", g:play("c7d8"))
  t.equal("omega: taken from the other square too", g:piece("d7"), nil)
end

-- Castling: the king on g2 goes two squares, to i2 (rook j2 to h2) or e2
-- (rook c2 to f2).
do
  local g = omega("1k/10/10/10/10/10/10/10/10/10/1R3K2R1/2 w KQ - 0 1")
  t.check("omega: castling king side", has(g, "g2i2"))
  t.check("omega: castling queen side", has(g, "g2e2"))
  t.check("omega: O-O played", g:play("g2i2"))
  t.equal("omega: after O-O", g:piece("h2") .. g:piece("i2"), "RK")
end

-- XBoard's form of a board with holes: each rank in its full width, a
-- hole written '*' (its inaccessible square). Read as varia's own; a '*'
-- on a cell of the board, or a piece on a hole, is refused by name.
do
  local xb = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*4P5*/*10*/*10*/*PPPP1PPPPP*/*CRNBQKBNRC*/W**********W b KQkq - 0 1"
  local g = omega(xb)
  t.equal("omega: XBoard's '*' for holes read", g:fen(),
          "ww/crnbqkbnrc/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/CRNBQKBNRC/WW b KQkq - 0 1")
  t.equal("omega: the same game from it", g:perft(1), 40)
  -- a hole between empty cells: the counts on either side joined (k1: the
  -- wizard on l1 gone, the last rank 'w' then ten holes and an empty l1)
  g = omega("w**********1/*crnbqkbnrc*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*CRNBQKBNRC*/W**********W w - - 0 1")
  t.equal("omega: a hole between counts", g:fen(), "w1/crnbqkbnrc/10/10/10/10/10/10/10/10/CRNBQKBNRC/WW w - - 0 1")
  local bad, err = varia.new("omega", { fen = (xb:gsub("W%*%*%*%*%*%*%*%*%*%*W", "W*********WW")) })
  t.check("omega: a piece on a hole refused", not bad and err:find("'W' in rank 1, file 11, a cell the board lacks", 1, true), err)
  bad, err = varia.new("omega", { fen = (xb:gsub("%*4P5%*", "*4P4**")) })
  t.check("omega: a '*' on a cell refused", not bad and err:find("'*' (XBoard's mark of a cell the board lacks) in rank 6, file 11", 1, true), err)
end

t.done()
