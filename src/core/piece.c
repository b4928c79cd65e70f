/*
** piece.c - Betza / XBetza compiler.
**
** Supported: atoms W F D N A H C(L) Z(J) G and the shortcuts R B Q K; a
** doubled atom or a count after it makes a rider (WW = W0 = R, N2); the
** modifiers f b l r v s (and pairs such as fl, ff, fs), m c e, i, n, p, g.
** Pairs of direction letters mean the directions both letters allow (flF is
** one diagonal, ffN the two narrow forward knight leaps); a pair that no
** direction satisfies means either letter (fsW is forward and sideways),
** which is how the notation is used in practice. A doubled letter and
** another name the narrow directions the third allows (ffrN: one leap).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "piece.h"

typedef struct Atom {
  char letter;
  int8_t a, b; /* the leap (a, b) and all its symmetric images */
} Atom;

static const Atom atoms[] = {
    {'W', 0, 1}, {'F', 1, 1}, {'D', 0, 2}, {'N', 1, 2}, {'A', 2, 2},
    {'H', 0, 3}, {'C', 1, 3}, {'L', 1, 3}, {'Z', 2, 3}, {'J', 2, 3},
    {'G', 3, 3},
};

static const Atom *find_atom(char c) {
  for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
    if (atoms[i].letter == c) return &atoms[i];
  return NULL;
}

/* On hexagonal cells (axial coordinates, board.h), the letters read the
** direction as it looks on the board: forward is up the file (the screen
** y of (dx, dy) has the sign of 2dy - dx), right is dx > 0, and a
** direction is vertical where it is steeper than 45 degrees, sideways
** otherwise (none is both). A doubled letter is the narrow half: ff the
** forward directions that are vertical, rr the right ones that are
** sideways. */
static int hex_dir_matches(char c, int doubled, int dx, int dy) {
  int y = 2 * dy - dx, vertical = y * y > 3 * dx * dx;
  switch (c) {
    case 'f': return y > 0 && (!doubled || vertical);
    case 'b': return y < 0 && (!doubled || vertical);
    case 'r': return dx > 0 && (!doubled || !vertical);
    case 'l': return dx < 0 && (!doubled || !vertical);
    case 'v': return vertical;
    case 's': return !vertical;
    default: return 0;
  }
}

/* Does direction (dx, dy) satisfy one direction letter (doubled = narrow)? */
static int dir_matches(int hex, char c, int doubled, int dx, int dy) {
  if (hex) return hex_dir_matches(c, doubled, dx, dy);
  int ax = abs(dx), ay = abs(dy);
  int oblique = ax != ay && ax != 0 && ay != 0;
  switch (c) {
    case 'f': return dy > 0 && (!doubled || !oblique || ay > ax);
    case 'b': return dy < 0 && (!doubled || !oblique || ay > ax);
    case 'r': return dx > 0 && (!doubled || !oblique || ax > ay);
    case 'l': return dx < 0 && (!doubled || !oblique || ax > ay);
    case 'v': return oblique ? ay > ax : dx == 0;
    case 's': return oblique ? ax > ay : dy == 0;
    default: return 0;
  }
}

static int is_dir_letter(char c) { return strchr("fbrlvs", c) != NULL; }

#define MAX_IMAGES 12

/* The hexagonal atoms (axial coordinates: x along the ranks, y up the
** file, the files sheared so that (+1, +1) is the cell up and right):
** W the six cells sharing an edge, F the six sharing a vertex, D and A
** their doubles, N the twelve cells one W and one F step away, on no line
** through the start (cube coordinates: the permutations of (1, 2, -3)). */
static int hex_images(char letter, int dirs[MAX_IMAGES][2]) {
  static const int8_t w[6][2] = {{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}};
  static const int8_t f[6][2] = {{1, 2}, {2, 1}, {1, -1}, {-1, -2}, {-2, -1}, {-1, 1}};
  static const int8_t n[12][2] = {{1, 3}, {2, 3}, {3, 2}, {3, 1}, {2, -1}, {1, -2},
                                  {-1, -3}, {-2, -3}, {-3, -2}, {-3, -1}, {-2, 1}, {-1, 2}};
  const int8_t(*set)[2] = letter == 'N' ? n : letter == 'F' || letter == 'A' ? f : w;
  int count = letter == 'N' ? 12 : 6, scale = letter == 'D' || letter == 'A' ? 2 : 1;
  if (!strchr("WFDAN", letter)) return 0;
  for (int i = 0; i < count; i++) {
    dirs[i][0] = set[i][0] * scale;
    dirs[i][1] = set[i][1] * scale;
  }
  return count;
}

/* All distinct images of the leap (a, b). */
static int leap_images(int a, int b, int dirs[MAX_IMAGES][2]) {
  int n = 0;
  int cand[8][2] = {{a, b},  {-a, b},  {a, -b},  {-a, -b},
                    {b, a},  {-b, a},  {b, -a},  {-b, -a}};
  for (int i = 0; i < 8; i++) {
    int dup = 0;
    for (int j = 0; j < n; j++)
      if (dirs[j][0] == cand[i][0] && dirs[j][1] == cand[i][1]) dup = 1;
    if (!dup) {
      dirs[n][0] = cand[i][0];
      dirs[n][1] = cand[i][1];
      n++;
    }
  }
  return n;
}

/* Is direction (dx, dy) selected by the direction letters in mods? */
static int dir_selected(int hex, const char *mods, int dx, int dy, const int dirs[MAX_IMAGES][2],
                        int ndirs) {
  char d[16];
  int k = 0, any = 0;
  for (const char *p = mods; *p && k < 15; p++)
    if (is_dir_letter(*p)) d[k++] = *p;
  if (k == 0) return 1;
  for (int i = 0; i < k;) {
    /* a doubled letter and another: the narrow directions of the first
    ** that the third allows, when there are some (ffrN: the one knight
    ** leap forward and to the right, steeply) */
    if (i + 2 < k && d[i] == d[i + 1] && d[i + 2] != d[i]) {
      char c1 = d[i], c3 = d[i + 2];
      int meet = 0;
      for (int j = 0; j < ndirs; j++)
        if (dir_matches(hex, c1, 1, dirs[j][0], dirs[j][1]) && dir_matches(hex, c3, 0, dirs[j][0], dirs[j][1]))
          meet = 1;
      if (meet) {
        if (dir_matches(hex, c1, 1, dx, dy) && dir_matches(hex, c3, 0, dx, dy)) any = 1;
        i += 3;
        continue;
      }
    }
    if (i + 1 < k) {
      char c1 = d[i], c2 = d[i + 1];
      int doubled = c1 == c2, meet = 0;
      for (int j = 0; j < ndirs; j++)
        if (dir_matches(hex, c1, doubled, dirs[j][0], dirs[j][1]) &&
            dir_matches(hex, c2, doubled, dirs[j][0], dirs[j][1]))
          meet = 1;
      if (doubled || meet) {
        if (dir_matches(hex, c1, doubled, dx, dy) && dir_matches(hex, c2, doubled, dx, dy))
          any = 1;
        i += 2;
        continue;
      }
    }
    if (dir_matches(hex, d[i], 0, dx, dy)) any = 1;
    i++;
  }
  return any;
}

static int fail(char *err, size_t errlen, const char *betza, size_t pos,
                const char *what) {
  snprintf(err, errlen, "Betza \"%s\", at character %zu: %s", betza, pos + 1,
           what);
  return -1;
}

/* Adds the rules of one atom with its modifiers. */
static int add_atom(PieceMoves *out, const Atom *atom, int hex, const char *mods,
                    int range, const char *betza, size_t pos, char *err,
                    size_t errlen) {
  int dirs[MAX_IMAGES][2];
  int ndirs = hex ? hex_images(atom->letter, dirs) : leap_images(atom->a, atom->b, dirs);
  if (hex && ndirs == 0) {
    char msg[96];
    snprintf(msg, sizeof msg, "'%c' has no meaning on hexagonal cells (W F D A N, or R B Q K)", atom->letter);
    return fail(err, errlen, betza, pos, msg);
  }
  uint8_t modes = 0, path = PATH_SLIDE, initial = 0;
  for (const char *p = mods; *p; p++) {
    switch (*p) {
      case 'm': modes |= MODE_MOVE; break;
      case 'c': modes |= MODE_CAPTURE; break;
      case 'e': modes |= MODE_EP; break;
      case 'i': initial = 1; break;
      case 'n': path = PATH_LAME; break;
      case 'p': path = PATH_HOP; break;
      case 'g': path = PATH_GRASS; break;
      default:
        if (!is_dir_letter(*p)) {
          char msg[64];
          snprintf(msg, sizeof msg, "modifier '%c' is not supported", *p);
          return fail(err, errlen, betza, pos, msg);
        }
    }
  }
  if (!(modes & (MODE_MOVE | MODE_CAPTURE | MODE_EP)))
    modes = MODE_MOVE | MODE_CAPTURE;
  int amax = atom->a > atom->b ? atom->a : atom->b;
  int amin = atom->a < atom->b ? atom->a : atom->b;
  if (hex && path == PATH_LAME && atom->letter != 'D' && atom->letter != 'A')
    return fail(err, errlen, betza, pos, "'n' on hexagonal cells needs D or A (a step passing one cell)");
  if (path == PATH_LAME && (range != 1 || amax < 2))
    return fail(err, errlen, betza, pos,
                "'n' needs a leaper with squares to pass (D, N, A, H, C, Z, G)");
  if ((path == PATH_HOP || path == PATH_GRASS) && range == 1)
    return fail(err, errlen, betza, pos,
                "'p' and 'g' need a rider (R, B, Q, or a doubled atom)");
  for (int j = 0; j < ndirs; j++) {
    int dx = dirs[j][0], dy = dirs[j][1];
    if (!dir_selected(hex, mods, dx, dy, dirs, ndirs)) continue;
    /* The same direction from another atom (K and R both step like W):
    ** one rule, or the piece would list the same move twice. */
    int merged = 0;
    for (int k = 0; k < out->n && !merged; k++) {
      MoveRule *o = &out->rule[k];
      if (o->dx != dx || o->dy != dy || o->path != path || o->initial != initial ||
          o->path == PATH_LAME)
        continue;
      if (o->modes == modes) { /* the longer range covers the shorter */
        if (range > o->range) o->range = (uint8_t)range;
        merged = 1;
      } else if (o->range == range) { /* same squares, more ways to arrive */
        o->modes |= modes;
        merged = 1;
      }
    }
    if (merged) continue;
    if (out->n >= MAX_RULES)
      return fail(err, errlen, betza, pos, "too many directions");
    MoveRule *r = &out->rule[out->n++];
    memset(r, 0, sizeof *r);
    r->dx = (int8_t)dx;
    r->dy = (int8_t)dy;
    r->range = (uint8_t)range;
    r->modes = modes;
    r->path = path;
    r->initial = initial;
    if (path == PATH_LAME && hex) { /* D and A pass the cell halfway */
      r->lame[0][0] = (int8_t)(dx / 2);
      r->lame[0][1] = (int8_t)(dy / 2);
      r->nlame = 1;
    } else if (path == PATH_LAME) {
      /* The lame path goes straight along the major axis first, then
      ** diagonally: nN is blocked next to its origin, nZ on two squares. */
      int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
      int major_x = abs(dx) > abs(dy);
      int x = 0, y = 0, steps = amax;
      for (int s = 0; s < steps - 1; s++) {
        if (s < amax - amin) {
          if (major_x) x += sx; else y += sy;
        } else {
          x += sx;
          y += sy;
        }
        r->lame[r->nlame][0] = (int8_t)x;
        r->lame[r->nlame][1] = (int8_t)y;
        r->nlame++;
      }
    }
  }
  return 0;
}

int piece_compile(const char *betza, PieceMoves *out, char *err,
                  size_t errlen) {
  return piece_compile_on(betza, 0, out, err, errlen);
}

int piece_compile_on(const char *betza, int hex, PieceMoves *out, char *err,
                     size_t errlen) {
  size_t i = 0, len = strlen(betza);
  out->n = 0;
  while (i < len) {
    char mods[32];
    size_t nm = 0, start = i;
    while (i < len && betza[i] >= 'a' && betza[i] <= 'z') {
      if (nm + 1 >= sizeof mods)
        return fail(err, errlen, betza, i, "too many modifiers");
      mods[nm++] = betza[i++];
    }
    mods[nm] = '\0';
    if (i >= len)
      return fail(err, errlen, betza, start, "modifiers without a piece letter");
    char c = betza[i++];
    /* Shortcuts: R = WW, B = FF, Q = RB, K = WF. */
    const char *parts;
    int rider = 0;
    switch (c) {
      case 'R': parts = "W"; rider = 1; break;
      case 'B': parts = "F"; rider = 1; break;
      case 'Q': parts = "WF"; rider = 1; break;
      case 'K': parts = "WF"; break;
      default: {
        if (!find_atom(c)) {
          char msg[64];
          snprintf(msg, sizeof msg, "'%c' is not an atom (W F D N A H C Z G "
                   "or R B Q K)", c);
          return fail(err, errlen, betza, i - 1, msg);
        }
        parts = NULL;
      }
    }
    int range = rider ? RANGE_INF : 1;
    if (!parts && i < len && betza[i] == c) { /* doubled atom: a rider */
      range = RANGE_INF;
      i++;
    }
    if (i < len && betza[i] >= '0' && betza[i] <= '9') {
      int n = 0;
      while (i < len && betza[i] >= '0' && betza[i] <= '9') {
        n = n * 10 + (betza[i++] - '0');
        if (n > 254) return fail(err, errlen, betza, i - 1, "range too large (254 at most)");
      }
      range = n == 0 ? RANGE_INF : n;
    }
    if (parts) {
      for (const char *p = parts; *p; p++)
        if (add_atom(out, find_atom(*p), hex, mods, range, betza, start, err, errlen))
          return -1;
    } else if (add_atom(out, find_atom(c), hex, mods, range, betza, start, err,
                        errlen)) {
      return -1;
    }
  }
  return 0;
}
