-- Every method of the position a hook is given pays the budget for its
-- work: a hook that loops on any one of them stops with the budget error
-- within 2.5 times what a loop of plain Lua takes. Before, no pos:
-- method was charged (a loop on pos:legal() ran 9 times longer than a
-- plain loop, pos:captures(list) with a long list for hours).
-- Run by tests/run-cli.sh with a small budget: VARIA_BUDGET=4000000, and
-- under the sanitizers with VARIA_SLOWDOWN=4: there varia's C is
-- instrumented and Debian's Lua is not, so a method's work takes several
-- times longer beside the same plain loop (CI timed pos:put and the other
-- methods that record a change for unmake at 4.6 to 5.4 times it).
local std = require "std"

-- The cases: { name, hook, body(pos, moves, long list) }.
local busy = false
local cases = {
  { "side", "moves", function(pos) return pos:side() end },
  { "mover", "moves", function(pos) return pos:mover() end },
  { "step", "moves", function(pos) return pos:step() end },
  { "fullmove", "moves", function(pos) return pos:fullmove() end },
  { "piece", "moves", function(pos) return pos:piece("e2") end },
  { "attr", "moves", function(pos) return pos:attr("e2") end },
  { "state", "moves", function(pos) return pos:state(1) end },
  { "set_state", "effects", function(pos) return pos:set_state(1, 0) end },
  { "pieces", "moves", function(pos) return pos:pieces("white") end },
  { "count", "moves", function(pos) return pos:count("white") end },
  { "royal", "moves", function(pos) return pos:royal("white") end },
  { "files", "moves", function(pos) return pos:files() end },
  { "ranks", "moves", function(pos) return pos:ranks() end },
  { "file", "moves", function(pos) return pos:file("e2") end },
  { "rank", "moves", function(pos) return pos:rank("e2") end },
  { "square", "moves", function(pos) return pos:square(5, 2) end },
  { "attacked", "moves", function(pos) return pos:attacked("e4", "black") end },
  { "attacked, some pieces", "moves", function(pos) return pos:attacked("e4", "black", { e7 = true, d8 = true }) end },
  { "attackers", "moves", function(pos) return pos:attackers("e3", "white") end },
  { "in_check", "moves", function(pos) return pos:in_check("white") end },
  { "uci", "moves", function(pos, l) return pos:uci(l[1]) end },
  { "decode", "moves", function(pos, l) return pos:decode(l[1]) end },
  { "captures", "moves", function(pos, l) return pos:captures(l[1]) end },
  { "captures of a long list", "moves", function(pos, l, long) return pos:captures(long) end },
  { "move", "moves", function(pos) return pos:move("e2", "e4", "x") end },
  { "legal", "moves", function(pos)
    -- the moves hook of pos:legal()'s own generation answers at once
    if busy then return end
    busy = true
    pcall(pos.legal, pos)
    busy = false
  end },
  { "pseudo", "moves", function(pos) return pos:pseudo() end },
  { "pseudo, some pieces", "moves", function(pos) return pos:pseudo({ attr = 1, value = 0 }) end },
  { "moves_as", "moves", function(pos) return pos:moves_as("e4", "Q") end },
  { "make", "moves", function(pos, l) return pos:make(l[1]) end },
  { "unmake", "moves", function(pos) return pos:unmake() end },
  { "make and unmake", "moves", function(pos, l) pos:make(l[1]); return pos:unmake() end },
  { "put", "effects", function(pos) return pos:put("e4", "N") end },
  { "remove", "effects", function(pos) return pos:remove("a7") end },
  { "recolour", "effects", function(pos) return pos:recolour("a7") end },
  { "set_attr", "effects", function(pos) return pos:set_attr("a7", 1) end },
  { "relocate", "effects", function(pos) return pos:relocate("a7", "a6") end },
  { "reset_clock", "effects", function(pos) return pos:reset_clock() end },
  { "fen", "moves", function(pos) return pos:fen() end },
  { "tostring", "moves", function(pos) return tostring(pos) end },
}

local long = {}
for i = 1, 100000 do long[i] = 796 end -- e2e4's code, or near enough

-- A hook loops on body until the budget stops it; past give_up seconds of
-- CPU it stops itself (the old code: a failure, not a test that hangs).
local give_up = 3
local function variant(hook, body)
  local function loop(pos, list)
    if busy then return end
    local t0, i = os.clock(), 0
    while true do
      pcall(body, pos, list or {}, long)
      i = i + 1
      if i % 256 == 0 and os.clock() - t0 > give_up then error("still running after " .. give_up .. " s") end
    end
  end
  local hooks = { kinds = { "x" } }
  if hook == "moves" then hooks.moves = loop
  else hooks.effects = function(pos) return loop(pos) end end
  return std.extend(std.chess, { name = "pos-budget", hooks = hooks })
end

local function run(hook, body)
  local g = varia.new(variant(hook, body))
  busy = false -- a budget error leaves the legal case's flag set
  local t0 = os.clock()
  local ok, err
  if hook == "moves" then ok, err = pcall(g.legal, g) else ok, err = pcall(g.play, g, "e2e4") end
  return os.clock() - t0, not ok and tostring(err) or "no error"
end

-- What a loop of plain Lua takes (the fastest of three).
local function plain_loop() return (run("moves", function() end)) end
local plain = math.huge
for _ = 1, 3 do plain = math.min(plain, plain_loop()) end
local slowdown = tonumber(os.getenv("VARIA_SLOWDOWN") or "") or 1
local function limit_of(p) return slowdown * 2.5 * p + 0.02 end
local limit = limit_of(plain)
local failed = 0
-- A case is timed like the plain loop, the fastest of up to five runs,
-- each beside a plain loop timed again just before it: the machine is
-- shared, and a slow second (CI once timed pos:put and pos:remove, six
-- runs in a row, at 3.5 times the plain loop of the start) slows both
-- alike. An uncharged method runs until give_up, or nine times the plain
-- loop: no retry passes it (nor, at give_up, the sanitizers' limit).
local function timed(c)
  local best, err, within = math.huge, nil, false
  for try = 1, 5 do
    local near = try == 1 and plain or plain_loop()
    local t, e = run(c[2], c[3])
    if t < best then best, err = t, e end
    within = within or t <= limit_of(math.max(plain, near))
    if not e:find("instruction budget of", 1, true) or within then break end
  end
  return best, err, within
end
for _, c in ipairs(cases) do
  local t, err, within = timed(c)
  local ok = err:find("instruction budget of", 1, true) and within
  if not ok then
    failed = failed + 1
    print(string.format("FAIL pos:%s: %.3f s (at most %.3f), %s", c[1], t, limit, err:match("[^\n]*")))
  end
end
print(string.format("%d methods stopped by the budget within %.3f s (a plain loop: %.3f s), %d failed",
  #cases - failed, limit, plain, failed))
if failed > 0 then os.exit(1) end
