-- Writes docs/variants.md: every variant of the current Fairy-Stockfish
-- (or of Debian's 11.1 where the current one cannot be run), whether varia
-- has it, how the script is built, whether the engines agree (the
-- differential suite, tests/fsf/diff.lua, against 11.1 and against the
-- current engine), and the speed of perft from the start position,
-- measured side by side with a native Fairy-Stockfish (11.1 where it has
-- the variant, else FAIRY_STOCKFISH_CURRENT when that names a native
-- build). Usage:
--   ./varia run tests/fsf/table.lua > docs/variants.md
-- (make variants-table). Takes a while: the suite runs in full for both
-- engines (unless VARIA_AGREEMENT names the output of a make test-fsf
-- already made), then each variant at a depth where perft runs for at
-- least a second (VARIA_TABLE_KEEP_SPEED=FILE: only those FILE, the page
-- as it was, has no speed for).

local common = require "tests.fsf.common"
local old_engine, current_engine = common.engine("11.1"), common.engine("current")

-- What varia lacks for the variants it does not have yet. Keep in step
-- with the core: a mechanism added here makes a row move up.
local missing = {
}

local popen_lines = common.popen_lines

local old_known = common.known(old_engine)
local current_known = common.known(current_engine)
local known = assert(current_known or old_known, "no Fairy-Stockfish to list the variants: " .. old_engine.missing)
local old_has = {}
for _, name in ipairs(old_known or {}) do old_has[name] = true end

-- Fairy-Stockfish's name -> varia's: a script's fairy_stockfish field,
-- and its names.aliases (normal is chess)
local varia_name = {}
local have = {}
for _, twin in ipairs(common.twins()) do
  have[twin.varia] = true
  if twin.fsf ~= twin.varia then varia_name[twin.fsf] = twin.varia end
end
for _, name in ipairs(varia.variants()) do
  local names = varia.load(name).names
  local aliases = type(names) == "table" and names.aliases
  for _, alias in ipairs(type(aliases) == "table" and aliases or { aliases }) do varia_name[alias] = name end
end

-- The differential suite in full, against each engine: its lines "NAME  N
-- positions, K disagree" and "NAME  N game ends, K disagree".
-- VARIA_AGREEMENT=FILE reads them from the output of a run already made
-- (make test-fsf > FILE: the lines after "== against the current" are
-- the current engine's) instead.
local agree = { old = {}, current = {} }
local from = os.getenv("VARIA_AGREEMENT")
local diff_lines
if from then
  diff_lines = popen_lines("cat '" .. from:gsub("'", "") .. "'")
else
  diff_lines = popen_lines("./varia run tests/fsf/diff.lua 2>&1")
  diff_lines[#diff_lines + 1] = "== against the current fairy-stockfish"
  for _, line in ipairs(current_known and popen_lines("./varia run tests/fsf/diff.lua --engine current 2>&1") or {}) do
    diff_lines[#diff_lines + 1] = line
  end
end
local which = "old"
for _, line in ipairs(diff_lines) do
  if line:find("^== against the current") then which = "current" end
  local name, count, kind, bad = line:match("^(%S+)%s+(%d+) (%a[%a ]-), (%d+) disagree$")
  if name then
    name = name:gsub(":.*", "") -- compared under options (common.compare_as)
    agree[which][name] = agree[which][name] or {}
    agree[which][name][kind] = { tonumber(count), tonumber(bad) }
  end
end

local function hooks(name)
  local t = varia.load(name)
  local list = {}
  -- (with_options shapes the script by its options: configuration)
  for k, v in pairs(t) do
    if type(v) == "function" and k ~= "with_options" then list[#list + 1] = k end
  end
  for k, v in pairs(type(t.hooks) == "table" and t.hooks or {}) do
    if type(v) == "function" then list[#list + 1] = k end
  end
  table.sort(list)
  return #list == 0 and "configuration" or "hooks: " .. table.concat(list, ", ")
end

local out = {}
local function say(...) out[#out + 1] = table.concat({ ... }) end
say("# Variants of Fairy-Stockfish in varia")
say("")
say("Every variant that the current Fairy-Stockfish (2026: npm's")
say("`fairy-stockfish-nnue.wasm` 1.1.12, or a native build of its source)")
say("offers in its `UCI_Variant` option, and how far varia plays it;")
say("*11.1* marks those Debian's `fairy-stockfish` (11.1) has too.")
say("*Agreement* is the differential suite (`make test-fsf`,")
say("`tests/fsf/diff.lua`), against each engine that has the variant: perft")
say("from the start and from 60 seeded random positions, and 30 random")
say("games played to their end with both engines asked whether the game is")
say("over and who won (perft/games agreeing, of those run). *Speed* is")
say("perft from the start position at the depth shown, the smallest at")
say("which varia's perft runs for at least a second (Fairy-Stockfish's,")
say("slower, runs longer), so that start-up and caches flatter neither")
say("engine; three runs of each engine and the median wall time (one run")
say("where an engine's first takes 5 s or more), both engines on one machine")
say("in one run (`make variants-table`, which writes this page), against")
say("11.1 where it has the variant, else a native current build")
say("(`FAIRY_STOCKFISH_CURRENT`; the wasm build is not a yardstick of")
say("speed); the ratio is varia's nodes per second over Fairy-Stockfish's.")
say("Where an engine judges a variant otherwise and the cause is traced to")
say("that engine ([the rulings](variants/rulings.md)), `tests/fsf/common.lua`")
say("lists it as known, and its disagreements show here as known; *as*")
say("names the option under which a variant was compared with 11.1 (its")
say("older reading of the rules).")
say("")
say("| Fairy-Stockfish | 11.1 | varia | built with | agreement with 11.1 | agreement with current | speed (depth: varia / FSF Mnps = ratio) |")
say("|---|---|---|---|---|---|---|")
-- VARIA_TABLE_ONLY=a,b,c measures only those of Fairy-Stockfish's names
-- (a spot check; the page it prints is then partial)
local only
if os.getenv("VARIA_TABLE_ONLY") then
  only = {}
  for n in os.getenv("VARIA_TABLE_ONLY"):gmatch("[^,]+") do only[n] = true end
end
-- "perft/games" agreeing of those run, and whether all agree; the
-- engine's reading it was compared under (compare_as) and the
-- disagreements traced to it (its known table: docs/variants/rulings.md)
local function agreement(a, ran, engine, name)
  if not ran then return "", true end
  local p, e = a and a.positions, a and a["game ends"]
  if not p and not e then return "not run", false end
  local function part(x) return x and string.format("%d/%d", x[1] - x[2], x[1]) or "not run" end
  local notes = {}
  local as = engine.compare_as and engine.compare_as[name]
  if as then notes[#notes + 1] = "as `" .. as .. "`" end
  local bad = (p and p[2] or 0) + (e and e[2] or 0)
  if bad > 0 and engine.known and engine.known[name] then notes[#notes + 1] = bad .. " known" end
  local text = part(p) .. ", " .. part(e) .. (#notes > 0 and " (" .. table.concat(notes, "; ") .. ")" or "")
  -- (a third value: every disagreement known, traced to the engine)
  return text, p and e and p[2] == 0 and e[2] == 0, bad > 0 and engine.known and engine.known[name] ~= nil
end
local current_native = os.getenv("FAIRY_STOCKFISH_CURRENT")
-- VARIA_TABLE_KEEP_SPEED=FILE (docs/variants.md as it was) keeps the speed
-- of each variant FILE already measured, and measures only the others:
-- the page then says so.
local keep_from = os.getenv("VARIA_TABLE_KEEP_SPEED")
local kept_speed = keep_from and common.kept_speeds(keep_from) or {}
local measured_now = 0
local counted, agreeing, traced = 0, 0, 0
for _, theirs in ipairs(known) do
  local name = varia_name[theirs] or theirs
  if only and not only[theirs] then goto next end
  counted = counted + 1
  if have[name] then
    local old_text, old_ok, old_known = agreement(agree.old[name], old_has[theirs], old_engine, name)
    local cur_text, cur_ok, cur_known = agreement(agree.current[name], current_known ~= nil, current_engine, name)
    if old_ok and cur_ok then agreeing = agreeing + 1
    elseif (old_ok or old_known) and (cur_ok or cur_known) then traced = traced + 1 end
    local fsf = old_has[theirs] and old_engine.command
      or (current_native and current_native ~= "" and current_engine.command)
    local speed_text = "—"
    if kept_speed[theirs] then
      speed_text = kept_speed[theirs]
    elseif fsf then
      measured_now = measured_now + 1
      local d, ours, fsfs, same = common.perft_speed(name, theirs, fsf)
      speed_text = string.format("%d: %.1f / %.1f = %.2fx%s", d, ours / 1e6, fsfs / 1e6, ours / fsfs,
        same and "" or " (node counts differ)")
    end
    say(string.format("| %s | %s | `%s` | %s | %s | %s | %s |", theirs, old_has[theirs] and "yes" or "",
      name, hooks(name), old_text, cur_text, speed_text))
  else
    say(string.format("| %s | %s | — | %s | | | |", theirs, old_has[theirs] and "yes" or "",
      missing[theirs] and "not yet: needs " .. missing[theirs] or "not yet examined"))
  end
  io.stderr:write(out[#out], "\n") -- progress, row by row
  ::next::
end
say("")
say(string.format("%d of %d variants agree in full (with each engine that has them); %d more differ only where", agreeing,
  counted, traced))
say("[the rulings](variants/rulings.md) trace the difference to the engine (known).")
if keep_from then
  say("")
  say(string.format("The speeds of the variants an earlier run measured were kept from it; %d were measured in this one.",
    measured_now))
  say("A date after a speed marks a row measured again after a speed-up, as this")
  say("script measures (`VARIA_TABLE_ONLY`), on the shared machine; *by hand*,")
  say("one measured outside it the same way (CPU time where it says so).")
end
say("")
say("Where Debian's 11.1 and the current Fairy-Stockfish differ, varia")
say("follows the rules: [the rulings](variants/rulings.md).")
say("")
say("Besides these, varia ships variants Fairy-Stockfish does not have:")
say("[Ambiguous Chess](variants/ambiguous.md), [Kriegspiel](variants/kriegspiel.md),")
say("[Monochrome Chess](variants/monochrome.md), [Unbland Chess](variants/unbland.md);")
say("[Cylinder Chess](variants/cylinder.md), whose board wraps (Fairy-Max and")
say("XBoard play it); [Omega Chess](variants/omega.md), a board with holes; and the")
say("fairy conditions written as rule hooks in their scripts (no C of their own):")
say("[Madrasi](variants/madrasi.md), [Circe](variants/circe.md),")
say("[Andernach](variants/andernach.md), [Patrol](variants/patrol.md),")
say("[Checkless](variants/checkless.md), [Rifle](variants/rifle.md),")
say("[Grid](variants/grid.md), [Take and Make](variants/takemake.md),")
say("[Marseillais](variants/marseillais.md), [Progressive](variants/progressive.md)")
say("and [Alice](variants/alice.md).")
print(table.concat(out, "\n"))
