-- Differential perft test against Fairy-Stockfish (Debian's package).
--
-- Every variant script whose name (or fairy_stockfish field) Fairy-Stockfish
-- knows, a custom cannon variant given to both, and every section of
-- tests/fsf/ini/*.ini (Fairy-Stockfish reads the file, varia imports it,
-- lua/ini.lua; a third as many positions each): perft
-- from the start position, and perft at depth 3 from positions reached by
-- seeded random playouts, by varia and by fairy-stockfish. The seed makes
-- the positions, and so the test, the same on every run. Usage:
--   ./varia run tests/fsf/diff.lua [--quick] [--seed N] [--only NAME]...
-- Ends with 'N passed, N failed'; exits 1 on any disagreement. --only ini
-- runs the sections of tests/fsf/ini/*.ini alone; DIFF_LINES=1 prints the
-- moves of each game whose end is disputed.

local common = require "tests.fsf.common"
local fsf = common.binary
local quick, seed, only = false, 20261129, nil
for i = 1, #arg do
  if arg[i] == "--quick" then quick = true end
  if arg[i] == "--seed" then seed = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--only" then only = only or {}; only[arg[i + 1]] = true end
end

local std = require "std"

local known = common.known()
if not known then
  io.stderr:write("diff.lua: ", fsf, " not found (apt-get install fairy-stockfish)\n")
  os.exit(1)
end
local knows = {}
for _, name in ipairs(known) do knows[name] = true end

-- perft from the start position is counted to this depth
local START_DEPTH = 4

-- varia spec, Fairy-Stockfish name, extra FSF setup
local cases = {}
for _, twin in ipairs(common.twins()) do
  if knows[twin.fsf] and (not only or only[twin.varia]) then
    local as = common.compare_as[twin.varia]
    cases[#cases + 1] = { as and twin.varia .. ":" .. as or twin.varia, twin.fsf }
  end
end
if not only or only.cannonchess then
  cases[#cases + 1] = { "tests/fsf/cannonchess.lua", "cannonchess", "tests/fsf/cannonchess.ini" }
end
-- Every section of the ini files in tests/fsf/ini, given to Fairy-Stockfish
-- (VariantPath) and loaded by varia through its import (FILE.ini:SECTION),
-- with fewer positions each (ini = true).
for _, file in ipairs(common.ini_files()) do
  for _, section in ipairs(require("ini").sections(io.open(file):read("a"), file)) do
    if not only or only[section] or only.ini then
      local spec = file .. ":" .. section
      local as = common.ini_compare_as(spec)
      cases[#cases + 1] = { as and spec .. ":" .. as or spec, section, file, ini = true }
    end
  end
end
local positions = quick and 12 or 60
local depth = 3

-- Positions: the start, then random playouts of 0 to 80 plies, or to 300
-- plies for half of them, to reach promotions and bare kings.
local function sample(spec, n)
  local out = {}
  local g0 = varia.new(spec)
  out[1] = { fen = g0:fen(), depth = nil }
  if spec == "chess960" then
    for k = 1, quick and 3 or 10 do
      out[#out + 1] = { fen = std.chess960_fen(math.random(0, 959)), depth = nil }
    end
  end
  while #out < n do
    local g = varia.new(spec, { fen = out[math.random(1, #out)].fen })
    for _ = 1, math.random(0, math.random() < 0.5 and 80 or 300) do
      if g:result() then break end
      local moves = g:legal()
      g:play(moves[math.random(1, #moves)])
    end
    if not g:result() then out[#out + 1] = { fen = g:fen(), depth = depth } end
    -- Where pockets exist, every third position gets some pieces in them
    -- (of the kinds on the start board, royal pieces aside), so that drops are
    -- tried even where captures do not fill the pockets.
    local board, pocket = out[#out].fen:match("^(%S-)%[(%S-)%]")
    if pocket and #out % 3 == 0 and #out < n then
      local kinds, pieces = {}, varia.load(common.script_of(spec)).pieces
      for l in out[1].fen:match("^[^%[ ]+"):gmatch("%a") do
        if not pieces[l:lower()].royal then kinds[#kinds + 1] = l end
      end
      for _ = 1, math.random(1, 4) do pocket = pocket .. kinds[math.random(1, #kinds)] end
      local fen = out[#out].fen:gsub("^%S-%[%S-%]", function() return board .. "[" .. pocket .. "]" end, 1)
      local ok, h = pcall(varia.new, spec, { fen = fen })
      if ok and not h:result() then out[#out + 1] = { fen = fen, depth = depth } end
    end
  end
  return out
end

-- Runs fairy-stockfish on the variant with the given commands (a list of
-- lines) and returns its output lines.
local function fsf_run(name, ini, commands)
  local cmd, out = os.tmpname(), os.tmpname()
  local f = assert(io.open(cmd, "w"))
  if ini then f:write("setoption name VariantPath value ", ini, "\n") end
  f:write("setoption name UCI_Variant value ", name, "\n")
  f:write(table.concat(commands, "\n"), "\nquit\n")
  f:close()
  os.execute(string.format("%s < %s > %s 2>&1", fsf, cmd, out))
  local lines = {}
  for line in io.lines(out) do lines[#lines + 1] = line end
  os.remove(cmd)
  os.remove(out)
  return lines
end

-- fairy-stockfish's perft of each {fen, depth}.
local function fsf_perft(name, ini, list)
  local commands = {}
  for _, p in ipairs(list) do
    commands[#commands + 1] = "position fen " .. p.fen .. "\ngo perft " .. p.depth
  end
  local counts = {}
  for _, line in ipairs(fsf_run(name, ini, commands)) do
    local n = line:match("^Nodes searched: (%d+)")
    if n then counts[#counts + 1] = math.tointeger(tonumber(n)) end
  end
  return counts
end

-- The end of the game: random games played by varia until it sees a result
-- decided on the board (mate, stalemate, extinction, goal, king captured), or
-- for at most 400 plies. Fairy-Stockfish is asked twice: to move at the
-- final position ("bestmove (none)" when the game is over there, a move
-- when it goes on), and, for a finished game, to score the last move alone
-- from the position before it ("go depth 2 searchmoves MOVE", deep enough
-- to see a stalemate, which depth 1 leaves to static evaluation: "mate 1"
-- when the move wins, "cp 0" when it draws, "mate 0" or below when it
-- loses; at the final position itself "mate 0" would not tell a win from
-- a loss). That position is given with the moves that led to it from the
-- start, for the rules that look back (a checkmate that needs a series of
-- checks before it). Games ended by the n-move rule or repetition are not
-- compared: Fairy-Stockfish does not end a game at its root for them; nor
-- those ended by passes (two in a row, or one while the kings face), which
-- a FEN does not remember.
local decided = { checkmate = true, stalemate = true, extinction = true, goal = true, ["king captured"] = true,
  ["check limit"] = true }
local function play_out(spec)
  local g = varia.new(spec)
  local start = g:fen()
  for _ = 1, 400 do
    if g:result() then break end
    local moves = g:legal()
    g:play(moves[math.random(1, #moves)])
  end
  local winner, reason = g:result()
  if winner and not decided[reason] then return nil end

  local r = { fen = g:fen(), reason = reason or "none after 400 plies", want = "goes on" }
  if winner then
    local history = g:history()
    r.move = history[#history]
    g:undo()
    r.before = g:fen()
    history[#history] = nil
    r.line = #history > 0 and start .. " moves " .. table.concat(history, " ") or start
    local mover = r.before:match("^%S+ (%a)") == "w" and "white" or "black"
    r.want = winner == "draw" and "draw" or winner == mover and "win" or "loss"
  end
  return r
end

-- fairy-stockfish's answers to "go depth 1" (or p.go) at each position:
-- the bestmove and the score of the last info line before it.
local function fsf_go(name, ini, list)
  local commands = {}
  for _, p in ipairs(list) do
    -- "ucinewgame" waits for the search to finish: the next command (and
    -- the final "quit", which would stop it) is read only then
    commands[#commands + 1] = "position fen " .. p.fen .. "\ngo " .. (p.go or "depth 1") .. "\nucinewgame"
  end
  local answers, score = {}, nil
  for _, line in ipairs(fsf_run(name, ini, commands)) do
    local kind, n = line:match(" score (%a+) (%-?%d+)")
    if kind then
      score = kind == "mate" and (tonumber(n) > 0 and "win" or "loss")
        or (tonumber(n) == 0 and "draw" or "goes on")
    end
    local best = line:match("^bestmove (%S+)")
    if best then answers[#answers + 1], score = { best = best, score = score }, nil end
  end
  return answers
end

-- Fairy-Stockfish's word on each game's end: "goes on", or the result of
-- the last move for its mover.
local function fsf_results(name, ini, games)
  local finals, lasts = {}, {}
  for i, r in ipairs(games) do
    finals[i] = { fen = r.fen }
    if r.move then lasts[#lasts + 1] = { fen = r.line, go = "depth 2 searchmoves " .. r.move } end
  end
  local at_end, last = fsf_go(name, ini, finals), fsf_go(name, ini, lasts)
  local results, k = {}, 0
  for i, r in ipairs(games) do
    local over = at_end[i] and at_end[i].best == "(none)"
    if r.move then k = k + 1 end
    results[i] = not over and "goes on" or r.move and last[k] and last[k].score or "over"
  end
  return results
end

local passed, failed = 0, 0
for _, c in ipairs(cases) do
  local spec, name, ini = c[1], c[2], c[3]
  math.randomseed(seed)
  local games = {}
  for _ = 1, (quick or c.ini) and 6 or 30 do
    local r = play_out(spec)
    if r then games[#games + 1] = r end
  end
  local theirs = fsf_results(name, ini, games)
  local bad = 0
  for i, r in ipairs(games) do
    if theirs[i] == r.want then
      passed = passed + 1
    else
      failed, bad = failed + 1, bad + 1
      if os.getenv("DIFF_LINES") then print("line: " .. tostring(r.line)) end
      print(string.format("FAIL %s: at %s%s varia says %s (%s) for the mover, fairy-stockfish %s",
        spec, r.fen, r.move and (" after " .. r.move .. " from " .. r.before) or "", r.want,
        r.reason, tostring(theirs[i])))
    end
  end
  print(string.format("%-28s %3d game ends, %d disagree", spec, #games, bad))
end

for _, c in ipairs(cases) do
  local spec, name, ini = c[1], c[2], c[3]
  math.randomseed(seed)
  local list = sample(spec, c.ini and positions // 3 or positions)
  for _, p in ipairs(list) do p.depth = p.depth or START_DEPTH end
  local theirs = fsf_perft(name, ini, list)
  local bad = 0
  for i, p in ipairs(list) do
    local ours = varia.new(spec, { fen = p.fen }):perft(p.depth)
    if ours == theirs[i] then
      passed = passed + 1
    else
      failed, bad = failed + 1, bad + 1
      print(string.format("FAIL %s: perft %d of %s: varia %d, fairy-stockfish %s",
        spec, p.depth, p.fen, ours, tostring(theirs[i])))
    end
  end
  print(string.format("%-28s %3d positions, %d disagree", spec, #list, bad))
end
print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
