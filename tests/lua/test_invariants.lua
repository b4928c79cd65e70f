-- Random-play invariants for every shipped variant: in seeded random games,
-- after every step,
--  * the position's invariants hold and its incremental hash equals one
--    computed afresh;
--  * make then unmake of every legal step gives back the same position
--    (FEN and hash), and every step's UCI string reads back as that step
--    (g:selftest);
--  * the FEN reads back to the same FEN;
--  * each complete turn g:legal lists is accepted by g:play;
-- and every game ends or reaches the move limit. VARIA_INVARIANT_GAMES sets
-- the number of games per variant (default: a size that fits CI).

local t = require "check"

local games = tonumber(os.getenv("VARIA_INVARIANT_GAMES") or "6")
local limit = 160
local specs = {}
for _, name in ipairs(varia.variants()) do specs[#specs + 1] = name end
specs[#specs + 1] = "monochrome:pawns=file"
specs[#specs + 1] = "ambiguous:unambiguous=yes"
specs[#specs + 1] = "kriegspiel:ruleset=wild16"

-- Variants whose turns grow without bound (Progressive chess: a sequence
-- of n moves at turn n) cannot list their whole turns; they are played one
-- step at a time, from the step's options.
local by_step = { progressive = true }

local problems = 0
local function report(ok, what)
  if not ok then
    problems = problems + 1
    if problems <= 10 then t.check(what, false) end
  end
end

for _, spec in ipairs(specs) do
  math.randomseed(1000 + #spec)
  local steps, ended = 0, 0
  for game = 1, games do
    local g = varia.new(spec, { seed = game })
    for ply = 1, limit do
      local ok, why = g:selftest()
      report(ok, spec .. ": " .. tostring(why))
      local fen = g:fen()
      local back = varia.new(spec, { fen = fen })
      report(back and back:fen() == fen, spec .. ": FEN does not read back: " .. fen)
      if g:result() then ended = ended + 1 break end
      local d = g:decision()
      if d.kind == "answer" then
        g:play(math.random() < 0.5 and "accept" or "decline")
      elseif by_step[spec] then
        if #d.options == 0 then break end
        local step = d.options[math.random(#d.options)]
        local played, why2 = g:play(step)
        report(played, spec .. ": step " .. step .. " offered but refused: " .. tostring(why2))
      else
        local turns = g:legal()
        if #turns == 0 then break end
        local turn = turns[math.random(#turns)]
        local played, why2 = g:play(turn)
        report(played, spec .. ": " .. turn .. " listed but refused: " .. tostring(why2))
        if d.offer and math.random() < 0.01 then g:play("offer") end
      end
      steps = steps + 1
    end
  end
  t.check(spec .. ": games played", steps > 0, steps)
end
t.equal("no invariant broken", problems, 0)
t.done()
