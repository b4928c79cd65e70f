/*
** fixtures.h - shared helpers of the cmocka unit tests.
**
** Every helper is static inline, so a test file that uses only some of them
** compiles cleanly under -Wall -Wextra -Werror.
**
** The orthodox chess Variant is built here in C, without Lua, from the FIDE
** Laws of Chess (pieces, castling to the g and c files, promotion to
** queen, rook, bishop or knight) with the Betza strings of Fairy-Stockfish's
** piece list (src/variants.ini in github.com/fairy-stockfish/Fairy-Stockfish:
** pawn fmWfceF, knight
** N, bishop B, rook R, queen Q, king K), the pawn's double step written as
** ifmnD.
*/
#ifndef varia_test_fixtures_h
#define varia_test_fixtures_h

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "piece.h"
#include "position.h"
#include "variant.h"

/* The start position of orthodox chess (FIDE Laws, Article 2; the FEN of
** the CPW "Perft Results" page, initial position). */
#define FX_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Fails the test, showing both strings, unless needle occurs in haystack. */
#define assert_contains(haystack, needle)                                   \
  do {                                                                      \
    const char *h_ = (haystack), *n_ = (needle);                            \
    if (!h_ || !strstr(h_, n_))                                             \
      fail_msg("\"%s\" does not contain \"%s\"", h_ ? h_ : "(null)", n_);   \
  } while (0)

/* ---- building variants in C -------------------------------------------- */

/* Adds a piece type; returns its index. */
static inline int fx_add_piece(Variant *v, char letter, const char *betza,
                               int royal, int promotes, int pawn) {
  assert_true(v->ntypes < MAX_TYPES);
  PieceType *pt = &v->type[v->ntypes];
  memset(pt, 0, sizeof *pt);
  pt->letter = letter;
  snprintf(pt->name, sizeof pt->name, "%c", letter);
  snprintf(pt->betza, sizeof pt->betza, "%s", betza);
  pt->royal = (uint8_t)royal;
  pt->promotes = (uint8_t)promotes;
  pt->pawn = (uint8_t)pawn;
  return v->ntypes++;
}

/* Sets the promotion choices from letters of pieces already added. */
static inline void fx_set_promo(Variant *v, const char *letters) {
  v->npromo = 0;
  for (const char *s = letters; *s; s++) {
    int t = variant_type_by_letter(v, *s);
    assert_true(t >= 0);
    v->promo_type[v->npromo++] = (uint8_t)t;
  }
}

/* A zeroed, defaulted Variant on the heap (it is too big for some stacks). */
static inline Variant *fx_variant_new(const char *name, int files, int ranks) {
  Variant *v = calloc(1, sizeof *v);
  assert_non_null(v);
  variant_defaults(v);
  snprintf(v->name, sizeof v->name, "%s", name);
  assert_int_equal(board_geometry(&v->geo, files, ranks), 0);
  return v;
}

/* rules_conclude(), failing the test with its report on error. */
static inline void fx_conclude(Variant *v) {
  char err[2048];
  if (rules_conclude(v, err, sizeof err) != 0) fail_msg("rules_conclude: %s", err);
}

static inline void fx_variant_free(Variant *v) {
  if (!v) return;
  variant_free(v);
  free(v);
}

/* Orthodox chess, filled but not concluded, so that a test can change a
** rule first. */
static inline Variant *fx_chess_unconcluded(void) {
  Variant *v = fx_variant_new("chess", 8, 8);
  fx_add_piece(v, 'p', "fmWfceFifmnD", 0, 1, 1);
  fx_add_piece(v, 'n', "N", 0, 0, 0);
  fx_add_piece(v, 'b', "B", 0, 0, 0);
  fx_add_piece(v, 'r', "R", 0, 0, 0);
  fx_add_piece(v, 'q', "Q", 0, 0, 0);
  fx_add_piece(v, 'k', "K", 1, 0, 0);
  fx_set_promo(v, "qrbn");
  v->promo_zone = 1;
  v->castling = 1;
  v->castle_rook_type = variant_type_by_letter(v, 'r');
  v->castle_king_file[0] = 6; /* g */
  v->castle_king_file[1] = 2; /* c */
  snprintf(v->start_fen, sizeof v->start_fen, "%s", FX_START_FEN);
  return v;
}

/* Orthodox chess, ready to play. Free with fx_variant_free(). */
static inline Variant *fx_chess(void) {
  Variant *v = fx_chess_unconcluded();
  fx_conclude(v);
  return v;
}

/* ---- positions and moves ----------------------------------------------- */

/* pos_set_fen(), failing the test with its message on error. */
static inline void fx_set_fen(Position *p, const Variant *v, const char *fen) {
  char err[512];
  if (rules_set_fen(p, v, fen, err, sizeof err) != 0)
    fail_msg("pos_set_fen(\"%s\"): %s", fen, err);
}

/* The FEN of p in a static buffer (valid until the next call). */
static inline const char *fx_fen(const Position *p) {
  static char buf[1024];
  pos_fen(p, buf, sizeof buf);
  return buf;
}

/* The square named s, which must exist on v's board. */
static inline int fx_sq(const Variant *v, const char *s) {
  int len = 0, sq = board_parse_square(&v->geo, s, &len);
  if (sq == SQ_NONE || s[len] != '\0') fail_msg("\"%s\" is not a square", s);
  return sq;
}

/* The legal move written text (UCI or SAN), failing the test if none. */
static inline Move fx_move(Position *p, const char *text) {
  char err[256];
  Move m = parse_move(p, text, err, sizeof err);
  if (m == MOVE_NONE) fail_msg("parse_move(\"%s\") in %s: %s", text, fx_fen(p), err);
  return m;
}

/* Plays text (which must be legal) with pos_make. */
static inline Move fx_play(Position *p, const char *text, Undo *u) {
  Move m = fx_move(p, text);
  pos_make(p, m, u);
  return m;
}

/* Plays a space-separated list of moves, forgetting the undo records. */
static inline void fx_play_line(Position *p, const char *line) {
  char buf[512], *save = NULL;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    Undo u;
    fx_play(p, t, &u);
  }
}

/* Is the move written uci among the legal moves? */
static inline int fx_has_legal(Position *p, const char *uci) {
  Move list[MAX_MOVES];
  char buf[32];
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++) {
    move_to_uci(p, list[i], buf, sizeof buf);
    if (strcmp(buf, uci) == 0) return 1;
  }
  return 0;
}

static inline uint64_t fx_perft(const Variant *v, const char *fen, int depth) {
  Position p;
  fx_set_fen(&p, v, fen);
  return perft(&p, depth, NULL);
}

/* ---- a fixed-seed generator (xorshift64*, Vigna 2016) ------------------- */

static inline uint64_t fx_rand(uint64_t *s) {
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 0x2545F4914F6CDD1Dull;
}

#endif
