-- labdiff: `varia diff A B`, two revisions of a variant compared as rules
-- (docs/lab.md). Perft from the start; then seeded random walks, their
-- steps drawn in turn from A's legal steps and from B's, played on both
-- games at once: at each position the legal steps, the result, and the
-- position each step leads to must agree. With --games N, the analyze
-- figures of both, side by side, with a test of each difference.
-- Exit status: 0 when they play alike, 1 when they differ, 2 on error.
local stats = require "labstats"
local lab = ... -- lua/lab.lua, given by src/front/cli.c

local M = {}
local fmt = string.format

local USAGE = [==[
usage: varia diff A B [--depth D] [--positions N] [--seed S] [--examples K]
                      [--games N [--depth D] [--openings ...]
                                 [--engine uci:CMD|cecp:CMD] ...]
A and B are variants (names, script files, FILE.ini:SECTION, with
:OPTIONS), or FILE@REV: the file as git revision REV has it. Compares
perft from the start to --depth (default 3), the legal steps, results and
positions of --positions (default 2000) positions of seeded random games
whose steps are drawn in turn from A's and B's legal steps, and prints the
first --examples (default 3) positions that differ as FEN with the steps
only A or only B allows. With --games N, plays N games of each as varia
analyze does (its options apply: --engine has an external engine play
them, when it knows both variants) and compares the figures (p < 0.05 is
marked). Exit status: 0 when they play alike, 1 when they differ, 2 on an
error.
]==]

-- FILE@REV: the file as the git revision has it, in a directory of its
-- own (so that its name, and the name of the variant, stay the same).
local function resolve(lab, spec, tmpdirs)
  local file, rev, opts = spec:match("^(.-)@([^:@/][^:@]*)(.*)$")
  if not file or file == "" then return spec end
  local f = io.open(file, "r")
  if not f then return spec end
  f:close()
  local dir = os.tmpname()
  os.remove(dir)
  if not os.execute("mkdir -p " .. lab.shell_quote(dir)) then lab.die("cannot make a temporary directory") end
  tmpdirs[#tmpdirs + 1] = dir
  local here, base = file:match("^(.*)/([^/]*)$")
  here, base = here or ".", base or file
  local out = dir .. "/" .. base
  local cmd = fmt("git -C %s show %s 2>&1 > %s", lab.shell_quote(here), lab.shell_quote(rev .. ":./" .. base), lab.shell_quote(out))
  local p = io.popen(cmd, "r")
  local msg = p:read("a")
  if not p:close() then lab.die(fmt("%s: git show failed: %s", spec, (msg:gsub("%s+$", "")))) end
  return out .. opts, spec
end

local function sorted_legal(g)
  local l = g:legal()
  table.sort(l)
  return l
end

-- The steps of a and b (sorted lists) that the other lacks.
local function only(a, b)
  local inb, out = {}, {}
  for _, m in ipairs(b) do inb[m] = true end
  for _, m in ipairs(a) do if not inb[m] then out[#out + 1] = m end end
  return out
end

local function result_text(g)
  local w, r = g:result()
  return w and (w .. " (" .. tostring(r) .. ")") or "none"
end

local function parse(lab, args)
  local o = { depth = 3, positions = 2000, seed = 1, examples = 3, rest = {} }
  local specs = {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local function value()
      i = i + 1
      if args[i] == nil then lab.usage_error(a .. " needs a value") end
      return args[i]
    end
    local function count(min)
      local v = value()
      local n = v:match("^%d+$") and math.tointeger(tonumber(v))
      if not n or n < min then lab.usage_error(fmt("%s needs a whole number of at least %d, not '%s'", a, min, v)) end
      return n
    end
    if a == "--help" or a == "-h" then o.help = true
    elseif a == "--depth" then
      o.depth_text = value()
      local d = o.depth_text:match("^%d+$") and tonumber(o.depth_text)
      if not d or d < 1 or d > 8 then lab.usage_error("--depth needs a number from 1 to 8, not '" .. o.depth_text .. "'") end
      o.depth = math.tointeger(d)
    elseif a == "--positions" then o.positions = count(0)
    elseif a == "--examples" then o.examples = count(0)
    elseif a == "--seed" then o.seed = count(0)
    elseif a == "--games" then o.games = count(1)
    elseif a == "--openings" or a == "--max-plies" or a == "--movetime" or a == "--engine"
        or a == "--engine-option" or a == "--engine-variant" then
      o.rest[#o.rest + 1] = a
      o.rest[#o.rest + 1] = value()
    elseif a:sub(1, 1) == "-" then lab.usage_error("unknown option '" .. a .. "'")
    else specs[#specs + 1] = a end
    i = i + 1
  end
  if o.help then return o end
  if #specs ~= 2 then lab.usage_error("two variants are needed: varia diff A B") end
  o.a, o.b = specs[1], specs[2]
  return o
end

local function new(lab, spec, fen)
  local ok, g, err = pcall(varia.new, spec, fen and { fen = fen } or nil)
  if not ok then lab.die(tostring(g)) end
  return g, err
end

-- Compares the rules; prints what differs. Returns whether they differ.
local function compare_rules(lab, o, A, B, la, lb)
  local differ = false
  local ga, gb = new(lab, A), new(lab, B)
  local fa, fb = ga:fen(), gb:fen()
  print(fmt("A: %s (%s)", la, ga:variant()))
  print(fmt("B: %s (%s)", lb, gb:variant()))
  if fa ~= fb then
    differ = true
    print("start positions differ:")
    print("  A: " .. fa)
    print("  B: " .. fb)
  end
  local line = {}
  for d = 1, o.depth do
    local pa, pb = ga:perft(d), gb:perft(d)
    line[#line + 1] = pa == pb and fmt("%d: %d", d, pa) or fmt("%d: %d against %d", d, pa, pb)
    if pa ~= pb then differ = true end
  end
  print((fa == fb and "perft from the start: " or "perft from each one's start: ") .. table.concat(line, ", "))
  -- the walks: both games from A's start
  local counted, differing, results, examples, walks, perfts = 0, 0, 0, {}, 0, 0
  local function example(kind, fen, a_only, b_only, detail)
    if #examples < o.examples then
      examples[#examples + 1] = { kind = kind, fen = fen, a = a_only, b = b_only, detail = detail }
    end
  end
  local walk_len = 120
  while counted < o.positions do
    walks = walks + 1
    local rnd = lab.rng_of(o.seed, walks)
    local wa = new(lab, A)
    local wb, err = new(lab, B, wa:fen())
    if not wb then
      print("no positions compared: B cannot start from A's start (" .. tostring(err) .. ")")
      return true
    end
    local chooser = walks % 2 == 1 and "A" or "B"
    for ply = 1, walk_len do
      if counted >= o.positions then break end
      counted = counted + 1
      local fen = wa:fen()
      local ra, rb = result_text(wa), result_text(wb)
      if ra ~= rb then
        results = results + 1
        differ = true
        example("result", fen, {}, {}, fmt("result in A: %s; in B: %s", ra, rb))
        break
      end
      if wa:result() then break end
      local sa, sb = sorted_legal(wa), sorted_legal(wb)
      local oa, ob = only(sa, sb), only(sb, sa)
      if #oa > 0 or #ob > 0 then
        differing = differing + 1
        differ = true
        example("moves", fen, oa, ob)
      elseif ply % 8 == 0 then
        perfts = perfts + 1
        local pa, pb = wa:perft(2), wb:perft(2)
        if pa ~= pb then
          differ = true
          example("perft", fen, {}, {}, fmt("perft 2: %d in A, %d in B", pa, pb))
        end
      end
      local list = chooser == "A" and sa or sb
      if #list == 0 then break end
      local mv = list[rnd(#list)]
      local ok_a, ok_b = wa:play(mv), wb:play(mv)
      if not (ok_a and ok_b) then break end -- a step only one allows: counted above
      if wa:fen() ~= wb:fen() then
        differ = true
        example("step", fen, {}, {}, fmt("%s leads to %s in A, %s in B", mv, wa:fen(), wb:fen()))
        break
      end
    end
  end
  print(fmt("positions compared: %d, in %d random games (steps drawn in turn from A's and B's legal steps), perft 2 at %d of them",
    counted, walks, perfts))
  print(fmt("legal steps differ in %d (%.1f%%); results differ in %d", differing,
    counted > 0 and 100 * differing / counted or 0, results))
  for k, e in ipairs(examples) do
    print(fmt("example %d: %s", k, e.fen))
    if e.kind == "moves" then
      print("  only A: " .. (#e.a > 0 and table.concat(e.a, " ") or "-"))
      print("  only B: " .. (#e.b > 0 and table.concat(e.b, " ") or "-"))
    else
      print("  " .. e.detail)
    end
  end
  return differ
end

-- --games: the analyze figures of both, side by side.
local function compare_games(lab, o, A, B)
  local args = { A, "--games", tostring(o.games), "--seed", tostring(o.seed), "--depth", o.depth_text or "2" }
  for _, x in ipairs(o.rest) do args[#args + 1] = x end
  local reports, lists = {}, {}
  for k, spec in ipairs({ A, B }) do
    args[1] = spec
    local cfg = lab.make_config(lab.parse_analyze(args))
    local records, info = lab.play_games(cfg, nil, nil)
    reports[k], lists[k] = lab.report(cfg, records, info)
  end
  print("")
  print(fmt("%d games each (%s)", o.games, (lab.make_config(lab.parse_analyze(args)).command:gsub("^varia analyze %S+ ", ""))))
  print(fmt("%-28s %-24s %-24s %7s", "figure", "A", "B", "p"))
  local significant, few = 0, 0
  for _, row in ipairs(lab.ROWS) do
    local fa, fb = reports[1].figures[row[1]], reports[2].figures[row[1]]
    if fa and fb and fa.value and fb.value then
      local p
      local la, lb = lists[1][row[1]], lists[2][row[1]]
      if la and lb then p = stats.welch(la, lb)
      elseif fa.lo then p = stats.two_proportions(fa.value * fa.n, fa.n, fb.value * fb.n, fb.n) end
      local function cell(f)
        local prec = math.abs(f.value) >= 10 and "%.1f" or "%.3f"
        if not f.lo then return fmt(prec, f.value) end
        return fmt(prec .. " (" .. prec .. " - " .. prec .. ")", f.value, f.lo, f.hi)
      end
      local mark = p and p < 0.05 and " *" or ""
      if mark ~= "" then significant = significant + 1 end
      if fa.few or fb.few then
        few = math.max(few, fa.min or 0)
        mark = mark .. " few"
      end
      print(fmt("%-28s %-24s %-24s %7s%s", row[2], cell(fa), cell(fb), p and fmt("%.3f", p) or "", mark))
    end
  end
  print(significant > 0 and fmt("%d differences significant at p < 0.05 (marked *)", significant)
    or "no difference significant at p < 0.05")
  if few > 0 then
    print("(few: fewer games than the lab's minimum for that figure (analyze's report names each); a hint, not a measurement)")
  end
  return significant > 0
end

function M.main(lab, args)
  local o = parse(lab, args)
  if o.help then io.write(USAGE) return 0 end
  local tmpdirs = {}
  local ok, status = pcall(function()
    local A, la = resolve(lab, o.a, tmpdirs)
    local B, lb = resolve(lab, o.b, tmpdirs)
    local differ = compare_rules(lab, o, A, B, la or A, lb or B)
    if o.games and compare_games(lab, o, A, B) then differ = true end
    print(differ and "they differ" or "no difference")
    return differ and 1 or 0
  end)
  for _, d in ipairs(tmpdirs) do os.execute("rm -rf " .. lab.shell_quote(d)) end
  if not ok then error(status, 0) end
  return status
end

return M
