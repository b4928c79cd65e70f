-- Atomic, Three-check, King of the Hill and Antichess written with rule
-- hooks (docs/examples/hooks) against the built-in variants, whose
-- mechanisms are C (rules.blast, check_limit, goal, must_capture and
-- extinction) and which the differential suite checks against
-- Fairy-Stockfish: the same legal moves, perft and results in the start
-- position and in positions of seeded random games, played until each
-- game ends. Atomic's positions of Fairy-Stockfish's own perft suite are in
-- tests/perft/atomic.perft, counted against the hook version too below.

local t = require "check"

local pairs_ = {
  { "atomic", "docs/examples/hooks/atomic.lua" },
  { "3check", "docs/examples/hooks/3check.lua" },
  { "kingofthehill", "docs/examples/hooks/kingofthehill.lua" },
  { "antichess", "docs/examples/hooks/antichess.lua" },
}

local function sorted(list)
  table.sort(list)
  return table.concat(list, " ")
end

-- The two versions play the same seeded random games side by side.
for _, p in ipairs(pairs_) do
  local builtin, hooks = p[1], p[2]
  t.equal(builtin .. ": perft 3 from the start", varia.new(hooks):perft(3), varia.new(builtin):perft(3))
  math.randomseed(20261130)
  local positions, ended = 0, 0
  for game = 1, 12 do
    local g, h = varia.new(builtin), varia.new(hooks)
    for ply = 1, 300 do
      local mine, theirs = g:legal(), h:legal()
      positions = positions + 1
      if sorted(mine) ~= sorted(theirs) then
        t.equal(builtin .. ": legal moves of " .. g:fen(), sorted(theirs), sorted(mine))
        break
      end
      local w1 = g:result()
      local w2 = h:result()
      if w1 ~= w2 then
        t.equal(builtin .. ": result of " .. g:fen(), w2, w1)
        break
      end
      if ply % 10 == 1 then
        t.equal(builtin .. ": perft 2 of " .. g:fen(), h:perft(2), g:perft(2))
      end
      if w1 or #mine == 0 then
        if w1 and w1 ~= "draw" then ended = ended + 1 end
        break
      end
      local m = mine[math.random(#mine)]
      g:play(m)
      h:play(m)
    end
  end
  t.check(builtin .. ": positions compared", positions > 300, positions)
  t.check(builtin .. ": games won by the rules", ended > 0, ended)
end

-- Atomic positions where the kings touch or nearly do, which random games
-- seldom reach: a king next to the other is not in check, may step next
-- to it, and a blast may not reach its own. The built-in variant judges
-- moves that blast by making them and the others by pins and attacks on
-- the board; the hook version makes every capture. Random legal positions,
-- seeded: the kings one or two squares apart, a few pieces around.
math.randomseed(20261201)
local extras = { "Q", "R", "B", "N", "P", "P", "q", "r", "b", "n", "p", "p" }
local touching, tries = 0, 0
while touching < 150 and tries < 5000 do
  tries = tries + 1
  local cells = {}
  local kf, kr = math.random(0, 7), math.random(0, 7)
  local gap = math.random(3) == 1 and 2 or 1
  local df, dr = gap * math.random(-1, 1), gap * math.random(-1, 1)
  if (df ~= 0 or dr ~= 0) and kf + df >= 0 and kf + df <= 7 and kr + dr >= 0 and kr + dr <= 7 then
    cells[kr * 8 + kf], cells[(kr + dr) * 8 + kf + df] = "K", "k"
    for _, piece in ipairs(extras) do
      local sq = math.random(0, 63)
      local pawn_on_edge = piece:lower() == "p" and (sq < 8 or sq >= 56)
      if math.random(3) > 1 and not cells[sq] and not pawn_on_edge then cells[sq] = piece end
    end
    local rows = {}
    for r = 7, 0, -1 do
      local row = ""
      for f = 0, 7 do row = row .. (cells[r * 8 + f] or "1") end
      rows[#rows + 1] = row:gsub("1+", function(run) return tostring(#run) end)
    end
    local fen = table.concat(rows, "/") .. (math.random(2) == 1 and " w" or " b") .. " - - 0 1"
    local g = varia.new("atomic", { fen = fen }) -- nil where the side not to move is in check
    if g and not g:result() then
      touching = touching + 1
      local h = varia.new("docs/examples/hooks/atomic.lua", { fen = fen })
      if sorted(g:legal()) ~= sorted(h:legal()) or g:perft(2) ~= h:perft(2) then
        t.equal("atomic, kings close: legal moves and perft 2 of " .. fen,
                sorted(h:legal()) .. " " .. h:perft(2), sorted(g:legal()) .. " " .. g:perft(2))
        break
      end
    end
  end
end
t.equal("atomic: 150 positions with the kings close agree", touching, 150)

-- Fairy-Stockfish's atomic perft suite (tests/perft/atomic.perft), for
-- the hook version.
local suite = {
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197326 },
  { "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1", 3, nil },
  { "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1", 2, 148 },
}
for _, c in ipairs(suite) do
  local want = c[3] or varia.new("atomic", { fen = c[1] }):perft(c[2])
  t.equal("atomic hooks, perft " .. c[2] .. " of " .. c[1],
          varia.new("docs/examples/hooks/atomic.lua", { fen = c[1] }):perft(c[2]), want)
end

t.done()
