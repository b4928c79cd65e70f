/*
** position.c - state, make/unmake, Zobrist hashing, FEN.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

static inline uint64_t zkey(const Variant *v, int cell, int sq) {
  return v->zobrist[cell * v->geo.nsq + sq];
}

/* Piece lists: plist[c] holds squares, pidx[sq] the index in that list. */
static inline void put_piece(Position *p, int sq, uint8_t cell) {
  int c = CELL_COLOUR(cell);
  p->board[sq] = cell;
  p->pidx[sq] = (uint16_t)p->npieces[c];
  p->plist[c][p->npieces[c]++] = (uint16_t)sq;
  p->count[c][CELL_TYPE(cell)]++;
}

static inline void remove_piece(Position *p, int sq) {
  uint8_t cell = p->board[sq];
  int c = CELL_COLOUR(cell);
  int last = p->plist[c][--p->npieces[c]];
  p->plist[c][p->pidx[sq]] = (uint16_t)last;
  p->pidx[last] = p->pidx[sq];
  p->board[sq] = CELL_EMPTY;
  p->count[c][CELL_TYPE(cell)]--;
}

static inline void shift_piece(Position *p, int from, int to) {
  uint8_t cell = p->board[from];
  int c = CELL_COLOUR(cell);
  p->board[to] = cell;
  p->board[from] = CELL_EMPTY;
  p->pidx[to] = p->pidx[from];
  p->plist[c][p->pidx[to]] = (uint16_t)to;
}

static int ep_key_index(const Position *p) {
  return p->ep == SQ_NONE ? -1 : board_file(&p->v->geo, p->ep);
}

uint64_t pos_compute_key(const Position *p) {
  const Variant *v = p->v;
  uint64_t k = 0;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i];
      k ^= zkey(v, p->board[sq], sq);
    }
  if (p->side == BLACK) k ^= v->zobrist_side;
  k ^= v->zobrist_castle[p->castle];
  if (p->ep != SQ_NONE) k ^= v->zobrist_ep[ep_key_index(p)];
  return k;
}

/* Can a piece of colour c capture en passant on ep? As in Stockfish, the
** square is only recorded (in the FEN and the hash) when one can, so that
** positions that allow the same moves compare equal for repetition. */
static int ep_capturable(const Position *p, int ep, int c) {
  const Variant *v = p->v;
  for (int t = 0; t < v->ntypes; t++) {
    if (!(v->ep_mask >> t & 1) || !p->count[c][t]) continue;
    for (int i = 0; i < v->nsteps[c][t]; i++) {
      const Step *s = &v->step[c][t][i];
      if ((s->modes & MODE_EP) && p->board[ep - s->off] == MAKE_CELL(c, t)) return 1;
    }
  }
  return 0;
}

void pos_make(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int us = p->side, them = us ^ 1;
  uint8_t cell = p->board[from];
  uint64_t k = p->key;

  u->castle = (uint8_t)p->castle;
  u->ep = (int16_t)p->ep;
  u->ep_victim = (int16_t)p->ep_victim;
  u->halfmove = p->halfmove;
  u->key = p->key;
  u->royal[0] = (int16_t)p->royal[0];
  u->royal[1] = (int16_t)p->royal[1];
  u->captured = CELL_EMPTY;
  u->moved = cell;

  if (p->ep != SQ_NONE) k ^= v->zobrist_ep[ep_key_index(p)];
  p->ep = p->ep_victim = SQ_NONE;
  p->halfmove++;

  if (flag == MF_CASTLE) {
    int side = MOVE_PROMO(m), rank = board_rank(&v->geo, from);
    int kto = board_square(&v->geo, v->castle_king_file[side], rank);
    int rto = kto + (side == 0 ? -1 : 1);
    uint8_t rook = p->board[to];
    k ^= zkey(v, cell, from) ^ zkey(v, rook, to);
    remove_piece(p, from);
    remove_piece(p, to);
    put_piece(p, kto, cell);
    put_piece(p, rto, rook);
    k ^= zkey(v, cell, kto) ^ zkey(v, rook, rto);
    if (v->royal_mask >> CELL_TYPE(cell) & 1) p->royal[us] = kto;
  } else {
    int capsq = flag == MF_EP ? u->ep_victim : to;
    uint8_t captured = p->board[capsq];
    if (captured != CELL_EMPTY) {
      u->captured = captured;
      k ^= zkey(v, captured, capsq);
      remove_piece(p, capsq);
      p->halfmove = 0;
      if (p->royal[them] == capsq) p->royal[them] = SQ_NONE;
    }
    k ^= zkey(v, cell, from);
    shift_piece(p, from, to);
    if (flag == MF_PROMO) {
      uint8_t promoted = MAKE_CELL(us, MOVE_PROMO(m) - 1);
      p->count[us][CELL_TYPE(cell)]--;
      p->count[us][CELL_TYPE(promoted)]++;
      p->board[to] = promoted;
      k ^= zkey(v, promoted, to);
    } else {
      k ^= zkey(v, cell, to);
    }
    if (v->promote_mask >> CELL_TYPE(cell) & 1) p->halfmove = 0;
    if (p->royal[us] == from) p->royal[us] = to;
    if (flag == MF_DOUBLE) {
      /* The square passed over: the midpoint of the step. */
      int fr = board_rank(&v->geo, from), tr = board_rank(&v->geo, to);
      int ff = board_file(&v->geo, from), tf = board_file(&v->geo, to);
      int ep = board_square(&v->geo, (ff + tf) / 2, (fr + tr) / 2);
      if (ep_capturable(p, ep, them)) {
        p->ep = ep;
        p->ep_victim = to;
        k ^= v->zobrist_ep[ep_key_index(p)];
      }
    }
  }
  if (p->castle) {
    int nc = p->castle & p->castle_clear[from] & p->castle_clear[to];
    if (nc != p->castle) {
      k ^= v->zobrist_castle[p->castle] ^ v->zobrist_castle[nc];
      p->castle = nc;
    }
  }
  if (us == BLACK) p->fullmove++;
  p->side = them;
  p->key = k ^ v->zobrist_side;
  board_ok(p);
}

void pos_unmake(Position *p, Move m, const Undo *u) {
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int them = p->side, us = them ^ 1;
  p->side = us;
  if (us == BLACK) p->fullmove--;
  if (flag == MF_CASTLE) {
    int side = MOVE_PROMO(m), rank = board_rank(&v->geo, from);
    int kto = board_square(&v->geo, v->castle_king_file[side], rank);
    int rto = kto + (side == 0 ? -1 : 1);
    uint8_t king = p->board[kto], rook = p->board[rto];
    remove_piece(p, kto);
    remove_piece(p, rto);
    put_piece(p, from, king);
    put_piece(p, to, rook);
  } else {
    shift_piece(p, to, from);
    if (flag == MF_PROMO) {
      p->count[us][CELL_TYPE(p->board[from])]--;
      p->count[us][CELL_TYPE(u->moved)]++;
      p->board[from] = u->moved;
    }
    if (u->captured != CELL_EMPTY)
      put_piece(p, flag == MF_EP ? u->ep_victim : to, u->captured);
  }
  p->castle = u->castle;
  p->ep = u->ep;
  p->ep_victim = u->ep_victim;
  p->halfmove = u->halfmove;
  p->key = u->key;
  p->royal[0] = u->royal[0];
  p->royal[1] = u->royal[1];
  board_ok(p);
}

/* ---- FEN ---------------------------------------------------------------- */

/* The outermost castling rook of colour c on the king's rank, on the given
** side of the king (0: higher files, 1: lower files), or SQ_NONE. */
static int outer_rook(const Position *p, int c, int side) {
  const Geometry *g = &p->v->geo;
  int ksq = p->royal[c], rank = board_rank(g, ksq), kf = board_file(g, ksq);
  uint8_t rook = MAKE_CELL(c, p->v->castle_rook_type);
  if (side == 0) {
    for (int f = g->files - 1; f > kf; f--)
      if (p->board[board_square(g, f, rank)] == rook) return board_square(g, f, rank);
  } else {
    for (int f = 0; f < kf; f++)
      if (p->board[board_square(g, f, rank)] == rook) return board_square(g, f, rank);
  }
  return SQ_NONE;
}

static void find_royals(Position *p) {
  p->royal[0] = p->royal[1] = SQ_NONE;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i];
      if (p->v->royal_mask >> CELL_TYPE(p->board[sq]) & 1) {
        p->royal[c] = sq;
        break;
      }
    }
}

int pos_set_fen(Position *out, const Variant *v, const char *fen, char *err,
                size_t errlen) {
  const Geometry *g = &v->geo;
  Position *p = malloc(sizeof *p);
  char field[6][512];
  int nf = 0;
  if (!p) {
    snprintf(err, errlen, "FEN: out of memory");
    return -1;
  }
  memset(p, 0, sizeof *p);
  p->v = v;
  for (const char *s = fen; *s && nf < 6;) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) break;
    size_t n = 0;
    while (*s && *s != ' ' && *s != '\t') {
      if (n + 1 < sizeof field[0]) field[nf][n++] = *s;
      s++;
    }
    field[nf++][n] = '\0';
  }
  if (nf < 2) {
    free(p);
    snprintf(err, errlen,
             "FEN \"%s\": expected at least the board and the side to move", fen);
    return -1;
  }
  for (int sq = 0; sq < g->nsq; sq++) {
    p->board[sq] = board_inside(g, sq) ? CELL_EMPTY : CELL_OFF;
    p->castle_clear[sq] = 0xF;
  }

  /* Field 1: the board, from the last rank down. */
  int rank = g->ranks - 1, file = 0;
  for (const char *s = field[0];; s++) {
    char c = *s;
    if (c == '/' || c == '\0') {
      if (file != g->files) {
        free(p);
        snprintf(err, errlen,
                 "FEN board: rank %d has %d squares, the board has %d files",
                 rank + 1, file, g->files);
        return -1;
      }
      if (c == '\0') break;
      if (--rank < 0) {
        free(p);
        snprintf(err, errlen, "FEN board: more than %d ranks", g->ranks);
        return -1;
      }
      file = 0;
    } else if (isdigit((unsigned char)c)) {
      int n = 0;
      while (isdigit((unsigned char)s[0])) n = n * 10 + (*s++ - '0');
      s--;
      if (n == 0 || file + n > g->files) {
        free(p);
        snprintf(err, errlen, "FEN board: rank %d is longer than %d files",
                 rank + 1, g->files);
        return -1;
      }
      file += n;
    } else {
      int t = variant_type_by_letter(v, (char)tolower((unsigned char)c));
      if (t < 0) {
        free(p);
        snprintf(err, errlen, "FEN board: '%c' in rank %d is not a piece of %s",
                 c, rank + 1, v->name);
        return -1;
      }
      if (file >= g->files) {
        free(p);
        snprintf(err, errlen, "FEN board: rank %d is longer than %d files",
                 rank + 1, g->files);
        return -1;
      }
      if (p->npieces[0] + p->npieces[1] >= MAX_PIECES) break;
      put_piece(p, board_square(g, file, rank),
                MAKE_CELL(isupper((unsigned char)c) ? WHITE : BLACK, t));
      file++;
    }
  }
  if (rank != 0) {
    free(p);
    snprintf(err, errlen, "FEN board: %d ranks, the board has %d",
             g->ranks - rank, g->ranks);
    return -1;
  }
  find_royals(p);
  /* Under the check rule a side without its royal piece has no meaning;
  ** where kings are captured it is a finished game, which may be loaded. */
  if (v->royal_mask && !v->royal_capture)
    for (int c = 0; c < 2; c++)
      if (p->royal[c] == SQ_NONE) {
        free(p);
        snprintf(err, errlen, "FEN board: %s has no %s", c == WHITE ? "White" : "Black",
                 v->type[__builtin_ctz(v->royal_mask)].name);
        return -1;
      }

  /* Field 2: side to move. */
  if (strcmp(field[1], "w") == 0) p->side = WHITE;
  else if (strcmp(field[1], "b") == 0) p->side = BLACK;
  else {
    free(p);
    snprintf(err, errlen, "FEN side to move: \"%s\" (expected w or b)", field[1]);
    return -1;
  }

  /* Field 3: castling rights, KQkq or file letters (X-FEN / Shredder-FEN). */
  for (int i = 0; i < 4; i++) p->castle_rook[i] = SQ_NONE;
  if (nf >= 3 && strcmp(field[2], "-") != 0) {
    for (const char *s = field[2]; *s; s++) {
      int c = isupper((unsigned char)*s) ? WHITE : BLACK;
      char lc = (char)tolower((unsigned char)*s);
      int side, rook = SQ_NONE, ksq = p->royal[c];
      const char *why = NULL;
      if (!v->castling) why = "the variant has no castling";
      else if (ksq == SQ_NONE) why = "that side has no king";
      else if (board_rank(g, ksq) != (c == WHITE ? 0 : g->ranks - 1))
        why = "the king is not on its first rank";
      else if (lc == 'k' || lc == 'q') {
        side = lc == 'k' ? 0 : 1;
        rook = outer_rook(p, c, side);
        if (rook == SQ_NONE) why = "no rook on that side of the king";
      } else if (lc >= 'a' && lc < 'a' + g->files) {
        rook = board_square(g, lc - 'a', board_rank(g, ksq));
        if (p->board[rook] != MAKE_CELL(c, v->castle_rook_type)) why = "no rook on that file";
        side = board_file(g, rook) > board_file(g, ksq) ? 0 : 1;
      } else why = "not a castling letter";
      if (why) {
        free(p);
        snprintf(err, errlen, "FEN castling: '%c': %s", *s, why);
        return -1;
      }
      side = board_file(g, rook) > board_file(g, ksq) ? 0 : 1;
      p->castle |= 1 << (c * 2 + side);
      p->castle_rook[c * 2 + side] = rook;
      p->castle_clear[rook] &= (uint8_t) ~(1 << (c * 2 + side));
      p->castle_clear[ksq] &= (uint8_t) ~(3 << (c * 2));
    }
  }

  /* Field 4: en passant. A square with no piece to capture behind it is
  ** dropped, as Stockfish does. */
  p->ep = p->ep_victim = SQ_NONE;
  if (nf >= 4 && strcmp(field[3], "-") != 0) {
    int len = 0, sq = board_parse_square(g, field[3], &len);
    if (sq == SQ_NONE || field[3][len] != '\0') {
      free(p);
      snprintf(err, errlen, "FEN en passant: \"%s\" is not a square", field[3]);
      return -1;
    }
    int victim = sq + (p->side == WHITE ? -g->stride : g->stride);
    uint8_t vc = p->board[victim];
    if (vc != CELL_OFF && vc != CELL_EMPTY && CELL_COLOUR(vc) != p->side &&
        p->board[sq] == CELL_EMPTY) {
      p->ep = sq;
      p->ep_victim = victim;
    }
  }

  /* Fields 5 and 6: counters. */
  p->halfmove = 0;
  p->fullmove = 1;
  for (int i = 4; i < nf; i++) {
    char *end;
    long n = strtol(field[i], &end, 10);
    if (*end || n < 0 || n > 100000) {
      free(p);
      snprintf(err, errlen, "FEN %s: \"%s\" is not a number",
               i == 4 ? "halfmove clock" : "move number", field[i]);
      return -1;
    }
    if (i == 4) p->halfmove = (int)n;
    else p->fullmove = n < 1 ? 1 : (int)n;
  }
  p->key = pos_compute_key(p);
  *out = *p;
  free(p);
  return 0;
}

int pos_fen(const Position *p, char *buf, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char tmp[1024];
  size_t n = 0;
  for (int r = g->ranks - 1; r >= 0; r--) {
    int empty = 0;
    for (int f = 0; f < g->files; f++) {
      uint8_t c = p->board[board_square(g, f, r)];
      if (c == CELL_EMPTY) {
        empty++;
        continue;
      }
      if (empty) n += (size_t)sprintf(tmp + n, "%d", empty);
      empty = 0;
      char l = v->type[CELL_TYPE(c)].letter;
      tmp[n++] = CELL_COLOUR(c) == WHITE ? (char)toupper((unsigned char)l) : l;
    }
    if (empty) n += (size_t)sprintf(tmp + n, "%d", empty);
    if (r) tmp[n++] = '/';
  }
  tmp[n++] = ' ';
  tmp[n++] = p->side == WHITE ? 'w' : 'b';
  tmp[n++] = ' ';
  if (!p->castle) tmp[n++] = '-';
  for (int i = 0; i < 4; i++) {
    if (!(p->castle >> i & 1)) continue;
    int c = i / 2, side = i % 2, rook = p->castle_rook[i];
    char l = side == 0 ? 'k' : 'q';
    if (outer_rook(p, c, side) != rook) l = (char)('a' + board_file(g, rook));
    tmp[n++] = c == WHITE ? (char)toupper((unsigned char)l) : l;
  }
  tmp[n++] = ' ';
  if (p->ep == SQ_NONE) tmp[n++] = '-';
  else n += (size_t)board_square_name(g, p->ep, tmp + n);
  n += (size_t)sprintf(tmp + n, " %d %d", p->halfmove, p->fullmove);
  tmp[n] = '\0';
  snprintf(buf, len, "%s", tmp);
  return (int)n;
}

const char *pos_check(const Position *p) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int seen[2] = {0, 0};
  uint8_t count[2][MAX_TYPES];
  memset(count, 0, sizeof count);
  for (int sq = 0; sq < g->nsq; sq++) {
    uint8_t c = p->board[sq];
    if (!board_inside(g, sq)) {
      if (c != CELL_OFF) return "a sentinel square was overwritten";
      continue;
    }
    if (c == CELL_OFF) return "a board square holds a sentinel";
    if (c == CELL_EMPTY) continue;
    int col = CELL_COLOUR(c);
    if (col > 1 || CELL_TYPE(c) >= v->ntypes) return "a square holds an unknown piece";
    if (p->pidx[sq] >= p->npieces[col] || p->plist[col][p->pidx[sq]] != sq)
      return "piece list and board disagree";
    seen[col]++;
    count[col][CELL_TYPE(c)]++;
  }
  if (seen[0] != p->npieces[0] || seen[1] != p->npieces[1])
    return "piece count and board disagree";
  if (memcmp(count, p->count, sizeof count) != 0) return "per-type counts are wrong";
  for (int c = 0; c < 2; c++)
    if (p->royal[c] != SQ_NONE &&
        !(p->board[p->royal[c]] != CELL_EMPTY && p->board[p->royal[c]] != CELL_OFF &&
          (v->royal_mask >> CELL_TYPE(p->board[p->royal[c]]) & 1) &&
          CELL_COLOUR(p->board[p->royal[c]]) == c))
      return "royal square does not hold that side's royal piece";
  if (p->key != pos_compute_key(p)) return "incremental hash differs from a fresh one";
  return NULL;
}
