-- Hostile variant scripts (tests/lua/hostile/): each class of escape from
-- the sandbox the hardening issue found, one section each. Every script
-- must fail cleanly: an error or a refused move, the game as it was, and
-- no effect on other games or on trusted code.

local t = require "check"
local std = require "std"
local H = "tests/lua/hostile/"

-- The state of a game, to compare before and after a call that fails.
local function snapshot(g)
  local msgs = {}
  for _, who in ipairs({ "white", "black" }) do
    for _, m in ipairs(g:messages(who)) do msgs[#msgs + 1] = who .. m.index .. m.type .. m.text end
  end
  return g:fen() .. "|" .. table.concat(g:history(), " ") .. "|" .. table.concat(msgs, ";")
end

local function messages_of(g, type)
  local out = {}
  for _, m in ipairs(g:messages("white")) do if m.type == type then out[#out + 1] = m.text end end
  return out
end

-- 1. Memory safety through the Game metatable --------------------------------
do
  t.equal("getmetatable of a game (trusted code)", getmetatable(varia.new("chess")), "varia.Game")
  local g = varia.new(H .. "gc.lua")
  for _, m in ipairs({ "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6" }) do
    t.equal("gc: " .. m .. " is played", (g:play(m)), true)
  end
  collectgarbage()
  collectgarbage()
  t.equal("gc: the hook saw a string, not the metatable", messages_of(g, "metatable")[1], "varia.Game")
  t.equal("gc: the game goes on", #g:history(), 6)
  t.equal("gc: its position", g:fen(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
  t.equal("getmetatable of a variant", getmetatable(select(2, pcall(function()
    local v
    for _, x in pairs(debug.getregistry()["varia.variants"]) do v = x end
    return v
  end))), "varia.Variant")

  -- A finalizer that runs after the game's own __gc finds it closed.
  local after
  local holder = setmetatable({}, { __gc = function(o) after = { pcall(o.g.play, o.g, "e2e4") } end })
  holder.g = varia.new("chess") -- marked for finalization after holder: finalized first
  holder = nil
  collectgarbage()
  collectgarbage()
  t.equal("a finalized game refuses methods", after and after[1], false)
  t.check("... saying so", after and tostring(after[2]):find("closed game", 1, true), after and after[2])

  -- <close> frees a game, after which it refuses methods.
  local closed
  do
    local c <close> = varia.new("chess")
    closed = c
  end
  t.raises("a closed game refuses methods", "attempt to use a closed game", closed.fen, closed)
  t.equal("a closed game prints as closed", tostring(closed), "varia.Game(closed)")
end

-- 2. One game's script must not change another's behaviour -------------------
do
  local g = varia.new(H .. "methods.lua")
  t.equal("methods: the hook runs", (g:play("e2e4")), true)
  t.equal("methods: it saw no metatable", messages_of(g, "metatables")[1], "varia.Game string")
  local k = varia.new("kriegspiel")
  t.check("methods: Kriegspiel's view still hides", k:view("white"):find("?", 1, true), k:view("white"))
  t.equal("methods: g:fen unchanged", k:fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
  t.equal("methods: tostring unchanged", tostring(k):sub(1, 11), "varia.Game(")
  t.equal("methods: trusted string.upper", ("x"):upper(), "X")
  t.equal("methods: trusted string.rep", string.rep("ab", 2), "abab")

  -- What one script changes in its libraries and in std is its own.
  varia.new(H .. "poison.lua")
  local v = varia.new(H .. "victim.lua")
  t.equal("poison: std's queen in another script", varia.load(H .. "victim.lua").pieces.q.betza, "Q")
  t.equal("poison: another script's libraries", (v:play("e2e4")) and messages_of(v, "libraries")[1], "2ab")
  t.equal("poison: trusted string.format", string.format("%d", 7), "7")
  t.equal("poison: trusted std", std.pieces.queen.betza, "Q")

  -- A game kept by a hook is dead once the hook returns: from the hook of
  -- another game (finalizers are refused to scripts altogether).
  local a, b = varia.new(H .. "stash.lua"), varia.new(H .. "stash.lua")
  t.equal("stash: a plays", (a:play("e2e4")), true)
  local ok, msg = b:play("d2d4")
  t.equal("stash: b's hook may not undo a's move", ok, nil)
  t.check("... because a's view is dead", tostring(msg):find("only while its hooks run", 1, true), msg)
  t.equal("stash: b is as before", #b:history(), 0)
  collectgarbage()
  collectgarbage()
  t.equal("stash: a keeps its move after the finalizers", table.concat(a:history(), " "), "e2e4")

  -- Variant tables are read raw: their metamethods (endless loops) never
  -- run in trusted code.
  local m = varia.new(H .. "meta_table.lua")
  t.equal("meta: the variant loads without running its metamethods", m:variant(), "hostile-meta")
end

-- 4. A hook error loses nothing --------------------------------------------
do
  local g = varia.new(H .. "failing.lua")
  t.equal("failing: e2e4", (g:play("e2e4")), true)
  local before = snapshot(g)
  local ok, msg = g:play("e7e5")
  t.equal("failing on_move: refused", ok, nil)
  t.check("... with the hook's message", tostring(msg):find("on_move refuses e7e5", 1, true), msg)
  t.equal("failing on_move: the game as before (e2e4 kept)", snapshot(g), before)
  ok, msg = g:play("e8e6")
  t.equal("failing on_attempt: refused", ok, nil)
  t.check("... with the hook's message", tostring(msg):find("on_attempt refuses e8e6", 1, true), msg)
  t.equal("failing on_attempt: the game as before", snapshot(g), before)
  local a = varia.new(std.extend(std.chess, { tries = true, on_attempt = function() return 42 end }))
  ok, msg = a:play("e2e5")
  t.check("on_attempt's answer must be a string", not ok and tostring(msg):find(
          "on_attempt returned a number as the answer (expected a string, or nil)", 1, true), msg)
  t.equal("... and the try is not recorded", #a:history(), 0)
  ok = g:play("d7d5", "e7e5")
  t.equal("failing: several moves are all or none", ok, nil)
  t.equal("failing: ... none", snapshot(g), before)
  t.equal("failing: the game goes on", (g:play("d7d5")), true)
  t.equal("failing: history", table.concat(g:history(), " "), "e2e4 d7d5")

  -- Hooks that try to change their game: each call fails and leaves the
  -- game as it was; a copy is the hook's own to play on.
  local c = varia.new(H .. "changes.lua")
  t.equal("changes: a hook plays on a copy", (c:play("e2e4")), true)
  t.equal("changes: the copy's position", messages_of(c, "copy")[1],
          "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2")
  for _, m in ipairs({ "d7d5", "d7d6" }) do c:undo() c:play("e2e4") end -- plain undo works
  before = snapshot(c)
  for _, m in ipairs({ "d2d4", "c2c4", "b2b4", "a2a4", "h2h4" }) do
    c:undo()
    local b2 = snapshot(c)
    ok, msg = c:play(m)
    t.equal("changes: " .. m .. " refused", ok, nil)
    t.check("changes: " .. m .. " says why", tostring(msg):find("a hook may not play, undo or change", 1, true) or
            tostring(msg):find("non-closable", 1, true), msg)
    t.equal("changes: " .. m .. " leaves the game as it was", snapshot(c), b2)
    t.equal("changes: " .. m .. " attribute untouched", c:attr("e2"), 0)
    c:play("e2e4")
  end
  t.equal("changes: back where it was", snapshot(c), before)
  c:play("e7e5")
  local w, reason = c:result()
  t.equal("changes: on_result may not undo", #c:history(), 2)
  t.check("... and says so in the result", tostring(reason):find("a hook may not play, undo or change", 1, true), reason)
end

-- 8. Small ones -------------------------------------------------------------
do
  local function result_of(kind)
    local g = varia.new(H .. "results.lua", { options = { kind = kind } })
    g:play("e2e4")
    return g:result()
  end
  local w, r = result_of("good")
  t.equal("results: a good result", w .. "/" .. r, "black/rule of the test")
  w, r = result_of("table_reason")
  t.check("results: a table as the reason is an error with file:line",
          tostring(r):find("results.lua:%d+: on_result returned a table as the reason"), r)
  w, r = result_of("bad_winner")
  t.check("results: an unknown winner is an error with file:line",
          tostring(r):find('results.lua:%d+: on_result returned "whte" as the winner'), r)
  w, r = result_of("number_winner")
  t.check("results: a number as the winner", tostring(r):find("on_result returned a number as the winner", 1, true), r)
  w, r = result_of("nul_reason")
  t.check("results: a reason with a NUL", tostring(r):find("NUL character", 1, true), r)

  -- varia.new and hooks in a coroutine
  local co = coroutine.wrap(function()
    local g = varia.new("kriegspiel")
    coroutine.yield(g:play("e2e4"))
    return g
  end)
  t.equal("coroutine: varia.new and play", co(), true)
  local kg = co()
  t.equal("coroutine: the game outlives it", (kg:play("e7e5")), true)
  collectgarbage()
  t.equal("coroutine: hooks after the coroutine is gone", (kg:play("g1f3")), true)
  t.equal("coroutine: messages", #kg:messages("white") > 0, true)

  -- whole numbers
  local function check(changes) return varia.check(std.extend(std.chess, changes)) end
  t.equal("files = 8.0 is a whole number", check({ files = 8.0 }), true)
  t.fails("files = 8.5", "files: expected a whole number", check({ files = 8.5 }))
  t.fails("files = math.maxinteger", "files: 9223372036854775807 is out of range (1 to 16)",
          check({ files = math.maxinteger }))
  t.fails("files = -2^63", "files: -9223372036854775808 is out of range", check({ files = math.mininteger }))
  t.fails("files = 1e300", "files: 1e+300 is out of range (1 to 16)", check({ files = 1e300 }))
  t.fails("files = 0/0", "files: expected a whole number", check({ files = 0 / 0 }))
  t.fails("files = '8'", "files: expected a whole number", check({ files = "8" }))
  t.equal("promotion.limit with 2.0", check({ promotion = { limit = { q = 2.0 } } }), true)
  t.fails("g:undo(huge)", "cannot undo 9223372036854775807 steps", varia.new("chess"):undo(math.maxinteger))

  -- strings with NUL characters
  t.fails("a NUL in the start FEN", 'start: contains a NUL character after "rnbqkbnr',
          check({ start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\0F KQkq - 0 1" }))
  t.fails("a NUL in a piece's Betza", "pieces.n.betza: contains a NUL character after \"N\"",
          check({ pieces = { n = { betza = "N\0B" } } }))
  t.fails("a NUL in visibility", "visibility: contains a NUL character", check({ visibility = "all\0own" }))
  local g = varia.new("chess")
  t.raises("g:play with a NUL", "bad argument #1 to 'play' (contains a NUL character)",
           function() return g:play("e2e4\0junk") end)
  t.equal("... plays nothing", #g:history(), 0)
  t.raises("g:view with a NUL", "contains a NUL character", g.view, g, "white\0x")
  t.raises("varia.new with a NUL", "contains a NUL character", varia.new, "chess\0x")
end

t.done()
