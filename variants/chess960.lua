-- Chess960 (Fischer Random Chess): orthodox chess from one of 960 start
-- positions, with castling that puts king and rook on their orthodox
-- squares (FIDE Laws of Chess, Guidelines II).
-- Fairy-Stockfish: UCI_Variant fischerandom.
--
-- Choices:
--  * The start position is the orthodox arrangement (position 518); any of
--    the 960 is std.chess960_fen(n) for n in 0..959, passed as the fen of
--    varia.new or set with `fen` in the REPL.
--  * Castling is written king-takes-rook (e1h1), as UCI_Chess960 does; the
--    king's destination (e1g1) is accepted as input when it is not also an
--    ordinary king move.
--  * FEN castling rights are read as KQkq or as file letters (X-FEN and
--    Shredder-FEN); they are written as X-FEN.
--  * Dead positions are drawn as in chess (std.dead_position); option
--    dead_position = "play" plays them out, as Fairy-Stockfish (11.1 and
--    the current one) does. fischerandom, its name there, is an alias.
local std = require "std"
return std.extend(require "chess", {
  name = "chess960",
  description = "Fischer Random Chess: one of 960 start positions",
  names = { xboard = "fischerandom", shuffled_from = "chess", pgn = { "Fischer Random", "FRC" }, aliases = "fischerandom" },
  castling = { notation = "king-takes-rook" },
  fairy_stockfish = "fischerandom",
})
