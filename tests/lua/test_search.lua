-- The search (issue 17): at a fixed depth, never against the clock, it
-- finds short mates and takes material left hanging, in several variants.
local t = require "check"

-- best(variant, fen, depth): the computer's choice (its first step)
local function best(spec, fen, depth)
  local g = varia.new(spec, { fen = fen })
  local mv = g:bestmove(depth)
  return mv and mv:match("^[^,]+") or "(none)", mv
end

local function one_of(name, got, list)
  for _, m in ipairs(list) do if got == m then return t.check(name, true) end end
  t.check(name .. " (got " .. got .. ", wanted one of " .. table.concat(list, " ") .. ")", false)
end

-- Mates: a back-rank mate in one; two rooks mate in two (1.Ra7 Kg8
-- 2.Rb8#, or 1.Rb7 Kg8 2.Ra8#); a queen and king in two (1.Qg7+ is no
-- mate; 1.Kf6 ... 2.Qg7# or 2.Qd8#: only the quiet king move mates).
t.equal("chess: back-rank mate in one", best("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1), "d1d8")
one_of("chess: two rooks mate in two", best("chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 3), { "a2a7", "b1b7" })
t.equal("capablanca: back-rank mate in one", best("capablanca", "6k3/5ppp2/10/10/10/10/10/3R5K w - - 0 1", 1), "d1d8")
t.equal("shatranj: rook mates in one", best("shatranj", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 2), "d1d8")
-- where the royal piece is captured, capturing it ends the game
t.equal("duck: the king taken at once", best("duck", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", 2), "e2e8")

-- Hanging material: taken, in each variant, and a defended piece is not
-- taken with a queen (the quiescence search sees the recapture).
t.equal("chess: the hanging queen taken", best("chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2), "d2d5")
local poisoned = best("chess", "4k3/4p3/3p4/8/8/8/8/3QK3 w - - 0 1", 2)
t.check("chess: a defended pawn is not taken with the queen (" .. poisoned .. ")", poisoned ~= "d1d6")
t.equal("capablanca: the hanging archbishop taken", best("capablanca", "4k5/10/10/4a5/10/10/4R5/5K4 w - - 0 1", 2), "e2e5")
t.equal("xiangqi: the hanging chariot taken", best("xiangqi", "4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1", 2), "e2e6")
local first, turn = best("duck", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2)
t.equal("duck: the hanging queen taken, then the duck placed (" .. tostring(turn) .. ")", first, "d2d5")
t.equal("crazyhouse: the hanging queen taken", best("crazyhouse", "4k3/8/8/3q4/8/8/3R4/4K3[] w - - 0 1", 2), "d2d5")
-- of two captures, the more valuable piece
t.equal("chess: the queen taken, not the knight", best("chess", "4k3/8/3q4/8/4N3/8/5n2/K7 w - - 0 1", 2), "e4d6")

-- (Values estimated where a script gives none: tests/unit/test_search.c,
-- on a variant built in C without values.)

t.done()
