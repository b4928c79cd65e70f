/*
** search.h - a computer player for any variant: alpha-beta with iterative
** deepening, a transposition table and move ordering, over the steps of
** turns (whoever decides each step), with chance steps averaged; the
** evaluation is the material of the pieces' values.
*/
#ifndef varia_search_h
#define varia_search_h

#include <stdint.h>

#include "position.h"

#define SCORE_MATE 1000000
/* The deepest search: a depth asked beyond it is searched to it. */
#define SEARCH_MAX_DEPTH 64

typedef struct SearchResult {
  Move best;
  int score;          /* from the point of view of whoever decides the step */
  int depth;          /* the deepest iteration completed */
  uint64_t nodes;
} SearchResult;

typedef struct SearchLimits {
  int depth;          /* plies (steps), 1 to SEARCH_MAX_DEPTH (clamped) */
  double seconds;     /* 0: no time limit; less than 0 (or NaN): no time at
                      ** all, the answer of the first nodes, never "no limit" */
  uint64_t nodes;     /* 0: no node limit */
  volatile int *stop; /* polled; may be NULL */
  /* called after each completed iteration, when not NULL (UCI's info
  ** lines); it travels with the limits so that the search a player makes
  ** reports itself, without a second search for the report */
  void (*info)(void *ctx, const SearchResult *r);
  void *info_ctx;
} SearchLimits;

typedef struct Searcher Searcher;

Searcher *search_new(int tt_megabytes);
void search_free(Searcher *s);
/* Forgets every stored result (a player who may not know what earlier
** searches saw starts from nothing). */
void search_clear(Searcher *s);
/* Searches p (restored on return) and returns the best step. */
SearchResult search_best(Searcher *s, Position *p, const SearchLimits *limits);

#endif
