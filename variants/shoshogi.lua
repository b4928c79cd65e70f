-- Sho Shogi (16th century): shogi without drops (captured pieces are out
-- of the game) and with a drunk elephant (e: one step in any direction
-- but straight back) in front of each king, which promotes to a crown
-- prince (+E, x inside varia: moves as a king). The king and the prince
-- are both royal: a side loses when it has neither (extinction, the two
-- counted together), and while it has both it may leave them attacked (royals = "alone": the check rule protects a
-- royal piece only while it is its side's only one, as Fairy-Stockfish's
-- pseudo-royal pieces). Promotion in the last three ranks, compulsory
-- where a piece could never move again; stalemate loses; fourfold
-- repetition a draw; no n-move rule.
-- Rules: https://en.wikipedia.org/wiki/Sho_shogi
-- Fairy-Stockfish: UCI_Variant shoshogi (the king a commoner, extinction
-- with extinctionPseudoRoyal). One departure, traced to its move
-- generator: in check it generates evasions only, so an elephant's
-- promotion elsewhere (legal by its own test and by the rules: the king
-- is then no longer the only royal piece) goes uncounted; varia counts it
-- (docs/variants/rulings.md).
local std = require "std"
local s = std.shogi
return std.extend(require "shogi", {
  name = "shoshogi",
  description = "shogi without drops, with a drunk elephant that becomes a prince",
  names = std.NONE,
  fairy_stockfish = "shoshogi",
  pieces = {
    e = { name = "drunk elephant", betza = "FsfW", value = 600, promotes_to = "x" },
    x = std.extend(s.king, { name = "crown prince" }),
  },
  start = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w - - 0 1",
  drops = std.NONE,
  rules = {
    royals = "alone",
    extinction = { result = "loss", pieces = "kx", together = true, count = 0 },
  },
  options = std.NONE, with_options = std.NONE,
})
