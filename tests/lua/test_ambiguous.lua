-- Ambiguous Chess, from the Chess Variant Pages' page "Ambiguous Chess"
-- (chessvariants.com; Fabrice Liardet's game). Each test quotes the
-- sentence it checks.

local t = require "check"

local function choices(g)
  local d = g:decision()
  local list = {}
  for _, m in ipairs(d.options) do list[#list + 1] = m end
  table.sort(list)
  return table.concat(list, " ")
end

-- "each player just points at a free or occupied square he intends to move
-- to ; of course, he must have at least one piece able to reach that
-- square. Then the opponent chooses which one of the possible pieces will
-- indeed move to that square."
local g = varia.new("ambiguous")
t.equal("the mover names a square", g:decision().kind, "target")
t.equal("16 squares can be named at the start", #g:decision().options, 16)
t.equal("20 complete turns (a3, c3, f3, h3 have two pieces each)", #g:legal(), 20)
t.check("a square no piece can reach cannot be named", not g:play("e5"))
g:play("c3")
t.equal("the opponent chooses", g:turn(), "black")
t.equal("between the pawn and the knight", choices(g), "b1c3 c2c3")
t.check("black chooses the knight", g:play("b1c3"))
t.equal("then it is black's turn to name", g:decision().kind, "target")
t.equal("and black names", g:turn(), "black")

-- "If only one piece can move to the indicated square, the opponent has
-- nothing to choose and the move can be played at once."
g = varia.new("ambiguous")
t.check("e4 is played at once", g:play("e4"))
t.equal("after e4", g:fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
t.check("a whole move is accepted when nothing can be chosen", g:play("e7e5"))
t.fails("but not when another piece reaches the square", "2 pieces can reach c3", varia.new("ambiguous"):play("b1c3"))

-- "As usual, castling is considered as a king move."
g = varia.new("ambiguous", { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" })
g:play("g1")
t.equal("castling is named by the king's square (the rook reaches g1 too)", choices(g), "e1g1 h1g1")
g:play("e1g1")
t.equal("castled", g:fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1")
g = varia.new("ambiguous", { fen = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1" })
t.check("g1 occupied: no castling name", not g:play("g1"))

-- "No check or checkmate, one wins by capturing the opponent's king."
g = varia.new("ambiguous", { fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1" })
t.check("the king may step into attack", g:play("d1"))
t.check("and be taken", g:play("d1"))
t.equal("capturing the king wins", g:result(), "black")

-- Promotion (our choice, see the script): the mover names the square with
-- the piece; the opponent chooses which piece goes there.
g = varia.new("ambiguous", { fen = "3nk3/4P3/8/8/8/8/8/R3K3 w - - 0 1" })
local names = {}
for _, n in ipairs(g:decision().options) do names[n] = true end
t.check("promotion squares are named with the piece", names["d8q"] and names["d8n"] and not names["d8"])

-- The sample game: "1.e4 e5 No choice is possible up to now."
g = varia.new("ambiguous")
t.check("1.e4", g:play("e4"))
t.check("1...e5", g:play("e5"))
t.equal("no choice so far: four steps, each auto-played", #g:history(), 4)
-- "2.Bc4 This move is a mistake... by Black ; Black could and should have
-- chosen to push the white pawn on c4 instead."
g:play("c4")
t.equal("2.c4: Black chooses bishop or pawn", choices(g), "c2c4 f1c4")
g:play("f1c4")
-- "2...d6 White could also have moved the black bishop on d6."
g:play("d6")
t.equal("2...d6: White chooses pawn or bishop", choices(g), "d7d6 f8d6")
g:play("d7d6")
-- "3.Bxf7+! No choice, the bishop was the only piece able to take that pawn."
g:play("f7")
t.equal("3.Bxf7: played at once", g:decision().kind, "target")
t.equal("the bishop took on f7", g:piece("f7"), "B")
-- "3...Kxf7" (only the king can take)
g:play("f7")
t.equal("3...Kxf7", g:piece("f7"), "k")
g:play("h5")
t.equal("4.Qh5 (only the queen reaches h5)", g:piece("h5"), "Q")
local after4 = g:fen()
-- "A king move is impossible, because all neighbouring squares can be
-- reached by other pieces. If for instance Black points to e6, White will
-- move the bishop c8 there and take the king."
g = varia.new("ambiguous", { fen = after4 })
g:play("e6")
t.check("Black names e6: White may choose the bishop c8", choices(g):find("c8e6", 1, true) ~= nil)
g:play("c8e6")
t.check("then the queen takes the king on f7", g:play("f7"))
t.equal("Black's king is gone", g:result(), "white")
-- "trying to move the pawn to g6 is no better defence, because White would
-- then force the king to move on g6 and capture it."
g = varia.new("ambiguous", { fen = after4 })
g:play("g6")
t.equal("Black names g6: pawn or king", choices(g), "f7g6 g7g6")
g:play("f7g6")
t.check("the queen takes the king on g6", g:play("g6"))
-- "4.Qh5! and Black is already mated." (the checkmate formulation)
g = varia.new("ambiguous", { fen = after4, options = { goal = "checkmate" } })
local winner, reason = g:result()
t.equal("Black is mated after 4.Qh5", winner, "white")
t.equal("checkmate", reason, "checkmate")
t.equal("without the option the game goes on", varia.new("ambiguous", { fen = after4 }):result(), nil)
-- and one move earlier, after 3...Kxf7, Black was not yet lost
g = varia.new("ambiguous", { options = { goal = "checkmate" } })
g:play("e4", "e5", "c4", "f1c4", "d6", "d7d6", "f7", "f7")
t.equal("not mated before 4.Qh5", g:result(), nil)

-- The striking example: "1.e4 e6 2.d4 d5 3.exd5 Qxd5 White would have been
-- better inspired to choose 3...exd5 instead."
g = varia.new("ambiguous")
g:play("e4", "e6", "d4", "d5", "d5") -- 3.exd5 is played at once
g:play("d5")
t.equal("3...d5: White chooses pawn or queen", choices(g), "d8d5 e6d5")
g:play("d8d5")
-- "4.Be3? ... 4...Bb4+! 5.Nc3 The only move. 5...Qxa2!"
g:play("e3")
t.equal("4.Be3 is played at once (e2 is empty since 3.exd5)", g:piece("e3"), "B")
g:play("b4")
t.equal("4...Bb4 is played at once (only the bishop reaches b4)", g:piece("b4"), "b")
g:play("c3")
t.equal("5.c3: Black chooses knight or pawn", choices(g), "b1c3 c2c3")
g:play("b1c3")
g:play("a2")
t.equal("5...Qxa2 is played at once", g:piece("a2"), "q")
local after5 = g:fen()
-- "The queen cannot be taken, because Black could choose it to be taken
-- with the pinned knight."
g:play("a2")
t.equal("White names a2: rook or the pinned knight", choices(g), "a1a2 c3a2")
g:play("c3a2")
t.check("and the bishop takes the king", g:play("e1"))
t.equal("White has lost", g:result(), "black")
-- "The b2 pawn cannot be defended (on c1 Black would move the white rook,
-- and of b1 of course the pinned knight)"
g = varia.new("ambiguous", { fen = after5 })
g:play("c1")
t.check("White names c1: Black may choose the rook", choices(g):find("a1c1", 1, true) ~= nil)
g = varia.new("ambiguous", { fen = after5 })
g:play("b1")
t.check("White names b1: Black may choose the pinned knight", choices(g):find("c3b1", 1, true) ~= nil)

-- Unambiguous Chess: "moving to a square which can be reached by more than
-- one piece is illegal."
g = varia.new("ambiguous", { options = { unambiguous = "yes" } })
t.equal("a3, c3, f3, h3 cannot be named", #g:decision().options, 12)
t.fails("c3 is illegal", "c3", g:play("c3"))
-- "This implies for instance that a double check is in fact not a check at
-- all, because the move taking the king would then be illegal."
g = varia.new("ambiguous", { fen = "4k3/8/8/8/1b6/8/8/4K1q1 b - - 0 1", options = { unambiguous = "yes" } })
names = {}
for _, n in ipairs(g:decision().options) do names[n] = true end
t.check("two attackers: the king cannot be taken", not names["e1"])
g = varia.new("ambiguous", { fen = "4k3/8/8/8/1b6/8/8/4K3 b - - 0 1", options = { unambiguous = "yes" } })
names = {}
for _, n in ipairs(g:decision().options) do names[n] = true end
t.check("one attacker: it can", names["e1"])

-- Perft counts complete turns, the opponent's choices included (docs).
t.equal("perft 1 from the start: 20 turns", varia.new("ambiguous"):perft(1), 20)
t.equal("perft 2: 400", varia.new("ambiguous"):perft(2), 400)
t.equal("perft 1 after 4.Qh5: one turn per move to each named square",
  varia.new("ambiguous", { fen = after4 }):perft(1), #varia.new("ambiguous", { fen = after4 }):legal())

-- The chooser is told what to do, not whose piece it is: "the opponent
-- chooses which one of the possible pieces will indeed move to that square".
do
  local a = varia.new("ambiguous")
  t.check("1.e4 e5", a:play("e4", "e5"))
  t.check("White names e2", a:play("e2"))
  t.fails("Black moving its own piece", "e7e6: Black now chooses which of White's pieces goes to e2: one of d1e2, e1e2, f1e2, g1e2", a:play("e7e6"))
  t.fails("a white move to another square", "Black now chooses which of White's pieces goes to e2", a:play("d2d3"))
  t.check("a choice is accepted", a:play("f1e2"))
end

t.done()
