-- Grand Chess with no piece given a value (docs/engine.md, Tuning,
-- "Pieces with no value given"): the evaluation starts from the estimates
-- from the pieces' moves on 10x10 (the queen 1049, the rook 674, the
-- archbishop 646), as a new variant's would.
local std = require "std"
local none = { value = std.NONE }
return std.extend(require "grand", { name = "grand-unvalued",
  pieces = { a = none, b = none, c = none, n = none, q = none, r = none } })
