-- Progressive chess, Scotch rules (variants/progressive.lua): every clause
-- of varia's definition (the script's header), on positions
-- counted by hand. g:legal() lists whole sequences ("e7e5,d7d5").

local t = require "check"

local function new(fen, options)
  return varia.new(options and "progressive:" .. options or "progressive", fen and { fen = fen } or nil)
end
local function set(list)
  local s = {}
  for _, m in ipairs(list) do s[m] = true end
  return s
end
local function side(g) return g:fen():match("^%S+ (%a)") end
local function steps(turn) return select(2, turn:gsub(",", ",")) + 1 end

-- An independent model built on orthodox chess alone: the number of
-- sequences of at most len moves by the side to move, each chess-legal in
-- the position left by the one before (the side to move switched back, no
-- en passant square after the first move: the mover's own double step
-- cannot be taken by the mover), ending early after a check. Used only in
-- positions where no one runs out of moves in mid-sequence.
local function model(fen, len)
  local count, g = 0, varia.new("chess", { fen = fen })
  for _, m in ipairs(g:legal()) do
    local h = g:copy()
    h:play(m)
    if h:incheck() or len == 1 then
      count = count + 1
    else
      local f = h:fen():gsub("^(%S+) (%a) (%S+) (%S+)", function(board, s, castle)
        return board .. " " .. (s == "w" and "b" or "w") .. " " .. castle .. " -"
      end)
      count = count + model(f, len - 1)
    end
  end
  return count
end

-- Clause: White makes one move, Black two, White three. From the start:
-- 20 one-move sequences; after 1.e4, Black's pairs (the model's count);
-- perft 2 is orthodox chess's perft 3, 8902, by colour symmetry (Black's
-- two moves after White's one mirror White's reply after one move each;
-- no check and no en passant is possible in the first three moves).
local g = new()
t.equal("white: one move", #g:legal(), 20)
g:play("e2e4")
t.equal("then black", side(g), "b")
t.equal("black: two moves, the model's count", #g:legal(), model(g:fen(), 2))
t.equal("perft 2 = chess perft 3 by colour symmetry", new():perft(2), 8902)
g:play("e7e5", "d7d5")
t.equal("after black's two, white", side(g), "w")
g:play("e4d5", "d1h5")
t.equal("white's third move still white's", side(g), "w")
g:play("h5e5")
t.equal("white's third move gives check: black", side(g), "b")
-- Black: four moves now (full-move 2), the first parrying Qe5+.
g = new("k7/8/8/8/8/8/8/K6R w - - 0 2")
-- White: Ka1, Rh1; Black: Ka8. White's sequence has three moves.
local l = set(g:legal())
t.check("three moves: h1h2,h2h3,h3h4", l["h1h2,h2h3,h3h4"])
t.check("not two", not l["h1h2,h2h3"])
local longest = 0
for m in pairs(l) do longest = math.max(longest, steps(m)) end
t.equal("never four", longest, 3)
t.equal("white's three moves: the model's count", #g:legal(), model(g:fen(), 3))

-- Clause: a move giving check ends the sequence at once. h1h8 checks
-- along the 8th rank: a sequence of one move; h1h7,h7h8 of two.
t.check("check ends the sequence: h1h8", l["h1h8"])
t.check("check by the second move: h1h7,h7h8", l["h1h7,h7h8"])
for m in pairs(l) do
  if m:match("^h1h8,") or m:match("^h1h7,h7h8,") then t.check("nothing after the check", false, m) end
end
-- The next sequence keeps its length: Black, at full-move 2, has four
-- moves although White's was cut to one. Black's lone king must leave
-- the 8th rank first (a7 or b7: b8 is on the rook's rank, the king on a1
-- guards a2 b1 b2), and a king gives no check: every sequence has four
-- moves.
g:play("h1h8")
l = g:legal()
local firsts, four = {}, true
for _, m in ipairs(l) do
  firsts[m:sub(1, 4)] = true
  if steps(m) ~= 4 then four = false end
end
t.check("black: four moves each", four and #l > 0)
t.check("black parries first: a8a7 or a8b7", firsts.a8a7 and firsts.a8b7 and not firsts.a8b8)
t.equal("black's four moves: the model's count", #l, model(g:fen(), 4))

-- Clause: no move may leave the mover's king in check, and a player in
-- check at the start of a sequence must parry it with the first move.
-- White: Ke1, Ph2; Black: Kh8, Re8 (check on the e-file); White's first
-- sequence (one move): Kd1, Kd2, Kf1, Kf2 (e2 is on the file), 4.
g = new("4r2k/8/8/8/8/8/7P/4K3 w - - 0 1")
t.equal("in check: four parries", table.concat((function() local x = g:legal() table.sort(x) return x end)(), " "),
        "e1d1 e1d2 e1f1 e1f2")
t.fails("in check: h2h3 refused", "illegal", g:play("h2h3"))
-- The same at full-move 2 (three moves): the king never steps back onto
-- the e-file later in the sequence.
g = new("4r2k/8/8/8/8/8/7P/4K3 w - - 0 2")
l = set(g:legal())
t.check("parry first, then two more", l["e1d1,h2h3,h3h4"])
t.check("not the parry second", not l["h2h3,e1d1,h3h4"])
t.check("no step back into check", not l["e1d1,d1e2,h2h3"])

-- A player with no legal first move: checkmate if in check, else
-- stalemate. White: Ka1; Black: Kh8, Ra8, Rb7 (mate); Rb8, Bd5 (stalemate).
local winner, reason = new("r6k/1r6/8/8/8/8/8/K7 w - - 0 2"):result()
t.equal("checkmate", reason, "checkmate")
t.equal("checkmate: black wins", winner, "black")
winner, reason = new("1r5k/8/8/3b4/8/8/8/K7 w - - 0 2"):result()
t.equal("stalemate", reason, "stalemate")
t.equal("stalemate: a draw", winner, "draw")

-- Choice: no legal move in mid-sequence. White: Ka1, Ph2; Black: Kh8,
-- Rb8, Bd5, Ph4: White's only move is h2h3, after which nothing of
-- White's moves (a2: bishop; b1, b2: rook; h3 blocked by h4).
-- Default: a draw by (progressive) stalemate.
g = new("1r5k/8/8/3b4/7p/8/7P/K7 w - - 0 2")
t.check("stalled: h2h3 is playable", g:play("h2h3"))
winner, reason = g:result()
t.equal("stalled: stalemate", reason, "stalemate")
t.equal("stalled: a draw", winner, "draw")
-- With the option stalled=ends, the sequence ends there: one sequence,
-- h2h3 alone, and then Black moves.
g = new("1r5k/8/8/3b4/7p/8/7P/K7 w - - 0 2", "stalled=ends")
t.equal("stalled=ends: h2h3 is a whole sequence", table.concat(g:legal(), " "), "h2h3")
g:play("h2h3")
t.equal("stalled=ends: black moves", side(g), "b")
t.equal("stalled=ends: no result", g:result(), nil)

-- Clause: en passant only with the first move of a sequence, against a
-- double step that was the opponent's last move. White: Ke1, Pe5; Black:
-- Ke8, Pd7; Black to move at full-move 1 (two moves), White then three.
g = new("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
g:play("e8f8,d7d5")
l = set(g:legal())
t.check("en passant with the first move", l["e5d6,d6d7,e1e2"])
t.check("not with the second", not l["e1e2,e5d6,d6d7"])
g = new("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
g:play("d7d5,e8f8")
local ep = false
for _, m in ipairs(g:legal()) do if m:match("^e5d6") then ep = true end end
t.check("not against an earlier move of the sequence", not ep)
-- never one's own pawn: White d2d4 then e2xd3 "en passant" is no move
g = new("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 2")
l = set(g:legal())
t.check("never one's own pawn", not l["d2d4,e2d3,d3d4"] and l["d2d4,e2e3,e3e4"])

-- The sequence in progress is in the FEN (step and count) and reopens.
g = new("k7/8/8/8/8/8/8/K6R w - - 0 2")
g:play("h1h2", "h2h3")
local h = new(g:fen())
t.equal("mid-sequence FEN: one move left", #h:legal(), #g:legal())
h:play("h3h4")
t.equal("mid-sequence FEN: then black", side(h), "b")

t.done()
