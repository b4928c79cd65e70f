/*
** connect.h - the game end by pieces in a row (Variant.connect): n in a
** row along the allowed lines, an n-by-n block, or n on one line with
** gaps, as Fairy-Stockfish's connectN, connectNxN and collinearN.
*/
#ifndef varia_connect_h
#define varia_connect_h

#include "position.h"

/* Has colour c (the side that has just moved) made a connection with its
** pieces of Variant.connect_types? The whole board is looked at, not only
** the lines through the last move's square, as Fairy-Stockfish does: a
** flip or a blast may complete a line elsewhere, and a FEN may start with
** one. */
int connect_made(const Position *p, int c);

#endif
