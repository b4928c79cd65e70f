-- Boards that are not rectangles (issue 30): files that wrap (the
-- cylinder, as Fairy-Max and XBoard play it), ranks too (a torus), and
-- holes. Every count below is worked out by hand in its comment; a plain
-- board gives a different number in each, so each fails without the
-- topology.

local t = require "check"
local std = require "std"

-- The moves of the piece on sq among g:legal(), sorted.
local function moves_from(g, sq)
  local out = {}
  for _, m in ipairs(g:legal()) do
    if m:sub(1, #sq) == sq then out[#out + 1] = m end
  end
  table.sort(out)
  return out
end

local function cyl(fen) return varia.new("cylinder", { fen = fen }) end

-- A rook on d4 with its own knight on b4: leftwards c4 (then b4 blocks);
-- rightwards e4 f4 g4 h4, across the edge a4, then b4 blocks: 6 rank
-- moves (a plain board: 5), and d1-d3, d5-d8 on the file: 13 in all.
do
  local g = cyl("4k3/8/8/8/1N1R4/8/8/K7 w - - 0 1")
  t.equal("cylinder: rook beside a blocker", #moves_from(g, "d4"), 13)
  t.check("cylinder: the rook crosses the edge to a4", g:play("d4a4"))
end

-- A rook on d4 on an empty rank reaches each of the other 7 squares both
-- ways round; each is one move: 7 on the rank + 7 on the file = 14 (21 if
-- the two paths were two moves). The ray ends at the rook's own square.
do
  local g = cyl("4k3/8/8/8/3R4/8/8/K7 w - - 0 1")
  t.equal("cylinder: a square two ways round is one move", #moves_from(g, "d4"), 14)
end

-- A bishop on a3 on an empty board: up-right b4 c5 d6 e7 f8; down-right
-- b2 c1; up-left across the edge h4 g5 f6 e7 d8; down-left h2 g1
-- (boards.md's example). e7 is reached both ways: 13 distinct moves (a
-- plain board: 7).
do
  local g = cyl("k7/8/8/8/8/B7/8/4K3 w - - 0 1")
  local m = moves_from(g, "a3")
  t.equal("cylinder: bishop on a3", #m, 13)
  t.equal("cylinder: bishop on a3, the moves", table.concat(m, " "),
          "a3b2 a3b4 a3c1 a3c5 a3d6 a3d8 a3e7 a3f6 a3f8 a3g1 a3g5 a3h2 a3h4")
end

-- Knights on the edge: from a1, b3 c2 and across the edge h3 g2 (plain:
-- 2); from h4, g2 g6 f3 f5 and across a2 a6 b3 b5 (plain: 4).
do
  local g = cyl("4k3/8/8/8/7N/8/8/N3K3 w - - 0 1")
  t.equal("cylinder: knight on a1", table.concat(moves_from(g, "a1"), " "), "a1b3 a1c2 a1g2 a1h3")
  t.equal("cylinder: knight on h4", #moves_from(g, "h4"), 8)
end

-- A king on a1 steps to h1 and h2 across the edge: a2 b1 b2 h1 h2.
do
  local g = cyl("4k3/8/8/8/8/8/8/K7 w - - 0 1")
  t.equal("cylinder: king on a1", table.concat(moves_from(g, "a1"), " "), "a1a2 a1b1 a1b2 a1h1 a1h2")
end

-- Castling is judged after the move, with attacks that wrap: Black's rook
-- on b1 is blocked towards the king by the bishop on d1 and towards the
-- other side by the rook on h1; once the king is on g1 and the rook on f1,
-- the rook on b1 attacks g1 through a1-h1. So O-O is illegal here, legal
-- without that rook, and legal on a plain board.
do
  local g = cyl("4k3/8/8/8/8/8/8/1r1BK2R w K - 0 1")
  t.check("cylinder: not in check before castling", not g:incheck())
  local has = false
  for _, m in ipairs(g:legal()) do has = has or m == "e1g1" end
  t.check("cylinder: O-O into a wrapped attack is illegal", not has)
  local h = cyl("4k3/8/8/8/8/8/8/3BK2R w K - 0 1")
  local ok = false
  for _, m in ipairs(h:legal()) do ok = ok or m == "e1g1" end
  t.check("cylinder: O-O without the attacker is legal", ok)
  local c = varia.new("chess", { fen = "4k3/8/8/8/8/8/8/1r1BK2R w K - 0 1" })
  ok = false
  for _, m in ipairs(c:legal()) do ok = ok or m == "e1g1" end
  t.check("chess: the same O-O is legal on a plain board", ok)
end

-- En passant across the edge: Black's h7-h5 passes h6, which White's a5
-- pawn attacks (forward-left from a5 is h6); the FEN records h6, and a5xh6
-- takes the pawn on h5. Pushes never wrap: a pawn on h2 has h3 and h4 only.
do
  local g = cyl("4k3/7p/8/P7/8/8/7P/4K3 b - - 0 1")
  t.check("cylinder: h7h5", g:play("h7h5"))
  t.equal("cylinder: the en passant square across the edge", g:fen(),
          "4k3/8/8/P6p/8/8/7P/4K3 w - h6 0 2")
  t.check("cylinder: a5xh6 en passant", g:play("a5h6"))
  t.equal("cylinder: the pawn taken", g:piece("h5"), nil)
  t.equal("cylinder: pushes do not wrap", table.concat(moves_from(cyl("4k3/8/8/8/8/8/7P/4K3 w - - 0 1"), "h2"), " "),
          "h2h3 h2h4")
end

-- Perft from the start: depth 1 is chess's 20 (no piece can yet use the
-- edge). Depth 2: 400 less 8. Black's king e8 stands on the wrapped
-- diagonals e8-f7-g6-h5-a4-b3-c2-d1 (White's queen) and
-- e8-d7-c6-b5-a4-h3-g2-f1 (White's bishop): after c2-c3 or c2-c4 the f7
-- pawn is pinned (f6, f5 lost), after g2-g3 or g2-g4 the d7 pawn (d6, d5
-- lost); 4 x 2 = 8, so 392. Depth 3 and 4 are the generator's own, held
-- here so that a change shows (the random games of test_invariants.lua
-- check its consistency).
do
  local g = varia.new("cylinder")
  t.equal("cylinder perft 1", g:perft(1), 20)
  t.equal("cylinder perft 2", g:perft(2), 392)
  t.equal("cylinder perft 3", g:perft(3), 9162)
  local d = g:divide(2)
  t.equal("cylinder: after c2c3, f7 is pinned", d.c2c3, 18)
  t.equal("cylinder: after g2g4, d7 is pinned", d.g2g4, 18)
  t.equal("cylinder: after e2e4, nothing is", d.e2e4, 20)
end

-- A hopper on a cylinder: a cannon (mRcpR) on d4, White's pawn on f4,
-- Black's rook on g4. Rightwards: e4, then f4 is the screen and g4 is
-- taken. Leftwards: c4 b4 a4 and, across the edge, h4; then g4 is a screen
-- and f4 (White's own) cannot be taken. With d1-d3 and d5-d8: 13 (a plain
-- board: 12, no h4).
do
  local v = std.extend(std.chess, { name = "cylinder-cannon", topology = "cylinder",
    pieces = { c = { name = "cannon", betza = "mRcpR" } },
    start = "4k3/8/8/8/3C1Pr1/8/8/K7 w - - 0 1" })
  local g = varia.new(v)
  t.equal("cylinder: a cannon's moves", table.concat(moves_from(g, "d4"), " "),
          "d4a4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4d6 d4d7 d4d8 d4e4 d4g4 d4h4")
end

-- A double step across the edge cannot be taken en passant (a choice:
-- docs/api.md): a piece that steps two squares sideways at first (ismnD)
-- goes h4-b4 across the edge; the square a plain board would say it
-- passed, e4, is attacked by Black's f5 pawn, which must not take there.
do
  local v = std.extend(std.chess, { name = "cylinder-sidestep", topology = "cylinder",
    pieces = { s = { name = "sidestepper", betza = "mWismnD" } },
    start = "4k3/8/8/5p2/7S/8/8/4K3 w - - 0 1" })
  local g = varia.new(v)
  t.check("cylinder: h4b4 across the edge", g:play("h4b4"))
  t.equal("cylinder: no en passant square after it", g:fen(), "4k3/8/8/5p2/1S6/8/8/4K3 b - - 1 1")
  t.check("cylinder: no en passant on e4", not g:play("f5e4"))
end

-- A torus: ranks wrap too. A knight on a1 reaches all 8 of its squares:
-- b3 c2, across the side edge h3 g2, across the bottom edge b7 c8, across
-- both h7 g8; a plain board cuts them to 2, a cylinder to 4.
do
  local torus = std.extend(std.chess, { name = "torus-test", topology = "torus",
    start = "8/6k1/8/8/8/8/4K3/N7 w - - 0 1" })
  local g = varia.new(torus)
  t.equal("torus: knight on a1", table.concat(moves_from(g, "a1"), " "),
          "a1b3 a1b7 a1c2 a1c8 a1g2 a1g8 a1h3 a1h7")
end

-- Holes: cells that do not exist. A 5x5 board with holes at c3 and b4;
-- the FEN lists each rank's cells only (ranks 3 and 4 have four).
do
  local holes = {
    name = "holes-test", files = 5, ranks = 5, holes = "c3 b4",
    pieces = { k = { betza = "K", royal = true }, r = { betza = "R" }, n = { betza = "N" } },
    start = "k4/4/4/N4/2R1K w - - 0 1",
  }
  local g = varia.new(holes)
  t.equal("holes: the FEN skips them", g:fen(), "k4/4/4/N4/2R1K w - - 0 1")
  -- rook c1: c2, then c3 is a hole; b1 a1; d1, then e1's king
  t.equal("holes: a rook stops at a hole", table.concat(moves_from(g, "c1"), " "), "c1a1 c1b1 c1c2 c1d1")
  -- knight a2: b4 and c3 are holes, c1 holds the rook: no move (plain: 2)
  t.equal("holes: no leap onto a hole", #moves_from(g, "a2"), 0)
  local ok, why = pcall(g.piece, g, "c3")
  t.check("holes: a hole is not a square", not ok and tostring(why):find("not a square", 1, true))
  t.check("holes: no move onto a hole", not g:play("c1c3"))
  -- "4N" on rank 3 puts the knight on e3, the fourth cell after d3 (c3 skipped)
  local h = varia.new(holes, { fen = "k4/4/3N/5/2R1K w - - 0 1" })
  t.equal("holes: a FEN's cells skip the holes", h:piece("e3"), "N")
  local none, msg = varia.new(holes, { fen = "k4/5/4/N4/2R1K w - - 0 1" })
  t.equal("holes: a rank with a cell too many is refused", none, nil)
  t.equal("holes: and the message says so", msg, "FEN board: rank 4 is longer than its cells")
end

-- The keys are checked.
do
  local ok, msg = varia.check(std.extend(std.chess, { name = "x", topology = "sphere" }))
  t.check("topology: unknown value refused", not ok)
  t.check("topology: the message says what is expected", tostring(msg):find("expected plain, cylinder, torus or hex", 1, true))
  ok, msg = varia.check(std.extend(std.chess, { name = "x", holes = "z9" }))
  t.check("holes: a bad square refused", not ok)
  t.check("holes: the message names it", tostring(msg):find("z9", 1, true))
  ok, msg = varia.check(std.extend(std.chess, { name = "x", holes = "a1-h8" }))
  t.check("holes: every cell a hole refused", not ok and tostring(msg):find("every cell of the board is a hole", 1, true))
  ok, msg = varia.check(std.extend(std.chess, { name = "x", topology = "cylinder", rules = { blast = { radius = 1 } } }))
  t.check("topology: what a wrapped board cannot do yet is refused",
          not ok and tostring(msg):find("a board that wraps cannot have rules.blast yet", 1, true))
end

t.done()
