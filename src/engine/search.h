/*
** search.h - a computer player for any variant: alpha-beta (principal
** variation search) with iterative deepening over the steps of turns,
** whoever decides each step, with chance steps averaged; a quiescence
** search over captures and promotions, check extension, null move,
** futility pruning, late-move reductions, aspiration windows, a
** transposition table, move ordering (the table's move, captures by
** value, killers, history, captures that lose by a static exchange
** evaluation last); an evaluation built
** from what the script declares (piece values, estimated from mobility
** where none is given, piece-square terms from the board's geometry,
** advancement toward promotion, passed, doubled and isolated pawns, a
** pair of colour-bound pieces, the safety of royal pieces).
*/
#ifndef varia_search_h
#define varia_search_h

#include <stdint.h>

#include "position.h"

#define SCORE_MATE 1000000
/* Scores beyond this are mates (or wins by a rule) in SCORE_MATE - |score|
** steps. */
#define SCORE_MATE_BOUND (SCORE_MATE - 1000)
/* The deepest search: a depth asked beyond it is searched to it. */
#define SEARCH_MAX_DEPTH 64
/* The longest principal variation reported. */
#define SEARCH_MAX_PV 32
/* The most lines searched at once (MultiPV). */
#define SEARCH_MAX_LINES 16
/* The most threads one search uses. */
#define SEARCH_MAX_THREADS 64

typedef struct SearchResult {
  Move best;
  int score;          /* from the point of view of whoever decides the step */
  int depth;          /* the deepest iteration completed */
  int seldepth;       /* the deepest step reached in it (quiescence included) */
  uint64_t nodes;     /* every thread's */
  uint64_t own_nodes; /* those of the caller's thread */
  int threads;        /* the threads that searched */
  double seconds;     /* since the search began */
  int hashfull;       /* permille of the table written by this search */
  int line;           /* 1 for the best line, 2 for the next (MultiPV)... */
  int npv;
  Move pv[SEARCH_MAX_PV]; /* the expected steps, from the root on */
} SearchResult;

typedef struct SearchLimits {
  int depth;          /* plies (steps), 1 to SEARCH_MAX_DEPTH (clamped) */
  double seconds;     /* 0: no time limit; less than 0 (or NaN): no time at
                      ** all, the answer of the first nodes, never "no limit" */
  double soft_seconds; /* 0, or no new iteration is begun past this time
                       ** (a share of a clock: an iteration begun late
                       ** would not finish) */
  uint64_t nodes;     /* 0: no node limit */
  volatile int *stop; /* polled; may be NULL */
  /* While *pondering is not 0, the time limits do not run; when it turns
  ** 0 (the opponent played the expected move) they start from then. NULL:
  ** no pondering. */
  volatile int *pondering;
  /* Called every 256 nodes, when not NULL: reads what arrived
  ** (a GUI's stop) and sets *stop or *pondering accordingly. */
  void (*poll)(void *ctx);
  void *poll_ctx;
  int lines;          /* lines searched (MultiPV): 0 or 1 for one */
  /* keys of the game's positions before this one (repetition), oldest
  ** first; may be NULL */
  const uint64_t *history;
  int nhistory;
  /* whether the side to move was in check at each of them (perpetual
  ** check: Game.checked); may be NULL */
  const uint8_t *history_checked;
  /* called after each completed iteration, once per line, when not NULL
  ** (UCI's info lines); it travels with the limits so that the search a
  ** player makes reports itself, without a second search for the report */
  void (*info)(void *ctx, const SearchResult *r);
  void *info_ctx;
} SearchLimits;

/* The time of one move from a clock, the same in a match, over UCI and
** over CECP: a share of what is left (the moves to go, togo, counting
** this one, or a thirtieth when 0) plus half the increment inc, all in
** seconds. No iteration is begun past 0.6 of the share and one begun may
** run to twice it, which on average spends about the share (an iteration
** cut short is time lost); never more than half the clock. With no time
** left, depth 1 at once. Sets lim's seconds, soft_seconds and depth. */
void search_clock(SearchLimits *lim, double clock, int togo, double inc);

typedef struct Searcher Searcher;

/* A searcher with a transposition table of about tt_megabytes (at least
** one entry). NULL when out of memory. */
Searcher *search_new(int tt_megabytes);
void search_free(Searcher *s);
/* Gives the table about megabytes (emptied). Returns 0, or -1 when out of
** memory (the table before is kept). */
int search_resize(Searcher *s, int megabytes);
/* Searches with n threads (1 to SEARCH_MAX_THREADS, clamped) from the
** next search on: n - 1 helpers search the same position beside the
** caller's thread, sharing the table (lazy SMP); the answer is the
** caller's thread's, the nodes are everyone's. A position whose variant
** has Lua hooks (Variant.rules) is searched by one thread whatever n is.
** Returns 0, or -1 when out of memory (then the threads before stay). */
int search_set_threads(Searcher *s, int n);
int search_threads(const Searcher *s);
/* Forgets every stored result (a player who may not know what earlier
** searches saw starts from nothing). */
void search_clear(Searcher *s);
/* Searches p (restored on return) and returns the best step. */
SearchResult search_best(Searcher *s, Position *p, const SearchLimits *limits);
/* Puts the n moves of list (moves of p) in the order the search tries them
** at a node where it has no table move and no killers: captures and
** promotions by what they gain (most valuable victim, least valuable
** attacker), the quiet moves by history, and last the captures that lose
** material once the exchange on their square is played out (a static
** exchange evaluation). */
void search_order(Searcher *s, Position *p, Move *list, int n);
/* The value the evaluation gives a piece of type t of p's variant: the
** script's value, or where it gives none (0, for a piece that is neither
** royal nor neutral) an estimate from its mobility on an empty board. */
int search_piece_value(Searcher *s, const Variant *v, int t);
/* The evaluation's tables for v, built if they were not (eval.h). */
struct EvalTables;
const struct EvalTables *search_eval_tables(Searcher *s, const Variant *v);

#endif
