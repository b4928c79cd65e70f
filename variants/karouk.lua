-- Kar Ouk: Cambodian chess (Ouk Chatrang) in which the first check wins.
-- Rules: https://en.wikipedia.org/wiki/Makruk#Cambodian_chess ;
-- Fairy-Stockfish's src/variant.cpp (karouk: cambodian with
-- checkCounting, one check each: 1+1 in the FEN after the en passant
-- square, as it writes it).
-- Fairy-Stockfish: UCI_Variant karouk.
-- The current Fairy-Stockfish (2026) judges otherwise here (as in Cambodian: perft 4 from the start, 361793 against its 361719):
-- not yet traced to the rules; tests/fsf/common.lua lists it as a known
-- disagreement of the differential run against that engine.
local std = require "std"
local cambodian = require "cambodian"
return std.extend(cambodian, {
  name = "karouk",
  description = "Cambodian chess in which the first check wins",
  fairy_stockfish = "karouk",
  start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
  rules = { check_limit = 1 },
})
