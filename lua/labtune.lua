-- labtune: `varia tune VARIANT`, the piece values of a variant learnt from
-- its own games (docs/engine.md, Tuning). Iterations of seeded self-play
-- (lab.play_games, as `varia analyze` plays) and a fit: the logistic
-- regression of each game's result on the material differences of the
-- positions the computer played from (Texel's method with material as the
-- evaluation: lab's fit of piece values), scaled so that the pawn (the
-- reference piece) keeps its value. Each iteration plays with the values
-- of the one before, and each fit is over the games of all iterations so
-- far (a value moves at most by half or double an iteration). The result is a variant script beside nothing else:
-- it requires the variant and gives each piece its fitted `value`, so that
-- the loader validates it and the search, `analyze` and `diff` use it as
-- any script. The report (values, 95% intervals from a bootstrap over the
-- games, the values of each iteration) is kept in the file's comments and
-- printed again by `varia tune --report FILE`.
local stats = require "labstats"
local lab = ... -- lua/lab.lua, given by src/front/cli.c

local M = {}
local fmt = string.format

local USAGE = [==[
usage: varia tune VARIANT [--games N] [--depth D] [--iterations K]
                          [--seed S] [--max-plies N] [--out FILE]
       varia tune --report FILE
Learns VARIANT's piece values from seeded self-play: K iterations
(default 3) of N games (default 40) at depth D (default 2), each fitted
by a logistic regression of the results on the material (Texel's
method), the pawn keeping its value; each iteration plays with the values
of the one before. Writes FILE (default NAME-tuned.lua, beside VARIANT's
file, or here for a built-in NAME), a variant script that requires VARIANT and sets the fitted
values: give it to varia analyze, diff, uci as any script. --report FILE
prints the values of a tuned file with their 95% intervals (a bootstrap
over the games) and how they changed.
]==]

local BOOTSTRAP = 20       -- resamples of the games for the intervals
local SETTLED = 0.05       -- no value moved more than this share: stop
local VALUE_MIN, VALUE_MAX = 1, 100000 -- the loader's range, kept positive

local function parse(args)
  local o = { games = 40, depth = "2", iterations = 3, seed = 1, max_plies = 200 }
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
    elseif a == "--depth" then o.depth = tostring(count(a, 1))
    elseif a == "--out" or a == "-o" then o.out = value(a)
    elseif a == "--report" then o.report = value(a)
    elseif a:sub(1, 1) == "-" then lab.usage_error("unknown option '" .. a .. "'")
    elseif not o.variant then o.variant = a
    else lab.usage_error("unexpected argument '" .. a .. "'") end
    i = i + 1
  end
  if o.help or o.report then return o end
  if not o.variant then lab.usage_error("a variant is needed (varia tune gardner)") end
  if o.variant:find(":", 1, true) then lab.usage_error("a variant with options cannot be required: tune a script") end
  o.module = o.variant:gsub("%.lua$", ""):match("([^/]+)$")
  if not o.module:match("^[%w_%-%.]+$") then lab.usage_error("'" .. o.variant .. "' is not a variant name or script") end
  -- beside the script, where its require finds the variant
  local dir = o.variant:match("^(.*)/[^/]*$")
  o.out = o.out or ((dir and dir .. "/" or "") .. o.module .. "-tuned.lua")
  return o
end

-- Values from a fit: each coefficient over the reference's, times the
-- reference's value (the pawn, 100 where the script gives none); the
-- pieces whose fit is not positive keep their value (nil here).
local function scaled(fit, types, ref, ref_value)
  local refcoef
  for j, key in ipairs(types) do if key == ref then refcoef = fit.coef[j] end end
  local out = {}
  if not refcoef or refcoef <= 1e-9 then return out end
  for j, key in ipairs(types) do
    local v = fit.coef[j] / refcoef * ref_value
    if v == v and v >= VALUE_MIN and v <= VALUE_MAX then out[key] = math.floor(v + 0.5) end
  end
  return out
end

-- The rows of a regression: per position, White's material less Black's
-- by type; per game, the rows' range (for the bootstrap).
local function rows_of(records)
  local present, types = {}, {}
  for _, rec in ipairs(records) do
    for k = rec.ev0, #rec.mat do
      for key in rec.mat[k]:gmatch("(%S-)%-?%d+") do present[key] = true end
    end
  end
  for key in pairs(present) do types[#types + 1] = key end
  table.sort(types)
  local games = {}
  for _, rec in ipairs(records) do
    local result = rec.result == "1-0" and 1 or rec.result == "0-1" and 0 or 0.5
    local X = {}
    for k = rec.ev0, #rec.mat do
      local d, row = {}, {}
      for key, n in rec.mat[k]:gmatch("(%S-)(%-?%d+)") do d[key] = tonumber(n) end
      for j, key in ipairs(types) do row[j] = d[key] or 0 end
      X[#X + 1] = row
    end
    games[#games + 1] = { X = X, y = result }
  end
  return types, games
end

local function fit_games(types, games, pick)
  local X, y = {}, {}
  for i = 1, #games do
    local g = games[pick and pick(i) or i]
    for _, row in ipairs(g.X) do X[#X + 1], y[#y + 1] = row, g.y end
  end
  if #X == 0 or #types == 0 then return nil end
  return stats.logistic(X, y)
end

-- The 2.5th and 97.5th percentiles of each piece's value over bootstrap
-- resamples of the games (seeded: the same intervals every run).
local function intervals(types, games, ref, ref_value, seed)
  local rng = lab.rng_of(seed, 0x7475) -- "tu"
  local samples = {}
  for _ = 1, BOOTSTRAP do
    local fit = fit_games(types, games, function() return rng(#games) end)
    local v = fit and scaled(fit, types, ref, ref_value) or {}
    for key, x in pairs(v) do
      samples[key] = samples[key] or {}
      table.insert(samples[key], x)
    end
  end
  local out = {}
  for key, xs in pairs(samples) do
    table.sort(xs)
    local lo = xs[math.max(1, math.floor(#xs * 0.025 + 0.5))]
    local hi = xs[math.max(1, math.min(#xs, math.ceil(#xs * 0.975)))]
    out[key] = { lo = lo, hi = hi, n = #xs }
  end
  return out
end

-- The report as lines (also the tuned file's comments, after "-- ").
local function report_lines(o, history, final, ci, letters, games_total)
  local lines = {}
  lines[#lines + 1] = fmt("varia tune %s --games %d --depth %s --iterations %d --seed %d --max-plies %d",
    o.variant, o.games, o.depth, o.iterations, o.seed, o.max_plies)
  lines[#lines + 1] = fmt("%d iterations played, %d games", #history - 1, games_total)
  local head = fmt("%-6s %8s  %-15s", "piece", "value", "95% interval")
  for it = 0, #history - 1 do head = head .. fmt(" %7s", it == 0 and "given" or "it " .. it) end
  lines[#lines + 1] = head
  for _, key in ipairs(letters) do
    local c = ci[key]
    local line = fmt("%-6s %8d  %-15s", key, final[key], c and fmt("%d - %d", c.lo, c.hi) or "-")
    for it = 1, #history do line = line .. fmt(" %7s", history[it][key] or "-") end
    lines[#lines + 1] = line
  end
  return lines
end

local function write_tuned(o, final, letters, lines)
  local out = {}
  out[#out + 1] = "-- " .. o.module .. ", its piece values tuned by varia tune (docs/engine.md, Tuning)."
  for _, l in ipairs(lines) do out[#out + 1] = "-- tune: " .. l end
  out[#out + 1] = "local std = require \"std\""
  out[#out + 1] = "local base = require " .. fmt("%q", o.module)
  out[#out + 1] = "return std.extend(base, {"
  out[#out + 1] = fmt("  name = %q,", o.module .. "-tuned")
  out[#out + 1] = "  pieces = {"
  for _, key in ipairs(letters) do
    -- a promoted piece (+p) is not a letter of the pieces table
    if key:match("^%a$") then out[#out + 1] = fmt("    %s = { value = %d },", key, final[key]) end
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "})"
  local f, err = io.open(o.out, "w")
  if not f then lab.die("cannot write " .. o.out .. ": " .. tostring(err)) end
  f:write(table.concat(out, "\n"), "\n")
  f:close()
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

function M.main(tty, args)
  local o = parse(args)
  if o.help then io.write(USAGE) return 0 end
  if o.report then return show_report(o.report) end
  local ok, err = pcall(varia.new, o.variant)
  if not ok then lab.die(tostring(err)) end
  local info = lab.piece_info(o.variant)
  local ref = info.pawn
  local current, letters = {}, {}
  for key, v in pairs(info.declared) do current[key] = v end
  local history = { {} }
  for key, v in pairs(current) do history[1][key] = v end
  local tick = progress(tty, o.games * o.iterations)
  local spec, types, games, ref_value = o.variant, nil, nil, nil
  local played, all = 0, {}
  for it = 1, o.iterations do
    local cfg = lab.make_config(lab.parse_analyze({ spec, "--games", tostring(o.games), "--seed",
      tostring(o.seed * 1000 + it), "--depth", o.depth, "--max-plies", tostring(o.max_plies) }))
    -- the fit of each iteration is over the games of every iteration so
    -- far: the values settle as the games add up
    for _, rec in ipairs(lab.play_games(cfg, nil, function() tick() end)) do all[#all + 1] = rec end
    played = #all
    types, games = rows_of(all)
    if not ref or not current[ref] then
      -- no pawn: the cheapest piece given a value is the reference
      ref = nil
      for _, key in ipairs(types) do
        if (current[key] or 0) > 0 and (not ref or current[key] < current[ref]) then ref = key end
      end
    end
    ref_value = ref and current[ref] and current[ref] > 0 and current[ref] or 100
    local fit = fit_games(types, games)
    local fitted = fit and ref and scaled(fit, types, ref, ref_value) or {}
    local moved = 0
    for key, v in pairs(fitted) do
      -- at most a doubling or a halving an iteration: few games give
      -- wild coefficients, which the next iteration's games then test
      if current[key] and current[key] > 0 then
        v = math.max(current[key] // 2, math.min(current[key] * 2, v))
        fitted[key] = v
      end
      if current[key] and current[key] > 0 then moved = math.max(moved, math.abs(v - current[key]) / current[key])
      else moved = 1 end
      current[key] = v
    end
    local h = {}
    for key, v in pairs(current) do h[key] = v end
    history[#history + 1] = h
    for key in pairs(current) do letters[#letters + 1] = key end
    table.sort(letters)
    local seen, unique = {}, {}
    for _, key in ipairs(letters) do if not seen[key] then seen[key] = true unique[#unique + 1] = key end end
    letters = unique
    local ci = intervals(types, games, ref, ref_value, o.seed * 1000 + it)
    local lines = report_lines(o, history, current, ci, letters, played)
    write_tuned(o, current, letters, lines)
    spec = o.out:find("/", 1, true) and o.out or "./" .. o.out
    -- the file as the loader sees it: a require that does not find the
    -- variant from where it was written is said now, not at its first use
    local loaded, why = pcall(varia.new, spec)
    if not loaded then lab.die(fmt("%s does not load (%s): write it beside the variant's script", o.out, tostring(why):match("^[^\n]*"))) end
    if not next(fitted) then
      lines[#lines + 1] = "(no value could be fitted: too few decided games; try more --games)"
    end
    if it == o.iterations or moved < SETTLED then
      tick(true)
      if it < o.iterations then lines[#lines + 1] = fmt("settled after iteration %d (no value moved %d%%)", it, SETTLED * 100) end
      for _, l in ipairs(lines) do io.write(l, "\n") end
      io.write(fmt("written to %s\n", o.out))
      break
    end
  end
  return 0
end

return M
