-- hooks.castling (docs/api.md, "Rule hooks"): a script judges the squares
-- between king and rook in place of the core's test that they are empty;
-- the core still finds king, right and rook, and still refuses castling
-- out of, through or into check. Alice chess used it until moves_layer
-- judged castling on its boards (tests/lua/test_hook_fast.lua keeps that
-- version); here a chess whose O-O-O may pass a piece on
-- b1 (the knight jumps aside, as it were), and the answers the hook may
-- give.

local t = require "check"
local std = require "std"

local function chess_with(castling)
  return std.extend(std.chess, { name = "castling-hooked", hooks = { castling = castling } })
end

local function legal(g)
  local l = {}
  for _, m in ipairs(g:legal()) do l[m] = true end
  return l
end

-- The arguments: the wing, the squares of king and rook, where they land.
local seen = {}
local g = varia.new(chess_with(function(pos, wing, king, rook, king_to, rook_to)
  seen[#seen + 1] = table.concat({ pos:side(), wing, king, rook, king_to, rook_to }, " ")
end), { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" })
t.equal("perft 1: the core's 26 moves", g:perft(1), 26)
table.sort(seen)
t.equal("asked once per castling (one generation), with its squares", table.concat(seen, "; "),
        "white king e1 h1 g1 f1; white queen e1 a1 c1 d1")
local l = legal(g)
t.check("nil: the core's test (both castlings)", l["e1g1"] and l["e1c1"])

-- true: the squares allow it, even past a piece on b1
local FEN = "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"
local function past_b1(pos, wing, king, rook)
  if wing ~= "queen" then return nil end
  for _, sq in ipairs({ "c1", "d1" }) do
    if pos:piece(sq) then return false, sq .. " must be empty" end
  end
  return true
end
g = varia.new(chess_with(past_b1), { fen = FEN })
t.check("true: O-O-O past the knight on b1", legal(g)["e1c1"])
t.check("chess: not so", not legal(varia.new("chess", { fen = FEN }))["e1c1"])
g:play("O-O-O")
t.equal("the castling made", g:fen(), "4k3/8/8/8/8/8/8/1NKR4 b - - 1 1")
-- ... but not out of check, nor through an attacked square: the core's
g = varia.new(chess_with(past_b1), { fen = "3rk3/8/8/8/8/8/8/RN2K3 w Q - 0 1" })
t.check("true does not allow castling through check", not legal(g)["e1c1"])
t.equal("... and why says so", select(2, g:why("e1c1")), "castling (O-O-O): the king may not cross d1, which Black attacks")
g = varia.new(chess_with(past_b1), { fen = "4k3/8/8/8/8/8/8/RN1BK3 w Q - 0 1" })
t.check("false: refused", not legal(g)["e1c1"])
t.equal("false: its reason in why", select(2, g:why("e1c1")), "castling (O-O-O): d1 must be empty")
t.check("false: the other moves stay", legal(g)["e1f1"])
-- the right and the rook are still the core's: no hook call without them
local calls = 0
g = varia.new(chess_with(function() calls = calls + 1 return true end), { fen = "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1" })
t.check("no right: no castling", not legal(g)["e1c1"])
t.equal("no right: the hook is not asked", calls, 0)

-- A number is no answer: an error naming the hook's file:line.
g = varia.new(chess_with(function() return 1 end), { fen = FEN })
local ok, err = pcall(g.legal, g)
t.fails("a number is no answer", "hooks.castling returned number (expected true", ok, err)
t.fails("... with the hook's line", "test_castling_hook.lua:", ok, err)

t.done()
