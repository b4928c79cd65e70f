/*
** pgn.c - PGN out and in.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "binding.h"
#include "rules.h"
#include "notation.h"
#include "pgn.h"
#include "script.h"
#include "textio.h"

static void put_comment(FILE *f, const char *text) {
  fputs(" {", f);
  for (const char *c = text; *c; c++) fputc(*c == '}' ? ')' : *c, f);
  fputc('}', f);
}

/* A tag's value with PGN's escapes (a quote or backslash inside). */
static void put_tag(FILE *f, const char *tag, const char *value) {
  fprintf(f, "[%s \"", tag);
  for (const char *c = value; *c; c++) {
    if (*c == '"' || *c == '\\') fputc('\\', f);
    fputc(*c == '\n' ? ' ' : *c, f);
  }
  fputs("\"]\n", f);
}

void pgn_write(lua_State *L, Game *g, const char *spec, uint64_t seed, FILE *f) {
  pgn_write_header(L, g, spec, seed, NULL, f);
}

void pgn_write_header(lua_State *L, Game *g, const char *spec, uint64_t seed, const PgnHeader *h,
                      FILE *f) {
  char date[16], buf[128], name[512];
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y.%m.%d", localtime(&now));
  GameResult r = game_result(g);
  const char *result = !r.over ? "*" : r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2";
  const char *termination = r.over ? r.reason : NULL;
  if (h && h->result) result = h->result;
  if (h && h->termination) termination = h->termination;
  snprintf(name, sizeof name, "%s", spec);
  name[script_name_len(name)] = '\0'; /* without the options */
  put_tag(f, "Event", h && h->event ? h->event : "varia game");
  fprintf(f, "[Site \"?\"]\n[Date \"%s\"]\n", date);
  put_tag(f, "Round", h && h->round ? h->round : "-");
  put_tag(f, "White", h && h->white ? h->white : "?");
  put_tag(f, "Black", h && h->black ? h->black : "?");
  fprintf(f, "[Result \"%s\"]\n", result);
  fprintf(f, "[Variant \"%s\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n", spec, g->start_fen);
  fprintf(f, "[VariaScript \"%016llx\"]\n", (unsigned long long)script_hash(L, name));
  fprintf(f, "[VariaSeed \"%llu\"]\n", (unsigned long long)seed);
  if (termination) put_tag(f, "Termination", termination);
  fputc('\n', f);

  /* Replay on a scratch position, writing SAN; Lua owns the scratch. */
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = g->pos;
  for (int i = g->n - 1; i >= 0; i--)
    if (!IS_GAME_ACTION(g->moves[i])) move_unmake(p, g->moves[i], &g->undos[i]);
  /* The generator as the [FEN] has it: a reader starts from there. */
  const char *start_rng = strstr(g->start_fen, "rng=");
  if (start_rng) p->rng = strtoull(start_rng + 4, NULL, 16);
  int m = 0, turn_open = 0, last_side = -1;
  for (int i = 0; i < g->n; i++) {
    Move mv = g->moves[i];
    if (IS_GAME_ACTION(mv)) {
      const char *text = game_entry_text(g, i);
      snprintf(buf, sizeof buf, "%s%s", text ? "try " : "", text ? text : game_action_names[MOVE_PROMO(mv)]);
      put_comment(f, buf);
    } else if (MOVE_FLAG(mv) == MF_DRAW) {
      /* chance: replayed from the generator in the FEN */
    } else {
      /* The generator where it no longer follows from the start (a take-
      ** back does not rewind it): its state, before the text that draws. */
      int jump = g->v->ncard_values && g->undos[i].rng != p->rng;
      if (jump) {
        snprintf(buf, sizeof buf, "rng %llx", (unsigned long long)g->undos[i].rng);
        put_comment(f, buf);
        p->rng = g->undos[i].rng;
      }
      int joined = turn_open && p->side == last_side && p->phase != 0;
      if (joined && !jump) fputc(',', f);
      else if (joined) fputc(' ', f);
      else {
        if (p->side == WHITE || m == 0) fprintf(f, "%s%d.%s", m || jump ? " " : "", p->fullmove, p->side == BLACK ? ".." : "");
        fputc(' ', f);
      }
      move_to_san(p, mv, buf, sizeof buf);
      fputs(buf, f);
      m++;
      last_side = p->side;
    }
    Undo u;
    if (!IS_GAME_ACTION(mv)) move_make(p, mv, &u);
    turn_open = !IS_GAME_ACTION(mv) && p->phase != 0;
    /* the referee's announcements of this step */
    for (int k = 0; k < g->nmsgs; k++)
      if (g->msgs[k].index == i + 1) {
        snprintf(buf, sizeof buf, "referee%s: %s",
                 g->msgs[k].audience == AUDIENCE_ALL ? "" : g->msgs[k].audience == AUDIENCE_WHITE ? " to White" : " to Black",
                 g->msgs[k].text);
        put_comment(f, buf);
      }
  }
  lua_pop(L, 1);
  fprintf(f, "%s%s\n", m ? " " : "", result);
}

typedef struct PgnWrite {
  Game *g;
  const char *spec;
  uint64_t seed;
  FILE *f;
} PgnWrite;

static int write_protected(lua_State *L) {
  PgnWrite *t = lua_touserdata(L, 1);
  pgn_write(L, t->g, t->spec, t->seed, t->f);
  return 0;
}

int pgn_save(lua_State *L, Game *g, const char *spec, uint64_t seed, const char *path,
             char *err, size_t errlen) {
  char *text = NULL;
  size_t n = 0;
  /* The whole text first, in memory (under pcall, so that no error leaves
  ** the buffer behind); then the file, in one step. */
  FILE *f = open_memstream(&text, &n);
  if (!f) {
    snprintf(err, errlen, "cannot save %s: out of memory", path);
    return -1;
  }
  PgnWrite t = {g, spec, seed, f};
  lua_pushcfunction(L, write_protected);
  lua_pushlightuserdata(L, &t);
  int status = lua_pcall(L, 1, 0, 0);
  if (fclose(f) != 0 && status == LUA_OK) status = LUA_ERRMEM;
  if (status != LUA_OK) {
    snprintf(err, errlen, "cannot save %s: %s", path,
             status == LUA_ERRMEM ? "out of memory" : lua_tostring(L, -1));
    if (lua_gettop(L) && lua_isstring(L, -1)) lua_pop(L, 1);
    free(text);
    return -1;
  }
  int bad = textio_save(path, text, n, err, errlen);
  free(text);
  return bad;
}

/* ---- reading ------------------------------------------------------------
** PGN's import format, for the first game of a file: tags, then movetext
** up to the game termination marker. Comments ({...} and ; to the end of
** the line), escape lines (% in the first column), NAGs, variations and
** move numbers are skipped, except the comments that record varia's
** actions. Whatever is not PGN is an error naming file:line, never an
** empty game. */

typedef struct PgnText {
  const char *s;    /* the next character */
  const char *line_start;
  int line;
  const char *path;
  lua_State *L;
} PgnText;

/* Pushes "path:line: message" and returns -1. */
static int pgn_fail(PgnText *t, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int pgn_fail(PgnText *t, int line, const char *fmt, ...) {
  char msg[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  lua_pushfstring(t->L, "%s:%d: %s", t->path, line, msg);
  return -1;
}

static void pgn_advance(PgnText *t) {
  if (*t->s == '\n') {
    t->line++;
    t->line_start = t->s + 1;
  }
  t->s++;
}

/* Skips white space, escape lines and ';' comments. */
static void skip_blank(PgnText *t) {
  for (;;) {
    if (isspace((unsigned char)*t->s)) pgn_advance(t);
    else if (*t->s == ';' || (*t->s == '%' && t->s == t->line_start))
      while (*t->s && *t->s != '\n') t->s++;
    else return;
  }
}

/* A tag pair, [Name "value"]: copies the name and the value (at most
** vlen - 1 characters; a longer value is refused). Returns 0 or -1. */
static int read_tag(PgnText *t, char *name, size_t nlen, char *value, size_t vlen) {
  int line = t->line;
  size_t n = 0;
  t->s++; /* '[' */
  while (*t->s == ' ' || *t->s == '\t') t->s++;
  while (isalnum((unsigned char)*t->s) || *t->s == '_') {
    if (n + 1 >= nlen) return pgn_fail(t, line, "a tag name longer than %d characters", (int)nlen - 1);
    name[n++] = *t->s++;
  }
  name[n] = '\0';
  while (*t->s == ' ' || *t->s == '\t') t->s++;
  if (!n || *t->s != '"') return pgn_fail(t, line, "a tag must be [Name \"value\"]");
  t->s++;
  n = 0;
  while (*t->s != '"') {
    if (*t->s == '\\' && (t->s[1] == '"' || t->s[1] == '\\')) t->s++;
    if (!*t->s || *t->s == '\n') return pgn_fail(t, line, "the value of [%s] is not closed by '\"'", name);
    if (n + 1 >= vlen) return pgn_fail(t, line, "the value of [%s] is too long", name);
    value[n++] = *t->s++;
  }
  value[n] = '\0';
  t->s++;
  while (*t->s == ' ' || *t->s == '\t') t->s++;
  if (*t->s != ']') return pgn_fail(t, line, "a tag must be [Name \"value\"]");
  t->s++;
  return 0;
}

/* Skips a variation, (...), nested ones and comments in it included. */
static int skip_variation(PgnText *t) {
  int line = t->line, depth = 0;
  do {
    if (*t->s == '{') {
      while (*t->s && *t->s != '}') pgn_advance(t);
      if (!*t->s) break;
    } else if (*t->s == ';') {
      while (*t->s && *t->s != '\n') t->s++;
      continue;
    } else if (*t->s == '(') depth++;
    else if (*t->s == ')') depth--;
    pgn_advance(t);
  } while (*t->s && depth > 0);
  if (depth > 0) return pgn_fail(t, line, "a variation '(' that is never closed");
  return 0;
}

static int is_result(const char *tok) {
  return !strcmp(tok, "*") || !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2");
}

/* The movetext of g: replays it. Sets *steps to the moves and actions
** read. Returns 0, or -1 with the message pushed. */
static int read_movetext(PgnText *t, Game *g, int partial, char *warn, size_t warnlen, int *steps) {
  char token[256], err[512];
  int ply = 0;
  for (;;) {
    skip_blank(t);
    int line = t->line;
    char c = *t->s;
    if (!c) break;
    if (c == '[') break; /* the next game's tags: this one had no result */
    if (c == '{') { /* a comment: tries and agreement actions are replayed */
      const char *open = t->s;
      while (*t->s && *t->s != '}') pgn_advance(t);
      if (!*t->s) return pgn_fail(t, line, "a comment '{' that is never closed");
      size_t n = (size_t)(t->s - open - 1);
      snprintf(token, sizeof token, "%.*s", (int)(n < sizeof token ? n : sizeof token - 1), open + 1);
      t->s++;
      if (!strncmp(token, "rng ", 4)) { /* the generator's state from here on */
        char *end;
        uint64_t state = strtoull(token + 4, &end, 16);
        if (end == token + 4 || *end) return pgn_fail(t, line, "{%s}: not a generator state", token);
        g->pos.rng = state;
        continue;
      }
      const char *act = !strncmp(token, "try ", 4) ? token + 4 :
                        (!strcmp(token, "offer") || !strcmp(token, "accept") || !strcmp(token, "decline")) ? token : NULL;
      if (act) {
        int played = 0;
        if (game_play_text(g, act, &played, err, sizeof err) < 0)
          return pgn_fail(t, line, "{%s}: %s", token, err);
        (*steps)++;
      }
      continue;
    }
    if (c == '(') {
      if (skip_variation(t)) return -1;
      continue;
    }
    if (c == ')' || c == '}') return pgn_fail(t, line, "'%c' with nothing open", c);
    size_t n = 0;
    while (t->s[n] && !isspace((unsigned char)t->s[n]) && !strchr("{}();[", t->s[n])) {
      unsigned char b = (unsigned char)t->s[n];
      if (b < 0x20 || b >= 0x7f) {
        return pgn_fail(t, line, "a byte 0x%02x where a move should be: not a PGN game", b);
      }
      n++;
    }
    if (n >= sizeof token) return pgn_fail(t, line, "a word of more than %d characters", (int)sizeof token - 1);
    snprintf(token, sizeof token, "%.*s", (int)n, t->s);
    t->s += n;
    if (is_result(token)) break; /* the end of the game */
    if (token[0] == '$') continue; /* a NAG */
    char *move = token;
    while (isdigit((unsigned char)*move)) move++; /* "12.", "12...", "12.e4" */
    if (move != token) {
      while (*move == '.') move++;
      if (!*move) continue;
    }
    size_t mlen = strlen(move); /* suffix annotations: e4!, Nf3?! */
    while (mlen > 1 && (move[mlen - 1] == '!' || move[mlen - 1] == '?')) move[--mlen] = '\0';
    int played = 0;
    ply++;
    if (game_play_text(g, move, &played, err, sizeof err) < 0) {
      if (partial) {
        size_t w = strlen(warn);
        snprintf(warn + w, warnlen - w, "%smove %d (%s) no longer applies: %s; the game stops before it",
                 w ? "; " : "", ply, move, err);
        break;
      }
      return pgn_fail(t, line, "move %d (%s): %s", ply, move, err);
    }
    (*steps)++;
  }
  return 0;
}

int pgn_variant(lua_State *L, const char *path, char *spec, size_t len) {
  char name[64], value[2048];
  int top = lua_gettop(L);
  if (script_read_file(L, path)) return -1;
  const char *text = lua_tostring(L, -1);
  PgnText t = {text, text, 1, path, L};
  snprintf(spec, len, "chess");
  for (;;) { /* the tag pairs, up to the first that does not read */
    skip_blank(&t);
    if (*t.s != '[' || read_tag(&t, name, sizeof name, value, sizeof value)) break;
    if (!strcmp(name, "Variant")) snprintf(spec, len, "%s", value);
  }
  lua_settop(L, top); /* the text, and a tag's error if one did not read */
  return 0;
}

Game *pgn_open(lua_State *L, const char *path, int partial, char *warn, size_t warnlen) {
  char spec[512] = "chess", fen[2048], hash[64], name[64], value[2048];
  int top = lua_gettop(L), has_fen = 0, has_hash = 0, tags = 0, steps = 0;
  int variant_line = 0, fen_line = 0;
  warn[0] = '\0';
  if (script_read_file(L, path)) {
    lua_pushfstring(L, "cannot read %s", path);
    return NULL;
  }
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  PgnText t = {text, text, 1, path, L};
  const char *nul = memchr(text, '\0', len);
  if (nul) { /* binary data: C's strings would stop there */
    for (const char *c = text; c < nul; c++) t.line += *c == '\n';
    pgn_fail(&t, t.line, "a NUL byte: not a PGN game");
    goto fail;
  }
  /* The tag pairs. */
  for (;;) {
    skip_blank(&t);
    if (*t.s != '[') break;
    int line = t.line;
    if (read_tag(&t, name, sizeof name, value, sizeof value)) goto fail;
    tags++;
    if (!strcmp(name, "Variant")) {
      if (strlen(value) >= sizeof spec) {
        pgn_fail(&t, line, "the value of [%s] is too long", name);
        goto fail;
      }
      memcpy(spec, value, strlen(value) + 1); /* it fits: checked above */
      variant_line = line;
    } else if (!strcmp(name, "FEN")) {
      snprintf(fen, sizeof fen, "%s", value);
      has_fen = 1;
      fen_line = line;
    } else if (!strcmp(name, "VariaScript")) {
      snprintf(hash, sizeof hash, "%.63s", value);
      has_hash = 1;
    }
  }
  if (!binding_variant(L, spec, 0)) {
    pgn_fail(&t, variant_line, "[Variant \"%s\"]: %s", spec, lua_tostring(L, -1));
    goto fail;
  }
  Game *g = binding_new_game(L, -1, has_fen ? fen : NULL);
  if (!g) {
    pgn_fail(&t, fen_line, "[FEN]: %s", lua_tostring(L, -1));
    goto fail;
  }
  if (has_hash) {
    char now[32], script[sizeof spec];
    memcpy(script, spec, sizeof spec);
    script[script_name_len(script)] = '\0'; /* without the options (an ini section stays) */
    snprintf(now, sizeof now, "%016llx", (unsigned long long)script_hash(L, script));
    if (strcmp(now, hash))
      snprintf(warn, warnlen, "the script of %s has changed since the game was saved", script);
  }
  if (read_movetext(&t, g, partial, warn, warnlen, &steps)) goto fail;
  if (!tags && !steps) {
    lua_pushfstring(L, "%s: not a PGN game (no tags and no moves)", path);
    goto fail;
  }
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return g;
fail:
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return NULL;
}
