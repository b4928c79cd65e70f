/*
** wire.c - the protocols' wire formats that both sides of a UCI or CECP
** conversation write and read: varia as the engine (protocol.c) and varia
** as the referee of external engines (match.c).
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "wire.h"

/* XBoard numbers the ranks of a board of ten ranks from 0 (a0..a9), and
** those of every other board from 1: varia always from 1. */
void cecp_ranks(const char *in, int to_cecp, int ranks, char *out, size_t len) {
  int delta = ranks == 10 ? (to_cecp ? -1 : 1) : 0;
  size_t k = 0;
  if (!len) return;
  for (const char *c = in; *c && k + 1 < len;) {
    if (delta && isdigit((unsigned char)*c) && c > in && islower((unsigned char)c[-1])) {
      long n = strtol(c, (char **)&c, 10) + delta;
      int w = snprintf(out + k, len - k, "%ld", n < 0 ? 0 : n);
      if (w < 0 || (size_t)w >= len - k) break;
      k += (size_t)w;
    } else {
      out[k++] = *c++;
    }
  }
  out[k] = '\0';
}
