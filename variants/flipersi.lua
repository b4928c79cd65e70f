-- Flipersi (Reversi as first sold, 1883): the discs of Othello, but the
-- board starts empty, 32 discs a side in hand. The first four discs go
-- on the four centre squares, in any arrangement; after that a disc is
-- dropped where it encloses a line of the opponent's, which turn, as in
-- flipello.lua. A player who cannot drop does not pass: the game ends
-- there, as it does on a full board, and the player with more discs on
-- the board wins.
-- Rules: https://en.wikipedia.org/wiki/Reversi
-- Fairy-Stockfish: UCI_Variant flipersi (src/variant.cpp flipersi_variant:
-- enclosingDropStart d4 e4 d5 e5, passOnStalemate false, otherwise as
-- flipello). Choices, as it plays: the n-move rule is off (every drop
-- would restart it).
local flipello = require "flipello"
local t = {}
for k, v in pairs(flipello) do t[k] = v end
t.name = "flipersi"
t.description = "Reversi: the centre filled first, no passes"
t.fairy_stockfish = "flipersi"
t.start = "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w - - 0 1"
t.rules = { flip = "line", stalemate = "material", full_board = "material", nmove = 0 }
return t
