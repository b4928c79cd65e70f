-- Kriegspiel matches between computer players, for docs/variants/kriegspiel.md.
--
--   ./varia run tools/kriegspiel-match.lua A B GAMES DEPTH [FIRST_SEED]
--
-- A and B are "belief" (the computer deciding from its belief, g:beliefs),
-- "view" (the computer sampling from its view alone: g:bestmove with
-- beliefs = false, the sampler before beliefs) or "random" (a random legal
-- move). A has White in odd games and Black in even ones. A game that
-- reaches 400 steps is scored a draw. Prints each game and A's points.
local a, b = arg[1] or "belief", arg[2] or "view"
local games, depth = tonumber(arg[3] or "20"), tonumber(arg[4] or "2")
local first = tonumber(arg[5] or "1")

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
  while not g:result() and steps < 400 do
    local who = g:turn()
    local mv = choose(g, who == "white" and white or black, refused)
    if not mv then break end
    local ok = g:play(mv)
    if ok then refused = {} else refused[#refused + 1] = mv end
    steps = steps + 1
    if #refused >= 64 then break end
  end
  local winner, reason = g:result()
  local a_colour = i % 2 == 1 and "white" or "black"
  local score = winner == a_colour and 1 or (winner == nil or winner == "draw") and 0.5 or 0
  if score == 1 then wins = wins + 1 elseif score == 0 then losses = losses + 1 else draws = draws + 1 end
  points = points + score
  print(string.format("game %d: %s (white) vs %s (black): %s (%s), %d steps; %s: %.1f/%d",
    i, white, black, winner or "unfinished", reason or "step limit", steps, a, points, i - first + 1))
end
print(string.format("%s vs %s, depth %d, %d games: %s scores %.1f (%.1f%%): +%d =%d -%d; %.0f s",
  a, b, depth, games, a, points, 100 * points / games, wins, draws, losses, os.clock() - t0))
