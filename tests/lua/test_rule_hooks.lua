-- The rule-hook machinery (src/lua/rulehooks.c, docs/api.md "Rule hooks"):
-- what every script relies on, apart from any one rule. The catalogue
-- scripts' own tests check their rules.

local t = require "check"
local std = require "std"

local function chess_with(hooks, extra)
  local v = std.extend(std.chess, { name = "hooked", hooks = hooks })
  for k, x in pairs(extra or {}) do v[k] = x end
  return v
end

local function sorted(list)
  table.sort(list)
  return table.concat(list, " ")
end

local function snapshot(g)
  return g:fen() .. "|" .. table.concat(g:history(), " ")
end

-- 1. Make and unmake are exact: on seeded random games of every hooked
-- variant shipped, each legal move played and taken back restores the
-- FEN (board, rights, en passant, clocks, hook state) and the legal moves.
do
  local specs = { "madrasi", "circe", "docs/examples/hooks/atomic.lua", "docs/examples/hooks/3check.lua",
                  "docs/examples/hooks/antichess.lua", "docs/examples/hooks/kingofthehill.lua" }
  -- (progressive's whole turns grow with every turn: test_invariants.lua
  -- plays it step by step)
  for _, name in ipairs({ "andernach", "patrol", "grid", "rifle", "checkless", "takemake",
                          "marseillais", "alice" }) do
    if pcall(varia.load, name) then specs[#specs + 1] = name end
  end
  math.randomseed(11)
  for _, spec in ipairs(specs) do
    local g = varia.new(spec)
    local bad, tried = nil, 0
    for ply = 1, 40 do
      local moves = g:legal()
      if #moves == 0 or g:result() then break end
      local before, legal_before = g:fen(), sorted(g:legal())
      for _, m in ipairs(moves) do
        g:play(m)
        -- a turn of several steps (e2e4,e4f6) is undone step by step
        g:undo(select(2, m:gsub(",", ",")) + 1)
        tried = tried + 1
        if g:fen() ~= before or sorted(g:legal()) ~= legal_before then bad = before .. " " .. m end
      end
      g:play(moves[math.random(#moves)])
    end
    t.equal(spec .. ": every move undone exactly (" .. tried .. " tried)", bad, nil)
  end
end

-- 2. A hook that fails stops the call with a message naming the hook and
-- its file:line, and the game is as it was.
do
  local v = chess_with({
    moves = function(pos, moves)
      if pos:fullmove() >= 2 then error("no second move") end
      return moves
    end,
  })
  local g = varia.new(v)
  t.equal("the first moves play", (g:play("e4", "e5")), true)
  local before = snapshot(g)
  local ok, err = pcall(g.play, g, "Nf3")
  t.check("a failing moves hook raises", not ok)
  t.check("the message names the hook", tostring(err):find("hooks.moves:", 1, true), err)
  t.check("and the script's line", tostring(err):find("no second move", 1, true), err)
  t.equal("the game is as it was", snapshot(g), before)
  ok, err = pcall(g.perft, g, 2)
  t.check("perft raises too", not ok and tostring(err):find("hooks.moves", 1, true), err)
  t.equal("and leaves the game as it was", snapshot(g), before)
end

-- 3. What a hook returns is checked, with the hook's file:line.
do
  local cases = {
    { "moves returning a string", { moves = function() return "e2e4" end }, "hooks.moves returned string" },
    { "moves returning a made-up move", { moves = function() return { 12345 } end }, "expected a move of the list" },
    { "legal returning a number", { legal = function() return 1 end }, "hooks.legal returned number" },
    { "terminal returning a bad word", { terminal = function() return "won" end }, "hooks.terminal returned string" },
    { "turn_ends returning a string", { turn_ends = function() return "yes" end }, "hooks.turn_ends returned string" },
  }
  for _, c in ipairs(cases) do
    local g = varia.new(chess_with(c[2]))
    local ok, err = pcall(g.legal, g)
    if c[1]:find("turn_ends") then ok, err = pcall(g.play, g, "e4") end
    t.check(c[1] .. ": an error", not ok, err)
    t.check(c[1] .. ": says what: " .. tostring(err), tostring(err):find(c[3], 1, true))
    t.check(c[1] .. ": names the file:line", tostring(err):find("test_rule_hooks.lua:%d+"))
  end
end

-- 4. A hook that loops is stopped by the budget; the process and the game
-- go on.
do
  local g = varia.new(chess_with({ attacked_on = "all", attacked = function() while true do end end }))
  local ok, err = pcall(g.legal, g)
  t.check("a looping hook stops with the budget", not ok and tostring(err):find("budget", 1, true), err)
  t.equal("the game is still usable", g:fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
end

-- 5. The position a hook is given dies when the hook returns; a hook may
-- do only what its kind allows.
do
  local kept
  local g = varia.new(chess_with({ moves = function(pos, moves) kept = pos end }))
  g:legal()
  local ok, err = pcall(function() return kept:side() end)
  t.check("a kept position is dead", not ok and tostring(err):find("only while its hook runs", 1, true), err)
  g = varia.new(chess_with({ moves = function(pos, moves) pos:remove("e2") end }))
  ok, err = pcall(g.legal, g)
  t.check("moves may not change the board", not ok and tostring(err):find("may not change the board", 1, true), err)
  g = varia.new(chess_with({ attacked_on = "all", attacked = function(pos) pos:legal() return false end }))
  ok, err = pcall(g.legal, g)
  t.check("attacked may not generate moves", not ok and tostring(err):find("may not make moves", 1, true), err)
  g = varia.new(chess_with({ moves = function(pos, moves) pos:make(123) end }))
  ok, err = pcall(g.legal, g)
  t.check("make refuses what is not a move here", not ok and tostring(err):find("not a move of this position", 1, true), err)
  -- a hook that asks for legal moves inside its own legal check nests
  -- until the limit
  g = varia.new(chess_with({ legal = function(pos) return #pos:legal() >= 0 end }))
  ok, err = pcall(g.legal, g)
  t.check("hooks nested too deep stop", not ok and tostring(err):find("more than 12 deep", 1, true), err)
end

-- 6. The hooks table is checked when the variant is loaded.
do
  local bad = {
    { { mvoes = function() end }, "unknown key mvoes" },
    { { moves = 3 }, "hooks.moves: expected a function" },
    { { kinds = { "a-very-long-kind-name" } }, "hooks.kinds" },
    { { effects_on = "sometimes" }, "hooks.effects_on" },
  }
  for _, c in ipairs(bad) do
    local ok, err = pcall(varia.new, chess_with(c[1]))
    t.check("bad hooks table: " .. c[2], not ok and tostring(err):find(c[2], 1, true), err)
  end
  local ok, err = pcall(varia.new, std.extend(std.chess, { name = "x", hooks = 1 }))
  t.check("hooks must be a table", not ok and tostring(err):find("hooks: expected a table", 1, true), err)
end

-- 7. Moves a script adds (kinds): a rook that may swap places with its
-- own king (a move Betza cannot say). UCI from-to, SAN the rook's, undone
-- exactly, and written into and read back from a FEN-less history.
do
  local v = chess_with({
    kinds = { "swap" },
    moves = function(pos, moves)
      local k = pos:royal(pos:side())
      for _, sq in ipairs(pos:pieces(pos:side())) do
        local p = pos:piece(sq)
        if (p == "R" or p == "r") and pos:rank(sq) == pos:rank(k) and math.abs(pos:file(sq) - pos:file(k)) == 1 then
          moves[#moves + 1] = pos:move(sq, k, "swap")
        end
      end
      return moves
    end,
    effects = function(pos, move)
      local from, to, kind = pos:decode(move)
      if kind == "swap" then
        local rook, king = pos:piece(from), pos:piece(to)
        pos:put(from, king)
        pos:put(to, rook)
      end
    end,
  })
  local g = varia.new(v, { fen = "4k3/8/8/8/8/8/8/4KR2 w - - 0 1" })
  local set = {}
  for _, m in ipairs(g:legal()) do set[m] = true end
  t.check("the swap is a legal move", set["f1e1"])
  t.equal("its SAN is the rook's (and the rook checks along the e-file)", g:san("f1e1"), "Re1+")
  g:play("f1e1")
  t.equal("after the swap", g:fen(), "4k3/8/8/8/8/8/8/4RK2 b - - 1 1")
  t.equal("in check", g:incheck(), true)
  g:undo()
  t.equal("undone", g:fen(), "4k3/8/8/8/8/8/8/4KR2 w - - 0 1")
  t.equal("perft 2 counts it", g:perft(1), #g:legal())
end

-- 8. Turns whose end a hook decides, with state kept in the position:
-- each side moves twice unless its first move gives check (a small
-- Marseillais). The state counts the turns played (slot 1), and the FEN
-- carries it.
do
  local v = chess_with({
    turn_ends = function(pos, move, step)
      if step == 1 then
        pos:set_state(1, pos:state(1) + 1)
        return pos:in_check(pos:mover() == "white" and "black" or "white")
      end
      return true
    end,
  }, { turn = { "move", "move" } })
  local g = varia.new(v)
  t.equal("the first turn is two moves", (g:play("e2e4,d2d4")), true)
  t.equal("Black to move", g:turn(), "black")
  t.check("the FEN carries the state", g:fen():find("state=1", 1, true), g:fen())
  local again = varia.new(v, { fen = g:fen() })
  t.equal("a game from that FEN goes on alike", sorted(again:legal()), sorted(g:legal()))
  -- g:legal() lists whole turns (e7e5,d7d5), as perft counts them: about
  -- 20 first moves times 20 second ones, and not 20
  t.equal("perft 1 counts Black's whole turns", g:perft(1), #g:legal())
  t.check("whole turns, not single moves", #g:legal() > 300, #g:legal())
end

t.done()
