-- A move of a script's kind between the same two squares as another legal
-- move (docs/api.md, "kinds"): its UCI is from..to, like the other's, so
-- it is written with its kind after a slash (g1f3/zap), and from..to alone
-- names the other move. Before, g1f3 played the knight's move whichever
-- of the two was meant, and the zap could not be played by its text (the
-- fuzzer's lost move: tests/fuzz/regressions/hooks/lost-move-kind-twin).

local t = require "check"
local std = require "std"

-- The side's knights may also "zap" to any square a knight of theirs
-- could go: the core moves nothing for it, the effect marks the knight.
local zapping = std.extend(std.chess, {
  name = "zapping",
  hooks = {
    kinds = { "zap" },
    moves = function(pos, moves)
      local n = #moves
      for i = 1, n do
        local from, to = pos:decode(moves[i])
        local piece = pos:piece(from)
        if piece == "N" or piece == "n" then moves[#moves + 1] = pos:move(from, to, "zap") end
      end
      return moves
    end,
    effects = function(pos, move)
      local from, _, kind = pos:decode(move)
      if kind == "zap" then pos:set_attr(from, 8) end
    end,
  },
})

local function has(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
end

local g = varia.new(zapping)
local uci, san = g:legal(), g:legal("san")
t.check("the knight's move keeps its UCI", has(uci, "g1f3"), table.concat(uci, " "))
t.check("its twin of the script's kind says its kind", has(uci, "g1f3/zap"), table.concat(uci, " "))
t.check("the knight's move keeps its SAN", has(san, "Nf3"), table.concat(san, " "))
t.check("the twin's SAN is its UCI", has(san, "g1f3/zap"), table.concat(san, " "))
t.equal("20 moves and 4 twins", #uci, 24)
-- each move reads back as itself (g:selftest plays them all by their text)
t.check("every move reads back", g:selftest())

-- g1f3 is the knight's move, g1f3/zap the script's
local a = varia.new(zapping)
t.check("g1f3 plays", a:play("g1f3"))
t.equal("g1f3 moved the knight", a:fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
local b = varia.new(zapping)
t.check("g1f3/zap plays", b:play("g1f3/zap"))
t.equal("the zap left the knight on g1", b:history()[1], "g1f3/zap")
t.check("the zap moved no piece", b:fen():find("^rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b") ~= nil, b:fen())
t.fails("a kind the script has not", "", b:play("b8c6/zip"))
t.done()
