-- Suicide Chess: Antichess as the Free Internet Chess Server plays it. A
-- player who cannot move does not simply win: whoever has fewer pieces on
-- the board wins, and equal numbers draw.
-- Rules: https://www.freechess.org/Help/HelpFiles/suicide_chess.html
-- Fairy-Stockfish: UCI_Variant suicide.
local std = require "std"
local antichess = require "antichess"
return std.extend(antichess, {
  name = "suicide",
  description = "antichess as the Free Internet Chess Server plays it",
  names = { xboard = "suicide", pgn = "Suicide Chess" },
  fairy_stockfish = "suicide",
  rules = { stalemate = "fewer pieces" },
})
