-- Shogi with no piece but the pawn given a value (docs/engine.md, Tuning,
-- "Pieces with no value given"): the estimates from the pieces' moves know
-- nothing of drops (the gold and the tokin 249, the knight 125, the rook
-- 608), as a new variant's evaluation would not.
local std = require "std"
local none = { value = std.NONE }
return std.extend(require "shogi", { name = "shogi-unvalued",
  pieces = { l = none, n = none, s = none, g = none, b = none, r = none,
    t = none, y = none, c = none, v = none, h = none, d = none } })
