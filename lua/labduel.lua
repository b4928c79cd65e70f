-- labduel: two scripts of the same rules against each other, each move
-- the search of the side's own script (varia tune --gate; the measured
-- gains of docs/engine.md, tests/tune/gain.lua). Each pair of games starts
-- from the same seeded random opening, each script once with White; each
-- search is for a fixed number of nodes (or to a fixed depth) and forgets
-- what earlier searches stored, so that the two evaluations share no
-- table and the machine's load decides nothing: the same scripts, seed
-- and settings give the same games. A module required by name runs as a
-- variant script's do, without the varia table: the caller gives its
-- varia.new.
local M = {}

-- The opening of pair k: plies random legal steps, from the seed.
local function opening(new, spec, seed, k, plies)
  local g = new(spec, { seed = seed })
  local x, moves = seed * 7919 + k, {}
  for _ = 1, plies do
    local legal = g:legal()
    if #legal == 0 or g:result() then break end
    x = (x * 1103515245 + 12345) % 2147483648
    local mv = legal[(x >> 8) % #legal + 1]
    g:play(mv)
    moves[#moves + 1] = mv
  end
  return moves
end

-- One game from the opening's moves; other_white says which side OTHER
-- plays. Returns OTHER's points (1, 0.5, 0).
local function game(new, base, other, moves, other_white, o)
  local b = new(base, { seed = o.seed })
  local t = new(other, { seed = o.seed })
  for _, mv in ipairs(moves) do
    assert(b:play(mv) and t:play(mv), "opening move refused: " .. mv)
  end
  local plies = #moves
  local limits = { nodes = o.nodes, depth = o.depth or 64, fresh = true }
  while not b:result() and plies < o.max_plies do
    local d = b:decision()
    if not d then break end
    local who = ((d.player == "white") == other_white) and t or b
    local mv = who:bestmove(limits)
    if not mv then break end
    assert(b:play(mv), base .. " refused " .. mv)
    assert(t:play(mv), other .. " refused " .. mv)
    plies = plies + 1
  end
  local winner = b:result()
  if winner == "white" then return other_white and 1 or 0 end
  if winner == "black" then return other_white and 0 or 1 end
  return 0.5
end

-- OTHER against BASE (games made by new, varia.new): o.games games (rounded up to pairs), o.nodes nodes
-- a move or to o.depth, from openings of o.plies random plies (default
-- 6) drawn from o.seed, cut as draws at o.max_plies (default 300).
-- on_game(w, d, l) after each game. Returns OTHER's wins, draws, losses.
function M.match(new, base, other, o, on_game)
  o = { games = o.games, nodes = o.nodes, depth = o.depth, seed = o.seed or 1,
        plies = o.plies or 6, max_plies = o.max_plies or 300 }
  local w, d, l = 0, 0, 0
  for k = 1, (o.games + 1) // 2 do
    local moves = opening(new, base, o.seed, k, o.plies)
    for _, other_white in ipairs({ true, false }) do
      local p = game(new, base, other, moves, other_white, o)
      if p == 1 then w = w + 1 elseif p == 0 then l = l + 1 else d = d + 1 end
      if on_game then on_game(w, d, l) end
    end
  end
  return w, d, l
end

local function elo(s)
  s = math.min(math.max(s, 1e-3), 1 - 1e-3)
  return -400 * math.log(1 / s - 1, 10)
end

-- The score of w wins, d draws and l losses, its Elo difference and the
-- margin of that (1.96 standard errors of the mean score, as Elo).
function M.score(w, d, l)
  local n = w + d + l
  local s = (w + d / 2) / n
  local var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
  local se = math.sqrt(var / n)
  return s, elo(s), (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2
end

return M
