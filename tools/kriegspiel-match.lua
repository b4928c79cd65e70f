-- Kriegspiel matches between computer players, for docs/variants/kriegspiel.md.
--
--   ./varia run tools/kriegspiel-match.lua A B GAMES DEPTH [FIRST_SEED] [STEPS] [OPENING]
--
-- A and B are "belief" (the computer deciding from its belief, g:beliefs),
-- "view" (the computer sampling from its view alone: g:bestmove with
-- beliefs = false, the sampler before beliefs) or "random" (a random legal
-- move). A has White in odd games and Black in even ones. A game still
-- going after STEPS steps (default 200; tries count) is adjudicated on the
-- material on the board (P 1, N and B 3, R 5, Q 9): three points ahead
-- wins, else a draw. The first OPENING plies (default 0) are random legal
-- moves, drawn from the game's seed: the computer decides from what it has
-- seen alone, so that two computers would otherwise play the same two
-- games (one per colour) whatever the seed. Prints each game and A's
-- points.
local a, b = arg[1] or "belief", arg[2] or "view"
local games, depth = tonumber(arg[3] or "20"), tonumber(arg[4] or "2")
local first = tonumber(arg[5] or "1")
local limit = tonumber(arg[6] or "200")
local opening = tonumber(arg[7] or "0")
local worth = { p = 1, n = 3, b = 3, r = 5, q = 9, k = 0 }

-- White's material less Black's, from the true position.
local function material(g)
  local board, diff = g:fen():match("^(%S+)"), 0
  for c in board:gmatch("%a") do
    local w = worth[c:lower()] or 0
    diff = diff + (c:match("%u") and w or -w)
  end
  return diff
end

local function choose(g, kind, refused)
  if kind == "random" then
    local l = g:legal()
    return l[math.random(#l)]
  end
  return g:bestmove({ depth = depth, beliefs = kind == "belief", exclude = refused })
end

local points, wins, draws, losses = 0, 0, 0, 0
local t0 = os.clock()
for i = first, first + games - 1 do
  math.randomseed(i)
  local g = varia.new("kriegspiel", { seed = i })
  local white, black = a, b
  if i % 2 == 0 then white, black = b, a end
  local steps, refused = 0, {}
  while not g:result() and steps < limit do
    local who = g:turn()
    local kind = who == "white" and white or black
    if #g:history() < opening then kind = "random" end
    local mv = choose(g, kind, refused)
    if not mv then break end
    local ok = g:play(mv)
    if ok then refused = {} else refused[#refused + 1] = mv end
    steps = steps + 1
    if #refused >= 64 then break end
  end
  local winner, reason = g:result()
  if not winner then
    local m = material(g)
    winner = m >= 3 and "white" or m <= -3 and "black" or "draw"
    reason = string.format("adjudicated, material %+d", m)
  end
  local a_colour = i % 2 == 1 and "white" or "black"
  local score = winner == a_colour and 1 or (winner == nil or winner == "draw") and 0.5 or 0
  if score == 1 then wins = wins + 1 elseif score == 0 then losses = losses + 1 else draws = draws + 1 end
  points = points + score
  print(string.format("game %d: %s (white) vs %s (black): %s (%s), %d steps; %s: %.1f/%d",
    i, white, black, winner, reason, steps, a, points, i - first + 1))
end
print(string.format("%s vs %s, depth %d, %d games (seeds %d-%d, %d steps, %d random plies): %s scores %.1f (%.1f%%): +%d =%d -%d; %.0f s",
  a, b, depth, games, first, first + games - 1, limit, opening, a, points, 100 * points / games, wins, draws, losses, os.clock() - t0))
