-- Georgian Chess: Amazon Chess (an amazon, a, moving as a queen or a
-- knight, in place of the queen) without castling and without en passant.
-- Rules: Fairy-Stockfish's definition (variant.cpp, georgian_variant:
-- amazon, castling off, enPassantRegion empty), UCI_Variant georgian.
-- Configuration only.
local std = require "std"
return std.extend(require "amazon", {
  name = "georgian",
  description = "Amazon Chess without castling or en passant",
  fairy_stockfish = "georgian",
  start = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1",
  castling = std.NONE,
  -- the pawn without en passant (no e in its Betza)
  pieces = { p = std.extend(std.pieces.pawn, { betza = "fmWfcFifmnD" }) },
})
