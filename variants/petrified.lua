-- Petrified chess (chess.com): orthodox chess with two changes. Pawns may
-- also step sideways (never capturing so), and a king, queen, rook,
-- bishop or knight that captures turns to stone where it lands: a wall
-- (`*`) that stays for the rest of the game, blocking every line, and that
-- nothing captures. So a king never captures (it would turn to stone) and
-- attacks nothing: the two kings may stand side by side.
-- Rules: https://www.chess.com/variants/petrified
-- Fairy-Stockfish: UCI_Variant petrified (src/variant.cpp: pawnsideways
-- "fsmWfceFifmnD", a commoner king that is pseudo-royal under extinction,
-- which varia's check rule is, petrifyOnCaptureTypes = k q r b n). Castling,
-- en passant and promotion as in chess (pawns promote to q, r, b or n);
-- a pawn that captures stays a pawn. A side with no move, its king beside
-- the enemy king and attacked by nothing else, is stalemated (a draw, as
-- in chess): the king that may not capture attacks nothing. The current
-- Fairy-Stockfish's game end counts that king as an attacker and scores a
-- mate there, while its own move legality does not (docs/variants/rulings.md).
local std = require "std"
local petrify = function(piece, betza)
  return std.extend(piece, { betza = betza or piece.betza, petrify = "*" })
end
return std.extend(std.chess, {
  name = "petrified",
  description = "chess where a piece that captures (not a pawn) turns to stone",
  fairy_stockfish = "petrified",
  pieces = {
    p = std.extend(std.pieces.pawn, { betza = "fsmWfceFifmnD" }),
    n = petrify(std.pieces.knight), b = petrify(std.pieces.bishop),
    r = petrify(std.pieces.rook), q = petrify(std.pieces.queen),
    k = petrify(std.pieces.king, "mK"),
    ["*"] = { name = "stone", neutral = true },
  },
})
