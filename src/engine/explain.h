/*
** explain.h - why a move is refused, in words: the REPL's `why`.
*/
#ifndef varia_explain_h
#define varia_explain_h

#include <stddef.h>

#include "position.h"

/* Writes why text is not a legal move here (or that it is one, and what
** it does). Returns 1 if it is legal, else 0. */
int explain_move(Position *p, const char *text, char *out, size_t len);

#endif
