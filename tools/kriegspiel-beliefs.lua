-- Beliefs in seeded random Kriegspiel games, for docs/variants/kriegspiel.md.
--
--   ./varia run tools/kriegspiel-beliefs.lua GAMES [FIRST_SEED] [PLIES]
--
-- Both players try random moves they can conceive of (g:conceivable), so
-- that tries and their answers are observed too. After every action, for
-- each player whose belief is exact, the true position must be one of the
-- positions held. A game is followed while a belief is exact, and to PLIES
-- actions at most (default 300). Prints the sizes of the exact sets (per
-- player and action), how long the beliefs stay exact, and the count the
-- sampled beliefs estimate at the switch.
local games = tonumber(arg[1] or "200")
local first = tonumber(arg[2] or "1")
local plies = tonumber(arg[3] or "300")

local sizes, switch_at, missing, checked = {}, {}, 0, 0
local function summary(t)
  local c = {}
  for i, v in ipairs(t) do c[i] = v end
  t = c
  table.sort(t)
  if #t == 0 then return "none" end
  return string.format("median %s, worst %s (of %d)", tostring(t[(#t + 1) // 2]), tostring(t[#t]), #t)
end

local t0 = os.clock()
for seed = first, first + games - 1 do
  math.randomseed(seed)
  local g = varia.new("kriegspiel", { seed = seed })
  local exact = { white = true, black = true }
  for action = 1, plies do
    if g:result() or not (exact.white or exact.black) then break end
    local c = g:conceivable()
    g:play(c[math.random(#c)])
    local truth = g:fen()
    for _, p in ipairs({ "white", "black" }) do
      if exact[p] then
        local count, is_exact, fens = g:beliefs(p, 4096)
        if is_exact then
          local found = false
          for _, f in ipairs(fens) do if f == truth then found = true break end end
          checked = checked + 1
          sizes[#sizes + 1] = count
          if not found then
            missing = missing + 1
            print(string.format("MISSING: game %d action %d %s (%d positions): %s", seed, action, p, count, truth))
          end
        else
          exact[p] = false
          switch_at[#switch_at + 1] = action
        end
      end
    end
  end
  print(string.format("game %d done: %d checks, %d missing; exact sizes %s; sampling from action %s; %.0f s",
    seed, checked, missing, summary(sizes), summary(switch_at), os.clock() - t0))
  io.flush()
end

print(string.format("%d games: the true position was in the exact set %d times of %d checks (%d missing)",
  games, checked - missing, checked, missing))
print("exact set size after each action: " .. summary(sizes))
print("action at which a belief turned to sampling: " .. summary(switch_at))
print(string.format("%.0f s", os.clock() - t0))
