-- The Lua API of docs/api.md, against the FIDE Laws of Chess.

local t = require "check"

-- Start position: 20 moves (FIDE Laws; CPW perft depth 1).
local g = varia.new("chess")
t.equal("start has 20 moves", #g:legal(), 20)
t.equal("white moves first", g:turn(), "white")
t.equal("start FEN", g:fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
t.equal("perft 3 (CPW)", g:perft(3), 8902)
t.equal("variant name", g:variant(), "chess")

-- divide sums to perft.
local sum, n = 0, 0
for _, c in pairs(g:divide(3)) do sum, n = sum + c, n + 1 end
t.equal("divide has one entry per root move", n, 20)
t.equal("divide sums to perft", sum, 8902)

-- Playing in UCI and SAN. The en passant square is written only when a
-- capture there is possible (Stockfish's convention).
t.check("play e2e4", g:play("e2e4"))
t.equal("after e4", g:fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
do
  local e = varia.new("chess")
  e:play("e4", "Nf6", "e5", "d5")
  t.equal("en passant square", e:fen(), "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
  t.check("en passant capture", e:play("exd6"))
  t.equal("captured pawn removed", e:piece("d5"), nil)
end
t.check("play SAN", g:play("e5", "Nf3"))
t.equal("knight on f3", g:piece("f3"), "N")
t.equal("empty square", g:piece("e2"), nil)
t.equal("history uci", table.concat(g:history(), " "), "e2e4 e7e5 g1f3")
t.equal("history san", table.concat(g:history("san"), " "), "e4 e5 Nf3")

-- Illegal and garbled moves fail with a message and change nothing.
local before = g:fen()
t.fails("illegal move", "illegal move e8e6", g:play("e8e6"))
t.fails("no piece", "no piece on e3", g:play("e3e4"))
t.fails("not the mover's piece", "is not Black's", g:play("f3g5"))
t.fails("garbled move", "neither a legal UCI move", g:play("zz9"))
t.fails("play is all or none", "\"Ke7x\" is neither", g:play("Nc6", "Ke7x"))
t.equal("position unchanged", g:fen(), before)

-- undo
t.check("undo 2", g:undo(2))
t.equal("undone to after e4", g:fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
t.fails("undo too far", "cannot undo", g:undo(5))

-- Fool's mate: checkmate (FIDE Laws 5.1.1).
g = varia.new("chess")
g:play("f3", "e5", "g4", "Qh4")
local winner, reason = g:result()
t.equal("fool's mate winner", winner, "black")
t.equal("fool's mate reason", reason, "checkmate")
t.equal("mate in SAN", g:history("san")[4], "Qh4#")
t.check("in check", g:incheck())

-- Stalemate is a draw (FIDE Laws 5.2.1).
g = varia.new("chess", { fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" })
winner, reason = g:result()
t.equal("stalemate draw", winner, "draw")
t.equal("stalemate reason", reason, "stalemate")

-- The 50-move rule (FIDE Laws 9.3) and threefold repetition (9.2).
g = varia.new("chess", { fen = "4k3/8/8/8/8/8/8/4K2R w K - 99 80" })
t.equal("not yet 50 moves", g:result(), nil)
g:play("h1h2")
t.equal("50 moves", select(2, g:result()), "n-move rule")
g = varia.new("chess")
g:play("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
t.equal("twice is not three times", g:result(), nil)
g:play("Ng8")
t.equal("threefold repetition", select(2, g:result()), "repetition")

-- Promotion: UCI letter, SAN with '=', and the four choices.
g = varia.new("chess", { fen = "8/P7/8/8/8/8/8/k6K w - - 0 1" })
local promos = 0
for _, m in ipairs(g:legal()) do if m:sub(1, 4) == "a7a8" then promos = promos + 1 end end
t.equal("four promotion choices", promos, 4)
t.equal("SAN of a promotion", g:san("a7a8n"), "a8=N")
t.equal("UCI of a SAN promotion", g:uci("a8=Q"), "a7a8q")

-- Castling in both notations; chess960 writes king takes rook.
g = varia.new("chess", { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" })
t.equal("O-O in UCI", g:uci("O-O"), "e1g1")
t.equal("0-0-0 accepted", g:uci("0-0-0"), "e1c1")
g = varia.new("chess960", { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" })
t.equal("chess960 castling UCI", g:uci("O-O"), "e1h1")
t.equal("chess960 accepts e1g1", g:uci("e1g1"), "e1h1")

-- Bad FENs fail with a message naming the field.
t.fails("FEN bad rank", "rank 8 is longer than 8 files", varia.new("chess", { fen = "rnbqkbnr1/8/8/8/8/8/8/8 w - - 0 1" }))
t.fails("FEN bad piece", "'x' in rank 8", varia.new("chess", { fen = "xnbqkbnr/8/8/8/8/8/8/8 w - - 0 1" }))
t.fails("FEN bad side", "side to move", varia.new("chess", { fen = "4k3/8/8/8/8/8/8/4K3 x - - 0 1" }))
t.fails("FEN bad castling", "FEN castling: 'K': no rook on that side", varia.new("chess", { fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1" }))
t.fails("FEN without a king", "Black has no king", varia.new("chess", { fen = "8/8/8/8/8/8/8/4K3 w - - 0 1" }))

-- Misuse raises.
t.raises("unknown variant", "no variant or module named 'nosuch'", varia.new, "nosuch")
t.raises("bad depth", "depth out of range", function() return varia.new("chess"):perft(-1) end)

-- Variants by table, and their problems.
local std = require "std"
local tiny = std.extend(std.chess, { name = "tiny", files = 4, ranks = 4,
  pieces = { b = std.NONE, n = std.NONE, q = std.NONE },
  start = "rk2/pp2/2PP/2KR w - - 0 1", castling = std.NONE, promotion = { pieces = "r" } })
t.equal("a table variant plays", #varia.new(tiny):legal() > 0, true)
local ok, msg = varia.check(std.extend(tiny, { colour = "red" }))
t.fails("unknown key", "colour: unknown key", ok, msg)
ok, msg = varia.check(std.extend(tiny, { pieces = { x = { betza = "Y" } } }))
t.fails("bad betza", "'Y' is not an atom", ok, msg)
t.equal("shipped variants", table.concat(varia.variants(), " "):find("capablanca", 1, true) ~= nil, true)

-- Found in review: overlapping Betza atoms give each move once (K and R
-- both step like W): a KR piece on d4 of an empty board has 14 + 4 moves.
local kr = varia.new{ name = "kr", pieces = { k = { betza = "K", royal = true }, x = { betza = "KR" } },
                      start = "k7/8/8/8/3X4/8/8/7K w - - 0 1" }
local from_d4 = 0
for _, m in ipairs(kr:legal()) do if m:sub(1, 2) == "d4" then from_d4 = from_d4 + 1 end end
t.equal("KR moves once each", from_d4, 18)
-- A script cannot change what another script is given (the standard
-- library included).
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir)
local f = assert(io.open(dir .. "/evil.lua", "w"))
f:write('local std = require "std"\nstd.chess.pieces.n.betza = "W"\nstd.pieces.knight.betza = "W"\n' ..
        'return std.extend(std.chess, { name = "evil" })\n')
f:close()
t.equal("the changed copy is the script's own", varia.new(dir .. "/evil.lua"):perft(1), 16)
t.equal("chess is untouched", varia.new("chess"):perft(1), 20)
os.remove(dir .. "/evil.lua")
os.remove(dir)
-- Well-formed SAN that is not legal says so.
t.fails("SAN, illegal", "illegal move Ke2", varia.new("chess"):play("Ke2"))
-- Repetition and the n-move rule are ends a player may claim (FIDE's
-- threefold and fifty-move draws): g:result() reports them, and a game that
-- went on past them (the claim not made) is still played as it was.
g = varia.new("chess")
g:play("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
t.equal("threefold: the result", select(2, g:result()), "repetition")
t.equal("threefold: play goes on", g:play("e4"), true)
t.equal("threefold: then not over", g:result(), nil)
g = varia.new("chess", { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80" })
t.equal("n-move rule: the result", select(2, g:result()), "n-move rule")
t.equal("n-move rule: play goes on", g:play("Ra2"), true)
-- No moves after an end nobody can decline.
g = varia.new("chess")
g:play("f3", "e5", "g4", "Qh4")
t.fails("no move after checkmate", "the game is over (checkmate)", g:play("Kf2"))

-- g:checkers: a double check by knight and rook (FIDE 3.9: the king is
-- attacked by two pieces), none against Black.
g = varia.new("chess", { fen = "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1" })
local seen = {}
for _, c in ipairs(g:checkers()) do seen[#seen + 1] = c.from .. c.piece .. c.king end
table.sort(seen)
t.equal("checkers: both checking pieces", table.concat(seen, " "), "a1re1 f3ne1")
t.equal("checkers: none against Black", #g:checkers("black"), 0)

-- Trusted code may load variants from a coroutine: the script runs on the
-- coroutine's thread, under its budget (this crashed, or ran the wrong
-- function, when the sandbox called on the main thread).
do
  local co = coroutine.wrap(function()
    local c = varia.new("monochrome")
    local ok, err = pcall(varia.new, { name = "x" })
    return c:perft(2), not ok and err
  end)
  local n, bad = co()
  t.equal("varia.new in a coroutine", n, 400)
  t.check("a bad table in a coroutine", tostring(bad):find("pieces: missing", 1, true))
  local stuck = coroutine.wrap(function()
    return pcall(varia.new, "./tests/hostile/variant_metamethod.lua")
  end)
  local ok, err = stuck()
  -- read raw: the table's endless __index never runs, in a coroutine too
  t.check("the variant table read raw in a coroutine", not ok and tostring(err):find("name: missing", 1, true))
end

-- resign: the player who decides now resigns; undo takes it back.
do
  local g = varia.new("chess")
  t.check("resign is played", g:play("e4", "resign"))
  local winner, reason = g:result()
  t.equal("the other side wins", winner, "white")
  t.equal("by resignation", reason, "resignation")
  local ok, err = g:play("resign")
  t.check("no resigning after the end", not ok and err:find("resign: the game is over", 1, true))
  g:undo()
  t.equal("undo takes the resignation back", (g:result()), nil)
  local ok2, err2 = g:play("offer")
  t.check("offer in chess says there are none", not ok2 and err2:find("chess has no offers", 1, true))
end

t.done()
