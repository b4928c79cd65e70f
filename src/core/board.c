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
  for (int f = 0; f < MAX_FILES; f++) g->file_letter[f] = (char)('a' + f);
  memset(g->rank_shift, 0, sizeof g->rank_shift);
  g->hex = 0;
  return 0;
}

int board_square_name(const Geometry *g, int sq, char *buf) {
  int f = board_file(g, sq), r = board_named_rank(g, sq) + 1, n = 0;
  /* (a square of the sentinel frame, which a card step names, has no
  ** letter of the board's: the one after or before them, as ever) */
  buf[n++] = f >= 0 && f < MAX_FILES ? g->file_letter[f] : (char)('a' + f);
  if (r >= 10) buf[n++] = (char)('0' + r / 10);
  buf[n++] = (char)('0' + r % 10);
  buf[n] = '\0';
  return n;
}

int board_parse_square(const Geometry *g, const char *s, int *len) {
  int f = 0, r = 0, n = 1;
  while (f < g->files && g->file_letter[f] != s[0]) f++;
  if (f >= g->files) return SQ_NONE;
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
  int sq = r < 1 ? SQ_NONE : board_named_square(g, f, r - 1);
  if (sq == SQ_NONE) return SQ_NONE;
  if (len) *len = n;
  return sq;
}
