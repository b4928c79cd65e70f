-- Capablanca with no piece given a value: what the evaluation of a new
-- variant starts from (docs/engine.md, Tuning, "Pieces with no value
-- given"). The values come from the pieces' moves (eval.c's estimate) until
-- varia tune learns them: the archbishop starts at 584, under the bishop
-- and knight it compounds.
local std = require "std"
local none = { value = std.NONE }
return std.extend(require "capablanca", { name = "capablanca-unvalued",
  pieces = { a = none, b = none, c = none, n = none, q = none, r = none } })
