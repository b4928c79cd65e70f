-- labtune: `varia tune VARIANT`, the evaluation of a variant learnt from
-- its own games (docs/engine.md, Tuning): the piece values, by game phase
-- (middle game and endgame), and the weights of the evaluation's other
-- terms (mobility, centralisation and advancement, pawn structure, royal
-- safety: the script's eval table, docs/api.md). Iterations of seeded
-- self-play (lab.play_games, as `varia analyze` plays), each followed by a
-- fit: Texel's method, a logistic regression of each game's result on the
-- positions the computer played from, where the evaluation is linear in
-- its weights (g:features() gives each position's features, so that
-- features times weights are the evaluation). The scale K of the current
-- evaluation is fitted first; then each weight moves from where it is, a
-- ridge holding it there where the games say little; the pawn (the
-- reference piece) keeps its value. Each iteration plays with the values
-- of the one before, and each fit is over the games of all iterations so
-- far (a weight moves at most by its size an iteration). The result is a
-- variant script beside nothing else: it requires the variant and gives
-- each piece its fitted `value` and the rest as `eval = std.eval { ... }`,
-- so that the loader validates it and the search, `analyze` and `diff`
-- use it as any script. The report (values and weights, 95% intervals from
-- a bootstrap over the games, those of each iteration) is kept in the
-- file's comments and printed again by `varia tune --report FILE`.
local stats = require "labstats"
local duel = require "labduel"
local lab = ... -- lua/lab.lua, given by src/front/cli.c

local M = {}
local fmt = string.format

local USAGE = [==[
usage: varia tune VARIANT [--games N] [--depth D | --nodes N] [--iterations K]
                          [--seed S] [--max-plies N] [--ridge R] [--lambda L] [--hold]
                          [--gate G] [--out FILE]
       varia tune --report FILE
Learns VARIANT's evaluation from seeded self-play (the piece values by
game phase and the weights of its eval table): K iterations (default 3)
of N games (default 40) at depth D (default 2) or at N nodes a move,
each fitted by a logistic regression of the results on the features of
quiet positions (Texel's method), a ridge of R (default 0.25) holding
each weight where the games say little, the pawn keeping its value;
each iteration plays with the values of the one before. --lambda L
fits a blend of the result (share L) and the search's score from each
position (1 - L; default 1, the result alone). --hold moves a weight
only where its 95% interval leaves where it is. --gate G plays each
iteration's weights against the weights before it, G games; where they
score under one half they are undone and the tune stops. Writes FILE (default
NAME-tuned.lua, beside VARIANT's file, or here for a built-in NAME), a
variant script that requires VARIANT and sets the fitted values: give
it to varia analyze, diff, uci as any script. --report FILE prints the
values of a tuned file with their 95% intervals (a bootstrap over the
games) and how they changed.
]==]

local BOOTSTRAP = 20       -- resamples of the games for the intervals
local RIDGE = 0.25         -- the fit's ridge, per row, on standardised features (--ridge)
local SETTLED = 0.05       -- no value moved more than this share: stop
local VALUE_MIN, VALUE_MAX = 1, 100000 -- the loader's range, kept positive

local function parse(args)
  local o = { games = 40, depth = "2", iterations = 3, seed = 1, max_plies = 200, ridge = RIDGE }
  local i = 1
  local function value(name)
    i = i + 1
    if args[i] == nil then lab.usage_error(name .. " needs a value") end
    return args[i]
  end
  local function count(name, least)
    local n = math.tointeger(tonumber(value(name)))
    if not n or n < least then lab.usage_error(fmt("%s needs a whole number of at least %d", name, least)) end
    return n
  end
  while i <= #args do
    local a = args[i]
    if a == "--help" or a == "-h" then o.help = true
    elseif a == "--games" then o.games = count(a, 2)
    elseif a == "--iterations" then o.iterations = count(a, 1)
    elseif a == "--seed" then o.seed = count(a, 0)
    elseif a == "--max-plies" then o.max_plies = count(a, 1)
    elseif a == "--depth" then o.depth, o.depth_given = tostring(count(a, 1)), true
    elseif a == "--nodes" then o.nodes = count(a, 1)
    elseif a == "--ridge" then
      o.ridge = tonumber(value(a))
      if not o.ridge or o.ridge < 0 or o.ridge > 1000 then lab.usage_error("--ridge needs a number from 0 to 1000") end
    elseif a == "--lambda" then
      o.lambda = tonumber(value(a))
      if not o.lambda or o.lambda < 0 or o.lambda > 1 then lab.usage_error("--lambda needs a number from 0 to 1") end
    elseif a == "--hold" then o.hold = true
    elseif a == "--gate" then o.gate = count(a, 2)
    elseif a == "--out" or a == "-o" then o.out = value(a)
    elseif a == "--report" then o.report = value(a)
    elseif a:sub(1, 1) == "-" then lab.usage_error("unknown option '" .. a .. "'")
    elseif not o.variant then o.variant = a
    else lab.usage_error("unexpected argument '" .. a .. "'") end
    i = i + 1
  end
  if o.help or o.report then return o end
  if o.nodes and o.depth_given then lab.usage_error("--depth and --nodes do not go together") end
  if not o.variant then lab.usage_error("a variant is needed (varia tune gardner)") end
  if o.variant:find(":", 1, true) then lab.usage_error("a variant with options cannot be required: tune a script") end
  o.module = o.variant:gsub("%.lua$", ""):match("([^/]+)$")
  if not o.module:match("^[%w_%-%.]+$") then lab.usage_error("'" .. o.variant .. "' is not a variant name or script") end
  -- beside the script, where its require finds the variant
  local dir = o.variant:match("^(.*)/[^/]*$")
  o.out = o.out or ((dir and dir .. "/" or "") .. o.module .. "-tuned.lua")
  return o
end

-- The fit's settings: positions kept per game (evenly spaced: those of a
-- game are alike), the
-- Newton steps of a bootstrap resample (from the whole fit's answer).
local PER_GAME = 16
local RESAMPLE_STEPS = 3
local WEIGHT_LIMIT = 10000 -- the loader's range of a weight (script units)

-- The rows of the regression: per game, the features of up to PER_GAME
-- of the quiet positions the computer played from, and the result. A
-- position is quiet when no piece left the board on the step into it or
-- out of it (pieces: the pairs of feature indices of each type's count
-- by phase): where an exchange is under way the material counts a piece
-- the next step takes back, and a fit over such positions shrinks the
-- values of the pieces exchanged most.
local function rows_of(records, pieces)
  local function material(x)
    local parts = {}
    for k, pair in ipairs(pieces) do parts[k] = math.floor(x[pair[1]] + x[pair[2]] + 0.5) end
    return table.concat(parts, " ")
  end
  local games = {}
  for _, rec in ipairs(records) do
    local result = rec.result == "1-0" and 1 or rec.result == "0-1" and 0 or 0.5
    local quiet, scores, first, last = {}, {}, rec.ev0, #rec.features
    -- the search's score (White's, centipawns) from each position, where
    -- every step of the game has one
    local scored = rec.ev and #rec.ev == last - first + 1
    for k = first, last do
      local here = material(rec.features[k])
      if (k == first or material(rec.features[k - 1]) == here) and (k == last or material(rec.features[k + 1]) == here) then
        quiet[#quiet + 1] = rec.features[k]
        scores[#quiet] = scored and rec.ev[k - first + 1] or nil
      end
    end
    local X, S, n = {}, {}, #quiet
    if n > 0 then
      local step = math.max(1, n / PER_GAME)
      local k = 1
      while k <= n + 1e-9 do
        X[#X + 1] = quiet[math.floor(k)]
        S[#X] = scores[math.floor(k)]
        k = k + step
      end
    end
    games[#games + 1] = { X = X, S = S, y = result }
  end
  return games
end

-- The logistic regression of y on an offset and the columns cols of the
-- rows: P = 1 / (1 + exp(-(b0 + offset + d . x))), with a ridge
-- lambda * sigma_j^2 * d_j^2 (d = 0: the weights as they are), by
-- labstats' Newton's method. start: { b0, d1 .. dk } to begin from.
-- Returns that vector.
local function newton(rows, cols, sigma, lambda, start, steps)
  local k = #cols
  if #rows == 0 then -- nothing to fit: where it began
    local beta = {}
    for j = 0, k do beta[j] = start and start[j] or 0 end
    return beta
  end
  local X, y, offset = {}, {}, {}
  for i, r in ipairs(rows) do
    local x = {}
    for j = 1, k do x[j] = r.x[cols[j]] end
    X[i], y[i], offset[i] = x, r.y, r.off
  end
  local ridge = { [0] = 1e-9 }
  for a = 1, k do ridge[a] = 2 * lambda * sigma[a] ^ 2 end
  local fit = stats.logistic(X, y, nil, { offset = offset, ridge = ridge, start = start, steps = steps,
    tolerance = 1e-9 })
  local beta = { [0] = fit.intercept }
  for j = 1, k do beta[j] = fit.coef[j] end
  return beta
end

-- The positions of the games picked (by index) as rows: features, result.
local function gather(games, pick)
  local rows = {}
  for i = 1, #games do
    local gm = games[pick and pick(i) or i]
    for k, x in ipairs(gm.X) do rows[#rows + 1] = { x = x, y = gm.y, score = gm.S and gm.S[k] } end
  end
  return rows
end

-- Texel's fit of the weights w (by feature index) over rows: K, the scale
-- of the evaluation as it is (b0 + K * eval / 100), then the moves d of
-- the fitted features (cols) from K * w. Returns the new weights (a copy
-- of w with the fitted ones changed) and the fit's state, or nil where
-- the games do not tell the better side (K not positive).
local function texel(rows, w, cols, sigma, start, steps, ridge, lambda)
  if #rows == 0 then return nil end
  for _, r in ipairs(rows) do
    local e = 0
    for i, xi in ipairs(r.x) do e = e + xi * w[i] end
    r.e = e / 100
    r.off = 0
  end
  -- the scale: a logistic regression on the evaluation alone
  local scale_rows = {}
  for _, r in ipairs(rows) do scale_rows[#scale_rows + 1] = { x = { r.e }, y = r.y, off = 0 } end
  local kfit = newton(scale_rows, { 1 }, { 1 }, 0, start and { [0] = start.b0, start.K } or nil, steps + 5)
  local K = kfit[1] / 100 -- per centipawn
  if not (K > 1e-7) then return nil end
  for _, r in ipairs(rows) do r.off = K * r.e * 100 end
  local target = rows
  if lambda and lambda < 1 then
    -- the target: the result blended with the search's score as a
    -- probability on the same scale (K), where the position has one
    target = {}
    for i, r in ipairs(rows) do
      local y = r.y
      if r.score then y = lambda * r.y + (1 - lambda) / (1 + math.exp(-(kfit[0] + K * r.score))) end
      target[i] = { x = r.x, y = y, off = r.off }
    end
  end
  local beta = newton(target, cols, sigma, (ridge or RIDGE) * #rows, start and start.beta or { [0] = kfit[0] }, steps)
  local out = {}
  for i, wi in ipairs(w) do out[i] = wi end
  for j, c in ipairs(cols) do out[c] = w[c] + beta[j] / K end
  return out, { K = kfit[1], b0 = kfit[0], beta = beta }
end

-- The standard deviation of each column over the rows (the ridge's
-- units); columns that never vary are left out of the fit, and so are the
-- pieces' counts (floor: those of the values) that vary by less than a
-- hundredth of a piece: a ridge in such units holds nothing, and the fit
-- would move the value without bound for what changes nothing in the
-- games (Shogi's endgame values, where the pieces taken come back as
-- drops and the endgame's share hardly moves from zero: under 0.0001,
-- where Capablanca's and Grand Chess's least varied counts are 0.048 and
-- 0.098).
local COUNT_SPREAD_MIN = 0.01
local function spread(rows, candidates, floor)
  local cols, sigma = {}, {}
  for _, c in ipairs(candidates) do
    local s, s2 = 0, 0
    for _, r in ipairs(rows) do s, s2 = s + r.x[c], s2 + r.x[c] ^ 2 end
    local n = math.max(#rows, 1)
    local var = s2 / n - (s / n) ^ 2
    if var > 1e-9 and not (floor and floor[c] and var < COUNT_SPREAD_MIN ^ 2) then
      cols[#cols + 1] = c
      sigma[#cols] = math.sqrt(var)
    end
  end
  return cols, sigma
end

-- A weight in the script's units, rounded (values: centipawns).
local function script_value(w, scale) return math.floor(w * scale + 0.5) end

-- The 2.5th and 97.5th percentiles of each fitted weight (script units)
-- over bootstrap resamples of the games (seeded: the same every run).
local function intervals(games, w, cols, sigma, scales, state, seed, ridge, lambda)
  local rng = lab.rng_of(seed, 0x7475) -- "tu"
  local samples = {}
  for _ = 1, BOOTSTRAP do
    local rows = gather(games, function() return rng(#games) end)
    local fitted = texel(rows, w, cols, sigma, state, RESAMPLE_STEPS, ridge, lambda)
    if fitted then
      for _, c in ipairs(cols) do
        samples[c] = samples[c] or {}
        table.insert(samples[c], script_value(fitted[c], scales[c]))
      end
    end
  end
  local out = {}
  for c, xs in pairs(samples) do
    table.sort(xs)
    local lo = xs[math.max(1, math.floor(#xs * 0.025 + 0.5))]
    local hi = xs[math.max(1, math.min(#xs, math.ceil(#xs * 0.975)))]
    out[c] = { lo = lo, hi = hi, n = #xs }
  end
  return out
end

-- The report as lines (also the tuned file's comments, after "-- "): the
-- pieces' values (middle game), then the other weights.
local function report_lines(o, f, history, ci, pieces, terms, games_total)
  local lines = {}
  lines[#lines + 1] = fmt("varia tune %s --games %d %s --iterations %d --seed %d --max-plies %d%s",
    o.variant, o.games, o.nodes and "--nodes " .. o.nodes or "--depth " .. o.depth, o.iterations, o.seed, o.max_plies,
    (o.ridge ~= RIDGE and fmt(" --ridge %g", o.ridge) or "") .. (o.lambda and fmt(" --lambda %g", o.lambda) or "") ..
    (o.hold and " --hold" or "") .. (o.gate and fmt(" --gate %d", o.gate) or ""))
  lines[#lines + 1] = fmt("%d iterations played, %d games", #history - 1, games_total)
  local function table_of(title, width, list)
    local head = fmt("%-" .. width .. "s %8s  %-15s", title, title == "piece" and "value" or "weight", "95% interval")
    for it = 0, #history - 1 do head = head .. fmt(" %7s", it == 0 and "given" or "it " .. it) end
    lines[#lines + 1] = head
    for _, e in ipairs(list) do
      local c = ci[e.index]
      local line = fmt("%-" .. width .. "s %8d  %-15s", e.label, history[#history][e.index],
        c and fmt("%d - %d", c.lo, c.hi) or "-")
      for it = 1, #history do line = line .. fmt(" %7s", history[it][e.index] or "-") end
      lines[#lines + 1] = line
    end
  end
  table_of("piece", 6, pieces)
  table_of("term", 14, terms)
  return lines
end

-- The tuned script: the pieces' values, and every weight it fitted (or
-- was given) in the eval table, in the script's units; at path (default
-- o.out) under name (default the variant's with -tuned).
local function write_tuned(o, f, current, pieces, terms, lines, path, name)
  path, name = path or o.out, name or o.module .. "-tuned"
  local out = {}
  out[#out + 1] = "-- " .. o.module .. ", its evaluation tuned by varia tune (docs/engine.md, Tuning)."
  for _, l in ipairs(lines) do out[#out + 1] = "-- tune: " .. l end
  out[#out + 1] = "local std = require \"std\""
  out[#out + 1] = "local base = require " .. fmt("%q", o.module)
  out[#out + 1] = "return std.extend(base, {"
  out[#out + 1] = fmt("  name = %q,", name)
  out[#out + 1] = "  pieces = {"
  for _, e in ipairs(pieces) do
    out[#out + 1] = fmt("    %s = { value = %d },", e.label, current[e.index])
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "  eval = std.eval {"
  local groups, order = {}, {}
  for _, e in ipairs(terms) do
    local group, key = f.names[e.index]:match("^(.-)%.(.*)$")
    if not group then group, key = "", f.names[e.index] end
    if not groups[group] then groups[group] = {} order[#order + 1] = group end
    table.insert(groups[group], fmt("%s = %d", key, current[e.index]))
  end
  for _, group in ipairs(order) do
    if group == "" then
      for _, kv in ipairs(groups[group]) do out[#out + 1] = "    " .. kv .. "," end
    else
      out[#out + 1] = fmt("    %s = { %s },", group, table.concat(groups[group], ", "))
    end
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "})"
  local file, err = io.open(path, "w")
  if not file then lab.die("cannot write " .. path .. ": " .. tostring(err)) end
  file:write(table.concat(out, "\n"), "\n")
  file:close()
end

local function show_report(file)
  local f, err = io.open(file)
  if not f then lab.die("cannot read " .. file .. ": " .. tostring(err)) end
  local any = false
  for line in f:lines() do
    local l = line:match("^%-%- tune: (.*)$")
    if l then io.write(l, "\n") any = true end
  end
  f:close()
  if not any then lab.die(file .. " holds no report of varia tune") end
  return 0
end

-- The progress of every game of every iteration, with an ETA.
local function progress(tty, total)
  if not tty then return function() end end
  local start, done = os.time(), 0
  return function(finished)
    if finished then io.stderr:write("\r" .. (" "):rep(70) .. "\r") io.stderr:flush() return end
    done = done + 1
    local elapsed = os.time() - start
    local eta = math.floor(elapsed * (total - done) / done + 0.5)
    io.stderr:write(fmt("\rtune: %d/%d games, ETA %d:%02d ", done, total, eta // 60, eta % 60))
    io.stderr:flush()
  end
end

-- What the fit may move: each piece's values (but the reference's middle
-- game value, and royal or neutral pieces'), and the weights of the
-- eval table; the points are the rules', never fitted.
local function fitted_features(f, info, ref)
  local pieces, terms, candidates = {}, {}, {}
  for i, name in ipairs(f.names) do
    local kind, letter = name:match("^(value)%.(.)$")
    if not kind then kind, letter = name:match("^(values_end)%.(.)$") end
    if kind then
      if info.declared[letter] then
        if kind == "value" then pieces[#pieces + 1] = { index = i, label = letter }
        else terms[#terms + 1] = { index = i, label = name } end
        if not (kind == "value" and letter == ref) then candidates[#candidates + 1] = i end
      end
    elseif name ~= "points" then
      terms[#terms + 1] = { index = i, label = name }
      candidates[#candidates + 1] = i
    end
  end
  return pieces, terms, candidates
end

-- A path as the loader takes a script's (a file needs a slash).
local function as_spec(path) return path:find("/", 1, true) and path or "./" .. path end

-- --gate: iteration it's weights (written to o.out) against the weights
-- before it (previous, written beside it for the match, where its require
-- finds the variant), o.gate games at the tune's nodes or depth from
-- openings of their own. The fit says where the games of self-play point;
-- the match says whether the engine plays better there: a fit that
-- rewards what goes with winning (attackers near the king, in Shogi)
-- runs on round after round, and plays worse.
local function gate_match(o, f, pieces, terms, previous, it, tick)
  local path = o.out:gsub("%.lua$", "") .. "-gate.lua"
  write_tuned(o, f, previous, pieces, terms, { fmt("the weights before iteration %d, for --gate", it) },
    path, o.module .. "-gate")
  local ok, w, d, l = pcall(duel.match, varia.new, as_spec(path), as_spec(o.out),
    { games = o.gate, nodes = o.nodes, depth = not o.nodes and tonumber(o.depth) or nil,
      seed = o.seed * 1000 + it, max_plies = o.max_plies }, function() tick() end)
  os.remove(path)
  if not ok then lab.die(fmt("--gate: %s", tostring(w))) end
  return w, d, l
end

-- At most a halving or a doubling of a piece's value an iteration (few
-- games give wild coefficients, which the next iteration's games then
-- test); a weight moves at most by its size, or by a floor for a small
-- one (10 centipawns, or 1.0 of a weight in hundredths or per cent);
-- within the loader's ranges.
local function limited(new, old, scale, is_value)
  if is_value then
    if old > 0 then new = math.max(old / 2, math.min(old * 2, new)) end
    return math.max(VALUE_MIN, math.min(VALUE_MAX, new))
  end
  local room = math.max(math.abs(old), scale == 100 and 1 or 10)
  local v = math.max(old - room, math.min(old + room, new))
  return math.max(-WEIGHT_LIMIT / scale, math.min(WEIGHT_LIMIT / scale, v))
end

function M.main(tty, args)
  local o = parse(args)
  if o.help then io.write(USAGE) return 0 end
  if o.report then return show_report(o.report) end
  local ok, made = pcall(varia.new, o.variant)
  if not ok then lab.die(tostring(made)) end
  local f = made:features()
  local info = lab.piece_info(o.variant)
  -- the reference: the pawn, or the cheapest piece
  local w = {}
  for i, x in ipairs(f.weights) do w[i] = x end
  local value_of = {}
  for i, name in ipairs(f.names) do
    local letter = name:match("^value%.(.)$")
    if letter then value_of[letter] = i end
  end
  local ref = info.pawn
  if not ref or not value_of[ref] or w[value_of[ref]] <= 0 then
    ref = nil
    for letter in pairs(info.declared) do
      local i = value_of[letter]
      if i and w[i] > 0 and (not ref or w[i] < w[value_of[ref]] or (w[i] == w[value_of[ref]] and letter < ref)) then ref = letter end
    end
  end
  local pieces, terms, candidates = fitted_features(f, info, ref)
  local is_count = {}
  for i, name in ipairs(f.names) do is_count[i] = name:match("^value") ~= nil end
  -- each type's count, as the pair of its features by phase
  local counts = {}
  for i, name in ipairs(f.names) do
    local letter = name:match("^value%.(.)$")
    if letter then
      for j, other in ipairs(f.names) do
        if other == "values_end." .. letter then counts[#counts + 1] = { i, j } end
      end
    end
  end
  local function snapshot()
    local h = {}
    for _, list in ipairs({ pieces, terms }) do
      for _, e in ipairs(list) do h[e.index] = script_value(w[e.index], f.scales[e.index]) end
    end
    return h
  end
  local history = { snapshot() }
  local tick = progress(tty, (o.games + (o.gate or 0)) * o.iterations)
  local spec, all, gates = o.variant, {}, {}
  for it = 1, o.iterations do
    local cfg = lab.make_config(lab.parse_analyze({ spec, "--games", tostring(o.games), "--seed",
      tostring(o.seed * 1000 + it), "--depth", o.nodes and "64" or o.depth, "--max-plies", tostring(o.max_plies) }))
    cfg.features = true
    -- a fixed number of nodes a move: the games of the strength at which
    -- the values are used, whatever the machine's load
    if o.nodes then cfg.seats.A.nodes, cfg.seats.B.nodes = o.nodes, o.nodes end
    -- the fit of each iteration is over the games of every iteration so
    -- far: the values settle as the games add up
    for _, rec in ipairs(lab.play_games(cfg, nil, function() tick() end)) do all[#all + 1] = rec end
    local games = rows_of(all, counts)
    local rows = gather(games)
    local cols, sigma = spread(rows, candidates, is_count)
    local fitted, state = texel(rows, w, cols, sigma, nil, 12, o.ridge, o.lambda)
    local moved, ci, before = 0, {}, {}
    for i, x in ipairs(w) do before[i] = x end
    if fitted then
      -- the intervals of this fit, from the weights it started from
      ci = intervals(games, w, cols, sigma, f.scales, state, o.seed * 1000 + it, o.ridge, o.lambda)
      for _, c in ipairs(cols) do
        local is_value = f.names[c]:match("^value") ~= nil
        local v = limited(fitted[c], w[c], f.scales[c], is_value)
        -- --hold: where the resampled games put the weight on both sides
        -- of where it is, they do not say which way it should go (a
        -- feature that hardly varies gets wild coefficients)
        if o.hold then
          local iv, now = ci[c], script_value(w[c], f.scales[c])
          if iv and iv.lo <= now and now <= iv.hi then v = w[c] end
        end
        local size = math.max(math.abs(w[c]), is_value and 10 or 1)
        moved = math.max(moved, math.abs(v - w[c]) / size)
        w[c] = v
      end
    end
    local current = snapshot()
    history[#history + 1] = current
    local lines = report_lines(o, f, history, ci, pieces, terms, #all)
    write_tuned(o, f, current, pieces, terms, lines)
    spec = as_spec(o.out)
    -- the file as the loader sees it: a require that does not find the
    -- variant from where it was written is said now, not at its first use
    local loaded, why = pcall(varia.new, spec)
    if not loaded then lab.die(fmt("%s does not load (%s): write it beside the variant's script", o.out, tostring(why):match("^[^\n]*"))) end
    if not fitted then
      lines[#lines + 1] = "(nothing could be fitted: too few decided games; try more --games)"
    end
    local undone = false
    if o.gate then
      if fitted and moved > 0 then
        local gw, gd, gl = gate_match(o, f, pieces, terms, history[#history - 1], it, tick)
        local score = duel.score(gw, gd, gl)
        undone = score < 0.5
        gates[#gates + 1] = fmt("gate: iteration %d against the weights before it, %d games: +%d =%d -%d (%.3f), %s",
          it, gw + gd + gl, gw, gd, gl, score, undone and "undone" or "kept")
        if undone then
          for i, x in ipairs(before) do w[i] = x end
          history[#history] = nil
          lines = report_lines(o, f, history, ci, pieces, terms, #all)
        end
      end
      for _, g in ipairs(gates) do lines[#lines + 1] = g end
      if undone then lines[#lines + 1] = fmt("stopped: iteration %d played worse than the weights before it", it) end
      -- the file again, with the matches' lines (and the weights before
      -- the round, where it was undone)
      if #gates > 0 then write_tuned(o, f, history[#history], pieces, terms, lines) end
    end
    if it == o.iterations or undone or (fitted and moved < SETTLED) then
      tick(true)
      if it < o.iterations and not undone then lines[#lines + 1] = fmt("settled after iteration %d (no weight moved %d%%)", it, SETTLED * 100) end
      for _, l in ipairs(lines) do io.write(l, "\n") end
      io.write(fmt("written to %s\n", o.out))
      break
    end
  end
  return 0
end

return M
