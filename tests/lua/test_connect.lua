-- rules.connect: pieces in a row end the game (Fairy-Stockfish's connectN,
-- connectNxN, collinearN, connectPieceTypes, connect{Horizontal,Vertical,
-- Diagonal} and connectValue). The counts marked FSF are the native build
-- of current Fairy-Stockfish's ("go perft N" with VariantPath set to
-- tests/fsf/current/variants.ini and UCI_Variant the section's name).

local t = require "check"

local function stones(connect, extra)
  local v = { name = "stones", files = 3, ranks = 3,
    pieces = { p = { name = "stone", betza = "", value = 100 } },
    start = "3/3/3[PPPPPppppp] w - - 0 1", castling = false,
    drops = { captures = false }, rules = { connect = connect, nmove = 0, repetition = 0 } }
  for k, x in pairs(extra or {}) do v[k] = x end
  return v
end

-- Tic-tac-toe: the game tree's leaves at each depth (9, 72, ... 127872
-- games still going or just ended at ply 9; FSF's tictactoe agrees).
local g = varia.new(stones({ line = 3 }))
local counts = {}
for d = 1, 9 do counts[#counts + 1] = g:perft(d) end
t.equal("tic-tac-toe: perft 1-9", table.concat(counts, " "),
  "9 72 504 3024 15120 54720 148176 200448 127872")

-- The side that has just moved wins with three in a row, on any line.
local function ends(fen, connect, extra)
  local game = varia.new(stones(connect, extra), { fen = fen })
  return game:result()
end
local w, why = ends("PPP/pp1/3[PPpp] b - - 0 1", { line = 3 })
t.equal("a row: the side that made it wins", w, "white")
t.equal("a row: the reason", why, "connection")
t.equal("a column", (ends("P1p/Pp1/P2[PPpp] b - - 0 1", { line = 3 })), "white")
t.equal("a diagonal", (ends("P1p/pP1/2P[PPpp] b - - 0 1", { line = 3 })), "white")
t.equal("the other diagonal", (ends("p1P/1P1/P1p[PPpp] b - - 0 1", { line = 3 })), "white")
t.equal("no diagonals: the diagonal does not count",
  (ends("P1p/pP1/2P[PPpp] b - - 0 1", { line = 3, diagonal = false })), nil)
t.equal("no rows: the row does not count",
  (ends("PPP/pp1/3[PPpp] b - - 0 1", { line = 3, horizontal = false })), nil)
t.equal("no columns: the column does not count",
  (ends("P1p/Pp1/P2[PPpp] b - - 0 1", { line = 3, vertical = false })), nil)
-- As Fairy-Stockfish: only the side that has just moved is looked at.
t.equal("the side to move's row waits", (ends("PPP/pp1/3[PPpp] w - - 0 1", { line = 3 })), nil)
t.equal("result loss: the side that made the row loses",
  (ends("PPP/pp1/3[PPpp] b - - 0 1", { line = 3, result = "loss" })), "black")
t.equal("result draw", (ends("PPP/pp1/3[PPpp] b - - 0 1", { line = 3, result = "draw" })), "draw")
t.equal("two in a row is not three", (ends("PP1/pp1/3[PPPpp] b - - 0 1", { line = 3 })), nil)

-- A block (connectNxN), and pieces on one line with gaps (collinearN).
local four = { files = 4, ranks = 4, start = "4/4/4/4[PPPPPPpppppp] w - - 0 1" }
t.equal("a 2x2 block", (ends("4/1PP1/1PPp/p1pp[Pp] b - - 0 1", { square = 2 }, four)), "white")
t.equal("an L is no block", (ends("4/1P2/1PPp/p1pp[PPp] b - - 0 1", { square = 2 }, four)), nil)
t.equal("collinear: gaps and the opponent's pieces between",
  (ends("P3/p3/4/P2P/P3[PP] b - - 0 1", { collinear = 3, horizontal = false, diagonal = false },
    { files = 4, ranks = 5, start = "4/4/4/4/4[PPPPPPpppppp] w - - 0 1" })), "white")
t.equal("collinear: two on the line are not three",
  (ends("P3/p3/4/3P/P3[PPPp] b - - 0 1", { collinear = 3, horizontal = false, diagonal = false },
    { files = 4, ranks = 5, start = "4/4/4/4/4[PPPPPPpppppp] w - - 0 1" })), nil)

-- pieces: only those types connect.
local two = stones({ line = 3, pieces = "q" }, {
  pieces = { p = { name = "stone", betza = "", value = 100 }, q = { name = "queen", betza = "", value = 100 } } })
t.equal("pieces: stones of another type make no row",
  (varia.new(two, { fen = "PPP/pp1/3[PPpp] b - - 0 1" }):result()), nil)
t.equal("pieces: a row of the connecting type",
  (varia.new(two, { fen = "QQQ/pp1/3[PPpp] b - - 0 1" }):result()), "white")

-- Mistakes in the table are named.
t.raises("connect: a count is needed", "rules.connect: give line, square, collinear",
  varia.new, stones({ result = "win" }))
t.raises("connect: an unknown key", "rules.connect.lines", varia.new, stones({ lines = 3 }))
t.raises("connect: a count past the board", "rules.connect.line: 4 is out of range (0 to 3)",
  varia.new, stones({ line = 4 }))
t.raises("connect: an unknown piece", "rules.connect.pieces: 'x' is not one of the pieces",
  varia.new, stones({ line = 3, pieces = "x" }))

-- join: a chain from one region to the other (Fairy-Stockfish's
-- connectRegion1/2), followed east and north from the first region as it
-- follows it: Gale's chain that turns south joins nothing there.
local gale = "tests/fsf/current/variants.ini:gale"
local function joined(fen, move)
  local game = varia.new(gale, { fen = fen })
  game:play(move)
  return (game:result())
end
t.equal("join: a straight chain across (FSF: over)", joined("9/9/9/9/9/PPPPPPPP1/9/9/pppp5 w - - 0 1", "P@i4"), "white")
t.equal("join: a chain that turns north (FSF: over)", joined("9/9/9/9/1PPPPPPPP/PP7/9/9/pppp5 w - - 0 1", "P@i4"), "white")
t.equal("join: a chain that turns south (FSF: goes on, 67 moves)",
  joined("9/9/9/9/PP7/1PPPPPPP1/9/9/pppp5 w - - 0 1", "P@i4"), nil)
t.equal("join: Black's from rank 1 to rank 9", joined("p8/p8/p8/p8/p8/p8/p8/9/p8 b - - 0 1", "P@a2"), "black")
t.equal("gale: perft 1-3 (FSF)", (function()
  local out = {}
  for d = 1, 3 do out[d] = varia.new(gale):perft(d) end
  return table.concat(out, " ") end)(), "41 1640 63960")
t.raises("join: a bad square", "rules.connect.join.white[2]: \"z9\" is not a square of the board",
  varia.new, stones({ join = { white = { "a1", "z9" } } }))
t.raises("join: not a list of squares", "rules.connect.join.black[1]: expected squares",
  varia.new, stones({ join = { black = { 3, "a3" } } }))
t.raises("join: an unknown side", "rules.connect.join.red: unknown key",
  varia.new, stones({ join = { red = { "a1", "c1" } } }))

-- Sections of Fairy-Stockfish's own variants.ini through the importer.
local ini = "tests/fsf/current/variants.ini:"
t.equal("three-musketeers: perft 5 (FSF)", varia.new(ini .. "three-musketeers"):perft(5), 5540)
t.equal("nineholes: perft 6 (FSF)", varia.new(ini .. "nineholes"):perft(6), 56160)
t.equal("teeko: perft 4 of a middle game (FSF)",
  varia.new(ini .. "teeko", { fen = "5/5/1PP2/1pPp1/2p2[PPpp] w - - 0 1" }):perft(4), 90304)
t.equal("symphony: perft 3 (FSF)", varia.new(ini .. "symphony"):perft(3), 260400)

t.done()
