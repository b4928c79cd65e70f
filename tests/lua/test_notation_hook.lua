-- hooks.notation: a script names the moves it makes (docs/api.md, "Rule
-- hooks"). The name takes SAN's place everywhere a move is written
-- (g:san, g:legal("san"), g:history("san"), the REPL, PGN, the browser) and
-- is read back by g:play, with the move's UCI and its standard SAN; a name
-- that two moves share here, or that another move's UCI or SAN reads, is
-- refused with a message naming both moves. Rifle chess names its shots
-- so (tests/lua/test_rifle.lua); here a swap of king and rook, a move of
-- two friendly pieces that SAN has no name for.

local t = require "check"
local std = require "std"

local FEN = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"

-- The white king may swap places with either rook: a move of kind "swap"
-- from the king's square to the rook's, named by the script.
local function swapping(name)
  return std.extend(std.chess, {
    name = "swapping",
    hooks = {
      kinds = { "swap" },
      moves = function(pos, moves)
        local king = pos:royal(pos:side())
        if pos:side() == "white" and king == "e1" then
          for _, rook in ipairs({ "a1", "h1" }) do
            if pos:piece(rook) == "R" then moves[#moves + 1] = pos:move(king, rook, "swap") end
          end
        end
        return moves
      end,
      effects = function(pos, move)
        local from, to, kind = pos:decode(move)
        if kind ~= "swap" then return end
        pos:remove(from)
        pos:put(from, "R")
        pos:put(to, "K")
      end,
      notation = function(pos, move)
        local _, to, kind = pos:decode(move)
        if kind == "swap" then return name(to) end
      end,
    },
  })
end

local function legal_san(g)
  local l = g:legal("san")
  table.sort(l)
  return table.concat(l, " ")
end

-- A name of the script's: K<>a1, K<>h1.
local g = varia.new(swapping(function(to) return "K<>" .. to end), { fen = FEN })
t.check("the swaps are legal", g:legal()[1] ~= nil)
local san = legal_san(g)
t.check("g:legal('san') names the swaps", san:find("K<>a1", 1, true) and san:find("K<>h1", 1, true), san)
-- (a swap puts a rook on e1, checking the king on e8: the check mark is
-- the core's, after the name)
t.equal("g:san names a swap", g:san("e1h1"), "K<>h1+")
t.equal("the other moves keep SAN", g:san("e1e2"), "Ke2")
t.check("g:play reads the name", g:play("K<>h1"))
t.equal("... and makes the swap", g:fen(), "4k3/8/8/8/8/8/8/R3R2K b - - 1 1")
t.equal("g:history('san') writes it", g:history("san")[1], "K<>h1+")
g:undo()
t.check("g:play reads its UCI too", g:play("e1a1"))
t.equal("... the same move", g:fen(), "4k3/8/8/8/8/8/8/K3R2R b - - 1 1")
g:undo()
t.check("the name with its check mark reads too", g:play("K<>a1+"))
g:undo()
g = varia.new(swapping(function(to) return "K<>" .. to end), { fen = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1" })
g:play("Kd1")
g:play("Kd8")
t.equal("a name after the king left: none (no swap)", g:san("d1d2"), "Kd2")

-- One name for two moves: refused, naming both.
g = varia.new(swapping(function() return "Swap" end), { fen = FEN })
local ok, why = g:play("Swap")
t.fails("one name for two moves", "ambiguous move Swap: it names both e1a1 and e1h1 here", ok, why)
t.equal("nothing played", g:fen(), FEN)
t.check("UCI still tells them apart", g:play("e1h1"))
-- A name another move's UCI reads: refused too.
g = varia.new(swapping(function(to) return to == "h1" and "e1e2" or "K<>" .. to end), { fen = FEN })
ok, why = g:play("e1e2")
t.fails("a name that is another move's UCI", "ambiguous move e1e2: it names both", ok, why)
-- ... or another move's SAN.
g = varia.new(swapping(function(to) return to == "h1" and "Kf1" or "K<>" .. to end), { fen = FEN })
ok, why = g:play("Kf1")
t.fails("a name that is another move's SAN", "ambiguous move Kf1: it names both", ok, why)

-- A name PGN and play could not read back whole (or longer than 14
-- characters) is an error naming the hook's file:line.
for _, bad in ipairs({ "K a1", "1swap", "K,a1", "K.a1", "", "Kxa1+", "K<>a1-K<>h1-xyz" }) do
  g = varia.new(swapping(function() return bad end), { fen = FEN })
  ok, why = pcall(g.san, g, "e1a1")
  t.fails("a bad name: " .. bad, "hooks.notation returned", ok, why)
  t.fails("a bad name names the hook's line: " .. bad, "test_notation_hook.lua:", ok, why)
end
g = varia.new(swapping(function() return 12 end), { fen = FEN })
ok, why = pcall(g.san, g, "e1a1")
t.fails("a number is no name", "hooks.notation returned number (expected the move's name, or nil for SAN)", ok, why)

t.done()
