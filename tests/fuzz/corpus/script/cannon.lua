-- Chess with a Xiangqi cannon (mRcpR) on b3, g3, b6 and g6: a custom
-- variant defined both here and for Fairy-Stockfish (cannonchess.ini), to
-- compare a hopper's moves, checks and pins with an independent engine.
local std = require "std"
return std.extend(std.chess, {
  name = "cannonchess",
  pieces = { c = std.pieces.cannon },
  start = "rnbqkbnr/pppppppp/1c4c1/8/8/1C4C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
})
