-- Alice chess (variants/alice.lua): every clause of varia's definition
-- (docs/variants/alice.md and the script's header), on positions counted
-- by hand. A piece on board B has attribute 1 (FEN: varia:attr=a4.1); every other
-- piece stands on board A.

local t = require "check"

local function legal(fen)
  local g = varia.new("alice", fen and { fen = fen } or nil)
  local l = g:legal()
  table.sort(l)
  local s = {}
  for _, m in ipairs(l) do s[m] = true end
  return #l, s, g
end

-- Every piece starts on A; a moved piece passes to B. The first moves
-- are chess's 20; Black's replies, all on A, are chess's 20 (White's moved
-- piece, on B, neither blocks nor is reached): perft 2 is 400.
local n, l, g = legal()
t.equal("start: 20 moves", n, 20)
t.equal("start: perft 2", g:perft(2), 400)
g:play("e2e4")
t.equal("the moved pawn is on B", g:attr("e4"), 1)
t.check("and the FEN says so", g:fen():find("varia:attr=e4.1", 1, true), g:fen())
g:play("d7d5")
-- Both pawns on B. White: the pawns a-d, f-h on A (14 moves), the
-- knights (b1a3 b1c3 g1e2 g1f3 g1h3), the bishop f1 (e2 d3 c4 b5 a6: e2
-- is empty on A), the queen (e2 f3 g4 h5), the king (e2); on B the e-pawn
-- (e5, and exd5 on B, d5 being empty on A for the transfer). In all 31.
n, l = legal(g:fen())
t.equal("after 1.e4 d5: 31 moves", n, 31)
t.check("captures on the same board", l["e4d5"])
g:play("e4d5")
t.equal("the capturing pawn passes back to A", g:attr("d5"), 0)

-- Clause: blocking only by pieces of the same board, and the square of
-- arrival empty on the other board. White: Ra1 (A), Pa4 (B), Ke1 (A);
-- Black: Ke8 (A). The rook: a2 a3, not a4 (the pawn stands there on B),
-- a5-a8 (through a4, empty on A), b1-d1: 9; the pawn on B: a5 (empty on
-- A): 1; the king d1 d2 e2 f1 f2: 5. In all 15.
n, l = legal("4k3/8/8/8/P7/8/8/R3K3 w - - 0 2 varia:attr=a4.1")
t.equal("blocking per board: 15 moves", n, 15)
t.check("through a piece of the other board", l["a1a5"] and l["a1a8"])
t.check("not onto a square taken on the other board", not l["a1a4"])
-- Clause: captures only on the same board. White: Ra1 (B), Ke1 (A);
-- Black: Pa6 (A), Ke8 (A). On B the rook passes a6 and e1 (both empty on
-- B) but lands on neither (taken on A): a2-a5 a7 a8, b1-d1 f1-h1: 12; the
-- king 5. In all 17.
n, l = legal("4k3/8/p7/8/8/8/8/R3K3 w - - 0 2 varia:attr=a1.1")
t.equal("captures per board: 17 moves", n, 17)
t.check("no capture across boards", not l["a1a6"])
t.check("passing a square taken on the other board", l["a1a7"] and l["a1h1"])

-- Clause: a king is in check when an enemy piece on its board attacks
-- it. The white rook on e1 (B) does not check the black king on e8 (A);
-- on A it does.
g = varia.new("alice", { fen = "4k3/8/8/8/8/8/8/K3R3 b - - 0 2 varia:attr=e1.1" })
t.check("no check across boards", not g:incheck())
g = varia.new("alice", { fen = "4k3/8/8/8/8/8/8/K3R3 b - - 0 2" })
t.check("check on the same board", g:incheck())

-- Clause: if the mover's king stands on the board of the move, it must
-- not be in check there after the move (before passing). White: Ke1 (A);
-- Black: Rh2 (A), Ke8 (A). Kd2 Ke2 Kf2 would stand attacked on A by the
-- rook before passing to B, where nothing attacks: illegal. Kd1 Kf1: 2.
n, l = legal("4k3/8/8/8/8/8/7r/4K3 w - - 0 2")
t.equal("the king not attacked on the board it left: 2 moves", n, 2)
t.check("Kd1 and Kf1", l["e1d1"] and l["e1f1"])

-- Clause: after the transfer the mover's king must not be in check on its
-- own board. White: Ke1, Re2 (A); Black: Re8, Kh8 (A). A rook move passes
-- the rook to B and opens the e-file on A: illegal, unless it takes the
-- rook on e8 (then nothing attacks). The king: d1 d2 f1 f2. In all 5.
n, l = legal("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 2")
t.equal("after the transfer: 5 moves", n, 5)
t.check("the capture that removes the attacker", l["e2e8"])
t.check("not a move that opens the file", not l["e2e3"] and not l["e2a2"])
-- ... and a king passes to B, where it must not be attacked. White: Ke1,
-- Rh1 (A); Black: Rf8 (B), Kh8 (A): Kf1 and Kf2 are safe on A but
-- attacked on B: illegal; Kd1 Kd2 Ke2; castling (see below); the rook's
-- f1 g1 h2-h8. In all 13.
n, l = legal("5r1k/8/8/8/8/8/8/4K2R w K - 0 2 varia:attr=f8.1")
t.equal("the king passes into no attack: 13 moves", n, 13)
t.check("not into attack on B", not l["e1f1"] and not l["e1f2"])

-- Clause: castling is made on one board and both king and rook pass.
-- White: Ke1, Rh1 (A), right K; Black: Ke8 (A). King: d1 d2 e2 f1 f2;
-- castling; rook f1 g1 h2-h8. In all 15.
n, l, g = legal("4k3/8/8/8/8/8/8/4K2R w K - 0 2")
t.equal("castling: 15 moves", n, 15)
g:play("e1g1")
t.equal("castling: the king passes", g:attr("g1"), 1)
t.equal("castling: the rook passes", g:attr("f1"), 1)
-- The squares they land on must be empty on the other board: a knight on
-- g1 (B) forbids it (White: king 5, knight on B e2 f3 h3, rook f1 and
-- h2-h8 (g1 is taken on B): 16).
n, l = legal("4k3/8/8/8/8/8/8/4K1NR w K - 0 2 varia:attr=g1.1")
t.equal("castling onto a taken square: 16 moves", n, 16)
t.check("castling onto a taken square: refused", not l["e1g1"])
-- King and rook on different boards do not castle (the rook on B: king 5,
-- rook a1-d1 f1 g1 through e1 on B, h2-h8: 18).
n, l = legal("4k3/8/8/8/8/8/8/4K2R w K - 0 2 varia:attr=h1.1")
t.equal("king and rook on two boards: 18 moves", n, 18)
t.check("king and rook on two boards: no castling", not l["e1g1"])
-- Castling's conditions on the king's board: the black rook on f8 (A)
-- attacks f1, which the king passes: no castling; on B (above) it does
-- not matter.
n, l = legal("5r1k/8/8/8/8/8/8/4K2R w K - 0 2")
t.check("castling through attack on the king's board: refused", not l["e1g1"])
n, l = legal("5r1k/8/8/8/8/8/8/4K2R w K - 0 2 varia:attr=f8.1")
t.check("attack on the other board: castling allowed", l["e1g1"])

-- Castling's squares are judged on the king's board (hooks.castling):
-- a knight on b1 of the other board (B) does not stop O-O-O, which the
-- king and rook make on A (b1 empty there). White: Ke1, Ra1 (A), Nb1 (B);
-- Black: Ke8 (A). King d1 d2 e2 f1 f2 and O-O-O; rook a2-a8, c1 d1 (not
-- b1, taken on B where it would pass); knight on B a3 c3 d2:
-- 6 + 9 + 3 = 18.
n, l, g = legal("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 2 varia:attr=b1.1")
t.check("O-O-O past a piece on the other board's b1", l["e1c1"])
t.equal("O-O-O past b1 of B: 18 moves", n, 18)
g:play("O-O-O")
t.equal("O-O-O: the king passes to B", g:attr("c1"), 1)
t.equal("O-O-O: the rook passes to B", g:attr("d1"), 1)
t.equal("O-O-O: the knight stays on b1 of B", g:attr("b1"), 1)
-- ... but on the king's own board b1 must be empty, and the squares king
-- and rook land on (c1, d1) must be empty on the other board too.
n, l, g = legal("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 2")
t.check("b1 taken on the king's board: no O-O-O", not l["e1c1"])
t.equal("... and why", select(2, g:why("e1c1")), "castling (O-O-O): b1 is occupied on board A, the king's")
n, l, g = legal("4k3/8/8/8/8/8/8/R1N1K3 w Q - 0 2 varia:attr=c1.1")
t.check("c1 taken on the other board: no O-O-O", not l["e1c1"])
t.equal("... and why", select(2, g:why("e1c1")),
        "castling (O-O-O): c1 is occupied on the other board, where the king would pass")
n, l, g = legal("4k3/8/8/8/8/8/8/R3K3 w Q - 0 2 varia:attr=a1.1")
t.equal("the rook on the other board: why", select(2, g:why("e1c1")),
        "castling (O-O-O): the rook on a1 stands on the other board than the king")
-- Black likewise: a white bishop on b8 of B does not stop ...O-O-O on A.
n, l = legal("r3k3/8/8/8/8/8/8/4K3 b q - 0 2")
t.check("nothing on b8: ...O-O-O", l["e8c8"])
n, l = legal("rB2k3/8/8/8/8/8/8/4K3 b q - 0 2 varia:attr=b8.1")
t.check("a white piece on b8 of B: ...O-O-O still", l["e8c8"])

-- Clause: en passant only against a pawn on the same board, with the
-- target square empty on that board. White: Pe5, Ke1; Black: Pd7, Ke8.
-- Black's d7d5 passes the pawn to B. With the white pawn on B, exd6 e.p.
-- is legal; with it on A, not.
g = varia.new("alice", { fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 2 varia:attr=e5.1" })
g:play("d7d5")
l = {}
for _, m in ipairs(g:legal()) do l[m] = true end
t.check("en passant on the same board", l["e5d6"])
g:play("e5d6")
t.check("en passant: the pawn is taken", not g:piece("d5"))
t.equal("en passant: the capturer passes to A", g:attr("d6"), 0)
g = varia.new("alice", { fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 2" })
g:play("d7d5")
l = {}
for _, m in ipairs(g:legal()) do l[m] = true end
t.check("no en passant across boards", not l["e5d6"])
-- ... and the target square must be empty on the victim's board (B): a
-- white knight on d6 (B) takes it.
g = varia.new("alice", { fen = "4k3/3p4/3N4/4P3/8/8/8/4K3 b - - 0 2 varia:attr=e5.1,d6.1" })
g:play("d7d5")
l = {}
for _, m in ipairs(g:legal()) do l[m] = true end
t.check("no en passant onto a taken square", not l["e5d6"])

-- The square a double step passes may be occupied on the other board:
-- then no en passant capture can land there, and the position has no en
-- passant square (its FEN reads back). Black's d7d5 passes d6 on A; a
-- black bishop stands on d6 of B.
g = varia.new("alice", { fen = "4k3/3p4/3b4/4P3/8/8/8/4K3 b - - 0 2 varia:attr=e5.1,d6.1" })
g:play("d7d5")
t.equal("a passed square occupied on the other board: no en passant square",
        g:fen():match("^%S+ %a %S+ (%S+)"), "-")
t.equal("... and the FEN reads back", varia.new("alice", { fen = g:fen() }):fen(), g:fen())

-- Checkmate and its board. White: Kh1 (A); Black: Ra1 (A) gives check,
-- Rb2 (A) guards g2 h2 on A: mate. With Rb2 on B, g2 and h2 are free on
-- A but attacked on B, where the king would pass: mate too. With the
-- second rook on b3 (B), Kg2 and Kh2 escape: 2 moves.
n, l, g = legal("k7/8/8/8/8/8/1r6/r6K w - - 0 2")
local winner, reason = g:result()
t.equal("mate on one board", reason, "checkmate")
t.equal("mate: black wins", winner, "black")
n = legal("k7/8/8/8/8/8/1r6/r6K w - - 0 2 varia:attr=b2.1")
t.equal("mate through the glass: no move", n, 0)
n, l = legal("k7/8/8/8/8/1r6/8/r6K w - - 0 2 varia:attr=b3.1")
t.equal("escape through the glass: 2 moves", n, 2)

-- A promotion resets the attribute; the pawn's board decides where the
-- new piece goes: a pawn on a7 (B) promotes on a8 of B and passes to A.
g = varia.new("alice", { fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 2 varia:attr=a7.1" })
g:play("a7a8q")
t.equal("promotion: the queen passes to A", g:attr("a8"), 0)
g = varia.new("alice", { fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 2" })
g:play("a7a8q")
t.equal("promotion: from A to B", g:attr("a8"), 1)

t.done()
