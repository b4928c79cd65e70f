-- Differential test of the chasing rule (rules.chasing, src/core/chase.h)
-- against the current Fairy-Stockfish (a native build named by
-- FAIRY_STOCKFISH_CURRENT, else the wasm build; tests/fsf/common.lua):
--  * after every ply of seeded random games, the squares varia's
--    g:chased() lists against the engine's own ("Chased:" in its "d");
--  * repetition cycles a b a' b' a b a' b' (a piece out and back, each
--    side) from random positions, most of their moves chasing or
--    checking: the result varia gives after the last move against the
--    engine's search's score of that move ("go depth 2 searchmoves"),
--    the game's moves from its start given with it (Fairy-Stockfish scores
--    a repetition only where it sees the moves: perpetual check, chase,
--    or a draw).
-- For xiangqi and the sections of tests/fsf/current/variants.ini that
-- chase (xiangqihouse, crowdedxiangqi). Right after a drop the engine's
-- chase test reads past its tables (its from square is SQ_NONE), so
-- those positions, and the cycles whose first occurrence a drop made,
-- are counted apart, not compared. Usage:
--   ./varia run tests/fsf/chase.lua [--quick] [--seed N] [--only NAME]...
--       [--games N] [--plies N] [--cycles N]
-- (--quick: 3 games of 80 plies and 60 cycles a variant; else 40 games
-- of 250 plies and 1500 cycles.) Ends with 'N passed, N failed'.
local common = require "tests.fsf.common"

local quick, seed, only, games, plies, ncycles = false, 20261207, nil, nil, nil, nil
for i = 1, #arg do
  if arg[i] == "--quick" then quick = true end
  if arg[i] == "--seed" then seed = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--only" then only = only or {}; only[arg[i + 1]] = true end
  if arg[i] == "--games" then games = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--plies" then plies = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--cycles" then ncycles = math.tointeger(tonumber(arg[i + 1])) end
end
games = games or (quick and 3 or 40)
plies = plies or (quick and 80 or 250)
ncycles = ncycles or (quick and 60 or 1500)

local engine = common.engine("current")
if not common.known(engine) then
  io.stderr:write("chase.lua: ", engine.missing, "\n")
  os.exit(1)
end

local vi = "tests/fsf/current/variants.ini"
local cases = {
  { spec = "xiangqi", name = "xiangqi" },
  { spec = vi .. ":crowdedxiangqi", name = "crowdedxiangqi", ini = vi },
  { spec = vi .. ":xiangqihouse", name = "xiangqihouse", ini = vi },
}

-- Runs the engine on a list of commands; returns its output lines.
local function run(case, commands)
  local cmd = os.tmpname()
  local f = assert(io.open(cmd, "w"))
  if case.ini then f:write("setoption name VariantPath value ", case.ini, "\n") end
  f:write("setoption name UCI_Variant value ", case.name, "\n", table.concat(commands, "\n"), "\nquit\n")
  f:close()
  local lines = common.popen_lines(engine.command .. " < " .. cmd)
  os.remove(cmd)
  return lines
end

local passed, failed, apart = 0, 0, 0
local function fail(line)
  failed = failed + 1
  if failed <= 20 then print("FAIL " .. line) end
end

-- The squares chased after every ply of random games.
local function chased_sets(case)
  math.randomseed(seed)
  local list, commands = {}, {}
  for _ = 1, games do
    local g = varia.new(case.spec)
    local start, h = g:fen(), {}
    for _ = 1, plies do
      if g:result() then break end
      local moves = g:legal()
      local m = moves[math.random(#moves)]
      g:play(m)
      h[#h + 1] = m
      local line = start .. " moves " .. table.concat(h, " ")
      list[#list + 1] = { line = line, ours = table.concat(g:chased(), " "), drop = m:find("@", 1, true) }
      commands[#commands + 1] = "position fen " .. line .. "\nd"
    end
  end
  local theirs = {}
  for _, l in ipairs(run(case, commands)) do
    local c = l:match("^Chased:(.*)$")
    if c then
      local t = {}
      for sq in c:gmatch("%S+") do t[#t + 1] = sq end
      theirs[#theirs + 1] = table.concat(t, " ")
    end
  end
  local chases = 0
  for i, c in ipairs(list) do
    if c.ours ~= "" then chases = chases + 1 end
    if c.ours == theirs[i] then
      passed = passed + 1
    elseif c.drop then
      apart = apart + 1
    else
      fail(string.format("%s: chased after %s: varia [%s], the engine [%s]", case.spec, c.line, c.ours,
        tostring(theirs[i])))
    end
  end
  print(string.format("%-20s %6d positions, %d with a chase", case.name, #list, chases))
end

-- Repetition cycles, scored.
-- (a move's two squares swapped: ranks up to 10 have two digits)
local function reverse(m)
  local from, to = m:match("^(%a%d+)(%a%d+)$")
  return from and to .. from or m
end
local function board_of(fen) return fen:match("^(%S+ %S+)") end
-- A legal move, with probability bias one that chases or checks.
local function pick(g, bias)
  local moves = g:legal()
  if math.random() < bias then
    local sharp = {}
    for _, m in ipairs(moves) do
      g:play(m)
      if #g:chased() > 0 or g:incheck() then sharp[#sharp + 1] = m end
      g:undo()
    end
    if #sharp > 0 then return sharp[math.random(#sharp)] end
  end
  return moves[math.random(#moves)]
end
local function cycles(case)
  math.randomseed(seed)
  local list, tries, origin = {}, 0, varia.new(case.spec):fen()
  while #list < ncycles and tries < 50 * ncycles do
    tries = tries + 1
    local g = varia.new(case.spec)
    for _ = 1, math.random(0, 120) do
      if g:result() then break end
      local moves = g:legal()
      g:play(moves[math.random(#moves)])
    end
    local x = not g:result() and varia.new(case.spec, { fen = g:fen() })
    local a = x and pick(x, 0.8)
    if a and not a:find("@", 1, true) and x:play(a) and not x:result() then
      local b = pick(x, 0.6)
      local ok = not b:find("@", 1, true) and x:play(b) and not x:result() and x:play(reverse(a)) and
        not x:result() and x:play(reverse(b))
      if ok and board_of(x:fen()) == board_of(g:fen()) then
        local prefix, cycle = g:history(), { a, b, reverse(a), reverse(b), a, b, reverse(a), reverse(b) }
        local fine = true
        for _, m in ipairs(cycle) do
          if g:result() or not g:play(m) then fine = false break end
        end
        if fine then
          local winner, why = g:result()
          local mover = g:fen():match("^%S+ (%a)") == "w" and "black" or "white"
          local line = {}
          for _, m in ipairs(prefix) do line[#line + 1] = m end
          for _, m in ipairs(cycle) do line[#line + 1] = m end
          -- (the move into the first occurrence counts too: a drop there
          -- is the engine's table overrun again)
          local last = prefix[#prefix]
          list[#list + 1] = { line = line, why = why or "none", drop = last and last:find("@", 1, true),
            want = not winner and "goes on" or winner == "draw" and "draw" or winner == mover and "win" or "loss" }
        end
      end
    end
  end
  local commands = {}
  for _, c in ipairs(list) do
    commands[#commands + 1] = string.format("position fen %s moves %s\ngo depth 2 searchmoves %s\nucinewgame\nisready",
      origin, table.concat(c.line, " ", 1, #c.line - 1), c.line[#c.line])
  end
  local scores, score = {}, nil
  for _, l in ipairs(run(case, commands)) do
    local kind, n = l:match(" score (%a+) (%-?%d+)")
    if kind then
      score = kind == "mate" and (tonumber(n) > 0 and "win" or "loss") or (tonumber(n) == 0 and "draw" or "goes on")
    end
    if l:match("^bestmove") then scores[#scores + 1], score = score, nil end
  end
  local tally = {}
  for i, c in ipairs(list) do
    tally[c.why] = (tally[c.why] or 0) + 1
    if c.want == scores[i] then
      passed = passed + 1
    elseif c.drop then
      apart = apart + 1
    else
      fail(string.format("%s: after %s %s: varia %s (%s) for the mover, the engine %s", case.spec, origin,
        table.concat(c.line, " "), c.want, c.why, tostring(scores[i])))
    end
  end
  local t = {}
  for k, n in pairs(tally) do t[#t + 1] = k .. " " .. n end
  table.sort(t)
  print(string.format("%-20s %6d repetition cycles (%s)", case.name, #list, table.concat(t, ", ")))
end

for _, case in ipairs(cases) do
  if not only or only[case.name] then
    chased_sets(case)
    cycles(case)
  end
end
if apart > 0 then
  print(string.format("%d positions or cycles right after a drop not compared (the engine's chase test reads past its tables there)", apart))
end
print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
