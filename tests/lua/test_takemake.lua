-- Take & Make (variants/takemake.lua): every clause of varia's definition
-- (the script's header), on positions counted by hand. A
-- compound move is two steps, "c3e4,e4e8"; g:legal() lists whole moves.

local t = require "check"

local function legal(fen)
  local g = varia.new("takemake", fen and { fen = fen } or nil)
  local l = g:legal()
  table.sort(l)
  local s = {}
  for _, m in ipairs(l) do s[m] = true end
  return #l, s, g
end

-- Clause: a piece that captures must make a move without capture in the
-- way of the captured piece, from the capture square. White: Ke1, Nc3;
-- Black: Ke8, Re4 (check on the e-file). Nxe4 then a rook move from e4:
-- e5 e6 e7 (e8 is a capture), e3 e2 (e1 is White's), a4-d4, f4-h4: 12;
-- the block c3e2: 1; the king: d1 d2 f1 f2 (e2 is on the file): 4. In all
-- 17; no continuation captures (e4e8), none moves like a knight.
local n, l, g = legal("4k3/8/8/8/4r3/2N5/8/4K3 w - - 0 2")
t.equal("continue as the captured rook: 17 moves", n, 17)
t.check("a rook move from e4", l["c3e4,e4a4"] and l["c3e4,e4e7"])
t.check("never a capture", not l["c3e4,e4e8"])
t.check("not a knight move", not l["c3e4,e4f6"])
t.check("the capture alone is no move", not l["c3e4"])
t.fails("the continuation may not capture", "illegal", g:play("c3e4,e4e8"))
t.check("the compound move is one move", g:play("c3e4,e4a4"))
t.equal("after it, Black moves", g:fen():match("^%S+ (%a)"), "b")
t.equal("the knight stands on a4", g:piece("a4"), "N")

-- Clause: if no continuation exists, the capture is illegal. White: Ke1,
-- Nc3; Black: Ke8, Pd5, Pd6. Nxd5 would continue as a pawn: one square
-- forward to d6, which is occupied (no capture), and d5 is not White's
-- second rank: no continuation. The knight's other moves a2 a4 b1 b5 d1
-- e2 e4: 7; the king d1 d2 e2 f1 f2: 5. In all 12.
n, l = legal("4k3/8/3p4/3p4/8/2N5/8/4K3 w - - 0 2")
t.equal("no continuation: 12 moves", n, 12)
t.check("no continuation: no capture", not l["c3d5,d5d6"] and not l["c3d5"])

-- Clause: a continuation in the way of a pawn goes one square forward, or
-- two from the mover's second rank with the path empty. White: Ke1, Nc1;
-- Black: Ke8, Pe2. Nxe2 then e3 or e4; Kxe2 likewise (the king continues
-- as a pawn). The knight's a2 b3 d3; the king's d2 f2 (d1 and f1 are
-- attacked by the pawn). In all 9.
n, l = legal("4k3/8/8/8/8/8/4p3/2N1K3 w - - 0 2")
t.equal("pawn way from the second rank: 9 moves", n, 9)
t.check("one square forward", l["c1e2,e2e3"])
t.check("two from the second rank", l["c1e2,e2e4"])
t.check("the king continues too", l["e1e2,e2e3"] and l["e1e2,e2e4"])
-- ... never capturing: with a black pawn on e3 too, e3 is occupied and
-- the double step's path is not empty, so Nxe2 has no continuation.
n, l = legal("4k3/8/8/8/8/4p3/4p3/2N1K3 w - - 0 2")
t.check("pawn way blocked: no capture on e2", not l["c1e2,e2e3"] and not l["c1e2,e2e4"])

-- Clause: a capturing pawn's continuation may not end on the mover's first
-- rank, and one that ends on the last rank promotes. White: Kg1, Pc2;
-- Black: Ke8, Rd3. cxd3 then a rook move from d3: d2 (not d1: the first
-- rank), d4-d7 (4), d8 promoting (4 pieces), a3-c3 (3), e3-h3 (4): 16;
-- c3, c4: 2; the king f1 f2 g2 h1 h2: 5. In all 23.
n, l, g = legal("4k3/8/8/8/8/3r4/2P5/6K1 w - - 0 2")
t.equal("pawn continuation: 23 moves", n, 23)
t.check("not onto the first rank", not l["c2d3,d3d1"] and l["c2d3,d3d2"])
t.check("promotes on the last rank", l["c2d3,d3d8q"] and l["c2d3,d3d8n"] and not l["c2d3,d3d8"])
g:play("c2d3,d3d7")
t.equal("a pawn that continues as a rook stays a pawn", g:piece("d7"), "P")
-- A pawn that captures on its last rank does not promote there (choice:
-- it promotes where its continuation ends). White: Ka1, Pe7; Black: Kh8,
-- Rd8. exd8 then a rook move from d8: a8-c8 and e8-g8 promote (6 squares,
-- 4 pieces: 24; h8 is a capture), d7-d2 stay pawns (6; not d1); e8 by
-- promotion: 4; the king a2 b1 b2: 3. In all 37.
n, l, g = legal("3r3k/4P3/8/8/8/8/8/K7 w - - 0 2")
t.equal("a pawn's capture on the last rank: 37 moves", n, 37)
t.check("its continuation promotes on the last rank", l["e7d8,d8a8q"] and not l["e7d8,d8a8"])
t.check("or goes back down as a pawn", l["e7d8,d8d2"] and not l["e7d8,d8d1"])
g:play("e7d8,d8d2")
t.equal("back on d2 as a pawn", g:piece("d2"), "P")

-- Clause: for en passant, the continuation starts from the square the
-- capturing pawn moved to. White: Ke1, Pe5; Black: Ke8, Pd5 (just moved
-- d7d5). exd6 e.p. then a pawn move from d6: d7. Also e6, and the king's
-- d1 d2 e2 f1 f2. In all 7.
n, l = legal("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
t.equal("en passant: 7 moves", n, 7)
t.check("en passant continues from d6", l["e5d6,d6d7"])

-- Clause: legality after the whole compound move. White: Ke1, Ne2 (pinned
-- by the rook on e8); Black: Kh8, Re8, Rc3. Nxc3 leaves the king in check
-- until the continuation: only the rook move c3e3 closes the file. The
-- king's d1 d2 f1 f2. In all 5.
n, l = legal("4r2k/8/8/8/8/2r5/4N3/4K3 w - - 0 2")
t.equal("judged after the whole move: 5 moves", n, 5)
t.check("the continuation that blocks", l["e2c3,c3e3"])
t.check("no continuation that leaves the check", not l["e2c3,c3c1"] and not l["e2c3,c3d3"])

-- Clause: check is ordinary attack, the continuation plays no part. The
-- white knight on d6 checks the black king on e8 (it could capture it);
-- Black: Kd8 Kd7 Ke7 Kf8 (f7 is attacked by the knight): 4.
n, l, g = legal("4k3/8/3N4/8/8/8/8/4K3 b - - 0 2")
t.check("a knight's attack is check", g:incheck())
t.equal("in check: 4 moves", n, 4)

-- Perft from the start: 20 and 400 as chess (no capture is possible in
-- two moves). Depth 3: chess has 8902 leaves, 34 of them captures; each
-- capture is replaced by its continuations. An independent model built on
-- orthodox chess (the capturing piece replaced by one of the captured
-- type, its non-capturing chess moves from the capture square counted)
-- gives 8910.
g = varia.new("takemake")
t.equal("perft 1", g:perft(1), 20)
t.equal("perft 2", g:perft(2), 400)
t.equal("perft 3", g:perft(3), 8910)

-- The half-made move is in the FEN (the captured type and the square in
-- the state slots) and reopens.
g = varia.new("takemake", { fen = "4k3/8/8/8/4r3/2N5/8/4K3 w - - 0 2" })
g:play("c3e4")
local h = varia.new("takemake", { fen = g:fen() })
t.equal("mid-move FEN: the continuations", #h:legal(), 12)
h:play("e4e5")
t.equal("mid-move FEN: then Black", h:fen():match("^%S+ (%a)"), "b")

t.done()
