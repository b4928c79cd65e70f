-- The second part of docs/variants.md: every section of Fairy-Stockfish's
-- own variants.ini (tests/fsf/current/variants.ini, 143 sections) as
-- varia import reads it: imported or refused (with the reason), what the
-- import says differs, whether the differential suite agrees (perft from
-- the start and seeded random positions, random games to their end,
-- against the current Fairy-Stockfish), and the speed of perft from the
-- start beside a native current build. Usage (make variants-table):
--   FAIRY_STOCKFISH_CURRENT=NATIVE ./varia run tests/fsf/sections.lua >> docs/variants.md
-- VARIA_AGREEMENT=FILE reads the suite's lines from a run already made
-- (./varia run tests/fsf/diff.lua --engine current --only ini > FILE);
-- else it runs that itself. Without a native build the speed column is
-- left out (the wasm build is no yardstick of speed);
-- VARIA_TABLE_KEEP_SPEED=FILE (the page as it was) keeps each section's
-- speed measured there and measures only the others.

local common = require "tests.fsf.common"
local ini = require "ini"
local file = "tests/fsf/current/variants.ini"
local text = assert(io.open(file)):read("a")
local sections = assert(ini.sections(text, file))
local native = os.getenv("FAIRY_STOCKFISH_CURRENT")
if native == "" then native = nil end

-- The suite's lines "FILE:SECTION[:OPTIONS]  N positions, K disagree"
-- and "... N game ends, K disagree", by section.
local from = os.getenv("VARIA_AGREEMENT")
local lines = from and common.popen_lines("cat '" .. from:gsub("'", "") .. "'")
  or common.popen_lines("./varia run tests/fsf/diff.lua --engine current --only ini 2>&1")
local agree, as_options = {}, {}
for _, line in ipairs(lines) do
  local spec, count, kind, bad = line:match("^(%S+)%s+(%d+) (%a[%a ]-), (%d+) disagree$")
  local section, options = spec and spec:match("variants%.ini:([^:]+):?(.*)$")
  if section then
    agree[section] = agree[section] or {}
    agree[section][kind] = { tonumber(count), tonumber(bad) }
    if options ~= "" then as_options[section] = options end
  end
end

local keep_from = os.getenv("VARIA_TABLE_KEEP_SPEED")
local kept_speed = keep_from and common.kept_speeds(keep_from) or {}

-- A cell's text on one line, without the table's bars.
local function cell(s) return (tostring(s):gsub("\n.*", ""):gsub("|", "/")) end

local out = {}
local function say(s) out[#out + 1] = s end
say("")
say("## The sections of Fairy-Stockfish's variants.ini")
say("")
say("Each of the 143 sections of the `variants.ini` in Fairy-Stockfish's own")
say("source (commit c19b5f6; the copy in `tests/fsf/current/variants.ini`),")
say("as `varia import` and `varia perft --variant FILE.ini:SECTION` read it.")
say("*Import*: imported, or refused by name with the reason. *Says it*")
say("*differs*: the options the import could not translate, which the")
say("script carries as `differs` and `varia check` reports (a section that")
say("says so may still agree where its rule does not show). *Agreement*:")
say("the differential suite (`tests/fsf/diff.lua --engine current --only ini`)")
say("against the current Fairy-Stockfish: perft from the start and from 20")
say("seeded random positions, and 6 random games to their end")
say("(perft/games agreeing, of those run). *Speed*: as above, perft from the")
say("start at the smallest depth where varia's runs a second, beside a")
say("native build of the same Fairy-Stockfish; rows marked *CPU time* were")
say("measured by `tools/ini_speed.py` (CPU time of each process, medians of")
say("three below 2.4x, Fairy-Stockfish's start-up of about a quarter of a")
say("second included; `>` where it was stopped at 2.6 times varia's time).")
say("")
say("| section | import | says it differs | agreement with current | speed (depth: varia / FSF Mnps = ratio) |")
say("|---|---|---|---|---|")
local counts = { imported = 0, refused = 0, agree = 0 }
for _, section in ipairs(sections) do
  local spec = file .. ":" .. section
  local lua, why = ini.translate(text, section, file)
  local ok, t = false, nil
  if lua then ok, t = pcall(varia.load, spec) end
  if not lua or not ok then
    counts.refused = counts.refused + 1
    say(string.format("| %s | refused: %s | | | |", section, cell(lua and t or why):gsub("^%[[^%]]*%]%s*", "")))
  else
    counts.imported = counts.imported + 1
    local keys, seen = {}, {}
    for k, v in pairs(t.differs or {}) do
      local key = type(k) == "string" and k or tostring(v):match("^(%w+)")
      if key and not seen[key] then keys[#keys + 1], seen[key] = key, true end
    end
    table.sort(keys)
    local a = agree[section]
    local p, e = a and a.positions, a and a["game ends"]
    local function part(x) return x and string.format("%d/%d", x[1] - x[2], x[1]) or "not run" end
    local agreement = a and part(p) .. ", " .. part(e) or "not run"
    if as_options[section] then agreement = agreement .. " (as `" .. as_options[section] .. "`)" end
    if p and p[2] == 0 and (not e or e[2] == 0) then counts.agree = counts.agree + 1 end
    local speed = kept_speed[section] or "—"
    if native and not kept_speed[section] then
      local okp, d, ours, fsfs, same = pcall(common.perft_speed, spec, section, native, file)
      if okp and ours and fsfs then
        speed = string.format("%d: %.1f / %.1f = %.2fx%s", d, ours / 1e6, fsfs / 1e6, ours / fsfs,
          same and "" or " (node counts differ)")
      end
    end
    say(string.format("| %s | imported | %s | %s | %s |", section, cell(table.concat(keys, ", ")), agreement, speed))
  end
  io.stderr:write(out[#out], "\n") -- progress, row by row
end
say("")
say(string.format("%d sections: %d imported, %d refused; %d of the imported agree in every position and game tried.",
  #sections, counts.imported, counts.refused, counts.agree))
-- the speed ratios under 2x (issue 26's floor), named
local slow = {}
for _, row in ipairs(out) do
  local name, ratio = row:match("^| (%S+) | imported |.*= >?([%d.]+)x[^|]*|$")
  if ratio and tonumber(ratio) < 2 then slow[#slow + 1] = name .. " " .. ratio .. "x" end
end
if #slow > 0 then
  say("")
  say(string.format("%d sections run perft at under twice the speed of the native Fairy-Stockfish: %s.",
    #slow, table.concat(slow, ", ")))
end
print(table.concat(out, "\n"))
