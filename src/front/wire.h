/*
** wire.h - the protocols' wire formats shared by varia as an engine
** (protocol.c) and varia as the referee of engines (match.c).
*/
#ifndef varia_wire_h
#define varia_wire_h

#include <stddef.h>

/* A move in coordinates between varia's rank numbers (from 1) and
** XBoard's (from 0 on a board of ten ranks, from 1 on every other):
** to_cecp 1 writes XBoard's, 0 reads them. */
void cecp_ranks(const char *in, int to_cecp, int ranks, char *out, size_t len);

#endif
