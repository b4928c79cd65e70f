/*
** connect.c - pieces in a row end the game (see connect.h).
*/
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

/* A piece that starts a line (none of its own behind it): n in a row
** from it, or (collinear) every piece of the line counted, gaps and all. */
static int line_from(const Position *p, int c, int f, int r, int dx, int dy, int n, int gaps) {
  const Geometry *g = &p->v->geo;
  if (!gaps) {
    if (counts(p, c, f - dx, r - dy)) return 0;
    int k = 1;
    while (k < n && counts(p, c, f + k * dx, r + k * dy)) k++;
    return k >= n;
  }
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

int connect_made(const Position *p, int c) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i], f = board_file(g, sq), r = board_rank(g, sq);
    if (!counts(p, c, f, r)) continue;
    if (v->connect_square && block_from(p, c, f, r, v->connect_square)) return 1;
    for (int d = 0; d < 4; d++) {
      if (!(v->connect_dirs & lines[d].dirs)) continue;
      if (v->connect_line && line_from(p, c, f, r, lines[d].dx, lines[d].dy, v->connect_line, 0))
        return 1;
      if (v->connect_collinear &&
          line_from(p, c, f, r, lines[d].dx, lines[d].dy, v->connect_collinear, 1))
        return 1;
    }
  }
  return 0;
}
