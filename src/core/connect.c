/*
** connect.c - pieces in a row end the game (see connect.h).
*/
#include <string.h>

#include "connect.h"

/* Is (file, rank) a cell of colour c's pieces that count? */
static int counts(const Position *p, int c, int file, int rank) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  if (file < 0 || file >= g->files || rank < 0 || rank >= g->ranks || board_is_hole(g, file, rank))
    return 0;
  uint8_t cell = p->board[board_square(g, file, rank)];
  return cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c &&
         (v->connect_types >> CELL_TYPE(cell) & 1);
}

/* The line directions, one of each pair of opposites. */
static const struct { int dx, dy, dirs; } lines[] = {
  {1, 0, CONNECT_HORIZONTAL}, {0, 1, CONNECT_VERTICAL},
  {1, 1, CONNECT_DIAGONAL}, {1, -1, CONNECT_DIAGONAL},
};

/* A piece that starts a line (none of its own behind it): every piece of
** the line counted, gaps and all (collinear). */
static int collinear_from(const Position *p, int c, int f, int r, int dx, int dy, int n) {
  const Geometry *g = &p->v->geo;
  for (int x = f - dx, y = r - dy; x >= 0 && x < g->files && y >= 0 && y < g->ranks; x -= dx, y -= dy)
    if (counts(p, c, x, y)) return 0;
  int k = 1;
  for (int x = f + dx, y = r + dy; x >= 0 && x < g->files && y >= 0 && y < g->ranks; x += dx, y += dy)
    k += counts(p, c, x, y);
  return k >= n;
}

/* An n-by-n block with the piece at its lower left corner. */
static int block_from(const Position *p, int c, int f, int r, int n) {
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      if (!counts(p, c, f + x, r + y)) return 0;
  return 1;
}

/* Is cell one of colour c's pieces of the types that count? (Empty cells,
** the padding and holes are not.) */
static inline int mine(uint8_t cell, int c, uint32_t types) {
  unsigned k = (unsigned)cell - 1u - 32u * (unsigned)c;
  return k < 32 && (types >> k & 1);
}

static int in_region(const Variant *v, const uint16_t *set, int sq) {
  int r = v->sq_rank[sq];
  return set[r] >> (sq - board_square(&v->geo, 0, r)) & 1;
}

/* A chain of colour c's pieces from its first region to its second, as
** Fairy-Stockfish's connectRegion1 and connectRegion2 find it: from the
** pieces in the first region, step by step to a piece beside one reached
** towards the east or the north (the north-east and south-east too along
** diagonals), as the line directions allow; a piece reached (not a piece
** the chain starts from) in the second region joins them. Nothing to
** follow unless both regions hold such a piece. */
static int joined(const Position *p, int c) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  const uint8_t *b = p->board;
  const uint16_t *from = v->connect_region[c][0], *goal = v->connect_region[c][1];
  uint32_t types = v->connect_types;
  int off[4], nd = 0, stack[MAX_SQUARES], n = 0, any_goal = 0;
  static const struct { int dx, dy, dirs; } steps[] = {
    {1, 0, CONNECT_HORIZONTAL}, {0, 1, CONNECT_VERTICAL},
    {1, 1, CONNECT_DIAGONAL}, {1, -1, CONNECT_DIAGONAL},
  };
  for (int d = 0; d < 4; d++)
    if (v->connect_dirs & steps[d].dirs) off[nd++] = board_offset(g, steps[d].dx, steps[d].dy);
  uint8_t seen[MAX_SQUARES]; /* 1 a start, 2 reached */
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i];
    if (!mine(b[sq], c, types)) continue;
    if (in_region(v, from, sq)) stack[n++] = sq;
    any_goal |= in_region(v, goal, sq);
  }
  if (!n || !any_goal) return 0;
  memset(seen, 0, sizeof seen);
  for (int i = 0; i < n; i++) seen[stack[i]] = 1;
  while (n) {
    int sq = stack[--n];
    for (int d = 0; d < nd; d++) {
      int to = sq + off[d];
      if (seen[to] == 2 || !mine(b[to], c, types)) continue;
      if (in_region(v, goal, to)) return 1;
      if (!seen[to]) stack[n++] = to;
      seen[to] = 2;
    }
  }
  return 0;
}

/* n in a row on the packed board (Variant.packed): the pieces that count
** as its bits, and each line direction an AND of n copies shifted along
** it (1 along a rank, files + 1 up a file, files + 2 and files up the
** diagonals); the gap bit, always clear, ends each rank's rows and
** diagonals. */
static int row_made_packed(const Position *p, int c) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  uint32_t types = v->connect_types;
  uint64_t x = 0;
  for (int i = 0, k = p->npieces[c]; i < k; i++) {
    int sq = p->plist[c][i];
    if (mine(b[sq], c, types)) x |= 1ull << v->packed_bit[sq];
  }
  int n = v->connect_line, w = v->geo.files + 1, dirs = v->connect_dirs;
  int shift[4], nd = 0;
  if (dirs & CONNECT_HORIZONTAL) shift[nd++] = 1;
  if (dirs & CONNECT_VERTICAL) shift[nd++] = w;
  if (dirs & CONNECT_DIAGONAL) shift[nd++] = w + 1, shift[nd++] = w - 1;
  for (int d = 0; d < nd; d++) {
    uint64_t y = x;
    for (int k = 1; k < n && y; k++) y &= x >> (k * shift[d]);
    if (y) return 1;
  }
  return 0;
}

/* n in a row without gaps: the pieces that count as bits of their files
** per rank, and each line direction an AND of n shifted ranks. */
static int row_made(const Position *p, int c) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  const uint8_t *b = p->board;
  uint32_t types = v->connect_types, m[MAX_RANKS] = {0};
  int n = v->connect_line, ranks = g->ranks, dirs = v->connect_dirs;
  if (v->packed) return row_made_packed(p, c);
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i];
    if (!mine(b[sq], c, types)) continue;
    int r = v->sq_rank[sq];
    m[r] |= 1u << (sq - board_square(g, 0, r));
  }
  for (int r = 0; r < ranks; r++) {
    uint32_t x = m[r];
    if (!x) continue;
    if (dirs & CONNECT_HORIZONTAL) {
      uint32_t y = x;
      for (int k = 1; k < n && y; k++) y &= x >> k;
      if (y) return 1;
    }
    if (r + n > ranks) continue;
    if (dirs & CONNECT_VERTICAL) {
      uint32_t y = x;
      for (int k = 1; k < n && y; k++) y &= m[r + k];
      if (y) return 1;
    }
    if (dirs & CONNECT_DIAGONAL) {
      uint32_t y = x, z = x; /* rising to the higher files, to the lower */
      for (int k = 1; k < n && (y | z); k++) {
        y &= m[r + k] >> k;
        z &= m[r + k] << k;
      }
      if (y | z) return 1;
    }
  }
  return 0;
}

/* The rows, blocks and lines on the dense board (Variant.dense), from
** the pieces' bits: a row an AND of n copies of them shifted along its
** direction from the squares where it fits, a block the same along both,
** a line a count of its bits. */
static int made_dense(const Position *p, int c) {
  const Variant *v = p->v;
  uint64_t x = 0;
  if (v->connect_every_type) x = p->bits[c];
  else
    for (uint32_t m = v->connect_types; m; m &= m - 1) x |= p->type_bits[c][__builtin_ctz(m)];
  if (!x) return 0;
  for (int d = 0; d < v->nconnect_dirs && v->connect_line; d++) {
    uint64_t y = x & v->connect_start[d];
    for (int k = 1; k < v->connect_line && y; k++) y &= x >> (k * v->connect_shift[d]);
    if (y) return 1;
  }
  if (v->connect_square) {
    uint64_t y = x & v->square_start;
    for (int dy = 0; dy < v->connect_square && y; dy++)
      for (int dx = 0; dx < v->connect_square && y; dx++) y &= x >> (dy * v->geo.files + dx);
    if (y) return 1;
  }
  for (int i = 0; i < v->nline_masks && v->connect_collinear; i++)
    if (__builtin_popcountll(x & v->line_masks[i]) >= v->connect_collinear) return 1;
  return 0;
}

int connect_made(const Position *p, int c) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  if (v->connect_join && joined(p, c)) return 1;
  if (v->dense && !g->wrap && (!v->connect_collinear || v->nline_masks >= 0)) return made_dense(p, c);
  if (v->connect_line && row_made(p, c)) return 1;
  if (!v->connect_square && !v->connect_collinear) return 0;
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i], f = board_file(g, sq), r = board_rank(g, sq);
    if (!counts(p, c, f, r)) continue;
    if (v->connect_square && block_from(p, c, f, r, v->connect_square)) return 1;
    for (int d = 0; d < 4; d++) {
      if (!(v->connect_dirs & lines[d].dirs)) continue;
      if (v->connect_collinear &&
          collinear_from(p, c, f, r, lines[d].dx, lines[d].dy, v->connect_collinear))
        return 1;
    }
  }
  return 0;
}
