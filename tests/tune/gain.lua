-- The tuned engine against the untuned one (docs/engine.md, Tuning):
--   varia run tests/tune/gain.lua BASE TUNED [GAMES] [NODES] [SEED] [RANDOM_PLIES]
-- BASE and TUNED are two scripts of the same rules (a variant and the
-- copy varia tune wrote). Each pair of games starts from the same seeded
-- random opening (RANDOM_PLIES plies, default 6), each side once with
-- White; each move is the search of the side's own script for a fixed
-- NODES (default 2000), forgetting what earlier searches stored (the two
-- evaluations share no table), so that the machine's load decides
-- nothing. Prints TUNED's score with its Elo difference and 95% margin.
local base_spec, tuned_spec = arg[1], arg[2]
if not base_spec or not tuned_spec then
  io.stderr:write("usage: varia run tests/tune/gain.lua BASE TUNED [GAMES] [NODES] [SEED] [RANDOM_PLIES]\n")
  os.exit(2)
end
local games = math.tointeger(tonumber(arg[3] or "200"))
local nodes = math.tointeger(tonumber(arg[4] or "2000"))
local seed = math.tointeger(tonumber(arg[5] or "1"))
local random_plies = math.tointeger(tonumber(arg[6] or "6"))
local MAX_PLIES = 300

local function opening(k)
  local g = varia.new(base_spec, { seed = seed })
  local x, moves = seed * 7919 + k, {}
  for _ = 1, random_plies do
    local legal = g:legal()
    if #legal == 0 or g:result() then break end
    x = (x * 1103515245 + 12345) % 2147483648
    local mv = legal[(x >> 8) % #legal + 1]
    g:play(mv)
    moves[#moves + 1] = mv
  end
  return moves
end

-- One game: tuned_white says which side the tuned script plays. Returns
-- the tuned side's points (1, 0.5, 0).
local function play(moves, tuned_white)
  local b = varia.new(base_spec, { seed = seed })
  local t = varia.new(tuned_spec, { seed = seed })
  for _, mv in ipairs(moves) do
    assert(b:play(mv) and t:play(mv), "opening move refused: " .. mv)
  end
  local plies = #moves
  while not b:result() and plies < MAX_PLIES do
    local d = b:decision()
    if not d then break end
    local tuned_moves = (d.player == "white") == tuned_white
    local who = tuned_moves and t or b
    local mv = who:bestmove({ nodes = nodes, depth = 64, fresh = true })
    if not mv then break end
    assert(b:play(mv), "base refused " .. mv)
    assert(t:play(mv), "tuned refused " .. mv)
    plies = plies + 1
  end
  local winner = b:result()
  if winner == "white" then return tuned_white and 1 or 0 end
  if winner == "black" then return tuned_white and 0 or 1 end
  return 0.5
end

local w, d, l = 0, 0, 0
local start = os.time()
for k = 1, (games + 1) // 2 do
  local moves = opening(k)
  for _, tuned_white in ipairs({ true, false }) do
    local p = play(moves, tuned_white)
    if p == 1 then w = w + 1 elseif p == 0 then l = l + 1 else d = d + 1 end
  end
  io.stderr:write(string.format("\r%d games: +%d =%d -%d (%ds) ", w + d + l, w, d, l, os.time() - start))
end
io.stderr:write("\n")
local n = w + d + l
local score = (w + d / 2) / n
local function elo(s)
  s = math.min(math.max(s, 1e-3), 1 - 1e-3)
  return -400 * math.log(1 / s - 1, 10)
end
-- the margin: 1.96 standard errors of the mean score, as Elo
local var = (w * (1 - score) ^ 2 + d * (0.5 - score) ^ 2 + l * score ^ 2) / n
local se = math.sqrt(var / n)
local margin = (elo(score + 1.96 * se) - elo(score - 1.96 * se)) / 2
print(string.format("%s vs %s: %d games, +%d =%d -%d, score %.3f, Elo %+.0f +- %.0f (nodes %d, seed %d, random plies %d)",
  tuned_spec, base_spec, n, w, d, l, score, elo(score), margin, nodes, seed, random_plies))
