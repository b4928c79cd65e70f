/*
** test_movegen.c - move generation, attacks, legality, perft and terminal
** rules.
**
** Sources:
**  [CPW]  Chess Programming Wiki "Perft Results", positions 1-6
**         (https://www.chessprogramming.org/Perft_Results; the counts are
**         also in tests/perft/cpw.perft).
**  [ETH]  Chess960 perft, Ethereal src/perft/fischer.epd (AndyGrant/Ethereal).
**  [FIDE] FIDE Laws of Chess: 3.1-3.7 how pieces attack; 3.7.3.1 en
**         passant; 3.8.2 castling is illegal when the king is in check or
**         crosses or lands on an attacked square (a rook crossing one is
**         fine); 5.1.1 checkmate.
**  [FM]   Fool's mate, 1.f3 e5 2.g4 Qh4# (e.g. Wikipedia "Fool's mate").
**  [XQ]   Xiangqi rules (e.g. Wikipedia "Xiangqi"): the cannon moves as a
**         chariot and captures by jumping exactly one piece, the screen.
**  [SH]   Shatranj (Wikipedia "Shatranj"; Fairy-Stockfish's "bare king"
**         rule with extinctionClaim): a bared king loses, unless the bared
**         side, on move, can bare the other at once.
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

static void test_perft_cpw(void **state) {
  static const struct { const char *fen; int depth; uint64_t nodes; } cases[] = {
      {FX_START_FEN, 1, 20},
      {FX_START_FEN, 2, 400},
      {FX_START_FEN, 3, 8902},
      {FX_START_FEN, 4, 197281},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 1, 48},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 2, 2039},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3, 97862},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 1, 14},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 2, 191},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 3, 2812},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 4, 43238},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 1, 6},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2, 264},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
      {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 3, 9467},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 1, 44},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1486},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 1, 46},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2, 2079},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint64_t n = fx_perft(*state, cases[i].fen, cases[i].depth);
    if (n != cases[i].nodes)
      fail_msg("perft %d of %s: %llu, expected %llu", cases[i].depth, cases[i].fen,
               (unsigned long long)n, (unsigned long long)cases[i].nodes);
  }
}

/* [ETH] Chess960 positions (Shredder-FEN rights; castling king-side with
** king and rook next to each other, queen-side across the board). */
static void test_perft_chess960(void **state) {
  static const struct { const char *fen; int depth; uint64_t nodes; } cases[] = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189},
      {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3, 18002},
      {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 3, 10471},
      {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 3, 13440},
      {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", 3, 31058},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint64_t n = fx_perft(*state, cases[i].fen, cases[i].depth);
    if (n != cases[i].nodes)
      fail_msg("perft %d of %s: %llu, expected %llu", cases[i].depth, cases[i].fen,
               (unsigned long long)n, (unsigned long long)cases[i].nodes);
  }
}

/* [FIDE] 3.2-3.7 on hand-made positions. */
static void test_attacked(void **state) {
  const Variant *v = *state;
  Position p;
#define ATT(sq, by) attacked(&p, fx_sq(v, sq), by)
  /* A queen on d4: its lines, not a knight's squares. */
  fx_set_fen(&p, v, "7k/8/8/8/3Q4/8/8/K7 w - - 0 1");
  assert_true(ATT("d8", WHITE));
  assert_true(ATT("h8", WHITE));
  assert_true(ATT("a7", WHITE));
  assert_true(ATT("g1", WHITE));
  assert_true(ATT("a4", WHITE));
  assert_false(ATT("e6", WHITE));
  assert_false(ATT("c2", WHITE));
  assert_false(ATT("d4", BLACK));
  /* A piece in the way blocks the line beyond it, not the square itself. */
  fx_set_fen(&p, v, "7k/8/3p4/8/3Q4/8/8/K7 w - - 0 1");
  assert_true(ATT("d6", WHITE));
  assert_false(ATT("d7", WHITE));
  /* The content of the square does not matter: a1 is White's king. */
  fx_set_fen(&p, v, "7k/8/8/8/8/8/8/K5r1 w - - 0 1");
  assert_true(ATT("a1", BLACK));
  /* Knights leap; pawns capture diagonally forward only. */
  fx_set_fen(&p, v, "7k/8/8/3p4/4P3/8/8/K5N1 w - - 0 1");
  assert_true(ATT("f3", WHITE));
  assert_true(ATT("e2", WHITE));
  assert_true(ATT("h3", WHITE));
  assert_false(ATT("g3", WHITE));
  assert_true(ATT("d5", WHITE));  /* e4 takes d5 */
  assert_true(ATT("f5", WHITE));
  assert_false(ATT("e5", WHITE)); /* a pawn does not capture straight */
  assert_true(ATT("e4", BLACK));  /* d5 takes e4: black pawns go down */
  assert_true(ATT("c4", BLACK));
  assert_false(ATT("e6", BLACK));
  /* Kings attack the eight squares around them. */
  assert_true(ATT("b2", WHITE));
  assert_true(ATT("g7", BLACK));
  assert_false(ATT("c3", WHITE));
#undef ATT
}

/* [FM] after 1.f3 e5 2.g4 Qh4# White is mated: in check, no moves. */
static void test_checkmate_has_no_moves(void **state) {
  Position p;
  Move list[MAX_MOVES];
  fx_set_fen(&p, *state, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  assert_true(royal_attacked(&p, WHITE));
  assert_int_equal(gen_legal(&p, list), 0);
  /* The same by playing the moves. */
  fx_set_fen(&p, *state, FX_START_FEN);
  fx_play_line(&p, "f2f3 e7e5 g2g4 d8h4");
  assert_int_equal(gen_legal(&p, list), 0);
  /* Stalemate: no moves and not in check (black Kh8; Qf7, Kg6). */
  fx_set_fen(&p, *state, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  assert_false(royal_attacked(&p, BLACK));
  assert_int_equal(gen_legal(&p, list), 0);
}

/* [FIDE] 3.7.3.1, and no move may leave one's own king attacked: taking
** en passant here would empty the fifth rank between Ka5 and Rh5. */
static void test_en_passant_pin(void **state) {
  Position p;
  fx_set_fen(&p, *state, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
  assert_int_equal(p.ep, fx_sq(*state, "c6"));
  assert_false(fx_has_legal(&p, "b5c6"));
  assert_true(fx_has_legal(&p, "b5b6"));
  /* Without the rook the capture is legal. */
  fx_set_fen(&p, *state, "8/8/8/KPp5/8/8/8/7k w - c6 0 1");
  assert_true(fx_has_legal(&p, "b5c6"));
  /* Taken, the captured pawn leaves the board. */
  Undo u;
  fx_play(&p, "b5c6", &u);
  assert_string_equal(fx_fen(&p), "8/8/2P5/K7/8/8/8/7k b - - 0 1");
}

/* [FIDE] 3.8.2.2. */
static void test_castling_rules(void **state) {
  const Variant *v = *state;
  Position p;
  fx_set_fen(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  assert_true(fx_has_legal(&p, "e1g1"));
  assert_true(fx_has_legal(&p, "e1c1"));
  /* f1 attacked by the rook on f8: O-O passes through check. */
  fx_set_fen(&p, v, "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
  assert_false(fx_has_legal(&p, "e1g1"));
  assert_true(fx_has_legal(&p, "e1c1"));
  /* g1 attacked: O-O would land in check. */
  fx_set_fen(&p, v, "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
  assert_false(fx_has_legal(&p, "e1g1"));
  /* d1 attacked stops O-O-O; b1 attacked does not (only the rook
  ** crosses it). */
  fx_set_fen(&p, v, "r2rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  assert_false(fx_has_legal(&p, "e1c1"));
  assert_true(fx_has_legal(&p, "e1g1"));
  fx_set_fen(&p, v, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  assert_true(fx_has_legal(&p, "e1c1"));
  /* In check: no castling at all. */
  fx_set_fen(&p, v, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  assert_false(fx_has_legal(&p, "e1g1"));
  assert_false(fx_has_legal(&p, "e1c1"));
  /* A piece between king and rook blocks. */
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
  assert_false(fx_has_legal(&p, "e1g1"));
  assert_false(fx_has_legal(&p, "e1c1"));
}

/* A small variant with the Xiangqi cannon: king k (K, royal), cannon c
** (mRcpR) and wazir w (W) as a screen, on 5x5. */
static Variant *cannon_variant(void) {
  Variant *v = fx_variant_new("cannon-test", 5, 5);
  fx_add_piece(v, 'k', "K", 1, 0, 0);
  fx_add_piece(v, 'c', "mRcpR", 0, 0, 0);
  fx_add_piece(v, 'w', "W", 0, 0, 0);
  snprintf(v->start_fen, sizeof v->start_fen, "c3k/5/5/5/K3C w - - 0 1");
  fx_conclude(v);
  return v;
}

/* [XQ] the cannon gives check through exactly one screen. */
static void test_cannon_check(void **state) {
  Variant *v = cannon_variant();
  Position p;
  (void)state;
  fx_set_fen(&p, v, "c3k/5/5/5/K4 w - - 0 1"); /* no screen */
  assert_false(royal_attacked(&p, WHITE));
  fx_set_fen(&p, v, "c3k/5/W4/5/K4 w - - 0 1"); /* one screen */
  assert_true(royal_attacked(&p, WHITE));
  assert_true(attacked(&p, fx_sq(v, "a1"), BLACK));
  assert_false(attacked(&p, fx_sq(v, "a3"), BLACK)); /* the screen itself */
  fx_set_fen(&p, v, "c3k/W4/W4/5/K4 w - - 0 1"); /* two screens */
  assert_false(royal_attacked(&p, WHITE));
  /* Answers to the check: the king leaves the file, or the screen does
  ** (no screen, no check); moving the screen along the file does not help. */
  fx_set_fen(&p, v, "c3k/5/W4/5/K4 w - - 0 1");
  assert_false(fx_has_legal(&p, "a1a2"));
  assert_true(fx_has_legal(&p, "a1b1"));
  assert_true(fx_has_legal(&p, "a1b2"));
  assert_true(fx_has_legal(&p, "a3b3"));
  assert_false(fx_has_legal(&p, "a3a4")); /* still one screen, on a4 */
  /* A screen between the king and the cannon: moving it away would
  ** remove the screen, but a second piece on the file makes it matter. */
  fx_set_fen(&p, v, "c3k/W4/5/W4/K4 w - - 0 1"); /* two screens: a4, a2 */
  assert_false(royal_attacked(&p, WHITE));
  assert_false(fx_has_legal(&p, "a2b2")); /* leaves one screen: check */
  assert_false(fx_has_legal(&p, "a4b4"));
  /* The cannon captures only over a screen, and moves only to empty
  ** squares before the first piece. */
  fx_set_fen(&p, v, "c3k/5/W4/5/W2K1 b - - 0 1");
  assert_true(fx_has_legal(&p, "a5a1"));
  assert_false(fx_has_legal(&p, "a5a3"));
  assert_false(fx_has_legal(&p, "a5a2"));
  assert_true(fx_has_legal(&p, "a5a4"));
  assert_true(fx_has_legal(&p, "a5d5"));
  fx_variant_free(v);
}

/* A hopper's or grasshopper's count bounds the whole move, screen
** included (Fairy-Stockfish's reading, its bitboard.cpp: the rider's
** squares within the count of the piece): a pR2 jumps only a piece next
** to it, onto the square beyond; a gR2 lands beyond a piece next to it.
** King k (K, royal), h (pR2), g (gR2), wazir w (W) as a screen, on 6x6. */
static void test_hopper_count(void **state) {
  Variant *v = fx_variant_new("hop-count", 6, 6);
  Position p;
  (void)state;
  fx_add_piece(v, 'k', "K", 1, 0, 0);
  fx_add_piece(v, 'h', "pR2", 0, 0, 0);
  fx_add_piece(v, 'g', "gR2", 0, 0, 0);
  fx_add_piece(v, 'w', "W", 0, 0, 0);
  snprintf(v->start_fen, sizeof v->start_fen, "5k/6/6/6/6/K5 w - - 0 1");
  fx_conclude(v);
  /* the screen next to it: b1 onto c1, not d1 */
  fx_set_fen(&p, v, "5k/6/6/6/6/HW3K w - - 0 1");
  assert_true(fx_has_legal(&p, "a1c1"));
  assert_false(fx_has_legal(&p, "a1d1"));
  assert_false(fx_has_legal(&p, "a1a2")); /* no screen on the file */
  /* the screen two away: nothing beyond it is in reach */
  fx_set_fen(&p, v, "5k/6/6/6/6/H1W2K w - - 0 1");
  assert_false(fx_has_legal(&p, "a1d1"));
  assert_false(fx_has_legal(&p, "a1e1"));
  /* check: a king just beyond a screen next to the hopper is attacked, one
  ** further away is not */
  fx_set_fen(&p, v, "5k/6/6/K5/W5/h5 w - - 0 1");
  assert_true(royal_attacked(&p, WHITE));
  fx_set_fen(&p, v, "5k/6/K5/6/W5/h5 w - - 0 1");
  assert_false(royal_attacked(&p, WHITE));
  fx_set_fen(&p, v, "5k/6/K5/W5/6/h5 w - - 0 1");
  assert_false(royal_attacked(&p, WHITE));
  /* the capture: onto the square beyond the screen next to it only */
  fx_set_fen(&p, v, "5k/6/6/6/K5/HWw1w1 w - - 0 1");
  assert_true(fx_has_legal(&p, "a1c1"));
  assert_false(fx_has_legal(&p, "a1e1"));
  /* the grasshopper: beyond a piece next to it, not beyond one further */
  fx_set_fen(&p, v, "5k/6/6/6/6/GW3K w - - 0 1");
  assert_true(fx_has_legal(&p, "a1c1"));
  fx_set_fen(&p, v, "5k/6/6/6/6/G1W2K w - - 0 1");
  assert_false(fx_has_legal(&p, "a1d1"));
  fx_set_fen(&p, v, "5k/6/6/K5/W5/g5 w - - 0 1");
  assert_true(royal_attacked(&p, WHITE));
  fx_set_fen(&p, v, "5k/6/K5/W5/6/g5 w - - 0 1");
  assert_false(royal_attacked(&p, WHITE));
  fx_variant_free(v);
}

/* Chess by king capture: no check rule, the side without a king has lost. */
static void test_terminal_king_capture(void **state) {
  Variant *v = fx_chess_unconcluded();
  Position p;
  Move list[MAX_MOVES];
  int result = -1;
  (void)state;
  v->royal_capture = 1;
  fx_conclude(v);
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
  assert_false(pos_terminal(&p, &result));
  /* Moving into "check" is allowed; so is leaving the king attacked. */
  assert_true(fx_has_legal(&p, "e1d2"));
  assert_true(fx_has_legal(&p, "e1e2"));
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/4r3 w - - 0 1"); /* White's king gone */
  assert_int_equal(pos_terminal(&p, &result), END_ROYAL_CAPTURED);
  assert_int_equal(result, RESULT_LOSS);
  assert_int_equal(gen_legal(&p, list), 0);
  fx_variant_free(v);
}

/* [SH] extinction: all pieces counted, a side with one piece (the bare
** king) against two or more is extinct; the side to move may answer. */
static void test_terminal_extinction(void **state) {
  Variant *v = fx_chess_unconcluded();
  Position p;
  int result = -1;
  (void)state;
  v->castling = 0;
  v->extinction = RESULT_LOSS;
  v->extinction_all = 1;
  v->extinction_count = 1;
  v->extinction_opponent = 2;
  v->extinction_claim = 1;
  snprintf(v->start_fen, sizeof v->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  fx_conclude(v);
  /* Black was bared by White's last move: Black has lost. */
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  assert_int_equal(pos_terminal(&p, &result), END_EXTINCTION);
  assert_int_equal(result, RESULT_WIN); /* for White, to move */
  /* Black, bare but on move, may still bare White: not over yet. */
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  assert_false(pos_terminal(&p, &result));
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/R3K2R b - - 0 1"); /* against three */
  assert_int_equal(pos_terminal(&p, &result), END_EXTINCTION);
  assert_int_equal(result, RESULT_LOSS);
  /* Both sides with pieces: nothing. */
  fx_set_fen(&p, v, "4k2r/8/8/8/8/8/8/R3K3 w - - 0 1");
  assert_false(pos_terminal(&p, &result));
  fx_variant_free(v);

  /* Extinction chess (Wikipedia "Extinction chess"; Fairy-Stockfish's
  ** "extinction"): the king is not royal, losing all of a type loses. */
  v = fx_chess_unconcluded();
  v->type[variant_type_by_letter(v, 'k')].royal = 0;
  v->castling = 0;
  v->extinction = RESULT_LOSS;
  for (int t = 0; t < v->ntypes; t++) v->extinction_types |= 1u << t;
  snprintf(v->start_fen, sizeof v->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  fx_conclude(v);
  fx_set_fen(&p, v, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"); /* no k */
  assert_int_equal(pos_terminal(&p, &result), END_EXTINCTION);
  assert_int_equal(result, RESULT_WIN);
  fx_set_fen(&p, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 b - - 0 1"); /* one R left */
  assert_false(pos_terminal(&p, &result));
  fx_set_fen(&p, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 b - - 0 1"); /* no R */
  assert_int_equal(pos_terminal(&p, &result), END_EXTINCTION);
  assert_int_equal(result, RESULT_WIN); /* for Black, to move */
  fx_variant_free(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_perft_cpw),
      cmocka_unit_test(test_perft_chess960),
      cmocka_unit_test(test_attacked),
      cmocka_unit_test(test_checkmate_has_no_moves),
      cmocka_unit_test(test_en_passant_pin),
      cmocka_unit_test(test_castling_rules),
      cmocka_unit_test(test_cannon_check),
      cmocka_unit_test(test_hopper_count),
      cmocka_unit_test(test_terminal_king_capture),
      cmocka_unit_test(test_terminal_extinction),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
