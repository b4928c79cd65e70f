-- Walls: neutral pieces that a turn adds and that then stay (place steps:
-- Amazons, Isolation, Joust, Snailtrail) and pieces that turn into one
-- where they capture (petrify: Petrified chess). The FENs and counts are
-- Fairy-Stockfish's (the native build of its current source, UCI_Variant
-- of each name, "position startpos moves ..." then "d" and "go perft 1").

local t = require "check"

-- Amazons: the arrow from where the amazon landed, along a queen's line.
local g = varia.new("amazons")
t.equal("amazons: turns at the start (FSF perft 1)", #g:legal(), 2176)
t.check("amazons: a move and its arrow", g:play("d1d7,d7g7"))
t.equal("amazons: the arrow is a wall (FSF)", g:fen(), "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1")
t.equal("amazons: Black's turns then (FSF)", #g:legal(), 1214)
t.equal("amazons: SAN of the two steps", table.concat(g:history("san"), ","), "Qdd7,g7")
g = varia.new("amazons")
t.check("amazons: the move alone", g:play("d1d7"))
t.equal("amazons: then the mover places the arrow", g:decision().kind, "relocate")
t.equal("amazons: mid-turn FEN names the square the arrow flies from", g:fen(),
  "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/10/6Q3 w - - 1 1 varia:phase=1;target=d7")
t.equal("amazons: mid-turn FEN reads back", varia.new("amazons", { fen = g:fen() }):fen(), g:fen())
t.fails("amazons: not a square the amazon reaches", "the arrow goes to a square the piece on d7 reaches",
  g:play("d7e9"))
t.fails("amazons: not onto another piece", "d10 holds Black's amazon", g:play("@d10"))
t.fails("amazons: not onto a piece", "d7 holds White's amazon", g:play("@d7"))
t.check("amazons: back where it came from", g:play("@d1"))
t.equal("amazons: the arrow on the square left", g:fen(), "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/10/3*2Q3 b - - 1 1")
t.check("amazons: nothing moves through an arrow",
  not varia.new("amazons", { fen = "10/10/10/10/10/10/10/10/1*8/Q8q w - - 0 1" }):play("a1c3"))

-- Isolation: a wall on any empty square but the two start squares.
g = varia.new("isolation")
t.equal("isolation: turns at the start (FSF perft 1)", #g:legal(), 225)
t.check("isolation: a step", g:play("c1c2"))
t.fails("isolation: never on a start square", "@c1: no wall may stand on c1", g:play("@c1"))
t.check("isolation: anywhere else", g:play("@e5"))
t.equal("isolation: FEN", g:fen(), "3p2/6/6/4*1/6/6/2P3/6 b - - 1 1")
-- White's only step (c1c2) would leave only c1 and d8 empty, where no wall
-- may go: so it is no legal move, and White, unable to move, loses
-- (Fairy-Stockfish: perft 1 is 0 here).
g = varia.new("isolation", { fen = "***1**/*****p/******/******/******/******/**1***/**P*** w - - 44 23" })
t.equal("isolation: a step that leaves no wall square is not legal", #g:legal(), 0)
t.equal("isolation: so White has lost", table.concat({ g:result() }, " "), "black stalemate")

-- Joust and Snailtrail: the square left becomes a wall, at once.
g = varia.new("joust")
t.check("joust: the move alone is the whole turn", g:play("d4e6"))
t.equal("joust: the wall on the square left (FSF)", g:fen(), "8/8/4N3/4n3/3*4/8/8/8 b - - 1 1")
t.equal("joust: both steps in the history", table.concat(g:history(), " "), "d4e6 e6d4")
t.fails("joust: a wall anywhere else", "the wall goes to the square just left", g:play("e5c4,c4a1"))
t.check("joust: Fairy-Stockfish's form", g:play("e5c4,c4e5"))
t.equal("joust: FEN", g:fen(), "8/8/4N3/4*3/2n*4/8/8/8 w - - 2 2")
t.check("joust: nothing lands on a wall", not g:play("e6d4"))
g = varia.new("snailtrail")
t.check("snailtrail: two turns", g:play("a1b2,b2a1", "g7f6"))
t.equal("snailtrail: trails (FSF)", g:fen(), "6*/5p1/7/7/7/1P5/*6 w - - 2 2")
t.equal("snailtrail: turns then (FSF perft 1)", #g:legal(), 7)

-- Petrified: a piece that captures turns to stone; a pawn does not.
g = varia.new("petrified")
t.check("petrified: the queen takes on d5", g:play("e4", "d5", "exd5", "Qxd5", "Nc3"))
t.equal("petrified: and is stone there (FSF)", g:fen(), "rnb1kbnr/ppp1pppp/8/3*4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 3")
t.equal("petrified: Black's moves then (FSF perft 1)", #g:legal(), 28)
t.check("petrified: nothing captures stone", not g:play("Bg4", "Nxd5"))
g = varia.new("petrified", { fen = "8/8/8/3kK3/8/8/8/8 w - - 0 1" })
t.equal("petrified: kings side by side, one step from each other (FSF perft 1)", #g:legal(), 7)
t.check("petrified: and neither in check (a king attacks nothing)", not g:incheck())

-- Random games keep each rule: one new wall a turn, where the rule says,
-- a FEN that reads back, and an end only when the side to move cannot move.
local function walls(fen)
  local n = 0
  for _ in fen:match("^%S+"):gmatch("%*") do n = n + 1 end
  return n
end
local function square_of(sq) return sq:byte(1) - 96, tonumber(sq:sub(2)) end
math.randomseed(26)
for _, name in ipairs { "amazons", "isolation", "isolation7x7", "joust", "snailtrail" } do
  local bad, games, turns = nil, 0, 0
  for _ = 1, 4 do
    g = varia.new(name)
    games = games + 1
    while not g:result() do
      local moves, before = g:legal(), g:fen()
      if #moves == 0 then bad = "no moves and no result at " .. before break end
      local m = moves[math.random(1, #moves)]
      local from, to, wall = m:match("^(%l%d+)(%l%d+),%l%d+(%l%d+)$")
      g:play(m)
      turns = turns + 1
      local after = g:fen()
      if walls(after) ~= walls(before) + 1 then bad = m .. ": not one new wall" end
      if g:piece(wall) ~= "*" then bad = m .. ": no wall on " .. wall end
      if (name == "joust" or name == "snailtrail") and wall ~= from then bad = m .. ": wall not on the square left" end
      if name == "amazons" then
        local tf, tr = square_of(to)
        local wf, wr = square_of(wall)
        if not (tf == wf or tr == wr or math.abs(tf - wf) == math.abs(tr - wr)) then
          bad = m .. ": arrow off the amazon's lines"
        end
      end
      if varia.new(name, { fen = after }):fen() ~= after then bad = "FEN does not read back: " .. after end
      if bad then break end
    end
    if bad then break end
    local winner, reason = g:result()
    if reason ~= "stalemate" or #g:legal() ~= 0 then bad = "ended by " .. tostring(reason) end
    if winner ~= (g:turn() == "white" and "black" or "white") then bad = "the stalemated side did not lose" end
    if bad then break end
  end
  t.equal(name .. ": " .. games .. " random games, " .. turns .. " turns keep the wall rules", bad, nil)
end

-- Petrified at random: every capture by a piece (not a pawn) leaves stone.
g = varia.new("petrified")
local bad
for _ = 1, 300 do
  if g:result() then break end
  local moves = g:legal()
  local m = moves[math.random(1, #moves)]
  local mover = g:piece(m:sub(1, 2))
  local before = walls(g:fen())
  local captures = g:piece(m:sub(3, 4)) ~= nil
  g:play(m)
  local want = before + ((captures and mover:lower() ~= "p") and 1 or 0)
  if walls(g:fen()) ~= want then bad = m .. " after " .. g:fen() end
end
t.equal("petrified: a random game's captures leave stone", bad, nil)

-- Script errors name the key.
local std = require "std"
local base = { name = "w", pieces = { q = { betza = "mQ" }, ["*"] = { neutral = true } },
  start = "q7/8/8/8/8/8/8/Q7 w - - 0 1" }
t.raises("at must be known", "turn[2].at: \"nowhere\"", varia.new,
  std.extend(base, { turn = { "move", { place = "*", at = "nowhere" } } }))
t.raises("reach follows a move", "turn[1]: at = \"reach\" must follow a \"move\" step", varia.new,
  std.extend(base, { turn = { { place = "*", at = "reach" }, "move" } }))
t.raises("region is squares", "turn[2].region", varia.new,
  std.extend(base, { turn = { "move", { place = "*", region = "z9" } } }))
t.raises("petrify names a neutral piece", "pieces.q.petrify: not a neutral piece", varia.new,
  std.extend(base, { pieces = { q = { betza = "Q", petrify = "q" }, ["*"] = { neutral = true } } }))
t.raises("unknown key of a place step", "turn[2].to: unknown key", varia.new,
  std.extend(base, { turn = { "move", { place = "*", to = "x" } } }))
t.raises("instead: only anywhere or edge, after a move", "turn[2]: instead needs a place step", varia.new,
  std.extend(base, { turn = { "move", { place = "*", at = "reach", instead = true } } }))

-- A wall instead of a move, on the board's edge or beside a wall
-- (Fairy-Stockfish's wallingRule = edge, wallOrMove = true: the section
-- atlantis of its variants.ini). FSF perft N; UCI as it writes a turn:
-- the pass by the side's piece on the lowest square and the wall
-- (a1a1,a1h6), a move with its empty gating square a1 (e2e4,e4a1).
local vi = "tests/fsf/current/variants.ini:"
local function counts(fen, from, to)
  local out = {}
  for d = from, to do out[#out + 1] = varia.new(vi .. "atlantis", fen and { fen = fen } or nil):perft(d) end
  return table.concat(out, " ")
end
t.equal("atlantis: perft 1-4 (FSF)", counts(nil, 1, 4), "28 778 22708 658937")
t.equal("atlantis: a check the wall cannot answer (FSF)", counts("4k3/8/8/3**3/8/8/8/4K2r w - - 0 1", 1, 4),
  "3 153 5550 270359")
t.equal("atlantis: walls beside walls, on the rim and inside (FSF)",
  counts("4k3/1**5/1**5/8/8/6*1/8/4K3 b - - 3 9", 1, 4), "38 1435 54079 2032915")
g = varia.new(vi .. "atlantis")
local legal, listed = g:legal(), {}
for _, turn in ipairs(legal) do listed[turn] = true end
t.check("atlantis: the turns as Fairy-Stockfish writes them", listed["a2a3,a3a1"] and listed["a1a1,a1h6"])
t.equal("atlantis: the pass last", legal[#legal], "a1a1,a1h6")
t.check("atlantis: a wall instead of a move", g:play("a1a1,a1h6"))
t.equal("atlantis: the wall stays, nothing moved", g:fen(), "rnbqkbnr/pppppppp/7*/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1")
t.check("atlantis: a move, read with or without its gating square", g:play("e7e5,e5a1", "g1f3"))
t.equal("atlantis: Black's pass is by its lowest piece", g:legal()[#g:legal()]:sub(1, 5), "e5e5,")
t.equal("atlantis: history", table.concat(g:history(), " "), "a1a1 a1h6 e7e5,e5a1 g1f3,f3a1")

-- A duck over atomic chess (Fairy-Stockfish's wallingRule = duck over
-- atomic: the section atomicduck): the move is judged with the duck where
-- it goes (relocate's shields), the old one lifted; the duck takes no
-- square the capture's blast emptied; the game ends after the duck.
-- FSF perft N from each position.
local function duck_counts(fen, depth)
  return varia.new(vi .. "atomicduck", fen and { fen = fen } or nil):perft(depth)
end
t.equal("atomicduck: perft 2 from the start (FSF)", duck_counts(nil, 2), 379440)
t.equal("atomicduck: the duck answers a check, a blast ends the game after it (FSF)",
  duck_counts("r1bk1b1r/4pp2/npppqn1p/B1P3N1/P*1P4/6PP/4P1B1/R2QK1R1 b Q - 0 17", 1) .. " " ..
  duck_counts("r1bk1b1r/4pp2/npppqn1p/B1P3N1/P*1P4/6PP/4P1B1/R2QK1R1 b Q - 0 17", 2), "1378 1700441")
t.equal("atomicduck: no duck where the blast was (FSF)",
  duck_counts("8/8/2*1P3/3P3k/2p3p1/B1P2RK1/8/8 w - - 1 71", 1) .. " " ..
  duck_counts("8/8/2*1P3/3P3k/2p3p1/B1P2RK1/8/8 w - - 1 71", 2), "1242 299788")
t.equal("atomicduck: castling through an attack the duck blocks (FSF)",
  duck_counts("3k1r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", 1) .. " " .. duck_counts("3k1r2/8/8/8/5*2/8/8/R3K2R w KQ - 0 1", 2),
  "1374 978163")
g = varia.new(vi .. "atomicduck", { fen = "3k1r2/8/8/8/8/8/8/R3K2R w KQ - 0 1" })
local squares = {}
for _, m in ipairs(g:legal()) do
  if m:find("^e1g1,") then squares[#squares + 1] = m:sub(-2) end
end
table.sort(squares)
t.equal("atomicduck: O-O with the duck on the f-file alone", table.concat(squares, " "), "f2 f3 f4 f5 f6 f7")
g = varia.new(vi .. "atomicduck", { fen = "4k3/8/8/8/8/8/4q3/R3K3 b Q - 0 1" })
t.check("atomicduck: a blast takes the king, the duck still comes", g:play("Qxe1"))
t.equal("atomicduck: the game goes on until the duck", g:result(), nil)
g:play("@e5")
t.equal("atomicduck: then it ends", table.concat({ g:result() }, " "), "black extinction")
t.raises("shields needs a move before", "turn[1]: shields needs a relocation after a \"move\" step", varia.new,
  std.extend(base, { turn = { { relocate = "*", shields = true }, "move" } }))
t.raises("unknown key of a relocation", "turn[2].shield: unknown key", varia.new,
  std.extend(base, { turn = { "move", { relocate = "*", shield = true } } }))

t.done()
