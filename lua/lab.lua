-- lab: the designer's lab, `varia analyze` and `varia diff` (docs/lab.md).
--
-- A trusted tool built into varia (src/front/cli.c runs it as lab.main). The
-- games are played by the computer player (g:bestmove), one record per
-- game; every figure of the report is computed from the records alone, so
-- that records played anywhere (shards on other machines, the worker
-- processes of --concurrency) give, merged, the report of one run. Each
-- game depends only on the seed and its own index: its opening is drawn
-- from them, its chance steps are seeded from them, and the search forgets
-- what earlier games stored before the game's first step (fresh = true).
local stats = require "labstats"
local svg = require "labsvg"

local M = {}

local fmt = string.format

-- ---- small helpers ------------------------------------------------------

local function die(msg) error({ lab = msg }, 0) end

local function shell_quote(s)
  if s:match("^[%w%./:=,_%-@]+$") then return s end
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- A seeded generator of our own (math.random is reseeded by every
-- varia.new with a seed): varia's splitmix64, from a state made of the
-- seeds given.
local function rng_of(...)
  local state = 0x2545F4914F6CDD1D
  for _, v in ipairs({ ... }) do state = (state ~ v) * 0x100000001B3 + 0x9E3779B97F4A7C15 end
  return function(n)
    local z
    z, state = varia.splitmix(state)
    return (z >> 11) % n + 1
  end
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == "number" and type(b) == "number" then return a < b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

-- ---- JSON: varia.json (src/lua/json.c, the writer the server uses too):
-- sorted keys, so the same data gives the same bytes -------------------------

local function json_text(v) return varia.json.encode(v) .. "\n" end

local function json_decode(text, where)
  local v, err = varia.json.decode(text)
  if err then die(fmt("%s: not the lab's JSON (%s)", where, err)) end
  return v
end

-- ---- the variant: declared values, which pieces count -------------------

-- The script's table, for the declared values (nil when it cannot be
-- loaded apart from the game, as a Fairy-Stockfish ini section).
local function variant_table(spec)
  local name = spec:match("^(.-%.ini:[^:]*)") or spec:match("^([^:]*)")
  local ok, t = pcall(varia.load, name)
  return ok and type(t) == "table" and t or nil
end

local function piece_info(spec)
  local t = variant_table(spec)
  local info = { declared = {}, skip = {}, pawn = nil }
  if t and type(t.pieces) == "table" then
    for _, letter in ipairs(sorted_keys(t.pieces)) do
      local p = t.pieces[letter]
      if type(p) == "table" then
        local l = tostring(letter):lower()
        if p.royal or p.neutral then info.skip[l] = true
        else
          info.declared[l] = p.value or 0
          if p.pawn or (not info.pawn and l == "p") then info.pawn = l end
        end
      end
    end
  end
  return info
end

-- ---- positions, read from the FEN ----------------------------------------

-- The board field of a FEN as a list of cells (a piece's text, or false
-- for an empty square), and the pocket's letters (after '[').
local function read_board(fen)
  local board = fen:match("^(%S+)")
  local pocket = board:match("%[(.-)%]") or ""
  board = board:gsub("%[.*", "")
  local cells, i = {}, 1
  while i <= #board do
    local c = board:sub(i, i)
    if c:match("%d") then
      local digits = board:match("^%d+", i)
      for _ = 1, tonumber(digits) do cells[#cells + 1] = false end
      i = i + #digits
    elseif c == "/" or c == "~" then
      i = i + 1
    elseif c == "+" then
      cells[#cells + 1] = board:sub(i, i + 1)
      i = i + 2
    else
      cells[#cells + 1] = c
      i = i + 1
    end
  end
  return cells, pocket
end

-- The material of White less Black's, by piece type, as a sorted text
-- ("n-1 p2"; "" when equal): pieces on the board and in the pockets,
-- royal and neutral pieces left out.
local function material(cells, pocket, skip)
  local diff = {}
  local function count(piece)
    local letter = piece:sub(-1)
    if not letter:match("%a") then return end
    local key = (piece:sub(1, 1) == "+" and "+" or "") .. letter:lower()
    if skip[key] then return end
    diff[key] = (diff[key] or 0) + (letter:match("%u") and 1 or -1)
  end
  for _, c in ipairs(cells) do if c then count(c) end end
  for c in pocket:gmatch("%a") do count(c) end
  local parts = {}
  for _, k in ipairs(sorted_keys(diff)) do
    if diff[k] ~= 0 then parts[#parts + 1] = k .. diff[k] end
  end
  return table.concat(parts, " ")
end

local function position_key(fen)
  -- the position without its move counters
  return (fen:gsub(" %d+ %d+(.*)$", "%1"))
end

local function side_of(fen) return fen:match("^%S+ (%a)") end

-- ---- openings --------------------------------------------------------------

local function read_openings(file)
  local f, err = io.open(file, "r")
  if not f then die(fmt("cannot read openings file '%s' (%s)", file, err)) end
  local list, n = {}, 0
  for line in f:lines() do
    n = n + 1
    line = line:gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" and not line:match("^#") then
      list[#list + 1] = { line = n, text = line }
    end
  end
  f:close()
  if #list == 0 then die(fmt("%s: no openings (each line a FEN, or moves from the start)", file)) end
  return list
end

-- Sets up the opening of opening number o on a new game: returns the game
-- and the steps of the opening played.
local function new_game(cfg, o)
  local seed = cfg.seed * 1000003 + o
  local op = cfg.openings
  if op.kind == "file" then
    local entry = op.list[(o - 1) % #op.list + 1]
    local where = fmt("%s:%d", op.file, entry.line)
    if entry.text:find("/") then
      local g, err = varia.new(cfg.variant, { seed = seed, fen = entry.text })
      if not g then die(fmt("%s: %s", where, err)) end
      return g, {}, entry.text
    end
    local g = varia.new(cfg.variant, { seed = seed })
    for mv in entry.text:gmatch("%S+") do
      local ok, err = g:play(mv)
      if not ok then die(fmt("%s: '%s' is not legal here (%s)", where, mv, tostring(err))) end
    end
    return g, g:history() -- in UCI, one entry a step (SAN and whole turns in the file)
  end
  for attempt = 0, 99 do
    local g = varia.new(cfg.variant, { seed = seed })
    local rnd = rng_of(cfg.seed, o, attempt)
    local steps, ok = {}, true
    for _ = 1, op.plies do
      local d = g:decision()
      if not d or g:result() then ok = false break end
      -- one step at a time, as the players step (a whole turn of several
      -- steps would weigh each of its first steps by the steps after it)
      local mv
      if d.kind == "chance" then mv = g:bestmove(1)
      else
        local options = d.options
        if #options == 0 then ok = false break end
        mv = options[rnd(#options)]
      end
      if not g:play(mv) then ok = false break end
      steps[#steps + 1] = mv
    end
    if ok and not g:result() and g:decision() then return g, steps end
  end
  die(fmt("no opening of %d random steps that leaves the game going was found", op.plies))
end

-- ---- one game --------------------------------------------------------------

-- Which seat plays White in game i, and which opening it starts from: with
-- two different seats each opening is played twice, once with each colour
-- (games 2k-1 and 2k); with one player in both seats a second game would
-- repeat the first, so each game has an opening of its own.
local function schedule(cfg, i)
  if cfg.paired then return (i + 1) // 2, (i % 2 == 1) and "A" or "B" end
  return i, "A"
end

-- The engines of this process's seats (an external engine a seat, asked
-- through varia match's driver: src/front/match.c), made on first use, by
-- analysis (varia diff plays two, of two variants).
local engines = setmetatable({}, { __mode = "k" })

local function engine_of(cfg, name)
  local seat = cfg.seats[name]
  if not seat.engine then return nil end
  engines[cfg] = engines[cfg] or {}
  local e = engines[cfg][name]
  if not e then
    local ok, made = pcall(M.engine, seat.engine, cfg.variant, { depth = seat.depth, movetime = seat.movetime,
      options = cfg.engine_options, engine_variant = cfg.engine_variant })
    if not ok then die(tostring(made)) end
    e = made
    engines[cfg][name] = e
  end
  return e
end

-- The step a seat chooses, and its score for the player who decides (nil
-- when it has none). The one place a seat is played: varia's own search,
-- or an external engine (which forgets earlier games: it is started afresh
-- for each, as fresh = true makes the search forget).
-- fresh: the game's first search, which forgets what earlier games stored.
local function choose_step(seat, g, fresh, refused, engine, where)
  if engine then
    if #refused > 0 then die(fmt("%s: %s played '%s', which varia refuses", where, seat.engine, refused[1])) end
    local mv, score = engine:move(g, g:history())
    if not mv then die(fmt("%s: %s", where, score)) end
    return mv, score
  end
  local lim = { depth = seat.depth, seconds = seat.movetime and seat.movetime / 1000 or nil, nodes = seat.nodes,
                fresh = fresh }
  if #refused > 0 then lim.exclude = refused end
  return g:bestmove(lim)
end

local function play_game(cfg, i, info)
  local o, white = schedule(cfg, i)
  local g, opening, fen = new_game(cfg, o)
  -- the opening's own positions are counted too: replayed on a game of
  -- their own
  local replay = varia.new(cfg.variant, { seed = cfg.seed * 1000003 + o, fen = fen })
  local rec = { i = i, opening = o, white = white, steps = {}, legal = {}, mat = {}, ev = {},
                first = side_of(replay:fen()), features = cfg.features and {} or nil }
  local occupied, squares, seen, npos, uniq, turns, last_side = {}, 0, {}, 0, 0, 0, nil
  local believes = pcall(g.beliefs, g, "white")
  if believes then rec.bw, rec.bb = {}, {} end
  local function observe(game)
    local fen = game:fen()
    local cells, pocket = read_board(fen)
    squares = #cells
    for k, c in ipairs(cells) do if c then occupied[k] = true end end
    local key = position_key(fen)
    npos = npos + 1
    if not seen[key] then seen[key] = true uniq = uniq + 1 end
    local side = side_of(fen)
    if side ~= last_side then turns = turns + 1 last_side = side end
    -- the choices of this step (a turn of several steps has several)
    local d = game:decision()
    rec.legal[#rec.legal + 1] = d and #d.options or 0
    rec.mat[#rec.mat + 1] = material(cells, pocket, info.skip)
    -- the evaluation's features of each position, for varia tune's fit
    if cfg.features then rec.features[#rec.features + 1] = game:features().values end
    if believes then
      -- in thousandths of log10: the counts run from 1 to estimates of
      -- 10^20 and more, and an integer keeps the record exact in JSON
      local w, b = game:beliefs("white"), game:beliefs("black")
      rec.bw[#rec.bw + 1] = math.floor(math.log(math.max(w, 1), 10) * 1000 + 0.5)
      rec.bb[#rec.bb + 1] = math.floor(math.log(math.max(b, 1), 10) * 1000 + 0.5)
    end
  end
  for _, mv in ipairs(opening) do
    observe(replay)
    replay:play(mv)
    rec.steps[#rec.steps + 1] = mv
  end
  rec.ev0 = #rec.steps + 1
  local fresh, refused, unscored_start = true, {}, 0
  local seat_engine = {}
  for _, name in ipairs({ "A", "B" }) do
    local e = engine_of(cfg, name)
    if e then
      local ok, err = e:newgame(g)
      if not ok then die(fmt("game %d: %s", i, err)) end
      seat_engine[name] = e
    end
  end
  while true do
    if g:result() then break end
    local d = g:decision()
    if not d then break end
    if #rec.steps >= cfg.max_plies then rec.cut = true break end
    if #refused == 0 then observe(g) end
    local name = ((d.player == "white") == (white == "A")) and "A" or "B"
    local mv, score = choose_step(cfg.seats[name], g, fresh, refused, seat_engine[name],
      fmt("game %d, step %d", i, #rec.steps + 1))
    fresh = false
    if not mv then break end
    local ok = g:play(mv)
    if ok then
      refused = {}
      rec.steps[#rec.steps + 1] = mv
      if not score and seat_engine[name] then
        -- an engine's step without a score keeps the last one, counted
        -- (an engine that gives none leaves the game without figures)
        rec.unscored = (rec.unscored or 0) + 1
        if #rec.ev == 0 then
          -- none yet: a busy machine can stop a timed search before its
          -- first iteration reports; the start counts as even (0) once a
          -- later step brings a score
          unscored_start = unscored_start + 1
        else
          score = d.player == "white" and rec.ev[#rec.ev] or -rec.ev[#rec.ev]
        end
      end
      if score then
        for _ = 1, unscored_start do rec.ev[#rec.ev + 1] = 0 end
        unscored_start = 0
        if score > 100000 then score = 100000 elseif score < -100000 then score = -100000 end
        rec.ev[#rec.ev + 1] = d.player == "white" and score or -score
      end
    else
      refused[#refused + 1] = mv
      if #refused >= 64 then break end
    end
  end
  -- the engines end with the game: the next starts them afresh
  for _, e in pairs(seat_engine) do e:close() end
  local winner, reason = g:result()
  if rec.cut or not winner then
    rec.result, rec.reason = "1/2-1/2", rec.cut and "move limit" or "no move"
    rec.cut = rec.cut or nil
  else
    rec.result = winner == "white" and "1-0" or winner == "black" and "0-1" or "1/2-1/2"
    rec.reason = reason or "rule"
  end
  local occ = 0
  for _ in pairs(occupied) do occ = occ + 1 end
  rec.plies, rec.turns, rec.occupied, rec.squares = #rec.steps, turns, occ, squares
  rec.positions, rec.unique = npos, uniq
  return rec
end

-- ---- the report ------------------------------------------------------------

local function figure(v, lo, hi, n) return { value = v, lo = lo, hi = hi, n = n } end

local function rate(k, n)
  local p, lo, hi = stats.wilson(k, n)
  return p and figure(p, lo, hi, n) or figure(nil, nil, nil, 0)
end

-- A mean with its t-interval, kept inside the values the figure can take
-- (floor, ceiling: a length is never negative, a share is 0 to 1): a
-- t-interval over few, skewed values can reach past them.
local SHARE, NONNEGATIVE = { 0, 1 }, { 0 }
local function mean(xs, range)
  local m, lo, hi = stats.mean_ci(xs)
  if m and range then
    if range[1] then lo = math.max(lo, range[1]) end
    if range[2] then hi = math.min(hi, range[2]) end
  end
  return figure(m, lo, hi, #xs)
end

local function white_points(rec)
  return rec.result == "1-0" and 1 or rec.result == "0-1" and 0 or 0.5
end

local function winprob(cp) return 1 / (1 + 10 ^ (-cp / 400)) end

-- The evaluation figures of one decided game, from the winner's side:
-- lead changes per step, drama (how far below even the winner fell, 0 to
-- 1) and decisiveness (the share of the game before the winner first
-- passed the best the loser ever had).
local function eval_figures(rec)
  local ev = rec.ev
  if #ev < 2 then return nil end
  local changes, leader = 0, 0
  for _, e in ipairs(ev) do
    local now = e > 0 and 1 or e < 0 and -1 or 0
    if now ~= 0 then
      if leader ~= 0 and now ~= leader then changes = changes + 1 end
      leader = now
    end
  end
  local out = { lead = changes / (#ev - 1) }
  if rec.result ~= "1/2-1/2" then
    local sign = rec.result == "1-0" and 1 or -1
    local lowest, loser_best = 1, 0
    for _, e in ipairs(ev) do
      local p = winprob(sign * e)
      lowest = math.min(lowest, p)
      loser_best = math.max(loser_best, 1 - p)
    end
    out.drama = math.max(0, 0.5 - lowest) * 2
    local passed = #ev
    for k, e in ipairs(ev) do
      if winprob(sign * e) > loser_best then passed = k - 1 break end
    end
    out.decisive = passed / #ev
  end
  return out
end

local function parse_mat(text, into)
  for key, n in text:gmatch("(%S-)(%-?%d+)") do into[key] = tonumber(n) end
  return into
end

-- Piece values fitted from the games: a logistic regression of White's
-- result on the material differences of every position the computer
-- played from, scaled so that the reference piece (the pawn, else the
-- cheapest declared piece) keeps its declared value.
-- The fewest games a figure needs before the lab offers it as a
-- measurement rather than a hint (the report marks the others "few").
-- Rates: at 30 games a 95% Wilson interval is still about +-0.17 wide,
-- the least that tells 40% from 60%. Means of per-game values (lengths,
-- branching, shares of a game): 10, below which Student's t over skewed
-- values says little. The evaluation figures come from decided games and
-- engines' scores: 20. Piece values, one coefficient per piece type fitted
-- on results: 100 games (fewer give values of either sign, as 20 games of
-- Duck Chess once gave the queen -270).
M.MIN_SAMPLE = {
  first_player_score = 30, seat_a_score = 30, white_wins = 30, draws = 30, black_wins = 30,
  balance = 30, drawishness = 30, completion = 30, cut = 30,
  plies = 10, turns = 10, decision_positions = 10, branching = 10, coverage = 10, repetition = 10,
  lead_changes = 20, drama = 20, decisiveness = 20, beliefs_white = 10, beliefs_black = 10,
}
M.MIN_VALUES_GAMES = 100

local function fit_values(records, info)
  local types, present = {}, {}
  for _, rec in ipairs(records) do
    for k = rec.ev0, #rec.mat do
      for key in pairs(parse_mat(rec.mat[k], {})) do present[key] = (present[key] or 0) + 1 end
    end
  end
  for _, key in ipairs(sorted_keys(present)) do types[#types + 1] = key end
  if #types == 0 then return nil end
  local X, y = {}, {}
  for _, rec in ipairs(records) do
    local result = white_points(rec)
    for k = rec.ev0, #rec.mat do
      local d, row = parse_mat(rec.mat[k], {}), {}
      for j, key in ipairs(types) do row[j] = d[key] or 0 end
      X[#X + 1], y[#y + 1] = row, result
    end
  end
  local fit = stats.logistic(X, y)
  local ref = info.pawn
  if not ref or not info.declared[ref] or info.declared[ref] <= 0 then
    ref = nil
    for _, key in ipairs(types) do
      local v = info.declared[key]
      if v and v > 0 and (not ref or v < info.declared[ref]) then ref = key end
    end
  end
  local refcoef
  for j, key in ipairs(types) do if key == ref then refcoef = fit.coef[j] end end
  local values = {}
  for j, key in ipairs(types) do
    values[#values + 1] = {
      piece = key, declared = info.declared[key], positions = present[key], coef = fit.coef[j],
      fitted = (refcoef and refcoef > 1e-9) and fit.coef[j] / refcoef * info.declared[ref] or nil }
  end
  return { values = values, reference = ref, intercept = fit.intercept, positions = #X }
end

function M.report(cfg, records, info)
  local n = #records
  local F, first_pts, ww, bw, draws, cut, decided = {}, 0, 0, 0, 0, 0, 0
  local plies, turns, decision, branching, coverage, repetition = {}, {}, {}, {}, {}, {}
  local lead, drama, decisive, beliefs_w, beliefs_b = {}, {}, {}, {}, {}
  local a_pts, by_first, endings, unscored = 0, {}, {}, 0
  local by_ply = {}
  for _, rec in ipairs(records) do
    local wp = white_points(rec)
    local fp = rec.first == "b" and 1 - wp or wp
    first_pts = first_pts + fp
    a_pts = a_pts + (rec.white == "A" and wp or 1 - wp)
    if rec.result == "1-0" then ww = ww + 1 elseif rec.result == "0-1" then bw = bw + 1 else draws = draws + 1 end
    if rec.cut then cut = cut + 1 end
    unscored = unscored + (rec.unscored or 0)
    local ending = rec.result .. " " .. rec.reason
    endings[ending] = (endings[ending] or 0) + 1
    if rec.result ~= "1/2-1/2" then decided = decided + 1 end
    plies[#plies + 1], turns[#turns + 1] = rec.plies, rec.turns
    local many, sum = 0, 0
    for k, l in ipairs(rec.legal) do
      if l > 1 then many = many + 1 end
      sum = sum + l
      local slot = by_ply[k] or { sum = 0, n = 0 }
      slot.sum, slot.n = slot.sum + l, slot.n + 1
      by_ply[k] = slot
    end
    if #rec.legal > 0 then
      decision[#decision + 1] = many / #rec.legal
      branching[#branching + 1] = sum / #rec.legal
    end
    if rec.squares > 0 then coverage[#coverage + 1] = rec.occupied / rec.squares end
    if rec.positions > 0 then repetition[#repetition + 1] = 1 - rec.unique / rec.positions end
    local e = eval_figures(rec)
    if e then
      lead[#lead + 1] = e.lead
      if e.drama then drama[#drama + 1], decisive[#decisive + 1] = e.drama, e.decisive end
    end
    if rec.bw then
      local sw, sb = 0, 0
      for k = 1, #rec.bw do sw, sb = sw + rec.bw[k], sb + rec.bb[k] end
      if #rec.bw > 0 then
        beliefs_w[#beliefs_w + 1], beliefs_b[#beliefs_b + 1] = sw / #rec.bw / 1000, sb / #rec.bb / 1000
      end
    end
    local fm = rec.steps[1]
    if fm then
      local s = by_first[fm] or { games = 0, points = 0 }
      s.games, s.points = s.games + 1, s.points + fp
      by_first[fm] = s
    end
  end
  F.first_player_score = rate(first_pts, n)
  F.white_wins, F.draws, F.black_wins = rate(ww, n), rate(draws, n), rate(bw, n)
  F.balance = figure(n > 0 and 1 - math.abs(ww - bw) / n or nil, nil, nil, n)
  F.drawishness = rate(draws - cut, n - cut)
  F.completion = rate(decided, n)
  F.cut = rate(cut, n)
  F.plies, F.turns = mean(plies, NONNEGATIVE), mean(turns, NONNEGATIVE)
  F.decision_positions = mean(decision, SHARE)
  F.branching = mean(branching, NONNEGATIVE)
  F.coverage, F.repetition = mean(coverage, SHARE), mean(repetition, SHARE)
  F.lead_changes, F.drama, F.decisiveness = mean(lead, SHARE), mean(drama, SHARE), mean(decisive, SHARE)
  if #beliefs_w > 0 then F.beliefs_white, F.beliefs_black = mean(beliefs_w, NONNEGATIVE), mean(beliefs_b, NONNEGATIVE) end
  -- each figure's minimum sample (M.MIN_SAMPLE), and whether it has it
  for key, f in pairs(F) do
    f.min = M.MIN_SAMPLE[key]
    if f.min and f.n < f.min then f.few = true end
  end
  if cfg.paired then F.seat_a_score = rate(a_pts, n) end
  local out = { figures = F, games = n, unscored = unscored > 0 and unscored or nil }
  -- branching by ply, while at least five games (or all of them) are going
  local bp = {}
  for k, slot in ipairs(by_ply) do
    if slot.n < math.min(5, n) then break end
    bp[k] = slot.sum / slot.n
  end
  out.branching_by_ply = bp
  local hist = {}
  for _, p in ipairs(plies) do
    local bin = p // 10 * 10
    hist[bin] = (hist[bin] or 0) + 1
  end
  out.length_histogram = {}
  local bins = sorted_keys(hist)
  if #bins > 0 then
    for bin = bins[1], bins[#bins], 10 do
      out.length_histogram[#out.length_histogram + 1] = { from = bin, to = bin + 9, games = hist[bin] or 0 }
    end
  end
  -- the forced-opening check
  local openings, warnings = {}, {}
  local all = F.first_player_score
  for _, mv in ipairs(sorted_keys(by_first)) do
    local s = by_first[mv]
    local p, lo, hi = stats.wilson(s.points, s.games)
    local stands = s.games >= 10 and n > s.games and all.hi and lo > all.hi
    openings[#openings + 1] = { move = mv, games = s.games, score = p, lo = lo, hi = hi, stands_out = stands or nil }
    if stands then
      warnings[#warnings + 1] = fmt("first move %s scores %.3f (%.3f-%.3f) over %d games, above the %.3f-%.3f of all games: a forced opening?",
        mv, p, lo, hi, s.games, all.lo, all.hi)
    end
  end
  out.first_moves = openings
  out.endings = {}
  for _, e in ipairs(sorted_keys(endings)) do
    local result, reason = e:match("^(%S+) (.*)$")
    out.endings[#out.endings + 1] = { result = result, reason = reason, games = endings[e] }
  end
  table.sort(out.endings, function(a, b)
    if a.games ~= b.games then return a.games > b.games end
    return a.result .. a.reason < b.result .. b.reason
  end)
  if #openings == 1 and n > 1 then
    warnings[#warnings + 1] = "every game began with the same step: the forced-opening check needs openings (--openings random:K)"
  end
  if all.lo and (all.lo > 0.6 or all.hi < 0.4) then
    warnings[#warnings + 1] = fmt("the first player scores %.3f (%.3f-%.3f): outside 40-60%%", all.value, all.lo, all.hi)
  end
  if n > 0 and cut / n > 0.2 then
    warnings[#warnings + 1] = fmt("%d of %d games reached the move limit (--max-plies %d)", cut, n, cfg.max_plies)
  end
  out.warnings = warnings
  out.piece_values = fit_values(records, info)
  if out.piece_values then
    out.piece_values.min_games = M.MIN_VALUES_GAMES
    if n < M.MIN_VALUES_GAMES then out.piece_values.few = true end
  end
  out.samples = {}
  for k = 1, math.min(4, n) do
    out.samples[k] = { game = records[k].i, result = records[k].result, ev = records[k].ev, ev0 = records[k].ev0 }
  end
  -- the values of each game behind each mean, for tests of a difference
  local lists = { plies = plies, turns = turns, decision_positions = decision, branching = branching,
                  coverage = coverage, repetition = repetition, lead_changes = lead, drama = drama,
                  decisiveness = decisive, beliefs_white = beliefs_w, beliefs_black = beliefs_b }
  return out, lists
end

-- ---- the terminal table ----------------------------------------------------

local ROWS = {
  { "first_player_score", "first-player score" },
  { "seat_a_score", "seat A's score" },
  { "white_wins", "White wins" }, { "draws", "draws" }, { "black_wins", "Black wins" },
  { "balance", "balance" }, { "drawishness", "drawishness" }, { "completion", "completion" },
  { "cut", "cut by the move limit" },
  { "plies", "length (plies)" }, { "turns", "length (turns)" },
  { "decision_positions", "positions with a choice" },
  { "branching", "branching factor" }, { "coverage", "board coverage" },
  { "repetition", "repetition" },
  { "lead_changes", "lead changes (per step)" }, { "drama", "drama" },
  { "decisiveness", "decisiveness (share of game)" },
  { "beliefs_white", "belief set, White (log10)" }, { "beliefs_black", "belief set, Black (log10)" },
}
M.ROWS = ROWS

local function num(v)
  if v == nil then return "-" end
  if math.abs(v) >= 100 then return fmt("%.1f", v) end
  return fmt("%.3f", v)
end

-- A figure and its bounds with one precision: a tenth for large values
-- (lengths, branching), thousandths for rates and small means.
local function figure_text(f)
  if f.value == nil then return "-", "" end
  local p = math.abs(f.value) >= 10 and "%.1f" or "%.3f"
  if f.lo == nil then return fmt(p, f.value), "" end
  return fmt(p, f.value), fmt(p .. " - " .. p, f.lo, f.hi)
end

function M.format_report(cfg, rep)
  local lines = {}
  local function add(...) lines[#lines + 1] = fmt(...) end
  add("%s", cfg.command)
  add("%d games of %s", rep.games, cfg.variant)
  local A, B = (cfg.seats or {}).A or {}, (cfg.seats or {}).B or {}
  if A.engine or B.engine then
    local function who(seat)
      return fmt("%s, %s", seat.engine or "varia", seat.movetime and seat.movetime .. " ms a move" or "depth " .. seat.depth)
    end
    if cfg.paired then add("seat A: %s; seat B: %s", who(A), who(B))
    else add("played by %s", who(A)) end
  end
  add("")
  add("%-30s %9s  %-17s %6s", "figure", "value", "95% interval", "n")
  local few = false
  for _, row in ipairs(ROWS) do
    local f = rep.figures[row[1]]
    if f then
      local value, bounds = figure_text(f)
      add("%-30s %9s  %-17s %6d%s", row[2], value, bounds, f.n, f.few and fmt("  few (min %d)", f.min) or "")
      few = few or f.few
    end
  end
  if few then
    add("(few: the figure rests on fewer games than the lab's minimum for it; a hint, not a measurement: play more games)")
  end
  if rep.unscored then
    add("(%d steps of the engines came without a score: each kept the last score before it, or 0 before the first)", rep.unscored)
  end
  if (A.engine or B.engine) and rep.figures.lead_changes.n == 0 then
    add("(the evaluation figures are unavailable: the engines reported no scores)")
  end
  local ends = {}
  for _, e in ipairs(rep.endings) do ends[#ends + 1] = fmt("%s %s %d", e.result, e.reason, e.games) end
  add("")
  add("endings: %s", table.concat(ends, ", "))
  local pv = rep.piece_values
  if pv then
    add("")
    add("piece values (logistic regression over %d positions, %s = its declared value)", pv.positions,
      pv.reference or "no reference piece")
    if pv.few then
      add("(few: %d games, fewer than the %d that fitted values need; these are not yet values, only noise and a hint)",
        rep.games, pv.min_games)
    end
    add("%-8s %9s %9s %10s", "piece", "declared", "fitted", "positions")
    for _, v in ipairs(pv.values) do
      add("%-8s %9s %9s %10d", v.piece, v.declared and tostring(v.declared) or "-",
        v.fitted and fmt("%.0f", v.fitted) or "-", v.positions)
    end
  end
  if #rep.first_moves > 1 then
    add("")
    add("first moves (the first player's score)")
    add("%-10s %6s %7s  %-17s", "move", "games", "score", "95% interval")
    for _, o in ipairs(rep.first_moves) do
      add("%-10s %6d %7s  %-17s%s", o.move, o.games, num(o.score), num(o.lo) .. " - " .. num(o.hi),
        o.stands_out and "  stands out" or "")
    end
  end
  for _, w in ipairs(rep.warnings) do add("warning: %s", w) end
  return table.concat(lines, "\n") .. "\n"
end

-- ---- the plots -------------------------------------------------------------

local function write_file(path, text)
  local f, err = io.open(path, "w")
  if not f then die(fmt("cannot write '%s' (%s)", path, err)) end
  f:write(text)
  f:close()
end

function M.write_plots(dir, cfg, rep)
  if not os.execute("mkdir -p " .. shell_quote(dir)) then die(fmt("cannot make the directory '%s'", dir)) end
  local F = rep.figures
  local bars = {}
  for _, key in ipairs({ "first_player_score", "seat_a_score", "white_wins", "draws", "black_wins" }) do
    local f = F[key]
    if f and f.value then
      for _, row in ipairs(ROWS) do
        if row[1] == key then bars[#bars + 1] = { label = row[2], value = f.value, lo = f.lo, hi = f.hi } end
      end
    end
  end
  local title = fmt("%s, %d games", cfg.variant, rep.games)
  write_file(dir .. "/score.svg", svg.bars(title .. ": results with 95% intervals", bars, { max = 1, mark = 0.5 }))
  local hist = {}
  for _, h in ipairs(rep.length_histogram) do hist[#hist + 1] = { label = tostring(h.from), value = h.games } end
  write_file(dir .. "/length.svg", svg.columns(title .. ": game length (plies)", hist))
  local bp = {}
  for k, v in ipairs(rep.branching_by_ply) do bp[k] = { k, v } end
  write_file(dir .. "/branching.svg", svg.lines(title .. ": mean legal steps by ply", { { name = "", points = bp } },
    { xlabel = "ply", ylabel = "legal steps" }))
  local series = {}
  for _, s in ipairs(rep.samples) do
    local pts = {}
    for k, e in ipairs(s.ev) do pts[k] = { s.ev0 + k - 1, winprob(e) } end
    if #pts > 0 then series[#series + 1] = { name = fmt("game %d (%s)", s.game, s.result), points = pts } end
  end
  write_file(dir .. "/evaluation.svg", svg.lines(title .. ": White's winning chance by the engine", series,
    { xlabel = "ply", ylabel = "P(White wins)", ymin = 0, ymax = 1, mark = 0.5 }))
  local pairs_ = {}
  if rep.piece_values then
    for _, v in ipairs(rep.piece_values.values) do
      pairs_[#pairs_ + 1] = { label = v.piece, a = v.declared or 0, b = v.fitted or 0 }
    end
  end
  write_file(dir .. "/values.svg", svg.pairs(title .. ": piece values, declared and fitted", pairs_, "declared", "fitted"))
end

-- ---- the command line ------------------------------------------------------

local ANALYZE_USAGE = [==[
usage: varia analyze VARIANT[:OPTIONS] [--games N] [--seed S]
                     [--depth D[,D]] [--movetime MS[,MS]]
                     [--openings random:K|start|FILE] [--max-plies P]
                     [--engine uci:CMD|cecp:CMD|varia [--engine ...]]
                     [--engine-option NAME=VALUE]... [--engine-variant NAME]
                     [--json FILE] [--plots DIR] [--concurrency N]
                     [--shard I/N] [--quiet]
       varia analyze --merge FILE.json... [--json FILE] [--plots DIR]
Plays seeded games of the variant, the computer against itself, and reports
the first player's score, results, length, branching, coverage,
repetition, the evaluation's lead changes, drama and decisiveness, piece
values fitted from the games, and a forced-opening check, with 95%
intervals. Two values to --depth or --movetime make two players, seat A
and seat B, which play each opening once with each colour. --engine makes
an external engine (UCI or CECP, driven as varia match drives it) play
both seats, or with a second --engine seat B, at --depth or --movetime
each move; its own scores give the evaluation figures. The same seed
gives the same report (an engine at --movetime excepted). Defaults: --games 100 --seed 1 --depth 2
--openings random:4 --max-plies 400. See docs/lab.md.
]==]

local function usage_error(msg)
  error({ lab = msg, status = 2 }, 0)
end

local function parse_seats(text, name, key)
  local a, b = text:match("^(%d+),(%d+)$")
  if not a then a = text:match("^(%d+)$") b = a end
  if not a then usage_error(fmt("%s needs a number or two separated by a comma, not '%s'", name, text)) end
  a, b = math.tointeger(tonumber(a)), math.tointeger(tonumber(b))
  if a < 1 or b < 1 or (key == "depth" and (a > 64 or b > 64)) then
    usage_error(fmt("%s out of range: '%s'", name, text))
  end
  return { [key] = a }, { [key] = b }
end

local function parse_analyze(args)
  local o = { games = 100, seed = 1, openings_text = "random:4", max_plies = 400, concurrency = 1, merge = {} }
  local i = 1
  local function value(name)
    i = i + 1
    if args[i] == nil then usage_error(name .. " needs a value") end
    return args[i]
  end
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then o.help = true
    elseif a == "--games" then o.games = math.tointeger(tonumber(value(a))) or usage_error("--games needs a number")
    elseif a == "--seed" then
      local s = value(a)
      o.seed = s:match("^%d+$") and math.tointeger(tonumber(s)) or usage_error("--seed needs a number, not '" .. s .. "'")
    elseif a == "--depth" then o.depth_text = value(a)
    elseif a == "--movetime" then o.movetime_text = value(a)
    elseif a == "--openings" then o.openings_text = value(a)
    elseif a == "--max-plies" then o.max_plies = math.tointeger(tonumber(value(a))) or usage_error("--max-plies needs a number")
    elseif a == "--json" then o.json = value(a)
    elseif a == "--plots" then o.plots = value(a)
    elseif a == "--concurrency" then o.concurrency = math.tointeger(tonumber(value(a))) or usage_error("--concurrency needs a number")
    elseif a == "--shard" then
      local s = value(a)
      local si, sn = s:match("^(%d+)/(%d+)$")
      si, sn = tonumber(si), tonumber(sn)
      if not si or sn < 1 or si < 1 or si > sn then usage_error("--shard needs I/N with 1 <= I <= N, not '" .. s .. "'") end
      o.shard = { math.tointeger(si), math.tointeger(sn) }
    elseif a == "--quiet" then o.quiet = true
    elseif a == "--engine" then
      o.engines = o.engines or {}
      if #o.engines == 2 then usage_error("--engine at most twice (seat A, then seat B)") end
      local e = value(a)
      if e ~= "varia" and not e:match("^uci:%s*%S") and not e:match("^cecp:%s*%S") and not e:match("^xboard:%s*%S") then
        usage_error("--engine needs uci:COMMAND, cecp:COMMAND or varia, not '" .. e .. "'")
      end
      o.engines[#o.engines + 1] = e
    elseif a == "--engine-option" then
      local v = value(a)
      if not v:match("^[^=]+=") then usage_error("--engine-option needs NAME=VALUE, not '" .. v .. "'") end
      o.engine_options = o.engine_options or {}
      o.engine_options[#o.engine_options + 1] = v
    elseif a == "--engine-variant" then o.engine_variant = value(a)
    elseif a == "--merge" then
      o.merging = true
    elseif a:sub(1, 1) == "-" then usage_error("unknown option '" .. a .. "'")
    elseif o.merging then o.merge[#o.merge + 1] = a
    elseif not o.variant then o.variant = a
    else usage_error("unexpected argument '" .. a .. "'") end
    i = i + 1
  end
  if o.help then return o end
  if o.merging then
    if #o.merge == 0 then usage_error("--merge needs the JSON files of the shards") end
    if o.variant then usage_error("--merge takes the variant from the files, not '" .. o.variant .. "'") end
    return o
  end
  if not o.variant then usage_error("a variant is needed (varia analyze chess)") end
  if o.games < 1 then usage_error("--games needs at least 1") end
  if o.max_plies < 1 then usage_error("--max-plies needs at least 1") end
  if o.concurrency < 1 then usage_error("--concurrency needs at least 1") end
  if o.shard and o.concurrency > 1 then usage_error("--shard and --concurrency do not go together") end
  if o.depth_text and o.movetime_text then usage_error("--depth and --movetime do not go together") end
  return o
end

-- The analysis itself, apart from where its output goes: the same config,
-- the same games.
local function make_config(o)
  local A, B
  if o.movetime_text then A, B = parse_seats(o.movetime_text, "--movetime", "movetime")
  else A, B = parse_seats(o.depth_text or "2", "--depth", "depth") end
  local engines = o.engines or {}
  A.engine = engines[1] ~= "varia" and engines[1] or nil
  B.engine = engines[#engines] ~= "varia" and engines[#engines] or nil
  if #engines == 0 and (o.engine_options or o.engine_variant) then
    usage_error("--engine-option and --engine-variant are for --engine")
  end
  local cfg = { variant = o.variant, games = o.games, seed = o.seed, max_plies = o.max_plies,
                seats = { A = A, B = B }, engine_options = o.engine_options, engine_variant = o.engine_variant }
  cfg.paired = (A.depth ~= B.depth) or (A.movetime ~= B.movetime) or (A.engine ~= B.engine)
  local t = o.openings_text
  local k = t:match("^random:(%d+)$")
  if k then cfg.openings = { kind = "random", plies = math.tointeger(tonumber(k)) }
  elseif t == "start" then cfg.openings = { kind = "random", plies = 0 }
  else cfg.openings = { kind = "file", file = t, list = read_openings(t) } end
  local seat_text = function(key)
    if A[key] == B[key] then return tostring(A[key]) end
    return A[key] .. "," .. B[key]
  end
  local parts = { "varia analyze", shell_quote(cfg.variant), "--games", cfg.games, "--seed", cfg.seed }
  if A.movetime then parts[#parts + 1] = "--movetime " .. seat_text("movetime")
  else parts[#parts + 1] = "--depth " .. seat_text("depth") end
  parts[#parts + 1] = "--openings " .. shell_quote(t == "start" and "random:0" or t)
  parts[#parts + 1] = "--max-plies " .. cfg.max_plies
  for _, e in ipairs(engines) do parts[#parts + 1] = "--engine " .. shell_quote(e) end
  for _, v in ipairs(o.engine_options or {}) do parts[#parts + 1] = "--engine-option " .. shell_quote(v) end
  if o.engine_variant then parts[#parts + 1] = "--engine-variant " .. shell_quote(o.engine_variant) end
  cfg.command = table.concat(parts, " ")
  return cfg
end

local function config_for_json(cfg)
  local c = { variant = cfg.variant, games = cfg.games, seed = cfg.seed, max_plies = cfg.max_plies,
              seats = cfg.seats, paired = cfg.paired, command = cfg.command,
              engine_options = cfg.engine_options, engine_variant = cfg.engine_variant,
              openings = { kind = cfg.openings.kind, plies = cfg.openings.plies, file = cfg.openings.file } }
  if cfg.openings.list then
    c.openings.list = {}
    for k, e in ipairs(cfg.openings.list) do c.openings.list[k] = { line = e.line, text = e.text } end
  end
  return c
end

-- Plays the games of this process: all, or those of one shard. progress
-- is called after each game.
local function play_games(cfg, shard, progress)
  local info = piece_info(cfg.variant)
  local records = {}
  local si, sn = shard and shard[1] or 1, shard and shard[2] or 1
  local total = 0
  for i = 1, cfg.games do if (i - 1) % sn == si - 1 then total = total + 1 end end
  for i = 1, cfg.games do
    if (i - 1) % sn == si - 1 then
      records[#records + 1] = play_game(cfg, i, info)
      if progress then progress(#records, total) end
    end
  end
  return records, info
end

local function progress_bar(enabled)
  if not enabled then return nil end
  local start = os.time()
  return function(done, total)
    local width = 30
    local filled = done * width // total
    local elapsed = os.time() - start
    local eta = done > 0 and math.floor(elapsed * (total - done) / done + 0.5) or 0
    io.stderr:write(fmt("\r[%s%s] %d/%d games, ETA %d:%02d ", ("#"):rep(filled), ("."):rep(width - filled),
      done, total, eta // 60, eta % 60))
    if done == total then io.stderr:write("\r" .. (" "):rep(width + 40) .. "\r") end
    io.stderr:flush()
  end
end

local function document(cfg, records, rep, shard)
  local doc = { varia = varia.version, command = cfg.command, config = config_for_json(cfg), games = records }
  if shard then doc.shard = fmt("%d/%d", shard[1], shard[2])
  else
    doc.report = rep
  end
  return doc
end

local function read_json(path)
  local f, err = io.open(path, "r")
  if not f then die(fmt("cannot read '%s' (%s)", path, err)) end
  local text = f:read("a")
  f:close()
  return json_decode(text, path)
end

-- Gathers the records of shard files (or whole runs) of one analysis.
local function merge_files(files)
  local cfg_text, cfg, records, seen = nil, nil, {}, {}
  for _, path in ipairs(files) do
    local doc = read_json(path)
    if type(doc) ~= "table" or type(doc.config) ~= "table" or type(doc.games) ~= "table" then
      die(fmt("%s: not a file of varia analyze --json", path))
    end
    local text = json_text(doc.config)
    if cfg_text and text ~= cfg_text then
      die(fmt("%s: another analysis (%s) than the first file's (%s)", path, doc.config.command, cfg.command))
    end
    cfg_text, cfg = text, doc.config
    for _, rec in ipairs(doc.games) do
      if seen[rec.i] then die(fmt("%s: game %d is also in %s", path, rec.i, seen[rec.i])) end
      seen[rec.i] = path
      records[#records + 1] = rec
    end
  end
  local missing = {}
  for i = 1, cfg.games do if not seen[i] then missing[#missing + 1] = i end end
  if #missing > 0 then
    die(fmt("games missing from the files: %d of %d (the first: game %d); is a shard left out?",
      #missing, cfg.games, missing[1]))
  end
  table.sort(records, function(a, b) return a.i < b.i end)
  return cfg, records
end

-- Runs the shards in worker processes of this program and merges them.
local function run_concurrently(o, cfg, exe)
  if not exe then die("--concurrency needs the path of this program (/proc/self/exe)") end
  local dir = os.tmpname()
  os.remove(dir)
  if not os.execute("mkdir -p " .. shell_quote(dir)) then die("cannot make a temporary directory") end
  local procs, files = {}, {}
  for k = 1, o.concurrency do
    files[k] = fmt("%s/part-%d.json", dir, k)
    local cmd = { shell_quote(exe), "analyze", shell_quote(cfg.variant), "--games", cfg.games, "--seed", cfg.seed,
      o.movetime_text and "--movetime" or "--depth", shell_quote(o.movetime_text or o.depth_text or "2"),
      "--openings", shell_quote(o.openings_text), "--max-plies", cfg.max_plies,
      "--shard", fmt("%d/%d", k, o.concurrency), "--json", shell_quote(files[k]), "--quiet" }
    for _, e in ipairs(o.engines or {}) do cmd[#cmd + 1] = "--engine " .. shell_quote(e) end
    for _, v in ipairs(o.engine_options or {}) do cmd[#cmd + 1] = "--engine-option " .. shell_quote(v) end
    if o.engine_variant then cmd[#cmd + 1] = "--engine-variant " .. shell_quote(o.engine_variant) end
    procs[k] = io.popen(table.concat(cmd, " ") .. " 2>&1", "r")
  end
  local failed
  for k, p in ipairs(procs) do
    local out = p:read("a")
    local ok = p:close()
    if not ok then failed = failed or fmt("worker %d of %d failed: %s", k, o.concurrency, out) end
  end
  local merged_cfg, records
  if not failed then merged_cfg, records = merge_files(files) end
  for _, f in ipairs(files) do os.remove(f) end
  os.remove(dir)
  if failed then die(failed) end
  return merged_cfg, records
end

local function analyze(exe, tty, args)
  local o = parse_analyze(args)
  if o.help then io.write(ANALYZE_USAGE) return 0 end
  local cfg, records, info
  if o.merging then
    cfg, records = merge_files(o.merge)
    info = piece_info(cfg.variant)
  else
    cfg = make_config(o)
    local ok, err = pcall(varia.new, cfg.variant)
    if not ok then die(tostring(err)) end
    if o.concurrency > 1 then
      records = select(2, run_concurrently(o, cfg, exe))
      info = piece_info(cfg.variant)
    else
      records, info = play_games(cfg, o.shard, progress_bar(tty and not o.quiet))
    end
  end
  if o.shard then
    if not o.json then usage_error("--shard needs --json FILE for its games") end
    write_file(o.json, json_text(document(cfg, records, nil, o.shard)))
    if not o.quiet then io.write(fmt("shard %d/%d: %d games written to %s\n", o.shard[1], o.shard[2], #records, o.json)) end
    return 0
  end
  local rep = M.report(cfg, records, info)
  if not o.quiet then io.write(M.format_report(cfg, rep)) end
  if o.json then write_file(o.json, json_text(document(cfg, records, rep))) end
  if o.plots then M.write_plots(o.plots, cfg, rep) end
  return 0
end

M.json_text, M.json_decode = json_text, json_decode
M.read_board, M.material = read_board, material

function M.main(command, exe, tty, ...)
  local args = { ... }
  local ok, status = pcall(function()
    if command == "analyze" then return analyze(exe, tty, args) end
    if command == "tune" then return M.tune.main(tty, args) end -- lua/labtune.lua
    return M.diff.main(M, args) -- lua/labdiff.lua, set by src/front/cli.c
  end)
  if ok then return status end
  if type(status) == "table" and status.lab then
    io.stderr:write(fmt("varia %s: %s\n", command, status.lab))
    if status.status == 2 then io.stderr:write(fmt("(varia %s --help for the usage)\n", command)) end
    return status.status or (command == "diff" and 2 or 1)
  end
  io.stderr:write(fmt("varia %s: %s\n", command, tostring(status)))
  return command == "diff" and 2 or 1
end

-- for labtune
M.rng_of = rng_of

-- for labdiff
M.parse_analyze, M.make_config, M.play_games, M.piece_info = parse_analyze, make_config, play_games, piece_info
M.shell_quote, M.rng_of, M.die, M.usage_error = shell_quote, rng_of, die, usage_error

return M
