-- Spartan Chess (Steven Streetman, 2010): White's orthodox Persian army
-- against Black's Spartans, who have two kings (k) and no pawns, queen or
-- knights: eight hoplites (h: move one step diagonally forward, capture
-- one step straight forward; from their start rank they may also leap two
-- squares diagonally), two lieutenants (l: one or two squares diagonally,
-- jumping, or one step sideways without capturing), a general (g: rook +
-- ferz), a warlord (w: bishop + knight) and two captains (c: one or two
-- squares orthogonally, jumping).
-- Black's kings: a move may not leave both in check at once (duple
-- check), but may leave one of them attacked; a lone king is an ordinary
-- king. A side without a king loses. Hoplites promote on the first rank
-- to a general, warlord, lieutenant, captain, or a king while Black has
-- only one; White's pawns promote as in chess. No en passant either way;
-- White castles as in chess, Black cannot.
-- Rules: https://www.chessvariants.com/rules/spartan-chess
-- Fairy-Stockfish: UCI_Variant spartan (kings as commoners with
-- extinction, extinctionPseudoRoyal and dupleCheck).
local std = require "std"
return std.extend(std.chess, {
  name = "spartan",
  description = "the Persians (orthodox army) against the Spartans, who have two kings",
  fairy_stockfish = "spartan",
  pieces = {
    -- no en passant: the pawn's double step leaves no square to take
    p = std.extend(std.pieces.pawn, { betza = "fmWfcFifmnD" }),
    h = { name = "hoplite", betza = "fmFfcWimA", value = 100, promotes = true },
    l = { name = "lieutenant", betza = "FAsmW", value = 300 },
    c = { name = "captain", betza = "WD", value = 300 },
    g = { name = "general", betza = "RF", value = 700 },
    w = std.extend(std.pieces.archbishop, { name = "warlord" }),
  },
  start = "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
  promotion = {
    pieces = "qrbnkgwlc",
    by_side = { white = "qrbn", black = "kgwlc" },
    limit = { k = 2 },
  },
  rules = {
    royals = "all",
    extinction = { result = "loss", pieces = "k", count = 0 },
  },
})
