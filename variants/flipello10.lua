-- Flipello 10x10: Othello on a 10x10 board (played mostly by
-- computers), with 100 discs a side in hand; otherwise as flipello.lua.
-- Rules: https://en.wikipedia.org/wiki/Reversi
-- Fairy-Stockfish: UCI_Variant flipello10 (src/variant.cpp
-- flipello10_variant, over flipello: enclosingDropStart e5 f5 e6 f6).
-- Choices: as flipello.lua.
local flipello = require "flipello"
local t = {}
for k, v in pairs(flipello) do t[k] = v end
t.name = "flipello10"
t.description = "Othello on a 10x10 board"
t.fairy_stockfish = "flipello10"
t.files, t.ranks = 10, 10
t.start = "10/10/10/10/4pP4/4Pp4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"
t.drops = { enclosing = "line", start = "e5 f5 e6 f6", captures = false,
            restart_count = true }
return t
