/*
** test_search.c - the search: piece values estimated from the moves where
** a variant gives none, mates and captures found at a fixed depth, the
** table sized as asked, and the limits that end a search.
**
** Sources:
**  [VAL]  the usual values of the orthodox pieces (pawn 1, knight and
**         bishop about 3, rook 5, queen 9: any primer; the estimate need
**         only keep their order and come near).
**  [LEGAL] Legall's mate (Legall de Kermeur - Saint Brie, Paris 1750),
**         the position after 6... Nd4 of a common form of it.
**  [THREADS] lazy SMP: helper threads search the same root and share the
**         table; the main thread's answer is the search's (the scheme of
**         most engines since about 2016; no source needed for what the
**         test asks: legal answers, mates still found, nodes summed).
**  [ZUG]  the zugzwang test position with 1. Rf1 (a classic of null-move
**         pruning's failures, as in the test suites of chess programming
**         writers; Stockfish 15.1 and Fairy-Stockfish 11.1 play Rf1 at depth 20).
**  [PERP] a perpetual check of our making: White's knight checks from f7
**         and h6, the king going between h8 and g8, while Black threatens
**         Rb1 mate; Fairy-Stockfish 11.1 plays Nf7+ and scores 0 (depth
**         18, the line Nf7+ Kg8 Nh6+ Kh8). Where perpetual check loses
**         (Xiangqi's rule, here given to chess), it is no way out.
*/
#include <math.h>
#include <pthread.h>

#include "fixtures.h"
#include "search.h"

static int setup(void **state) {
  *state = fx_chess(); /* built in C: no piece has a value */
  return 0;
}

static int teardown(void **state) {
  fx_variant_free(*state);
  return 0;
}

static int value_of(Searcher *s, const Variant *v, char letter) {
  return search_piece_value(s, v, variant_type_by_letter(v, letter));
}

static void test_estimated_values(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  assert_non_null(s);
  int p = value_of(s, v, 'p'), n = value_of(s, v, 'n'), b = value_of(s, v, 'b');
  int r = value_of(s, v, 'r'), q = value_of(s, v, 'q');
  /* [VAL]: the order, and each within reach of its usual value */
  assert_true(p < n && n <= b && b < r && r < q);
  assert_in_range(n, 200, 400);
  assert_in_range(b, 250, 450);
  assert_in_range(r, 400, 650);
  assert_in_range(q, 700, 1100);
  assert_int_equal(value_of(s, v, 'k'), 0); /* royal: not estimated */
  search_free(s);
}

static Move best(Searcher *s, const Variant *v, const char *fen, int depth, int *score) {
  Position p;
  fx_set_fen(&p, v, fen);
  uint64_t key = p.key;
  SearchLimits lim = {.depth = depth};
  SearchResult r = search_best(s, &p, &lim);
  assert_int_equal(p.key, key); /* restored */
  if (score) *score = r.score;
  return r.best;
}

static void test_mates_and_captures(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  int score;
  fx_set_fen(&p, v, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  assert_int_equal(best(s, v, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, &score), fx_move(&p, "d1d8"));
  assert_int_equal(score, SCORE_MATE - 1); /* mate in one step */
  fx_set_fen(&p, v, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
  Move m = best(s, v, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 3, &score);
  assert_true(m == fx_move(&p, "a2a7") || m == fx_move(&p, "b1b7"));
  assert_int_equal(score, SCORE_MATE - 3);
  /* of two undefended pieces, the one estimated higher */
  fx_set_fen(&p, v, "4k3/8/3q4/8/4N3/8/5n2/K7 w - - 0 1");
  assert_int_equal(best(s, v, "4k3/8/3q4/8/4N3/8/5n2/K7 w - - 0 1", 2, NULL), fx_move(&p, "e4d6"));
  search_free(s);
}

/* Mates behind a sacrifice or a quiet move, in full positions where the
** pruning (null move, futility, reductions) is at work. */
static void test_mates_in_full_positions(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  int score;
  /* [LEGAL]: 1. Nf6+ gxf6 2. Bxf7# */
  const char *legal = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
  fx_set_fen(&p, v, legal);
  assert_int_equal(best(s, v, legal, 4, &score), fx_move(&p, "d5f6"));
  assert_int_equal(score, SCORE_MATE - 3);
  /* Black mates in 3: 1... Bc5+ 2. Kxe5 (or Kc4) Qf4+ (Qd6+)... */
  const char *hunt = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
  fx_set_fen(&p, v, hunt);
  assert_int_equal(best(s, v, hunt, 6, &score), fx_move(&p, "f8c5"));
  assert_int_equal(score, SCORE_MATE - 5);
  search_free(s);
}

/* A zugzwang that a pass (null move) would hide: after 1. Rf1 Black, with
** a rook and pawns, has nothing but moves that lose, while Black allowed to
** pass would be fine; the null move is not tried with a single piece
** besides the pawns and king. [ZUG] (At depth 10 to 12 the search's
** choice turned on the order the generator writes the moves in: Re5
** with one order, Rf1 with another; at 13 both find Rf1.) */
static void test_zugzwang(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  const char *fen = "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1";
  fx_set_fen(&p, v, fen);
  assert_int_equal(best(s, v, fen, 13, NULL), fx_move(&p, "e1f1"));
  search_free(s);
}

/* Perpetual check: a draw by repetition, unless the rules make the side
** that checked at each of its moves lose (Variant.perpetual_check): then
** the search scores the same line as lost. [PERP] */
static void test_perpetual_check(void **state) {
  Variant *v = *state;
  const char *fen = "qr3n1k/6np/8/6N1/8/8/6PP/7K w - - 0 1";
  Position p;
  fx_set_fen(&p, v, fen);
  Searcher *s = search_new(1);
  int score;
  assert_int_equal(best(s, v, fen, 8, &score), fx_move(&p, "g5f7"));
  assert_int_equal(score, 0);
  search_free(s);
  int rule = v->perpetual_check;
  v->perpetual_check = RESULT_LOSS;
  s = search_new(1); /* (a fresh table: the one above holds the draws) */
  best(s, v, fen, 8, &score);
  assert_true(score < -300);
  search_free(s);
  v->perpetual_check = rule;
}

/* The order of search: the capture that wins most first, and last the
** queen taking a defended pawn (after every quiet move). */
static void test_order(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  Move list[MAX_MOVES];
  fx_set_fen(&p, v, "4k3/8/4p3/3p3n/8/8/8/3QK3 w - - 0 1");
  int n = gen_legal(&p, list);
  assert_true(n > 10);
  search_order(s, &p, list, n);
  assert_int_equal(list[0], fx_move(&p, "d1h5"));    /* the undefended knight */
  assert_int_equal(list[n - 1], fx_move(&p, "d1d5")); /* the pawn defended by e6 */
  /* undefended, the pawn is taken before the quiet moves */
  fx_set_fen(&p, v, "4k3/8/8/3p3n/8/8/8/3QK3 w - - 0 1");
  n = gen_legal(&p, list);
  search_order(s, &p, list, n);
  assert_int_equal(list[0], fx_move(&p, "d1h5"));
  assert_int_equal(list[1], fx_move(&p, "d1d5"));
  /* the exchange played out: the pawn on d5 is defended by the queen
  ** alone, which cannot take back (the rook behind would take it), so that
  ** the knight and then the rook win it, before the quiet moves; the first
  ** estimate (a dearer piece taking on an attacked square) put both last */
  fx_set_fen(&p, v, "3qk3/8/8/3p4/8/4N3/8/3RK3 w - - 0 1");
  n = gen_legal(&p, list);
  search_order(s, &p, list, n);
  assert_int_equal(list[0], fx_move(&p, "e3d5"));
  assert_int_equal(list[1], fx_move(&p, "d1d5"));
  /* with a second defender, the bishop on a8, the knight's capture loses
  ** (N for P) and goes last, and so does the rook's */
  fx_set_fen(&p, v, "b2qk3/8/8/3p4/8/4N3/8/3RK3 w - - 0 1");
  n = gen_legal(&p, list);
  search_order(s, &p, list, n);
  assert_true(list[n - 1] == fx_move(&p, "e3d5") || list[n - 1] == fx_move(&p, "d1d5"));
  assert_true(list[n - 2] == fx_move(&p, "e3d5") || list[n - 2] == fx_move(&p, "d1d5"));
  search_free(s);
}

/* MultiPV: the info lines of the last iteration, each its own first move */
typedef struct Lines {
  int depth, n;
  Move first[SEARCH_MAX_LINES];
} Lines;

static void collect(void *ctx, const SearchResult *r) {
  Lines *l = ctx;
  if (r->depth != l->depth) l->depth = r->depth, l->n = 0;
  assert_int_equal(r->line, l->n + 1);
  l->first[l->n++] = r->pv[0];
}

static void test_lines(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  Lines l = {0, 0, {0}};
  SearchLimits three = {.depth = 3, .lines = 3, .info = collect, .info_ctx = &l};
  SearchResult r = search_best(s, &p, &three);
  assert_int_equal(l.depth, 3);
  assert_int_equal(l.n, 3);
  assert_true(l.first[0] != l.first[1] && l.first[1] != l.first[2] && l.first[0] != l.first[2]);
  assert_int_equal(r.best, l.first[0]);
  search_free(s);
}

static void test_limits(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(1);
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  /* a node limit ends the search near it */
  SearchLimits lim = {.depth = SEARCH_MAX_DEPTH, .nodes = 5000};
  SearchResult r = search_best(s, &p, &lim);
  assert_true(r.nodes <= 5000);
  assert_true(r.best != MOVE_NONE);
  /* a stop already set: the first iteration's answer all the same */
  volatile int stop = 1;
  SearchLimits stopped = {.depth = SEARCH_MAX_DEPTH, .stop = &stop};
  r = search_best(s, &p, &stopped);
  assert_true(r.best != MOVE_NONE);
  /* a larger table; a search in it fills less of it */
  SearchLimits deep = {.depth = 7};
  r = search_best(s, &p, &deep);
  int small = r.hashfull;
  assert_int_equal(search_resize(s, 64), 0);
  r = search_best(s, &p, &deep);
  assert_true(small > 0);
  assert_true(r.hashfull < small);
  search_free(s);
}

/* Is m one of p's legal moves? */
static int legal_here(Position *p, Move m) {
  Move list[MAX_MOVES];
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}

/* [THREADS]: two threads answer legal moves, find the mates one finds,
** and the nodes of both are counted. */
static void test_threads(void **state) {
  const Variant *v = *state;
  Searcher *s = search_new(4);
  assert_int_equal(search_threads(s), 1);
  assert_int_equal(search_set_threads(s, 2), 0);
  assert_int_equal(search_threads(s), 2);
  static const char *fens[] = {
      FX_START_FEN,
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
    Position p;
    fx_set_fen(&p, v, fens[i]);
    uint64_t key = p.key;
    SearchLimits lim = {.depth = 6};
    SearchResult r = search_best(s, &p, &lim);
    assert_int_equal(p.key, key); /* restored */
    assert_true(legal_here(&p, r.best));
    assert_int_equal(r.depth, 6);
    assert_int_equal(r.threads, 2);
    /* the helper searches at least its first iteration before it is
    ** joined: its nodes are in the sum */
    assert_true(r.nodes > r.own_nodes && r.own_nodes > 0);
  }
  /* the mates of test_mates_in_full_positions, with a helper beside */
  Position p;
  int score;
  const char *legal = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
  fx_set_fen(&p, v, legal);
  assert_int_equal(best(s, v, legal, 4, &score), fx_move(&p, "d5f6"));
  assert_int_equal(score, SCORE_MATE - 3);
  const char *hunt = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
  fx_set_fen(&p, v, hunt);
  assert_int_equal(best(s, v, hunt, 6, &score), fx_move(&p, "f8c5"));
  assert_int_equal(score, SCORE_MATE - 5);
  /* a node limit counts every thread's nodes: the main thread stops by
  ** it at the latest (sooner by what the helpers publish) */
  fx_set_fen(&p, v, FX_START_FEN);
  SearchLimits few = {.depth = SEARCH_MAX_DEPTH, .nodes = 20000};
  SearchResult r = search_best(s, &p, &few);
  assert_true(r.own_nodes <= 20000);
  assert_true(legal_here(&p, r.best));
  /* back to one: no helper */
  assert_int_equal(search_set_threads(s, 1), 0);
  SearchLimits lim = {.depth = 5};
  r = search_best(s, &p, &lim);
  assert_int_equal(r.threads, 1);
  assert_int_equal(r.nodes, r.own_nodes);
  /* out of range: clamped */
  assert_int_equal(search_set_threads(s, 0), 0);
  assert_int_equal(search_threads(s), 1);
  assert_int_equal(search_set_threads(s, SEARCH_MAX_THREADS + 5), 0);
  assert_int_equal(search_threads(s), SEARCH_MAX_THREADS);
  search_free(s);
}

/* A variant with hooks (here a C one standing for a script's) is
** searched by one thread: the hooks are never entered by another. */
static pthread_t hook_thread;
static int hook_calls, hook_elsewhere;

static int legal_hook(void *ctx, Position *p, uint32_t m, int mover) {
  (void)ctx, (void)p, (void)m, (void)mover;
  hook_calls++;
  if (!pthread_equal(pthread_self(), hook_thread)) hook_elsewhere++;
  return -1; /* the core decides */
}

static void test_threads_with_hooks(void **state) {
  Variant *v = *state;
  RuleHooks hooks;
  memset(&hooks, 0, sizeof hooks);
  hooks.legal = legal_hook;
  hooks.legal_on = HOOK_ON_ALL;
  v->rules = &hooks;
  hook_thread = pthread_self();
  hook_calls = hook_elsewhere = 0;
  Searcher *s = search_new(4);
  assert_int_equal(search_set_threads(s, 2), 0);
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  SearchLimits lim = {.depth = 5};
  SearchResult r = search_best(s, &p, &lim);
  v->rules = NULL;
  assert_int_equal(r.threads, 1);
  assert_int_equal(r.nodes, r.own_nodes);
  assert_true(hook_calls > 0);
  assert_int_equal(hook_elsewhere, 0);
  assert_true(legal_here(&p, r.best));
  search_free(s);
}

/* The clock's share (search_clock): what match.c, UCI and CECP all use. */
static void test_clock(void **state) {
  (void)state;
  SearchLimits lim = {.depth = 9};
  search_clock(&lim, 60, 0, 0); /* a thirtieth: 2 s; 0.6 and twice that */
  assert_true(fabs(lim.soft_seconds - 1.2) < 1e-9 && fabs(lim.seconds - 4) < 1e-9);
  assert_int_equal(lim.depth, 9);
  search_clock(&lim, 30, 0, 2); /* 1 s and half the increment */
  assert_true(fabs(lim.soft_seconds - 1.2) < 1e-9 && fabs(lim.seconds - 4) < 1e-9);
  search_clock(&lim, 10, 1, 0); /* the last move before the control: half the clock */
  assert_true(fabs(lim.soft_seconds - 5) < 1e-9 && fabs(lim.seconds - 5) < 1e-9);
  search_clock(&lim, 40, 10, 0); /* its share of the moves to go: 4 s */
  assert_true(fabs(lim.soft_seconds - 2.4) < 1e-9 && fabs(lim.seconds - 8) < 1e-9);
  search_clock(&lim, 0, 0, 0); /* no time: depth 1, no time limit */
  assert_int_equal(lim.depth, 1);
  assert_true(lim.seconds == 0 && lim.soft_seconds == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_estimated_values),
      cmocka_unit_test(test_mates_and_captures),
      cmocka_unit_test(test_mates_in_full_positions),
      cmocka_unit_test(test_zugzwang),
      cmocka_unit_test(test_perpetual_check),
      cmocka_unit_test(test_order),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_clock),
      cmocka_unit_test(test_lines),
      cmocka_unit_test(test_threads),
      cmocka_unit_test(test_threads_with_hooks),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
