-- Marseillais chess (variants/marseillais.lua): every clause of
-- varia's definition (the script's header), on positions counted
-- by hand. g:legal() lists whole turns ("e7e5,d7d5"); a turn that ends
-- after one move is listed as that move alone.

local t = require "check"

local function new(fen) return varia.new("marseillais", fen and { fen = fen } or nil) end
local function set(list)
  local s = {}
  for _, m in ipairs(list) do s[m] = true end
  return s
end
local function side(g) return g:fen():match("^%S+ (%a)") end

-- An independent model of the turn, built on orthodox chess alone: a
-- first move m1 (chess-legal), then the turn ends if m1 gives check or if
-- the same side has no chess-legal move in the position after it (the
-- side to move switched back, no en passant square: the mover's own
-- double step cannot be taken by the mover); otherwise each such second
-- move is one turn. Used where a count is too long to do by hand.
local function model(fen)
  local count, g = 0, varia.new("chess", { fen = fen })
  for _, m1 in ipairs(g:legal()) do
    local h = g:copy()
    h:play(m1)
    if h:incheck() then
      count = count + 1
    else
      local f = h:fen():gsub("^(%S+) (%a) (%S+) (%S+)", function(board, s, castle)
        return board .. " " .. (s == "w" and "b" or "w") .. " " .. castle .. " -"
      end)
      local n = #varia.new("chess", { fen = f }):legal()
      count = count + (n == 0 and 1 or n)
    end
  end
  return count
end

-- Clause: White's first turn (White to move, full-move number 1) is one
-- move: the 20 orthodox first moves, each a whole turn; after e2e4 it is
-- Black's turn.
local g = new()
t.equal("white's first turn: 20 one-move turns", #g:legal(), 20)
t.check("white's first turn: no second move", not set(g:legal())["e2e4,d2d4"])
g:play("e2e4")
t.equal("white's first turn: then black moves", side(g), "b")

-- Clause: each other turn is two moves by the same player. After 1.e4,
-- Black has 20 first moves, none a check, and a second move after each;
-- the independent model counts the pairs. By colour symmetry the same
-- number is orthodox chess's perft 3 summed over White's 20 moves, which
-- is why perft 2 from the start must be 8902 (no check and no en passant
-- is possible in the first three moves).
t.equal("black's turn: pairs of moves", #g:legal(), model(g:fen()))
t.check("black's turn: e7e5,d7d5 is one turn", set(g:legal())["e7e5,d7d5"])
t.equal("perft 2 = chess perft 3 by colour symmetry", new():perft(2), 8902)
g:play("e7e5")
t.equal("after black's first move black moves again", side(g), "b")
g:play("d7d5")
t.equal("after black's second move white moves", side(g), "w")
t.equal("white's second turn: pairs too", #g:legal(), model(g:fen()))

-- Clause: a first move that gives check ends the turn. White: Ka1, Rh1;
-- Black: Ka8; White to move at move 2 (two moves). The rook's 13 moves
-- (h2-h8, g1-b1) and the king's 3 (a2, b1, b2): only h1h8 checks (along
-- the 8th rank to a8). So h1h8 is a turn of one move, and no turn starts
-- with h1h8 and goes on; h1h7 does go on.
g = new("k7/8/8/8/8/8/8/K6R w - - 0 2")
local l = set(g:legal())
t.check("check ends the turn: h1h8 alone", l["h1h8"])
local longer = false
for m in pairs(l) do if m:match("^h1h8,") then longer = true end end
t.check("check ends the turn: nothing after h1h8", not longer)
t.check("no check: h1h7 goes on", l["h1h7,h7h8"] and not l["h1h7"])
t.equal("check ends the turn: count by the model", #g:legal(), model(g:fen()))
g:play("h1h8")
t.equal("after the check black moves", side(g), "b")
-- a check given by the second move ends the turn as usual
g = new("k7/8/8/8/8/8/8/K6R w - - 0 2")
g:play("h1h7,h7h8")
t.equal("a check by the second move: black's turn", side(g), "b")
t.check("black, in check, parries first", g:incheck())

-- Clause: if after the first move the player has no legal second move,
-- the turn ends there. White: Ka1, Ph2; Black: Kh8, Rb8, Bd5, Ph4. The
-- king cannot move (a2: the bishop on d5; b1, b2: the rook on b8), the
-- pawn has h2h3 only (h4 is occupied, so no double step), and after h2h3
-- nothing of White's can move: one turn, h2h3 alone.
g = new("1r5k/8/8/3b4/7p/8/7P/K7 w - - 0 2")
t.equal("no second move: one turn", table.concat(g:legal(), " "), "h2h3")
g:play("h2h3")
t.equal("no second move: black moves", side(g), "b")

-- Clause: neither move may leave the mover's king in check, and a
-- player in check at the start of the turn must parry it with the first
-- move. White: Ke1, Ph2; Black: Kh8, Re8 (check on the e-file). First
-- moves: the king to d1, d2, f1, f2 (e2 is on the file); the pawn cannot
-- move first. Second moves, the king never back on the e-file:
-- after Kd1: Kc1 Kc2 Kd2, h3 h4 = 5; after Kd2: Kc1 Kc2 Kc3 Kd1 Kd3,
-- h3 h4 = 7; after Kf1: Kg1 Kg2 Kf2, h3 h4 = 5; after Kf2: Kf1 Kg1 Kg2
-- Kg3 Kf3, h3 h4 = 7. In all 24.
g = new("4r2k/8/8/8/8/8/7P/4K3 w - - 0 2")
t.equal("in check: 24 turns", #g:legal(), 24)
l = set(g:legal())
t.check("in check: the parry first", l["e1d1,h2h3"])
t.check("in check: not the parry second", not l["h2h3,e1d1"])
t.check("second move may not step into check", not l["e1d1,d1e2"])
t.fails("in check: h2h3 refused", "illegal", g:play("h2h3"))

-- Clause: a turn is checkmate when the player to move has no legal first
-- move. White: Ka1; Black: Kh8, Ra8, Rb7: a1 is in check from a8, a2 is
-- attacked by a8, b1 and b2 by b7. Stalemate likewise: White: Ka1;
-- Black: Kh8, Rb8, Bd5: not in check, a2 (bishop), b1, b2 (rook) attacked.
g = new("r6k/1r6/8/8/8/8/8/K7 w - - 0 2")
local winner, reason = g:result()
t.equal("checkmate: black wins", winner, "black")
t.equal("checkmate: the reason", reason, "checkmate")
g = new("1r5k/8/8/3b4/8/8/8/K7 w - - 0 2")
winner, reason = g:result()
t.equal("stalemate: a draw", winner, "draw")
t.equal("stalemate: the reason", reason, "stalemate")
-- A mate given by the first move of a turn ends the game at once: Kg6
-- and Ra8 leave the king on h8 no square (g8: rook; g7, h7: king).
g = new("7k/8/6K1/8/8/8/8/R7 w - - 0 2")
g:play("a1a8")
winner, reason = g:result()
t.equal("mate by the first move: white wins", winner, "white")

-- Clause: en passant only with the first move of a turn, and only
-- against a double step that was the opponent's last move. White: Ke1,
-- Pe5; Black: Ke8, Pd7; Black to move at move 2.
-- (a) Black's turn ends with d7d5: White's first move may take on d6.
g = new("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 2")
g:play("e8f8,d7d5")
l = set(g:legal())
t.check("en passant: the first move takes", l["e5d6,d6d7"])
-- (b) ... but not with the second move: after e1e2, the en passant square
-- is gone (the core clears it on every move).
t.check("en passant: not with the second move", not l["e1e2,e5d6"])
-- (c) d7d5 was Black's first move, not its last: no en passant.
g = new("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 2")
g:play("d7d5,e8f8")
l = set(g:legal())
local ep = false
for m in pairs(l) do if m:match("^e5d6") then ep = true end end
t.check("en passant: only against the last move", not ep)
-- (d) A side never takes its own pawn en passant: White d2d4 then e2xd3
-- would be a capture "en passant" of its own pawn. White: Ke1, Pd2, Pe2;
-- Black: Ke8.
g = new("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 2")
t.check("en passant: never of one's own pawn", not set(g:legal())["d2d4,e2d3"])
t.check("a pawn's move after the double step", set(g:legal())["d2d4,e2e3"])

-- The state between the two moves is in the FEN: a game saved after one
-- move of a turn reopens at the second.
g = new()
g:play("e2e4", "e7e5")
local mid = g:fen()
t.check("mid-turn FEN: the step and the count", mid:find("phase=1", 1, true) and mid:find("state=1", 1, true), mid)
local h = new(mid)
t.equal("mid-turn FEN reopens: same turns", #h:legal(), #g:legal())
h:play("d7d5")
t.equal("mid-turn FEN: the turn ends after the second move", side(h), "w")

-- A double step as the first move of a turn, beside an enemy pawn: the
-- en passant square is dead at once (the same side moves next, and its
-- move clears it), so the FEN between the two moves has none and reads
-- back the same. White: Ke1, Pe2; Black: Ke8, Pd4.
g = new("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 2")
g:play("e2e4")
mid = g:fen()
t.equal("mid-turn double step: no en passant square", mid:match("^%S+ %a %S+ (%S+)"), "-")
t.equal("mid-turn double step: the FEN reads back", new(mid):fen(), mid)
-- ... while a double step that ends the turn keeps it for the opponent:
g:play("e1d1")
t.check("not when the double step was the turn's first move", not set(g:legal())["d4e3,e3e2"])
g = new("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 2")
g:play("e1d1,e2e4")
t.check("a double step that ends the turn can be taken", set(g:legal())["d4e3,e3e2"])

t.done()
