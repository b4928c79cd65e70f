/*
** script.c - a variant table (what a script returns) read into a Variant:
** every key checked, every problem reported with where it is.
*/
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "hidden.h"
#include "loader.h"
#include "piece.h"
#include "position.h"
#include "rules.h"
#include "sandbox.h"
#include "script.h"

/* ---- variant tables ----------------------------------------------------- */

/* Fields are read raw: reading a variant table runs none of the script's
** code (metamethods would run in the trusted caller, without a budget);
** only ownership and with_options are called, under the sandbox's. */
int script_rawfield(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, key);
  return lua_rawget(L, idx);
}

typedef struct Reader {
  lua_State *L;
  char *err;
  size_t errlen;
  int nerr;
} Reader;

static void problem(Reader *r, const char *fmt, ...) {
  size_t used = strlen(r->err);
  va_list ap;
  if (used + 2 >= r->errlen) return;
  if (r->nerr) r->err[used++] = '\n';
  va_start(ap, fmt);
  vsnprintf(r->err + used, r->errlen - used, fmt, ap);
  va_end(ap);
  r->nerr++;
}

/* Reports every key of the table at idx that is not in known. */
static void unknown_keys(Reader *r, int idx, const char *where,
                         const char *const *known) {
  lua_State *L = r->L;
  idx = lua_absindex(L, idx);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    int ok = 0;
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *k = lua_tostring(L, -2);
      for (int i = 0; known[i]; i++)
        if (strcmp(k, known[i]) == 0) ok = 1;
      if (!ok) problem(r, "%s%s: unknown key", where, k);
    } else {
      problem(r, "%s: a key that is not a name (%s)", where, luaL_typename(L, -2));
    }
    lua_pop(L, 1);
  }
}

/* Field readers: the value is left on no stack; a wrong type is reported. */
/* A whole number at idx, as Lua's arithmetic sees one: 8 and 8.0 alike.
** Returns 1 with *n; 0 for a whole number beyond the integers (*n then
** clamped, so that it is out of any range); -1 for anything else. */
static int whole_number(lua_State *L, int idx, lua_Integer *n) {
  int isnum = 0;
  if (lua_type(L, idx) != LUA_TNUMBER) return -1;
  *n = lua_tointegerx(L, idx, &isnum);
  if (isnum) return 1;
  lua_Number x = lua_tonumber(L, idx);
  if (x != floor(x) || x - x != 0) return -1; /* a fraction, NaN or infinite */
  *n = x < 0 ? LUA_MININTEGER : LUA_MAXINTEGER;
  return 0;
}

static int get_int(Reader *r, int idx, const char *key, const char *where,
                   int def, int lo, int hi) {
  lua_State *L = r->L;
  int v = def, top = lua_gettop(L);
  script_rawfield(L, idx, key);
  if (!lua_isnil(L, -1)) {
    lua_Integer n = 0;
    int kind = whole_number(L, -1, &n);
    if (kind < 0) problem(r, "%s%s: expected a whole number", where, key);
    else if (n < lo || n > hi)
      problem(r, "%s%s: %s is out of range (%d to %d)", where, key,
              kind ? lua_pushfstring(L, "%I", n) : lua_pushfstring(L, "%f", lua_tonumber(L, -1)),
              lo, hi);
    else v = (int)n;
  }
  lua_settop(L, top);
  return v;
}

static int get_bool(Reader *r, int idx, const char *key, const char *where, int def) {
  lua_State *L = r->L;
  int v = def;
  script_rawfield(L, idx, key);
  if (!lua_isnil(L, -1)) {
    if (!lua_isboolean(L, -1)) problem(r, "%s%s: expected true or false", where, key);
    else v = lua_toboolean(L, -1);
  }
  lua_pop(L, 1);
  return v;
}

/* Copies a string field into buf; returns 1 if present. */
static int get_string(Reader *r, int idx, const char *key, const char *where,
                      char *buf, size_t len) {
  lua_State *L = r->L;
  int found = 0;
  script_rawfield(L, idx, key);
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TSTRING) problem(r, "%s%s: expected a string", where, key);
    else {
      size_t n;
      const char *s = lua_tolstring(L, -1, &n);
      if (n >= len) problem(r, "%s%s: longer than %d characters", where, key, (int)len - 1);
      else {
        memcpy(buf, s, n + 1);
        found = 1;
      }
    }
  }
  lua_pop(L, 1);
  return found;
}

static int get_result(Reader *r, int idx, const char *key, const char *where, int def) {
  char s[16];
  if (!get_string(r, idx, key, where, s, sizeof s)) return def;
  if (strcmp(s, "win") == 0) return RESULT_WIN;
  if (strcmp(s, "loss") == 0) return RESULT_LOSS;
  if (strcmp(s, "draw") == 0) return RESULT_DRAW;
  if (strcmp(s, "points") == 0) return RESULT_POINTS;
  if (strcmp(s, "fewer pieces") == 0) return RESULT_FEWER;
  if (strcmp(s, "material") == 0) return RESULT_MATERIAL;
  problem(r, "%s%s: \"%s\" is not a result (win, loss, draw, points, fewer pieces or material)",
          where, key, s);
  return def;
}

/* Reads a subtable; returns its absolute index (pushed) or 0 (nothing pushed). */
static int get_table(Reader *r, int idx, const char *key, const char *where) {
  lua_State *L = r->L;
  script_rawfield(L, idx, key);
  if (lua_istable(L, -1)) return lua_gettop(L);
  if (!lua_isnil(L, -1) && !(lua_isboolean(L, -1) && !lua_toboolean(L, -1)))
    problem(r, "%s%s: expected a table", where, key);
  lua_pop(L, 1);
  return 0;
}

/* A list of squares, "d1 e1 f1", where "d1-f3" is every square of the
** rectangle between two corners, as file bits per rank in set. A bad
** name is reported under key. */
static void parse_squares(Reader *r, const char *s, const char *key, const Geometry *g,
                          uint16_t set[MAX_RANKS]) {
  memset(set, 0, sizeof(uint16_t) * MAX_RANKS);
  while (*s) {
    if (*s == ' ' || *s == ',') {
      s++;
      continue;
    }
    int len = 0, a = board_parse_square(g, s, &len), b = a;
    if (a != SQ_NONE && s[len] == '-') {
      int len2 = 0;
      b = board_parse_square(g, s + len + 1, &len2);
      if (b != SQ_NONE) len += 1 + len2;
    }
    if (a == SQ_NONE || b == SQ_NONE || (s[len] && s[len] != ' ' && s[len] != ',')) {
      problem(r, "%s: \"%.8s\" is not a square of the board (or a rectangle such as d1-f3)",
              key, s);
      return;
    }
    int f0 = board_file(g, a), f1 = board_file(g, b), r0 = board_rank(g, a), r1 = board_rank(g, b);
    for (int rank = r0 < r1 ? r0 : r1; rank <= (r0 < r1 ? r1 : r0); rank++)
      for (int file = f0 < f1 ? f0 : f1; file <= (f0 < f1 ? f1 : f0); file++)
        set[rank] |= (uint16_t)(1u << file);
    s += len;
  }
}

/* A square list for each side: { white = "d1-f3", black = "d8-f10" }. */
static void read_sides(Reader *r, int t, const char *where, const Geometry *g,
                       uint16_t set[2][MAX_RANKS]) {
  static const char *const side[2] = {"white", "black"};
  char buf[1024], key[48];
  for (int c = 0; c < 2; c++) {
    snprintf(key, sizeof key, "%s%s", where, side[c]);
    if (get_string(r, t, side[c], where, buf, sizeof buf))
      parse_squares(r, buf, key, g, set[c]);
    else
      problem(r, "%s: missing (square names, such as \"d1 e1\" or \"d1-f3\")", key);
  }
}

/* A list of ranks, counted from White's side, as bits. */
static uint16_t read_ranks(Reader *r, int t, const char *key, const Variant *v) {
  lua_State *L = r->L;
  uint16_t ranks = 0;
  t = lua_absindex(L, t);
  for (lua_Integer j = 1; lua_rawgeti(L, t, j) != LUA_TNIL; j++) {
    lua_Integer rank = 0;
    if (whole_number(L, -1, &rank) < 0) rank = 0;
    if (rank < 1 || rank > v->geo.ranks)
      problem(r, "%s[%d]: expected a rank from 1 to %d", key, (int)j, v->geo.ranks);
    else
      ranks |= (uint16_t)(1u << (rank - 1));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return ranks;
}

static int letter_type(const Variant *v, char c) {
  int t = variant_type_by_letter(v, c);
  return t >= 0 && v->type[t].unlettered ? -1 : t; /* (a form is +p, not P) */
}

/* The type a string of piece letters names at *s, advancing past it: a
** letter, or '+' and a letter for that piece's promoted form without a
** letter of its own (pieces["+p"]); -1 for neither (*s is then past the
** character read). */
static int next_type(const Variant *v, const char **s) {
  if (**s == '+' && (*s)[1] >= 'a' && (*s)[1] <= 'z') {
    int t = variant_type_by_letter(v, (char)((*s)[1] - 'a' + 'A'));
    *s += 1;
    return t >= 0 && v->type[t].unlettered ? t : -1;
  }
  return letter_type(v, **s);
}

/* SVG path data: its commands, numbers and separators, nothing else, so
** that what a script draws on a page is a shape and never markup. */
static int path_data(const char *s) {
  while (*s == ' ') s++;
  if (*s != 'M' && *s != 'm') return 0;
  for (; *s; s++)
    if (!strchr("MmLlHhVvCcSsQqTtAaZz0123456789.,-+eE \t\n", *s)) return 0;
  return 1;
}

/* One or two characters of valid UTF-8, none a space or a control. */
static int glyph_chars(const char *s) {
  int n = 0;
  while (*s) {
    unsigned char c = (unsigned char)*s;
    size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!k || c <= ' ' || c == 0x7F) return 0;
    for (size_t i = 1; i < k; i++)
      if (((unsigned char)s[i] & 0xC0) != 0x80) return 0;
    s += k;
    n++;
  }
  return n >= 1 && n <= 2;
}

/* pieces.X.glyph and pieces.X.image: how the piece is drawn. */
static void read_look(Reader *r, int p, const char *where, PieceLook *look) {
  lua_State *L = r->L;
  static const char *const known_image[] = {"body", "lines", NULL};
  memset(look, 0, sizeof *look);
  if (get_string(r, p, "glyph", where, look->glyph, sizeof look->glyph)) {
    const char *std = VARIANT_GLYPHS, *g = look->glyph;
    size_t n = strlen(g);
    int named = 0;
    while (*std && !named) {
      size_t m = strcspn(std, " ");
      named = m == n && !strncmp(std, g, n);
      std += m + (std[m] == ' ');
    }
    if (!named && !glyph_chars(g))
      problem(r, "%sglyph: \"%s\" is neither a standard shape (%s) nor one or two characters", where, g,
              VARIANT_GLYPHS);
  }
  char sub[48];
  snprintf(sub, sizeof sub, "%simage.", where);
  int t = script_rawfield(L, p, "image");
  lua_pop(L, 1);
  if (t == LUA_TSTRING) get_string(r, p, "image", where, look->body, sizeof look->body);
  else if (t == LUA_TTABLE) {
    int im = get_table(r, p, "image", where);
    unknown_keys(r, im, sub, known_image);
    if (!get_string(r, im, "body", sub, look->body, sizeof look->body))
      problem(r, "%sbody: missing (SVG path data, such as \"M50 10 L90 90 H10 Z\")", sub);
    get_string(r, im, "lines", sub, look->lines, sizeof look->lines);
    lua_pop(L, 1);
  } else if (t != LUA_TNIL)
    problem(r, "%simage: expected SVG path data (a string) or { body = ..., lines = ... }", where);
  if (look->body[0] && !path_data(look->body))
    problem(r, "%simage: not SVG path data (it starts with M and has only the letters "
               "MLHVCSQTAZ, numbers, commas and spaces)", where);
  if (look->lines[0] && !path_data(look->lines))
    problem(r, "%slines: not SVG path data (it starts with M and has only the letters "
               "MLHVCSQTAZ, numbers, commas and spaces)", sub);
}

static void read_pieces(Reader *r, int t, Variant *v) {
  lua_State *L = r->L;
  static const char *const known[] = {"name", "betza", "value", "royal", "promotes",
                                      "pawn", "neutral", "points", "initial", "region",
                                      "extra", "promotes_to", "no_capture", "no_screen", "material",
                                      "drop_region", "glyph", "image", "rotated", "petrify",
                                      "lined_up_by", "counts_as", NULL};
  static const char *const known_region[] = {"white", "black", NULL};
  static const char *const known_extra[] = {"betza", "white", "black", NULL};
  /* Letters in alphabetical order, so that type numbers do not depend on
  ** the order of a hash table. A promoted form keyed "+p" (the form of p,
  ** without a letter of its own) is held by its base's letter in upper
  ** case, after the letters. */
  char letters[MAX_TYPES + 1];
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    int form = k && strlen(k) == 2 && k[0] == '+' && k[1] >= 'a' && k[1] <= 'z';
    if (!form && (!k || strlen(k) != 1 || k[0] <= ' ' || (k[0] >= 'A' && k[0] <= 'Z')))
      problem(r, "pieces: key '%s' is not one lowercase letter (or a neutral piece's symbol, or '+' and a letter: a promoted form)",
              k ? k : luaL_typename(L, -2));
    else if (!lua_istable(L, -1))
      problem(r, "pieces.%s: expected a table", k);
    else if (n >= MAX_TYPES)
      problem(r, "pieces: more than %d piece types", MAX_TYPES);
    else
      letters[n++] = form ? (char)(k[1] - 'a' + 'A') : k[0];
    lua_pop(L, 1);
  }
  /* (the forms' upper-case letters after the lower-case ones) */
#define LETTER_ORDER(c) ((c) >= 'A' && (c) <= 'Z' ? (c) + 256 : (c))
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && LETTER_ORDER(letters[j - 1]) > LETTER_ORDER(letters[j]); j--) {
      char c = letters[j];
      letters[j] = letters[j - 1];
      letters[j - 1] = c;
    }
#undef LETTER_ORDER
  char limits[MAX_TYPES][3][MAX_TYPES + 1]; /* no_capture, no_screen, lined_up_by: letters */
  char petrify[MAX_TYPES][4]; /* the neutral piece each turns into */
  memset(limits, 0, sizeof limits);
  memset(petrify, 0, sizeof petrify);
  for (int i = 0; i < n; i++) {
    int form = letters[i] >= 'A' && letters[i] <= 'Z';
    char key[3] = {letters[i], 0, 0}, where[32];
    if (form) key[0] = '+', key[1] = (char)(letters[i] - 'A' + 'a');
    PieceType *pt = &v->type[v->ntypes++];
    memset(pt, 0, sizeof *pt);
    pt->letter = letters[i];
    pt->unlettered = (uint8_t)form;
    if (form) snprintf(where, sizeof where, "pieces[\"%s\"].", key);
    else snprintf(where, sizeof where, "pieces.%c.", letters[i]);
    script_rawfield(L, t, key);
    int p = lua_gettop(L);
    unknown_keys(r, p, where, known);
    pt->neutral = (uint8_t)get_bool(r, p, "neutral", where, 0);
    read_look(r, p, where, &v->look[v->ntypes - 1]);
    if (!get_string(r, p, "betza", where, pt->betza, sizeof pt->betza) && !pt->neutral)
      problem(r, "%sbetza: missing (the piece's movement, e.g. \"N\")", where);
    if (!get_string(r, p, "name", where, pt->name, sizeof pt->name))
      snprintf(pt->name, sizeof pt->name, "%s", key);
    pt->value = get_int(r, p, "value", where, 0, -100000, 100000);
    pt->points = get_int(r, p, "points", where, 0, -100000, 100000);
    pt->material = get_int(r, p, "material", where, 0, -100000, 100000);
    /* royal: true, or "counted" (protected while its side has one of its type) */
    if (script_rawfield(L, p, "royal") == LUA_TSTRING) {
      if (strcmp(lua_tostring(L, -1), "counted") == 0) pt->royal = ROYAL_COUNTED;
      else problem(r, "%sroyal: \"%s\" (expected true, false or \"counted\")", where, lua_tostring(L, -1));
      lua_pop(L, 1);
    } else {
      lua_pop(L, 1);
      pt->royal = (uint8_t)get_bool(r, p, "royal", where, 0);
    }
    pt->promotes = (uint8_t)get_bool(r, p, "promotes", where, 0);
    pt->pawn = (uint8_t)get_bool(r, p, "pawn", where, 0);
    pt->rotated = (uint8_t)get_bool(r, p, "rotated", where, 0);
    char to[4] = "";
    if (get_string(r, p, "promotes_to", where, to, sizeof to)) {
      if (strlen(to) != 1) problem(r, "%spromotes_to: expected one piece letter", where);
      pt->promotes_to = to[0];
    }
    char as[4] = "";
    if (get_string(r, p, "counts_as", where, as, sizeof as)) {
      if (strlen(as) != 1) problem(r, "%scounts_as: expected one piece letter", where);
      pt->counts_as = as[0];
    }
    /* "unmoved": i-moves while the piece has not moved */
    int named = script_rawfield(L, p, "initial") == LUA_TSTRING;
    pt->initial_unmoved = (uint8_t)(named && strcmp(lua_tostring(L, -1), "unmoved") == 0);
    if (named && !pt->initial_unmoved)
      problem(r, "%sinitial: \"%s\" (expected a list of ranks, or \"unmoved\")", where,
              lua_tostring(L, -1));
    lua_pop(L, 1);
    int ini = named ? 0 : get_table(r, p, "initial", where);
    if (ini) { /* ranks, counted from White's side, where i-moves start:
                  a list for both sides, or { white = {...}, black = {...} } */
      static const char *const known_initial[] = {"white", "black", NULL};
      char sub[48];
      script_rawfield(L, ini, "white");
      script_rawfield(L, ini, "black");
      pt->initial_by_side = (uint8_t)(!lua_isnil(L, -1) || !lua_isnil(L, -2));
      lua_pop(L, 2);
      if (pt->initial_by_side) {
        snprintf(sub, sizeof sub, "%sinitial.", where);
        unknown_keys(r, ini, sub, known_initial);
        snprintf(sub, sizeof sub, "%sinitial.white", where);
        if (script_rawfield(L, ini, "white") == LUA_TTABLE) pt->initial_ranks = read_ranks(r, -1, sub, v);
        else problem(r, "%s: expected a list of ranks", sub);
        lua_pop(L, 1);
        snprintf(sub, sizeof sub, "%sinitial.black", where);
        if (script_rawfield(L, ini, "black") == LUA_TTABLE) pt->initial_ranks_black = read_ranks(r, -1, sub, v);
        else problem(r, "%s: expected a list of ranks", sub);
        lua_pop(L, 1);
      } else {
        snprintf(sub, sizeof sub, "%sinitial", where);
        pt->initial_ranks = read_ranks(r, ini, sub, v);
      }
      lua_pop(L, 1);
    }
    char sub[48];
    int rg = get_table(r, p, "region", where);
    if (rg) { /* the squares the piece may stand on */
      snprintf(sub, sizeof sub, "%sregion.", where);
      unknown_keys(r, rg, sub, known_region);
      pt->has_region = 1;
      read_sides(r, rg, sub, &v->geo, pt->region);
      lua_pop(L, 1);
    }
    rg = get_table(r, p, "drop_region", where);
    if (rg) { /* the squares the piece may be dropped on */
      snprintf(sub, sizeof sub, "%sdrop_region.", where);
      unknown_keys(r, rg, sub, known_region);
      pt->has_drop_region = 1;
      read_sides(r, rg, sub, &v->geo, pt->drop_region);
      lua_pop(L, 1);
    }
    get_string(r, p, "petrify", where, petrify[i], sizeof petrify[i]);
    get_string(r, p, "no_capture", where, limits[i][0], sizeof limits[i][0]);
    get_string(r, p, "no_screen", where, limits[i][1], sizeof limits[i][1]);
    get_string(r, p, "lined_up_by", where, limits[i][2], sizeof limits[i][2]);
    int ex = get_table(r, p, "extra", where);
    if (ex) { /* moves the piece has only on some squares */
      snprintf(sub, sizeof sub, "%sextra.", where);
      unknown_keys(r, ex, sub, known_extra);
      if (!get_string(r, ex, "betza", sub, pt->extra_betza, sizeof pt->extra_betza))
        problem(r, "%sbetza: missing (the moves added there, e.g. \"sW\")", sub);
      read_sides(r, ex, sub, &v->geo, pt->extra);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  /* a promoted form keyed "+p" is p's (its promotes_to) */
  for (int i = 0; i < n; i++) {
    if (!v->type[i].unlettered) continue;
    char base = (char)(letters[i] - 'A' + 'a');
    int b = variant_type_by_letter(v, base);
    if (b < 0 || v->type[b].unlettered)
      problem(r, "pieces[\"+%c\"]: the promoted form of '%c', which is not one of the pieces", base, base);
    else if (v->type[b].promotes_to && v->type[b].promotes_to != letters[i])
      problem(r, "pieces.%c.promotes_to: '%c', and pieces[\"+%c\"] is its promoted form too", base,
              v->type[b].promotes_to, base);
    else
      v->type[b].promotes_to = letters[i];
  }
  static const char *const limit_key[3] = {"no_capture", "no_screen", "lined_up_by"};
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 3; j++) {
      uint32_t set = 0;
      for (const char *c = limits[i][j]; *c; c++) {
        int ty = variant_type_by_letter(v, *c);
        if (ty < 0) problem(r, "pieces.%c.%s: '%c' is not one of the pieces", letters[i], limit_key[j], *c);
        else set |= 1u << ty;
      }
      if (j == 0) v->type[i].no_capture = set;
      else if (j == 1) v->type[i].no_screen = set;
      else if (set && !v->type[i].initial_unmoved)
        problem(r, "pieces.%c.lined_up_by: only for a piece with initial = \"unmoved\" (it takes those moves away)",
                letters[i]);
      else v->type[i].lined_up_by = set;
    }
  for (int i = 0; i < n; i++) {
    if (!petrify[i][0]) continue;
    int ty = strlen(petrify[i]) == 1 ? variant_type_by_letter(v, petrify[i][0]) : -1;
    if (ty < 0) problem(r, "pieces.%c.petrify: \"%s\" is not one of the pieces", letters[i], petrify[i]);
    else v->type[i].petrify = (uint8_t)(ty + 1);
  }
}

/* { place = "*", at = "reach", region = SQUARES }, the place step's table
** at -2 and its piece at -1: a new neutral piece each turn, where at says. */
static void read_place(Reader *r, int i, Variant *v, Phase *ph) {
  lua_State *L = r->L;
  static const char *const known[] = {"place", "at", "region", "instead", NULL};
  static const char *const ats[] = {"anywhere", "edge", "reach", "left"};
  char where[32], buf[1024];
  snprintf(where, sizeof where, "turn[%d].", i);
  unknown_keys(r, lua_absindex(L, -2), where, known);
  const char *sym = lua_tostring(L, -1);
  int pt = strlen(sym) == 1 ? variant_type_by_letter(v, sym[0]) : -1;
  ph->kind = PHASE_RELOCATE;
  ph->place = PLACE_ANYWHERE;
  if (pt < 0) problem(r, "turn[%d].place: \"%s\" is not one of the pieces", i, sym);
  else ph->piece = (uint8_t)pt;
  if (get_string(r, lua_absindex(L, -2), "at", where, buf, sizeof buf)) {
    int k = -1;
    for (int j = 0; j < 4; j++)
      if (strcmp(buf, ats[j]) == 0) k = j;
    if (k < 0) problem(r, "turn[%d].at: \"%s\" (expected anywhere, edge, reach or left)", i, buf);
    else ph->place = (uint8_t)(PLACE_ANYWHERE + k);
  }
  ph->instead = (uint8_t)get_bool(r, lua_absindex(L, -2), "instead", where, 0);
  if (get_string(r, lua_absindex(L, -2), "region", where, buf, sizeof buf)) {
    char key[48];
    snprintf(key, sizeof key, "turn[%d].region", i);
    parse_squares(r, buf, key, &v->geo, ph->region);
    ph->has_region = 1;
  }
}

/* turn = { "move", { relocate = "*" } }: the steps of a turn. */
static void read_turn(Reader *r, int idx, Variant *v) {
  lua_State *L = r->L;
  int t = get_table(r, idx, "turn", "");
  if (!t) return;
  v->nphases = 0;
  for (lua_Integer i = 1;; i++) {
    int type = lua_rawgeti(L, t, i);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      break;
    }
    if (v->nphases >= MAX_PHASES) {
      problem(r, "turn: more than %d steps", MAX_PHASES);
      lua_pop(L, 1);
      break;
    }
    Phase *ph = &v->phase[v->nphases++];
    memset(ph, 0, sizeof *ph);
    static const char *const kinds[] = {"move", "", "target", "choose", "draw"};
    const char *kind = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (type == LUA_TTABLE && lua_rawgeti(L, -1, 1) == LUA_TSTRING) {
      kind = lua_tostring(L, -1); /* { "choose", by = "opponent" } */
      script_rawfield(L, -2, "by");
      const char *by = lua_tostring(L, -1);
      if (by && strcmp(by, "opponent") == 0) ph->owner = OWNER_OPPONENT;
      else if (by && strcmp(by, "mover") != 0)
        problem(r, "turn[%d].by: \"%s\" (expected mover or opponent)", (int)i, by);
      lua_pop(L, 2);
      lua_pushstring(L, kind); /* keep the string alive on the stack */
      lua_replace(L, -2);
      type = LUA_TSTRING;
    } else if (type == LUA_TTABLE) {
      lua_pop(L, 1);
    }
    int k = -1;
    for (int j = 0; kind && j < 5; j++)
      if (j != 1 && strcmp(kind, kinds[j]) == 0) k = j;
    if (k >= 0) {
      ph->kind = (uint8_t)k;
      if (k == PHASE_DRAW) ph->owner = OWNER_CHANCE;
    } else if (type == LUA_TTABLE && script_rawfield(L, -1, "relocate") == LUA_TSTRING) {
      const char *sym = lua_tostring(L, -1);
      int pt = strlen(sym) == 1 ? variant_type_by_letter(v, sym[0]) : -1;
      ph->kind = PHASE_RELOCATE;
      if (pt < 0) problem(r, "turn[%d].relocate: \"%s\" is not one of the pieces", (int)i, sym);
      else ph->piece = (uint8_t)pt;
      lua_pop(L, 1);
      static const char *const known_relocate[] = {"relocate", "shields", NULL};
      char where[32];
      snprintf(where, sizeof where, "turn[%d].", (int)i);
      unknown_keys(r, lua_absindex(L, -1), where, known_relocate);
      ph->shields = (uint8_t)get_bool(r, lua_absindex(L, -1), "shields", where, 0);
    } else if (type == LUA_TTABLE && (lua_pop(L, 1), script_rawfield(L, -1, "place")) == LUA_TSTRING) {
      read_place(r, (int)i, v, ph);
      lua_pop(L, 1);
    } else {
      if (type == LUA_TTABLE) lua_pop(L, 1);
      problem(r, "turn[%d]: expected \"move\", \"target\", \"choose\", { KIND, by = "
                 "\"opponent\" }, { relocate = SYMBOL } or { place = SYMBOL }", (int)i);
    }
    lua_pop(L, 1);
  }
  if (v->nphases == 0) problem(r, "turn: no steps");
  lua_pop(L, 1);
}

/* cards = { values = 8, copies = 4, deal = 2, hand = 3,
**           draw_on = { "capture", "promotion", "check" },
**           play = { flip = { r = "c", c = "r" }, exclude = "n", toggle = 1 } } */
static void read_cards(Reader *r, int idx, Variant *v) {
  static const char *const known[] = {"values", "copies", "deal", "hand", "draw_on", "play", NULL};
  static const char *const known_play[] = {"flip", "exclude", "toggle", NULL};
  lua_State *L = r->L;
  int t = get_table(r, idx, "cards", "");
  if (!t) return;
  unknown_keys(r, t, "cards.", known);
  v->ncard_values = get_int(r, t, "values", "cards.", 0, 1, MAX_CARD_VALUES);
  v->card_copies = get_int(r, t, "copies", "cards.", 1, 1, 64);
  v->deal = get_int(r, t, "deal", "cards.", 0, 0, 64);
  v->hand_max = get_int(r, t, "hand", "cards.", 64, 0, 64);
  int d = get_table(r, t, "draw_on", "cards.");
  if (d) {
    static const char *const events[] = {"capture", "promotion", "check"};
    for (lua_Integer i = 1; lua_rawgeti(L, d, i) != LUA_TNIL; i++) {
      const char *e = lua_tostring(L, -1);
      int ok = 0;
      for (int j = 0; j < 3; j++)
        if (e && strcmp(e, events[j]) == 0) v->draw_on |= 1 << j, ok = 1;
      if (!ok) problem(r, "cards.draw_on[%d]: expected capture, promotion or check", (int)i);
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  int pl = get_table(r, t, "play", "cards.");
  if (pl) {
    char buf[64];
    unknown_keys(r, pl, "cards.play.", known_play);
    v->card_action = 1;
    int f = get_table(r, pl, "flip", "cards.play.");
    if (f) {
      lua_pushnil(L);
      while (lua_next(L, f)) {
        const char *a = lua_tostring(L, -2), *b = lua_tostring(L, -1);
        int ta = a && strlen(a) == 1 ? variant_type_by_letter(v, a[0]) : -1;
        int tb = b && strlen(b) == 1 ? variant_type_by_letter(v, b[0]) : -1;
        if (ta < 0 || tb < 0) problem(r, "cards.play.flip: \"%s\" = \"%s\" are not pieces", a ? a : "?", b ? b : "?");
        else v->card_flip[ta] = (uint8_t)(tb + 1);
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    }
    if (get_string(r, pl, "exclude", "cards.play.", buf, sizeof buf))
      for (const char *c = buf; *c; c++) {
        int ty = variant_type_by_letter(v, *c);
        if (ty < 0) problem(r, "cards.play.exclude: '%c' is not a piece", *c);
        else v->card_exclude |= 1u << ty;
      }
    v->card_toggle_bit = get_int(r, pl, "toggle", "cards.play.", 0, 0, 128);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* eval = { mobility = 100, pst = { centre = 100, advance = 100, goal = 100 },
**          passed = 100, doubled = 12, isolated = 10, colour_pair = 35,
**          royal = { shield = 10, attack = 100, edge = 2, centre = 3 }, checks = 500,
**          values_end = { n = 300, ... } }: the weights of the
** evaluation's terms (what each is: Variant's EVAL_*; docs/api.md). */
static void read_eval(Reader *r, int idx, Variant *v) {
  static const char *const known[] = {"mobility", "pst",   "passed",     "doubled", "isolated",
                                      "colour_pair", "royal", "values_end", "checks",  NULL};
  static const char *const known_pst[] = {"centre", "advance", "goal", NULL};
  static const char *const known_royal[] = {"shield", "attack", "edge", "centre", NULL};
  static const struct { const char *table, *key; int weight; } fields[] = {
      {NULL, "mobility", EVAL_MOBILITY},       {"pst", "centre", EVAL_CENTRE},
      {"pst", "advance", EVAL_ADVANCE},        {NULL, "passed", EVAL_PASSED},
      {NULL, "doubled", EVAL_DOUBLED},         {NULL, "isolated", EVAL_ISOLATED},
      {NULL, "colour_pair", EVAL_COLOUR_PAIR}, {"royal", "shield", EVAL_SHIELD},
      {"royal", "attack", EVAL_ATTACK},        {"royal", "edge", EVAL_ROYAL_EDGE},
      {"royal", "centre", EVAL_ROYAL_CENTRE}, {"pst", "goal", EVAL_GOAL},
      {NULL, "checks", EVAL_CHECKS}};
  lua_State *L = r->L;
  int t = get_table(r, idx, "eval", "");
  if (!t) return;
  unknown_keys(r, t, "eval.", known);
  int pst = get_table(r, t, "pst", "eval.");
  if (pst) unknown_keys(r, pst, "eval.pst.", known_pst);
  int royal = get_table(r, t, "royal", "eval.");
  if (royal) unknown_keys(r, royal, "eval.royal.", known_royal);
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    int in = !fields[i].table ? t : fields[i].table[0] == 'p' ? pst : royal;
    char where[24];
    snprintf(where, sizeof where, "eval.%s%s", fields[i].table ? fields[i].table : "",
             fields[i].table ? "." : "");
    if (!in || script_rawfield(L, in, fields[i].key) == LUA_TNIL) {
      if (in) lua_pop(L, 1);
      continue;
    }
    lua_pop(L, 1);
    v->eval_weight[fields[i].weight] = get_int(r, in, fields[i].key, where, 0, -10000, 10000);
    v->eval_given |= 1u << fields[i].weight;
  }
  if (royal) lua_pop(L, 1);
  if (pst) lua_pop(L, 1);
  int ends = get_table(r, t, "values_end", "eval.");
  if (ends) {
    lua_pushnil(L);
    while (lua_next(L, ends)) {
      lua_pop(L, 1);
      const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
      int ty = k && strlen(k) == 1 ? variant_type_by_letter(v, (char)tolower((unsigned char)k[0])) : -1;
      if (ty < 0) {
        problem(r, "eval.values_end.%s: not a piece of the variant", k ? k : "?");
        continue;
      }
      v->value_end[ty] = get_int(r, ends, k, "eval.values_end.", 0, -100000, 100000);
      v->value_end_given |= 1u << ty;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* ask_owners(f, variant): f for every square, in one call, so that one
** budget pays for the whole question. Returns nothing, or the name of the
** square whose answer is not an owner. */
static int ask_owners(lua_State *L) {
  Variant *v = lua_touserdata(L, 2);
  const Geometry *g = &v->geo;
  for (int rank = 0; rank < g->ranks; rank++)
    for (int file = 0; file < g->files; file++) {
      char name[4];
      int sq = board_square(g, file, rank);
      board_square_name(g, sq, name);
      lua_pushvalue(L, 1);
      lua_pushstring(L, name);
      lua_pushinteger(L, file + 1);
      lua_pushinteger(L, rank + 1);
      lua_call(L, 3, 1);
      /* a string with a NUL inside is no owner's name */
      const char *who = lua_type(L, -1) == LUA_TSTRING && strlen(lua_tostring(L, -1)) ==
                        lua_rawlen(L, -1) ? lua_tostring(L, -1) : NULL;
      if (lua_isnil(L, -1)) v->owner[sq] = OWNER_NONE;
      else if (who && strcmp(who, "white") == 0) v->owner[sq] = WHITE;
      else if (who && strcmp(who, "black") == 0) v->owner[sq] = BLACK;
      else {
        lua_pushstring(L, name);
        return 1;
      }
      lua_pop(L, 1);
    }
  return 0;
}

/* ownership = function(square, file, rank) returning "white", "black" or
** nil: who owns a piece standing on each square. Asked of every square at
** load; the answers become a table in C. */
static void read_ownership(Reader *r, int idx, Variant *v) {
  lua_State *L = r->L;
  script_rawfield(L, idx, "ownership");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_isfunction(L, -1)) {
    problem(r, "ownership: expected a function(square, file, rank)");
    lua_pop(L, 1);
    return;
  }
  int f = lua_gettop(L);
  v->has_owner = 1;
  lua_pushcfunction(L, ask_owners);
  lua_pushvalue(L, f);
  lua_pushlightuserdata(L, v);
  if (sandbox_pcall(L, 2, 1, SANDBOX_LOAD_BUDGET) != LUA_OK)
    problem(r, "ownership: %s", lua_tostring(L, -1));
  else if (!lua_isnil(L, -1))
    problem(r, "ownership(\"%s\"): expected \"white\", \"black\" or nil", lua_tostring(L, -1));
  lua_settop(L, f - 1);
}

/* rules.goal = { pieces = "k", white = "d4 e4 d5 e5", black = "...",
** result = "win" }: the squares a side's pieces of those types reach to
** end the game (a king on the centre, a piece on the far rank). */
/* A string of piece letters at t[key] as a mask of types; 0 when absent. */
static uint32_t get_types(Reader *r, int t, const char *key, const char *where,
                          const Variant *v) {
  char buf[256];
  uint32_t types = 0;
  if (get_string(r, t, key, where, buf, sizeof buf))
    for (const char *s = buf; *s; s++) {
      int ty = next_type(v, &s);
      if (ty < 0) problem(r, "%s%s: '%c' is not one of the pieces", where, key, *s);
      else types |= 1u << ty;
    }
  return types;
}

/* rules.counting = { board, board_most, board_pawns, pawns, pieces,
** from_pieces }: Makruk's counting rules (Variant.counting_rule). pieces
** is a list of { LETTERS, MOVES }: the first whose pieces the opponent
** holds (each letter once per piece: "rr" two rooks; "" any) gives the
** pieces' honour count its limit. */
static void read_counting(Reader *r, int t, Variant *v) {
  static const char *const known[] = {"board", "board_most", "board_pawns", "pawns", "pieces",
                                      "from_pieces", NULL};
  lua_State *L = r->L;
  char buf[256];
  int c = get_table(r, t, "counting", "rules.");
  if (!c) return;
  Counting *k = &v->counting_rule;
  unknown_keys(r, c, "rules.counting.", known);
  k->on = 1;
  k->board = get_int(r, c, "board", "rules.counting.", 0, 0, 10000);
  k->board_most = get_int(r, c, "board_most", "rules.counting.", 0, 0, MAX_PIECES);
  k->board_pawns = get_bool(r, c, "board_pawns", "rules.counting.", 1);
  k->from_pieces = get_bool(r, c, "from_pieces", "rules.counting.", 1);
  script_rawfield(L, c, "pawns");
  int given = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (given) {
    k->pawns = get_types(r, c, "pawns", "rules.counting.", v);
  } else { /* the pieces declared pawn */
    for (int ty = 0; ty < v->ntypes; ty++)
      if (v->type[ty].pawn) k->pawns |= 1u << ty;
  }
  int list = get_table(r, c, "pieces", "rules.counting.");
  if (list) {
    for (lua_Integer j = 1; lua_rawgeti(L, list, j) != LUA_TNIL; j++) {
      int e = lua_gettop(L);
      lua_Integer moves = 0;
      const char *letters = NULL;
      if (lua_istable(L, e)) {
        lua_rawgeti(L, e, 1);
        lua_rawgeti(L, e, 2);
        if (lua_type(L, -2) == LUA_TSTRING) letters = lua_tostring(L, -2);
        if (whole_number(L, -1, &moves) < 0) moves = -1;
      }
      if (!letters || moves < 1 || moves > 10000) {
        problem(r, "rules.counting.pieces[%d]: expected { LETTERS, MOVES } (such as { \"rr\", 8 }), "
                "MOVES from 1 to 10000", (int)j);
      } else if (k->nlimits == MAX_COUNTING_LIMITS) {
        problem(r, "rules.counting.pieces: more than %d entries", MAX_COUNTING_LIMITS);
      } else {
        CountingLimit *lim = &k->limit[k->nlimits++];
        lim->moves = (int)moves;
        snprintf(buf, sizeof buf, "%s", letters);
        for (const char *s = buf; *s; s++) {
          int ty = letter_type(v, *s);
          if (ty < 0) problem(r, "rules.counting.pieces[%d]: '%c' is not one of the pieces", (int)j, *s);
          else if (lim->need[ty] < 255) lim->need[ty]++;
        }
      }
      lua_settop(L, e - 1);
    }
    lua_pop(L, 2);
  }
  if (!k->board && !k->nlimits)
    problem(r, "rules.counting: neither board nor pieces: nothing would ever be counted");
  lua_pop(L, 1);
}

/* rules.chasing = { result, unchased, not_by, stronger = { n = "r", ... } }:
** the chasing rule (Variant.chasing, src/core/chase.h). */
static void read_chasing(Reader *r, int t, Variant *v) {
  static const char *const known[] = {"result", "unchased", "not_by", "stronger", "nmove_checks",
                                      NULL};
  lua_State *L = r->L;
  int c = get_table(r, t, "chasing", "rules.");
  if (!c) return;
  unknown_keys(r, c, "rules.chasing.", known);
  v->chasing.result = get_result(r, c, "result", "rules.chasing.", RESULT_LOSS);
  if (v->chasing.result != RESULT_WIN && v->chasing.result != RESULT_LOSS &&
      v->chasing.result != RESULT_DRAW)
    problem(r, "rules.chasing.result: expected \"win\", \"loss\" or \"draw\"");
  v->chasing.unchased = get_types(r, c, "unchased", "rules.chasing.", v);
  v->chasing.nmove_checks = get_int(r, c, "nmove_checks", "rules.chasing.", 10, 0, 100000);
  v->chasing.not_by = get_types(r, c, "not_by", "rules.chasing.", v);
  int st = get_table(r, c, "stronger", "rules.chasing.");
  if (st) {
    lua_pushnil(L);
    while (lua_next(L, st)) {
      const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
      int ty = key && strlen(key) == 1 ? letter_type(v, key[0]) : -1;
      if (ty < 0 && key && strlen(key) == 1) {
        problem(r, "rules.chasing.stronger: '%c' is not one of the pieces", key[0]);
      } else if (ty < 0) {
        problem(r, "rules.chasing.stronger: keys are piece letters (a piece's letter, and the "
                "letters of the pieces it chases even protected)");
      } else if (lua_type(L, -1) != LUA_TSTRING) {
        problem(r, "rules.chasing.stronger.%c: expected a string of piece letters", key[0]);
      } else {
        for (const char *q = lua_tostring(L, -1); *q; q++) {
          int tq = letter_type(v, *q);
          if (tq < 0) problem(r, "rules.chasing.stronger.%c: '%c' is not one of the pieces", key[0], *q);
          else v->chasing.stronger[ty] |= 1u << tq;
        }
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* rules.dead_position = { lone = "bn", same_colour = "b" }: the material
** with which no side can mate, so that the game is drawn (FIDE 5.2.2). */
static void read_dead_position(Reader *r, int t, Variant *v) {
  static const char *const known[] = {"lone", "same_colour", NULL};
  int d = get_table(r, t, "dead_position", "rules.");
  if (!d) return;
  unknown_keys(r, d, "rules.dead_position.", known);
  v->dead_position = 1;
  v->dead_lone_types = get_types(r, d, "lone", "rules.dead_position.", v);
  v->dead_colour_types = get_types(r, d, "same_colour", "rules.dead_position.", v);
  lua_pop(r->L, 1);
}

/* rules.checkmate_by and rules.checkmate_series: { pieces = "...", result = ... }.
** Sets *result (def when the table is there) and *types; nothing without it. */
static void read_mate_rule(Reader *r, int t, const char *key, int def, int *result,
                           uint32_t *types, const Variant *v) {
  static const char *const known[] = {"pieces", "result", NULL};
  char where[64];
  int m = get_table(r, t, key, "rules.");
  if (!m) return;
  snprintf(where, sizeof where, "rules.%s.", key);
  unknown_keys(r, m, where, known);
  *result = get_result(r, m, "result", where, def);
  *types |= get_types(r, m, "pieces", where, v);
  if (!*types) problem(r, "%spieces: missing (the letters of the checking pieces)", where);
  lua_pop(r->L, 1);
}

/* rules.connect = { line = 4, square = 2, collinear = 3, join = { white =
** { "a1-a9", "i1-i9" }, black = ... }, pieces = "p",
** horizontal = true, vertical = true, diagonal = true, result = "win" }:
** the side whose move puts its pieces in a row ends the game. */
static void read_connect(Reader *r, int t, Variant *v) {
  static const char *const known[] = {"line", "square", "collinear", "join", "pieces", "horizontal",
                                      "vertical", "diagonal", "result", NULL};
  const char *where = "rules.connect.";
  int c = get_table(r, t, "connect", "rules.");
  if (!c) return;
  unknown_keys(r, c, where, known);
  int longest = v->geo.files > v->geo.ranks ? v->geo.files : v->geo.ranks;
  v->connect = get_result(r, c, "result", where, RESULT_WIN);
  if (v->connect == RESULT_POINTS || v->connect == RESULT_FEWER || v->connect == RESULT_MATERIAL)
    problem(r, "rules.connect.result: expected \"win\", \"loss\" or \"draw\"");
  v->connect_line = get_int(r, c, "line", where, 0, 0, longest);
  v->connect_square = get_int(r, c, "square", where, 0, 0, longest);
  v->connect_collinear = get_int(r, c, "collinear", where, 0, 0, longest);
  /* join = { white = { SQUARES, SQUARES }, black = { SQUARES, SQUARES } } */
  int j = get_table(r, c, "join", where);
  if (j) {
    static const char *const sides[] = {"white", "black", NULL};
    unknown_keys(r, j, "rules.connect.join.", sides);
    for (int side = 0; side < 2; side++) {
      char key[64];
      snprintf(key, sizeof key, "rules.connect.join.%s", sides[side]);
      int s2 = get_table(r, j, sides[side], "rules.connect.join.");
      if (!s2) continue; /* that side joins nothing */
      for (int k = 0; k < 2; k++) {
        int type = lua_rawgeti(r->L, s2, k + 1);
        const char *text = type == LUA_TSTRING ? lua_tostring(r->L, -1) : NULL;
        char sub[80];
        snprintf(sub, sizeof sub, "%s[%d]", key, k + 1);
        if (!text) problem(r, "%s: expected squares (\"a1-a9\")", sub);
        else parse_squares(r, text, sub, &v->geo, v->connect_region[side][k]);
        lua_pop(r->L, 1);
      }
      lua_pop(r->L, 1);
    }
    lua_pop(r->L, 1);
    v->connect_join = 1;
  }
  if (!v->connect_line && !v->connect_square && !v->connect_collinear && !v->connect_join)
    problem(r, "rules.connect: give line, square, collinear (how many pieces connect) or join");
  v->connect_dirs = (get_bool(r, c, "horizontal", where, 1) ? CONNECT_HORIZONTAL : 0) |
                    (get_bool(r, c, "vertical", where, 1) ? CONNECT_VERTICAL : 0) |
                    (get_bool(r, c, "diagonal", where, 1) ? CONNECT_DIAGONAL : 0);
  script_rawfield(r->L, c, "pieces");
  int given = !lua_isnil(r->L, -1);
  lua_pop(r->L, 1);
  v->connect_types = given ? get_types(r, c, "pieces", where, v)
                           : (uint32_t)((v->ntypes >= 32 ? 0 : 1u << v->ntypes) - 1);
  if (given && !v->connect_types) problem(r, "rules.connect.pieces: names no piece");
  lua_pop(r->L, 1);
}

static void read_goal(Reader *r, int t, Variant *v) {
  v->goal = get_result(r, t, "result", "rules.goal.", RESULT_WIN);
  /* reply: true, or "always" (no early end where the goal pieces are royal) */
  if (script_rawfield(r->L, t, "reply") == LUA_TSTRING) {
    if (strcmp(lua_tostring(r->L, -1), "always") == 0) v->goal_reply = 2;
    else problem(r, "rules.goal.reply: \"%s\" (expected true, false or \"always\")", lua_tostring(r->L, -1));
    lua_pop(r->L, 1);
  } else {
    lua_pop(r->L, 1);
    v->goal_reply = get_bool(r, t, "reply", "rules.goal.", 0);
  }
  v->goal_count = get_int(r, t, "count", "rules.goal.", 1, 1, MAX_FILES * MAX_RANKS);
  v->goal_blocked = get_bool(r, t, "blocked", "rules.goal.", 0);
  v->goal_safe = get_bool(r, t, "safe", "rules.goal.", 0);
  v->goal_types = get_types(r, t, "pieces", "rules.goal.", v);
  if (!v->goal_types)
    problem(r, "rules.goal.pieces: missing (the letters of the pieces that reach the goal)");
  uint16_t set[2][MAX_RANKS];
  read_sides(r, t, "rules.goal.", &v->geo, set);
  for (int c = 0; c < 2; c++)
    for (int rank = 0; rank < v->geo.ranks; rank++)
      for (int file = 0; file < v->geo.files; file++)
        if (set[c][rank] >> file & 1)
          v->goal_sq[c][v->ngoal[c]++] = (uint16_t)board_square(&v->geo, file, rank);
}

/* Every string of the variant table, key or value, in its subtables too,
** must be free of NUL characters: C reads a string up to the first, and
** "W\0F" would read as "W". seen holds the tables already walked (a table
** may appear twice, or in itself). */
static void refuse_nul(Reader *r, int t, int seen, char *path, size_t len) {
  lua_State *L = r->L;
  size_t used = strlen(path), n;
  if (!lua_checkstack(L, 6)) return;
  lua_pushvalue(L, t);
  if (lua_rawget(L, seen) != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, t);
  lua_pushboolean(L, 1);
  lua_rawset(L, seen);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *k = lua_tolstring(L, -2, &n);
      if (memchr(k, '\0', n)) problem(r, "%s%s: a key with a NUL character", path, k);
      snprintf(path + used, len - used, "%s%s", used ? "." : "", k);
    } else if (lua_type(L, -2) == LUA_TNUMBER) {
      lua_pushvalue(L, -2); /* a copy: lua_next needs the key as it is */
      snprintf(path + used, len - used, "[%s]", lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char *s = lua_tolstring(L, -1, &n);
      if (memchr(s, '\0', n))
        problem(r, "%s: contains a NUL character after \"%s\"", path, s);
    } else if (lua_type(L, -1) == LUA_TTABLE) {
      refuse_nul(r, lua_gettop(L), seen, path, len);
    }
    path[used] = '\0';
    lua_pop(L, 1);
  }
}

/* Reports each piece's Betza string that does not compile and leaves it
** empty, so that the rest of the variant is still checked. */
static void set_aside_bad_betza(Reader *r, Variant *v) {
  PieceMoves moves;
  char perr[256];
  for (int t = 0; t < v->ntypes; t++) {
    PieceType *pt = &v->type[t];
    if (piece_compile_on(pt->betza, v->geo.hex, &moves, perr, sizeof perr)) {
      problem(r, "pieces.%c.betza: %s", pt->letter, perr);
      pt->betza[0] = '\0';
    }
    if (pt->extra_betza[0] && piece_compile_on(pt->extra_betza, v->geo.hex, &moves, perr, sizeof perr)) {
      problem(r, "pieces.%c.extra.betza: %s", pt->letter, perr);
      pt->extra_betza[0] = '\0';
    }
  }
}

/* promotion.by_side = { white = LETTERS, black = LETTERS }: the letters of
** promotion.pieces each side may promote to. */
static void read_promotion_sides(Reader *r, int t, Variant *v) {
  static const char *const known_sides[] = {"white", "black", NULL};
  static const char *const side_key[2] = {"white", "black"};
  char buf[512];
  unknown_keys(r, t, "promotion.by_side.", known_sides);
  for (int c = 0; c < 2; c++) {
    if (!get_string(r, t, side_key[c], "promotion.by_side.", buf, sizeof buf)) {
      problem(r, "promotion.by_side.%s: missing (the letters %s may promote to)", side_key[c], side_key[c]);
      continue;
    }
    for (const char *s = buf; *s; s++) {
      int ty = letter_type(v, *s);
      int listed = 0;
      for (int i = 0; i < v->npromo; i++) listed |= ty >= 0 && v->promo_type[i] == ty;
      if (!listed) problem(r, "promotion.by_side.%s: '%c' is not one of promotion.pieces", side_key[c], *s);
      else v->promo_side_given[c] |= 1u << ty;
    }
    if (!buf[0]) problem(r, "promotion.by_side.%s: empty (leave out by_side for all of pieces)", side_key[c]);
  }
}

/* promotion = { pieces, zone, compulsory, flip, limit, by_move, by_side, no_check, no_attack } */
static void read_promotion(Reader *r, int t, Variant *v) {
  static const char *const known_promo[] = {"pieces", "zone", "compulsory", "flip", "limit",
                                            "by_move", "by_side", "no_check", "no_attack", NULL};
  static const char *const known_by_move[] = {"white", "black", "last_anywhere", "step", NULL};
  lua_State *L = r->L;
  char buf[512];
  unknown_keys(r, t, "promotion.", known_promo);
  /* zone: a number of far ranks, or a set of squares for each side */
  if (script_rawfield(L, t, "zone") == LUA_TTABLE) {
    static const char *const known_zone[] = {"white", "black", NULL};
    int zt = lua_gettop(L);
    unknown_keys(r, zt, "promotion.zone.", known_zone);
    read_sides(r, zt, "promotion.zone.", &v->geo, v->promo_zone_sq);
    v->promo_zone_squares = 1;
    v->promo_zone = 0;
    lua_pop(L, 1);
  } else {
    lua_pop(L, 1);
    v->promo_zone = get_int(r, t, "zone", "promotion.", 1, 0, MAX_RANKS);
  }
  v->promo_no_check = get_bool(r, t, "no_check", "promotion.", 0);
  v->promo_no_attack = get_bool(r, t, "no_attack", "promotion.", 0);
  int bm = get_table(r, t, "by_move", "promotion.");
  if (bm) { /* promotion as a move of its own */
    unknown_keys(r, bm, "promotion.by_move.", known_by_move);
    v->by_move = 1;
    v->by_move_step = get_bool(r, bm, "step", "promotion.by_move.", 1);
    v->by_move_last = get_bool(r, bm, "last_anywhere", "promotion.by_move.", 0);
    script_rawfield(L, bm, "white");
    script_rawfield(L, bm, "black");
    int sides = !lua_isnil(L, -1) || !lua_isnil(L, -2);
    lua_pop(L, 2);
    if (sides) read_sides(r, bm, "promotion.by_move.", &v->geo, v->by_move_sq);
    else memset(v->by_move_sq, 0xFF, sizeof v->by_move_sq); /* anywhere */
    lua_pop(L, 1);
  }
  script_rawfield(L, t, "flip");
  if (lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "capture") == 0) v->promo_flip = 2;
  else if (lua_isboolean(L, -1) || lua_isnil(L, -1)) v->promo_flip = lua_toboolean(L, -1);
  else problem(r, "promotion.flip: expected true, false or \"capture\"");
  lua_pop(L, 1);
  if (get_string(r, t, "pieces", "promotion.", buf, sizeof buf)) {
    v->promo_none = buf[0] == '\0'; /* given empty: nothing to promote to */
    for (const char *s = buf; *s; s++) {
      int ty = letter_type(v, *s);
      if (ty < 0) problem(r, "promotion.pieces: '%c' is not one of the pieces", *s);
      else if (v->npromo < MAX_PROMO) v->promo_type[v->npromo++] = (uint8_t)ty;
    }
  }
  int sides = get_table(r, t, "by_side", "promotion.");
  if (sides) {
    read_promotion_sides(r, sides, v);
    lua_pop(L, 1);
  }
  /* compulsory: the zone's last ranks where a piece must promote, or true
  ** for all of it, which also makes a promoted form compulsory */
  script_rawfield(L, t, "compulsory");
  if (lua_isboolean(L, -1)) {
    v->form_compulsory = lua_toboolean(L, -1);
    v->promo_compulsory = v->promo_zone;
  } else if (lua_isnil(L, -1)) {
    v->promo_compulsory = v->promo_zone;
  } else {
    lua_pop(L, 1);
    /* 0: no rank (or square) of the zone is compulsory */
    v->promo_compulsory = get_int(r, t, "compulsory", "promotion.", v->promo_zone, 0, MAX_RANKS);
    v->promo_optional = v->promo_compulsory == 0;
    if (v->promo_zone_squares && !v->promo_optional)
      problem(r, "promotion.compulsory: a number of ranks needs a zone of ranks (a zone of squares is compulsory on all of them, or on none with 0)");
    lua_pushnil(L);
  }
  lua_pop(L, 1);
  int lim = get_table(r, t, "limit", "promotion.");
  if (lim) {
    lua_pushnil(L);
    while (lua_next(L, lim)) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
      int ty = k && strlen(k) == 1 ? letter_type(v, k[0]) : -1;
      lua_Integer count = 0;
      if (ty < 0)
        problem(r, "promotion.limit: \"%s\" is not one of the pieces", k ? k : luaL_typename(L, -2));
      else if (whole_number(L, -1, &count) <= 0 || count < 1 || count > 64)
        problem(r, "promotion.limit.%s: expected a whole number from 1 to 64", k);
      else
        v->promo_limit[ty] = (uint8_t)count;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* drops = { captures, keep_promoted, pawn_first_rank, ... }: pieces in hand */
static void read_drops(Reader *r, int t, Variant *v) {
  static const char *const known_drops[] = {"captures", "keep_promoted", "pawn_first_rank", "pawn_zone",
                                            "no_doubled", "doubled_limit", "no_mate", "mate_loses", "promoted", "no_check",
                                            "region", "must", "opposite", "free", "gating", "gate_shields",
                                            "unlimited", "enclosing", "start", "restart_count", NULL};
  lua_State *L = r->L;
  char buf[512];
  unknown_keys(r, t, "drops.", known_drops);
  v->drops = get_bool(r, t, "free", "drops.", 1);
  /* unlimited: every piece always in hand, so no pocket to keep or write */
  v->drop_unlimited = get_bool(r, t, "unlimited", "drops.", 0);
  v->drop_clock = get_bool(r, t, "restart_count", "drops.", 0);
  v->pockets = !v->drop_unlimited;
  if (get_string(r, t, "enclosing", "drops.", buf, sizeof buf)) {
    if (strcmp(buf, "adjacent") == 0) v->enclosing = ENCLOSE_ADJACENT;
    else if (strcmp(buf, "line") == 0) v->enclosing = ENCLOSE_LINE;
    else if (strcmp(buf, "apart") == 0) v->enclosing = ENCLOSE_APART;
    else if (strcmp(buf, "fall") == 0) v->enclosing = ENCLOSE_FALL;
    else if (strcmp(buf, "slide") == 0) v->enclosing = ENCLOSE_SLIDE;
    else if (strcmp(buf, "none") != 0)
      problem(r, "drops.enclosing: \"%s\" (expected none, adjacent, line, apart, fall or slide)", buf);
  }
  if (get_string(r, t, "start", "drops.", buf, sizeof buf)) {
    v->has_enclose_start = 1;
    parse_squares(r, buf, "drops.start", &v->geo, v->enclose_start);
  }
  v->gating = get_bool(r, t, "gating", "drops.", 0);
  v->gate_shields = get_bool(r, t, "gate_shields", "drops.", 1);
  v->capture_to_pocket = get_bool(r, t, "captures", "drops.", 1);
  v->keep_promoted = get_bool(r, t, "keep_promoted", "drops.", 0);
  v->pawn_first_rank = get_bool(r, t, "pawn_first_rank", "drops.", 0);
  v->pawn_zone = get_bool(r, t, "pawn_zone", "drops.", 0);
  v->drop_promoted = get_bool(r, t, "promoted", "drops.", 0);
  v->drop_no_check = get_bool(r, t, "no_check", "drops.", 0);
  /* no_doubled's piece may be dropped on a file holding fewer than this
  ** many (0: never dropped) */
  v->drop_doubled_limit = get_int(r, t, "doubled_limit", "drops.", 1, 0, MAX_RANKS);
  /* must: true (a drop while the pocket holds any piece) or the letter of
  ** the one that must be dropped (and no other) while the pocket holds it */
  script_rawfield(L, t, "must");
  if (lua_isboolean(L, -1) || lua_isnil(L, -1)) v->must_drop = lua_toboolean(L, -1);
  else if (lua_isstring(L, -1) && strlen(lua_tostring(L, -1)) == 1 &&
           letter_type(v, lua_tostring(L, -1)[0]) >= 0)
    v->must_drop = 2 + letter_type(v, lua_tostring(L, -1)[0]);
  else problem(r, "drops.must: expected true, false or a piece letter");
  lua_pop(L, 1);
  int rg = get_table(r, t, "region", "drops.");
  if (rg) {
    static const char *const known_region[] = {"white", "black", NULL};
    unknown_keys(r, rg, "drops.region.", known_region);
    v->has_drop_region = 1;
    read_sides(r, rg, "drops.region.", &v->geo, v->drop_region);
    lua_pop(L, 1);
  }
  static const char *const which[] = {"no_doubled", "no_mate", "mate_loses", "opposite"};
  int *into[] = {&v->drop_no_doubled, &v->drop_no_mate, &v->drop_mate_loses, &v->drop_opposite};
  for (int i = 0; i < 4; i++)
    if (get_string(r, t, which[i], "drops.", buf, sizeof buf)) {
      int ty = strlen(buf) == 1 ? letter_type(v, buf[0]) : -1;
      if (ty < 0) problem(r, "drops.%s: \"%s\" is not one of the pieces", which[i], buf);
      else *into[i] = ty + 1;
    }
  lua_pop(L, 1);
}

/* castling = { rook, king, king_files, notation, rights, rank, from_drops,
** opposite, wins } */
static void read_castling(Reader *r, int t, Variant *v) {
  static const char *const known_castle[] = {"rook", "king", "king_files", "notation",
                                             "rights", "rank", "from_drops", "opposite",
                                             "wins", NULL};
  lua_State *L = r->L;
  char buf[512];
  unknown_keys(r, t, "castling.", known_castle);
  v->castling = 1;
  if (get_string(r, t, "rook", "castling.", buf, sizeof buf)) {
    /* one letter, or several: the king castles with any of them */
    v->castle_rook_type = -1;
    v->castle_rook_mask = 0;
    for (const char *c = buf; *c; c++) {
      int type = letter_type(v, *c);
      if (type < 0) {
        v->castle_rook_mask = 0;
        break;
      }
      if (v->castle_rook_type < 0) v->castle_rook_type = type;
      v->castle_rook_mask |= 1u << type;
    }
    if (!v->castle_rook_mask) {
      v->castle_rook_type = -1;
      problem(r, "castling.rook: \"%s\" is not one of the pieces", buf);
    }
  } else {
    problem(r, "castling.rook: missing (the letter of the piece the king castles with)");
  }
  if (get_string(r, t, "king", "castling.", buf, sizeof buf)) {
    v->castle_king_type = strlen(buf) == 1 ? letter_type(v, buf[0]) : -1;
    if (v->castle_king_type < 0) problem(r, "castling.king: \"%s\" is not one of the pieces", buf);
  }
  if (get_string(r, t, "rights", "castling.", buf, sizeof buf)) {
    if (strcmp(buf, "always") == 0) v->castle_always = 1;
    else if (strcmp(buf, "unmoved") != 0)
      problem(r, "castling.rights: \"%s\" (expected unmoved or always)", buf);
  }
  int kf = get_table(r, t, "king_files", "castling.");
  if (kf) {
    for (int s = 0; s < 2; s++) {
      lua_rawgeti(L, kf, s + 1);
      const char *f = lua_tostring(L, -1);
      if (!f || strlen(f) != 1 || f[0] < 'a' || f[0] >= 'a' + v->geo.files)
        problem(r, "castling.king_files[%d]: expected a file letter of the board", s + 1);
      else
        v->castle_king_file[s] = f[0] - 'a';
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  } else {
    v->castle_king_file[0] = v->geo.files - 2;
    v->castle_king_file[1] = 2;
  }
  v->castle_rank = get_int(r, t, "rank", "castling.", 1, 1, v->geo.ranks) - 1;
  if (get_string(r, t, "from_drops", "castling.", buf, sizeof buf)) {
    if (strlen(buf) != 1 || buf[0] < 'a' || buf[0] >= 'a' + v->geo.files)
      problem(r, "castling.from_drops: \"%s\" is not a file of the board", buf);
    else
      v->castle_drop_file = buf[0] - 'a';
  }
  if (get_string(r, t, "notation", "castling.", buf, sizeof buf)) {
    if (strcmp(buf, "king-takes-rook") == 0) v->castle_king_takes_rook = 1;
    else if (strcmp(buf, "king-moves") != 0)
      problem(r, "castling.notation: \"%s\" (expected king-moves or king-takes-rook)", buf);
  }
  v->castle_opposite = get_bool(r, t, "opposite", "castling.", 0);
  /* wins: the rights (KQkq) whose castling wins, and whose loss loses */
  if (get_string(r, t, "wins", "castling.", buf, sizeof buf)) {
    for (const char *c = buf; *c; c++) {
      const char *at = strchr("KQkq", *c);
      if (!at) {
        problem(r, "castling.wins: \"%s\" (expected castling rights, letters of KQkq)", buf);
        break;
      }
      v->castle_wins |= 1 << (at - "KQkq");
    }
  }
  lua_pop(L, 1);
}

/* rules = { checkmate, stalemate, nmove, repetition, extinction, goal, ... }: how games end and what is allowed */
static void read_rules(Reader *r, int t, Variant *v) {
  static const char *const known_rules[] = {"king_capture", "checkmate", "stalemate",
                                            "nmove", "repetition", "repetition_result",
                                            "extinction", "no_takeback", "points_tie",
                                            "agreement", "unique_destination", "diagonal_once",
                                            "promote_to_lost", "must_capture", "no_check", "goal",
                                            "king_held", "no_immobile", "facing_kings", "facing_result", "facing_ranks",
                                            "pass", "passes_end", "komi", "nmove_result", "check_limit",
                                            "blast", "checkmate_by", "checkmate_series", "dead_position", "nmove_pawns", "en_passant_ranks",
                                            "royals", "connect", "perpetual_check", "mutually_immune",
                                            "flip", "pass_on_stalemate", "full_board",
                                            "counting", "chasing", NULL};
  static const char *const known_blast[] = {"radius", "immune", "survivors", NULL};
  static const char *const known_ext[] = {"result", "pieces", "count", "opponent",
                                          "claim", "together", NULL};
  static const char *const known_goal[] = {"result", "pieces", "white", "black", "reply",
                                           "count", "blocked", "safe", NULL};
  lua_State *L = r->L;
  char buf[512];
  unknown_keys(r, t, "rules.", known_rules);
  v->royal_capture = get_bool(r, t, "king_capture", "rules.", 0);
  if (get_string(r, t, "royals", "rules.", buf, sizeof buf)) {
    if (strcmp(buf, "each") == 0) v->royals = ROYALS_EACH;
    else if (strcmp(buf, "alone") == 0) v->royals = ROYALS_ALONE;
    else if (strcmp(buf, "all") == 0) v->royals = ROYALS_ALL;
    else problem(r, "rules.royals: \"%s\" (expected \"each\", \"alone\" or \"all\")", buf);
  }
  v->checkmate = get_result(r, t, "checkmate", "rules.", RESULT_LOSS);
  v->stalemate = get_result(r, t, "stalemate", "rules.", RESULT_DRAW);
  v->nmove = get_int(r, t, "nmove", "rules.", 50, 0, 100000);
  v->nmove_result = get_result(r, t, "nmove_result", "rules.", RESULT_DRAW);
  v->nmove_captures_only = !get_bool(r, t, "nmove_pawns", "rules.", 1);
  int epr = get_table(r, t, "en_passant_ranks", "rules.");
  if (epr) { /* ranks, from the mover's side, of the squares passed over */
    for (lua_Integer j = 1; lua_rawgeti(L, epr, j) != LUA_TNIL; j++) {
      lua_Integer rank = 0;
      if (whole_number(L, -1, &rank) < 0) rank = 0;
      if (rank < 1 || rank > v->geo.ranks)
        problem(r, "rules.en_passant_ranks[%d]: expected a rank from 1 to %d", (int)j, v->geo.ranks);
      else
        v->ep_ranks |= (uint16_t)(1u << (rank - 1));
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  script_rawfield(L, t, "komi");
  if (!lua_isnil(L, -1)) {
    lua_Number k = lua_tonumber(L, -1);
    if (!lua_isnumber(L, -1) || k * 2 != (lua_Number)(int)(k * 2) || k < -1000 || k > 1000)
      problem(r, "rules.komi: expected a number of whole or half points (such as 1.5)");
    else v->komi2 = (int)(k * 2);
  }
  lua_pop(L, 1);
  v->repetition = get_int(r, t, "repetition", "rules.", 3, 0, 100);
  v->repetition_result = get_result(r, t, "repetition_result", "rules.", RESULT_DRAW);
  v->perpetual_check = get_result(r, t, "perpetual_check", "rules.", RESULT_NONE);
  if (v->perpetual_check == RESULT_POINTS || v->perpetual_check == RESULT_FEWER ||
      v->perpetual_check == RESULT_MATERIAL)
    problem(r, "rules.perpetual_check: expected \"win\", \"loss\" or \"draw\"");
  v->no_takeback = get_bool(r, t, "no_takeback", "rules.", 0);
  v->agreement = get_bool(r, t, "agreement", "rules.", 0);
  v->unique_destination = get_bool(r, t, "unique_destination", "rules.", 0);
  v->diagonal_once_bit = get_bool(r, t, "diagonal_once", "rules.", 0) ? 1 : 0;
  v->promote_to_lost = get_bool(r, t, "promote_to_lost", "rules.", 0);
  v->no_immobile = get_bool(r, t, "no_immobile", "rules.", 0);
  v->points_tie = get_result(r, t, "points_tie", "rules.", RESULT_DRAW);
  if (v->points_tie == RESULT_POINTS || v->points_tie == RESULT_FEWER ||
      v->points_tie == RESULT_MATERIAL)
    problem(r, "rules.points_tie: \"%s\" cannot break a tie",
            v->points_tie == RESULT_POINTS ? "points" :
            v->points_tie == RESULT_FEWER ? "fewer pieces" : "material");
  int e = get_table(r, t, "extinction", "rules.");
  if (e) {
    unknown_keys(r, e, "rules.extinction.", known_ext);
    v->extinction = get_result(r, e, "result", "rules.extinction.", RESULT_LOSS);
    if (get_string(r, e, "pieces", "rules.extinction.", buf, sizeof buf)) {
      for (const char *s = buf; *s; s++) {
        int ty = *s == '*' ? -2 : next_type(v, &s);
        if (ty == -2) v->extinction_all = 1;
        else if (ty < 0) problem(r, "rules.extinction.pieces: '%c' is not one of the pieces", *s);
        else v->extinction_types |= 1u << ty;
      }
    } else {
      problem(r, "rules.extinction.pieces: missing (letters, or * for all pieces)");
    }
    v->extinction_count = get_int(r, e, "count", "rules.extinction.", 0, 0, MAX_PIECES);
    v->extinction_opponent = get_int(r, e, "opponent", "rules.extinction.", 0, 0, MAX_PIECES);
    v->extinction_claim = get_bool(r, e, "claim", "rules.extinction.", 0);
    v->extinction_together = get_bool(r, e, "together", "rules.extinction.", 0);
    if (v->extinction_together && v->extinction_all)
      problem(r, "rules.extinction.together: not with '*', which counts all pieces together already");
    lua_pop(L, 1);
  }
  v->must_capture = get_bool(r, t, "must_capture", "rules.", 0);
  v->no_check = get_bool(r, t, "no_check", "rules.", 0);
  v->king_held = get_bool(r, t, "king_held", "rules.", 0);
  v->pass = get_bool(r, t, "pass", "rules.", 0);
  /* pass_on_stalemate: true (both sides), "white" or "black" */
  script_rawfield(L, t, "pass_on_stalemate");
  if (lua_isboolean(L, -1)) v->pass_stuck[0] = v->pass_stuck[1] = (uint8_t)lua_toboolean(L, -1);
  else if (lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "white") == 0) v->pass_stuck[WHITE] = 1;
  else if (lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "black") == 0) v->pass_stuck[BLACK] = 1;
  else if (!lua_isnil(L, -1)) problem(r, "rules.pass_on_stalemate: expected true, false, \"white\" or \"black\"");
  lua_pop(L, 1);
  v->passes_end = get_result(r, t, "passes_end", "rules.", RESULT_NONE);
  if (v->passes_end != RESULT_NONE && !v->pass && !v->pass_stuck[0] && !v->pass_stuck[1])
    problem(r, "rules.passes_end: needs rules.pass or rules.pass_on_stalemate");
  if (v->pass && (v->pass_stuck[0] || v->pass_stuck[1]))
    problem(r, "rules.pass_on_stalemate: not with rules.pass (a side that may always pass)");
  v->full_board = get_result(r, t, "full_board", "rules.", RESULT_NONE);
  if (get_string(r, t, "flip", "rules.", buf, sizeof buf)) {
    if (strcmp(buf, "adjacent") == 0) v->flip = FLIP_ADJACENT;
    else if (strcmp(buf, "line") == 0) v->flip = FLIP_LINE;
    else if (strcmp(buf, "adjacent_joined") == 0) v->flip = FLIP_ADJACENT_JOINED;
    else if (strcmp(buf, "none") != 0)
      problem(r, "rules.flip: \"%s\" (expected none, adjacent, adjacent_joined or line)", buf);
  }
  if (get_string(r, t, "facing_kings", "rules.", buf, sizeof buf)) {
    if (strcmp(buf, "illegal") == 0) v->facing_illegal = 1;
    else if (strcmp(buf, "must_break") == 0) v->facing_break = 1;
    else if (strcmp(buf, "allowed") != 0)
      problem(r, "rules.facing_kings: \"%s\" (expected allowed, illegal or must_break)", buf);
  }
  v->facing_result = get_result(r, t, "facing_result", "rules.", RESULT_DRAW);
  v->facing_ranks = get_bool(r, t, "facing_ranks", "rules.", 0);
  if (v->facing_ranks && !v->facing_illegal && !v->facing_break)
    problem(r, "rules.facing_ranks: needs rules.facing_kings (illegal or must_break)");
  if (v->facing_break && !v->pass)
    problem(r, "rules.facing_kings: must_break needs rules.pass");
  v->check_limit = get_int(r, t, "check_limit", "rules.", 0, 0, 99);
  int bl = get_table(r, t, "blast", "rules.");
  if (bl) {
    unknown_keys(r, bl, "rules.blast.", known_blast);
    v->blast_radius = get_int(r, bl, "radius", "rules.blast.", 1, 1, MAX_BLAST_RADIUS);
    /* a blast's legality judges each royal piece (blast_shielded) */
    if (v->royals != ROYALS_EACH) problem(r, "rules.royals: only \"each\" with rules.blast");
    if (get_string(r, bl, "immune", "rules.blast.", buf, sizeof buf))
      for (const char *s = buf; *s; s++) {
        int ty = letter_type(v, *s);
        if (ty < 0) problem(r, "rules.blast.immune: '%c' is not one of the pieces", *s);
        else v->blast_immune |= 1u << ty;
      }
    v->blast_survivors = get_types(r, bl, "survivors", "rules.blast.", v);
    lua_pop(L, 1);
  }
  v->mutual_immune = get_types(r, t, "mutually_immune", "rules.", v);
  read_dead_position(r, t, v);
  read_counting(r, t, v);
  read_chasing(r, t, v);
  read_mate_rule(r, t, "checkmate_by", RESULT_WIN, &v->mate_by, &v->mate_by_types, v);
  read_mate_rule(r, t, "checkmate_series", RESULT_DRAW, &v->mate_series,
                 &v->mate_series_types, v);
  read_connect(r, t, v);
  int gl = get_table(r, t, "goal", "rules.");
  if (gl) {
    unknown_keys(r, gl, "rules.goal.", known_goal);
    read_goal(r, gl, v);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* ---- names: what other programs call the variant ---------------------- */

/* A name another program reads or writes: printable ASCII without quotes
** (a PGN tag's value, a word of a protocol), and for XBoard one word that
** its variants feature can list (no space, no comma). */
static int fits_name(const char *s, int one_word) {
  int alnum = 0;
  for (; *s; s++) {
    if (*s < 0x20 || *s >= 0x7f || *s == '"' || *s == '\\') return 0;
    if (one_word && (*s == ' ' || *s == ',')) return 0;
    alnum |= isalnum((unsigned char)*s) != 0;
  }
  return alnum; /* a name compared without its punctuation is not empty */
}

/* names[key] = NAME or {NAME...}, up to MAX_OTHER_NAMES names, into out;
** returns how many were read. as_script: each is a name a script could
** have (letters, digits, '_', '-', '.'), since it is taken where one is;
** else printable characters. */
static int read_name_list(Reader *r, int t, const char *key, char out[][OTHER_NAME_LEN], int as_script) {
  lua_State *L = r->L;
  int count = 0;
  int type = script_rawfield(L, t, key);
  if (type == LUA_TSTRING) { /* one name: a list of one */
    lua_newtable(L);
    lua_insert(L, -2);
    lua_rawseti(L, -2, 1);
  } else if (type != LUA_TTABLE && type != LUA_TNIL) {
    problem(r, "names.%s: expected a name or a list of names", key);
  }
  if (lua_istable(L, -1)) {
    lua_Integer len = (lua_Integer)lua_rawlen(L, -1), entries = 0;
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      entries++;
      lua_pop(L, 1);
    }
    if (entries != len) problem(r, "names.%s: expected a list of names", key);
    if (len > MAX_OTHER_NAMES) problem(r, "names.%s: more than %d names", key, MAX_OTHER_NAMES);
    for (lua_Integer i = 1; i <= len && i <= MAX_OTHER_NAMES; i++) {
      size_t k;
      const char *name = lua_rawgeti(L, -1, i) == LUA_TSTRING ? lua_tolstring(L, -1, &k) : NULL;
      if (!name) problem(r, "names.%s[%d]: expected a string", key, (int)i);
      else if (k >= OTHER_NAME_LEN) problem(r, "names.%s[%d]: longer than %d characters", key, (int)i, OTHER_NAME_LEN - 1);
      else if (as_script && !script_valid_name(name))
        problem(r, "names.%s[%d]: \"%s\" is not a variant's name (letters, digits, '_', '-', '.')", key, (int)i, name);
      else if (!as_script && !fits_name(name, 0))
        problem(r, "names.%s[%d]: \"%s\" is not a name of printable characters", key, (int)i, name);
      else memcpy(out[count++], name, k + 1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return count;
}

/* names = { xboard = NAME, shuffled_from = VARIANT, pgn = NAME or {NAME...},
** aliases = NAME or {NAME...} }: read into n. */
static void read_names(Reader *r, int t, VariantNames *n) {
  static const char *const known[] = {"xboard", "shuffled_from", "pgn", "aliases", NULL};
  unknown_keys(r, t, "names.", known);
  if (get_string(r, t, "xboard", "names.", n->xboard, sizeof n->xboard) && !fits_name(n->xboard, 1)) {
    problem(r, "names.xboard: \"%s\" is not one word of printable characters", n->xboard);
    n->xboard[0] = '\0';
  }
  if (get_string(r, t, "shuffled_from", "names.", n->shuffled_from, sizeof n->shuffled_from) &&
      !script_valid_name(n->shuffled_from)) {
    problem(r, "names.shuffled_from: \"%s\" is not the name of a variant script", n->shuffled_from);
    n->shuffled_from[0] = '\0';
  }
  n->nother = read_name_list(r, t, "pgn", n->other, 0);
  n->nalias = read_name_list(r, t, "aliases", n->alias, 1);
}

int script_names(lua_State *L, int idx, VariantNames *n, char *err, size_t errlen) {
  Reader rd = {L, err, errlen, 0}, *r = &rd;
  err[0] = '\0';
  memset(n, 0, sizeof *n);
  if (!lua_istable(L, idx)) return -1;
  int t = get_table(r, lua_absindex(L, idx), "names", "");
  if (t) {
    read_names(r, t, n);
    lua_pop(L, 1);
  }
  return r->nerr ? -1 : 0;
}

/* A hexagon of hexagonal cells, `files` across (odd: 11 for the 91-cell
** board), on a square array in axial coordinates: file x holds the array
** cells y with |x - y| < side, and every hex direction is one fixed offset
** (docs/internals.md). Files are lettered without j, as hexagonal chess
** writes them; every file's cells are named from rank 1 up. */
static void hex_geometry(Reader *r, Geometry *g) {
  static const char letters[] = "abcdefghiklmnopq";
  int n = g->files;
  if (n % 2 == 0 || n < 3 || n > MAX_RANKS) {
    problem(r, "topology: \"hex\" needs an odd number of files from 3 to %d, not %d", MAX_RANKS - 1, n);
    return;
  }
  int side = (n + 1) / 2;
  board_geometry(g, n, n);
  g->hex = 1;
  for (int x = 0; x < n; x++) {
    g->file_letter[x] = letters[x];
    g->rank_shift[x] = (int8_t)(x >= side ? x - side + 1 : 0);
    for (int y = 0; y < n; y++)
      if (y - x >= side || x - y >= side) {
        g->hole[y] |= (uint16_t)(1u << x);
        g->nholes++;
      }
  }
}

/* topology: plain, cylinder (the files wrap) or torus (files and
** ranks wrap); holes = "a1 l1-l12": cells that do not exist. Read before
** the pieces and the start, which name squares. */
static void read_topology(Reader *r, int idx, Geometry *g) {
  char buf[1024];
  if (get_string(r, idx, "topology", "", buf, sizeof buf)) {
    if (strcmp(buf, "cylinder") == 0) g->wrap = WRAP_FILES;
    else if (strcmp(buf, "torus") == 0) g->wrap = WRAP_FILES | WRAP_RANKS;
    else if (strcmp(buf, "hex") == 0) hex_geometry(r, g);
    else if (strcmp(buf, "plain") != 0)
      problem(r, "topology: \"%s\" (expected plain, cylinder, torus or hex)", buf);
  }
  if (!get_string(r, idx, "holes", "", buf, sizeof buf)) return;
  uint16_t set[MAX_RANKS];
  parse_squares(r, buf, "holes", g, set);
  int n = 0;
  for (int rank = 0; rank < g->ranks; rank++) n += __builtin_popcount(set[rank]);
  if (n >= g->files * g->ranks) {
    problem(r, "holes: every cell of the board is a hole");
    return;
  }
  for (int rank = 0; rank < g->ranks; rank++) g->hole[rank] |= set[rank]; /* (a hex board has its own) */
  g->nholes = 0;
  for (int rank = 0; rank < g->ranks; rank++) g->nholes += __builtin_popcount(g->hole[rank]);
}

int script_variant(lua_State *L, int idx, Variant *v, char *err, size_t errlen) {
  static const char *const known[] = {"name", "files", "ranks", "pieces", "start",
                                      "promotion", "castling", "rules", "turn",
                                      "ownership", "hooks", "description", "fairy_stockfish",
                                      "options", "with_options", "visibility",
                                      "tries", "on_move", "on_attempt", "on_result", "cards",
                                      "drops", "on_position", "names", "differs", "topology",
                                      "holes", "eval", NULL};
  Reader rd = {L, err, errlen, 0}, *r = &rd;
  char buf[512];
  err[0] = '\0';
  idx = lua_absindex(L, idx);
  variant_defaults(v);
  if (!lua_istable(L, idx)) {
    problem(r, "a variant script must return a table, %s",
            lua_isboolean(L, idx) ? "and this one returns nothing" :
            lua_pushfstring(L, "not a %s", luaL_typename(L, idx)));
    return -1;
  }
  char path[256] = "";
  lua_newtable(L);
  refuse_nul(r, idx, lua_gettop(L), path, sizeof path);
  lua_pop(L, 1);
  if (r->nerr) return -1;
  unknown_keys(r, idx, "", known);
  if (!get_string(r, idx, "name", "", v->name, sizeof v->name))
    problem(r, "name: missing");
  int files = get_int(r, idx, "files", "", 8, 1, MAX_FILES);
  int ranks = get_int(r, idx, "ranks", "", 8, 1, MAX_RANKS);
  board_geometry(&v->geo, files, ranks);
  read_topology(r, idx, &v->geo);
  int t = get_table(r, idx, "pieces", "");
  if (t) {
    read_pieces(r, t, v);
    lua_pop(L, 1);
  } else {
    problem(r, "pieces: missing");
  }
  if (!get_string(r, idx, "start", "", v->start_fen, sizeof v->start_fen))
    problem(r, "start: missing (the start position as a FEN)");

  if ((t = get_table(r, idx, "promotion", ""))) read_promotion(r, t, v);

  /* drops = { captures = true, keep_promoted = false, pawn_first_rank = false } */
  if ((t = get_table(r, idx, "drops", ""))) read_drops(r, t, v);

  if ((t = get_table(r, idx, "castling", ""))) read_castling(r, t, v);

  if ((t = get_table(r, idx, "rules", ""))) read_rules(r, t, v);
  read_turn(r, idx, v);
  read_ownership(r, idx, v);
  read_cards(r, idx, v);
  read_eval(r, idx, v);
  /* differs = { "what the script plays otherwise than its source", ... } */
  if ((t = get_table(r, idx, "differs", ""))) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, t);
    for (lua_Integer k = 1; k <= n; k++) {
      if (lua_rawgeti(L, t, k) != LUA_TSTRING) problem(r, "differs[%d]: expected a string", (int)k);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  if ((t = get_table(r, idx, "names", ""))) {
    read_names(r, t, &v->names);
    lua_pop(L, 1);
  }
  if (get_string(r, idx, "visibility", "", buf, sizeof buf)) {
    if (strcmp(buf, "own") == 0) v->visibility = SEE_OWN;
    else if (strcmp(buf, "all") != 0)
      problem(r, "visibility: \"%s\" (expected all or own)", buf);
  }
  v->tries = get_bool(r, idx, "tries", "", 0);
  static const char *const hooks[] = {"on_move", "on_attempt", "on_result", "with_options",
                                      "on_position"};
  for (int i = 0; i < 5; i++) {
    int type = script_rawfield(L, idx, hooks[i]);
    if (type != LUA_TNIL && type != LUA_TFUNCTION) problem(r, "%s: expected a function", hooks[i]);
    lua_pop(L, 1);
  }
  /* Every problem in one run: the table's, then the contradictions and
  ** the start position that variant_conclude checks. It stops at a bad
  ** Betza string, so each is reported here and set aside first. */
  set_aside_bad_betza(r, v);
  char cerr[2048];
  if (v->ntypes && rules_conclude(v, cerr, sizeof cerr)) problem(r, "%s", cerr);
  return r->nerr ? -1 : 0;
}
