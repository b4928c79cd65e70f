-- The tuned engine against the untuned one (docs/engine.md, Tuning):
--   varia run tests/tune/gain.lua BASE TUNED [GAMES] [NODES] [SEED] [RANDOM_PLIES]
-- BASE and TUNED are two scripts of the same rules (a variant and the
-- copy varia tune wrote). Each pair of games starts from the same seeded
-- random opening (RANDOM_PLIES plies, default 6), each side once with
-- White; each move is the search of the side's own script for a fixed
-- NODES (default 2000), forgetting what earlier searches stored (the two
-- evaluations share no table), so that the machine's load decides
-- nothing (lua/labduel.lua, which varia tune --gate plays too). Prints
-- TUNED's score with its Elo difference and 95% margin.
local duel = require "labduel"
local base_spec, tuned_spec = arg[1], arg[2]
if not base_spec or not tuned_spec then
  io.stderr:write("usage: varia run tests/tune/gain.lua BASE TUNED [GAMES] [NODES] [SEED] [RANDOM_PLIES]\n")
  os.exit(2)
end
local games = math.tointeger(tonumber(arg[3] or "200"))
local nodes = math.tointeger(tonumber(arg[4] or "2000"))
local seed = math.tointeger(tonumber(arg[5] or "1"))
local random_plies = math.tointeger(tonumber(arg[6] or "6"))

local start = os.time()
local w, d, l = duel.match(varia.new, base_spec, tuned_spec, { games = games, nodes = nodes, seed = seed, plies = random_plies },
  function(w, d, l)
    io.stderr:write(string.format("\r%d games: +%d =%d -%d (%ds) ", w + d + l, w, d, l, os.time() - start))
  end)
io.stderr:write("\n")
local score, elo, margin = duel.score(w, d, l)
print(string.format("%s vs %s: %d games, +%d =%d -%d, score %.3f, Elo %+.0f +- %.0f (nodes %d, seed %d, random plies %d)",
  tuned_spec, base_spec, w + d + l, w, d, l, score, elo, margin, nodes, seed, random_plies))
