-- Flipello (Othello, Goro Hasegawa, 1971): discs on an 8x8 board, four
-- in the centre at the start. A player drops a disc where it closes at
-- least one straight line (orthogonal or diagonal) of the opponent's
-- discs against one of their own; every disc so enclosed turns to the
-- mover's colour. A player who cannot drop passes; the game ends when
-- the board is full or neither player can drop, and the player with
-- more discs wins.
-- Rules: https://en.wikipedia.org/wiki/Reversi#Othello
-- Fairy-Stockfish: UCI_Variant flipello (src/variant.cpp flipello_variant,
-- over flipersi_variant: an immobile piece, pieceDrops, enclosingDrop and
-- flipEnclosedPieces reversi, enclosingDropStart d4 e4 d5 e5,
-- passOnStalemate, stalematePieceCount, materialCounting unweighted,
-- adjudicateFullBoard). Choices, as it plays:
--  * Each side holds 60 discs in hand; a side that has dropped them all
--    passes (no disc is lent by the opponent).
--  * The pass is written from and to the mover's first disc (a1, b1, ...
--    a2, ...); a side with no disc on the board cannot pass and loses.
--  * The n-move rule is off (Fairy-Stockfish's 50 moves never come: every
--    drop restarts its count, and two passes end the game).
return {
  name = "flipello",
  description = "Othello: drop a disc to enclose lines of the opponent's, which turn",
  fairy_stockfish = "flipello",
  files = 8, ranks = 8,
  pieces = { p = { name = "disc", betza = "", value = 100, material = 1 } },
  start = "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1",
  drops = { enclosing = "line", start = "d4 e4 d5 e5", captures = false,
            restart_count = true },
  rules = { flip = "line", pass_on_stalemate = true, stalemate = "material",
            full_board = "material", passes_end = "material", nmove = 0 },
}
