/*
** notation.h - moves as text: UCI coordinates and SAN, out and in.
*/
#ifndef varia_notation_h
#define varia_notation_h

#include <stddef.h>

#include "position.h"

/* UCI coordinates: e2e4, e7e8q, a10a9; castling as the king's move
** (e1g1), or king takes rook (e1h1) where the variant says so. */
int move_to_uci(const Position *p, Move m, char *buf, size_t len);
/* SAN: Nf3, exd5, O-O, e8=Q, Qh4#. p is restored before returning. */
int move_to_san(Position *p, Move m, char *buf, size_t len);
/* Reads a move in UCI or SAN. Returns the legal move, or MOVE_NONE with a
** message in err saying why the text is not a legal move here. */
Move parse_move(Position *p, const char *text, char *err, size_t errlen);

/* A perft_divide callback printing "uci: count" lines; ctx is the
** position (before the step). */
void print_divide_line(void *ctx, Move m, uint64_t count);

#endif
