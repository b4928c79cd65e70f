-- varia run play.lua VARIANT: plays e2e4 in VARIANT and prints the outcome.
local g = assert(varia.new(arg[1]))
print(g:play("e2e4"))
print(g:fen())
