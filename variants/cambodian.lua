-- Cambodian chess (Ouk Chatrang), as Fairy-Stockfish 11.1 plays it:
-- Makruk, and a king and a met (m) that have not moved yet have one more
-- move each: the king may leap like a knight to the rank in front of it
-- (not capturing, and not out of check), the met may leap two squares
-- straight forward (capturing too).
-- Rules: https://en.wikipedia.org/wiki/Makruk#Cambodian_chess ;
-- Fairy-Stockfish's src/variant.cpp (cambodian: makruk with
-- cambodianMoves) and src/movegen.cpp. Like Fairy-Stockfish, the FEN's
-- castling field names the files of the king and met that have not moved
-- (DEde at the start).
-- Fairy-Stockfish: UCI_Variant cambodian.
-- The current Fairy-Stockfish (2026) plays two rules otherwise (perft 4
-- from the start: 361719 against varia's and 11.1's 361793): a rook move
-- that lines up with an unmoved king on its file or rank, whatever stands
-- between, takes that king's leap away, and the met's double step does
-- not capture. Which the rules want is not settled yet; tests/fsf/common.lua
-- lists the variant as a known disagreement of the run against that engine.
local std = require "std"
local makruk = require "makruk"
return std.extend(makruk, {
  name = "cambodian",
  description = "Ouk Chatrang: makruk with first-move leaps of king and met",
  names = { pgn = "Ouk Chatrang" },
  fairy_stockfish = "cambodian",
  pieces = {
    k = { betza = "KimfsN", initial = "unmoved" },
    m = { betza = "FifD", initial = "unmoved" },
  },
  start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
})
