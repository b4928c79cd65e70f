-- The work of one observation is bounded (issue 27, item 8): after
-- 1. b4 e6 2. a3 a6 3. Nh3 h6 4. Ng1 and Black's refused try f8a3, White's
-- exact belief of 3509 positions once took 7.8 million referee calls
-- (every pair of squares tried for each of the 1919 candidates no
-- conceivable try explains; 50-100 s). Now it takes at most
-- BELIEF_OBSERVATION_CALLS (300,000) and turns to sampling, keeping only
-- positions shown consistent, the true one among them.
local t = require "check"

local function contains(fens, fen)
  for _, f in ipairs(fens) do if f == fen then return true end end
  return false
end

local g = varia.new("kriegspiel")
for _, m in ipairs({ "b2b4", "e7e6", "a2a3", "a7a6", "g1h3", "h7h6", "h3g1" }) do g:play(m) end
local before_count, before_exact, _, before = g:beliefs("white")
t.check("before the try: exact, 3509 positions", before_exact and before_count == 3509, before_count)
local ok, answer = g:play("f8a3")
t.check("f8a3 is refused as Illegal", not ok and answer == "Illegal", answer)
local began = os.clock()
local count, exact, fens, st = g:beliefs("white", 5000)
local calls = st.oracle_calls - before.oracle_calls
t.check("the observation's referee calls are bounded", calls <= 300000, calls)
t.check("it took seconds, not minutes", os.clock() - began < 30, os.clock() - began)
t.check("past the bound the belief is no longer exact", not exact, exact)
t.check("the positions held are those shown consistent (1590: some conceivable try explains them)",
  st.held == 1590 and #fens == 1590 and not st.approximate, st.held)
t.check("the true position is held", contains(fens, g:fen()))
t.check("the estimate lies between those shown and the set before", count >= 1590 and count <= 3509, count)
-- the next observation goes on from the sample
g:play("g1f3")
local c2, e2, f2, s2 = g:beliefs("white", 100)
t.check("the next observation: particles, within the bound", not e2 and #f2 >= 1 and #f2 <= 64
  and s2.oracle_calls - st.oracle_calls <= 300000, s2.oracle_calls - st.oracle_calls)
t.done()
