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
-- arrival, and arriving too draws.
g = varia.new("racingkings", { fen = "8/8/8/8/8/8/k7/6RK w - - 0 1" })
legal = {}
for _, m in ipairs(g:legal()) do legal[m] = true end
t.check("racing kings: a rook may not give check along the rank", not legal["g1g2"])
t.check("racing kings: nor along the file", not legal["g1a1"])
t.check("racing kings: a quiet rook move", legal["g1g3"])
g = varia.new("racingkings", { fen = "8/1K6/8/8/8/8/k7/8 w - - 0 1" })
g:play("b7b8")
t.equal("racing kings: Black replies to White's arrival", g:result(), nil)
g:play("a2a3")
t.equal("racing kings: White wins after the reply", (g:result()), "white")
g = varia.new("racingkings", { fen = "8/1K5k/8/8/8/8/8/8 w - - 0 1" })
g:play("b7b8", "h7h8")
t.equal("racing kings: both arrive, a draw", (g:result()), "draw")
g = varia.new("racingkings", { fen = "8/1K5k/8/8/8/8/8/8 b - - 0 1" })
g:play("h7h8", "b7b8")
t.equal("racing kings: Black arriving first wins, whatever White's reply", (g:result()), "black")

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

t.done()
