-- Monochrome Chess, one test per rule of the Russian rules page (in the
-- English of variants/monochrome.lua's header).
-- Each test quotes the sentence it checks; choices where the page is silent
-- are those documented in variants/monochrome.lua.

local t = require "check"

local function legal_set(g)
  local s = {}
  for _, m in ipairs(g:legal()) do s[m] = true end
  return s
end

-- "Any piece that stands on your half of the board belongs to you ... As
-- soon as it crosses the central line, it becomes your opponent's piece."
local g = varia.new("monochrome", { fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1" })
t.check("queen crosses the line", g:play("d1d5"))
t.equal("and is now Black's", g:piece("d5"), "q")
-- A FEN is read the same way: a piece belongs to its square's half.
g = varia.new("monochrome", { fen = "4k3/8/8/8/3q4/8/8/3QK3 w - - 0 1" })
t.equal("piece on White's half is White's", g:piece("d4"), "Q")

-- "You may capture only your opponent's pieces, that is, pieces standing on
-- the other side of the central line."
g = varia.new("monochrome", { fen = "4k3/8/8/3r4/3b4/8/8/3QK3 w - - 0 1" })
local l = legal_set(g)
t.check("no capture on one's own half", not l["d1d4"])
t.check("the bishop on d4 is White's to move", l["d4c5"] ~= nil or l["d4e5"] ~= nil)
g = varia.new("monochrome", { fen = "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1" })
t.check("capture across the line", legal_set(g)["d1d5"])

-- "All pieces move as usual, except pawns, which may move in any direction
-- ... a pawn captures only diagonally." (option pawns = "any")
g = varia.new("monochrome", { fen = "4k3/8/8/2r1n3/3P4/8/8/4K3 w - - 0 1" })
l = legal_set(g)
t.check("pawn forward", l["d4d5"])
t.check("pawn backward", l["d4d3"])
t.check("pawn sideways", l["d4c4"] and l["d4e4"])
t.check("pawn captures diagonally", l["d4c5"] and l["d4e5"])
g = varia.new("monochrome", { fen = "4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1" })
t.check("pawn does not capture straight ahead", not legal_set(g)["d4d5"])
-- option pawns = "file": only along the file.
g = varia.new("monochrome", { fen = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", options = { pawns = "file" } })
l = legal_set(g)
t.check("file pawns: up and down", l["d4d5"] and l["d4d3"])
t.check("file pawns: not sideways", not l["d4c4"] and not l["d4e4"])

-- "A pawn may advance two squares at once if it stands on the second or the
-- seventh rank ... only if its path is not blocked."
g = varia.new("monochrome", { fen = "4k3/2p5/8/8/8/8/2P5/4K3 w - - 0 1" })
l = legal_set(g)
t.check("double step from the 2nd rank", l["c2c4"])
g:play("c2c3")
t.check("black double step from the 7th rank", legal_set(g)["c7c5"])
g = varia.new("monochrome", { fen = "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1" })
g:play("b2b3", "e8d8")
t.check("no double step from the 3rd rank", not legal_set(g)["b3b5"])
g = varia.new("monochrome", { fen = "4k3/8/8/8/8/2N5/2P5/4K3 w - - 0 1" })
t.check("blocked path", not legal_set(g)["c2c4"])

-- "Nothing happens when a pawn reaches the eighth rank."
g = varia.new("monochrome", { fen = "4k3/1p6/8/8/8/8/8/4K3 b - - 0 1" })
t.check("pawn to the last rank without promotion", g:play("b7b8"))
t.equal("still a pawn", g:piece("b8"), "p")

-- "There is no restriction on castling, except that castling is impossible
-- if pieces stand between the king and the rook."
g = varia.new("monochrome")
t.check("king walks away and back", g:play("e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Nf3", "Nf6", "Bc4", "Bc5"))
t.check("castling after the king moved", g:play("O-O"))
t.equal("king on g1", g:piece("g1"), "K")
g = varia.new("monochrome")
t.check("no castling through pieces", not legal_set(g)["e1g1"])
-- No check: castling out of or through attack is allowed.
g = varia.new("monochrome", { fen = "4k3/8/8/5r2/8/8/8/4K2R w K - 0 1" })
t.check("castling across an attacked square", legal_set(g)["e1g1"])
-- Rights that nothing takes away: a FEN cannot take them away either, so
-- a position copied from a tool that writes '-' still castles.
g = varia.new("monochrome", { fen = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1" })
t.check("a '-' castling field does not remove castling", legal_set(g)["e1g1"] and legal_set(g)["e1c1"])
t.equal("the FEN writes every right", g:fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
g = varia.new("monochrome", { fen = "r3k2r/8/8/8/8/8/8/R3K2R b K - 0 1" })
t.check("nor does a partial field", legal_set(g)["e8c8"])

-- "Kings can be captured like any other piece." The game goes on.
-- (A capturing piece ends on the other half, so it changes owner too.)
g = varia.new("monochrome", { fen = "3nk3/8/8/8/8/8/8/4R1K1 w - - 0 1" })
t.check("rook takes king", g:play("e1e8"))
t.equal("the capturing rook is now Black's", g:piece("e8"), "r")
t.equal("no result while both have pieces", g:result(), nil)
t.equal("king is worth 10 points", select(1, g:score()), 10)

-- "A player may not 'take back' the opponent's move ... Lisa may not move
-- the queen back to A. She may move it to another square C on John's half
-- ... On later moves, however, she may put the queen on A."
g = varia.new("monochrome", { fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1" })
g:play("d1d5")
l = legal_set(g)
t.check("no take-back", not l["d5d1"])
t.check("another square on John's half", l["d5d2"])
g:play("e8f8", "e1e2")
t.check("later the square is allowed", legal_set(g)["d5d1"])
t.fails("take-back refused with a message", "illegal move d5d1",
  varia.new("monochrome", { fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1" }):play("d1d5", "d5d1"))

-- "The game ends as soon as one player has no pieces left ... a player with
-- a single piece left can force the end of the game by moving that piece
-- across the central line."
g = varia.new("monochrome", { fen = "7r/8/8/8/8/8/8/R3K3 b - - 0 1 varia:score=3,12" })
t.check("last piece crosses", g:play("h8h4"))
local winner, reason = g:result()
t.equal("game over, points decide", winner, "black")
t.equal("reason", reason, "extinction")
t.equal("no moves after the end", #g:legal(), 0)
g = varia.new("monochrome", { fen = "7r/8/8/8/8/8/8/4K2R w - - 0 1" })
g:play("h1h8")
winner, reason = g:result()
-- Taking Black's last piece does not end the game: the capturer now
-- stands on Black's half, so it is Black's.
t.equal("taking the last piece from across the line", winner, nil)
t.equal("so Black has a piece again (the rook)", g:piece("h8"), "r")

-- "If both players agree that the game is stalemated ... the game ends. The
-- winner is decided by the usual count of points." Offer, then answer.
g = varia.new("monochrome", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:score=5,1" })
t.equal("an offer may be made", g:decision().offer, true)
t.check("white offers", g:play("offer"))
t.equal("black answers", g:decision().player, "black")
t.equal("the answer is the decision", table.concat(g:decision().options, " "), "accept decline")
t.fails("no move while an offer waits", "waits for accept or decline", g:play("e4"))
t.check("black declines", g:play("decline"))
t.equal("white still to move", g:turn(), "white")
t.fails("one offer per turn", "not possible now", g:play("offer"))
t.check("white moves", g:play("e4"))
t.check("black offers", g:play("offer", "accept"))
winner, reason = g:result()
t.equal("agreed: more points wins", winner, "white")
t.equal("agreement reason", reason, "agreement")
t.check("undo the acceptance", g:undo())
t.equal("offer pending again", g:decision().kind, "answer")

-- "Each player scores points for every piece he has captured": K 10, Q 8,
-- R 5, B 4, N 3, P 1.
g = varia.new("monochrome", { fen = "4k3/8/8/qrbnp3/PPPPP3/8/8/4K3 w - - 0 1" })
t.check("captures", g:play("a4b5", "e8d8", "b4a5", "d8c8", "c4d5", "c8b8", "d4c5"))
t.equal("points: rook 5, queen 8, knight 3, bishop 4", select(1, g:score()), 5 + 8 + 3 + 4)
t.equal("FEN keeps the score", g:fen():match("varia:score=(%d+,%d+)"), "20,0")
-- Equal points: a draw (choice).
g = varia.new("monochrome", { fen = "7r/8/8/8/8/8/8/R3K3 b - - 0 1 varia:score=4,4" })
g:play("h8h4")
t.equal("equal points draw", g:result(), "draw")

-- Who starts: option first = "black".
g = varia.new("monochrome", { options = { first = "black" } })
t.equal("black starts", g:turn(), "black")

t.done()
