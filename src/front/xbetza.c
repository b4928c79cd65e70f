/*
** xbetza.c - a piece's moves in XBoard's Betza (see xbetza.h).
**
** The rules of one atom that share range, modes, path and i are written
** as one atom with the directions they go in. XBoard (moves.c) reads the
** direction letters of each kind of atom its own way, and these are the
** forms it reads without doubt:
**   W D H (orthogonal): one letter a direction, f b l r (v, s for two);
**   F A G (diagonal): a pair a direction, fr fl br bl, or one letter for
**     the two on a side (f: fr and fl);
**   N C Z (oblique): a pair a direction, the side first and then where
**     the long leg points (rf is (1,2), fr is (2,1)).
** No letters: all directions. Modifiers follow in XBoard's order: i
** first, then the directions, m c e, then p g n; a rider ends in 0.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xbetza.h"

typedef struct Out {
  char *s;
  size_t len, at;
  int truncated;
} Out;

static void put(Out *o, const char *text) {
  size_t n = strlen(text);
  if (o->at + n >= o->len) {
    o->truncated = 1;
    return;
  }
  memcpy(o->s + o->at, text, n + 1);
  o->at += n;
}

/* XBoard's letter for the leap (a, b), a <= b. */
static char atom_letter(int a, int b) {
  static const struct { int a, b; char c; } atoms[] = {
      {0, 1, 'W'}, {1, 1, 'F'}, {0, 2, 'D'}, {1, 2, 'N'}, {2, 2, 'A'},
      {0, 3, 'H'}, {1, 3, 'C'}, {2, 3, 'Z'}, {3, 3, 'G'},
  };
  for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
    if (atoms[i].a == a && atoms[i].b == b) return atoms[i].c;
  return 0;
}

static int sign(int x) { return (x > 0) - (x < 0); }

/* The direction letters of the directions dirs (n of them) of one atom. */
static void direction_letters(const int (*dirs)[2], int n, char *out) {
  int a = abs(dirs[0][0]), b = abs(dirs[0][1]);
  int orth = a == 0 || b == 0, diag = a == b;
  *out = '\0';
  if (n == (orth || diag ? 4 : 8)) return; /* all of them */
  if (orth) {
    int f = 0, bk = 0, l = 0, r = 0;
    for (int i = 0; i < n; i++) {
      f |= dirs[i][1] > 0;
      bk |= dirs[i][1] < 0;
      l |= dirs[i][0] < 0;
      r |= dirs[i][0] > 0;
    }
    strcat(out, f && bk ? "v" : f ? "f" : bk ? "b" : "");
    strcat(out, l && r ? "s" : l ? "l" : r ? "r" : "");
    return;
  }
  if (diag && n == 2) {
    int fy = sign(dirs[0][1]) == sign(dirs[1][1]), fx = sign(dirs[0][0]) == sign(dirs[1][0]);
    if (fy) strcat(out, dirs[0][1] > 0 ? "f" : "b");
    else if (fx) strcat(out, dirs[0][0] > 0 ? "r" : "l");
    if (fy || fx) return;
  }
  for (int i = 0; i < n; i++) {
    int dx = dirs[i][0], dy = dirs[i][1];
    char vert = dy > 0 ? 'f' : 'b', side = dx > 0 ? 'r' : 'l';
    char pair[3] = {vert, side, '\0'};
    if (!diag && abs(dy) > abs(dx)) { /* oblique, the long leg vertical */
      pair[0] = side;
      pair[1] = vert;
    }
    strcat(out, pair);
  }
}

unsigned xbetza_describe(const Variant *v, int t, char *out, size_t len) {
  const PieceType *pt = &v->type[t];
  const PieceMoves *m = &pt->moves;
  Out o = {out, len, 0, 0};
  unsigned inexact = 0;
  int done[MAX_RULES] = {0};
  int longest = v->geo.files > v->geo.ranks ? v->geo.files : v->geo.ranks;
  out[0] = '\0';
  for (int i = 0; i < m->n; i++) {
    if (done[i]) continue;
    const MoveRule *r = &m->rule[i];
    int a = abs(r->dx), b = abs(r->dy);
    if (a > b) {
      int x = a;
      a = b;
      b = x;
    }
    int dirs[8][2], n = 0, extra = 0;
    for (int j = i; j < m->n; j++) {
      const MoveRule *q = &m->rule[j];
      int qa = abs(q->dx), qb = abs(q->dy);
      if (done[j] || q->range != r->range || q->modes != r->modes || q->path != r->path ||
          q->initial != r->initial || !((qa == a && qb == b) || (qa == b && qb == a)) || n == 8)
        continue;
      done[j] = 1;
      extra |= q->extra;
      dirs[n][0] = q->dx;
      dirs[n][1] = q->dy;
      n++;
    }
    char atom = atom_letter(a, b);
    if (!atom) continue; /* piece.c compiles no other leap */
    if (extra) inexact |= XBETZA_EXTRA;
    if (r->path == PATH_LAME && r->nlame > 1) inexact |= XBETZA_LAME_FAR;
    char text[64], letters[20];
    direction_letters(dirs, n, letters);
    snprintf(text, sizeof text, "%s%s", r->initial ? "i" : "", letters);
    int hopper = r->path == PATH_HOP || r->path == PATH_GRASS;
    if (r->modes != (MODE_MOVE | MODE_CAPTURE)) {
      if (r->modes & MODE_MOVE) strcat(text, "m");
      if (r->modes & MODE_CAPTURE) strcat(text, "c");
      if (r->modes & MODE_EP) strcat(text, "e");
    }
    strcat(text, r->path == PATH_HOP ? "p" : r->path == PATH_GRASS ? "g" : r->path == PATH_LAME ? "n" : "");
    /* a hopper's line is as long as the board unless counted (movegen.c:
    ** the count bounds the whole move, screen included) */
    int range = r->range == RANGE_INF || r->range >= longest ? 0 : r->range;
    if (hopper && range == 1) range = 0; /* (piece.c compiles no hopper of count 1) */
    size_t k = strlen(text);
    if (range == 0 && atom == 'W') snprintf(text + k, sizeof text - k, "R");
    else if (range == 0 && atom == 'F') snprintf(text + k, sizeof text - k, "B");
    else if (range == 1) snprintf(text + k, sizeof text - k, "%c", atom);
    else snprintf(text + k, sizeof text - k, "%c%d", atom, range);
    put(&o, text);
  }
  if (pt->has_region) inexact |= XBETZA_REGION;
  if (pt->no_capture || pt->no_screen) inexact |= XBETZA_NO_CAPTURE;
  int has_initial = 0;
  for (int i = 0; i < m->n; i++) has_initial |= m->rule[i].initial;
  /* XBoard allows an i-move to a piece on its start square; varia from
  ** the ranks the type starts on (a pawn never leaves its start square
  ** but forward), or from the ranks the script names. */
  if (has_initial && !pt->initial_unmoved && (pt->initial_ranks || !pt->pawn))
    inexact |= XBETZA_INITIAL;
  if (o.truncated) inexact |= XBETZA_TRUNCATED;
  /* XBoard gives the type in its P slot a pawn's en passant: with its
  ** legality testing on, a step aside (a file changed) onto an empty
  ** square from its own half is an en-passant capture, which takes the
  ** piece behind the square off the board (ApplyMove in backend.c), but
  ** in its own Berolina Chess. varia's Berolina pawns move so. */
  if (toupper((unsigned char)pt->letter) == 'P')
    for (int i = 0; i < m->n; i++)
      if ((m->rule[i].modes & MODE_MOVE) && m->rule[i].dx != 0) inexact |= XBETZA_ASIDE;
  return inexact;
}

void xbetza_reasons(unsigned bits, char *out, size_t len) {
  static const char *const phrase[] = {
      "a lame leap past two squares, of which XBoard checks the first",
      "moves from some squares only, which XBoard is told as from every square",
      "a region it may not leave",
      "pieces it may not capture or jump over",
      "first moves from any square of a rank, where XBoard allows them from the piece's start square",
      "more moves than the command has room for",
      "a move aside onto an empty square, which XBoard takes for an en-passant capture of the piece behind it",
  };
  size_t at = 0;
  if (len) out[0] = '\0';
  for (size_t i = 0; i < sizeof phrase / sizeof phrase[0]; i++) {
    if (!(bits & 1u << i)) continue;
    int w = snprintf(out + at, len - at, "%s%s", at ? "; " : "", phrase[i]);
    if (w < 0 || (size_t)w >= len - at) return;
    at += (size_t)w;
  }
}
