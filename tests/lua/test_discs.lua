-- Discs and clones: Ataxx (a stone clones itself next to it, a drop, or
-- jumps two squares; the enemy stones next to where it lands turn) and
-- the flipello family (a disc dropped where it encloses lines of the
-- opponent's, which turn); the pass of a side left without a move, the
-- end of a full board and of two passes. The FENs and counts are
-- Fairy-Stockfish's (the native build of its current source, UCI_Variant
-- of each name, "position startpos moves ..." then "d" and "go perft N").

local t = require "check"

local function play(g, moves)
  for m in moves:gmatch("%S+") do
    if not g:play(m) then return false, m end
  end
  return true
end

-- Ataxx: clones are drops (P@f2), jumps are moves (a1c3); no pocket in the FEN.
local g = varia.new("ataxx")
local start = g:fen()
t.equal("ataxx: the start has no pocket", start, "P5p/7/7/7/7/7/p5P w - - 0 1")
t.equal("ataxx: 16 moves at the start (FSF perft 1)", #g:legal(), 16)
t.check("ataxx: a clone, a jump, a jump that turns the stone beside it", play(g, "P@f2 a1c3 f2d3"))
t.equal("ataxx: c3 turned, f2 left empty, the count restarted by the drop (FSF)", g:fen(),
  "P5p/7/7/7/2PP3/7/6P b - - 2 2")
t.fails("ataxx: a one-square step is a clone, not a move", "", g:play("a7b7"))
for _ = 1, 3 do g:undo() end
t.equal("ataxx: undone, the turned stone is back", g:fen(), start)
g = varia.new("ataxx")
t.check("ataxx: four more moves", play(g, "P@f2 P@b2 g1e3 a1c2"))
t.equal("ataxx: after them (FSF)", g:fen(), "P5p/7/7/7/4P2/1pp2P1/7 w - - 2 3")

-- A side without a move passes, from its first stone; a full board ends the game.
g = varia.new("ataxx", { fen = "pppppp1/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/Pppppp1 w - - 0 1" })
t.equal("ataxx: White's one move is the pass (FSF a1a1)", table.concat(g:legal(), " "), "a1a1")
t.check("ataxx: White passes", g:play("a1a1"))
t.check("ataxx: Black fills g7, White passes again", play(g, "P@g7 a1a1"))
t.check("ataxx: Black fills the board", g:play("P@g1"))
t.equal("ataxx: the board is full, the count of stones decides",
  table.concat({ g:result() }, " "), "black board full")
t.equal("ataxx: no move on a full board (FSF perft 1: 0)", #g:legal(), 0)
g = varia.new("ataxx", { fen = "pppppp1/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp w - - 0 1" })
t.equal("ataxx: with no stone left there is no pass either", #g:legal(), 0)
t.equal("ataxx: and White has lost", table.concat({ g:result() }, " "), "black stalemate")

-- Flipello: the lines enclosed turn, and come back on undo.
g = varia.new("flipello")
start = g:fen()
t.equal("flipello: 4 drops at the start (FSF)", #g:legal(), 4)
t.check("flipello: four drops", play(g, "P@d6 P@c6 P@b6 P@d7"))
t.equal("flipello: after them (FSF)", g:fen(),
  "8/3p4/1PPp4/3pP3/3Pp3/8/8/8[" .. ("P"):rep(58) .. ("p"):rep(58) .. "] w - - 0 3")
t.fails("flipello: a drop that encloses nothing", "", g:play("P@a1"))
for _ = 1, 4 do g:undo() end
t.equal("flipello: undone", g:fen(), start)
-- Both sides left without a drop: two passes end the game, the count decides.
g = varia.new("flipello", { fen = "8/8/8/3PP3/3PP3/8/8/P6p[PPpp] w - - 0 1" })
t.equal("flipello: White passes (FSF)", table.concat(g:legal(), " "), "a1a1")
t.check("flipello: White's pass", g:play("a1a1"))
t.equal("flipello: Black passes from its first disc (FSF)", table.concat(g:legal(), " "), "h1h1")
t.check("flipello: Black's pass", g:play("h1h1"))
t.equal("flipello: two passes end the game", table.concat({ g:result() }, " "), "white passes")
t.equal("flipello: perft stops there (FSF perft 3: 0)",
  varia.new("flipello", { fen = "8/8/8/3PP3/3PP3/8/8/P6p[PPpp] w - - 0 1" }):perft(3), 0)

-- Flipersi: the four centre squares first, then enclosing drops, no passes.
g = varia.new("flipersi")
t.equal("flipersi: the centre squares first", table.concat(g:legal(), " "):gsub("%S+", function(m)
  return m:sub(3) end), "d4 e4 d5 e5")
t.check("flipersi: the centre, then an enclosing drop", play(g, "P@d4 P@e4 P@d5 P@e5 P@f4"))
t.equal("flipersi: after them (FSF)", g:fen(),
  "8/8/8/3Pp3/3PPP2/8/8/8[" .. ("P"):rep(29) .. ("p"):rep(30) .. "] b - - 0 3")
g = varia.new("flipersi", { fen = "8/8/8/3PP3/3PP3/8/8/P6p[PPpp] w - - 0 1" })
t.equal("flipersi: no pass: without a drop the game ends, the count decides",
  table.concat({ g:result() }, " "), "white stalemate")

-- Fairy-Stockfish's own sections built on them import and count as it does
-- (VariantPath tests/fsf/current/variants.ini, "go perft N" from the start).
local file = "tests/fsf/current/variants.ini:"
for _, c in ipairs({ { "quadwrangle", 2, 28680 }, { "quadwrangle7x7", 2, 13730 }, { "snort", 3, 222792 },
                     { "flipello6", 5, 1364 }, { "annexation", 4, 40 } }) do
  t.equal(c[1] .. ": FSF perft " .. c[2], varia.new(file .. c[1]):perft(c[2]), c[3])
  t.check(c[1] .. ": every option translated", not varia.load(file .. c[1]).differs)
end
g = varia.new(file .. "crusade")
t.equal("crusade: a full board from the start, so over there (FSF perft 1: 0)",
  table.concat({ g:result() }, " "), "draw board full")

t.fails("ini: a flip varia has not", "flipEnclosedPieces = snort: varia's flips are reversi, ataxx and quadwrangle",
  require("ini").translate("[s:ataxx]\nflipEnclosedPieces = snort\n", "s", "t.ini"))
local _, notes = require("ini").table(assert(require("ini").parse("[c:ataxx]\nenclosingDrop = sideways\n")), "c")
t.equal("ini: an enclosing drop Fairy-Stockfish has not is noted as a difference", notes[1] and notes[1].key .. " " .. tostring(notes[1].rules), "enclosingDrop true")

-- Bad keys are named.
local function disc(drops, rules, pieces)
  return { name = "d", pieces = pieces or { p = { betza = "" } }, start = "8/8/8/8/8/8/8/8[Pp] w - - 0 1",
    drops = drops, rules = rules }
end
t.raises("enclosing: an unknown rule", "drops.enclosing: \"around\" (expected none, adjacent, line, apart, fall or slide)",
  varia.new, disc({ enclosing = "around" }))
t.raises("flip: an unknown rule", "rules.flip: \"all\" (expected none, adjacent, adjacent_joined or line)",
  varia.new, disc({}, { flip = "all" }))
t.raises("flip: not with royal pieces", "rules.flip: not with royal pieces",
  varia.new, { name = "d", pieces = { k = { betza = "K", royal = true } }, start = "k7/8/8/8/8/8/8/K7 w - - 0 1",
    rules = { flip = "adjacent" } })
t.raises("pass_on_stalemate: a bad value", "rules.pass_on_stalemate: expected true, false, \"white\" or \"black\"",
  varia.new, disc({}, { pass_on_stalemate = "both" }))
t.raises("start: a bad square", "drops.start: \"z9\" is not a square of the board",
  varia.new, disc({ start = "d4 z9" }))

-- Drops that fall (Connect Four: on the first rank or on a piece) and
-- drops that slide in from an edge (Fairy-Stockfish's enclosingDrop = top
-- and anyside): the sections cfour and cfour-anyside of its own
-- variants.ini, FSF perft N from the start and from a position with a gap
-- in the d-file (where, from the top edge, Fairy-Stockfish takes the
-- lowest square resting on a piece or the first rank: d1, not d5).
local vi = "tests/fsf/current/variants.ini:"
local function counts(name, fen, from, to)
  local out = {}
  for d = from, to do out[#out + 1] = varia.new(vi .. name, fen and { fen = fen } or nil):perft(d) end
  return table.concat(out, " ")
end
t.equal("fall: cfour perft 1-6 (FSF)", counts("cfour", nil, 1, 6), "7 49 343 2401 16807 117649")
t.equal("fall: cfour-misere perft 8, games ended by four in a row (FSF)", counts("cfour-misere", nil, 8, 8), "5673234")
t.equal("slide: cfour-anyside perft 1-4 (FSF)", counts("cfour-anyside", nil, 1, 4), "24 552 12102 252866")
local gap = "7/7/7/3P3/7/7/7[PPPPPPPPPPpppppppppp] b - - 0 1"
t.equal("slide: a gap (FSF perft 1-4)", counts("cfour-anyside", gap, 1, 4), "24 556 12368 263804")
local drops = {}
for _, m in ipairs(varia.new(vi .. "cfour-anyside", { fen = gap }):legal()) do
  if m:find("^P@d") then drops[#drops + 1] = m end
end
table.sort(drops)
t.equal("slide: the d-file's drops, as Fairy-Stockfish's anyside", table.concat(drops, " "), "P@d1 P@d3")
local g = varia.new(vi .. "cfour", { fen = "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1" })
g:play("P@d1", "P@d2", "P@e1", "P@e2", "P@f1", "P@f2")
local legal = g:legal()
table.sort(legal)
t.equal("fall: a drop lands on a piece", table.concat(legal, " "), "P@a1 P@b1 P@c1 P@d3 P@e3 P@f3 P@g1")
g:play("P@g1")
t.equal("fall: four in a row", table.concat({ g:result() }, " "), "white connection")
t.check("cfour, cfour-anyside, cfour-misere: nothing differs", (function()
  for _, name in ipairs({ "cfour", "cfour-anyside", "cfour-misere" }) do
    local d = varia.load(vi .. name).differs
    if d and next(d) then return false end
  end
  return true end)())

t.done()
