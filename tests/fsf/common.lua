-- What the differential suite (diff.lua) and the table of variants
-- (table.lua) both need: the fairy-stockfish binary, the variants it
-- knows, and varia's script for each. Loaded with
-- require "tests.fsf.common" from the top directory.
local M = {}

-- The two Fairy-Stockfishes varia is compared with:
--  * "11.1", Debian's package: FAIRY_STOCKFISH=PATH, else /usr/games/fairy-stockfish.
--  * "current", a Fairy-Stockfish of 2026 (120 built-in variants, customPiece
--    options): FAIRY_STOCKFISH_CURRENT=PATH names a native build; else npm's
--    fairy-stockfish-nnue.wasm through the project's front end
--    tests/fsf/wasm-uci.js (node; the package in tests/fsf/wasm/node_modules,
--    which tools/install-deps.sh --test installs, or in $FSF_WASM_DIR).
-- Each is a table: which ("11.1" or "current"), command (a shell command
-- that speaks UCI on its standard input), label (for messages), compare_as
-- and ini_departures (below), ini_files (its variant files, shell
-- patterns), known (below).
local debian_binary = os.getenv("FAIRY_STOCKFISH") or "/usr/games/fairy-stockfish"
M.binary = debian_binary -- table.lua's speed column: a native binary

local function shell_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

-- Options under which a variant is compared with Fairy-Stockfish 11.1,
-- where 11.1 departs from the rules (each departure is also in the
-- variant's header and docs/variants.md): 11.1 allows mate by a pawn drop
-- (uchifuzume) and scores it as a loss for the dropper, where the rules forbid it.
local compare_as_11 = {
  shogi = "pawn_drop_mate=loses", minishogi = "pawn_drop_mate=loses",
  judkins = "pawn_drop_mate=loses", gorogoro = "pawn_drop_mate=loses",
  euroshogi = "pawn_drop_mate=loses",
  -- 11.1 judges a gating move's legality without the gated piece, which
  -- may in fact shield the king.
  seirawan = "gate_shields=no", shouse = "gate_shields=no",
  -- 11.1 plays dead positions (king against king, ...) on, where FIDE
  -- 5.2.2 and varia draw them.
  chess = "dead_position=play", chess960 = "dead_position=play",
  -- 11.1 lets either side's pawns promote to any of Chigorin Chess's five
  -- pieces, where the rules keep each to its own army
  chigorin = "promotion=any",
  -- 11.1 drops a Supply chess piece anywhere on the own half, where the
  -- current engine keeps each to the points it may stand on
  supply = "drop_where=half",
  -- 11.1 predates the Cambodian federation's first-move rules (a rook
  -- lined up takes the king's leap; the met's leap does not capture)
  cambodian = "first_moves=old", karouk = "first_moves=old",
  -- 11.1's Dobutsu: a royal lion, a try at once, a chick's promotion optional
  dobutsu = "lion=royal",
  -- 11.1 lets the other side move once more after any king reaches the
  -- eighth rank, where the rules end the game at once (Black's first, or
  -- White's that Black's king cannot follow)
  racingkings = "reply=always",
}

-- The current Fairy-Stockfish departs in the same three ways: its perft
-- still counts a mate by a pawn drop (minishogi, euroshogi: more nodes
-- than varia where a pawn is in hand), and a gating move that only the
-- gated piece makes legal (S-House: one node fewer); and it plays dead
-- positions on at the root of a search. Its newer shogis (each script's
-- header says so) count a mating pawn drop the same way.
local compare_as_current = {
  torishogi = "pawn_drop_mate=loses", checkshogi = "pawn_drop_mate=loses",
  okisakishogi = "pawn_drop_mate=loses",
}
-- 11.1's readings that the current engine, following the rules, left
-- (docs/variants/rulings.md)
local readings_of_11_alone = { chigorin = true, supply = true, cambodian = true, karouk = true, dobutsu = true,
  racingkings = true }
for name, as in pairs(compare_as_11) do
  if not readings_of_11_alone[name] then compare_as_current[name] = as end
end

-- Shipped variants whose play the current Fairy-Stockfish judges
-- otherwise than varia: the run still plays them and prints what
-- disagrees, as KNOWN lines, but does not fail on them. Each is either
-- traced and explained (docs/variants/rulings.md) or a piece of work left,
-- named there; remove its line once settled.
local known_current = {
  -- traced, and settled: both versions score a stalemate as a loss
  -- (stalemateValue), but the current engine's search, for a game of two
  -- boards, also tries "virtual" drops of pieces the partner may yet
  -- send (movegen.cpp, allow_virtual_drop), so at a stalemate with
  -- nothing in hand it answers with a move a single board cannot play.
  -- varia, one board, scores the stalemate: the rule of both versions.
  bughouse = { ["end"] = "a stalemate with nothing in hand: the engine's search plays a virtual drop (two boards); the rule of both versions is a loss, as varia scores it" },
  -- traced, and settled (docs/variants/rulings.md, Petrified): a king
  -- may not capture (it would petrify), so the engine's move legality
  -- lets the kings stand side by side; with no move left beside the
  -- enemy king, its game end (stalemate_value) counts that king as an
  -- attacker and scores a mate. varia scores the stalemate its legality
  -- implies: no piece that could take the king attacks it.
  petrified = { ["end"] = "no move left beside the enemy king, which may not capture: the engine's game end counts it as an attacker (mate), its legality does not (varia: stalemate)" },
  -- traced, and settled (docs/variants/rulings.md, Sho shogi): in check,
  -- the engine generates evasions only, so a drunk elephant's promotion
  -- into a crown prince elsewhere (after which the king is no longer the
  -- only royal piece, and may be left attacked: its own legality says
  -- so) is not counted; varia counts it. A random game whose line holds
  -- such a promotion is read by the engine only up to it (its "position
  -- ... moves" stops at a move it does not generate), so the game's end
  -- is asked of another position (2026-12-07: h6i7+ in check, 2 moves for
  -- the engine there, 5 for varia)
  shoshogi = { perft = "in check, the engine generates evasions only: the drunk elephant's promotion into a second royal piece elsewhere, legal by its own test, is not counted",
               ["end"] = "the game's line holds a drunk elephant's promotion in check, which the engine does not generate: it reads the line only up to it" },
}

-- Where 11.1 departs from the rules in a way no option of the variant
-- keeps (no one plays the game so): its disagreements are KNOWN lines.
local known_11 = {
  -- the rules: a king in hand must be dropped at once; 11.1 lets any
  -- piece in hand be dropped instead (the current engine follows the rules)
  koedem = "a king in hand: 11.1 lets another piece be dropped first",
  -- a pawn in hand (only a set-up FEN puts one there): 11.1 never drops
  -- it, the current engine drops it on the side's ranks but the first
  sittuyin = "a pawn in hand (set-up FENs only): 11.1 never drops it",
  -- compared as lion=royal, but the run's random pockets (of the
  -- default's pieces: the lion is not royal there) put lions in hand and
  -- a second lion on the board, which no game of 11.1's reading reaches
  dobutsu = "lions in hand or two of them (random pockets), beyond 11.1's reading of a royal lion",
}

-- The options lua/ini.lua gives an imported section where 11.1 departs
-- from the rule, and the value the comparison sets them to.
local ini_departures_11 = { pawn_drop_mate = "loses", gate_shields = "no", reply = "always" }
-- (the current engine ends a race of royal goal pieces early, as varia)
local ini_departures_current = { pawn_drop_mate = "loses", gate_shields = "no" }

function M.engine(which)
  which = which or "11.1"
  if which == "11.1" then
    return { which = which, command = shell_quote(debian_binary), path = debian_binary,
      label = "fairy-stockfish 11.1", compare_as = compare_as_11, ini_departures = ini_departures_11,
      -- custom.ini's customPiece options 11.1 does not know
      -- (tests/lua/test_ini.lua counts those by hand)
      ini_files = { "tests/fsf/ini/*.ini" }, ini_skip = { ["custom.ini"] = true }, known = known_11,
      missing = debian_binary .. " not found (apt-get install fairy-stockfish)" }
  elseif which == "current" then
    local native = os.getenv("FAIRY_STOCKFISH_CURRENT")
    local e = { which = which, compare_as = compare_as_current, ini_departures = ini_departures_current,
      -- tests/fsf/ini/*.ini but custom.ini were written to 11.1's reading
      -- of the options, where the current engine reads some otherwise (an
      -- importer's concern, lua/ini.lua): its own files are tests/fsf/current
      ini_files = { "tests/fsf/ini/custom.ini", "tests/fsf/current/*.ini" }, ini_skip = {},
      known = known_current }
    if native and native ~= "" then
      e.command, e.path, e.label = shell_quote(native), native, "fairy-stockfish (current, native)"
      e.missing = native .. " not found (FAIRY_STOCKFISH_CURRENT)"
    else
      local dir = os.getenv("FSF_WASM_DIR") or ""
      if dir == "" then dir = "tests/fsf/wasm" end
      e.command, e.label = "node tests/fsf/wasm-uci.js", "fairy-stockfish (current, wasm)"
      e.path = dir .. "/node_modules/fairy-stockfish-nnue.wasm/stockfish.js"
      e.missing = e.path .. " not found (tools/install-deps.sh --test installs it with npm)"
    end
    return e
  end
  error("no Fairy-Stockfish named '" .. tostring(which) .. "' (11.1 or current)")
end

-- The names in the engine's UCI_Variant option, sorted, or nil when it
-- cannot be run.
function M.known(engine)
  engine = engine or M.engine()
  if not exists(engine.path) then return nil end
  local p = assert(io.popen("echo uci | " .. engine.command .. " 2>/dev/null"))
  local names = {}
  for line in p:lines() do
    if line:find("UCI_Variant", 1, true) then
      for name in line:gmatch("var (%S+)") do names[#names + 1] = name end
    end
  end
  p:close()
  table.sort(names)
  return #names > 0 and names or nil
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

-- The Fairy-Stockfish variant files of the engine's differential test:
-- those its ini_files patterns name, but those it skips.
function M.ini_files(engine)
  engine = engine or M.engine()
  local list = {}
  for _, pattern in ipairs(engine.ini_files) do
    local p = assert(io.popen("ls " .. pattern .. " 2>/dev/null"))
    for file in p:lines() do
      if not engine.ini_skip[file:match("[^/]+$")] then list[#list + 1] = file end
    end
    p:close()
  end
  return list
end

-- The script part of a spec: "x.ini:section" of "x.ini:section:opt=v",
-- "name" of "name:opt=v".
function M.script_of(spec)
  local ini = spec:match("^(.-%.ini:[^:]+)")
  return ini or (spec:gsub(":.*", ""))
end

-- The options under which an imported section is compared: those the
-- import adds where the engine departs from the rule (see lua/ini.lua).
function M.ini_compare_as(spec, engine)
  engine = engine or M.engine()
  local t, as = varia.load(spec), {}
  for name in pairs(t.options or {}) do
    local v = engine.ini_departures[name]
    if v then as[#as + 1] = name .. "=" .. v end
  end
  table.sort(as)
  return #as > 0 and table.concat(as, ",") or nil
end

-- The lines a shell command prints.
function M.popen_lines(cmd)
  local p = assert(io.popen(cmd))
  local lines = {}
  for line in p:lines() do lines[#lines + 1] = line end
  p:close()
  return lines
end

-- The speed column of a page written before (docs/variants.md), by the
-- row's first cell: "DEPTH: ... = RATIOx" (VARIA_TABLE_KEEP_SPEED).
function M.kept_speeds(page)
  local kept = {}
  for _, line in ipairs(M.popen_lines("cat '" .. page:gsub("'", "") .. "'")) do
    local name, last = line:match("^| (%S+) |"), line:match("| ([^|]-) |$")
    if name and last and last:match("^%d+: ") then kept[name] = last end
  end
  return kept
end

-- Seconds of wall time of a shell command, and the nodes its perft counted
-- (its last "Nodes searched:" line).
function M.timed(cmd)
  local t = M.popen_lines("s=$(date +%s%N); n=$(" .. cmd ..
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
-- name is varia's variant (a name or FILE.ini:SECTION), theirs
-- Fairy-Stockfish's, fsf its command, path its VariantPath (or nil).
function M.perft_speed(name, theirs, fsf, path)
  local function ours_cmd(d) return string.format("./varia perft --variant %s %d", shell_quote(name), d) end
  local function fsf_cmd(d)
    return string.format(
      "printf '%ssetoption name UCI_Variant value %s\\nposition startpos\\ngo perft %d\\nquit\\n' | %s",
      path and "setoption name VariantPath value " .. path .. "\\n" or "", theirs, d, fsf)
  end
  local depth, first, nodes = 1, nil, nil
  repeat
    depth = depth + 1
    first, nodes = M.timed(ours_cmd(depth))
  until first >= MIN_SECONDS or depth >= MAX_DEPTH
  -- three runs of each engine and the median; one when its first run
  -- takes long enough (LONG_SECONDS) that the machine's noise averages out
  -- within it. The runs alternate between the engines.
  local function median(t) table.sort(t) return t[(#t + 1) // 2] end
  local ours, fsfs, agree = { first }, {}, true
  for i = 1, 3 do
    if i > 1 and ours[1] < LONG_SECONDS then ours[i] = M.timed(ours_cmd(depth)) end
    if i == 1 or fsfs[1] < LONG_SECONDS then
      local t, theirs_nodes = M.timed(fsf_cmd(depth))
      if theirs_nodes ~= nodes then agree = false end
      fsfs[i] = t
    end
  end
  return depth, nodes / median(ours), nodes / median(fsfs), agree
end

return M
