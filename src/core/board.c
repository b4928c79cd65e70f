/*
** board.c - board geometry and square names.
*/
#include <string.h>

#include "board.h"

int board_geometry(Geometry *g, int files, int ranks) {
  if (files < 1 || files > MAX_FILES || ranks < 1 || ranks > MAX_RANKS)
    return -1;
  g->files = files;
  g->ranks = ranks;
  g->stride = files + 2 * BOARD_PAD;
  g->nsq = g->stride * (ranks + 2 * BOARD_PAD);
  g->wrap = 0;
  g->nholes = 0;
  memset(g->hole, 0, sizeof g->hole);
  return 0;
}

int board_square_name(const Geometry *g, int sq, char *buf) {
  int f = board_file(g, sq), r = board_rank(g, sq) + 1, n = 0;
  buf[n++] = (char)('a' + f);
  if (r >= 10) buf[n++] = (char)('0' + r / 10);
  buf[n++] = (char)('0' + r % 10);
  buf[n] = '\0';
  return n;
}

int board_parse_square(const Geometry *g, const char *s, int *len) {
  int f, r = 0, n = 1;
  if (s[0] < 'a' || s[0] >= 'a' + g->files) return SQ_NONE;
  f = s[0] - 'a';
  if (s[1] < '1' || s[1] > '9') return SQ_NONE;
  r = s[1] - '0';
  n = 2;
  /* A second digit belongs to the rank only on boards that have such ranks,
  ** so that "a1a2" on 8 ranks is never read as rank 1a. */
  if (s[2] >= '0' && s[2] <= '9' && g->ranks >= 10 &&
      r * 10 + (s[2] - '0') <= g->ranks) {
    r = r * 10 + (s[2] - '0');
    n = 3;
  }
  if (r < 1 || r > g->ranks || board_is_hole(g, f, r - 1)) return SQ_NONE;
  if (len) *len = n;
  return board_square(g, f, r - 1);
}
