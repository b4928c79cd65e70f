/*
** perft.h - counting the leaves of the move tree, for testing a variant's
** rules against published numbers and other engines.
*/
#ifndef varia_perft_h
#define varia_perft_h

#include <stdint.h>

#include "position.h"

/* The deepest perft any command accepts (varia perft, varia test, UCI's
** go perft, g:perft): deeper is not a count anyone waits for, and a
** number past it is a typing error, refused rather than run. */
#define PERFT_MAX_DEPTH 64

/* Leaves at depth; the last level is counted, not played (bulk counting).
** *stop, when not NULL, is polled so that a caller can interrupt. */
uint64_t perft(Position *p, int depth, volatile int *stop);

/* Perft split by the first step: each(ctx, step, count of whole turns
** below it) for every legal first step; returns the total (which equals
** perft). */
uint64_t perft_divide(Position *p, int depth, volatile int *stop,
                      void (*each)(void *ctx, Move m, uint64_t count), void *ctx);

/* Perft from the mover's view, for variants with hidden information: at
** each node every conceivable attempt (hidden.h) is one outcome, answered
** by the referee; a legal one leads on to the next level, an illegal one
** is retracted and counts once. */
uint64_t perft_attempts(Position *p, int depth, volatile int *stop);

#endif
