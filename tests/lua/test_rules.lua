-- Rules of the shipped variants, each test citing its source.

local t = require "check"

-- Shatranj (Murray, A History of Chess; Fairy-Stockfish shatranj):
-- a stalemated player loses. Black keeps a blocked pawn, since a bare
-- king would lose by the bare king rule first.
local g = varia.new("shatranj", { fen = "k7/8/K7/8/8/p7/P7/1R6 b - - 0 1" })
local winner, reason = g:result()
t.equal("shatranj stalemate loses", winner, "white")
t.equal("shatranj stalemate reason", reason, "stalemate")

-- Bare king: Black has only the king; White has king and rook. With Black
-- to move the bared side may still bare White back (here it cannot), so
-- the game goes on one move; then Black has lost.
g = varia.new("shatranj", { fen = "k7/8/8/8/8/8/8/KR6 b - - 0 1" })
t.equal("bare king: the bared side moves first", g:result(), nil)
g:play("a8a7")
winner, reason = g:result()
t.equal("bare king loses", winner, "white")
t.equal("bare king reason", reason, "extinction")
-- Counter-bare: Black's king can take White's last piece, leaving two bare
-- kings: a draw, not a loss.
g = varia.new("shatranj", { fen = "k7/1R6/8/8/8/8/8/K7 b - - 0 1" })
t.equal("counter-bare possible: game goes on", g:result(), nil)
g:play("a8b7")
t.equal("both bare: no extinction win", g:result(), nil)

-- Shatranj pieces: the alfil leaps two squares diagonally over anything,
-- the ferz steps one square diagonally, pawns have no double step and
-- promote only to a ferz. (Black keeps a rook: a bare king would end the
-- game at once.)
g = varia.new("shatranj", { fen = "4k2r/8/8/8/8/8/1P6/2B1K3 w - - 0 1" })
local legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("alfil leaps over its own pawn", legal["c1a3"])
t.check("alfil leaps to e3", legal["c1e3"])
t.check("no alfil step to d2", not legal["c1d2"])
t.check("no pawn double step", not legal["b2b4"])
g = varia.new("shatranj", { fen = "4k2r/P7/8/8/8/8/8/4K3 w - - 0 1" })
local promos = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 4) == "a7a8" then promos[#promos + 1] = m end end
t.equal("shatranj promotes to ferz only", table.concat(promos, " "), "a7a8q")

-- Courier chess is 12 files wide; its wazir steps one square orthogonally.
g = varia.new("courier")
t.equal("courier files", #g:fen():match("^[^/]+") > 0 and g:piece("l1"), "R")
t.equal("courier start moves (Fairy-Stockfish courier perft 1)", #g:legal(), 26)

-- Capablanca: castling puts the king on the i or c file (Capablanca's rules
-- as played by Fairy-Stockfish).
g = varia.new("capablanca", { fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1" })
t.equal("capablanca O-O", g:uci("O-O"), "f1i1")
t.equal("capablanca O-O-O", g:uci("O-O-O"), "f1c1")
g:play("O-O")
t.equal("rook beside the king", g:piece("h1"), "R")

-- Chess960 castling (FIDE Laws, Guidelines II): king b1 and rook a1 castle
-- queen side to c1/d1; the rook's and king's paths must be empty apart from
-- the two pieces; the king may not pass an attacked square.
g = varia.new("chess960", { fen = "4r1k1/8/8/8/8/8/8/RK6 w A - 0 1" })
local m = g:uci("O-O-O")
t.equal("chess960 queen-side castling", m, "b1a1")
g:play("O-O-O")
t.equal("king on c1", g:piece("c1"), "K")
t.equal("rook on d1", g:piece("d1"), "R")
g = varia.new("chess960", { fen = "2r3k1/8/8/8/8/8/8/RK6 w A - 0 1" })
t.fails("castling into check refused", "illegal", g:play("b1a1"))
-- A king already on its castling square (g1) castles by moving the rook only.
g = varia.new("chess960", { fen = "6k1/8/8/8/8/8/8/6KR w H - 0 1" })
t.check("rook-only castling", g:play("g1h1"))
t.equal("rook to f1", g:piece("f1"), "R")
t.equal("king stays on g1", g:piece("g1"), "K")
-- Start positions by number: 518 is the orthodox one (Scharnagl).
local std = require "std"
t.equal("chess960 position 518", std.chess960_fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
t.equal("chess960 position 0", std.chess960_fen(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")

-- King capture instead of the check rule (rules.king_capture): moving into
-- attack is legal, and capturing the king ends the game.
local kc = std.extend(std.chess, { name = "kingcapture", castling = std.NONE,
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  rules = { king_capture = true } })
g = varia.new(kc, { fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("king may step into attack", legal["e1e2"])
t.check("no check rule: the king may stay attacked", g:play("e1f1"))
g = varia.new(kc, { fen = "4k3/8/8/8/8/8/8/3rK3 b - - 0 1" })
g:play("d1e1")
winner, reason = g:result()
t.equal("king captured wins", winner, "black")
t.equal("king captured reason", reason, "king captured")
t.equal("no moves after the king is taken", #g:legal(), 0)

-- Compulsory capture (Losing Chess: "if a player can capture, he must").
g = varia.new("antichess")
g:play("e3", "b5")
t.equal("antichess: the only legal move is the capture", table.concat(g:legal(), " "), "f1b5")
t.fails("antichess: a quiet move is refused", "illegal move a2a3", g:play("a2a3"))
g = varia.new("antichess", { fen = "8/8/8/8/8/8/8/k6K w - - 0 1" })
t.equal("antichess: no capture, every move", #g:legal(), 3)
g = varia.new("antichess", { fen = "8/8/8/8/8/8/1p6/K7 w - - 0 1" })
g:play("a1b2")
winner, reason = g:result()
t.equal("antichess: who loses every piece wins", winner, "black")
t.equal("antichess: by extinction", reason, "extinction")
-- Losers: the check rule holds, and so does the compulsory capture, but
-- only among the legal moves; being mated wins.
g = varia.new("losers", { fen = "k3r3/8/8/8/8/3p4/4B3/4K3 w - - 0 1" })
legal = g:legal()
table.sort(legal)
t.equal("losers: a pinned piece's capture is no capture", table.concat(legal, " "), "e1d1 e1d2 e1f1 e1f2")
g = varia.new("losers")
g:play("f3", "e5", "g4", "Qh4")
winner, reason = g:result()
t.equal("losers: the mated side wins", winner, "white")
t.equal("losers: by checkmate", reason, "checkmate")

-- Goals: King of the Hill ends when a king reaches the centre.
g = varia.new("kingofthehill", { fen = "4k3/8/8/8/8/4K3/8/8 w - - 0 1" })
g:play("e3d4")
winner, reason = g:result()
t.equal("king of the hill: the king on d4 wins", winner, "white")
t.equal("king of the hill: by goal", reason, "goal")
t.equal("king of the hill: no moves after the goal", #g:legal(), 0)
t.equal("king of the hill: perft stops there", g:perft(1), 0)
g = varia.new("breakthrough", { fen = "8/8/8/8/8/8/p7/8 b - - 0 1" })
g:play("a2b1")
t.equal("breakthrough: black's goal is the first rank", (g:result()), "black")
t.raises("goal: a bad square is named", "rules.goal.white: \"z9\" is not a square of the board", varia.new,
  { name = "g", pieces = { k = { betza = "K", royal = true } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    rules = { goal = { pieces = "k", white = "d4 z9", black = "d5" } } })

-- Suicide: a player without moves wins with fewer pieces; equal draws.
g = varia.new("suicide", { fen = "8/8/8/8/8/p6p/P6P/8 w - - 0 1" })
t.equal("suicide: no moves, two pieces each: a draw", (g:result()), "draw")
g = varia.new("suicide", { fen = "8/8/8/8/8/p6p/P7/8 w - - 0 1" })
t.equal("suicide: no moves, fewer pieces: a win", (g:result()), "white")
g = varia.new("antichess", { fen = "8/8/8/8/8/p6p/P6P/8 w - - 0 1" })
t.equal("antichess: no moves wins whatever the pieces", (g:result()), "white")

-- Horde: White plays without a king and loses with its last pawn.
g = varia.new("horde")
t.equal("horde: 8 moves from the start (Fairy-Stockfish's count)", g:perft(1), 8)
g = varia.new("horde", { fen = "4k3/8/8/8/8/8/3p4/4P3 w - - 0 1" })
legal = g:legal()
table.sort(legal)
t.equal("horde: a first-rank pawn steps twice", table.concat(legal, " "), "e1d2 e1e2 e1e3")
g = varia.new("horde", { fen = "4k3/8/8/8/8/8/3p4/4P3 b - - 0 1" })
g:play("d2e1q")
t.equal("horde: no pawns left loses", (g:result()), "black")
t.fails("chess still needs both kings", "White has no king", varia.new("chess", { fen = "4k3/8/8/8/8/8/8/8 w - - 0 1" }))

-- Racing Kings: no move may give check; Black gets a reply to White's
-- arrival where its king can follow (arriving too draws), else White
-- wins at once; Black arriving first wins at once (the current
-- Fairy-Stockfish ends these games as the rules do).
g = varia.new("racingkings", { fen = "8/8/8/8/8/8/k7/6RK w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("racing kings: a rook may not give check along the rank", not legal["g1g2"])
t.check("racing kings: nor along the file", not legal["g1a1"])
t.check("racing kings: a quiet rook move", legal["g1g3"])
g = varia.new("racingkings", { fen = "8/1K6/8/8/8/8/k7/8 w - - 0 1" })
g:play("b7b8")
t.equal("racing kings: Black's king cannot follow: White wins at once", (g:result()), "white")
g = varia.new("racingkings", { fen = "8/1K4k1/8/8/8/8/8/8 w - - 0 1" })
g:play("b7b8")
t.equal("racing kings: Black replies to White's arrival", g:result(), nil)
g:play("g7g6")
t.equal("racing kings: White wins after the reply", (g:result()), "white")
g = varia.new("racingkings:reply=always", { fen = "8/1K6/8/8/8/8/k7/8 w - - 0 1" })
g:play("b7b8")
t.equal("racing kings reply=always: 11.1's reply all the same", g:result(), nil)
g = varia.new("racingkings", { fen = "8/1K5k/8/8/8/8/8/8 w - - 0 1" })
g:play("b7b8", "h7h8")
t.equal("racing kings: both arrive, a draw", (g:result()), "draw")
g = varia.new("racingkings", { fen = "8/1K5k/8/8/8/8/8/8 b - - 0 1" })
g:play("h7h8")
t.equal("racing kings: Black arriving first wins at once", (g:result()), "black")

-- Makpong: a king in check may only take the checker (Fairy-Stockfish's
-- count for this position: the one capture).
g = varia.new("makpong", { fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1" })
t.equal("makpong: the king in check only takes the checker", table.concat(g:legal(), " "), "e1e2")
g = varia.new("makruk", { fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1" })
t.equal("makruk: the same king may step away", #g:legal(), 3)

-- Shako castles on the second rank (Fairy-Stockfish's perft 3 here: the
-- king-side castling f2h2 leads to 2589 positions).
g = varia.new("shako", { fen = "c8c/er3k2re/10/10/10/10/10/10/ER3K2RE/C8C w KQkq - 0 1" })
local div = g:divide(3)
t.equal("shako: castling on the second rank", div["f2h2"], 2589)
t.equal("shako: queen-side too", div["f2d2"], 2627)

-- Drops (Crazyhouse rules, https://en.wikipedia.org/wiki/Crazyhouse; the
-- counts are Fairy-Stockfish's, from the same FENs).
-- A captured promoted piece goes to the pocket as a pawn in crazyhouse,
-- as itself in loop.
g = varia.new("crazyhouse", { fen = "3rk3/1P6/8/8/8/8/8/4K3[] w - - 0 1" })
g:play("b7b8q")
t.equal("crazyhouse: a promoted piece is marked ~", g:fen():match("^%S+"), "1Q~1rk3/8/8/8/8/8/8/4K3[]")
g:play("d8b8")
t.equal("crazyhouse: it returns as a pawn", g:fen(), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2")
t.equal("g:pocket", g:pocket("black").p, 1)
g = varia.new("loop", { fen = "3rk3/1P6/8/8/8/8/8/4K3[] w - - 0 1" })
g:play("b7b8q", "d8b8")
t.equal("loop: it returns as itself", g:fen(), "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2")
-- Pawns: not on the last rank nor (except in chessgi) on the first.
t.equal("crazyhouse: pawn drops on ranks 2 to 7", #varia.new("crazyhouse", { fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1" }):legal(), 53)
t.equal("chessgi: and on the first", #varia.new("chessgi", { fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1" }):legal(), 60)
-- In check, a drop must block.
g = varia.new("crazyhouse", { fen = "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1" })
t.equal("a drop blocks a check", #g:legal(), 6)
t.check("N@c1 blocks", g:play("n@c1"))
t.equal("the drop as the last move", g:lastmove().kind, "drop")
t.equal("perft through promotions and demotions", varia.new("crazyhouse", { fen = "4k3/1P6/8/8/8/8/8/4K2r[] w - - 0 1" }):perft(3), 531)
local none, err = varia.new("crazyhouse", { fen = "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1" })
t.check("a bad pocket letter is refused", not none and err:match("pocket"))
g = varia.new("crazyhouse")
local played, why = g:play("Q@e4")
t.check("an empty pocket refuses a drop", not played and tostring(why):match("no queen in the pocket"))

-- Shogi family (rules: https://en.wikipedia.org/wiki/Shogi; counts are
-- Fairy-Stockfish's for the same FENs).
-- Nifu: no pawn drop on the a-file, where White has a pawn (19 moves).
g = varia.new("minishogi", { fen = "4k/5/5/P4/K4[P] w - - 0 1" })
t.equal("minishogi: no second pawn on a file", #g:legal(), 19)
for _, m in ipairs(g:legal()) do t.check("no drop on the a-file: " .. m, not m:match("^P@a")) end
-- A pawn on the last rank could never move: it must promote.
legal = {}
for _, m in ipairs(varia.new("minishogi", { fen = "4k/2P2/1S3/5/K4[] w - - 0 1" }):legal()) do legal[m] = true end
t.check("pawn to the last rank promotes", legal["c4c5+"] and not legal["c4c5"])
t.equal("a promoted pawn is +P", (function() local h = varia.new("minishogi", { fen = "4k/2P2/1S3/5/K4[] w - - 0 1" }); h:play("c4c5+"); return h:fen() end)(),
        "2+P1k/5/1S3/5/K4[] b - - 0 1")
-- Uchifuzume: the pawn drop on e4 would mate; illegal by the rules, a
-- losing move under the option Fairy-Stockfish 11.1 plays by.
g = varia.new("minishogi", { fen = "3rk/3s1/4G/5/K4[P] w - - 0 1" })
t.equal("no mate by a pawn drop", #g:legal(), 23)
t.check("P@e4 refused", not g:play("P@e4"))
g = varia.new("minishogi:pawn_drop_mate=loses", { fen = "3rk/3s1/4G/5/K4[P] w - - 0 1" })
t.equal("pawn_drop_mate=loses allows it", #g:legal(), 24)
g:play("P@e4")
winner, reason = g:result()
t.equal("... and the dropper loses", winner, "black")
t.equal("... by checkmate", reason, "checkmate")
-- Kyoto shogi: pieces turn over on every move.
legal = {}
for _, m in ipairs(varia.new("kyotoshogi"):legal()) do legal[m] = true end
t.check("kyoto: the lance becomes a gold (b1a2+)", legal["b1a2+"])
t.check("kyoto: +L turns back (a1a2-)", legal["a1a2-"])
t.equal("kyoto: 12 moves at the start", #varia.new("kyotoshogi"):legal(), 12)
-- Micro shogi: pieces turn over only when they capture.
legal = {}
for _, m in ipairs(varia.new("micro", { fen = "k3/p3/1r1p/3+R/K3[] w - - 0 1" }):legal()) do legal[m] = true end
t.check("micro: a capture turns the gold back", legal["d2d3-"] and not legal["d2d3"])
t.check("micro: a plain move does not", legal["d2c2"])
-- Xiangqi (Fairy-Stockfish's xiangqi; the moves below are its perft 1
-- divides of each position). Regions: the general and the advisors stay in
-- the palace (d1-f3), the elephant on its own side of the river.
local function moves(fen)
  local list = varia.new("xiangqi", { fen = fen }):legal()
  table.sort(list)
  return table.concat(list, " ")
end
t.equal("xiangqi: the general in its palace, not facing the other",
  moves("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"), "d1d2")
t.equal("xiangqi: the advisor in the palace",
  moves("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"), "e1f1 e2d1 e2d3 e2f1 e2f3")
t.equal("xiangqi: the elephant does not cross the river",
  moves("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1"), "c5a3 c5e3 e1e2 e1f1")
t.equal("xiangqi: the elephant is blocked on the point between",
  moves("3k5/9/9/9/9/2B6/3P5/9/9/4K4 w - - 0 1"), "c5a3 d4d5 e1d1 e1e2 e1f1")
-- Extra moves: the soldier steps sideways once across the river.
t.equal("xiangqi: a soldier across the river steps sideways",
  moves("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1"), "e1e2 e1f1 e6d6 e6e7 e6f6")
t.equal("xiangqi: a soldier before the river only forward",
  moves("3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1"), "e1e2 e1f1 e5e6")
-- Facing kings: the horse between the generals may not leave the file.
t.equal("xiangqi: the piece between the generals is held",
  moves("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1"), "e1d1 e1f1")
g = varia.new("xiangqi", { fen = "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1" })
t.equal("xiangqi: facing kings perft 3 (Fairy-Stockfish)", g:perft(3), 32)
-- Bad regions, extra moves and facing rules are named.
local function board(piece, rules)
  return { name = "r", files = 9, ranks = 10, pieces = { k = piece },
           start = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", rules = rules }
end
t.raises("region: a bad rectangle", "pieces.k.region.white: \"d1-z3\" is not a square of the board",
  varia.new, board({ betza = "W", royal = true, region = { white = "d1-z3", black = "d8-f10" } }))
t.raises("region: a side is missing", "pieces.k.region.black: missing",
  varia.new, board({ betza = "W", royal = true, region = { white = "d1-f3" } }))
t.raises("region: an unknown key", "pieces.k.region.blak: unknown key",
  varia.new, board({ betza = "W", royal = true, region = { white = "d1-f3", black = "d8-f10", blak = "" } }))
t.raises("extra: the betza is missing", "pieces.k.extra.betza: missing",
  varia.new, board({ betza = "W", royal = true, extra = { white = "a1", black = "a1" } }))
t.raises("extra: a bad betza", "pieces.k.extra.betza:",
  varia.new, board({ betza = "W", royal = true, extra = { betza = "Y", white = "a1", black = "a1" } }))
t.raises("facing_kings: a bad value", "rules.facing_kings: \"never\" (expected allowed, illegal or must_break)",
  varia.new, board({ betza = "W", royal = true }, { facing_kings = "never" }))
-- A rectangle is every square between its corners, in any order: the
-- palace written otherwise gives Fairy-Stockfish's moves above.
g = varia.new(board({ betza = "W", royal = true, region = { white = "f3-d1", black = "d8 e8 f8 d9-f10" } },
  { facing_kings = "illegal" }), { fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1" })
t.equal("region: a rectangle from either corner", table.concat(g:legal(), " "), "d1d2")

-- Supply chess (the current Fairy-Stockfish's supply, counts from the
-- same FEN): drops only on the own half, an advisor only on the five
-- points of its palace (11.1: any of the palace's nine), and no drop
-- gives check.
g = varia.new("supply", { fen = "4k4/9/9/9/9/9/9/9/9/3K5[AR] w - - 0 1" })
local drops = { A = 0, R = 0 }
for _, m in ipairs(g:legal()) do
  local piece = m:match("^(%u)@")
  if piece then drops[piece] = drops[piece] + 1 end
end
t.equal("supply: advisor drops on its palace points (5, the king on one)", drops.A, 4)
t.equal("supply: rook drops on the own half, none on the e-file (check)", drops.R, 44 - 5)

-- Placement (Fairy-Stockfish's placement; its FEN and perft after the same
-- drops): a king on e1 and a rook on h1 gain castling, the second bishop
-- goes on the other colour.
g = varia.new("placement")
g:play("R@h1", "K@e8", "K@e1", "R@a8", "B@c1", "B@c8")
t.equal("placement: rights from drops", g:fen(), "r1b1k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K2R[QRBNNqrbnn] w Kq - 6 4")
t.equal("placement: perft 3", g:perft(3), 4028)
local bishops = {}
for _, m in ipairs(g:legal()) do if m:match("^B@") then bishops[#bishops + 1] = m end end
table.sort(bishops)
t.equal("placement: the second bishop on the other colour", table.concat(bishops, " "), "B@b1 B@d1 B@f1")
t.check("placement: pieces must be dropped first", not g:play("e2e4"))

-- Seirawan chess (Fairy-Stockfish's FEN and counts after the same moves):
-- gating on the square left, on the king's square when castling.
g = varia.new("seirawan")
t.equal("seirawan: 28 moves at the start (8 of them gate)", #g:legal(), 28)
g:play("g1f3", "b8c6h", "e2e4", "g8f6e", "f1e2", "a7a6", "e1g1h")
t.equal("seirawan: gates in the FEN, closed when the hand is empty", g:fen(),
        "rhbqkber/1ppppppp/p1n2n2/8/4P3/5N2/PPPPBPPP/RNBQHRK1[E] b ABCDkq - 1 4")
t.equal("seirawan: the last move gated a hawk", g:lastmove().gated, "h")
-- The gated piece shields the king (the rules); option gate_shields=no
-- as Fairy-Stockfish 11.1 (divide: e8f8h is not there).
local with = varia.new("seirawan", { fen = "R3k3/8/8/8/8/8/8/4K3[Hh] b Ee - 0 1" }):divide(1)
local without = varia.new("seirawan:gate_shields=no", { fen = "R3k3/8/8/8/8/8/8/4K3[Hh] b Ee - 0 1" }):divide(1)
t.check("seirawan: the hawk gated on e8 blocks the rook", with["e8f8h"] == 1 and without["e8f8h"] == nil)
-- Check counting (rules.check_limit; Fairy-Stockfish 3check, whose FEN
-- gives the checks each side still needs after en passant): the counts
-- and FENs below are Fairy-Stockfish's, from its perft and its "d".
g = varia.new("3check")
g:play("e2e4", "e7e6", "d2d4", "f8b4")
t.equal("3check: Black's check is counted in the FEN", g:fen(),
  "rnbqk1nr/pppp1ppp/4p3/8/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 3+2 1 3")
g:play("c2c3", "b4c3", "b2c3", "d8h4", "g1f3")
t.equal("3check: two checks given, the game goes on", g:result(), nil)
g:play("h4f2")
winner, reason = g:result()
t.equal("3check: the third check wins", winner, "black")
t.equal("3check: by the check limit", reason, "check limit")
t.equal("3check: the counters after three checks", g:fen(),
  "rnb1k1nr/pppp1ppp/4p3/8/3PP3/2P2N2/P4qPP/RNBQKB1R w KQkq - 3+0 0 6")
t.equal("3check: no moves after the last check", #g:legal(), 0)
g:undo()
t.equal("3check: undo gives the check back", select(2, g:fen():match("(%d)%+(%d)")), "1")
t.equal("3check: perft 4 when one check wins (Fairy-Stockfish)",
  varia.new("3check", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+1 0 1" }):perft(4), 197233)
t.equal("3check: a FEN without counters means one check wins (Fairy-Stockfish)",
  varia.new("3check", { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" }):perft(4), 197233)
t.equal("3check: perft 3 with White one check from winning (Fairy-Stockfish)",
  varia.new("3check", { fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+2 2 3" }):perft(3), 49106)
t.raises("check_limit: needs the check rule", "rules.check_limit: checks need a royal piece", varia.new,
  { name = "c", pieces = { k = { betza = "K", royal = true } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    rules = { check_limit = 3, king_capture = true } })
t.raises("check_limit: a whole number", "rules.check_limit: expected a whole number", varia.new,
  { name = "c", pieces = { k = { betza = "K", royal = true } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    rules = { check_limit = "3" } })
t.fails("check counters beyond the limit", "FEN check counters",
  varia.new("3check", { fen = "4k3/8/8/8/8/8/8/4K3 w - - 4+1 0 1" }))
t.fails("check counters where checks are not counted", "counts no checks",
  varia.new("chess", { fen = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1" }))

-- Atomic Chess (rules.blast; https://en.wikipedia.org/wiki/Atomic_chess):
-- a capture removes the capturer and every piece but a pawn around it.
g = varia.new("atomic")
g:play("e2e3", "b7b5", "f1b5")
t.equal("atomic: the bishop that takes blows up with the pawn", g:fen(),
  "rnbqkbnr/p1pppppp/8/8/8/4P3/PPPP1PPP/RNBQK1NR b KQkq - 0 2")
-- Nxd7: the knight, the pawn, and around d7 the bishop c8, the queen d8
-- and the king e8 go; the pawns c7 and e7 stay. Black's king is gone.
g = varia.new("atomic", { fen = "rnbqkbnr/pppppppp/8/2N5/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1" })
g:play("c5d7")
winner, reason = g:result()
t.equal("atomic: blowing up the king wins", winner, "white")
t.equal("atomic: the exploded king is extinct", reason, "extinction")
t.equal("atomic: only pawns survive around d7", g:fen(),
  "rn3bnr/ppp1pppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQ - 0 1")
-- A king never captures (it would blow itself up); a capture next to
-- one's own king is illegal; kings that touch cannot check each other.
g = varia.new("atomic", { fen = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("atomic: the king may not take the queen", not legal["e1d2"])
g = varia.new("atomic", { fen = "4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("atomic: no capture that blows up one's own king", not legal["d1d2"])
g = varia.new("atomic", { fen = "8/8/8/8/8/3k4/3K4/3r4 w - - 0 1" })
t.equal("atomic: touching kings are not in check", #g:checkers(), 0)
t.check("atomic: a king that touches the other may stay attacked", #g:legal() > 0)
-- Castling with the king's path judged with the king lifted and touching
-- kings immune: Fairy-Stockfish's Chess960 atomic counts (tests/perft.sh).
local std = require "std"
local atomic960 = std.extend(varia.load("chess960"), { name = "atomic960",
  rules = { blast = { radius = 1, immune = "p" }, extinction = { pieces = "k" } } })
for _, c in ipairs { { "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, 61401 },
                     { "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", 4, 98729 },
                     { "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 4, 241478 },
                     { "1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", 4, 17915 } } do
  t.equal("atomic960 perft " .. c[1], varia.new(atomic960, { fen = c[1] }):perft(c[2]), c[3])
end
-- With captures into pockets, every piece the blast takes joins the pocket
-- of the side it does not belong to: the capturing knight and the bishop
-- beside it go to Black's, the captured pawn to White's; undone with the
-- move.
local atomiczh = std.extend(varia.load("atomic"), { name = "atomiczh", castling = std.NONE,
  drops = { captures = true }, start = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1" })
g = varia.new(atomiczh, { fen = "4k3/8/4p3/2NB4/8/8/8/4K3[] w - - 0 1" })
g:play("c5e6")
t.equal("blast into pockets", g:fen(), "4k3/8/8/8/8/8/8/4K3[Pbn] b - - 0 1")
g:undo()
t.equal("blast into pockets, undone", g:fen(), "4k3/8/4p3/2NB4/8/8/8/4K3[] w - - 0 1")
local function blasty(blast)
  return { name = "b", pieces = { k = { betza = "K", royal = true } }, start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    rules = { blast = blast } }
end
t.raises("blast: radius out of range", "rules.blast.radius: 3 is out of range", varia.new, blasty { radius = 3 })
t.raises("blast: immune names pieces", "rules.blast.immune: 'x' is not one of the pieces", varia.new,
  blasty { immune = "x" })
t.raises("blast: unknown keys", "rules.blast.size", varia.new, blasty { size = 1 })

-- Grand Chess (promotion.compulsory, promotion.limit; Fairy-Stockfish
-- grand, whose move lists these are): a pawn may stay a pawn on the
-- eighth and ninth ranks, must promote on the tenth, and promotes only
-- into a type its side has fewer of than the limit.
local function moves_from(g, sq)
  local out = {}
  for _, m in ipairs(g:legal()) do if m:sub(1, #sq) == sq then out[#out + 1] = m end end
  table.sort(out)
  return table.concat(out, " ")
end
g = varia.new("grand", { fen = "r8r/1nbqkcabn1/10/P9/10/10/10/10/1NB1KCABN1/R8R w - - 0 1" })
t.equal("grand: on the eighth rank, a queen or no promotion", moves_from(g, "a7"), "a7a8 a7a8q")
t.equal("grand: perft 1 there (Fairy-Stockfish)", g:perft(1), 96)
g = varia.new("grand", { fen = "1r7r/Pnbqkcabn1/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1" })
t.equal("grand: on the tenth rank the pawn must promote", moves_from(g, "a9"), "a9a10q a9b10q")
t.equal("grand: perft 1 there (Fairy-Stockfish)", g:perft(1), 97)
g = varia.new("grand", { fen = "1r7r/Pnbqkcabn1/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1" })
t.equal("grand: nothing to promote into, the pawn cannot reach the tenth rank", moves_from(g, "a9"), "")
t.equal("grand: perft 1 there (Fairy-Stockfish)", g:perft(1), 115)
g = varia.new("grand", { fen = "r8r/1nbqkcabn1/10/P9/10/10/10/10/1NB1KCABN1/R8R w - - 0 1" })
t.equal("grand: the pawn that stays a pawn", g:play("a7a8") and g:piece("a8"), "P")
local function promo(p)
  return { name = "p", pieces = { k = { betza = "K", royal = true }, p = std.pieces.pawn, q = std.pieces.queen },
    start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", promotion = p }
end
t.raises("promotion.compulsory: within the zone", "promotion.compulsory: 3 ranks, the zone has 2", varia.new,
  promo { pieces = "q", zone = 2, compulsory = 3 })
t.raises("promotion.limit: piece letters", "promotion.limit: \"x\" is not one of the pieces", varia.new,
  promo { pieces = "q", limit = { x = 1 } })
t.raises("promotion.limit: counts", "promotion.limit.q: expected a whole number", varia.new,
  promo { pieces = "q", limit = { q = 0 } })
-- counts_as: a promoted form counted as the type it plays as. The
-- knight's form (h) counts as the centaur (g): with a centaur or a
-- promoted knight on the board, the limit of one centaur leaves the
-- knight no promotion; the pawn's choice of a centaur is bounded alike.
local counted = { name = "counted", files = 8, ranks = 8,
  pieces = { k = { betza = "K", royal = true }, n = { betza = "N", promotes_to = "h" },
             h = { name = "promoted knight", betza = "KN", counts_as = "g" }, g = { name = "centaur", betza = "KN" },
             p = std.extend(std.pieces.pawn, {}) },
  start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", promotion = { pieces = "g", zone = 3, limit = { g = 1 } } }
t.equal("counts_as: the knight promotes while there is no centaur",
  moves_from(varia.new(counted, { fen = "4k3/8/8/1N6/8/8/8/4K3 w - - 0 1" }), "b5"), "b5a3 b5a7 b5a7+ b5c3 b5c7 b5c7+ b5d4 b5d6 b5d6+")
t.equal("counts_as: not beside a centaur",
  moves_from(varia.new(counted, { fen = "4k3/8/8/1N6/8/8/8/G3K3 w - - 0 1" }), "b5"), "b5a3 b5a7 b5c3 b5c7 b5d4 b5d6")
t.equal("counts_as: nor beside a promoted knight",
  moves_from(varia.new(counted, { fen = "4k3/8/8/1N6/8/8/8/+N3K3 w - - 0 1" }), "b5"), "b5a3 b5a7 b5c3 b5c7 b5d4 b5d6")
t.equal("counts_as: the pawn's choice of a centaur, bounded by a promoted knight",
  moves_from(varia.new(counted, { fen = "4k3/P7/8/8/8/8/8/+N3K3 w - - 0 1" }), "a7"), "")
t.equal("counts_as: ... which the other side's does not bound",
  moves_from(varia.new(counted, { fen = "4k3/P7/8/8/8/8/8/+n3K3 w - - 0 1" }), "a7"), "a7a8g")
-- extinction counts the forms with the type (a promoted knight is a centaur)
local ext = std.extend(counted, { name = "counted-ext", rules = { extinction = { pieces = "g" } } })
t.equal("counts_as: a promoted knight keeps the centaurs from extinction",
  varia.new(ext, { fen = "4k3/8/8/8/8/8/8/+N2gK3 w - - 0 1" }):result(), nil)
t.equal("counts_as: without it, extinct", varia.new(ext, { fen = "4k3/8/8/8/8/8/8/3gK3 w - - 0 1" }):result(), "black")
t.raises("counts_as: another piece", "pieces.h.counts_as: 'x' is not another of the pieces", varia.new,
  std.extend(counted, { name = "c2", pieces = { h = { counts_as = "x" } } }))
t.raises("counts_as: one step", "pieces.n.counts_as: 'h' counts as 'g' itself", varia.new,
  std.extend(counted, { name = "c3", pieces = { n = { counts_as = "h" } } }))
t.raises("counts_as: the limit is the type's", "promotion.limit.h: 'h' counts as 'g', whose limit bounds it", varia.new,
  std.extend(counted, { name = "c4", promotion = { limit = { h = 1 } } }))
-- A promotion restarts the n-move count (a knight's into its form too);
-- a piece turned over (promotion.flip) does not, as it may turn back.
g = varia.new(counted, { fen = "4k3/8/8/1N6/8/8/8/4K3 w - - 9 30" })
g:play("b5c7+")
t.equal("a promotion restarts the count", g:fen():match("%d+ %d+$"), "0 30")
g = varia.new("kyotoshogi", { fen = "p+nks+l/5/5/5/+LSK+NP[] w - - 7 10" })
g:play("d1c2-")
t.equal("... not a piece turned over", g:fen():match("%d+ %d+$"), "8 10")
-- A promoted form without a letter of its own: pieces["+p"], p's form,
-- written +P (in the FEN, SAN, g:piece), named +p in a string of piece
-- letters; a script may so hold 32 piece types, 26 of them lettered.
local plus = { name = "plus", files = 8, ranks = 8,
  pieces = { k = { betza = "K", royal = true }, p = { betza = "fW" }, ["+p"] = { name = "tokin", betza = "WfF" } },
  start = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", promotion = { zone = 1 },
  rules = { goal = { pieces = "+p", white = "h8", black = "h1" } } }
g = varia.new(plus)
t.equal("+p: the pawn's form", moves_from(g, "a7"), "a7a8 a7a8+")
g:play("a7a8+")
t.equal("+p: written +P", g:fen() .. " " .. g:piece("a8"), "+P3k3/8/8/8/8/8/8/4K3 b - - 0 1 +P")
t.equal("+p: read back", varia.new(plus, { fen = g:fen() }):fen(), g:fen())
t.equal("+p: in a string of letters (the goal's pieces)",
  table.concat({ varia.new(plus, { fen = "4k2+P/8/8/8/8/8/8/4K3 b - - 0 1" }):result() }, " "), "white goal")
t.raises("+p: a form of a piece", 'pieces["+z"]: the promoted form of \'z\', which is not one of the pieces', varia.new,
  std.extend(plus, { name = "plus2", pieces = { ["+z"] = { betza = "K" } } }))
t.raises("+p: p's one form", "pieces.p.promotes_to: 'k', and pieces[\"+p\"] is its promoted form too", varia.new,
  std.extend(plus, { name = "plus3", pieces = { p = { promotes_to = "k" } } }))
t.raises("+p: not P", "promotion.pieces: 'P' is not one of the pieces", varia.new,
  std.extend(plus, { name = "plus4", promotion = { pieces = "P" } }))
-- Shatar's checkmates (Fairy-Stockfish 11.1 shatar, each result its score
-- of the mating move with the moves before it: "mate 1" a win for the
-- mover, "cp 0" a draw, "mate -1" a loss). A rook's or bers's mate wins;
-- a bishop's or pawn's mate alone is a draw (niol); a mate by knights
-- only loses for the mating side.
local function mate(fen, ...)
  local s = varia.new("shatar", { fen = fen })
  assert(s:play(...))
  local winner, reason = s:result()
  return reason == "checkmate" and winner or reason
end
t.equal("shatar: a rook's mate wins", mate("k7/8/1K6/p7/8/8/8/7R w - - 0 1", "h1h8"), "white")
t.equal("shatar: a bers's mate wins", mate("k7/8/1K6/p7/8/8/8/7J w - - 0 1", "h1h8"), "white")
t.equal("shatar: a bishop's mate alone draws", mate("k7/p1K5/8/8/8/8/4B3/8 w - - 0 1", "e2f3"), "draw")
t.equal("shatar: a pawn's mate alone draws", mate("kb6/p7/1PK5/8/8/8/8/8 w - - 0 1", "b6b7"), "draw")
t.equal("shatar: a knight's mate loses", mate("kr6/pp6/8/3N4/8/8/8/4K3 w - - 0 1", "d5c7"), "black")
t.equal("shatar: a discovered rook check counts", mate("k3B2R/p1K5/8/8/8/8/8/8 w - - 0 1", "e8d7"), "white")
-- The series: a rook's (or knight's) check, answered in check, then the
-- bishop's mate wins; the check in the FEN's position counts too.
t.equal("shatar: a rook's check earlier in the series",
  mate("k7/p1K5/B7/4r3/8/8/8/7R w - - 0 1", "h1h8", "e5e8", "a6b7"), "white")
t.equal("shatar: a knight's check earlier in the series",
  mate("k7/p1KN4/B7/8/2n5/8/8/8 w - - 0 1", "d7b6", "c4b6", "a6b7"), "white")
t.equal("shatar: the start position's check",
  mate("k6R/p1K5/B7/4r3/8/8/8/8 b - - 0 1", "e5e8", "a6b7"), "white")
-- A series that a move out of check ended: the bishop's mate draws again.
t.equal("shatar: a broken series",
  mate("k7/p1K5/B7/4r3/8/8/8/7R w - - 0 1", "h1h8", "e5e8", "h8h1", "e8e6", "a6b7"), "draw")
t.equal("shatar: undo restores the series",
  (function()
    local s = varia.new("shatar", { fen = "k7/p1K5/B7/4r3/8/8/8/7R w - - 0 1" })
    s:play("h1h8", "e5e8", "h8h1", "e8e6")
    s:undo(2)
    s:play("a6b7")
    return (s:result())
  end)(), "white")
t.raises("checkmate_series: a letter that is no piece",
  "rules.checkmate_series.pieces: 'z' is not one of the pieces", varia.new,
  require("std").extend(varia.load("shatar"), { rules = { checkmate_series = { pieces = "z" } } }))
t.raises("checkmate_by: an unknown key",
  "rules.checkmate_by.piece: unknown key", varia.new,
  require("std").extend(varia.load("shatar"), { rules = { checkmate_by = { piece = "n" } } }))

-- Cambodian chess (Fairy-Stockfish's cambodian): the king and the met
-- leap once while they have not moved; the castling field names them.
-- Fairy-Stockfish's FENs after these moves: castling fields De and Ed.
g = varia.new("cambodian", { fen = "3mk3/8/8/8/8/8/8/3KM3 w DEde - 0 1" })
g:play("e1e3", "d8d6")
t.equal("cambodian: the leaping met loses its mark", g:fen():match("^%S+ %S+ (%S+)"), "De")
g = varia.new("cambodian", { fen = "3mk3/8/8/8/8/8/8/3KM3 w DEde - 0 1" })
g:play("d1c1", "e8f7", "c1d1")
t.equal("cambodian: a king back on its square leaps no more", g:fen():match("^%S+ %S+ (%S+)"), "Ed")
t.equal("cambodian: its moves (Fairy-Stockfish's perft 1: 11)", #g:legal(), 11)
g:undo(3)
t.equal("cambodian: undo gives the marks back", g:fen():match("^%S+ %S+ (%S+)"), "DEde")
-- In check the king does not leap (Fairy-Stockfish: d1c2 d1d2 d1e2).
g = varia.new("cambodian", { fen = "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1" })
local moves = g:legal()
table.sort(moves)
t.equal("cambodian: no leap out of check", table.concat(moves, " "), "d1c2 d1d2 d1e2")
-- The same rule for a king that also has extra moves (generated apart,
-- since they end only on the extra squares): no leap out of check still,
-- and the extra move (a dabbaba's leap along the first rank) stays.
local camb = varia.load("cambodian")
local extra_king = std.extend(camb, { name = "extraking",
  pieces = { k = { betza = "KimfsN", initial = "unmoved", extra = { betza = "mD", white = "a1-h1", black = "a8-h8" } } } })
g = varia.new(extra_king, { fen = "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1" })
moves = g:legal()
table.sort(moves)
t.equal("a king with extra moves: no leap out of check (d1f1 is the extra move, behind the met)",
  table.concat(moves, " "), "d1c2 d1d2 d1e2 d1f1")
g = varia.new(extra_king, { fen = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1" })
moves = {}
for _, m in ipairs(g:legal()) do if m:sub(1, 2) == "d1" then moves[#moves + 1] = m end end
table.sort(moves)
t.equal("a king with extra moves: its leaps out of check", table.concat(moves, " "), "d1b1 d1b2 d1c1 d1c2 d1d2 d1e2 d1f1 d1f2")
t.equal("cambodian: a letter that marks nothing",
  select(2, varia.new("cambodian", { fen = "4k3/8/8/8/8/8/8/3KM3 w DEde - 0 1" })),
  "FEN castling: 'd': no piece there that may be unmoved, and the variant has no castling")
t.raises("initial: a word other than unmoved", "pieces.k.initial: \"once\" (expected a list of ranks, or \"unmoved\")",
  varia.new, require("std").extend(varia.load("cambodian"), { pieces = { k = { initial = "once" } } }))
-- Janggi without counting (Fairy-Stockfish's janggicasual: the moves are
-- its perft 1 divides). The cannon neither jumps over nor takes a cannon.
local function jmoves(fen)
  local list = varia.new("janggicasual", { fen = fen }):legal()
  table.sort(list)
  return table.concat(list, " ")
end
t.equal("janggi: no cannon as a screen",
  jmoves("3k5/9/9/9/9/9/9/9/9/C1C1K4 w - - 0 1"), "c1f1 c1g1 c1h1 c1i1 e1d1 e1e1 e1e2 e1f1")
t.equal("janggi: no cannon taken by a cannon",
  jmoves("3k5/9/9/9/9/9/9/c8/P8/C3K4 w - - 0 1"), "a1f1 a1g1 a1h1 a1i1 a2a3 a2b2 e1d1 e1e1 e1e2 e1f1")
-- Extra moves from one point of the palace lines to another.
t.equal("janggi: the chariot along the palace diagonal",
  jmoves("3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"),
  "d1a1 d1b1 d1c1 d1d10 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1d9 d1e2 d1f3 e1e1 e1e2 e1f1")
t.equal("janggi: the soldier along the enemy palace's lines",
  jmoves("3k5/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1"), "d8c8 d8d9 d8e8 d8e9 e1d1 e1e1 e1e2 e1f1")
-- Passing: the general's square twice; not in check; two passes end it.
t.equal("janggi: in check, no pass; the cannon jumps along the diagonal",
  jmoves("3k5/9/9/9/9/9/9/5n3/4P4/3CK4 w - - 0 1"), "d1f3 e1f1 e2f2 e2f3")
g = varia.new("janggicasual")
t.equal("janggi: perft 3 with passes (Fairy-Stockfish)", g:perft(3), 33316)
g:play("e2e2", "e9e9")
winner, reason = g:result()
t.equal("janggi: two passes in a row draw", winner, "draw")
t.equal("janggi: by passes", reason, "passes")
t.raises("no_capture: a letter that is no piece", "pieces.c.no_capture: 'x' is not one of the pieces",
  varia.new, { name = "j", pieces = { k = { betza = "W", royal = true }, c = { betza = "pR", no_capture = "x" } },
    start = "4k3/8/8/8/8/8/8/2C1K3 w - - 0 1" })
t.raises("passes_end: needs pass", "rules.passes_end: needs rules.pass",
  varia.new, { name = "j", pieces = { k = { betza = "W", royal = true } },
    start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", rules = { passes_end = "draw" } })

-- Bikjang (Fairy-Stockfish's janggitraditional, its perft 1 divides): with
-- the generals facing, a move must break the facing, or be a pass, which is
-- legal even in check and ends the game in a draw.
g = varia.new("janggitraditional", { fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" })
legal = g:legal()
table.sort(legal)
t.equal("facing kings: break or pass", table.concat(legal, " "), "e1d1 e1e1 e1f1")
g:play("e1e1")
winner, reason = g:result()
t.equal("facing kings: a pass ends the game", winner, "draw")
t.equal("facing kings: the reason", reason, "facing kings")
g = varia.new("janggitraditional", { fen = "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1" })
t.equal("facing kings: in check, the pass still", table.concat(g:legal(), " "), "e1e1")
t.equal("janggitraditional: perft 3 (Fairy-Stockfish)", varia.new("janggitraditional"):perft(3), 33000)
t.raises("facing_kings: must_break needs pass", "rules.facing_kings: must_break needs rules.pass",
  varia.new, { name = "j", pieces = { k = { betza = "W", royal = true } },
    start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", rules = { facing_kings = "must_break" } })

-- Janggi's material count (Fairy-Stockfish's janggi, asked to score the
-- pass e1e1 with "go depth 2 searchmoves e1e1": mate -1 with nothing but
-- the generals, mate 1 with a white soldier, as 2 points beat Black's 1.5).
g = varia.new("janggi", { fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" })
g:play("e1e1")
winner, reason = g:result()
t.equal("janggi: bikjang counted, Black's 1.5 points win", winner, "black")
t.equal("janggi: by facing kings", reason, "facing kings")
g = varia.new("janggi", { fen = "4k4/9/9/9/9/9/9/9/9/P3K4 w - - 0 1" })
g:play("e1e1")
t.equal("janggi: a soldier's 2 points beat the 1.5", (g:result()), "white")
g = varia.new("janggi")
g:play("e2e2", "e9e9")
t.equal("janggi: two passes counted (Fairy-Stockfish: mate 1 for e9e9)", (g:result()), "black")
-- The n-move rule counted too (Fairy-Stockfish, "go depth 3 searchmoves":
-- mate 1 for a1a2 with the chariot, mate -1 for e1f1 without).
g = varia.new("janggi", { fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 60" })
g:play("a1a2")
winner, reason = g:result()
t.equal("janggi: the n-move rule counted, the chariot wins", winner, "white")
t.equal("janggi: by the n-move rule", reason, "n-move rule")
g = varia.new("janggi", { fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 99 60" })
g:play("e1f1")
t.equal("janggi: the n-move rule counted, bare generals: Black", (g:result()), "black")
t.raises("komi: not a half point", "rules.komi: expected a number of whole or half points",
  varia.new, { name = "j", pieces = { k = { betza = "W", royal = true } },
    start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", rules = { komi = 0.3 } })

-- Sittuyin (Fairy-Stockfish's sittuyin; every count is its perft 1 of the
-- same FEN, its divide for the moves named). A pawn promotes to a general
-- (f) as a move of its own, in place or by a diagonal step to an empty
-- square, while its side has no general.
g = varia.new("sittuyin")
t.equal("sittuyin: perft 2 of the placement", g:perft(2), 7744)
local function moves_of(fen)
  local list = varia.new("sittuyin", { fen = fen }):legal()
  table.sort(list)
  return table.concat(list, " ")
end
t.equal("sittuyin: a last pawn promotes anywhere, in place or one diagonal step",
  moves_of("k7/8/8/8/3P4/8/8/K7[] w - - 0 1"),
  "a1a2 a1b1 a1b2 d4c3f d4c5f d4d4f d4d5 d4e3f d4e5f")
t.equal("sittuyin: the new general may not attack a piece (no d4d4f, d4c5f)",
  moves_of("k7/8/8/2n5/3P4/8/8/K7[] w - - 0 1"),
  "a1a2 a1b1 a1b2 d4c3f d4c5 d4d5 d4e3f d4e5f")
t.equal("sittuyin: nor give check, even by discovery (only d4d4f)",
  #varia.new("sittuyin", { fen = "3k4/8/8/8/3P4/8/8/K2R4[] w - - 0 1" }):legal(), 13)
t.equal("sittuyin: of several pawns, only those on the long diagonals of the far half",
  moves_of("k7/8/8/4PP2/3P4/8/8/K7[] w - - 0 1"),
  "a1a2 a1b1 a1b2 d4d5 e5d6f e5e5f e5e6 e5f4f e5f6f f5f6")
t.equal("sittuyin: Black's far half (d4 and e4 both promote)",
  #varia.new("sittuyin", { fen = "k7/8/8/8/3pp3/8/8/7K[] b - - 0 1" }):legal(), 15)
t.equal("sittuyin: no promotion while the side has a general",
  #varia.new("sittuyin", { fen = "k7/8/8/8/3P4/8/8/K6F[] w - - 0 1" }):legal(), 5)
g = varia.new("sittuyin", { fen = "k7/8/8/4P3/8/8/8/K7[] w - - 0 1" })
t.check("sittuyin: promotion in place", g:play("e5e5f"))
t.equal("sittuyin: ... leaves a general on e5", g:piece("e5"), "F")
t.equal("sittuyin: ... SAN of a promotion in place",
  varia.new("sittuyin", { fen = "k7/8/8/4P3/8/8/8/K7[] w - - 0 1" }):san("e5e5f"), "e5=F")
t.equal("sittuyin: SAN names the pawn when two reach the square",
  varia.new("sittuyin", { fen = "7k/1P6/8/3P4/8/8/8/K7[] w - - 0 1" }):san("d5c6f"), "d5c6=F")
t.equal("sittuyin: rooks are dropped on the first rank only",
  #varia.new("sittuyin", { fen = "k7/8/8/8/8/8/8/K7[R] w - - 0 1" }):legal(), 7)
t.equal("sittuyin: other pieces on the first three ranks",
  #varia.new("sittuyin", { fen = "k7/8/8/8/8/8/8/K7[N] w - - 0 1" }):legal(), 23)
t.equal("sittuyin: a pawn in hand (set-up FENs only) is dropped on the second and third ranks",
  #varia.new("sittuyin", { fen = "k7/8/8/8/8/8/8/K7[P] w - - 0 1" }):legal(), 16)
t.equal("must drop, but no drop parries the check: the king moves",
  moves_of("4k3/8/8/8/8/8/4r3/4K3[N] w - - 0 1"), "e1d1 e1e2 e1f1")
t.raises("by_move: an unknown key", "promotion.by_move.zone: unknown key",
  varia.new, { name = "x",
    pieces = { k = { betza = "K", royal = true }, p = { betza = "fW", promotes = true }, q = { betza = "Q" } },
    start = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", promotion = { pieces = "q", by_move = { zone = 1 } } })
t.raises("drop_region: needs drops", "pieces.p.drop_region: the variant has no drops",
  varia.new, { name = "x",
    pieces = { k = { betza = "K", royal = true }, p = { betza = "fW", drop_region = { white = "a1", black = "a8" } } },
    start = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1" })
-- promotion.by_move with a queen, a slider: Fairy-Stockfish 11.1 with a
-- variants.ini section [byq:chess] sittuyinPromotion = true,
-- promotionRank = 1, promotionPieceTypes = q, promotionLimit = q:1,
-- doubleStep = false, castling = false (its perft of the same FENs).
do
  local std = require "std"
  local byq = std.extend(std.chess, { name = "byq", castling = std.NONE, start = "7k/8/8/8/3P4/8/8/K7 w - - 0 1",
    pieces = { p = std.pieces.shatranj_pawn },
    promotion = { pieces = "q", zone = 0, limit = { q = 1 }, no_check = true, no_attack = true,
      by_move = { white = "a8 b7 c6 d5 e5 f6 g7 h8", black = "a1 b2 c3 d4 e4 f3 g2 h1",
                  last_anywhere = true } } })
  g = varia.new(byq, { fen = "7k/8/8/8/3P4/8/8/K7 w - - 0 1" })
  t.equal("by_move: a queen's moves from a last pawn", g:perft(1), 22)
  t.equal("by_move: perft 3", g:perft(3), 1417)
  g = varia.new(byq, { fen = "7k/8/2n5/4P3/3P1P2/8/8/K7 w - - 0 1" })
  t.equal("by_move: no check, no attack, only the pawn on the diagonal",
    table.concat((function() local l = g:legal() table.sort(l) return l end)(), " "),
    "a1a2 a1b1 a1b2 d4d5 e5a5q e5e1q e5e2q e5e3q e5e6 e5e7q e5f5q e5g5q f4f5")
  t.equal("by_move: perft 3 with a knight", g:perft(3), 2730)
end

-- Dead positions, FIDE 5.2.2: "The game is drawn when a position has arisen
-- in which neither player can checkmate the opponent's king with any
-- series of legal moves ... the game ends immediately." The cases material
-- decides: king against king, king and one bishop or knight against king,
-- and kings with bishops all on squares of one colour (rules.dead_position
-- with std.dead_position; on in chess, chess960, kriegspiel and unbland).
do
  local function result(spec, fen)
    local w, r = varia.new(spec, { fen = fen }):result()
    return tostring(w) .. " " .. tostring(r)
  end
  local dead = "draw dead position"
  t.equal("dead: king against king", result("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), dead)
  t.equal("dead: king and bishop against king", result("chess", "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1"), dead)
  t.equal("dead: king and knight against king", result("chess", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), dead)
  t.equal("dead: a black knight alone too", result("chess", "4k3/8/8/2n5/8/8/8/4K3 w - - 0 1"), dead)
  t.equal("dead: bishops of both sides on one colour (b8, c1)", result("chess", "1b2k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), dead)
  t.equal("dead: three bishops, all on light squares (d1, f1, h1)", result("chess", "4k3/8/8/8/8/8/8/3BKB1b w - - 0 1"), dead)
  t.equal("alive: the same with one on a dark square (e2 is light, g1 dark)", result("chess", "4k3/8/8/8/8/8/4B3/3BK1b1 w - - 0 1"), "nil nil")
  t.equal("alive: bishops on both colours (c8, c1)", result("chess", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), "nil nil")
  t.equal("alive: two knights (a mate exists, if only helped)", result("chess", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"), "nil nil")
  t.equal("alive: knight against knight", result("chess", "4k3/8/8/2n5/8/8/8/1N2K3 w - - 0 1"), "nil nil")
  t.equal("alive: a pawn", result("chess", "4k3/7p/8/8/8/8/8/4K3 w - - 0 1"), "nil nil")
  t.equal("alive: a rook", result("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "nil nil")
  t.equal("option dead_position=play plays on", result("chess:dead_position=play", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "nil nil")
  t.equal("chess960 too", result("chess960", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), dead)
  t.equal("kriegspiel too", result("kriegspiel", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), dead)
  t.equal("unbland too", result("unbland", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), dead)
  -- Reached by a move: the capture of the last pawn ends the game at once.
  local g = varia.new("chess", { fen = "4k3/8/8/8/8/8/3p4/2B1K3 w - - 0 1" })
  t.check("the capture is legal", g:play("Kxd2"))
  t.equal("and leaves a dead position", select(2, g:result()), "dead position")
  t.check("after which no move is accepted", not g:play("Ke7"))
  -- Not where the rules do not rest on FIDE's checkmate.
  t.equal("not in antichess", result("antichess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "nil nil")
  t.equal("not in duck chess", result("duck", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), "nil nil")
  -- The declaration itself.
  local std = require "std"
  t.raises("dead_position: letters of pieces", "rules.dead_position.lone: 'x' is not one of the pieces",
    varia.new, std.extend(std.chess, { name = "x", rules = { dead_position = { lone = "x" } } }))
  t.raises("dead_position: known keys", "rules.dead_position.single: unknown key",
    varia.new, std.extend(std.chess, { name = "x", rules = { dead_position = { single = "n" } } }))
  local v = std.extend(std.chess, { name = "x", rules = { dead_position = { lone = "r" } } })
  t.equal("dead_position: what the script says is dead", select(2, varia.new(v, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" }):result()), "dead position")
end

-- rules.nmove_pawns = false: only captures restart the n-move count. Fairy-
-- Stockfish 11.1 counts so in the xiangqi and janggi families ("position
-- startpos moves b1c3 b10c8 a4a5" in xiangqi: "... b - - 3 2").
do
  local g = varia.new("xiangqi")
  g:play("b1c3", "b10c8", "a4a5")
  t.equal("nmove_pawns: a soldier's step does not restart the count", g:fen():match("(%d+) %d+$"), "3")
  g = varia.new("janggicasual")
  g:play("a4b4")
  t.equal("nmove_pawns: nor in janggi", g:fen():match("(%d+) %d+$"), "1")
  g = varia.new("chess")
  g:play("Nf3", "Nf6", "e4")
  t.equal("a pawn's move restarts it in chess", g:fen():match("(%d+) %d+$"), "0")
end

-- Repetition where the players cannot see the board: they cannot claim it,
-- so the referee ends the game (no move after it); where they see it, the
-- draw is a claim they may pass by playing on.
do
  local shuffle = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8" }
  local k = varia.new("kriegspiel")
  t.check("kriegspiel: the knights shuffle", k:play(table.unpack(shuffle)))
  t.equal("kriegspiel: the third occurrence is a draw", select(2, k:result()), "repetition")
  t.check("kriegspiel: and no move comes after it", not k:play("e2e4"))
  local c = varia.new("chess")
  c:play(table.unpack(shuffle))
  t.equal("chess: the same repetition", select(2, c:result()), "repetition")
  t.check("chess: a player may play on instead of claiming", c:play("e2e4"))
  local u = varia.new("unbland", { seed = 3 })
  u:play(table.unpack(shuffle))
  t.check("unbland, whose board both see: playing on too", u:play("e2e4"))
end

-- rules.en_passant_ranks: Horde's double step from the first rank cannot be
-- taken en passant (Fairy-Stockfish 11.1: after "b4a3 g1g3" in this
-- position its FEN has no en passant square, and perft 3 is 2739).
do
  local F = "8/8/4Rn1p/P4P1P/1k1PP1PP/5p1P/5P2/6P1 b - - 0 87"
  local g = varia.new("horde", { fen = F })
  g:play("b4a3", "g1g3")
  t.equal("en_passant_ranks: no en passant after a first-rank double step", g:fen():match("^%S+ %a %S+ (%S+)"), "-")
  t.check("en_passant_ranks: nor the capture", not g:play("f3g2"))
  t.equal("en_passant_ranks: perft 3 as Fairy-Stockfish", varia.new("horde", { fen = F }):perft(3), 2739)
  g = varia.new("horde", { fen = "8/8/8/8/1k6/8/2P5/4K3 w - - 0 1" })
  t.check("horde: White may have no king... this FEN has one", g)
  g = varia.new("horde", { fen = "rnbqkbnr/8/8/8/1p6/8/2P5/8 w kq - 0 1" })
  g:play("c2c4")
  t.equal("en_passant_ranks: a second-rank double step still can be taken", g:fen():match("^%S+ %a %S+ (%S+)"), "c3")
  local std = require "std"
  t.raises("en_passant_ranks: ranks of the board", "rules.en_passant_ranks[1]: expected a rank from 1 to 8",
    varia.new, std.extend(std.chess, { name = "x", rules = { en_passant_ranks = { 9 } } }))
end

t.done()
