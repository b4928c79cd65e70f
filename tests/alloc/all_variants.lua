-- Every shipped variant, briefly: random turns, perft, views, history,
-- FEN round trips. Run under valgrind by tests/run-valgrind.sh.
math.randomseed(11)
for _, name in ipairs(varia.variants()) do
  local g = varia.new(name, { seed = 1 })
  for _ = 1, 12 do
    if g:result() then break end
    local turns = g:legal()
    if #turns == 0 then break end
    g:play(turns[math.random(#turns)])
  end
  local n = g:perft(2)
  local back = varia.new(name, { fen = g:fen() })
  assert(back:fen() == g:fen(), name)
  print(name, n, #g:history("san"), g:view("white"):sub(1, 20))
end
