/*
** search.c - alpha-beta over steps.
**
** Each node belongs to whoever decides its step: the side to move, the
** opponent (a "choose" step), or chance (a draw step, whose value is the
** average over the cards, weighted by their number). Scores are from the
** decider's point of view and change sign only when the decider changes,
** so that a turn of several steps by one player (a move, then a relocation) is searched
** as one player's plan. The transposition table keys on the position's
** hash, which covers the step of the turn.
*/
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules.h"
#include "search.h"

typedef struct TTEntry {
  uint64_t key;
  Move move;
  int32_t score;
  int8_t depth;
  uint8_t bound; /* 0 empty, 1 exact, 2 lower, 3 upper */
} TTEntry;

struct Searcher {
  TTEntry *tt;
  size_t tt_mask;
  uint64_t nodes;
  const SearchLimits *limits;
  double deadline;
  int aborted;
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

Searcher *search_new(int tt_megabytes) {
  Searcher *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  size_t n = 1;
  while (n * 2 * sizeof(TTEntry) <= (size_t)tt_megabytes << 20) n *= 2;
  s->tt = calloc(n, sizeof(TTEntry));
  if (!s->tt) {
    free(s);
    return NULL;
  }
  s->tt_mask = n - 1;
  return s;
}

void search_clear(Searcher *s) {
  memset(s->tt, 0, sizeof *s->tt * (s->tt_mask + 1));
}

void search_free(Searcher *s) {
  if (!s) return;
  free(s->tt);
  free(s);
}

/* Who decides the step at p: 0 White, 1 Black, 2 chance. */
static int decider(const Position *p) {
  const Phase *ph = &p->v->phase[p->phase];
  if (ph->owner == OWNER_CHANCE) return 2;
  return ph->owner == OWNER_OPPONENT ? p->side ^ 1 : p->side;
}

/* Material (and points, where they decide), from White's point of view. */
static int evaluate_white(const Position *p) {
  const Variant *v = p->v;
  int score = 0;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) {
      int value = v->type[t].value + (v->type[t].royal && v->royal_capture ? 100000 : 0);
      score += (c == WHITE ? 1 : -1) * (p->count[c][t] + p->pocket[c][t]) * value;
    }
  /* Where points decide, they count far more than what stands on the
  ** board (which may change hands). */
  if (v->has_points) score = score / 10 + 1000 * (p->score[0] - p->score[1]);
  return score;
}

static int evaluate(Position *p, int who) {
  int w = evaluate_white(p);
  return who == BLACK ? -w : w;
}

/* Captures first (most valuable victim, least valuable attacker), then
** the table's move. */
static void order(const Position *p, Move *list, int n, Move hint) {
  int score[MAX_MOVES];
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int sc = 0;
    if (m == hint) sc = 1 << 30;
    else if (MOVE_FLAG(m) != MF_PLACE && MOVE_FLAG(m) != MF_TARGET && MOVE_FLAG(m) != MF_DRAW &&
             MOVE_FLAG(m) != MF_CARD) {
      uint8_t victim = p->board[MOVE_TO(m)];
      if (victim != CELL_EMPTY && victim != CELL_OFF && CELL_COLOUR(victim) <= 1 && MOVE_FLAG(m) != MF_CASTLE &&
          MOVE_FROM(m) != MOVE_TO(m)) /* not a promotion in place */
        sc = 1000 + p->v->type[CELL_TYPE(victim)].value * 8 -
             (p->board[MOVE_FROM(m)] != CELL_EMPTY ? p->v->type[CELL_TYPE(p->board[MOVE_FROM(m)])].value / 8 : 0);
      if (MOVE_FLAG(m) == MF_PROMO) sc += 900;
    }
    score[i] = sc;
  }
  for (int i = 1; i < n; i++) /* insertion sort: lists are short */
    for (int j = i; j > 0 && score[j - 1] < score[j]; j--) {
      int t = score[j];
      score[j] = score[j - 1];
      score[j - 1] = t;
      Move tm = list[j];
      list[j] = list[j - 1];
      list[j - 1] = tm;
    }
}

static int out_of_time(Searcher *s) {
  if (s->aborted) return 1;
  if ((s->nodes & 1023) == 0) {
    if (s->limits->stop && *s->limits->stop) s->aborted = 1;
    else if (!(s->limits->seconds == 0) && now() > s->deadline) s->aborted = 1;
    else if (s->limits->nodes && s->nodes >= s->limits->nodes) s->aborted = 1;
  }
  return s->aborted;
}

/* The value of a position with no moves for the decider, by the rules. */
static int terminal_score(const Position *p, int ply) {
  const Variant *v = p->v;
  int result, res, mover = p->side;
  if (v->has_terminal && pos_terminal(p, &result)) res = result;
  else if (!v->royal_capture && royal_attacked((Position *)p, mover)) res = checkmate_result(p);
  else res = v->stalemate;
  res = result_for(p, mover, res);
  int score = res == RESULT_WIN ? SCORE_MATE - ply : res == RESULT_LOSS ? -SCORE_MATE + ply : 0;
  return decider(p) == mover ? score : -score;
}

static int search(Searcher *s, Position *p, int depth, int alpha, int beta, int ply, Move *best_out) {
  Move list[MAX_MOVES];
  s->nodes++;
  if (out_of_time(s)) return 0;
  int who = decider(p);
  int n = gen_legal(p, list);
  if (n == 0) return terminal_score(p, ply);
  if (depth <= 0) return evaluate(p, who == 2 ? p->side : who);

  if (who == 2) { /* chance: the average over the cards, by their number */
    long total = 0, weight = 0;
    for (int i = 0; i < n; i++) {
      Undo u;
      int w = p->deck[MOVE_PROMO(list[i])];
      move_make(p, list[i], &u);
      int child = decider(p), v = search(s, p, depth - 1, -SCORE_MATE, SCORE_MATE, ply + 1, NULL);
      move_unmake(p, list[i], &u);
      /* as seen by the side that was to move */
      total += (long)w * (child == p->side ? v : -v);
      weight += w;
    }
    return weight ? (int)(total / weight) : 0;
  }

  TTEntry *e = &s->tt[p->key & s->tt_mask];
  Move hint = MOVE_NONE;
  if (e->key == p->key && e->bound) {
    hint = e->move;
    if (e->depth >= depth && ply > 0) {
      if (e->bound == 1) return e->score;
      if (e->bound == 2 && e->score >= beta) return e->score;
      if (e->bound == 3 && e->score <= alpha) return e->score;
    }
  }
  order(p, list, n, hint);
  int best = -SCORE_MATE - 1, a0 = alpha;
  Move best_move = list[0];
  for (int i = 0; i < n; i++) {
    Undo u;
    move_make(p, list[i], &u);
    int child = decider(p), v;
    if (child == who) v = search(s, p, depth - 1, alpha, beta, ply + 1, NULL);
    else if (child == 2) {
      v = search(s, p, depth - 1, -SCORE_MATE, SCORE_MATE, ply + 1, NULL); /* the mover's view */
      if (p->side != who) v = -v;
    } else v = -search(s, p, depth - 1, -beta, -alpha, ply + 1, NULL);
    move_unmake(p, list[i], &u);
    if (s->aborted) return 0;
    if (v > best) {
      best = v;
      best_move = list[i];
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  e->key = p->key;
  e->move = best_move;
  e->score = best;
  e->depth = (int8_t)depth;
  e->bound = best <= a0 ? 3 : best >= beta ? 2 : 1;
  if (best_out) *best_out = best_move;
  return best;
}

SearchResult search_best(Searcher *s, Position *p, const SearchLimits *limits) {
  SearchResult r = {MOVE_NONE, 0, 0, 0};
  Move list[MAX_MOVES];
  s->limits = limits;
  s->nodes = 0;
  s->aborted = 0;
  /* A negative or NaN time is no time left (a GUI's clock past zero), not
  ** a search without end: the deadline is now. */
  s->deadline = now() + (limits->seconds >= 0 ? limits->seconds : 0);
  int depth = limits->depth < 1 ? 1 : limits->depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : limits->depth;
  int n = gen_legal(p, list);
  if (n == 0) return r;
  r.best = list[0];
  for (int d = 1; d <= depth; d++) {
    Move best = MOVE_NONE;
    int score = search(s, p, d, -SCORE_MATE - 1, SCORE_MATE + 1, 0, &best);
    if (s->aborted) break;
    if (best != MOVE_NONE) r.best = best;
    r.score = score;
    r.depth = d;
    r.nodes = s->nodes;
    if (limits->info) limits->info(limits->info_ctx, &r);
    if (score > SCORE_MATE - 1000 || score < -SCORE_MATE + 1000) break; /* a forced end */
  }
  r.nodes = s->nodes;
  return r;
}
