/*
** test_board.c - board geometry and square names.
**
** Expected values come from board.h's contract (1 to 16 files and ranks,
** BOARD_PAD sentinels on every side, stride = files + 2 * BOARD_PAD) and
** from algebraic notation (FIDE Laws of Chess, Appendix C.2: files a..h from
** White's left, ranks 1..8 from White's side; on larger boards the ranks go
** on as 9, 10, ..., as in Grand Chess's "a10" and Fairy-Stockfish's UCI).
*/
#include "fixtures.h"

static void test_geometry_limits(void **state) {
  Geometry g;
  (void)state;
  /* 1x1 and 16x16 are the smallest and largest boards board.h allows. */
  assert_int_equal(board_geometry(&g, 1, 1), 0);
  assert_int_equal(g.files, 1);
  assert_int_equal(g.ranks, 1);
  assert_int_equal(g.stride, 1 + 2 * BOARD_PAD);
  assert_int_equal(g.nsq, (1 + 2 * BOARD_PAD) * (1 + 2 * BOARD_PAD));

  assert_int_equal(board_geometry(&g, 16, 16), 0);
  assert_int_equal(g.stride, 16 + 2 * BOARD_PAD);
  assert_int_equal(g.nsq, MAX_SQUARES);

  assert_int_equal(board_geometry(&g, 10, 8), 0);
  assert_int_equal(g.files, 10);
  assert_int_equal(g.ranks, 8);

  assert_int_equal(board_geometry(&g, 17, 8), -1);
  assert_int_equal(board_geometry(&g, 8, 17), -1);
  assert_int_equal(board_geometry(&g, 0, 8), -1);
  assert_int_equal(board_geometry(&g, 8, 0), -1);
  assert_int_equal(board_geometry(&g, -1, 8), -1);
}

/* Coordinates go through board_square/board_file/board_rank unchanged, and
** exactly the files x ranks real squares are inside. */
static void test_coordinates_and_inside(void **state) {
  static const int sizes[][2] = {{1, 1}, {8, 8}, {10, 8}, {12, 8}, {9, 10}, {16, 16}};
  (void)state;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    Geometry g;
    int inside = 0;
    assert_int_equal(board_geometry(&g, sizes[i][0], sizes[i][1]), 0);
    for (int r = 0; r < g.ranks; r++)
      for (int f = 0; f < g.files; f++) {
        int sq = board_square(&g, f, r);
        assert_int_equal(board_file(&g, sq), f);
        assert_int_equal(board_rank(&g, sq), r);
        assert_true(board_inside(&g, sq));
      }
    for (int sq = 0; sq < g.nsq; sq++) inside += board_inside(&g, sq);
    assert_int_equal(inside, g.files * g.ranks);
    /* Just off each edge. */
    assert_false(board_inside(&g, board_square(&g, -1, 0)));
    assert_false(board_inside(&g, board_square(&g, 0, -1)));
    assert_false(board_inside(&g, board_square(&g, g.files, 0)));
    assert_false(board_inside(&g, board_square(&g, 0, g.ranks)));
  }
}

/* board.h: "any leap of up to BOARD_PAD squares from a real square lands
** inside the array". */
static void test_padding_holds_every_leap(void **state) {
  Geometry g;
  (void)state;
  for (int size = 1; size <= 16; size += 5) {
    assert_int_equal(board_geometry(&g, size, 17 - size), 0);
    for (int sq = 0; sq < g.nsq; sq++) {
      if (!board_inside(&g, sq)) continue;
      for (int dy = -BOARD_PAD; dy <= BOARD_PAD; dy++)
        for (int dx = -BOARD_PAD; dx <= BOARD_PAD; dx++) {
          int to = sq + board_offset(&g, dx, dy);
          assert_true(to >= 0 && to < g.nsq);
        }
    }
  }
}

static void test_square_names(void **state) {
  Geometry g;
  char buf[8];
  (void)state;
  board_geometry(&g, 8, 8);
  /* FIDE Appendix C.2: a1 is White's left corner, h8 the far right one. */
  assert_int_equal(board_square_name(&g, board_square(&g, 0, 0), buf), 2);
  assert_string_equal(buf, "a1");
  board_square_name(&g, board_square(&g, 4, 3), buf);
  assert_string_equal(buf, "e4");
  board_square_name(&g, board_square(&g, 7, 7), buf);
  assert_string_equal(buf, "h8");

  /* Two-digit ranks: a10 on a 10x10 board, p16 on 16x16. */
  board_geometry(&g, 10, 10);
  assert_int_equal(board_square_name(&g, board_square(&g, 0, 9), buf), 3);
  assert_string_equal(buf, "a10");
  board_square_name(&g, board_square(&g, 9, 8), buf);
  assert_string_equal(buf, "j9");
  board_geometry(&g, 16, 16);
  board_square_name(&g, board_square(&g, 15, 15), buf);
  assert_string_equal(buf, "p16");
}

static void test_parse_squares(void **state) {
  Geometry g;
  int len = -1;
  (void)state;
  board_geometry(&g, 8, 8);
  assert_int_equal(board_parse_square(&g, "e4", &len), board_square(&g, 4, 3));
  assert_int_equal(len, 2);
  assert_int_equal(board_parse_square(&g, "h8", &len), board_square(&g, 7, 7));
  /* A UCI move: the first square ends after "a1" on 8 ranks. */
  len = -1;
  assert_int_equal(board_parse_square(&g, "a1a2", &len), board_square(&g, 0, 0));
  assert_int_equal(len, 2);
  assert_int_equal(board_parse_square(&g, "a1a2" + len, &len), board_square(&g, 0, 1));
  assert_int_equal(len, 2);
  /* len may be NULL. */
  assert_int_equal(board_parse_square(&g, "c3", NULL), board_square(&g, 2, 2));

  board_geometry(&g, 10, 10);
  assert_int_equal(board_parse_square(&g, "a10", &len), board_square(&g, 0, 9));
  assert_int_equal(len, 3);
  /* "a10a9" is a10 then a9. */
  assert_int_equal(board_parse_square(&g, "a10a9", &len), board_square(&g, 0, 9));
  assert_int_equal(len, 3);
  assert_int_equal(board_parse_square(&g, "a10a9" + 3, &len), board_square(&g, 0, 8));
  assert_int_equal(len, 2);
  /* "j1j10": j1, then j10. */
  assert_int_equal(board_parse_square(&g, "j1j10", &len), board_square(&g, 9, 0));
  assert_int_equal(len, 2);
  assert_int_equal(board_parse_square(&g, "j1j10" + 2, &len), board_square(&g, 9, 9));
  assert_int_equal(len, 3);

  board_geometry(&g, 16, 16);
  assert_int_equal(board_parse_square(&g, "p16", &len), board_square(&g, 15, 15));
  assert_int_equal(len, 3);
  assert_int_equal(board_parse_square(&g, "b12", &len), board_square(&g, 1, 11));
  assert_int_equal(len, 3);
}

static void test_parse_off_board(void **state) {
  Geometry g;
  int len = 77;
  (void)state;
  board_geometry(&g, 8, 8);
  assert_int_equal(board_parse_square(&g, "i1", &len), SQ_NONE);  /* file 9 */
  assert_int_equal(board_parse_square(&g, "a9", &len), SQ_NONE);  /* rank 9 */
  assert_int_equal(board_parse_square(&g, "a0", &len), SQ_NONE);
  assert_int_equal(board_parse_square(&g, "A1", &len), SQ_NONE);  /* case */
  assert_int_equal(board_parse_square(&g, "`1", &len), SQ_NONE);
  assert_int_equal(board_parse_square(&g, "a", &len), SQ_NONE);
  assert_int_equal(board_parse_square(&g, "", &len), SQ_NONE);
  assert_int_equal(board_parse_square(&g, "11", &len), SQ_NONE);
  assert_int_equal(len, 77); /* untouched on failure */

  /* On 10 ranks a10 exists but a11 and k1 do not. */
  board_geometry(&g, 10, 10);
  assert_int_equal(board_parse_square(&g, "k1", &len), SQ_NONE);
  len = 0;
  /* "a11" is not a11; at most it is a1 followed by "1". */
  int sq = board_parse_square(&g, "a11", &len);
  assert_true(sq == SQ_NONE || (sq == board_square(&g, 0, 0) && len == 2));

  /* 1x1: only a1. */
  board_geometry(&g, 1, 1);
  assert_int_equal(board_parse_square(&g, "a1", &len), board_square(&g, 0, 0));
  assert_int_equal(board_parse_square(&g, "b1", &len), SQ_NONE);
  assert_int_equal(board_parse_square(&g, "a2", &len), SQ_NONE);
}

/* Every square's name parses back to it, using the whole name. */
static void test_names_round_trip(void **state) {
  static const int sizes[][2] = {{1, 1}, {8, 8}, {10, 10}, {12, 8}, {16, 16}};
  (void)state;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    Geometry g;
    board_geometry(&g, sizes[i][0], sizes[i][1]);
    for (int r = 0; r < g.ranks; r++)
      for (int f = 0; f < g.files; f++) {
        char name[8];
        int len = 0, sq = board_square(&g, f, r);
        int n = board_square_name(&g, sq, name);
        assert_int_equal(n, (int)strlen(name));
        assert_int_equal(board_parse_square(&g, name, &len), sq);
        assert_int_equal(len, n);
      }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_geometry_limits),
      cmocka_unit_test(test_coordinates_and_inside),
      cmocka_unit_test(test_padding_holds_every_leap),
      cmocka_unit_test(test_square_names),
      cmocka_unit_test(test_parse_squares),
      cmocka_unit_test(test_parse_off_board),
      cmocka_unit_test(test_names_round_trip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
