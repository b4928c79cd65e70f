-- Clobber on 10x10: Clobber (clobber.lua) on a board of ten files and ten
-- ranks filled with stones in a checkerboard pattern.
-- Rules: https://en.wikipedia.org/wiki/Clobber
-- Fairy-Stockfish: UCI_Variant clobber10.
local std = require "std"
local clobber = require "clobber"
return std.extend(clobber, {
  name = "clobber10",
  description = "Clobber on 10x10",
  fairy_stockfish = "clobber10",
  files = 10, ranks = 10,
  start = "PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/"
       .. "pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w - - 0 1",
})
