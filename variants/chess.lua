-- Orthodox chess (FIDE Laws of Chess), the standard library's base as is.
-- Fairy-Stockfish: UCI_Variant chess.
local std = require "std"
return std.extend(std.chess, { name = "chess" })
