-- Unbland Chess: one test per rule of the inventor's page,
-- https://www.chessvariants.com/rules/unbland-chess
-- (each quoting its sentence), seeded games replayed byte for byte, and
-- saved games restored with their hidden state.

local t = require "check"

local function legal_set(g)
  local s = {}
  for _, m in ipairs(g:legal()) do s[m] = true end
  return s
end
local function from(g, sq)
  local n = 0
  for _, m in ipairs(g:legal()) do if m:sub(1, 2) == sq then n = n + 1 end end
  return n
end

-- "You also need a deck of cards four each of numbers 1 to 8." 1. "Each
-- player is dealt two cards at the beginning of the game. It is not
-- allowed to see opponent's cards."
local g = varia.new("unbland", { seed = 7 })
t.equal("white holds two cards", #g:hand("white"), 2)
t.equal("black holds two cards", #g:hand("black"), 2)
t.check("white's view: its hand, the opponent's count, the deck's size",
  g:view("white"):find("hand=" .. table.concat(g:hand("white"), ",") .. ";opponent_hand=2;deck=28", 1, true))
t.check("the view has no generator state", not g:view("white"):find("rng", 1, true))
t.check("the FEN (the referee's) has both hands", g:fen():find("hands=", 1, true))
t.equal("same seed, same deal", varia.new("unbland", { seed = 7 }):fen(), g:fen())
local differ = false
for s = 1, 5 do if varia.new("unbland", { seed = s }):fen() ~= g:fen() then differ = true end end
t.check("other seeds, other deals", differ)

-- 2. "If a piece makes a diagonal move, that piece can no longer make a
-- diagonal move for the rest of the game. Knight moves do not count as
-- diagonal."
g = varia.new("unbland", { fen = "4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1" })
g:play("c1d2", "e8d8")
t.equal("the bishop is marked", g:attr("d2"), 1)
t.equal("a marked bishop cannot move", from(g, "d2"), 0)
g:play("g1f3", "d8e8")
t.equal("a knight move does not mark", g:attr("f3"), 0)
g = varia.new("unbland", { fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1" })
g:play("d1b3", "e8d8")
local l = legal_set(g)
t.check("a marked queen still moves orthogonally", l["b3b8"] and l["b3h3"])
t.check("but not diagonally", not l["b3c4"] and not l["b3a2"])
g = varia.new("unbland", { fen = "4k3/8/8/8/3p1p2/4P3/8/4K3 w - - 0 1" })
g:play("e3d4", "e8d8")
t.equal("a pawn capture marks the pawn", g:attr("d4"), 1)
g = varia.new("unbland", { fen = "4k3/8/8/2p5/3P4/8/8/4K3 w - - 0 1 varia:attr=d4.1" })
t.check("a marked pawn cannot capture", not legal_set(g)["d4c5"])
t.check("but can still advance", legal_set(g)["d4d5"])
g = varia.new("unbland", { fen = "4k3/7p/8/8/8/8/8/4K3 w - - 0 1" })
g:play("e1f2", "e8d8")
t.check("a marked king steps only orthogonally", not legal_set(g)["f2g3"] and legal_set(g)["f2f3"])

-- 3. "Promotion is only allowed into pieces that have been lost; if into a
-- rook you choose at that time if it is right-side-up or upside-down"
g = varia.new("unbland", { fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" })
t.equal("nothing lost: the pawn cannot promote", from(g, "a7"), 0)
g = varia.new("unbland", { fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 varia:lost=R" })
l = legal_set(g)
t.check("a lost rook: rook or upside-down rook", l["a7a8r"] and l["a7a8c"])
t.check("not a queen", not l["a7a8q"])
g:play("a7a8c")
t.equal("promoted to an upside-down rook", g:piece("a8"), "C")
t.check("the lost rook is used up", not g:fen():find("lost=", 1, true))
-- 4. "A piece gained through promotion regains the ability to move
-- diagonally once."
g = varia.new("unbland", { fen = "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 varia:attr=b7.1;lost=Q" })
t.check("a marked pawn promotes by moving straight", g:play("b7b8q"))
t.equal("the new queen is unmarked", g:attr("b8"), 0)
g:play("e8d7")
t.check("and may move diagonally", legal_set(g)["b8a7"] or legal_set(g)["b8c7"])

-- 5. "Instead of moving, you may play two cards from your hand. Select one
-- card for rank (1=your first rank) one for file (card 1=a=queen's rook's
-- file), and discard them. It must be a square containing one of your own
-- piece other than a knight. If it is a rook turn it rightside-up or
-- upside-down. If it is not a rook it loses or regains its diagonal
-- ability"
g = varia.new("unbland", { fen = "4k3/8/8/2R5/8/4B3/8/4K1N1 w - - 0 1 varia:hands=3,5/" })
l = legal_set(g)
t.check("rank 3, file 5: e3", l["cards:e3"])
t.check("rank 5, file 3: c5", l["cards:c5"])
g:play("cards:e3")
t.equal("the bishop loses its diagonal ability", g:attr("e3"), 1)
t.equal("the cards are discarded", g:fen():match("discard=([%d,]+)"), "3,5")
t.equal("the hand is empty", #g:hand("white"), 0)
g = varia.new("unbland", { fen = "4k3/8/8/2R5/8/4B3/8/4K1N1 w - - 0 1 varia:hands=3,5/" })
g:play("cards:c5")
t.equal("the rook is turned upside down", g:piece("c5"), "C")
g = varia.new("unbland", { fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 varia:hands=1,7/" })
t.check("not on a knight", not legal_set(g)["cards:g1"])
g = varia.new("unbland", { fen = "4k3/7p/8/8/8/8/8/4K3 b - - 0 1 varia:hands=/1,5" })
t.check("black counts ranks from its own side: rank 1 is the 8th", legal_set(g)["cards:e8"])
g = varia.new("unbland", { fen = "4k3/7p/8/8/8/2B5/8/4K3 w - - 0 1 varia:hands=3,3/;attr=c3.1" })
t.check("two cards of the same value", g:play("cards:c3"))
t.equal("a marked bishop regains its diagonal ability", g:attr("c3"), 0)

-- 6. "After you capture, promote, or give check, if you have less than
-- three cards in your hand, and there are some more cards remaining in the
-- draw pile, draw a card. (If you do more than one, you can pick up a card
-- for each until you have three.)"
g = varia.new("unbland", { fen = "4k3/8/8/8/8/3p4/8/3RK3 w - - 0 1 varia:hands=1/" })
g:play("d1d3")
t.equal("a capture draws a card", #g:hand("white"), 2)
g = varia.new("unbland", { fen = "4k3/8/8/8/8/4p3/8/4RK2 w - - 0 1 varia:hands=1/" })
g:play("e1e3")
t.equal("a capture with check draws two", #g:hand("white"), 3)
g = varia.new("unbland", { fen = "4k3/8/8/8/8/4p3/8/4RK2 w - - 0 1 varia:hands=1,2/" })
g:play("e1e3")
t.equal("up to three cards", #g:hand("white"), 3)
g = varia.new("unbland", { fen = "4k3/8/8/8/8/3p4/8/3RK3 w - - 0 1 varia:hands=1,2,3/" })
g:play("d1d3")
t.equal("a full hand draws nothing", #g:hand("white"), 3)
local all = {}
for v = 1, 8 do for _ = 1, 4 do all[#all + 1] = v end end
local discard = {}
for i = 1, 31 do discard[i] = all[i] end
g = varia.new("unbland", { fen = "4k3/8/8/8/8/3p4/8/3RK3 w - - 0 1 varia:discard=" .. table.concat(discard, ",") })
g:play("d1d3")
t.equal("the last card of the pile is drawn", #g:hand("white"), 1)
g:play("e8d8", "d3d8")
t.equal("an empty pile: nothing more (no reshuffle)", #g:hand("white"), 1)
g = varia.new("unbland", { fen = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1" })
g:play("d1d2")
t.equal("a quiet move draws nothing", #g:hand("white"), 0)
-- A card play gives check too: "give check" names no kind of move, and a
-- rook turned over a screen or a piece given back its diagonals checks as
-- surely as a move does.
g = varia.new("unbland", { fen = "4k3/8/8/8/4P3/8/8/4R2K w - - 0 1 varia:hands=1,5/" })
g:play("cards:e1")
t.check("a rook turned upside down over a screen checks", g:incheck())
t.equal("and the check draws a card", #g:hand("white"), 1)
g = varia.new("unbland", { fen = "8/7p/8/k7/8/2B5/8/7K w - - 0 1 varia:hands=3,3/;attr=c3.1" })
g:play("cards:c3")
t.check("a bishop given back its diagonals checks", g:incheck())
t.equal("and that check draws a card", #g:hand("white"), 1)
g = varia.new("unbland", { fen = "8/7p/8/k7/8/2B5/8/7K w - - 0 1 varia:hands=3,3/" })
g:play("cards:c3")
t.check("a card play that gives no check", not g:incheck())
t.equal("draws nothing", #g:hand("white"), 0)

-- 7. "Turning a rook does not count as moving for the purpose to decide if
-- castling is OK."
g = varia.new("unbland", { fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 varia:hands=1,8,1,8/" })
g:play("cards:h1")
t.equal("the rook is upside down", g:piece("h1"), "C")
t.check("castling rights kept", g:fen():find(" w K ", 1, true) or g:fen():find(" b K ", 1, true))
t.check("no castling with an upside-down rook (our choice)", not legal_set(varia.new("unbland", { fen = g:fen():gsub(" b ", " w ") }))["e1g1"])
g:play("e8d8", "cards:h1")
t.equal("turned back", g:piece("h1"), "R")
g:play("d8e8")
t.check("castling is still allowed", legal_set(g)["e1g1"])

-- "There is also upside-down rook ... which move/capture as the Xiangqi
-- cannon."
g = varia.new("unbland", { fen = "4k3/4p3/8/8/8/8/8/C3K3 w - - 0 1" })
l = legal_set(g)
t.check("the cannon moves as a rook", l["a1a8"] and l["a1d1"])
g = varia.new("unbland", { fen = "4k3/8/8/8/p7/8/P7/C3K3 w - - 0 1" })
t.check("and captures over a screen", legal_set(g)["a1a4"])

-- Seeded games replayed byte for byte, and saved games restored exactly.
local function random_game(seed, plies)
  math.randomseed(seed)
  local g = varia.new("unbland", { seed = seed })
  local fens = { g:fen() }
  for _ = 1, plies do
    if g:result() then break end
    local moves = g:legal()
    g:play(moves[math.random(#moves)])
    fens[#fens + 1] = g:fen()
  end
  return g, fens
end
local g1, f1 = random_game(99, 120)
local g2, f2 = random_game(99, 120)
t.equal("same seed, same game, byte for byte", table.concat(f1, "\n"), table.concat(f2, "\n"))
t.check("the game used cards", table.concat(f1, "\n"):find("discard=", 1, true) or #f1 < 30)
local replay = varia.new("unbland", { seed = 99 })
for _, m in ipairs(g1:history()) do replay:play(m) end
t.equal("replaying the history gives the same position", replay:fen(), g1:fen())
-- Save mid-game, restore, and play on identically (chance included).
math.randomseed(5)
local a = varia.new("unbland", { seed = 3 })
for _ = 1, 40 do local m = a:legal(); a:play(m[math.random(#m)]) end
local b = varia.new("unbland", { fen = a:fen() })
t.equal("restored from its FEN", b:fen(), a:fen())
local same = true
for _ = 1, 60 do
  if a:result() then break end
  local m = a:legal()
  local pick = m[math.random(#m)]
  a:play(pick)
  b:play(pick)
  if a:fen() ~= b:fen() then same = false end
end
t.check("and both go on the same way, card draws included", same)

-- A refused card play says which condition of rule 5 it breaks: "It must be
-- a square containing one of your own piece other than a knight", named by
-- two cards of the player's hand.
do
  local u = varia.new("unbland", { fen = "4k3/7p/8/8/8/4B3/8/4K1N1 w - - 0 1 varia:hands=3,5/" })
  t.fails("a knight", "cards:g1: cards may not act on a knight", u:play("cards:g1"))
  t.fails("the opponent's piece", "cards:e8: e8 holds Black's king; cards act on one of White's own pieces", u:play("cards:e8"))
  t.fails("an empty square", "cards:a1: a1 is empty", u:play("cards:a1"))
  t.fails("cards not in hand", "cards:e1: e1 needs a 1 (rank, counted from White's side) and a 5 (file), and White's hand does not hold them", u:play("cards:e1"))
  t.fails("no square", "a card play names a square (cards:e3)", u:play("cards:zz"))
  t.check("the game is as it was", u:play("cards:e3"))
  t.fails("a game without cards", "cards:e3: chess has no card plays", varia.new("chess"):play("cards:e3"))
end

-- The opponent is told what a card play shows (rule 5: "one for rank
-- (1=your first rank) one for file (card 1=a ...)"; "If it is a rook turn
-- it rightside-up or upside-down. If it is not a rook it loses or regains
-- its diagonal ability"): the cards, the square, what became of the piece.
do
  local g = varia.new("unbland", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:hands=1,6/8,1" })
  g:play("cards:f1")
  local heard = g:messages("black")
  t.equal("black is told of white's card play", heard[1] and heard[1].text,
    "White played the cards 6 and 1 on f1: the bishop there loses its diagonal moves")
  t.equal("with its fields", heard[1] and string.format("%s %s %d %d %s %s", heard[1].fields.player,
    heard[1].fields.square, heard[1].fields.file_card, heard[1].fields.rank_card, heard[1].fields.piece,
    heard[1].fields.effect), "white f1 6 1 bishop marked")
  t.equal("the player who played is not told again", #g:messages("white"), 0)
  g:play("cards:h8")
  heard = g:messages("white")
  t.equal("black's rank card counts from black's side: h8 is rank card 1",
    heard[1] and heard[1].text, "Black played the cards 8 and 1 on h8: the rook there is turned upside down")
  g = varia.new("unbland", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNR w KQkq - 0 1 varia:hands=1,1/8,8;attr=f1.1" })
  g:play("cards:a1")
  t.equal("an upside-down rook turned back", g:messages("black")[1].text,
    "White played the cards 1 and 1 on a1: the upside-down rook there is turned right side up")
  g = varia.new("unbland", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:hands=1,6/8,8;attr=f1.1" })
  g:play("cards:f1")
  t.equal("a marked piece regains its diagonal moves", g:messages("black")[1].text,
    "White played the cards 6 and 1 on f1: the bishop there has its diagonal moves back")
  t.equal("unmarked", g:messages("black")[1].fields.effect, "unmarked")
  g:play("e7e5")
  t.equal("an ordinary move tells nothing", #g:messages("white"), 0)
end

t.done()
