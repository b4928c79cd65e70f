/*
** test_piece.c - the Betza / XBetza compiler.
**
** Sources of the expected rules:
**  [B]  Ralph Betza's notation, The Chess Variant Pages
**       (https://www.chessvariants.com/piececlopedia.dir/betzanot.html):
**       atoms W (0,1) F (1,1)
**       D (0,2) N (1,2) A (2,2) H (0,3) C (1,3) Z (2,3) G (3,3); a doubled
**       atom is a rider ("NN is the Nightrider"); a number limits the range;
**       f b l r v s select directions; ff and fs are "forward-forward" and
**       "forward-sideways" parts of a knight's forward moves; m moves only,
**       c captures only ("fcFfmW is the basic move of a Pawn").
**  [X]  H. G. Muller's XBetza (https://www.gnu.org/software/xboard/Betza.html):
**       0 = unlimited, i initial move, n lame (non-jumping) leaper, p hopper,
**       e en passant.
**  [F]  Fairy-Stockfish src/variants.ini, its list of piece types:
**       cannon mRcpR moves as a rook and captures by hopping exactly one
**       screen; horse nN is a knight blocked by the orthogonally adjacent
**       piece; janggiElephant nZ; soldier fsW moves forward and sideways.
**  [J]  Janggi rules (e.g. Wikipedia "Janggi"): the elephant moves one point
**       orthogonally and then two points diagonally, and is blocked at any
**       intermediate point.
*/
#include "fixtures.h"

static PieceMoves pm;
static char err[256];

static void compile_ok(const char *betza) {
  err[0] = '\0';
  if (piece_compile(betza, &pm, err, sizeof err) != 0)
    fail_msg("piece_compile(\"%s\"): %s", betza, err);
}

/* The rule going (dx, dy), or NULL. */
static const MoveRule *rule(int dx, int dy) {
  for (int i = 0; i < pm.n; i++)
    if (pm.rule[i].dx == dx && pm.rule[i].dy == dy) return &pm.rule[i];
  return NULL;
}

/* Asserts the rule set is exactly the listed directions (count pairs). */
static void expect_dirs(const int (*dirs)[2], int n) {
  assert_int_equal(pm.n, n);
  for (int i = 0; i < n; i++)
    if (!rule(dirs[i][0], dirs[i][1]))
      fail_msg("no rule in direction (%d, %d)", dirs[i][0], dirs[i][1]);
}

static const int knight[8][2] = {{1, 2},  {-1, 2},  {1, -2}, {-1, -2},
                                 {2, 1},  {-2, 1},  {2, -1}, {-2, -1}};
static const int orth[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
static const int diag[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static void test_knight_leaps(void **state) {
  (void)state;
  /* [B] N: the eight (1,2) leaps, a leaper that moves and captures. */
  compile_ok("N");
  expect_dirs(knight, 8);
  for (int i = 0; i < pm.n; i++) {
    assert_int_equal(pm.rule[i].range, 1);
    assert_int_equal(pm.rule[i].modes, MODE_MOVE | MODE_CAPTURE);
    assert_int_equal(pm.rule[i].path, PATH_SLIDE);
    assert_int_equal(pm.rule[i].initial, 0);
  }
}

static void test_knight_direction_subsets(void **state) {
  (void)state;
  /* [B] f: the four forward knight leaps. */
  compile_ok("fN");
  static const int fwd[4][2] = {{1, 2}, {-1, 2}, {2, 1}, {-2, 1}};
  expect_dirs(fwd, 4);
  /* [B] ff: forward-forward, the two narrow ones (+-1, +2). */
  compile_ok("ffN");
  static const int narrow[2][2] = {{1, 2}, {-1, 2}};
  expect_dirs(narrow, 2);
  /* [B] fs: forward-sideways, the two wide ones (+-2, +1). */
  compile_ok("fsN");
  static const int wide[2][2] = {{2, 1}, {-2, 1}};
  expect_dirs(wide, 2);
  /* [B] v and s on an oblique atom: the vertical and sideways pairs. */
  compile_ok("vN");
  static const int vert[4][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}};
  expect_dirs(vert, 4);
  compile_ok("sN");
  static const int side[4][2] = {{2, 1}, {-2, 1}, {2, -1}, {-2, -1}};
  expect_dirs(side, 4);
  /* a doubled letter and another: one leap, the narrow one that way */
  compile_ok("ffrN");
  static const int one[1][2] = {{1, 2}};
  expect_dirs(one, 1);
  compile_ok("llbN");
  static const int one_left[1][2] = {{-2, -1}};
  expect_dirs(one_left, 1);
  /* four single leaps of one turning sense (a chiral knight) */
  compile_ok("ffrNbblNllfNrrbN");
  static const int chiral[4][2] = {{1, 2}, {-1, -2}, {-2, 1}, {2, -1}};
  expect_dirs(chiral, 4);
  /* no narrow leap that way: the letters count as before (ff, then s) */
  compile_ok("ffsN");
  static const int ff_or_s[6][2] = {{1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}};
  expect_dirs(ff_or_s, 6);
}

static void test_riders_and_ranges(void **state) {
  (void)state;
  /* [B] R = WW: four orthogonal directions, unlimited. */
  compile_ok("R");
  expect_dirs(orth, 4);
  for (int i = 0; i < pm.n; i++) assert_int_equal(pm.rule[i].range, RANGE_INF);
  /* [B] WW and [X] W0 are the same rook. */
  compile_ok("WW");
  expect_dirs(orth, 4);
  assert_int_equal(pm.rule[0].range, RANGE_INF);
  compile_ok("W0");
  expect_dirs(orth, 4);
  assert_int_equal(pm.rule[0].range, RANGE_INF);
  /* [B] a number after the atom limits the range: W4. */
  compile_ok("W4");
  expect_dirs(orth, 4);
  for (int i = 0; i < pm.n; i++) assert_int_equal(pm.rule[i].range, 4);
  /* [B] B = FF. */
  compile_ok("B");
  expect_dirs(diag, 4);
  assert_int_equal(pm.rule[0].range, RANGE_INF);
  /* [B] NN is the nightrider. */
  compile_ok("NN");
  expect_dirs(knight, 8);
  for (int i = 0; i < pm.n; i++) assert_int_equal(pm.rule[i].range, RANGE_INF);
  /* [B] K = WF (range 1), Q = RB (unlimited): eight directions each. */
  compile_ok("K");
  assert_int_equal(pm.n, 8);
  assert_int_equal(pm.rule[0].range, 1);
  compile_ok("Q");
  assert_int_equal(pm.n, 8);
  for (int i = 0; i < pm.n; i++) assert_int_equal(pm.rule[i].range, RANGE_INF);
  /* [F] archbishop BN: 4 diagonal rider directions plus 8 knight leaps. */
  compile_ok("BN");
  assert_int_equal(pm.n, 12);
}

static void test_pawn(void **state) {
  const MoveRule *r;
  (void)state;
  /* [F]+[X] fmWfceFifmnD: steps forward without capturing, captures (and
  ** takes en passant) diagonally forward, and from its initial rank moves
  ** two squares forward if the square passed is empty. */
  compile_ok("fmWfceFifmnD");
  assert_int_equal(pm.n, 4);
  r = rule(0, 1);
  assert_non_null(r);
  assert_int_equal(r->modes, MODE_MOVE);
  assert_int_equal(r->range, 1);
  assert_int_equal(r->initial, 0);
  for (int dx = -1; dx <= 1; dx += 2) {
    r = rule(dx, 1);
    assert_non_null(r);
    assert_int_equal(r->modes, MODE_CAPTURE | MODE_EP);
    assert_int_equal(r->initial, 0);
  }
  r = rule(0, 2);
  assert_non_null(r);
  assert_int_equal(r->modes, MODE_MOVE);
  assert_int_equal(r->initial, 1);
  assert_int_equal(r->path, PATH_LAME);
  assert_int_equal(r->nlame, 1);
  assert_int_equal(r->lame[0][0], 0);
  assert_int_equal(r->lame[0][1], 1);
  assert_null(rule(0, -1));
}

static void test_cannon(void **state) {
  (void)state;
  /* [F] mRcpR: moves as a rook, captures only by hopping one screen. */
  compile_ok("mRcpR");
  assert_int_equal(pm.n, 8);
  int moves = 0, hops = 0;
  for (int i = 0; i < pm.n; i++) {
    const MoveRule *r = &pm.rule[i];
    assert_true(r->dx == 0 || r->dy == 0);
    assert_int_equal(r->range, RANGE_INF);
    if (r->path == PATH_HOP) {
      assert_int_equal(r->modes, MODE_CAPTURE);
      hops++;
    } else {
      assert_int_equal(r->path, PATH_SLIDE);
      assert_int_equal(r->modes, MODE_MOVE);
      moves++;
    }
  }
  assert_int_equal(moves, 4);
  assert_int_equal(hops, 4);
}

static void test_lame_leapers(void **state) {
  (void)state;
  /* [F] nN, the Xiangqi horse: blocked on the square orthogonally next to
  ** it along the long leg, (0, +-1) for the (+-1, +-2) leaps and (+-1, 0)
  ** for the (+-2, +-1) leaps. */
  compile_ok("nN");
  expect_dirs(knight, 8);
  for (int i = 0; i < pm.n; i++) {
    const MoveRule *r = &pm.rule[i];
    int sx = r->dx > 0 ? 1 : -1, sy = r->dy > 0 ? 1 : -1;
    assert_int_equal(r->path, PATH_LAME);
    assert_int_equal(r->nlame, 1);
    if (abs(r->dy) == 2) {
      assert_int_equal(r->lame[0][0], 0);
      assert_int_equal(r->lame[0][1], sy);
    } else {
      assert_int_equal(r->lame[0][0], sx);
      assert_int_equal(r->lame[0][1], 0);
    }
  }
  /* [J] nZ, the Janggi elephant: (2,3) through (0,1) then (1,2). */
  compile_ok("nZ");
  assert_int_equal(pm.n, 8);
  const MoveRule *r = rule(2, 3);
  assert_non_null(r);
  assert_int_equal(r->nlame, 2);
  assert_int_equal(r->lame[0][0], 0);
  assert_int_equal(r->lame[0][1], 1);
  assert_int_equal(r->lame[1][0], 1);
  assert_int_equal(r->lame[1][1], 2);
  r = rule(-3, -2); /* its mirror image through (-1,0), (-2,-1) */
  assert_non_null(r);
  assert_int_equal(r->nlame, 2);
  assert_int_equal(r->lame[0][0], -1);
  assert_int_equal(r->lame[0][1], 0);
  assert_int_equal(r->lame[1][0], -2);
  assert_int_equal(r->lame[1][1], -1);
  /* [F] nA, the Xiangqi elephant: blocked at the midpoint (1,1). */
  compile_ok("nA");
  r = rule(-2, 2);
  assert_non_null(r);
  assert_int_equal(r->nlame, 1);
  assert_int_equal(r->lame[0][0], -1);
  assert_int_equal(r->lame[0][1], 1);
}

static void test_direction_pairs(void **state) {
  (void)state;
  /* [F] fsW, the soldier across the river: forward and both sideways. */
  compile_ok("fsW");
  static const int soldier[3][2] = {{0, 1}, {1, 0}, {-1, 0}};
  expect_dirs(soldier, 3);
  /* [B] flF: the one forward-left diagonal (left is towards the a-file). */
  compile_ok("flF");
  static const int fl[1][2] = {{-1, 1}};
  expect_dirs(fl, 1);
  /* [B] single letters: bW one step back, lR one rider to the left. */
  compile_ok("bW");
  static const int back[1][2] = {{0, -1}};
  expect_dirs(back, 1);
  compile_ok("lR");
  static const int left[1][2] = {{-1, 0}};
  expect_dirs(left, 1);
  assert_int_equal(pm.rule[0].range, RANGE_INF);
}

/* Errors name the Betza string and the character where it went wrong. */
static void expect_error(const char *betza, const char *where) {
  PieceMoves out;
  err[0] = '\0';
  if (piece_compile(betza, &out, err, sizeof err) == 0)
    fail_msg("piece_compile(\"%s\") accepted bad input", betza);
  assert_contains(err, betza);
  assert_contains(err, where);
}

static void test_errors(void **state) {
  (void)state;
  expect_error("X", "character 1");   /* not an atom */
  expect_error("fm", "character 1");  /* modifiers, no atom */
  expect_error("nW", "character 1");  /* nothing to be lame about */
  expect_error("pN", "character 1");  /* p needs a rider */
  expect_error("NX", "character 2");  /* the second atom is bad */
  expect_error("mRcpX", "character 5");
  expect_error("fhN", "'h'");         /* an unsupported modifier is named */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_knight_leaps),
      cmocka_unit_test(test_knight_direction_subsets),
      cmocka_unit_test(test_riders_and_ranges),
      cmocka_unit_test(test_pawn),
      cmocka_unit_test(test_cannon),
      cmocka_unit_test(test_lame_leapers),
      cmocka_unit_test(test_direction_pairs),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
