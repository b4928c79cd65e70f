-- The designer's lab (varia analyze, varia diff): its statistics against
-- values computed by hand, and its report on small synthetic game sets.
local t = require "check"
local stats = require "labstats"
-- The lab is trusted code that uses the varia module (varia.new,
-- varia.json), as `varia analyze` runs it: loaded here the same way, not
-- through require's sandbox.
local lab = assert(loadfile("lua/lab.lua"))()

local function near(name, got, want, tol)
  t.check(name, got ~= nil and math.abs(got - want) <= (tol or 1e-6),
    string.format("expected %.9g, got %s", want, tostring(got)))
end

-- Wilson: p +- from (p + z^2/2n) / (1 + z^2/n) and
-- z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2), z = 1.959964.
local p, lo, hi = stats.wilson(8, 10)
near("wilson 8/10 rate", p, 0.8)
near("wilson 8/10 lower", lo, 0.4901624715, 1e-9)
near("wilson 8/10 upper", hi, 0.9433178485, 1e-9)
p, lo, hi = stats.wilson(0, 10)
near("wilson 0/10 lower is 0", lo, 0)
near("wilson 0/10 upper", hi, 0.2775327999, 1e-9)
p, lo, hi = stats.wilson(5.5, 10) -- a score with a draw
near("wilson 5.5/10 lower", lo, 0.2736696896, 1e-9)
near("wilson 5.5/10 upper", hi, 0.7985770304, 1e-9)
t.equal("wilson of no games", stats.wilson(0, 0), nil)

-- Student's t: the 97.5% quantiles of the tables, and a mean's interval.
near("t quantile, 4 df", stats.t_quantile(4), 2.776445105, 1e-6)
near("t quantile, 1 df", stats.t_quantile(1), 12.70620474, 1e-5)
near("t quantile, 1000 df", stats.t_quantile(1000), 1.962339081, 1e-6)
local m
m, lo, hi = stats.mean_ci({ 1, 2, 3, 4, 5 }) -- sd sqrt(2.5), half 2.776445 * 1.581139 / sqrt 5
near("mean of 1..5", m, 3)
near("t interval of 1..5, lower", lo, 3 - 1.963243161, 1e-6)
near("t interval of 1..5, upper", hi, 3 + 1.963243161, 1e-6)
m, lo, hi = stats.mean_ci({ 7 })
t.equal("a mean of one value has no width", lo, 7)

-- Tests of a difference.
near("normal: |z| > 1.96", stats.normal_two_sided(1.959963985), 0.05, 1e-6)
-- 60/100 against 40/100: pooled 0.5, se sqrt(0.25 * 0.02), z = 2.828427
near("two proportions 60/100 vs 40/100", stats.two_proportions(60, 100, 40, 100), 0.004677735, 1e-6)
near("two equal proportions", stats.two_proportions(50, 100, 50, 100), 1)
-- 1..5 against 2..6: t = -1 with 8 degrees of freedom
near("welch 1..5 vs 2..6", stats.welch({ 1, 2, 3, 4, 5 }, { 2, 3, 4, 5, 6 }), 0.3465935071, 1e-6)

-- Logistic regression. One binary feature: the fit is saturated, so the
-- intercept is the log-odds at x = 0 (3 wins in 4: ln 3) and the slope
-- the difference at x = 1 (1 win in 5: ln 1/4).
local X, y = {}, {}
for _, r in ipairs({ { 0, 1 }, { 0, 1 }, { 0, 1 }, { 0, 0 }, { 1, 1 }, { 1, 0 }, { 1, 0 }, { 1, 0 }, { 1, 0 } }) do
  X[#X + 1], y[#y + 1] = { r[1] }, r[2]
end
local fit = stats.logistic(X, y)
near("logistic intercept: ln 3", fit.intercept, 1.098612289, 1e-4)
near("logistic slope: ln(1/4) - ln 3", fit.coef[1], -2.48490665, 1e-4)
-- Draws as half points: at x = -1, 0, 1 the mean results 0.25, 0.5, 0.75
-- lie on a logistic curve, intercept 0 and slope ln 3.
X, y = {}, {}
for _, r in ipairs({ { -1, 0 }, { -1, 0.5 }, { -1, 0 }, { -1, 0.5 }, { 0, 1 }, { 0, 0 }, { 0, 0.5 }, { 0, 0.5 },
                     { 1, 1 }, { 1, 0.5 }, { 1, 1 }, { 1, 0.5 } }) do
  X[#X + 1], y[#y + 1] = { r[1], 0 }, r[2] -- a second feature that never varies
end
fit = stats.logistic(X, y)
near("logistic with draws: intercept 0", fit.intercept, 0, 1e-4)
near("logistic with draws: slope ln 3", fit.coef[1], 1.098612289, 1e-4)
near("a feature that never varies weighs nothing", fit.coef[2], 0, 1e-4)
t.equal("solve: a singular system", stats.solve({ { 1, 2 }, { 2, 4 } }, { 1, 2 }), nil)

-- Reading positions: material by type, promoted pieces, pockets, wide boards.
local cells, pocket = lab.read_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
t.equal("64 squares", #cells, 64)
t.equal("equal material", lab.material(cells, pocket, { k = true }), "")
cells, pocket = lab.read_board("4k5/10/10/10/10/10/10/+PN2K4R[Pq] w - - 0 1")
t.equal("80 squares of a 10-file board", #cells, 80)
t.equal("material with a promoted piece and a pocket", lab.material(cells, pocket, { k = true }), "+p1 n1 p1 q-1 r1")

-- JSON: the same data, the same text; read back as written.
local doc = { b = { 1, 2, 3 }, a = "x\"y\n", c = { { i = 1 }, { i = 2 } }, d = 0.25, e = true }
local text = lab.json_text(doc)
t.equal("JSON sorts keys", text:match('^{%s*"(%a)"'), "a")
t.equal("JSON round trip", lab.json_text(lab.json_decode(text, "test")), text)

-- The report on a synthetic game set: four games of a two-square-wide
-- toy (no search), results 1-0, 1-0, 0-1 and a draw cut by the limit.
local function game(i, result, legal, cut)
  return { i = i, white = "A", first = "w", result = result, reason = "x", cut = cut, steps = { "a1a2" },
           legal = legal, mat = {}, ev = {}, ev0 = 1, plies = #legal, turns = #legal,
           occupied = 3, squares = 4, positions = #legal, unique = #legal - 1 }
end
local records = { game(1, "1-0", { 2, 2 }), game(2, "1-0", { 1, 3 }), game(3, "0-1", { 4, 4 }),
                  game(4, "1/2-1/2", { 1, 1 }, true) }
local cfg = { variant = "toy", max_plies = 2, paired = false, command = "varia analyze toy" }
local rep = lab.report(cfg, records, { declared = {}, skip = {} })
local F = rep.figures
near("first-player score: 2.5 of 4", F.first_player_score.value, 0.625)
near("its Wilson interval", F.first_player_score.lo, select(2, stats.wilson(2.5, 4)))
near("balance: 1 - |2 - 1| / 4", F.balance.value, 0.75)
near("completion: 3 of 4 decided", F.completion.value, 0.75)
near("cut by the limit: 1 of 4", F.cut.value, 0.25)
t.equal("drawishness leaves the cut game out", F.drawishness.n, 3)
near("positions with a choice: mean of 1, 1/2, 1, 0", F.decision_positions.value, 0.625)
near("branching: mean of 2, 2, 4, 1", F.branching.value, 2.25)
near("coverage 3 of 4 squares", F.coverage.value, 0.75)
near("repetition: 1 - 1/2 each game", F.repetition.value, 0.5)
near("branching at ply 2: (2 + 3 + 4 + 1) / 4", rep.branching_by_ply[2], 2.5)
t.check("the move limit is warned about", rep.warnings[#rep.warnings]:find("reached the move limit") ~= nil,
  rep.warnings[#rep.warnings])

-- Intervals keep to the values a figure can take: three games of 1, 1
-- and 200 plies give a t-interval reaching below zero, and a length is
-- never negative.
local skewed = { game(1, "1-0", { 2 }), game(2, "0-1", { 2 }), game(3, "1-0", { 2 }) }
skewed[3].plies, skewed[3].turns = 200, 200
local srep = lab.report(cfg, skewed, { declared = {}, skip = {} })
t.check("the raw t-interval of 1, 1, 200 reaches below zero", select(2, stats.mean_ci({ 1, 1, 200 })) < 0)
t.equal("a length's interval stops at zero", srep.figures.plies.lo, 0)
near("and keeps its upper bound", srep.figures.plies.hi, select(3, stats.mean_ci({ 1, 1, 200 })), 1e-9)
t.check("a share's interval stays within 0 and 1", F.repetition.lo >= 0 and F.repetition.hi <= 1)

-- Each figure says when it rests on fewer games than its minimum.
t.equal("4 games are few for a rate (min 30)", F.first_player_score.few, true)
t.equal("the minimum is in the figure", F.first_player_score.min, 30)
t.equal("4 games are few for a length (min 10)", F.plies.few, true)
local many = {}
for i = 1, 30 do many[i] = game(i, i % 2 == 0 and "1-0" or "0-1", { 2, 3 }) end
local mrep = lab.report(cfg, many, { declared = {}, skip = {} })
t.equal("30 games are enough for a rate", mrep.figures.first_player_score.few, nil)
t.equal("and for a length", mrep.figures.plies.few, nil)
local text4 = lab.format_report(cfg, rep)
t.check("the table marks a figure on few games", text4:find("few (min 30)", 1, true) ~= nil, text4)
t.check("and says what few means", text4:find("a hint, not a measurement", 1, true) ~= nil, text4)
t.check("30 games: no mark", lab.format_report(cfg, mrep):find("few (min 30)", 1, true) == nil)
-- piece values fitted from 20 games say they are too few to be values
local valued = {}
for i = 1, 20 do
  local g = game(i, i % 3 == 0 and "0-1" or "1-0", { 2, 2 })
  g.mat = { i % 3 == 0 and "q-1" or "q1", "q1" }
  valued[i] = g
end
local vrep = lab.report(cfg, valued, { declared = { q = 900, p = 100 }, skip = {}, pawn = "p" })
t.check("piece values are fitted", vrep.piece_values ~= nil)
t.equal("from 20 games they are few", vrep.piece_values and vrep.piece_values.few, true)
t.equal("the minimum for values is 100 games", vrep.piece_values and vrep.piece_values.min_games, 100)
local vtext = lab.format_report(cfg, vrep)
t.check("the report says the values are not yet values",
  vtext:find("fewer than the 100 that fitted values need", 1, true) ~= nil, vtext)

-- Seats played by external engines: the report names them, counts the
-- steps that came without a score, and says when there were no scores.
local ecfg = { variant = "toy", max_plies = 2, paired = false, command = "varia analyze toy",
               seats = { A = { depth = 3, engine = "uci:x" }, B = { depth = 3, engine = "uci:x" } } }
local unscored = { game(1, "1-0", { 2, 2 }), game(2, "0-1", { 2, 2 }) }
unscored[1].unscored, unscored[2].unscored = 2, 2
local erep = lab.report(ecfg, unscored, { declared = {}, skip = {} })
t.equal("steps without a score are counted", erep.unscored, 4)
t.equal("no scores: no lead changes", erep.figures.lead_changes.n, 0)
local etext = lab.format_report(ecfg, erep)
t.check("the report names the engine", etext:find("played by uci:x, depth 3", 1, true) ~= nil, etext)
t.check("and says the evaluation figures are unavailable",
  etext:find("the evaluation figures are unavailable: the engines reported no scores", 1, true) ~= nil, etext)
ecfg.paired, ecfg.seats.B = true, { movetime = 50 }
local scored = { game(1, "1-0", { 2, 2, 2, 2 }), game(2, "0-1", { 2, 2, 2, 2 }) }
scored[1].ev, scored[2].ev = { 50, -30, 80, 900 }, { 0, -200, -100, -700 }
erep = lab.report(ecfg, scored, { declared = {}, skip = {} })
-- game 1: leader +, -, + : 2 changes over 3 steps; game 2: -, - , -: none
near("lead changes from the engines' scores", erep.figures.lead_changes.value, (2 / 3 + 0) / 2)
etext = lab.format_report(ecfg, erep)
t.check("two seats, an engine and the search", etext:find("seat A: uci:x, depth 3; seat B: varia, 50 ms a move", 1, true) ~= nil, etext)
t.check("no note when every step had a score", etext:find("without a score", 1, true) == nil, etext)

-- g:bestmove gives the search's score beside the step (the lab's
-- evaluation curves), for the player who decides; none from a vote over
-- sampled positions.
local g = varia.new("chess", { fen = "7k/8/6K1/8/8/8/8/R7 w - - 0 1" })
local mv, score = g:bestmove({ depth = 3, fresh = true })
t.equal("bestmove mates", mv, "a1a8")
t.check("with a mate's score", score and score > 900000, tostring(score))
g = varia.new("chess", { fen = "7k/8/6K1/8/8/8/8/r6K w - - 0 1" })
mv, score = g:bestmove(2)
t.check("a score for the side to move, here lost", score and score < -400, tostring(score))
local k = varia.new("kriegspiel")
t.equal("no score from a vote over samples", select("#", k:bestmove(1)), 1)

-- labduel (varia tune --gate, tests/tune/gain.lua): the score, its Elo
-- (400 log10(s / (1 - s))) and margin (1.96 standard errors of the mean
-- score, as Elo), by hand: 3 wins and a loss, 0.75, +190.85 +- 663.14
-- (the upper end clamped at 0.999); 108 =14 -78, 0.575, +52.51 +- 47.24
local duel = require "labduel"
local s, elo, margin = duel.score(3, 0, 1)
near("duel: score", s, 0.75)
near("duel: Elo", elo, 190.848501887865, 1e-9)
near("duel: margin", margin, 663.1409217094867, 1e-9)
s, elo, margin = duel.score(108, 14, 78)
near("duel: score of 200", s, 0.575)
near("duel: Elo of 200", elo, 52.51156585572754, 1e-9)
near("duel: margin of 200", margin, 47.23542590229849, 1e-9)
-- a script against itself: each opening once with each colour, the same
-- searches, so each pair of games is one game played twice with the
-- colours swapped: exactly one half, whatever the games
local w, d, l = duel.match(varia.new, "gardner", "gardner", { games = 6, depth = 1, seed = 3 })
t.equal("duel: a script against itself, six games", w + d + l, 6)
t.equal("duel: a script against itself wins what it loses", w, l)
-- the same seed, the same games
local again = { duel.match(varia.new, "gardner", "gardner", { games = 6, depth = 1, seed = 3 }) }
t.equal("duel: the same seed, the same result", table.concat(again, " "), w .. " " .. d .. " " .. l)

t.done()
