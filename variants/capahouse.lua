-- Capahouse: Capablanca Chess (10x8, archbishop and chancellor) with
-- Crazyhouse's drops: captured pieces go to the capturer's pocket, and a
-- promoted piece goes back as a pawn.
-- Fairy-Stockfish: UCI_Variant capahouse.
local std = require "std"
local capablanca = require "capablanca"
return std.extend(capablanca, {
  name = "capahouse",
  description = "Capablanca chess with crazyhouse drops",
  start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1",
  drops = { captures = true },
})
