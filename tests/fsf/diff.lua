-- Differential perft test against Fairy-Stockfish: Debian's 11.1 (the
-- default, --engine 11.1) or a current one (--engine current: a native
-- build named by FAIRY_STOCKFISH_CURRENT, else npm's wasm build through
-- tests/fsf/wasm-uci.js; see tests/fsf/common.lua).
--
-- Every variant script whose name (or fairy_stockfish field) the engine
-- knows, a custom cannon variant given to both, and every section of the
-- engine's variant files (tests/fsf/ini/*.ini, and for the current engine
-- tests/fsf/current/*.ini too; Fairy-Stockfish reads the file, varia
-- imports it, lua/ini.lua; a third as many positions each): perft from the
-- start position, and perft at depth 3 from positions reached by seeded
-- random playouts, by varia and by the engine; and random games played to
-- their end, the engine asked whether each is over and who won. The seed
-- makes the positions, and so the test, the same on every run. Usage:
--   ./varia run tests/fsf/diff.lua [--engine 11.1|current] [--quick]
--       [--seed N] [--only NAME]... [--positions N] [--games N]
--       [--start-depth N] [--depth N] [--max-nodes N]
-- (--quick: 12 positions and 6 games a variant, else 60 and 30; the start
-- position at depth 4, the others at 3, each lowered until its number of
-- moves to the power of the depth is at most --max-nodes, 2e7.) Ends with 'N passed, N failed';
-- exits 1 on any disagreement. --only ini runs the sections of the ini
-- files alone; DIFF_LINES=1 prints the moves of each game whose end is
-- disputed. The engine runs once, on every case's commands in one go.

local common = require "tests.fsf.common"
local quick, seed, only, which = false, 20261129, nil, "11.1"
-- the sizes of the run: positions per variant (a third for ini sections),
-- games per variant, perft depth from the start and from the others
local positions, games_per, START_DEPTH, depth = nil, nil, 4, 3
-- a position's perft depth is lowered until the moves there to the power of
-- the depth are at most this many (Duck Chess has some 600 moves a turn)
local max_nodes -- a position's perft depth is lowered while its move count to that power passes this
for i = 1, #arg do
  if arg[i] == "--quick" then quick = true end
  if arg[i] == "--seed" then seed = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--only" then only = only or {}; only[arg[i + 1]] = true end
  if arg[i] == "--engine" then which = arg[i + 1] end
  if arg[i] == "--positions" then positions = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--games" then games_per = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--start-depth" then START_DEPTH = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--depth" then depth = math.tointeger(tonumber(arg[i + 1])) end
  if arg[i] == "--max-nodes" then max_nodes = tonumber(arg[i + 1]) end
end
positions = positions or (quick and 12 or 60)
-- (quick, as in make test: the current engine runs in wasm, several times
-- slower than native, over some 280 variants and sections)
max_nodes = max_nodes or (quick and 3e5 or 2e7)
games_per = games_per or (quick and 6 or 30)
-- a smoke-sized section's perft (see smoke below): a depth whose leaves are
-- at most about this many
local SMOKE_NODES = 2e4
local engine = common.engine(which)
local label = engine.label

local std = require "std"

local known = common.known(engine)
if not known then
  io.stderr:write("diff.lua: ", engine.missing, "\n")
  os.exit(1)
end
local knows = {}
for _, name in ipairs(known) do knows[name] = true end

-- varia spec, Fairy-Stockfish name, extra FSF setup
local cases = {}
for _, twin in ipairs(common.twins()) do
  if knows[twin.fsf] and (not only or only[twin.varia]) then
    local as = engine.compare_as[twin.varia]
    cases[#cases + 1] = { as and twin.varia .. ":" .. as or twin.varia, twin.fsf }
  end
end
if not only or only.cannonchess then
  cases[#cases + 1] = { "tests/fsf/cannonchess.lua", "cannonchess", "tests/fsf/cannonchess.ini" }
end
-- Every section of the engine's ini files (common.ini_files), given to
-- Fairy-Stockfish (VariantPath) and loaded by varia through its import
-- (FILE.ini:SECTION), with fewer positions each (ini = true).
-- A section the import refuses (by name, with the reason: what
-- Fairy-Stockfish's own variants.ini holds beyond varia) is listed, not
-- compared; one whose script says how it differs (`differs`, which
-- `varia check` reports) is compared, its disagreements KNOWN lines.
local refused, refusal_bad = {}, {}
local ini_known = {}
for _, file in ipairs(common.ini_files(engine)) do
  -- Fairy-Stockfish's own variants.ini (143 sections): in wasm its
  -- sections at quick sizes take longer than make test has, so a quick
  -- run compares each at smoke sizes (smoke = true: the start and one
  -- position, at most SMOKE_NODES leaves a perft, two games), the full
  -- run (make test-fsf) as any; tests/fsf/ini_survey.lua sums up its import.
  local smoke = quick and file:find("/variants%.ini$") ~= nil
  local sections = require("ini").sections(io.open(file):read("a"), file)
  for _, section in ipairs(sections) do
    if not only or only[section] or only.ini then
      local spec = file .. ":" .. section
      local ok, t = pcall(varia.load, spec)
      if not ok then
        local named = tostring(t):find("[" .. section .. "]", 1, true)
        local list = named and refused or refusal_bad
        list[#list + 1] = string.format("%s: %s", spec, tostring(t):gsub("\n.*", ""))
      else
        if t.differs and next(t.differs) then
          local first = t.differs[1] or select(2, next(t.differs))
          ini_known[spec] = "the import says it differs: " .. tostring(first)
        end
        local as = common.ini_compare_as(spec, engine)
        cases[#cases + 1] = { as and spec .. ":" .. as or spec, section, file, ini = true, smoke = smoke }
      end
    end
  end
end

-- Positions: the start, then random playouts of 0 to 80 plies, or to 300
-- plies for half of them, to reach promotions and bare kings.
local function sample(spec, n)
  local out = {}
  local g0 = varia.new(spec)
  out[1] = { fen = g0:fen(), depth = nil }
  if common.script_of(spec) == "chess960" then
    for k = 1, quick and 3 or 10 do
      out[#out + 1] = { fen = std.chess960_fen(math.random(0, 959)), depth = nil }
    end
  end
  -- (a game over from the start, or always within a few plies, gives
  -- fewer positions: the attempts are bounded)
  local attempts = 0
  while #out < n and attempts < 20 * n do
    attempts = attempts + 1
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
      -- (the start's board and pocket: a game may start with every piece in hand)
      for l in out[1].fen:match("^%S+"):gmatch("%a") do
        if pieces[l:lower()] and not pieces[l:lower()].royal then kinds[#kinds + 1] = l end
      end
      for _ = 1, #kinds > 0 and math.random(1, 4) or 0 do pocket = pocket .. kinds[math.random(1, #kinds)] end
      local fen = out[#out].fen:gsub("^%S-%[%S-%]", function() return board .. "[" .. pocket .. "]" end, 1)
      local ok, h = pcall(varia.new, spec, { fen = fen })
      if ok and not h:result() then out[#out + 1] = { fen = fen, depth = depth } end
    end
  end
  return out
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
-- a FEN does not remember. The ends of a count (Makruk's counting rules:
-- "counting"), and the repetitions a chase or perpetual check decides,
-- are claims too, ended by the engine in its search and not
-- at its root: for them only the last move's score is compared (the
-- engine's "cp 0", the draw its search sees past the move). And where a
-- variant counts, the current engine (11.1 counted otherwise) is also
-- asked for the FEN of each game's
-- final position ("d" after the whole game), whose count (its limit where
-- the en passant square would be, its plies in the halfmove clock's place)
-- must be varia's: so a count that runs on too long, or stops too soon,
-- is seen in every game, ended by it or not.
local decided = { checkmate = true, stalemate = true, extinction = true, goal = true, ["king captured"] = true,
  ["check limit"] = true }
decided["board full"] = true -- (Ataxx, Reversi: the count of pieces decides)
decided.connection = true -- (Connect Four, Gale: pieces in a row, regions joined)
decided.castling = true -- (Castle chess: castling wins, losing the right loses)
-- claims that the engine's search sees one move deep (its score of the
-- last move), though its root goes on: compared with the current engine
-- only (11.1 counted otherwise, and knew no chasing)
local claimed = which == "current" and { counting = true, chase = true, ["perpetual check"] = true } or {}
local function play_out(spec)
  local g = varia.new(spec)
  local start = g:fen()
  for _ = 1, 400 do
    if g:result() then break end
    local moves = g:legal()
    g:play(moves[math.random(1, #moves)])
  end
  local winner, reason = g:result()
  if winner and not decided[reason] and not claimed[reason] then return nil end

  local r = { fen = g:fen(), reason = reason or "none after 400 plies", want = "goes on",
    claim = claimed[reason] }
  if which == "current" and varia.load(common.script_of(spec)).rules.counting then
    -- the whole game, for the engine's FEN of its end (a count's fields)
    -- (a counting variant's turns are single steps)
    local texts = g:history()
    r.whole = #texts > 0 and start .. " moves " .. table.concat(texts, " ") or start
  end
  if winner then
    -- The history holds steps; Fairy-Stockfish's moves are whole turns, a
    -- turn of several steps (a move and then its duck, arrow or wall)
    -- written as the steps joined by commas ("e2e4,e4f6"). A step that
    -- leaves the turn unfinished leaves a FEN marked varia:phase=.
    -- A step whose next step has one choice plays that one too (Joust's
    -- wall on the square left): the history holds both, replayed as one.
    local turns, steps, replay = {}, {}, varia.new(spec, { fen = start })
    local history, i = g:history(), 1
    while i <= #history do
      local had = #replay:history()
      replay:play(history[i])
      for j = i, i + #replay:history() - had - 1 do steps[#steps + 1] = history[j] end
      i = i + #replay:history() - had
      if not replay:fen():find(" varia:phase=", 1, true) then
        turns[#turns + 1] = { text = table.concat(steps, ","), steps = #steps }
        steps = {}
      end
    end
    local last = table.remove(turns)
    -- a game over at the start (Crusade's full board): the engine is
    -- asked only whether it is over there
    if not last then r.want = "over" return r end
    r.move = last.text
    for _ = 1, last.steps do g:undo() end
    r.before = g:fen()
    local texts = {}
    for i, t in ipairs(turns) do texts[i] = t.text end
    r.line = #texts > 0 and start .. " moves " .. table.concat(texts, " ") or start
    local mover = r.before:match("^%S+ (%a)") == "w" and "white" or "black"
    r.want = winner == "draw" and "draw" or winner == mover and "win" or "loss"
  end
  return r
end

-- The engine is run once for the whole suite, on one file of commands:
-- for each case, its variant, the game ends (below) and the perfts, then
-- "ucinewgame" (which waits for a search still running) and "isready",
-- whose "readyok" closes the case's part of the output.
--
-- The commands of one case, given its games and its positions, for the
-- answers read back by read_answers.
local function case_commands(name, ini, games, list)
  local out = {}
  local function add(...) out[#out + 1] = table.concat({ ... }) end
  if ini then add("setoption name VariantPath value ", ini) end
  add("setoption name UCI_Variant value ", name)
  -- "ucinewgame" after a search waits for it to finish: the next command
  -- (and the final "quit", which would stop it) is read only then
  for _, r in ipairs(games) do add("position fen ", r.fen, "\ngo depth 1\nucinewgame") end
  for _, r in ipairs(games) do
    if r.move then add("position fen ", r.line, "\ngo depth 2 searchmoves ", r.move, "\nucinewgame") end
  end
  for _, r in ipairs(games) do
    if r.whole then add("position fen ", r.whole, "\nd") end
  end
  for _, p in ipairs(list) do add("position fen ", p.fen, "\ngo perft ", p.depth) end
  add("ucinewgame\nisready")
  return table.concat(out, "\n")
end

-- Runs the engine on every case's commands and returns, per case, the
-- lines of its answer.
local function run_engine(chunks)
  local cmd, out = os.tmpname(), os.tmpname()
  local f = assert(io.open(cmd, "w"))
  f:write(table.concat(chunks, "\n"), "\nquit\n")
  f:close()
  os.execute(string.format("%s < %s > %s 2>&1", engine.command, cmd, out))
  -- DIFF_KEEP=PREFIX keeps what the engine was given and said, as PREFIX.in and PREFIX.out
  local keep = os.getenv("DIFF_KEEP")
  if keep then os.execute(string.format("cp %s '%s.in'; cp %s '%s.out'", cmd, keep, out, keep)) end
  local parts, lines = {}, {}
  for line in io.lines(out) do
    if line == "readyok" then parts[#parts + 1], lines = lines, {} else lines[#lines + 1] = line end
  end
  os.remove(cmd)
  os.remove(out)
  return parts
end

-- A case's answers: per search, its bestmove and the score of the last
-- info line before it (mate N > 0: "win", mate <= 0: "loss", cp 0:
-- "draw", else "goes on"); per perft, the nodes counted.
local function read_answers(lines)
  local searches, counts, fens, score = {}, {}, {}, nil
  for _, line in ipairs(lines or {}) do
    local fen = line:match("^Fen: (.-)%s*$")
    if fen then fens[#fens + 1] = fen end
    local kind, n = line:match(" score (%a+) (%-?%d+)")
    if kind then
      score = kind == "mate" and (tonumber(n) > 0 and "win" or "loss")
        or (tonumber(n) == 0 and "draw" or "goes on")
    end
    local best = line:match("^bestmove (%S+)")
    if best then searches[#searches + 1], score = { best = best, score = score }, nil end
    local nodes = line:match("^Nodes searched: (%d+)")
    if nodes then counts[#counts + 1] = math.tointeger(tonumber(nodes)) end
  end
  return searches, counts, fens
end

-- The engine's word on each game's end: "goes on", or the result of the
-- last move for its mover. The first #games searches are at the final
-- positions ("bestmove (none)" when the game is over there), the next
-- score the last moves.
local function engine_results(games, searches)
  local results, k = {}, #games
  for i, r in ipairs(games) do
    local at_end = searches[i]
    local over = at_end and at_end.best == "(none)"
    local last
    if r.move then k = k + 1; last = searches[k] end
    -- a claim: the engine's root goes on; its search scores the last move
    if r.claim then over = true end
    results[i] = not over and "goes on" or r.move and last and last.score or "over"
  end
  return results
end

local passed, failed, known_bad = 0, 0, 0
local known_departure = setmetatable({}, { __index = function(_, k) return (engine.known or {})[k] or ini_known[k] end })
-- A disagreement: a failure, or for a variant the engine is known to judge
-- otherwise (common.lua's known tables) a KNOWN line that does not fail.
-- kind is "end" (a game's result), "count" (a count's fields at a game's
-- end) or "perft"; a known entry that is a table names the kinds it
-- covers, each with its reason (a string covers all three).
local function disagree(spec, line, kind)
  local why = known_departure[common.script_of(spec)]
  if type(why) == "table" then why = why[kind] end
  if why then
    known_bad = known_bad + 1
    return "KNOWN (" .. why .. ") " .. line
  end
  failed = failed + 1
  return "FAIL " .. line
end
local work, chunks = {}, {}
for _, c in ipairs(cases) do
  local spec, name, ini = c[1], c[2], c[3]
  math.randomseed(seed)
  local games = {}
  for _ = 1, c.smoke and 2 or (quick or c.ini) and math.min(6, games_per) or games_per do
    local r = play_out(spec)
    if r then games[#games + 1] = r end
  end
  math.randomseed(seed)
  local list = sample(spec, c.smoke and 2 or c.ini and math.max(1, positions // 3) or positions)
  local most = c.smoke and SMOKE_NODES or max_nodes
  for _, p in ipairs(list) do
    p.depth = p.depth or START_DEPTH
    local moves = varia.new(spec, { fen = p.fen }):perft(1)
    while p.depth > 1 and moves ^ p.depth > most do p.depth = p.depth - 1 end
  end
  work[#work + 1] = { spec = spec, games = games, list = list }
  chunks[#chunks + 1] = case_commands(name, ini, games, list)
end
local answers = run_engine(chunks)

local perft_lines = {}
for i, w in ipairs(work) do
  local searches, counts, fens = read_answers(answers[i])
  local theirs = engine_results(w.games, searches)
  local bad = 0
  -- the count's fields of each game's end, where the variant counts
  local f = 0
  for _, r in ipairs(w.games) do
    if r.whole then
      f = f + 1
      local function count_fields(fen) return (fen or ""):match("^%S+ %S+ %S+ (%S+) (%S+)") end
      local ours, theirs_fen = r.fen:gsub(" varia:%S+$", ""), fens[f]
      local a1, a2 = count_fields(ours)
      local b1, b2 = count_fields(theirs_fen)
      -- (the halfmove clock is compared only as a count: with no count
      -- running, it is the n-move count, which these variants do not use)
      if a1 == b1 and (not tostring(a1):match("^%d+$") or a2 == b2) then
        passed = passed + 1
      else
        bad = bad + 1
        print(disagree(w.spec, string.format("%s: the count at the end of %s: varia %s, %s %s",
          w.spec, r.whole, ours, label, tostring(theirs_fen)), "count"))
      end
    end
  end
  for k, r in ipairs(w.games) do
    if theirs[k] == r.want then
      passed = passed + 1
    else
      bad = bad + 1
      if os.getenv("DIFF_LINES") then print("line: " .. tostring(r.line)) end
      print(disagree(w.spec, string.format("%s: at %s%s varia says %s (%s) for the mover, %s %s",
        w.spec, r.fen, r.move and (" after " .. r.move .. " from " .. r.before) or "", r.want,
        r.reason, label, tostring(theirs[k])), "end"))
    end
  end
  print(string.format("%-28s %3d game ends, %d disagree", w.spec, #w.games, bad))
  bad = 0
  for k, p in ipairs(w.list) do
    local ours = varia.new(w.spec, { fen = p.fen }):perft(p.depth)
    if ours == counts[k] then
      passed = passed + 1
    else
      bad = bad + 1
      perft_lines[#perft_lines + 1] = disagree(w.spec, string.format("%s: perft %d of %s: varia %d, %s %s",
        w.spec, p.depth, p.fen, ours, label, tostring(counts[k])), "perft")
    end
  end
  perft_lines[#perft_lines + 1] = string.format("%-28s %3d positions, %d disagree", w.spec, #w.list, bad)
end
for _, line in ipairs(perft_lines) do print(line) end
for _, line in ipairs(refused) do print("REFUSED " .. line) end
for _, line in ipairs(refusal_bad) do
  failed = failed + 1
  print("FAIL a refusal that does not name its section: " .. line)
end
if #refused > 0 then
  print(string.format("%d sections refused by name (not compared)", #refused))
end
if known_bad > 0 then
  print(string.format("%d known disagreements (not failures: tests/fsf/common.lua's known tables)", known_bad))
end
print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
