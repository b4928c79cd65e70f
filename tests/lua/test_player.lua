-- The computer player (issue: "a strength check that the search beats a
-- random mover in nearly every game of every perfect-information variant",
-- and a player of hidden-information variants that decides from its own
-- view only).
local t = require "check"

local function game(spec, computer, depth, seed)
  math.randomseed(seed)
  local g = varia.new(spec, { seed = seed })
  for _ = 1, 400 do
    if g:result() then break end
    local d = g:decision()
    local mv
    if d.player == computer then mv = g:bestmove(depth)
    elseif d.kind == "answer" then mv = "decline"
    else local l = g:legal(); mv = l[math.random(#l)] end
    if not mv or not g:play(mv) and g:decision() and g:decision().kind ~= "move" then break end
  end
  return g:result()
end

local perfect = { "chess", "chess960", "capablanca", "shatranj", "courier", "duck", "monochrome", "ambiguous" }
local games = tonumber(os.getenv("VARIA_PLAYER_GAMES") or "4")
for _, spec in ipairs(perfect) do
  local wins = 0
  for i = 1, games do
    local side = i % 2 == 1 and "white" or "black"
    if game(spec, side, 2, i) == side then wins = wins + 1 end
  end
  t.check(spec .. ": the computer beats a random mover (" .. wins .. "/" .. games .. ")", wins >= games - 1, wins)
end

-- The computer's choice in a hidden game depends only on what it knows:
-- the same view with the unseen squares shuffled gives the same choice.
-- (Compared while nobody has captured yet: the twin, set up from a FEN,
-- has no history, and the captures a player made are part of what it
-- knows.)
math.randomseed(3)
local same, tried = 0, 0
local g = varia.new("kriegspiel")
for _ = 1, 30 do
  if g:result() then break end
  local l = g:legal()
  g:play(l[math.random(#l)])
  local me = g:turn()
  -- a twin: the opponent's pieces moved to other unseen squares
  local fen = g:fen()
  local board, rest = fen:match("^(%S+) (.*)$")
  local cells = {}
  for row in board:gmatch("[^/]+") do
    local r = {}
    for n, c in row:gmatch("(%d*)(%D?)") do
      for _ = 1, tonumber(n) or 0 do r[#r + 1] = "." end
      if c ~= "" then r[#r + 1] = c end
    end
    cells[#cells + 1] = r
  end
  local theirs = me == "white" and "%l" or "%u"
  local slots, pieces = {}, {}
  for i, r in ipairs(cells) do for j, c in ipairs(r) do
    if c == "." or c:match(theirs) then slots[#slots + 1] = { i, j }; pieces[#pieces + 1] = c end
  end end
  for i = #pieces, 2, -1 do local j = math.random(i); pieces[i], pieces[j] = pieces[j], pieces[i] end
  for k, sq in ipairs(slots) do cells[sq[1]][sq[2]] = pieces[k] end
  local rows = {}
  for _, r in ipairs(cells) do
    local s, e = "", 0
    for _, c in ipairs(r) do if c == "." then e = e + 1 else if e > 0 then s = s .. e end s, e = s .. c, 0 end end
    if e > 0 then s = s .. e end
    rows[#rows + 1] = s
  end
  local side, castle, _, half, full = rest:match("^(%S+) (%S+) (%S+) (%S+) (%S+)")
  local mine = castle:gsub(me == "white" and "[^KQ]" or "[^kq]", "")
  local twin = varia.new("kriegspiel", { fen = table.concat(rows, "/") .. " " .. side .. " " ..
    (mine == "" and "-" or mine) .. " - " .. half .. " " .. full })
  local captured = false
  for _, m in ipairs(g:messages(me)) do if m.type == "capture" then captured = true end end
  if twin and twin:view(me) == g:view(me) and not captured then
    tried = tried + 1
    -- (from the view alone: a twin set up from a FEN starts with a belief
    -- of its own, one position; tests/lua/test_beliefs.lua compares the
    -- choices of games whose players saw the same)
    local view_only = { depth = 2, beliefs = false }
    if twin:bestmove(view_only) == g:bestmove(view_only) then same = same + 1 end
  end
end
t.check("hidden game: compared choices", tried >= 5, tried)
t.equal("hidden game: the choice depends on the view only", same, tried)

t.done()
