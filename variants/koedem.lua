-- Koedem, a Bughouse variant, on one board as Fairy-Stockfish 11.1 plays
-- it: chess in which the king is an ordinary piece without check (a
-- commoner, k) that may be captured and castles as in chess (with no
-- check rule, out of, through or into attack). A player who cannot move
-- loses. A side is extinct, and loses, only when it has no king while
-- the opponent owns both kings, which on one board cannot happen: the
-- pieces a player captures go to the partner's pocket on the other
-- board, so here they leave the game, and every game is decided by
-- stalemate or drawn by the 50-move rule or repetition.
-- Rules: http://schachclub-oetigheim.de/wp-content/uploads/2016/04/Koedem-rules.pdf ;
-- Fairy-Stockfish's src/variant.cpp (koedem: bughouse with a commoner
-- king, extinction of commoners when the opponent has two, a king in
-- hand must be dropped).
-- The pocket holds what a FEN gives it (a partner's captures) and its
-- pieces are dropped as in Bughouse. A king in the pocket must be
-- dropped at once, as the rules say and the current Fairy-Stockfish
-- plays (11.1 let another piece in hand be dropped first): while the
-- pocket holds a king, the turn is the drop of a king, and a move only
-- when no king can be dropped.
-- Fairy-Stockfish: UCI_Variant koedem.
local std = require "std"
return std.extend(std.chess, {
  name = "koedem",
  description = "bughouse's Koedem on one board: capture every king",
  fairy_stockfish = "koedem",
  pieces = { k = { name = "commoner", betza = "K", royal = false, value = 300 } },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
  castling = { king = "k" },
  drops = { captures = false, must = "k" },
  rules = {
    stalemate = "loss",
    extinction = { result = "loss", pieces = "k", count = 0, opponent = 2 },
  },
})
