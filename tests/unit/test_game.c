/*
** test_game.c - a game: history, undo and the result by the rules.
**
** Sources:
**  [FIDE] FIDE Laws of Chess: 5.1.1 checkmate wins; 5.2.1 stalemate is a
**         draw; 9.2 the same position for the third time (same player to
**         move, same pieces on the same squares, same castling and en
**         passant rights, 9.2.3); 9.3 fifty moves by each player without a
**         capture or a pawn move; 9.2 and 9.3 are draws the player to
**         move may claim, so a game may go on past them.
**  [FM]   Fool's mate: 1.f3 e5 2.g4 Qh4#.
*/
#include "fixtures.h"

static int setup(void **state) {
  *state = fx_chess();
  return 0;
}

static int teardown(void **state) {
  fx_variant_free(*state);
  return 0;
}

static void play_line(Game *g, const char *line) {
  char buf[512], *save = NULL;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
    assert_int_equal(game_play(g, fx_move(&g->pos, t)), 0);
}

static void test_init_and_undo(void **state) {
  const Variant *v = *state;
  Game g;
  char err[256];
  assert_int_equal(game_init(&g, v, NULL, err, sizeof err), 0);
  assert_string_equal(fx_fen(&g.pos), FX_START_FEN);
  assert_int_equal(game_undo(&g), -1); /* nothing to undo */
  play_line(&g, "e2e4 e7e5 g1f3");
  assert_int_equal(g.n, 3);
  assert_int_equal(game_undo(&g), 0);
  assert_int_equal(game_undo(&g), 0);
  assert_int_equal(game_undo(&g), 0);
  assert_string_equal(fx_fen(&g.pos), FX_START_FEN);
  assert_null(pos_check(&g.pos));
  game_free(&g);
  /* A bad FEN: an error, and a usable game at the start position. */
  assert_int_equal(game_init(&g, v, "not a fen", err, sizeof err), -1);
  assert_true(err[0] != '\0');
  assert_string_equal(fx_fen(&g.pos), FX_START_FEN);
  game_free(&g);
}

/* Many moves: the history grows past its first allocation. */
static void test_long_history(void **state) {
  Game g;
  char err[256];
  assert_int_equal(game_init(&g, *state, NULL, err, sizeof err), 0);
  for (int i = 0; i < 50; i++) play_line(&g, "g1f3 g8f6 f3g1 f6g8");
  assert_int_equal(g.n, 200);
  for (int i = 0; i < 200; i++) assert_int_equal(game_undo(&g), 0);
  assert_string_equal(fx_fen(&g.pos), FX_START_FEN);
  game_free(&g);
}

static void test_checkmate_and_stalemate(void **state) {
  Game g;
  GameResult r;
  char err[256];
  assert_int_equal(game_init(&g, *state, NULL, err, sizeof err), 0);
  play_line(&g, "f2f3 e7e5 g2g4");
  assert_false(game_result(&g).over);
  play_line(&g, "d8h4");
  r = game_result(&g); /* [FM] */
  assert_true(r.over);
  assert_int_equal(r.winner, BLACK);
  assert_string_equal(r.reason, "checkmate");
  game_free(&g);
  /* [FIDE] 5.2.1: Black to move, Kh8 against Qf7 and Kg6. */
  assert_int_equal(game_init(&g, *state, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", err, sizeof err), 0);
  r = game_result(&g);
  assert_true(r.over);
  assert_int_equal(r.winner, -1);
  assert_string_equal(r.reason, "stalemate");
  game_free(&g);
}

/* [FIDE] 9.2: the third occurrence ends the game as a draw. */
static void test_threefold_repetition(void **state) {
  Game g;
  GameResult r;
  char err[256];
  assert_int_equal(game_init(&g, *state, NULL, err, sizeof err), 0);
  play_line(&g, "g1f3 g8f6 f3g1 f6g8"); /* the start, a second time */
  assert_false(game_result(&g).over);
  play_line(&g, "g1f3 g8f6 f3g1");
  assert_false(game_result(&g).over);
  play_line(&g, "f6g8"); /* the third time */
  r = game_result(&g);
  assert_true(r.over);
  assert_int_equal(r.winner, -1);
  assert_string_equal(r.reason, "repetition");
  game_free(&g);
}

/* [FIDE] 9.2: the threefold draw is a claim. varia reports it, the
** computer does not play on (no decision), but a move played after it is
** the claim not made: the game goes on. A checkmate is no claim. */
static void test_threefold_may_be_passed(void **state) {
  Game g;
  GameResult r;
  char err[256];
  int played = 0;
  assert_int_equal(game_init(&g, *state, NULL, err, sizeof err), 0);
  play_line(&g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  r = game_result(&g);
  assert_true(r.over);
  assert_true(r.claimable);
  assert_int_equal(game_decision(&g).kind, DECIDE_NONE);
  assert_int_equal(game_play_text(&g, "e2e4", &played, err, sizeof err), 0);
  assert_int_equal(played, 1);
  assert_false(game_result(&g).over);
  assert_int_equal(game_decision(&g).kind, DECIDE_MOVE);
  game_free(&g);
  assert_int_equal(game_init(&g, *state, NULL, err, sizeof err), 0);
  play_line(&g, "f2f3 e7e5 g2g4 d8h4");
  r = game_result(&g);
  assert_true(r.over);
  assert_false(r.claimable);
  assert_int_equal(game_play_text(&g, "e1f2", &played, err, sizeof err), -1);
  assert_non_null(strstr(err, "the game is over (checkmate)"));
  game_free(&g);
}

/* [FIDE] 9.2.3: positions differing in castling rights are not the same. */
static void test_repetition_counts_castling_rights(void **state) {
  Game g;
  char err[256];
  assert_int_equal(game_init(&g, *state, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", err, sizeof err), 0);
  /* Back to the same squares, but the kings have moved: no rights. */
  play_line(&g, "e1f1 e8f8 f1e1 f8e8");
  play_line(&g, "e1f1 e8f8 f1e1 f8e8");
  assert_false(game_result(&g).over); /* only twice without rights */
  play_line(&g, "e1f1 e8f8 f1e1 f8e8");
  assert_true(game_result(&g).over);
  game_free(&g);
}

/* [FIDE] 9.3: 100 half-moves without capture or pawn move. */
static void test_fifty_move_rule(void **state) {
  Game g;
  GameResult r;
  char err[256];
  assert_int_equal(game_init(&g, *state, "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", err, sizeof err), 0);
  assert_false(game_result(&g).over);
  play_line(&g, "a1a2");
  r = game_result(&g);
  assert_true(r.over);
  assert_int_equal(r.winner, -1);
  assert_string_equal(r.reason, "n-move rule");
  assert_true(r.claimable); /* [FIDE] 9.3: claimed, or played past */
  game_undo(&g);
  play_line(&g, "e2e3"); /* a pawn move starts the count again */
  assert_false(game_result(&g).over);
  assert_int_equal(g.pos.halfmove, 0);
  game_free(&g);
}

/* A hook that announces every step and refuses the one after `refuse`
** steps, as a variant's on_move that raises. */
static int refusing_hook(void *ctx, Game *g, Move m, char *err, size_t errlen) {
  int *left = ctx;
  (void)m;
  game_announce(g, AUDIENCE_ALL, "moved", "a step");
  if ((*left)-- > 0) return 0;
  snprintf(err, errlen, "refused");
  return -1;
}

/* game_play_text is all or nothing: whatever step of the text fails (an
** illegal one, or a hook refusing it), the game is as it was before the
** call, announcements included, and *played is unchanged; the steps of
** an earlier call stand. */
static void test_play_text_all_or_nothing(void **state) {
  const Variant *v = *state;
  Game g;
  char err[256], before[1024];
  int played = 0, left = 100;
  GameHooks hooks = {&left, refusing_hook, NULL, NULL, NULL};
  assert_int_equal(game_init(&g, v, NULL, err, sizeof err), 0);
  g.hooks = &hooks;
  assert_int_equal(game_play_text(&g, "e2e4", &played, err, sizeof err), 0);
  assert_int_equal(played, 1);
  snprintf(before, sizeof before, "%s", fx_fen(&g.pos));
  assert_int_equal(game_play_text(&g, "e7e5,zz9", &played, err, sizeof err), -1);
  assert_int_equal(played, 1);
  assert_int_equal(g.n, 1);
  assert_int_equal(g.nmsgs, 1);
  assert_string_equal(fx_fen(&g.pos), before);
  left = 0; /* the next step is refused by the hook */
  assert_int_equal(game_play_text(&g, "e7e5", &played, err, sizeof err), -1);
  assert_string_equal(err, "refused");
  assert_int_equal(played, 1);
  assert_int_equal(g.n, 1);
  assert_int_equal(g.nmsgs, 1);
  assert_string_equal(fx_fen(&g.pos), before);
  assert_int_equal(g.in_hook, 0);
  left = 100;
  assert_int_equal(game_play_text(&g, "e7e5", &played, err, sizeof err), 0);
  assert_int_equal(g.n, 2);
  game_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_init_and_undo),
      cmocka_unit_test(test_long_history),
      cmocka_unit_test(test_checkmate_and_stalemate),
      cmocka_unit_test(test_threefold_repetition),
      cmocka_unit_test(test_threefold_may_be_passed),
      cmocka_unit_test(test_repetition_counts_castling_rights),
      cmocka_unit_test(test_fifty_move_rule),
      cmocka_unit_test(test_play_text_all_or_nothing),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
