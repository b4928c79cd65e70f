-- Differential perft test against Fairy-Stockfish (Debian's package).
--
-- Every variant script whose name Fairy-Stockfish knows (chess960 under
-- its name fischerandom), and a custom cannon variant given to both: perft
-- from the start position, and perft at depth 3 from positions reached by
-- seeded random playouts, by varia and by fairy-stockfish. The seed makes
-- the positions, and so the test, the same on every run. Usage:
--   ./varia run tests/fsf/diff.lua [--quick] [--seed N] [--only NAME]...
-- Ends with 'N passed, N failed'; exits 1 on any disagreement.

local fsf = os.getenv("FAIRY_STOCKFISH") or "/usr/games/fairy-stockfish"
local quick, seed, only = false, 20261129, nil
for i = 1, #arg do
  if arg[i] == "--quick" then quick = true end
  if arg[i] == "--seed" then seed = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--only" then only = only or {}; only[arg[i + 1]] = true end
end

local std = require "std"

-- varia's names that Fairy-Stockfish spells otherwise
local fsf_name = { chess960 = "fischerandom" }
-- start-position depths other than 4 (large boards, slow counts)
local start_depth = {}

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end
if not exists(fsf) then
  io.stderr:write("diff.lua: ", fsf, " not found (apt-get install fairy-stockfish)\n")
  os.exit(1)
end

-- The variants Fairy-Stockfish knows: its UCI_Variant option.
local function fsf_variants()
  local p = assert(io.popen("echo uci | " .. fsf .. " 2>/dev/null"))
  local known = {}
  for line in p:lines() do
    if line:find("UCI_Variant", 1, true) then
      for name in line:gmatch("var (%S+)") do known[name] = true end
    end
  end
  p:close()
  return known
end

-- varia spec, Fairy-Stockfish name, extra FSF setup, start depth
local cases = {}
local known = fsf_variants()
for _, name in ipairs(varia.variants()) do
  local theirs = fsf_name[name] or name
  if known[theirs] and (not only or only[name]) then
    cases[#cases + 1] = { name, theirs, nil, start_depth[name] or 4 }
  end
end
if not only or only.cannonchess then
  cases[#cases + 1] = { "tests/fsf/cannonchess.lua", "cannonchess", "tests/fsf/cannonchess.ini", 4 }
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
  end
  return out
end

-- Runs fairy-stockfish on a list of {fen, depth}; returns the node counts.
local function fsf_perft(name, ini, list)
  local cmd = os.tmpname()
  local out = os.tmpname()
  local f = assert(io.open(cmd, "w"))
  if ini then f:write("setoption name VariantPath value ", ini, "\n") end
  f:write("setoption name UCI_Variant value ", name, "\n")
  for _, p in ipairs(list) do
    f:write("position fen ", p.fen, "\n", "go perft ", p.depth, "\n")
  end
  f:write("quit\n")
  f:close()
  os.execute(string.format("%s < %s > %s 2>&1", fsf, cmd, out))
  local counts = {}
  for line in io.lines(out) do
    local n = line:match("^Nodes searched: (%d+)")
    if n then counts[#counts + 1] = math.tointeger(tonumber(n)) end
  end
  os.remove(cmd)
  os.remove(out)
  return counts
end

local passed, failed = 0, 0
for _, c in ipairs(cases) do
  local spec, name, ini, start_depth = c[1], c[2], c[3], c[4]
  math.randomseed(seed)
  local list = sample(spec, positions)
  for _, p in ipairs(list) do p.depth = p.depth or start_depth end
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
