/*
** test_variant.c - variant defaults, the checks of rules_conclude() (variant_conclude() and the start position) and
** the tables it derives.
**
** Sources:
**  [FIDE] FIDE Laws of Chess: 8x8 board; promotion on the last rank (3.7.5);
**         checkmate wins (5.1.1); stalemate draws (5.2.1); threefold
**         repetition (9.2); fifty moves (9.3); the pawn's double step only
**         from its original square (3.7.2).
**  [FSF]  Fairy-Stockfish's Variant::conclude() and its "check" mode
**         (src/variant.cpp and src/parser.cpp in
**         github.com/fairy-stockfish/Fairy-Stockfish): every problem is
**         reported, each on its own line, naming what it is about.
*/
#include "fixtures.h"

static void test_defaults(void **state) {
  Variant *v = calloc(1, sizeof *v);
  (void)state;
  variant_defaults(v);
  assert_int_equal(v->geo.files, 8);
  assert_int_equal(v->geo.ranks, 8);
  assert_int_equal(v->promo_zone, 1);
  assert_int_equal(v->checkmate, RESULT_LOSS);
  assert_int_equal(v->stalemate, RESULT_DRAW);
  assert_int_equal(v->repetition, 3);
  assert_int_equal(v->repetition_result, RESULT_DRAW);
  assert_int_equal(v->nmove, 50);
  assert_int_equal(v->extinction, RESULT_NONE);
  assert_int_equal(v->ntypes, 0);
  free(v);
}

static void test_derived_tables(void **state) {
  Variant *v = fx_chess();
  int p = variant_type_by_letter(v, 'p'), k = variant_type_by_letter(v, 'k');
  (void)state;
  assert_int_equal(variant_type_by_letter(v, 'x'), -1);
  assert_int_equal(v->royal_mask, 1u << k);
  assert_int_equal(v->promote_mask, 1u << p);
  assert_int_equal(v->ep_mask, 1u << p);
  /* Knight, bishop, rook and queen are plain types (every step an
  ** unconditional leap or slide): generation walks them without emit(). The
  ** pawn (promotion, conditional steps) and the king (castling) are not. */
  int n = variant_type_by_letter(v, 'n'), q = variant_type_by_letter(v, 'q');
  assert_true(v->plain_mask[WHITE] >> n & 1);
  assert_true(v->plain_mask[BLACK] >> q & 1);
  assert_false(v->plain_mask[WHITE] >> p & 1);
  assert_false(v->has_terminal);
  /* Pawns start on the second rank (index 1) and the seventh (index 6). */
  assert_int_equal(v->initial_ranks[WHITE][p], 1u << 1);
  assert_int_equal(v->initial_ranks[BLACK][p], 1u << 6);
  /* White promotes on the eighth rank, Black on the first. */
  for (int r = 0; r < 8; r++) {
    assert_int_equal(v->promo_rank_mask[WHITE][r], r == 7);
    assert_int_equal(v->promo_rank_mask[BLACK][r], r == 0);
  }
  /* ... and so does the per-square table the move generator reads */
  for (int r = 0; r < 8; r++)
    for (int f = 0; f < 8; f++) {
      int sq = board_square(&v->geo, f, r);
      assert_int_equal(v->promo_sq[WHITE][sq], r == 7);
      assert_int_equal(v->promo_sq[BLACK][sq], r == 0);
    }
  /* Black's steps are White's mirrored: the pawn's push goes down. */
  int up = board_offset(&v->geo, 0, 1);
  int found = 0;
  for (int i = 0; i < v->nsteps[BLACK][p]; i++)
    if (v->step[BLACK][p][i].off == -up && v->step[BLACK][p][i].modes == MODE_MOVE) found = 1;
  assert_true(found);
  /* The hash is the same in every run and every copy of the variant. */
  Variant *w = fx_chess();
  Position a, b;
  fx_set_fen(&a, v, FX_START_FEN);
  fx_set_fen(&b, w, FX_START_FEN);
  assert_true(a.key == b.key);
  fx_variant_free(w);
  fx_variant_free(v);

  /* A zone of squares per side: White's b8 only, Black's a1 and h4; a
  ** rank holding one of them counts as a promotion rank. */
  v = fx_chess_unconcluded();
  v->promo_zone_squares = 1;
  v->promo_zone_sq[WHITE][7] = 1u << 1;
  v->promo_zone_sq[BLACK][0] = 1u << 0;
  v->promo_zone_sq[BLACK][3] = 1u << 7;
  fx_conclude(v);
  assert_int_equal(v->promo_sq[WHITE][board_square(&v->geo, 1, 7)], PROMO_COMPULSORY);
  assert_int_equal(v->promo_sq[WHITE][board_square(&v->geo, 0, 7)], 0);
  assert_int_equal(v->promo_sq[BLACK][board_square(&v->geo, 0, 0)], PROMO_COMPULSORY);
  assert_int_equal(v->promo_sq[BLACK][board_square(&v->geo, 7, 3)], PROMO_COMPULSORY);
  assert_int_equal(v->promo_sq[BLACK][board_square(&v->geo, 6, 3)], 0);
  assert_int_equal(v->promo_rank_mask[BLACK][3], PROMO_COMPULSORY);
  assert_int_equal(v->promo_rank_mask[WHITE][0], 0);
  fx_variant_free(v);

  /* A cannon's capture hops a screen: not a plain type. */
  v = fx_variant_new("c", 8, 8);
  fx_add_piece(v, 'k', "K", 1, 0, 0);
  fx_add_piece(v, 'c', "mRcpR", 0, 0, 0);
  snprintf(v->start_fen, sizeof v->start_fen, "c3k3/8/8/8/8/8/8/C3K3 w - - 0 1");
  fx_conclude(v);
  assert_false(v->plain_mask[WHITE] >> variant_type_by_letter(v, 'c') & 1);
  fx_variant_free(v);
}

/* rules_conclude() must refuse v with a report containing want. */
static void expect_refused(Variant *v, const char *want) {
  char err[2048];
  if (rules_conclude(v, err, sizeof err) == 0) fail_msg("accepted; expected \"%s\"", want);
  assert_contains(err, want);
  fx_variant_free(v);
}

static void test_conclude_problems(void **state) {
  Variant *v;
  (void)state;
  v = fx_variant_new("empty", 8, 8);
  expect_refused(v, "pieces");

  v = fx_chess_unconcluded();
  fx_add_piece(v, 'n', "W", 0, 0, 0);
  expect_refused(v, "'n'"); /* the same letter twice */

  v = fx_chess_unconcluded();
  fx_add_piece(v, 'Z', "W", 0, 0, 0);
  expect_refused(v, "'Z'"); /* not lowercase */

  v = fx_chess_unconcluded();
  snprintf(v->type[1].betza, sizeof v->type[1].betza, "Nx");
  expect_refused(v, "Betza \"Nx\"");

  v = fx_chess_unconcluded();
  v->npromo = 0; /* pawns promote, to nothing */
  expect_refused(v, "promotion");

  v = fx_chess_unconcluded();
  v->promo_zone = 9;
  expect_refused(v, "promotion");

  v = fx_chess_unconcluded();
  v->castle_rook_type = -1;
  expect_refused(v, "castling");

  v = fx_chess_unconcluded();
  v->castle_king_file[0] = 8; /* the king would land on i1 */
  expect_refused(v, "castling");

  v = fx_chess_unconcluded();
  v->royal_capture = 1;
  v->checkmate = RESULT_DRAW;
  expect_refused(v, "checkmate");

  v = fx_chess_unconcluded();
  snprintf(v->start_fen, sizeof v->start_fen, "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
  expect_refused(v, "start");

  v = fx_chess_unconcluded();
  snprintf(v->start_fen, sizeof v->start_fen, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
  expect_refused(v, "Black");

  /* [FSF] every problem, one per line. */
  v = fx_chess_unconcluded();
  fx_add_piece(v, 'n', "W", 0, 0, 0);
  fx_add_piece(v, 'Y', "W", 0, 0, 0);
  char err[2048];
  assert_int_equal(rules_conclude(v, err, sizeof err), -1);
  assert_contains(err, "'n'");
  assert_contains(err, "'Y'");
  assert_non_null(strchr(err, '\n'));
  fx_variant_free(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_derived_tables),
      cmocka_unit_test(test_conclude_problems),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
