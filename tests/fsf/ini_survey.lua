-- The sections of a Fairy-Stockfish variants.ini as varia import sees
-- them: one line per section, "imported" or "refused: REASON", and, when
-- FAIRY_STOCKFISH names an engine, whether perft agrees with it (from the
-- start and from positions of seeded random games). Ends with the counts.
--   FAIRY_STOCKFISH=... ./varia run tests/fsf/ini_survey.lua [FILE.ini] [--depth N] [--positions N] [--only SECTION]...
-- FILE.ini defaults to tests/fsf/current/variants.ini (Fairy-Stockfish's
-- own). Without an engine only the import is surveyed (seconds); with
-- one, sections whose perft would take long are counted at a lower depth.

local ini = require "ini"
local file, depth, positions, only = "tests/fsf/current/variants.ini", 3, 3, nil
for i = 1, #arg do
  if arg[i] == "--depth" then depth = math.tointeger(tonumber(arg[i + 1]))
  elseif arg[i] == "--positions" then positions = math.tointeger(tonumber(arg[i + 1]))
  elseif arg[i] == "--only" then only = only or {}; only[arg[i + 1]] = true
  elseif arg[i]:find("%.ini$") then file = arg[i] end
end
local engine = os.getenv("FAIRY_STOCKFISH")
local text = assert(io.open(file)):read("a")
local sections = assert(ini.sections(text, file))
if only then
  local kept = {}
  for _, name in ipairs(sections) do if only[name] then kept[#kept + 1] = name end end
  sections = kept
end

-- Fairy-Stockfish's perft of each { fen, depth }, one process for them all.
local function fsf_perft(section, list)
  local cmd, out = os.tmpname(), os.tmpname()
  local f = assert(io.open(cmd, "w"))
  f:write("setoption name VariantPath value ", file, "\nsetoption name UCI_Variant value ", section, "\n")
  for _, p in ipairs(list) do f:write("position fen ", p.fen, "\ngo perft ", p.depth, "\n") end
  f:write("quit\n")
  f:close()
  os.execute(string.format("timeout 60 %s < %s > %s 2>&1", engine, cmd, out))
  local counts = {}
  for line in io.lines(out) do
    local n = line:match("^Nodes searched: (%d+)")
    if n then counts[#counts + 1] = math.tointeger(tonumber(n)) end
  end
  os.remove(cmd)
  os.remove(out)
  return counts
end

-- The start and a few positions of random games, each with the deepest
-- depth up to `depth` whose count stays near a million nodes.
local function sample(spec)
  local g0 = varia.new(spec)
  local list = { { fen = g0:fen() } }
  for _ = 1, positions do
    local g = varia.new(spec)
    for _ = 1, math.random(4, 40) do
      if g:result() then break end
      local moves = g:legal()
      if #moves == 0 then break end
      g:play(moves[math.random(1, #moves)])
    end
    if not g:result() then list[#list + 1] = { fen = g:fen() } end
  end
  for _, p in ipairs(list) do
    local g, d = varia.new(spec, { fen = p.fen }), 1
    while d < depth and g:perft(d) * math.max(#g:legal(), 1) < 1000000 do d = d + 1 end
    p.depth, p.ours = d, g:perft(d)
  end
  return list
end

local counts = { imported = 0, refused = 0, agree = 0, differ = 0, says = 0, silent = 0 }
local reasons = {}
math.randomseed(20261201)
for _, section in ipairs(sections) do
  local lua, why = ini.translate(text, section, file)
  local spec = file .. ":" .. section
  local ok, g = false, nil
  if lua then ok, g = pcall(varia.new, spec) end
  if not lua or not ok then
    local reason = tostring(lua and g or why):gsub("\n.*", "")
    counts.refused = counts.refused + 1
    reasons[#reasons + 1] = reason
    print(string.format("%-22s refused: %s", section, reason))
  else
    counts.imported = counts.imported + 1
    local differs = varia.load(spec).differs
    local line = string.format("%-22s imported%s", section, differs and string.format(" (says it differs: %d)", #differs) or "")
    if differs then counts.says = counts.says + 1 end
    if engine then
      local okp, list = pcall(sample, spec)
      if not okp then
        line = line .. ", varia fails: " .. tostring(list)
        counts.differ = counts.differ + 1
        if not differs then counts.silent = counts.silent + 1 end
      else
        local theirs, bad = fsf_perft(section, list), {}
        for i, p in ipairs(list) do
          if theirs[i] ~= p.ours then
            bad[#bad + 1] = string.format("perft %d of %s: varia %d, fairy-stockfish %s", p.depth, p.fen, p.ours, tostring(theirs[i]))
          end
        end
        if #bad == 0 then
          counts.agree = counts.agree + 1
          line = line .. string.format(", agrees (%d positions)", #list)
        else
          counts.differ = counts.differ + 1
          if not differs then counts.silent = counts.silent + 1 end
          line = line .. ", DIFFERS: " .. bad[1]
        end
      end
    end
    print(line)
  end
end
print(string.format("%d sections: %d imported (%d of them say how they differ), %d refused", #sections,
  counts.imported, counts.says, counts.refused))
if engine then
  print(string.format("perft: %d agree, %d differ (%d of them without saying so)", counts.agree, counts.differ, counts.silent))
end
