-- Makpong: Makruk in which a king in check may not step out of it: it may
-- only capture the checking piece (and not even that in double check);
-- otherwise another piece must block or capture.
-- Rules: Fairy-Stockfish's makpong, a Thai form of makruk.
-- Fairy-Stockfish: UCI_Variant makpong.
local std = require "std"
local makruk = require "makruk"
return std.extend(makruk, {
  name = "makpong",
  description = "makruk in which a king in check may not step away",
  fairy_stockfish = "makpong",
  rules = { king_held = true },
})
