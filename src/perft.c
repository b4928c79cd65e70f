/*
** perft.c - perft with bulk counting at the last level.
*/
#include "perft.h"
#include "movegen.h"

uint64_t perft(Position *p, int depth, volatile int *stop) {
  Move list[MAX_MOVES];
  if (depth <= 0) return 1;
  int n = gen_legal(p, list);
  if (depth == 1) return (uint64_t)n;
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    Undo u;
    if (stop && *stop) break;
    pos_make(p, list[i], &u);
    total += perft(p, depth - 1, stop);
    pos_unmake(p, list[i], &u);
  }
  return total;
}
