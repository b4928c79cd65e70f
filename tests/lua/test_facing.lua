-- rules.facing_ranks: royal pieces that may not face each other (the
-- flying general, rules.facing_kings = "illegal") face on a rank as well
-- as on a file, as Fairy-Stockfish's flyingGeneral tests a rook's lines
-- from the king. Counts from the current Fairy-Stockfish's native build:
--   setoption name VariantPath value tests/fsf/current/variants.ini
--   setoption name UCI_Variant value NAME, position fen FEN, go perft 3
-- (the positions are the differential run's, where varia, facing on files
-- only, counted otherwise before).
local t = require "check"
local std = require "std"
local vi = "tests/fsf/current/variants.ini:"

local cases = {
  { "synochess", "8/7n/2B4P/8/1P2k3/1K6/8/6rR[] b - - 37 115", 1762 },
  { "synochess", "8/8/8/6k1/1PK1R3/8/8/8[RnPB] w - - 1 132", 209768 },
  { "empire", "8/8/P7/8/K5k1/8/8/7Q w - - 39 149", 391 },
  { "empire", "5Sb1/1n6/p4n2/4k3/1Pp4K/4p3/8/8 w - - 0 100", 728 },
  { "ordavsempire", "2k5/7K/4P3/8/8/5p2/8/8 b - - 2 113", 60 },
  -- the palaces share the third rank
  { "crowdedxiangqi", "2B6/4a4/3k5/4K4/9 w - - 77 149", 70 },
  { "crowdedxiangqi", "9/3k5/5K2B/9/9 b - - 34 177", 14 },
  { "leaperhouse", "10/10/10/10/1k6K1/10/10/10/10/10[] w - - 0 1", 178 },
  { "leaperhouse", "10/10/10/10/1k4P1K1/10/10/10/10/10[] b - - 0 1", 310 },
}
for _, c in ipairs(cases) do
  t.equal(c[1] .. " " .. c[2], varia.new(vi .. c[1], { fen = c[2] }):perft(3), c[3])
end

-- The importer's translation, with no note.
local ini = require "ini"
local v, notes = ini.table(assert(ini.parse("[fg:chess]\nflyingGeneral = true\n")), "fg")
t.equal("flyingGeneral: illegal", v.rules.facing_kings, "illegal")
t.equal("flyingGeneral: on ranks too", v.rules.facing_ranks, true)
t.equal("flyingGeneral: no note", #notes, 0)
v = varia.load(vi .. "synochess")
t.equal("synochess says no difference", v.differs == nil or next(v.differs) == nil, true)

-- On a board of kings alone: a king may not step onto the other's rank
-- with nothing between (the king on b5 faces f5, g5 and h5).
local fg = std.extend(std.chess, { name = "fg", castling = std.NONE,
  start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  rules = { facing_kings = "illegal", facing_ranks = true } })
local g = varia.new(fg, { fen = "8/8/8/1k6/6K1/8/8/8 w - - 0 1" })
local to = {}
for _, m in ipairs(g:legal()) do to[#to + 1] = m:sub(3) end
table.sort(to)
t.equal("the king keeps off the other's rank", table.concat(to, " "), "f3 f4 g3 h3 h4")
local file_only = std.extend(fg, { name = "fg2", rules = { facing_ranks = false } })
t.equal("files only: the rank is free", #varia.new(file_only, { fen = "8/8/8/1k6/6K1/8/8/8 w - - 0 1" }):legal(), 8)
t.equal("a piece between breaks the facing: 8 king moves and d6",
  #varia.new(fg, { fen = "8/8/8/1k1P4/6K1/8/8/8 w - - 0 1" }):legal(), 9)

t.raises("facing_ranks needs facing_kings", "rules.facing_ranks: needs rules.facing_kings",
  varia.new, std.extend(std.chess, { name = "x", rules = { facing_ranks = true } }))

t.done()
