-- Hidden information: the leak check, and Kriegspiel played by two scripts.
--
-- Leak check (issue: "two games that differ only in what a player cannot
-- see give that player identical views"): in seeded random games of every
-- variant with hidden information, after every action and for each player,
-- the unseen squares of the true position are shuffled (the opponent's
-- pieces moved to other unseen squares) and the player's view of the
-- shuffled position must be the same as of the true one. Views must also
-- never show an opponent's piece, and a message is read only by its
-- audience.

local t = require "check"

local hidden_variants = { "kriegspiel", "kriegspiel:ruleset=wild16" } -- board views; unbland below
local games = tonumber(os.getenv("VARIA_LEAK_GAMES") or "12")

-- The board of a FEN as a grid [rank][file] of characters (rank 1 first).
local function grid_of(fen)
  local rows, grid = {}, {}
  for row in fen:match("^(%S+)"):gmatch("[^/]+") do rows[#rows + 1] = row end
  for i, row in ipairs(rows) do
    local r, cells = #rows - i + 1, {}
    for n, c in row:gmatch("(%d*)(%D?)") do
      for _ = 1, tonumber(n) or 0 do cells[#cells + 1] = "." end
      if c ~= "" then cells[#cells + 1] = c end
    end
    grid[r] = cells
  end
  return grid
end

local function fen_of(grid, rest)
  local rows = {}
  for r = #grid, 1, -1 do
    local s, empty = "", 0
    for _, c in ipairs(grid[r]) do
      if c == "." then empty = empty + 1
      else
        if empty > 0 then s = s .. empty end
        s, empty = s .. c, 0
      end
    end
    if empty > 0 then s = s .. empty end
    rows[#rows + 1] = s
  end
  return table.concat(rows, "/") .. " " .. rest
end

local function own(c, player)
  if player == "white" then return c:match("%u") ~= nil end
  return c:match("%l") ~= nil
end

-- The true position with the player's unseen squares shuffled.
local function shuffled(fen, player)
  local grid = grid_of(fen)
  local squares, pieces = {}, {}
  for r, row in ipairs(grid) do
    for f, c in ipairs(row) do
      if not own(c, player) then
        squares[#squares + 1] = { r, f }
        pieces[#pieces + 1] = c
      end
    end
  end
  for i = #pieces, 2, -1 do
    local j = math.random(i)
    pieces[i], pieces[j] = pieces[j], pieces[i]
  end
  for i, sq in ipairs(squares) do grid[sq[1]][sq[2]] = pieces[i] end
  local side, castle, _, half, full = fen:match("^%S+ (%S+) (%S+) (%S+) (%S+) (%S+)")
  -- The opponent's castling rights and the en passant square are unseen
  -- too, and may not fit the shuffled board: leave them out.
  local mine = castle:gsub(player == "white" and "[^KQA-H]" or "[^kqa-h]", "")
  return fen_of(grid, side .. " " .. (mine == "" and "-" or mine) .. " - " .. half .. " " .. full)
end

local checks, leaks = 0, 0
for _, spec in ipairs(hidden_variants) do
  math.randomseed(2026)
  for game = 1, games do
    local g = varia.new(spec)
    for _ = 1, 160 do
      if g:result() then break end
      local player = g:turn()
      local other = player == "white" and "black" or "white"
      local before_other = #g:messages(other)
      local action
      if math.random() < 0.35 then
        local tries = g:conceivable()
        action = tries[math.random(#tries)]
      else
        local moves = g:legal()
        action = moves[math.random(#moves)]
      end
      local ok, answer = g:play(action)
      if ok == nil then
        t.check(spec .. ": a conceivable try is answered, not refused", false, answer)
        break
      end
      if ok == false and spec:find("wild16") then
        t.equal(spec .. ": an illegal try is told to the mover only", #g:messages(other), before_other)
      end
      local fen = g:fen()
      for _, p in ipairs({ "white", "black" }) do
        local view = g:view(p)
        local board = view:match("^%S+")
        local foreign
        if p == "white" then foreign = board:match("%l") else foreign = board:match("%u") end
        if foreign then
          leaks = leaks + 1
          t.check(spec .. ": the view shows an opponent's piece", false, view)
        end
        local twin = varia.new(spec, { fen = shuffled(fen, p) })
        checks = checks + 1
        if twin:view(p) ~= view then
          leaks = leaks + 1
          if leaks < 5 then t.check(spec .. ": a view depends on unseen squares", false, fen .. " -> " .. view .. " vs " .. twin:view(p)) end
        end
      end
    end
  end
end
-- Unbland Chess hides cards: the opponent's hand and the deck (and the
-- generator that will deal from it). Shuffling them must not change a
-- player's view.
local function reshuffled_cards(fen, player)
  local body, ext = fen:match("^(.-) varia:(.*)$")
  local hands = ext:match("hands=([^;]*)") or "/"
  local white, black = hands:match("^([^/]*)/(.*)$")
  local mine = player == "white" and white or black
  local theirs = player == "white" and black or white
  -- the cards the player cannot see: the opponent's hand and the deck
  local count = {}
  for v = 1, 8 do count[v] = 4 end
  local function take(list) for v in list:gmatch("%d+") do count[tonumber(v)] = count[tonumber(v)] - 1 end end
  take(mine)
  take(ext:match("discard=([^;]*)") or "")
  local pool = {}
  for v = 1, 8 do for _ = 1, count[v] do pool[#pool + 1] = v end end
  local n = 0
  for _ in theirs:gmatch("%d+") do n = n + 1 end
  local picked = {}
  for i = 1, n do
    local j = math.random(i, #pool)
    pool[i], pool[j] = pool[j], pool[i]
    picked[#picked + 1] = pool[i]
  end
  table.sort(picked)
  local other = table.concat(picked, ",")
  local new_hands = player == "white" and (mine .. "/" .. other) or (other .. "/" .. mine)
  ext = ext:gsub("hands=[^;]*", "hands=" .. new_hands):gsub("rng=%x+", "rng=" .. string.format("%x", math.random(1, 1 << 30)))
  return body .. " varia:" .. ext
end

math.randomseed(77)
for game = 1, games do
  local g = varia.new("unbland", { seed = game })
  for _ = 1, 120 do
    if g:result() then break end
    local moves = g:legal()
    g:play(moves[math.random(#moves)])
    local fen = g:fen()
    for _, p in ipairs({ "white", "black" }) do
      local view = g:view(p)
      local other = p == "white" and "black" or "white"
      local twin = varia.new("unbland", { fen = reshuffled_cards(fen, p) })
      checks = checks + 1
      if not twin or twin:view(p) ~= view then
        leaks = leaks + 1
        if leaks < 5 then t.check("unbland: a view depends on hidden cards", false, fen .. " -> " .. view) end
      end
      local theirs = table.concat(g:hand(other), ",")
      if theirs ~= "" and view:find("hand=" .. theirs .. ";opponent", 1, true) and
         table.concat(g:hand(p), ",") ~= theirs then
        leaks = leaks + 1
        t.check("unbland: the opponent's hand in a view", false, view)
      end
    end
  end
end

t.check("leak check ran", checks > 1000, checks)
t.equal("no leaks", leaks, 0)

-- Two scripts play a whole game through the API, each deciding from its
-- own view and messages only: the "player" functions get nothing else.
local function random_player(view, messages, tries)
  return tries[math.random(#tries)]
end
math.randomseed(16)
local g = varia.new("kriegspiel")
local actions = 0
while not g:result() and actions < 5000 do
  local p = g:turn()
  local choice = random_player(g:view(p), g:messages(p), g:conceivable())
  g:play(choice)
  actions = actions + 1
end
t.check("a game between two scripts ends", g:result() ~= nil, actions)

-- Kriegspiel's truth is orthodox chess: perft equals chess perft.
t.equal("kriegspiel perft is chess perft (CPW start, depth 4)", varia.new("kriegspiel"):perft(4), 197281)

t.done()
