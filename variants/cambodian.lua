-- Cambodian chess (Ouk Chatrang): Makruk, and a king and a met (m)
-- that have not moved yet have one more move each: the king may leap
-- like a knight to the rank in front of it (not capturing, and not out
-- of check), the met may leap two squares straight forward (not
-- capturing). The king loses its leap when an enemy rook moves onto its
-- file or rank, whatever stands between (the Cambodian federation's rules,
-- article 5, items 3 and 4, which the current Fairy-Stockfish plays
-- since its pull request 514). Option first_moves=old: the reading of
-- Fairy-Stockfish 11.1 and older programs, in which a rook lined up
-- takes nothing and the met's leap may capture.
-- Rules: https://en.wikipedia.org/wiki/Makruk#Cambodian_chess ;
-- Fairy-Stockfish's src/variant.cpp (cambodian: makruk with
-- cambodianMoves) and src/movegen.cpp. Like Fairy-Stockfish, the FEN's
-- castling field names the files of the king and met that have not moved
-- (DEde at the start).
-- Counting rules as makruk's, each limit one less (the board's honour
-- 63; two rooks 7, a rook 15, two khons 21, two knights 31, a khon 43,
-- else 63), the board's honour only for a side of at most three pieces,
-- and not stopped by pawns (Fairy-Stockfish's countingRule = cambodian:
-- rules.counting = std.counting("cambodian")).
-- Fairy-Stockfish: UCI_Variant cambodian.
local std = require "std"
local makruk = require "makruk"
return std.extend(makruk, {
  name = "cambodian",
  description = "Ouk Chatrang: makruk with first-move leaps of king and met",
  names = { pgn = "Ouk Chatrang" },
  fairy_stockfish = "cambodian",
  pieces = {
    k = { betza = "KimfsN", initial = "unmoved", lined_up_by = "r" },
    m = { betza = "FimfD", initial = "unmoved" },
  },
  start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
  rules = { counting = std.counting("cambodian") },
  options = {
    first_moves = { default = "federation", values = { "federation", "old" },
      doc = "federation: a rook that moves onto the unmoved king's file or rank takes its leap away, and the met's leap does not capture (the Cambodian federation's rules); old: neither (Fairy-Stockfish 11.1)" },
  },
  with_options = function(v, o)
    if o.first_moves == "old" then
      return std.extend(v, { pieces = { k = { lined_up_by = std.NONE }, m = { betza = "FifD" } } })
    end
    return v
  end,
})
