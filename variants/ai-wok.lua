-- Ai-Wok: makruk (Thai chess) with the met replaced by the ai-wok (a),
-- which moves as a rook, a knight or a ferz (one diagonal step); pawns
-- promote to an ai-wok on the sixth rank. Everything else as makruk.
-- Rules: https://en.wikipedia.org/wiki/Makruk (Variants)
-- Fairy-Stockfish: UCI_Variant ai-wok (piece aiwok RNF), derived from
-- its makruk: makruk's counting rules (an ai-wok counts as the pieces
-- that name no limit: 64 moves), no 50-move rule (see makruk.lua).
local std = require "std"
local makruk = require "makruk"
return std.extend(makruk, {
  name = "ai-wok",
  description = "makruk with the ai-wok (rook, knight and ferz) in place of the met",
  fairy_stockfish = "ai-wok",
  pieces = {
    m = std.NONE,
    a = { name = "ai-wok", betza = "RNF", value = 1000 },
  },
  start = "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1",
  promotion = { pieces = "a" },
})
