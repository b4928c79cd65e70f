/*
** test_position.c - FEN in and out, make/unmake, the Zobrist key, and the
** invariants of pos_check().
**
** Sources:
**  [CPW]  Chess Programming Wiki "Perft Results", positions 1-6
**         (https://www.chessprogramming.org/Perft_Results; the counts are
**         also in tests/perft/cpw.perft).
**  [WF]   Wikipedia "Forsyth-Edwards Notation": the FENs of the start, after
**         1.e4, after 1...c5 and after 2.Nf3.
**  [XF]   X-FEN (Reinhard Scharnagl; Wikipedia "X-FEN"): castling rights as
**         KQkq when the castling rook is the outermost on its side, as the
**         rook's file letter otherwise; Shredder-FEN always uses file letters.
**  [ETH]  Chess960 positions with Shredder-FEN rights, from Ethereal's
**         src/perft/fischer.epd (AndyGrant/Ethereal).
**  [FIDE] FIDE Laws of Chess 3.8.2: the right to castle is lost for good
**         once the king, or that rook, has moved.
*/
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures.h"

static int setup(void **state) {
  *state = fx_chess();
  return 0;
}

static int teardown(void **state) {
  fx_variant_free(*state);
  return 0;
}

/* [CPW] every position; those given with four fields come back with the
** default counters "0 1". */
static void test_fen_round_trip_cpw(void **state) {
  static const char *const fens[][2] = {
      {FX_START_FEN, NULL},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", NULL},
      {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", NULL},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", NULL},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", NULL},
  };
  Position p;
  for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
    fx_set_fen(&p, *state, fens[i][0]);
    assert_string_equal(fx_fen(&p), fens[i][1] ? fens[i][1] : fens[i][0]);
    assert_null(pos_check(&p));
  }
}

/* [WF] the FENs after 1.e4, 1...c5 and 2.Nf3, with the en passant field
** as X-FEN and Stockfish write it: only when a capture there is possible
** (Wikipedia's "e3" and "c6" are the older convention). */
static void test_fen_after_moves(void **state) {
  Position p;
  fx_set_fen(&p, *state, FX_START_FEN);
  fx_play_line(&p, "e2e4");
  assert_string_equal(fx_fen(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  fx_play_line(&p, "c7c5");
  assert_string_equal(fx_fen(&p), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  fx_play_line(&p, "g1f3");
  assert_string_equal(fx_fen(&p), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  /* 1.e4 d5 2.e5 f5: now exf6 e.p. is possible, so f6 is written. */
  fx_set_fen(&p, *state, FX_START_FEN);
  fx_play_line(&p, "e2e4 d7d5 e4e5 f7f5");
  assert_string_equal(fx_fen(&p), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  assert_int_equal(p.ep, fx_sq(*state, "f6"));
  assert_int_equal(p.ep_victim, fx_sq(*state, "f5"));
}

/* The same position must have one FEN and one key, whether it was reached
** by moves or set up from a FEN in either convention (Wikipedia's FEN after
** 1.e4 names e3, which no black pawn can take). */
static void test_fen_ep_conventions_agree(void **state) {
  Position played, set_old, set_xfen;
  fx_set_fen(&played, *state, FX_START_FEN);
  fx_play_line(&played, "e2e4");
  fx_set_fen(&set_old, *state, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  fx_set_fen(&set_xfen, *state, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  assert_true(played.key == set_xfen.key);
  char want[1024];
  snprintf(want, sizeof want, "%s", fx_fen(&played));
  assert_string_equal(fx_fen(&set_old), want);
  assert_true(set_old.key == played.key);
  /* Where a capture is possible the square is kept. */
  fx_set_fen(&set_old, *state, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  assert_int_equal(set_old.ep, fx_sq(*state, "f6"));
}

/* [FIDE] 3.8.2: a king move loses both rights, a rook move or capture one. */
static void test_castling_rights_lost(void **state) {
  static const char *const base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  Position p;
  Undo u;
  fx_set_fen(&p, *state, base);
  fx_play(&p, "e1e2", &u);
  assert_string_equal(fx_fen(&p), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
  fx_set_fen(&p, *state, base);
  fx_play(&p, "a1a2", &u);
  assert_string_equal(fx_fen(&p), "r3k2r/8/8/8/8/8/R7/4K2R b Kkq - 1 1");
  fx_set_fen(&p, *state, base);
  fx_play(&p, "h1h8", &u); /* takes the rook: White's K and Black's k go */
  assert_string_equal(fx_fen(&p), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
  fx_play(&p, "e8d7", &u);
  assert_string_equal(fx_fen(&p), "r6R/3k4/8/8/8/8/8/R3K3 w Q - 1 2");
  /* Castling itself gives up both rights of that side. */
  fx_set_fen(&p, *state, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  fx_play(&p, "e8c8", &u);
  assert_string_equal(fx_fen(&p), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

/* [XF] Chess960 rights in X-FEN and Shredder-FEN. */
static void test_fen_chess960_castling(void **state) {
  Position p;
  const Variant *v = *state;
  /* Chess960 position 0: the king on g1 between rooks on f1 and h1. */
  fx_set_fen(&p, v, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  assert_string_equal(fx_fen(&p), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  assert_int_equal(p.castle, 0xF);
  assert_int_equal(p.castle_rook[0], fx_sq(v, "h1"));
  assert_int_equal(p.castle_rook[1], fx_sq(v, "f1"));
  assert_int_equal(p.castle_rook[2], fx_sq(v, "h8"));
  assert_int_equal(p.castle_rook[3], fx_sq(v, "f8"));
  /* The same rights as Shredder-FEN letters; written back as X-FEN. */
  Position q;
  fx_set_fen(&q, v, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  assert_string_equal(fx_fen(&q), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  assert_memory_equal(q.castle_rook, p.castle_rook, sizeof p.castle_rook);
  assert_true(q.key == p.key);
  assert_int_equal(q.castle, p.castle);
  /* [ETH] line 1 of fischer.epd. */
  fx_set_fen(&q, v, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  assert_string_equal(fx_fen(&q), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  /* An inner rook keeps its letter: king d1, rooks b1, e1 and h1; the
  ** king-side right is with e1 (h1 is further out), the queen-side one
  ** with the outermost rook b1. */
  fx_set_fen(&q, v, "1r1kr2r/pppppppp/8/8/8/8/PPPPPPPP/1R1KR2R w EBeb - 0 1");
  assert_string_equal(fx_fen(&q), "1r1kr2r/pppppppp/8/8/8/8/PPPPPPPP/1R1KR2R w EQeq - 0 1");
  assert_int_equal(q.castle_rook[0], fx_sq(v, "e1"));
  assert_int_equal(q.castle_rook[1], fx_sq(v, "b1"));
}

/* Malformed FENs: rejected, with a message naming the field; the position
** passed in is left as it was. */
static void test_fen_errors(void **state) {
  static const char *const bad[][2] = {
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN board"},
      {"rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN board"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN board"},
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN board"},
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN board"},
      {"rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'x'"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling"},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling"}, /* no rook */
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3x 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", "move number"},
      {"", "expected at least the board"},
      {"8/8/8/8/8/8/8/4K3 w - - 0 1", "Black"}, /* no king under the check rule */
  };
  const Variant *v = *state;
  Position p, before;
  char err[256];
  fx_set_fen(&p, v, FX_START_FEN);
  memcpy(&before, &p, sizeof p);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err[0] = '\0';
    if (pos_set_fen(&p, v, bad[i][0], err, sizeof err) == 0)
      fail_msg("accepted \"%s\"", bad[i][0]);
    assert_contains(err, bad[i][1]);
    assert_memory_equal(&p, &before, sizeof p);
  }
}

/* The short forms Fairy-Stockfish reads and writes, each the same
** position as its full form. */
static void test_fen_short_forms(void **state) {
  static const char *const pairs[][2] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - 3 7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 3 7"},
      {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3e4 0 1",
       "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
  };
  const Variant *v = *state;
  Position a, b;
  char err[256];
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    if (pos_set_fen(&a, v, pairs[i][0], err, sizeof err) != 0) fail_msg("refused \"%s\": %s", pairs[i][0], err);
    if (pos_set_fen(&b, v, pairs[i][1], err, sizeof err) != 0) fail_msg("refused \"%s\": %s", pairs[i][1], err);
    assert_int_equal(a.key, b.key);
    assert_int_equal(a.ep, b.ep);
    assert_int_equal(a.halfmove, b.halfmove);
    assert_int_equal(a.fullmove, b.fullmove);
  }
}

/* Everything that make/unmake must restore. */
typedef struct Snapshot {
  uint8_t board[MAX_SQUARES];
  uint8_t count[2][MAX_TYPES];
  int npieces[2], royal[2], side, castle, castle_rook[4], ep, ep_victim;
  int halfmove, fullmove;
  uint64_t key;
  char fen[256];
} Snapshot;

static void snap(const Position *p, Snapshot *s) {
  memset(s, 0, sizeof *s);
  memcpy(s->board, p->board, sizeof s->board);
  memcpy(s->count, p->count, sizeof s->count);
  memcpy(s->npieces, p->npieces, sizeof s->npieces);
  memcpy(s->royal, p->royal, sizeof s->royal);
  memcpy(s->castle_rook, p->castle_rook, sizeof s->castle_rook);
  s->side = p->side;
  s->castle = p->castle;
  s->ep = p->ep;
  s->ep_victim = p->ep_victim;
  s->halfmove = p->halfmove;
  s->fullmove = p->fullmove;
  s->key = p->key;
  pos_fen(p, s->fen, sizeof s->fen);
}

static void expect_same(const Snapshot *a, const Snapshot *b, const char *what) {
  if (memcmp(a, b, sizeof *a) != 0)
    fail_msg("unmake of %s: \"%s\" became \"%s\"", what, a->fen, b->fen);
}

/* A few hundred random moves from positions with castling, en passant and
** promotions: after every make pos_check() passes and the incremental key
** is the fresh one; every legal move's unmake restores everything. */
static void test_make_unmake_random(void **state) {
  static const char *const starts[] = {
      FX_START_FEN,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
  };
  const Variant *v = *state;
  uint64_t seed = 0x5EED2024u;
  Move list[MAX_MOVES];
  char uci[32];
  int played = 0;
  for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
    Position p;
    fx_set_fen(&p, v, starts[s]);
    for (int ply = 0; ply < 80; ply++) {
      Snapshot before, after;
      int n = gen_legal(&p, list);
      if (n == 0) break;
      snap(&p, &before);
      for (int i = 0; i < n; i++) {
        Undo u;
        move_to_uci(&p, list[i], uci, sizeof uci);
        pos_make(&p, list[i], &u);
        const char *why = pos_check(&p);
        if (why) fail_msg("after %s in %s: %s", uci, before.fen, why);
        assert_true(p.key == pos_compute_key(&p));
        pos_unmake(&p, list[i], &u);
        assert_null(pos_check(&p));
        snap(&p, &after);
        expect_same(&before, &after, uci);
      }
      Undo u;
      pos_make(&p, list[fx_rand(&seed) % (uint64_t)n], &u);
      assert_null(pos_check(&p));
      played++;
    }
  }
  assert_true(played > 300);
}

/* The key depends on the position, not on the way to it; the move
** counters are not part of it, the side to move is. */
static void test_key_transpositions(void **state) {
  const Variant *v = *state;
  Position a, b;
  fx_set_fen(&a, v, FX_START_FEN);
  fx_set_fen(&b, v, FX_START_FEN);
  fx_play_line(&a, "g1f3 b8c6 b1c3 g8f6");
  fx_play_line(&b, "b1c3 g8f6 g1f3 b8c6");
  char fen_a[1024];
  snprintf(fen_a, sizeof fen_a, "%s", fx_fen(&a));
  assert_string_equal(fen_a, fx_fen(&b));
  assert_true(a.key == b.key);
  assert_true(a.key == pos_compute_key(&a));
  /* Knights out and back: the start position again, 4 plies later. */
  fx_set_fen(&a, v, FX_START_FEN);
  uint64_t start = a.key;
  fx_play_line(&a, "g1f3 g8f6 f3g1 f6g8");
  assert_true(a.key == start);
  assert_string_equal(fx_fen(&a), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
  /* Side to move, castling rights and en passant square all count. */
  fx_set_fen(&b, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  assert_true(b.key != start);
  fx_set_fen(&b, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1");
  assert_true(b.key != start);
  fx_set_fen(&a, v, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  fx_set_fen(&b, v, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  assert_true(a.key != b.key);
}

/* pos_check() notices a broken position. */
static void test_pos_check_catches_damage(void **state) {
  const Variant *v = *state;
  Position p;
  int e2 = fx_sq(v, "e2"), e4 = fx_sq(v, "e4");
  fx_set_fen(&p, v, FX_START_FEN);
  assert_null(pos_check(&p));
  p.board[e4] = p.board[e2]; /* a piece the lists do not know */
  assert_non_null(pos_check(&p));
  fx_set_fen(&p, v, FX_START_FEN);
  p.key ^= 1;
  assert_non_null(pos_check(&p));
  fx_set_fen(&p, v, FX_START_FEN);
  p.board[0] = CELL_EMPTY; /* a sentinel */
  assert_non_null(pos_check(&p));
  fx_set_fen(&p, v, FX_START_FEN);
  p.royal[WHITE] = e2;
  assert_non_null(pos_check(&p));
}

/* In DEBUG=1 builds the hot path's entry points check their preconditions:
** a move of the other side's piece, or from an empty square, stops
** pos_make with an assertion (SIGABRT, in a child process here), and so
** does a position with no side to move at gen_legal and perft; a right
** move passes. The normal build has no such checks: the test is skipped. */
#ifdef VARIA_DEBUG
static int aborts(void (*f)(Position *, Move), Position *p, Move m) {
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    freopen("/dev/null", "w", stderr); /* assert's report, expected here */
    f(p, m);
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

static void make_it(Position *p, Move m) {
  Undo u;
  pos_make(p, m, &u);
}

static void gen_it(Position *p, Move m) {
  Move list[MAX_MOVES];
  (void)m;
  gen_legal(p, list);
}

static void perft_it(Position *p, Move m) {
  (void)m;
  perft(p, 2, NULL);
}
#endif

static void test_debug_preconditions(void **state) {
#ifdef VARIA_DEBUG
  const Variant *v = *state;
  Position p;
  fx_set_fen(&p, v, FX_START_FEN);
  int e2 = fx_sq(v, "e2"), e4 = fx_sq(v, "e4"), e7 = fx_sq(v, "e7"), e5 = fx_sq(v, "e5");
  int e3 = fx_sq(v, "e3");
  Move white = MAKE_MOVE(e2, e4, MF_DOUBLE, 0), black = MAKE_MOVE(e7, e5, MF_DOUBLE, 0);
  Move empty = MAKE_MOVE(e3, e4, MF_NORMAL, 0);
  assert_true(pos_move_makeable(&p, white));
  assert_false(pos_move_makeable(&p, black));
  assert_false(pos_move_makeable(&p, empty));
  assert_false(pos_move_makeable(&p, MOVE_NONE));
  assert_false(aborts(make_it, &p, white));
  assert_true(aborts(make_it, &p, black));
  assert_true(aborts(make_it, &p, empty));
  assert_false(aborts(gen_it, &p, MOVE_NONE));
  assert_false(aborts(perft_it, &p, MOVE_NONE));
  p.side = NEUTRAL; /* no side of the two */
  assert_false(pos_playable(&p));
  assert_true(aborts(gen_it, &p, MOVE_NONE));
  assert_true(aborts(perft_it, &p, MOVE_NONE));
#else
  (void)state;
  skip();
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fen_round_trip_cpw),
      cmocka_unit_test(test_fen_after_moves),
      cmocka_unit_test(test_fen_ep_conventions_agree),
      cmocka_unit_test(test_castling_rights_lost),
      cmocka_unit_test(test_fen_chess960_castling),
      cmocka_unit_test(test_fen_errors),
      cmocka_unit_test(test_fen_short_forms),
      cmocka_unit_test(test_make_unmake_random),
      cmocka_unit_test(test_key_transpositions),
      cmocka_unit_test(test_pos_check_catches_damage),
      cmocka_unit_test(test_debug_preconditions),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
