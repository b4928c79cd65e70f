-- What the differential suite (diff.lua) and the table of variants
-- (table.lua) both need: the fairy-stockfish binary, the variants it
-- knows, and varia's script for each. Loaded with
-- require "tests.fsf.common" from the top directory.
local M = {}

M.binary = os.getenv("FAIRY_STOCKFISH") or "/usr/games/fairy-stockfish"

-- The names in Fairy-Stockfish's UCI_Variant option, sorted, or nil when
-- the binary cannot be run.
function M.known()
  local f = io.open(M.binary, "r")
  if not f then return nil end
  f:close()
  local p = assert(io.popen("echo uci | " .. M.binary .. " 2>/dev/null"))
  local names = {}
  for line in p:lines() do
    if line:find("UCI_Variant", 1, true) then
      for name in line:gmatch("var (%S+)") do names[#names + 1] = name end
    end
  end
  p:close()
  table.sort(names)
  return names
end

-- varia's variants with the name Fairy-Stockfish gives each: a script
-- names its twin in fairy_stockfish when the names differ (chess960 is
-- fischerandom), or a list of names where Fairy-Stockfish has aliases.
-- A list of { varia = name, fsf = name }, one per Fairy-Stockfish name.
function M.twins()
  local list = {}
  for _, name in ipairs(varia.variants()) do
    local fsf = varia.load(name).fairy_stockfish or name
    for _, alias in ipairs(type(fsf) == "table" and fsf or { fsf }) do
      list[#list + 1] = { varia = name, fsf = alias }
    end
  end
  return list
end

-- Options under which a variant is compared with Fairy-Stockfish 11.1,
-- where 11.1 departs from the rules (each departure is also in the
-- variant's header and docs/variants.md): 11.1 allows mate by a pawn drop
-- (uchifuzume) and scores it as a loss for the dropper, where the rules forbid it.
M.compare_as = {
  shogi = "pawn_drop_mate=loses", minishogi = "pawn_drop_mate=loses",
  judkins = "pawn_drop_mate=loses", gorogoro = "pawn_drop_mate=loses",
  euroshogi = "pawn_drop_mate=loses",
  -- 11.1 judges a gating move's legality without the gated piece, which
  -- may in fact shield the king.
  seirawan = "gate_shields=no", shouse = "gate_shields=no",
  -- 11.1 plays dead positions (king against king, ...) on, where FIDE
  -- 5.2.2 and varia draw them.
  chess = "dead_position=play", chess960 = "dead_position=play",
}

-- The Fairy-Stockfish variant files of the differential test: every
-- tests/fsf/ini/*.ini but custom.ini, whose customPiece options 11.1
-- does not know (tests/lua/test_ini.lua counts those by hand).
function M.ini_files()
  local list = {}
  local p = assert(io.popen("ls tests/fsf/ini/*.ini"))
  for file in p:lines() do
    if not file:find("/custom%.ini$") then list[#list + 1] = file end
  end
  p:close()
  return list
end

-- The script part of a spec: "x.ini:section" of "x.ini:section:opt=v",
-- "name" of "name:opt=v".
function M.script_of(spec)
  local ini = spec:match("^(.-%.ini:[^:]+)")
  return ini or (spec:gsub(":.*", ""))
end

-- The options under which an imported section is compared: those the
-- import adds where 11.1 departs from the rule (see lua/ini.lua).
local ini_departures = { pawn_drop_mate = "loses", gate_shields = "no" }
function M.ini_compare_as(spec)
  local t, as = varia.load(spec), {}
  for name in pairs(t.options or {}) do
    if ini_departures[name] then as[#as + 1] = name .. "=" .. ini_departures[name] end
  end
  table.sort(as)
  return #as > 0 and table.concat(as, ",") or nil
end

return M
