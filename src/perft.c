/*
** perft.c - perft with bulk counting at the last level.
*/
#include "perft.h"
#include "movegen.h"

/* Depth counts whole turns: a step that leaves the turn unfinished is
** followed at the same depth. On the last step of the last turn the
** choices are counted, not played; a relocation's are the empty squares. */
uint64_t perft(Position *p, int depth, volatile int *stop) {
  Move list[MAX_MOVES];
  const Variant *v = p->v;
  if (depth <= 0) return 1;
  int last_step = p->phase == v->nphases - 1;
  if (depth == 1 && last_step && v->phase[p->phase].kind == PHASE_RELOCATE) {
    int result;
    if (v->has_terminal && pos_terminal(p, &result)) return 0;
    return (uint64_t)pos_empty_squares(p);
  }
  int n = gen_legal(p, list);
  if (depth == 1 && last_step) return (uint64_t)n;
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    Undo u;
    if (stop && *stop) break;
    pos_make(p, list[i], &u);
    total += perft(p, p->phase == 0 ? depth - 1 : depth, stop);
    pos_unmake(p, list[i], &u);
  }
  return total;
}
