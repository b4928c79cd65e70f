-- Sittuyin, Burmese chess: makruk's pieces (the general, f, one step
-- diagonally; the elephant, s, one step diagonally or straight forward)
-- with the pawns set up on the board and the other pieces in hand. The
-- players take turns placing a piece on an empty square of their own
-- three ranks, rooks on the first rank only, until all are placed; then
-- they move. A pawn promotes, instead of moving, to a general while its
-- side has none: where it stands (UCI e5e5f) or by one diagonal step to
-- an empty square (e5d6f). With more than one pawn, only a pawn on one of
-- the long diagonals in the opponent's half may promote; the last pawn
-- anywhere. A promotion may not give check, nor leave the new general
-- attacking a piece of the opponent. No castling; stalemate is a draw.
-- Rules: https://en.wikipedia.org/wiki/Sittuyin and Fairy-Stockfish's
-- src/variant.cpp (sittuyin_variant) and src/movegen.cpp.
-- Fairy-Stockfish: UCI_Variant sittuyin.
-- Choices: a side with pieces in hand must drop (it moves only when no
-- drop is legal); the 50-move rule (nmove = 50). A pawn is in hand only
-- in a set-up FEN (the rules never put one there); it is dropped as the
-- current Fairy-Stockfish drops it, on its side's three ranks but the
-- first (11.1 never dropped it). Fairy-Stockfish's ASEAN counting
-- rules (countingRule = asean, the elephant s its khon): a side left with
-- its king alone, no pawn on the board, counts its moves, drawn past a
-- rook's 16, an elephant's 44, a knight's 64 (std.counting).
-- Configuration only, no Lua hooks.
local std = require "std"
local makruk = require "makruk"
return std.extend(makruk, {
  name = "sittuyin",
  description = "Burmese chess: pieces set up behind the pawns",
  fairy_stockfish = "sittuyin",
  pieces = {
    m = std.NONE,
    f = { name = "general", betza = "F", value = 150 },
    r = { drop_region = { white = "a1-h1", black = "a8-h8" } },
  },
  start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
  promotion = {
    pieces = "f", zone = 0, limit = { f = 1 },
    -- the long diagonals, in the opponent's half
    by_move = { white = "a8 b7 c6 d5 e5 f6 g7 h8", black = "a1 b2 c3 d4 e4 f3 g2 h1",
                last_anywhere = true },
    no_check = true, no_attack = true,
  },
  drops = { captures = false, must = true,
            region = { white = "a1-h3", black = "a6-h8" } },
  rules = { nmove = 50, counting = std.counting("asean") },
})
