-- The evaluation's weights as data a script carries (eval = { ... }) and
-- varia tune's fit of them: the features of a position times their
-- weights are the evaluation (so that the two cannot drift apart), a
-- script's weights are the ones the evaluation uses, a bad eval table is
-- refused naming its field (and its file:line through std.eval), and
-- varia tune writes a script that loads and carries what it fitted.
local t = require "check"

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p " .. dir)
local function write(name, text)
  local f = assert(io.open(dir .. "/" .. name, "w"))
  f:write(text)
  f:close()
  return dir .. "/" .. name
end

local function dot(f)
  local s = 0
  for i, x in ipairs(f.values) do s = s + x * f.weights[i] end
  return s
end

-- A seeded walk of legal moves: the positions of a game, reproducibly.
local function walk(spec, plies, seed, each)
  local g = varia.new(spec, { seed = seed })
  local x = seed
  for _ = 1, plies do
    each(g)
    if g:result() then break end
    local moves = g:legal()
    if #moves == 0 then break end
    x = (x * 1103515245 + 12345) % 2147483648
    g:play(moves[x % #moves + 1])
  end
end

-- Each term of the evaluation rounds to a whole centipawn at most once
-- per piece (the passed pawns' share by the phase, each royal piece's
-- safety, the endgame values' share): the sum of features times weights
-- is the evaluation within that, and in most positions exactly.
local custom = write("weighted.lua", [[
local std = require "std"
return std.extend(require "chess", {
  name = "weighted",
  eval = { mobility = 300, pst = { centre = 200, advance = 300 }, passed = 200, doubled = 25,
           isolated = 4, colour_pair = 60, royal = { shield = 7, attack = 200, edge = 5, centre = 1 },
           values_end = { p = 130, n = 280, r = 600 } },
})
]])
for _, spec in ipairs({ "chess", "shogi", "capablanca", "grand", "crazyhouse", "circe", "gardner", "racingkings",
                        "breakthrough", "3check", "5check", custom }) do
  local worst, positions, exact = 0, 0, 0
  walk(spec, 120, 11, function(g)
    local f = g:features()
    local d = math.abs(dot(f) - f.eval)
    positions = positions + 1
    if d < 1e-6 then exact = exact + 1 end
    -- a centipawn per piece on the board at most
    worst = math.max(worst, d / (2 + #g:fen():gsub("[^%a]", "")))
  end)
  t.check(spec .. ": features times weights are the evaluation", worst <= 1, "off by " .. worst .. " a piece")
  t.check(spec .. ": some positions exactly", exact > 0, exact .. " of " .. positions)
end

-- The start position: nothing rounds, the dot product is the evaluation.
for _, spec in ipairs({ "chess", "shogi", "capablanca", custom }) do
  local f = varia.new(spec):features()
  t.equal(spec .. ": the start exactly", dot(f), f.eval)
end

-- The script's weights are the evaluation's: each changes the weight the
-- features report (in centipawns per unit) and the evaluation by exactly
-- its term.
local mob = write("mob.lua", [[
local std = require "std"
return std.extend(require "chess", { name = "mob", eval = std.eval { mobility = 300, doubled = 40 } })
]])
local moves = { "d2d4", "e7e5", "d4e5", "b8c6", "g1f3" } -- White's e-pawns doubled
local a, b = varia.new("chess"), varia.new(mob)
for _, m in ipairs(moves) do a:play(m) b:play(m) end
local fa, fb = a:features(), b:features()
local function index(f, name) for i, n in ipairs(f.names) do if n == name then return i end end end
local im, id = index(fa, "mobility"), index(fa, "doubled")
t.equal("default mobility weight", fa.weights[im], 1)
t.equal("the script's mobility weight", fb.weights[im], 3)
t.equal("the script's doubled weight", fb.weights[id], 40)
t.equal("the same features", fb.values[im], fa.values[im])
t.check("a position with a doubled pawn and mobility", fa.values[id] ~= 0 and fa.values[im] ~= 0,
  "doubled " .. fa.values[id] .. ", mobility " .. fa.values[im])
t.equal("the evaluation moves by the changed terms", fb.eval - fa.eval,
  math.floor(2 * fa.values[im] + 28 * fa.values[id] + 0.5))

-- Where pieces win by reaching squares (rules.goal), a piece of such a
-- type is worth 200 centipawns times the square of the share of the way
-- it has made, in its own steps on an empty board (pst.goal, per cent;
-- White's less Black's). Racing kings: a king needs 7 steps from the
-- first rank to the eighth; on the second rank (the start) it has made
-- 1 (200 / 49, 4 cp), on the third 2 (200 * 4 / 49, 16), on the seventh
-- 6 (146). King of the Hill: from e1 the hill is 3 king steps away; from
-- e3 one (200 * 4 / 9, 88).
local function goal(spec, moves, fen)
  local g = varia.new(spec, fen and { fen = fen } or nil)
  for _, m in ipairs(moves) do g:play(m) end
  local f = g:features()
  return f.values[index(f, "pst.goal")], f
end
t.equal("racing kings: both kings on their second rank", goal("racingkings", {}), 0)
t.equal("racing kings: White's king a rank up", goal("racingkings", { "h2h3" }), 16 - 4)
t.equal("racing kings: and Black's too", goal("racingkings", { "h2h3", "a2a3" }), 0)
t.equal("racing kings: White's king on the seventh rank, Black's on its second",
  goal("racingkings", {}, "8/7K/8/8/8/8/krbnNB1R/qrbnNBRQ b - - 0 1"), 146 - 4)
t.equal("king of the hill: a king on e3", goal("kingofthehill", { "e2e4", "e7e5", "e1e2", "d7d6", "e2e3" }), 88)
local goalless = write("goalless.lua", [[
local std = require "std"
return std.extend(require "racingkings", { name = "goalless", eval = std.eval { pst = { goal = 0 } } })
]])
local _, fa1 = goal("racingkings", { "h2h3" })
local _, fb1 = goal(goalless, { "h2h3" })
t.equal("pst.goal = 0: the same feature", fb1.values[index(fb1, "pst.goal")], 12)
t.equal("pst.goal = 0: no weight", fb1.weights[index(fb1, "pst.goal")], 0)
t.equal("pst.goal = 0: the evaluation without the term", fa1.eval - fb1.eval, 12)
t.equal("chess has no goal", goal("chess", { "e2e4" }), 0)

-- Where giving check_limit checks wins, the checks given: the weight
-- (checks, 500 centipawns) times the square of the share of the way to
-- one check short of the limit, White's less Black's. Three-check: one
-- check given is a quarter of the way squared (125 cp), two the whole
-- (500); the FEN says the checks each side still needs.
local function checks(spec, counters)
  local fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " .. counters .. " 0 1"
  local f = varia.new(spec, { fen = fen }):features()
  return f.values[index(f, "checks")], f.weights[index(f, "checks")], f.eval
end
local c0, w0, e0 = checks("3check", "3+3")
local c1, _, e1 = checks("3check", "2+3")
local c2, _, e2 = checks("3check", "3+1")
t.equal("three-check: no check given", c0, 0)
t.equal("three-check: the weight", w0, 500)
t.equal("three-check: White gave one", c1, 0.25)
t.equal("three-check: one check is worth 125", e1 - e0, 125)
t.equal("three-check: Black gave two", c2, -1)
t.equal("three-check: two checks are worth 500", e0 - e2, 500)
local c5 = checks("5check", "4+5")
t.equal("five-check: White gave one of the four short of the limit", c5, 1 / 16)

-- A bad eval table is refused, naming the field: through std.eval at the
-- file:line of the table, and by the loader whoever built it.
local bad1 = write("bad1.lua", [[
local std = require "std"
return std.extend(require "chess", {
  name = "bad1",
  eval = std.eval {
    mobility = 150,
    pst = { centre = 100, advanse = 3 },
  },
})
]])
t.raises("std.eval: an unknown key at its file:line", bad1 .. ":4: eval.pst.advanse: unknown key", varia.new, bad1)
local bad2 = write("bad2.lua", [[
local std = require "std"
return std.extend(require "chess", { name = "bad2", eval = std.eval { royal = { shield = 20000 } } })
]])
t.raises("std.eval: out of range at its file:line", bad2 .. ":2: eval.royal.shield: 20000 is out of range (-10000 to 10000)",
  varia.new, bad2)
local bad3 = write("bad3.lua", [[
local std = require "std"
return std.extend(require "chess", { name = "bad3",
  eval = { mobility = 1.5, colour = 3, royal = { shield = 100000 }, values_end = { z = 3 }, pst = 4 } })
]])
local ok, err = pcall(varia.new, bad3)
t.check("the loader refuses a bad eval table", not ok)
for _, want in ipairs({ "eval.mobility: expected a whole number", "eval.colour: unknown key",
                        "eval.royal.shield: 100000 is out of range (-10000 to 10000)",
                        "eval.values_end.z: not a piece of the variant", "eval.pst: expected a table" }) do
  t.check("the loader names " .. want, tostring(err):find(want, 1, true), tostring(err))
end
t.check("the loader's message names the file", tostring(err):find(bad3, 1, true), tostring(err))

-- varia tune on a small variant with few games: a script that loads, and
-- whose evaluation carries the values and weights the file writes.
local out = dir .. "/gt.lua"
local status = os.execute("./varia tune gardner --games 6 --depth 1 --iterations 2 --seed 5 --out " .. out ..
  " > " .. dir .. "/tune.txt 2>&1")
t.check("varia tune ran", status)
local text = assert(io.open(out)):read("a")
t.check("the file has an eval table", text:find("eval = std.eval {", 1, true), text)
local f = varia.new(out):features()
local checked = 0
for i, name in ipairs(f.names) do
  local want
  local letter = name:match("^value%.(%a)$")
  if letter and letter ~= "k" then want = text:match("\n    " .. letter .. " = { value = (%-?%d+) },") end
  local key = name:match("^([%a_]+)$")
  if key then want = text:match("\n    " .. key .. " = (%-?%d+),") end
  local group, sub = name:match("^([%a_]+)%.(%a+)$")
  if group and (group == "pst" or group == "royal") then
    want = text:match("\n    " .. group .. " = {[^}]-[ {]" .. sub .. " = (%-?%d+)")
  elseif group == "values_end" then
    want = text:match("\n    values_end = {[^}]-[ {]" .. sub .. " = (%-?%d+)")
  end
  if want then
    checked = checked + 1
    t.equal("tuned " .. name, math.floor(f.weights[i] * f.scales[i] + 0.5), tonumber(want))
  end
end
t.check("every weight of the file checked", checked >= 20, checked)
local report = io.popen("./varia tune --report " .. out):read("a")
t.check("--report: the weights' table", report:find("term             weight  95%% interval      given    it 1    it 2"), report)

for _, name in ipairs({ "weighted.lua", "mob.lua", "goalless.lua", "bad1.lua", "bad2.lua", "bad3.lua", "gt.lua", "tune.txt" }) do
  os.remove(dir .. "/" .. name)
end
os.remove(dir)
t.done()
