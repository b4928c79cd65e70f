-- Writes docs/variants.md: every variant of Debian's fairy-stockfish,
-- whether varia has it, how the script is built, whether the two engines
-- agree (the differential suite, tests/fsf/diff.lua), and the speed of
-- perft from the start position, measured side by side. Usage:
--   ./varia run tests/fsf/table.lua > docs/variants.md
-- (make variants-table). Takes a while: the suite runs in full (unless
-- VARIA_AGREEMENT names its output), then each variant at a depth where
-- perft runs for at least a second.

local common = require "tests.fsf.common"
local fsf = common.binary

-- What varia lacks for the variants it does not have yet. Keep in step
-- with the core: a mechanism added here makes a row move up.
local missing = {
  janggimodern = "a move that repeats a position is illegal (a rule on the game's history; its perft from the start is janggicasual's)",
}

local function popen_lines(cmd)
  local p = assert(io.popen(cmd))
  local lines = {}
  for line in p:lines() do lines[#lines + 1] = line end
  p:close()
  return lines
end

local known = assert(common.known(), fsf .. " not found (apt-get install fairy-stockfish)")

-- Fairy-Stockfish's name -> varia's ("normal" is its old name of chess)
local varia_name = { normal = "chess" }
local have = {}
for _, twin in ipairs(common.twins()) do
  have[twin.varia] = true
  if twin.fsf ~= twin.varia then varia_name[twin.fsf] = twin.varia end
end

-- The differential suite in full: its lines "NAME  N positions, K disagree"
-- and "NAME  N game ends, K disagree". VARIA_AGREEMENT=FILE reads them from
-- the output of a run already made (make test-fsf > FILE) instead.
local agree = {}
local from = os.getenv("VARIA_AGREEMENT")
local diff_lines = from and popen_lines("cat '" .. from:gsub("'", "") .. "'")
  or popen_lines("./varia run tests/fsf/diff.lua 2>&1")
for _, line in ipairs(diff_lines) do
  local name, count, kind, bad = line:match("^(%S+)%s+(%d+) (%a[%a ]-), (%d+) disagree$")
  if name then
    name = name:gsub(":.*", "") -- compared under options (common.compare_as)
    agree[name] = agree[name] or {}
    agree[name][kind] = { tonumber(count), tonumber(bad) }
  end
end

-- Seconds of wall time of a shell command, and the nodes its perft counted
-- (its last "Nodes searched:" line).
local function timed(cmd)
  local t = popen_lines("s=$(date +%s%N); n=$(" .. cmd ..
    " 2>/dev/null | sed -n 's/^Nodes searched: //p' | tail -1); e=$(date +%s%N); echo $((e - s)) $n")
  local ns, nodes = t[#t]:match("^(%d+) (%d+)$")
  return tonumber(ns) / 1e9, tonumber(nodes)
end

-- Perft from the start, side by side, at the smallest depth at which
-- varia's perft runs for at least a second (and Fairy-Stockfish's, which
-- is slower, longer): there start-up and caches no longer flatter either
-- engine. Returns depth, varia's and Fairy-Stockfish's nodes/second, and
-- whether the two counted the same nodes.
local MIN_SECONDS, LONG_SECONDS, MAX_DEPTH = 1.0, 5.0, 10
local function speed(name, theirs)
  local function ours_cmd(d) return string.format("./varia perft --variant %s %d", name, d) end
  local function fsf_cmd(d)
    return string.format(
      "printf 'setoption name UCI_Variant value %s\\nposition startpos\\ngo perft %d\\nquit\\n' | %s",
      theirs, d, fsf)
  end
  local depth, first, nodes = 1, nil, nil
  repeat
    depth = depth + 1
    first, nodes = timed(ours_cmd(depth))
  until first >= MIN_SECONDS or depth >= MAX_DEPTH
  -- three runs of each engine and the median; one when its first run
  -- takes long enough (LONG_SECONDS) that the machine's noise averages out
  -- within it. The runs alternate between the engines.
  local function median(t) table.sort(t) return t[(#t + 1) // 2] end
  local ours, fsfs, agree = { first }, {}, true
  for i = 1, 3 do
    if i > 1 and ours[1] < LONG_SECONDS then ours[i] = timed(ours_cmd(depth)) end
    if i == 1 or fsfs[1] < LONG_SECONDS then
      local t, theirs_nodes = timed(fsf_cmd(depth))
      if theirs_nodes ~= nodes then agree = false end
      fsfs[i] = t
    end
  end
  return depth, nodes / median(ours), nodes / median(fsfs), agree
end

local function hooks(name)
  local t = varia.load(name)
  local list = {}
  for k, v in pairs(t) do
    if type(v) == "function" then list[#list + 1] = k end
  end
  table.sort(list)
  return #list == 0 and "configuration" or "hooks: " .. table.concat(list, ", ")
end

local out = {}
local function say(...) out[#out + 1] = table.concat({ ... }) end
say("# Variants of Fairy-Stockfish in varia")
say("")
say("Every variant that Debian's `fairy-stockfish` (11.1) offers in its")
say("`UCI_Variant` option, and how far varia plays it. *Agreement* is the")
say("differential suite (`make test-fsf`, `tests/fsf/diff.lua`): perft from")
say("the start and from 60 seeded random positions, and 30 random games")
say("played to their end with both engines asked whether the game is over")
say("and who won. *Speed* is perft from the start position at the depth")
say("shown, the smallest at which varia's perft runs for at least a second")
say("(Fairy-Stockfish's, slower, runs longer), so that start-up and caches")
say("flatter neither engine; three runs of each engine and the median wall")
say("time (one run where an engine's first takes 5 s or more), both engines")
say("on one machine in one run (`make variants-table`, which writes this")
say("page); the ratio is varia's nodes per second over Fairy-Stockfish's.")
say("")
say("| Fairy-Stockfish | varia | built with | perft agreement | game ends agreement | speed (depth: varia / FSF Mnps = ratio) |")
say("|---|---|---|---|---|---|")
-- VARIA_TABLE_ONLY=a,b,c measures only those of Fairy-Stockfish's names
-- (a spot check; the page it prints is then partial)
local only
if os.getenv("VARIA_TABLE_ONLY") then
  only = {}
  for n in os.getenv("VARIA_TABLE_ONLY"):gmatch("[^,]+") do only[n] = true end
end
local counted, agreeing = 0, 0
for _, theirs in ipairs(known) do
  local name = varia_name[theirs] or theirs
  if only and not only[theirs] then goto next end
  counted = counted + 1
  if have[name] then
    local a = agree[name] or {}
    local p, e = a.positions, a["game ends"]
    local ok = p and e and p[2] == 0 and e[2] == 0
    if ok then agreeing = agreeing + 1 end
    local d, ours, fsfs, same = speed(name, theirs)
    say(string.format("| %s | `%s` | %s | %s | %s | %d: %.1f / %.1f = %.2fx%s |", theirs, name, hooks(name),
      p and string.format("%d/%d", p[1] - p[2], p[1]) or "not run",
      e and string.format("%d/%d", e[1] - e[2], e[1]) or "not run",
      d, ours / 1e6, fsfs / 1e6, ours / fsfs, same and "" or " (node counts differ)"))
  else
    say(string.format("| %s | — | %s | | | |", theirs,
      missing[theirs] and "not yet: needs " .. missing[theirs] or "not yet examined"))
  end
  io.stderr:write(out[#out], "\n") -- progress, row by row
  ::next::
end
say("")
say(string.format("%d of %d variants agree in full.", agreeing, counted))
say("")
say("Besides these, varia ships variants Fairy-Stockfish does not have:")
say("[Ambiguous Chess](variants/ambiguous.md), [Kriegspiel](variants/kriegspiel.md),")
say("[Monochrome Chess](variants/monochrome.md), [Unbland Chess](variants/unbland.md);")
say("[Duck Chess](variants/duck.md), which Fairy-Stockfish 11.1 predates; and the")
say("fairy conditions written as rule hooks in their scripts (no C of their own):")
say("[Madrasi](variants/madrasi.md), [Circe](variants/circe.md),")
say("[Andernach](variants/andernach.md), [Patrol](variants/patrol.md),")
say("[Checkless](variants/checkless.md), [Rifle](variants/rifle.md),")
say("[Grid](variants/grid.md), [Take and Make](variants/takemake.md),")
say("[Marseillais](variants/marseillais.md), [Progressive](variants/progressive.md)")
say("and [Alice](variants/alice.md).")
print(table.concat(out, "\n"))
