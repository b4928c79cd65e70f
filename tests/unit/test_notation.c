/*
** test_notation.c - UCI and SAN, out and in.
**
** Sources:
**  [UCI]  The UCI protocol (Stefan Meyer-Kahlen, 2004): moves in long
**         algebraic notation, "e2e4, e7e5, e1g1 (white short castling),
**         e7e8q (for promotion)"; with UCI_Chess960 castling is written as
**         the king taking its own rook (e1h1).
**  [FIDE] FIDE Laws of Chess, Appendix C: piece letters K Q R B N, pawns
**         without a letter, x for a capture, "e8=Q"-style promotion in
**         common use, 0-0 / 0-0-0 castling, + check, # mate; C.10
**         disambiguation examples: knights on g1 and e1 to f3: Ngf3 or Nef3;
**         on g5 and g1: N5f3 or N1f3; on h2 and d4: Nhf3 or Ndf3.
**  [PGN]  PGN Standard 8.2.3 (Steven J. Edwards, 1994): castling as O-O /
**         O-O-O; disambiguation by file, else by rank, else by the full
**         square ("Qh4e1"); "+"/"#" suffixes.
**  [FM]   Fool's mate: 1.f3 e5 2.g4 Qh4#.
**  [GR]   Grand Chess (Christian Freeling) and Fairy-Stockfish write the
**         tenth rank as "10": a10, j10.
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

static const char *uci_of(Position *p, Move m) {
  static char buf[32];
  move_to_uci(p, m, buf, sizeof buf);
  return buf;
}

static const char *san_of(Position *p, const char *move) {
  static char buf[64];
  move_to_san(p, fx_move(p, move), buf, sizeof buf);
  return buf;
}

/* SAN of move (given in UCI) in fen. */
static void expect_san(const Variant *v, const char *fen, const char *move,
                       const char *san) {
  Position p;
  char before[1024];
  fx_set_fen(&p, v, fen);
  snprintf(before, sizeof before, "%s", fx_fen(&p));
  assert_string_equal(san_of(&p, move), san);
  assert_string_equal(fx_fen(&p), before); /* p is restored */
}

static void test_uci_out_and_in(void **state) {
  const Variant *v = *state;
  Position p;
  Move m;
  fx_set_fen(&p, v, FX_START_FEN);
  m = fx_move(&p, "e2e4");
  assert_int_equal(MOVE_FROM(m), fx_sq(v, "e2"));
  assert_int_equal(MOVE_TO(m), fx_sq(v, "e4"));
  assert_string_equal(uci_of(&p, m), "e2e4");
  assert_string_equal(uci_of(&p, fx_move(&p, "g1f3")), "g1f3");
  /* [UCI] promotion with a lowercase letter; every choice is its own move. */
  fx_set_fen(&p, v, "8/4P3/7k/8/8/8/8/K7 w - - 0 1");
  static const char *const promos[] = {"e7e8q", "e7e8r", "e7e8b", "e7e8n"};
  for (int i = 0; i < 4; i++) {
    m = fx_move(&p, promos[i]);
    assert_int_equal(MOVE_FLAG(m), MF_PROMO);
    assert_int_equal(v->type[MOVE_PROMO(m) - 1].letter, promos[i][4]);
    assert_string_equal(uci_of(&p, m), promos[i]);
  }
  assert_false(fx_has_legal(&p, "e7e8"));   /* a pawn must promote */
  assert_false(fx_has_legal(&p, "e7e8k"));
  /* [UCI] e1g1 is White's short castling in orthodox chess. */
  fx_set_fen(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  m = fx_move(&p, "e1g1");
  assert_int_equal(MOVE_FLAG(m), MF_CASTLE);
  assert_string_equal(uci_of(&p, m), "e1g1");
  assert_string_equal(uci_of(&p, fx_move(&p, "e1c1")), "e1c1");
}

/* [UCI] Chess960: castling is king takes rook; the king's destination is
** accepted as input where it is no ordinary king move. */
static void test_uci_chess960_castling(void **state) {
  Variant *v = fx_chess_unconcluded();
  Position p;
  Move m;
  (void)state;
  v->castle_king_takes_rook = 1;
  fx_conclude(v);
  fx_set_fen(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  m = fx_move(&p, "e1h1");
  assert_int_equal(MOVE_FLAG(m), MF_CASTLE);
  assert_string_equal(uci_of(&p, m), "e1h1");
  assert_true(fx_move(&p, "e1g1") == m);
  assert_string_equal(uci_of(&p, fx_move(&p, "e1a1")), "e1a1");
  /* King g1 next to its rook h1 (Chess960 position 0). */
  fx_set_fen(&p, v, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPP1P/BBQNN1KR w Kkq - 0 1");
  m = fx_move(&p, "g1h1");
  assert_int_equal(MOVE_FLAG(m), MF_CASTLE);
  Undo u;
  pos_make(&p, m, &u);
  assert_string_equal(fx_fen(&p), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPP1P/BBQNNRK1 b kq - 1 1");
  fx_variant_free(v);
}

/* [GR] a 10x10 board: king k, rook r, pawn p promoting to a rook. */
static void test_uci_two_digit_ranks(void **state) {
  Variant *v = fx_variant_new("ten", 10, 10);
  Position p;
  Move m;
  (void)state;
  fx_add_piece(v, 'k', "K", 1, 0, 0);
  fx_add_piece(v, 'r', "R", 0, 0, 0);
  fx_add_piece(v, 'p', "fmWfcF", 0, 1, 1);
  fx_set_promo(v, "r");
  snprintf(v->start_fen, sizeof v->start_fen, "r3k4r/10/10/10/10/10/10/10/10/R3K4R w - - 0 1");
  fx_conclude(v);
  fx_set_fen(&p, v, "r3k4r/1P8/10/10/10/10/10/10/10/R3K4R w - - 0 1");
  m = fx_move(&p, "a1a10");
  assert_int_equal(MOVE_TO(m), fx_sq(v, "a10"));
  assert_string_equal(uci_of(&p, m), "a1a10");
  m = fx_move(&p, "j1j10");
  assert_string_equal(uci_of(&p, m), "j1j10");
  m = fx_move(&p, "b9b10r");
  assert_int_equal(MOVE_FLAG(m), MF_PROMO);
  assert_string_equal(uci_of(&p, m), "b9b10r");
  m = fx_move(&p, "b9a10r");
  assert_int_equal(MOVE_TO(m), fx_sq(v, "a10"));
  /* SAN with two-digit ranks, in and out. */
  assert_string_equal(san_of(&p, "a1a10"), "Rxa10+");
  assert_true(fx_move(&p, "Rxa10") == fx_move(&p, "a1a10"));
  assert_string_equal(san_of(&p, "b9b10r"), "b10=R+");
  fx_set_fen(&p, v, "r3k4r/10/10/10/10/10/10/10/10/R3K4R b - - 0 1");
  assert_string_equal(uci_of(&p, fx_move(&p, "a10a9")), "a10a9");
  assert_string_equal(san_of(&p, "a10a9"), "Ra9");
  fx_variant_free(v);
}

static void test_san_out(void **state) {
  const Variant *v = *state;
  expect_san(v, FX_START_FEN, "g1f3", "Nf3");
  expect_san(v, FX_START_FEN, "e2e4", "e4");
  /* 1.e4 d5: exd5 */
  expect_san(v, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", "exd5");
  /* En passant is written as the pawn capture it is: 1.e4 d5 2.e5 f5 3.exf6 */
  expect_san(v, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6");
  /* [PGN] castling */
  expect_san(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
  expect_san(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O");
  expect_san(v, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
  /* [FIDE] promotion; the same with check */
  expect_san(v, "8/4P3/7k/8/8/8/8/K7 w - - 0 1", "e7e8q", "e8=Q");
  expect_san(v, "8/4P3/7k/8/8/8/8/K7 w - - 0 1", "e7e8n", "e8=N");
  expect_san(v, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", "e8=Q+");
  expect_san(v, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8r", "exd8=R+");
  /* [FM] mate, and a plain check: 1.e4 f5 2.Qh5+ */
  expect_san(v, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
  expect_san(v, "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d1h5", "Qh5+");
}

static void test_san_disambiguation(void **state) {
  const Variant *v = *state;
  /* [FIDE] C.10: knights g1 and e1 to f3. */
  expect_san(v, "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "g1f3", "Ngf3");
  expect_san(v, "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "e1f3", "Nef3");
  /* knights g5 and g1 to f3 */
  expect_san(v, "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g5f3", "N5f3");
  expect_san(v, "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g1f3", "N1f3");
  /* knights h2 and d4 to f3: the file is preferred */
  expect_san(v, "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1", "h2f3", "Nhf3");
  expect_san(v, "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1", "d4f3", "Ndf3");
  /* knights b1 and f3 to d2 (common opening case) */
  expect_san(v, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2");
  /* rooks e1 and e3 to e2: by rank */
  expect_san(v, "7k/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e1e2", "R1e2");
  expect_san(v, "7k/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e3e2", "R3e2");
  /* [PGN] queens h4, e4 and h1 all reach e1: neither file nor rank of h4 is
  ** unique, so the full square. */
  expect_san(v, "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1");
  /* A pinned knight is not a candidate: no disambiguation needed
  ** (knights c3 and g1 to e2; c3 is pinned by the bishop on a5). */
  expect_san(v, "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "g1e2", "Ne2");
}

static void test_san_in(void **state) {
  const Variant *v = *state;
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  assert_true(fx_move(&p, "Nf3") == fx_move(&p, "g1f3"));
  assert_true(fx_move(&p, "e4") == fx_move(&p, "e2e4"));
  /* With and without the check and mate marks. */
  fx_set_fen(&p, v, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  assert_true(fx_move(&p, "Qh4#") == fx_move(&p, "d8h4"));
  assert_true(fx_move(&p, "Qh4") == fx_move(&p, "d8h4"));
  assert_true(fx_move(&p, "Qh4+") == fx_move(&p, "d8h4"));
  /* Castling with letter O and with digit zero [FIDE]. */
  fx_set_fen(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  assert_true(fx_move(&p, "O-O") == fx_move(&p, "e1g1"));
  assert_true(fx_move(&p, "0-0") == fx_move(&p, "e1g1"));
  assert_true(fx_move(&p, "O-O-O") == fx_move(&p, "e1c1"));
  assert_true(fx_move(&p, "0-0-0") == fx_move(&p, "e1c1"));
  /* Promotion with and without '='. */
  fx_set_fen(&p, v, "8/4P3/7k/8/8/8/8/K7 w - - 0 1");
  assert_true(fx_move(&p, "e8=Q") == fx_move(&p, "e7e8q"));
  assert_true(fx_move(&p, "e8Q") == fx_move(&p, "e7e8q"));
  assert_true(fx_move(&p, "e8=N") == fx_move(&p, "e7e8n"));
  /* Disambiguated and captures. */
  fx_set_fen(&p, v, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  assert_true(fx_move(&p, "Nbd2") == fx_move(&p, "b1d2"));
  assert_true(fx_move(&p, "Nfd2") == fx_move(&p, "f3d2"));
  fx_set_fen(&p, v, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  assert_true(fx_move(&p, "exd5") == fx_move(&p, "e4d5"));
}

/* Rejected: MOVE_NONE and a message. */
static void expect_rejected(Position *p, const char *text, const char *why) {
  char err[256] = "";
  if (parse_move(p, text, err, sizeof err) != MOVE_NONE)
    fail_msg("\"%s\" was accepted in %s", text, fx_fen(p));
  assert_true(err[0] != '\0');
  if (why) assert_contains(err, why);
}

static void test_rejected_input(void **state) {
  const Variant *v = *state;
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  expect_rejected(&p, "e2e5", "illegal");  /* no such pawn move */
  expect_rejected(&p, "e3e4", "no piece on e3");
  expect_rejected(&p, "e7e5", "not White's");
  expect_rejected(&p, "Nf6", NULL);        /* no knight reaches f6 */
  expect_rejected(&p, "O-O", NULL);        /* pieces in the way */
  expect_rejected(&p, "Ke2", NULL);
  expect_rejected(&p, "e2e4x", NULL);
  expect_rejected(&p, "hello", "neither");
  expect_rejected(&p, "", "not a move");
  expect_rejected(&p, "e9e4", NULL);
  expect_rejected(&p, "nf3", NULL);        /* piece letters are capitals */
  /* An ambiguous SAN is not a move: two knights reach d2. */
  fx_set_fen(&p, v, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  expect_rejected(&p, "Nd2", NULL);
  /* A mated side has no moves at all. */
  fx_set_fen(&p, v, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  expect_rejected(&p, "a2a3", NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_uci_out_and_in),
      cmocka_unit_test(test_uci_chess960_castling),
      cmocka_unit_test(test_uci_two_digit_ranks),
      cmocka_unit_test(test_san_out),
      cmocka_unit_test(test_san_disambiguation),
      cmocka_unit_test(test_san_in),
      cmocka_unit_test(test_rejected_input),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
