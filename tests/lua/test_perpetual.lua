-- rules.perpetual_check: a repetition during which one side was in check
-- at each of its turns ends with this result for the side that gave the
-- checks (Fairy-Stockfish's perpetualCheckIllegal: the checker loses);
-- both sides checked throughout: a draw; neither: repetition_result.

local t = require "check"
local std = require "std"

local pc = std.extend(std.chess, { name = "pc", rules = { perpetual_check = "loss" } })
local start = "7k/8/8/8/8/8/8/K3Q3 w - - 0 1"
local checks = { "Qe8+", "Kh7", "Qe4+", "Kh8", "Qe8+", "Kh7", "Qe4+", "Kh8", "Qe8+" }

local g = varia.new(pc, { fen = start })
t.check("the checks", g:play(table.unpack(checks, 1, 8)))
t.equal("a second occurrence ends nothing", g:result(), nil)
t.check("the third Qe8+", g:play(checks[9]))
local winner, why = g:result()
t.equal("perpetual check: the checker loses", winner, "black")
t.equal("perpetual check: the reason", why, "perpetual check")

g = varia.new("chess", { fen = start })
g:play(table.unpack(checks))
winner, why = g:result()
t.equal("without the rule: a draw by repetition", winner, "draw")
t.equal("without the rule: the reason", why, "repetition")

-- Checks that are not kept up at every turn: an ordinary repetition.
g = varia.new(pc, { fen = start })
g:play("Qe8+", "Kh7", "Qe1", "Kh8", "Qe8+", "Kh7", "Qe1", "Kh8", "Qe8+")
winner, why = g:result()
t.equal("a check not kept up: repetition's own result", winner, "draw")
t.equal("a check not kept up: the reason", why, "repetition")
g = varia.new(pc, { fen = "7k/8/8/8/8/8/8/K3Q3 w - - 0 1" })
g:play("Qe2", "Kg8", "Qe1", "Kh8", "Qe2", "Kg8", "Qe1", "Kh8")
winner, why = g:result()
t.equal("no checks: repetition's own result", winner, "draw")
t.equal("no checks: the reason", why, "repetition")

t.raises("perpetual_check: a result", "rules.perpetual_check: \"sometimes\" is not a result",
  varia.new, std.extend(std.chess, { name = "x", rules = { perpetual_check = "sometimes" } }))

-- The importer: perpetualCheckIllegal is the rule, the checker losing.
local ini = require "ini"
local v, notes = ini.table(assert(ini.parse("[pc:chess]\nperpetualCheckIllegal = true\n")), "pc")
t.equal("perpetualCheckIllegal", v.rules.perpetual_check, "loss")
t.equal("perpetualCheckIllegal: no note", #notes, 0)
v = ini.table(assert(ini.parse("[pc:chess]\nperpetualCheckIllegal = true\nnFoldRule = 0\n")), "pc")
t.equal("perpetualCheckIllegal without repetitions: nothing", v.rules.perpetual_check, nil)

t.done()
