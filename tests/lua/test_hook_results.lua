-- What rule hooks hand back to varia (src/lua/rulehooks.c) and what is
-- made of it afterwards: a hook leaves the position as it found it, its
-- results are read raw and bounded, every move code a script hands in is
-- checked before it is read, and a replay of the history never asks the
-- hooks again (game_position_before). Each case is a hostile script that
-- crashed varia, or made its replays differ from the game played.

local t = require "check"
local std = require "std"

local START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

local function chess_with(hooks, extra)
  return std.extend(std.extend(std.chess, extra or {}), { name = "hooked", hooks = hooks })
end

-- 1. A hook that makes moves and does not take them back is an error
-- naming it (the moves are taken back, the game is as it was); before,
-- the moves it returned were judged on the position it left and made on
-- the other: a move from an empty square (SIGSEGV at perft 2).
do
  local function leaves_two_made(pos, moves)
    local first = pos:pseudo()[1]
    local _, to = pos:decode(first)
    pos:make(first)
    pos:make(pos:pseudo()[1])
    local out = {}
    for _, m in ipairs(pos:pseudo()) do
      if pos:decode(m) == to then out[#out + 1] = m end -- the piece that moved, moving on
    end
    return out
  end
  local g = varia.new(chess_with({ moves = leaves_two_made }))
  local ok, err = pcall(g.perft, g, 2)
  t.fails("moves: moves left made are an error", "hooks.moves made 2 moves with pos:make and did not take them back", ok, err)
  t.fails("moves: the message names file:line", "test_hook_results.lua:", ok, err)
  t.equal("moves: the game is as it was", g:fen(), START)
  ok, err = pcall(g.play, g, "e4")
  t.fails("moves: play says it too", "did not take them back", ok, err)
  t.equal("moves: nothing was played", #g:history(), 0)

  -- every hook that may make moves is held to it
  -- (not inside the hooks the move's own making calls: turn_ends would
  -- nest)
  local busy = false
  local left_one = function(pos)
    if busy then return end
    busy = true
    pos:make(pos:pseudo()[1])
    busy = false
  end
  for _, c in ipairs({
    { "legal", { legal = function(pos) left_one(pos) return true end } },
    { "terminal", { terminal = left_one } },
    { "turn_ends", { turn_ends = function(pos) left_one(pos) return true end } },
  }) do
    g = varia.new(chess_with(c[2]))
    ok, err = pcall(function() g:legal() return g:play("e4") end)
    t.fails(c[1] .. ": a move left made is an error", "hooks." .. c[1] .. " made 1 move with pos:make", ok, err)
    t.equal(c[1] .. ": the game is as it was", g:fen(), START)
  end

  -- made and taken back: allowed, and what it returns is judged on the
  -- position the moves are made in (a move of the piece only in the
  -- position the hook looked ahead to is refused, not made)
  g = varia.new(chess_with({ moves = function(pos, moves)
    local out = {}
    pos:make(pos:pseudo()[1])
    pos:make(pos:pseudo()[1])
    for _, m in ipairs(pos:pseudo()) do out[#out + 1] = m end
    pos:unmake()
    pos:unmake()
    return out
  end }))
  ok, err = pcall(g.perft, g, 2)
  t.fails("moves: a move of another position is refused", "hooks.moves returned", ok, err)
  t.equal("moves: after it, the game is as it was", g:fen(), START)
  g = varia.new(chess_with({ moves = function(pos, moves)
    for _, m in ipairs(moves) do pos:make(m) pos:unmake() end
    return moves
  end }))
  t.equal("moves: a hook that takes back what it made plays on", g:perft(2), 400)
end

-- 2. Hooks that keep state between calls: the replays of the history (the
-- names of g:history, PGN, the server's state, beliefs) take the positions
-- back from the game's, and never make the moves again. Before, this
-- effects hook, asked about the same capture a second time, answered
-- otherwise, and the replay made a recorded move from an empty square.
do
  local g = varia.new("tests/hostile/hook_stateful.lua")
  local played = { "e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "b8c6", "g1f3" }
  for _, m in ipairs(played) do assert(g:play(m)) end
  t.equal("stateful: the history is the moves played", table.concat(g:history(), " "), table.concat(played, " "))
  t.equal("stateful: its SAN is the game played", table.concat(g:history("san"), " "), "e4 d5 exd5 c6 dxc6 Nc6 Nf3")
  local fen = g:fen()
  t.equal("stateful: asking again changes nothing", table.concat(g:history("san"), " "), "e4 d5 exd5 c6 dxc6 Nc6 Nf3")
  t.equal("stateful: the game itself is untouched", g:fen(), fen)
  -- undone step by step, each position is the one played
  local fens = {}
  local h = varia.new("tests/hostile/hook_stateful.lua")
  for _, m in ipairs(played) do fens[#fens + 1] = h:fen() h:play(m) end
  local same = true
  for i = #played, 1, -1 do
    g:undo()
    if g:fen() ~= fens[i] then same = false end
  end
  t.check("stateful: undo goes back through the positions played", same)
end

-- 5. A moves result is read raw: its __len (negative, or larger than the
-- list) and __index count for nothing. Before, a negative __len gave a
-- negative move count (perft 1 printed 18446744073709451616).
do
  local kingless = {
    pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
    castling = std.NONE, start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  }
  local g = varia.new(chess_with({ moves = function(pos, moves)
    return setmetatable({}, { __len = function() return -100000 end })
  end }, kingless))
  t.equal("__len -100000: perft 1 counts the raw list", g:perft(1), 0)
  t.equal("__len -100000: no legal moves", #g:legal(), 0)
  g = varia.new(chess_with({ moves = function(pos, moves)
    return setmetatable({ moves[1], moves[2] }, { __len = function() return -1 end })
  end }, kingless))
  t.equal("__len -1 on two moves: two", g:perft(1), 2)
  g = varia.new(chess_with({ moves = function(pos, moves)
    return setmetatable({ moves[1] }, { __len = function() return 200 end, __index = function() return moves[2] end })
  end }, kingless))
  t.equal("__len 200, __index: the one move there", g:perft(1), 1)
  g = varia.new(chess_with({ moves = function(pos, moves)
    local l = {}
    for i = 1, 5000 do l[i] = moves[1] end
    return l
  end }, kingless))
  local ok, err = pcall(g.perft, g, 1)
  t.fails("too many moves: an error", "returned 5000 moves (at most 4096)", ok, err)
end

-- 10. Every move code a script hands in is checked before it is read:
-- pos:uci, pos:decode and pos:captures refuse what is no move (before,
-- pos:uci(1023) read outside the board, notation.c:67 under the
-- sanitizer).
do
  local MF_PROMO, MF_DROP, MF_SCRIPT, MF_GAME = 4, 9, 12, 15
  local function code(from, to, flag, promo) return from | to << 10 | flag << 20 | promo << 24 end
  local results = {}
  local bad = {
    1023, 0xFFFFFFFF, -1, 1 << 40, 0x3FF03FF,
    code(0, 0, 0, 0),                 -- squares off the board (padding)
    code(34, 1000, 0, 0),             -- to off the board
    code(34, 50, MF_PROMO, 63),       -- no such type
    code(34, 50, MF_PROMO, 0),
    code(34, 34, MF_DROP, 40),
    code(34, 50, MF_SCRIPT, 3),       -- no such kind
    code(34, 50, MF_GAME, 1),         -- a game action, not a move
    code(34, 50, 0, 5),               -- a plain move with a promotion
  }
  local g = varia.new(chess_with({ kinds = { "jump" }, moves = function(pos, moves)
    local a, b = pos:decode(moves[1])
    results.script = a .. b
    for i, c in ipairs(bad) do
      for _, method in ipairs({ "uci", "decode", "captures" }) do
        local ok, err = pcall(pos[method], pos, c)
        results[#results + 1] = { method .. "(" .. i .. ")", ok, err }
      end
    end
    -- what the core generates, and a script move of a declared kind, pass
    local named = {}
    for _, m in ipairs(moves) do named[#named + 1] = pos:uci(m) end
    named[#named + 1] = pos:uci(pos:move(a, b, "jump"))
    results.named = table.concat(named, " ")
    return nil
  end }))
  g:legal()
  local refused = 0
  for _, r in ipairs(results) do
    if not r[2] and tostring(r[3]):find("is not a move", 1, true) then refused = refused + 1
    else t.check("refused: " .. r[1], false, tostring(r[2]) .. " " .. tostring(r[3])) end
  end
  t.equal("every bad code refused by uci, decode and captures", refused, #results)
  t.check("some were tried", #results >= 3 * 13, #results)
  t.check("real moves are named", results.named and results.named:find(" e2e4 ", 1, true) ~= nil, results.named)
  t.check("a script move is named", results.named and results.named:sub(-4) == results.script, results.named)
end

-- 10b. No move the core generates is refused: a few random moves of each
-- catalogue variant (with a moves hook added, or its own wrapped) name
-- and decode every move of every position.
do
  local refused, variants = {}, 0
  math.randomseed(5)
  for _, name in ipairs(varia.variants()) do
    local ok, v = pcall(varia.load, name)
    -- (progressive's whole turns grow with every turn: too slow here)
    if ok and type(v) == "table" and name ~= "progressive" then
      local hooks = {}
      for k, x in pairs(v.hooks or {}) do hooks[k] = x end
      local inner = hooks.moves
      hooks.moves = function(pos, moves)
        for _, m in ipairs(moves) do
          local ok1, e1 = pcall(pos.uci, pos, m)
          local ok2, e2 = pcall(pos.decode, pos, m)
          if not (ok1 and ok2) then refused[#refused + 1] = name .. ": " .. tostring(ok1 and e2 or e1) end
        end
        if inner then return inner(pos, moves) end
      end
      local w = std.extend(v, { name = name .. "-wrapped" })
      w.hooks = hooks
      local made, g = pcall(varia.new, w)
      if made then
        variants = variants + 1
        for _ = 1, 8 do
          local ok3, legal = pcall(g.legal, g)
          if not ok3 or #legal == 0 or g:result() then break end
          if not pcall(g.play, g, legal[math.random(#legal)]) then break end
        end
      end
    end
  end
  t.check("variants played", variants > 50, variants)
  t.equal("no generated move refused", table.concat(refused, "; "), "")
end

t.done()
