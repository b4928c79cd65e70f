-- Mini Xiangqi: Xiangqi on 7x7 points, without advisors, elephants and
-- river. Each side has a general (k) confined to its palace (c1-e3,
-- c5-e7), two horses (n), two chariots (r), two cannons (c) and five
-- soldiers (p) that step forward or sideways from the start. The
-- generals may not face each other on an open file; a player who cannot
-- move loses.
-- Rules: http://mlwi.magix.net/bg/minixiangqi.htm; Fairy-Stockfish's
-- variant.cpp (minixiangqi).
-- Fairy-Stockfish: UCI_Variant minixiangqi.
-- Configuration only (the regions and the facing rule of xiangqi.lua).
-- A repetition forced by perpetual check loses for the checker, as in
-- xiangqi.lua; the chasing rule is not Mini Xiangqi's (Fairy-Stockfish
-- gives it to xiangqi alone): chasing = std.NONE.
local xiangqi = require "xiangqi"
local std = require "std"
return std.extend(xiangqi, {
  name = "minixiangqi",
  description = "xiangqi on 7x7 without advisors, elephants and river",
  fairy_stockfish = "minixiangqi",
  files = 7, ranks = 7,
  pieces = {
    k = { region = { white = "c1-e3", black = "c5-e7" } },
    a = std.NONE,
    b = std.NONE,
    p = { betza = "fsW", extra = std.NONE },
  },
  start = "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1",
  rules = { chasing = std.NONE },
})
