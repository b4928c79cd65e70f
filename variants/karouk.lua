-- Kar Ouk: Cambodian chess (Ouk Chatrang) in which the first check wins.
-- Rules: https://en.wikipedia.org/wiki/Makruk#Cambodian_chess ;
-- Fairy-Stockfish's src/variant.cpp (karouk: cambodian with
-- checkCounting, one check each: 1+1 in the FEN after the en passant
-- square, as it writes it).
-- Fairy-Stockfish: UCI_Variant karouk.
-- Everything else as cambodian.lua: the federation's first moves (option
-- first_moves=old for 11.1's reading) and Cambodian counting.
local std = require "std"
local cambodian = require "cambodian"
return std.extend(cambodian, {
  name = "karouk",
  description = "Cambodian chess in which the first check wins",
  fairy_stockfish = "karouk",
  start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
  rules = { check_limit = 1 },
})
