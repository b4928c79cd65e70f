/*
** perft.h - counting the leaves of the move tree, for testing a variant's
** rules against published numbers and other engines.
*/
#ifndef varia_perft_h
#define varia_perft_h

#include <stdint.h>

#include "position.h"

/* Leaves at depth; the last level is counted, not played (bulk counting).
** *stop, when not NULL, is polled so that a caller can interrupt. */
uint64_t perft(Position *p, int depth, volatile int *stop);

#endif
