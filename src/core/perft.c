/*
** perft.c - perft with bulk counting at the last level.
*/
#include "perft.h"
#include "hidden.h"
#include "rules.h"

uint64_t perft(Position *p, int depth, volatile int *stop);

/* The last level where turn_ends is asked only after captures and script
** moves: after any other move the turn ends, so that move is one leaf,
** counted unmade; the others are made and their turn followed. (Apart, so
** that perft's own code stays as it was for the variants without it.) */
static __attribute__((noinline)) uint64_t last_level_turn_ends(Position *p, const Move *list, int n,
                                                                volatile int *stop) {
  uint64_t total = 0;
  for (int i = 0; i < n && !(stop && *stop); i++) {
    if (MOVE_FLAG(list[i]) != MF_SCRIPT && !move_captures(p, list[i])) {
      total++;
      continue;
    }
    Undo u;
    move_make(p, list[i], &u);
    total += perft(p, p->phase == 0 ? 0 : 1, stop);
    move_unmake(p, list[i], &u);
  }
  return total;
}

/* The last level where a place step comes instead of a move: a move ends
** the turn (one leaf, counted unmade), the pass is made and its places
** counted. */
static __attribute__((noinline)) uint64_t last_level_instead(Position *p, const Move *list, int n,
                                                              volatile int *stop) {
  uint64_t total = 0;
  Move places[MAX_MOVES];
  for (int i = 0; i < n && !(stop && *stop); i++) {
    if (MOVE_FLAG(list[i]) != MF_PASS) {
      total++;
      continue;
    }
    if (!p->v->has_terminal) { /* the pass changes nothing on the board */
      total += (uint64_t)gen_place_of(p, p->phase + 1, places);
      continue;
    }
    Undo u;
    move_make(p, list[i], &u);
    total += perft(p, 1, stop);
    move_unmake(p, list[i], &u);
  }
  return total;
}

/* The last level where a place step of PLACE_REACH follows the move (an
** arrow shot from where the piece lands): a plain piece's step is
** counted by its places on the board as the step leaves it (the square
** left empty, the piece on the one it takes), set for the count and put
** back, without making the move; other moves are made. (Only where the
** move changes nothing else on the board and nothing ends the game
** between: see perft.) */
static __attribute__((noinline)) uint64_t last_level_reach(Position *p, const Move *list, int n,
                                                           volatile int *stop) {
  uint64_t total = 0;
  uint8_t *b = p->board;
  for (int i = 0; i < n && !(stop && *stop); i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m);
    if (flag == MF_NORMAL || flag == MF_DOUBLE) {
      int from = MOVE_FROM(m), to = MOVE_TO(m);
      uint8_t moved = b[from], taken = b[to];
      b[from] = CELL_EMPTY;
      b[to] = moved;
      int k = count_place_reach(p, p->phase + 1, to);
      b[to] = taken;
      b[from] = moved;
      if (k > 0 || (k == 0 && !p->v->pass_stuck[p->side])) {
        total += (uint64_t)k;
        continue;
      }
    }
    Undo u;
    move_make(p, m, &u);
    total += perft(p, 1, stop);
    move_unmake(p, m, &u);
  }
  return total;
}

/* Depth counts whole turns: a step that leaves the turn unfinished is
** followed at the same depth. On the last step of the last turn the
** choices are counted, not played; a relocation's are the empty squares. */
uint64_t perft(Position *p, int depth, volatile int *stop) {
  precondition(pos_playable(p));
  Move list[MAX_MOVES];
  const Variant *v = p->v;
  if (depth <= 0) return 1;
  /* where the hooks end turns, any step may be followed by another */
  int last_step = p->phase == v->nphases - 1 && !(v->rules && v->rules->turn_ends);
  if (depth == 1 && last_step && v->phase[p->phase].kind == PHASE_RELOCATE &&
      v->phase[p->phase].place == PLACE_MOVE && !v->phase[p->phase].shields && !p->blasted_at) {
    int result;
    if (v->has_terminal && pos_terminal(p, &result)) return 0;
    return (uint64_t)pos_empty_squares(p);
  }
  int n = gen_legal(p, list);
  if (depth == 1 && last_step) return (uint64_t)n;
  if (depth == 1 && v->rules && v->rules->turn_ends && v->rules->turn_ends_on == HOOK_ON_CAPTURES)
    return last_level_turn_ends(p, list, n, stop);
  if (depth == 1 && p->phase + 2 == v->nphases && v->phase[p->phase + 1].instead && !v->rules)
    return last_level_instead(p, list, n, stop);
  if (depth == 1 && p->phase + 2 == v->nphases && !v->rules && !v->has_terminal &&
      v->phase[p->phase + 1].kind == PHASE_RELOCATE && v->phase[p->phase + 1].place == PLACE_REACH &&
      !v->phase[p->phase + 1].shields && !v->phase[p->phase + 1].instead && !v->nblast &&
      !v->landing_effects && !v->has_owner && !v->gating && !v->geo.wrap)
    return last_level_reach(p, list, n, stop);
  if (depth == 1 && p->phase + 2 == v->nphases && !v->rules && !v->has_terminal &&
      v->phase[p->phase + 1].kind == PHASE_RELOCATE && v->phase[p->phase + 1].place == PLACE_LEFT &&
      !v->phase[p->phase + 1].has_region) {
    /* a wall on the square left, the turn's last step: one choice after
    ** each move that leaves a square (a step, not a drop or a pass) */
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
      int flag = MOVE_FLAG(list[i]);
      if (flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_PROMO || flag == MF_EP) {
        total++;
        continue;
      }
      Undo u;
      move_make(p, list[i], &u);
      total += perft(p, p->phase == 0 ? depth - 1 : depth, stop);
      move_unmake(p, list[i], &u);
    }
    return total;
  }
  uint64_t total = 0;
  for (int i = 0; i < n; i++) {
    Undo u;
    if (stop && *stop) break;
    move_make(p, list[i], &u);
    const Phase *ph = &v->phase[p->phase];
    if (p->phase && ph->kind == PHASE_RELOCATE && ph->place == PLACE_LEFT && !ph->has_region &&
        p->phase + 1 == v->nphases && !v->rules && !v->has_terminal) {
      /* the wall's one square, made without asking the generator, and
      ** with what a placement changes kept alone where nothing after the
      ** board's part of a move (move_make: checks counted, series of
      ** checks) could change more */
      if (p->target != SQ_NONE && p->board[p->target] == CELL_EMPTY) {
        Move place = MAKE_MOVE(PLACE_FROM_NONE, p->target, MF_PLACE, ph->piece + 1);
        if (!v->check_limit && !v->mate_series_types) {
          PlaceUndo w;
          pos_make_place(p, place, &w);
          total += perft(p, depth - 1, stop);
          pos_unmake_place(p, place, &w);
        } else {
          Undo w;
          move_make(p, place, &w);
          total += perft(p, depth - 1, stop);
          move_unmake(p, place, &w);
        }
      }
    } else {
      total += perft(p, p->phase == 0 ? depth - 1 : depth, stop);
    }
    move_unmake(p, list[i], &u);
  }
  return total;
}

uint64_t perft_divide(Position *p, int depth, volatile int *stop,
                      void (*each)(void *ctx, Move m, uint64_t count), void *ctx) {
  Move list[MAX_MOVES];
  uint64_t total = 0;
  /* the roots of a count: the whole position is checked once */
  precondition(pos_playable(p));
  board_ok(p);
  if (depth <= 0) return 1;
  int n = gen_legal(p, list);
  for (int i = 0; i < n && !(stop && *stop); i++) {
    Undo u;
    move_make(p, list[i], &u);
    /* whole turns below the first step */
    uint64_t c = perft(p, p->phase == 0 ? depth - 1 : depth, stop);
    move_unmake(p, list[i], &u);
    if (each) each(ctx, list[i], c);
    total += c;
  }
  return total;
}

/* The legal move that attempt c stands for, or MOVE_NONE. */
static Move matching_legal(const Move *legal, int n, Move c) {
  for (int i = 0; i < n; i++)
    if (MOVE_FROM(legal[i]) == MOVE_FROM(c) && MOVE_TO(legal[i]) == MOVE_TO(c) &&
        (MOVE_FLAG(legal[i]) == MF_CASTLE) == (MOVE_FLAG(c) == MF_CASTLE) &&
        (MOVE_FLAG(c) == MF_CASTLE || MOVE_PROMO(legal[i]) == MOVE_PROMO(c)))
      return legal[i];
  return MOVE_NONE;
}

uint64_t perft_attempts(Position *p, int depth, volatile int *stop) {
  Move tries[MAX_MOVES], legal[MAX_MOVES];
  precondition(pos_playable(p));
  board_ok(p);
  if (depth <= 0) return 1;
  int nt = gen_conceivable(p, tries), nl = gen_legal(p, legal);
  if (nl == 0) return 0; /* the game is over: nothing to try */
  uint64_t total = 0;
  for (int i = 0; i < nt; i++) {
    Move m = matching_legal(legal, nl, tries[i]);
    if (stop && *stop) break;
    if (m == MOVE_NONE || depth == 1) {
      total++; /* an answered try, or a legal move at the last level */
      continue;
    }
    Undo u;
    move_make(p, m, &u);
    total += perft_attempts(p, depth - 1, stop);
    move_unmake(p, m, &u);
  }
  return total;
}
