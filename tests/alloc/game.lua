-- A short scripted game for the allocation-failure test (tests/run-alloc.sh):
-- it loads variants, plays, tries, undoes, counts perft and reads FENs, so
-- that a failing allocation can hit every kind of work.
local g = varia.new("chess")
g:play("e4", "e5", "Nf3")
assert(g:perft(2) > 0)
local d = varia.new("duck")
d:play("e2e4,e4e5")
local k = varia.new("kriegspiel")
k:play("e2e5")
k:play("e2e4")
assert(k:beliefs("black", 2) == 20)
local u = varia.new("unbland", { seed = 3 })
u:play("e2e4")
local m = varia.new("monochrome")
m:play("e4", "d5", "exd5")
print(g:fen(), #g:history("san"), k:view("white"), u:view("white"), m:score())
