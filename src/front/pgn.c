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
#include "names.h"
#include "pgn.h"
#include "script.h"
#include "textio.h"

/* The PGN standard's game: a game without [Variant] is orthodox chess. */
#define PGN_DEFAULT_VARIANT "chess"

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
  /* Orthodox chess from its start is a plain PGN game, which every tool
  ** reads as such; any other game says its variant (without the options
  ** at their defaults) and where it started. */
  char brief[sizeof g->v->source];
  binding_spec_brief(L, spec, brief, sizeof brief);
  if (strcmp(brief, PGN_DEFAULT_VARIANT) || strcmp(g->start_fen, g->v->start_fen)) {
    put_tag(f, "Variant", brief);
    fprintf(f, "[FEN \"%s\"]\n[SetUp \"1\"]\n", g->start_fen);
  }
  fprintf(f, "[VariaScript \"%016llx\"]\n", (unsigned long long)script_hash(L, name));
  fprintf(f, "[VariaSeed \"%llu\"]\n", (unsigned long long)seed);
  if (termination) put_tag(f, "Termination", termination);
  fputc('\n', f);

  /* Each position of the history, taken back from the game's on scratch
  ** positions (Lua owns them): never made again, so that the text is the
  ** game played whatever the hooks would answer now (game_replay_start). */
  enum { MARKS = 32 };
  Position *p = lua_newuserdatauv(L, (2 + MARKS) * sizeof *p, 0), *drawn = p + 1;
  GameReplay replay;
  game_replay_start(&replay, g, p + 2, MARKS);
  /* The generator as the [FEN] has it: a reader starts from there, and
  ** draws as the moves before have drawn. */
  game_replay_before(&replay, 0, p);
  const char *start_rng = strstr(g->start_fen, "rng=");
  uint64_t rng = start_rng ? strtoull(start_rng + 4, NULL, 16) : p->rng;
  int m = 0, turn_open = 0, last_side = -1;
  for (int i = 0; i < g->n; i++) {
    Move mv = g->moves[i];
    game_replay_before(&replay, i, p);
    turn_open = i > 0 && !IS_GAME_ACTION(g->moves[i - 1]) && p->phase != 0;
    if (IS_GAME_ACTION(mv)) {
      const char *text = game_entry_text(g, i);
      snprintf(buf, sizeof buf, "%s%s", text ? "try " : "", text ? text : game_action_names[MOVE_PROMO(mv)]);
      put_comment(f, buf);
    } else if (MOVE_FLAG(mv) == MF_DRAW) {
      /* chance: a reader draws it from the generator, as the core does */
      Undo u;
      *drawn = *p;
      drawn->rng = rng;
      pos_make(drawn, mv, &u);
      rng = drawn->rng;
    } else {
      /* The generator where it no longer follows from the start (a take-
      ** back does not rewind it): its state, before the text that draws. */
      int jump = g->v->ncard_values && p->rng != rng;
      if (jump) {
        snprintf(buf, sizeof buf, "rng %llx", (unsigned long long)p->rng);
        put_comment(f, buf);
        rng = p->rng;
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
  fprintf(f, "%s%s\n", m || g->n ? " " : "", result); /* after moves or comments */
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

/* The movetext of g: replays it (or, with g NULL, only reads past it, to
** the next game). Sets *steps to the moves and actions read. Returns 0,
** or -1 with the message pushed. */
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
      if (!g) continue;
      if (!strncmp(token, "rng ", 4)) { /* the generator's state from here on */
        char *end;
        uint64_t state = strtoull(token + 4, &end, 16);
        if (end == token + 4 || *end) return pgn_fail(t, line, "{%s}: not a generator state", token);
        g->pos.rng = state;
        continue;
      }
      const char *act = !strncmp(token, "try ", 4) ? token + 4 :
                        (!strcmp(token, "offer") || !strcmp(token, "accept") || !strcmp(token, "decline") ||
                         !strcmp(token, "resign")) ? token : NULL;
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
    if (!g) continue;
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

/* ---- other programs' variant names ------------------------------------
** lichess, pychess-variants, chess.com, python-chess, XBoard and
** Fairy-Stockfish name variants in [Variant] in their own ways ("King of
** the Hill", "Three-check", "Kingofthehill", "3-check"). A name is
** compared without case, spaces, hyphens, underscores or dots: first with
** varia's own names (pychess's "Makruk" is varia's makruk capitalised),
** then with the names scripts declare for their variants (names.pgn and
** names.xboard, through the index of names.c, which is built only when a
** tag is not one of varia's names). */

/* The variant that a compared form names among varia's own (the pushed
** list of names at list), or NULL. */
static const char *own_variant(lua_State *L, int list, const char *form) {
  char other[128];
  for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, list); i++) {
    lua_rawgeti(L, list, i);
    const char *name = lua_tostring(L, -1); /* alive in the list */
    lua_pop(L, 1);
    names_compare_form(name, other, sizeof other);
    if (name && !strcmp(form, other)) return name;
  }
  return NULL;
}

/* The variant a compared form names, varia's own name or another
** program's; NULL when none. */
static const char *known_variant(lua_State *L, int list, const char *form) {
  const char *name = own_variant(L, list, form);
  return name ? name : names_by_pgn(L, form);
}

int pgn_variant_spec(lua_State *L, const char *tag, char *spec, size_t len) {
  char form[128];
  size_t n = strlen(tag);
  /* varia's own: a name with options, a script's path, an ini section */
  if (strpbrk(tag, ":/") || (n > 4 && (!strcmp(tag + n - 4, ".lua") || !strcmp(tag + n - 4, ".ini")))) {
    snprintf(spec, len, "%s", tag);
    return 0;
  }
  names_compare_form(tag, form, sizeof form);
  script_list_variants(L);
  int list = lua_gettop(L);
  const char *name = known_variant(L, list, form);
  if (name) {
    snprintf(spec, len, "%s", name);
    lua_pop(L, 1);
    return 0;
  }
  /* pychess-variants' "Capablanca960", "Seirawan960": the variant that
  ** declares itself the shuffled form of another */
  size_t fl = strlen(form);
  const char *base = NULL, *shuffled = NULL;
  if (fl > 3 && !strcmp(form + fl - 3, "960")) {
    form[fl - 3] = '\0';
    base = known_variant(L, list, form);
    shuffled = base ? names_shuffled(L, base) : NULL;
  }
  if (shuffled) {
    snprintf(spec, len, "%s", shuffled);
    lua_pop(L, 1);
    return 0;
  }
  if (base)
    lua_pushfstring(L, "varia has %s, but not its 960 form (its start shuffled, castling as in Fischer "
                       "Random Chess)", base);
  else
    lua_pushfstring(L, "varia has no such variant (it reads the names lichess, pychess, chess.com "
                       "and Fairy-Stockfish write; %s list shows varia's)", script_program(L));
  lua_remove(L, list);
  return -1;
}

/* The FEN forms lichess writes, in varia's: a pocket as a
** rank after the last ("RNBQKBNR/Pp", varia's "RNBQKBNR[Pp]"), and the
** checks each side has given, counting up, after the move numbers
** ("... 0 1 +1+0", varia's "2+3" after en passant, counting down). Other
** FENs are left as they are. */
static void other_fen(const Variant *v, char *fen, size_t len) {
  char out[2048], field[8][512];
  int nf = 0;
  if (!v) return;
  for (const char *s = fen; *s && nf < 8;) {
    while (*s == ' ') s++;
    size_t n = strcspn(s, " ");
    if (!n) break;
    snprintf(field[nf++], sizeof field[0], "%.*s", (int)(n < 511 ? n : 511), s);
    s += n;
  }
  if (nf < 2) return;
  int slashes = 0;
  for (const char *c = field[0]; *c; c++) slashes += *c == '/';
  if (v->pockets && slashes == v->geo.ranks && !strchr(field[0], '[')) {
    char *last = strrchr(field[0], '/');
    char pocket[512];
    snprintf(pocket, sizeof pocket, "%s", last + 1);
    snprintf(last, sizeof field[0] - (size_t)(last - field[0]), "[%.500s]", pocket);
  }
  int given[2];
  char end;
  if (v->check_limit && nf >= 5 && sscanf(field[nf - 1], "+%d+%d%c", &given[0], &given[1], &end) == 2 &&
      given[0] >= 0 && given[1] >= 0 && given[0] <= v->check_limit && given[1] <= v->check_limit &&
      !strchr(field[4], '+')) {
    nf--; /* its counters go after en passant, as checks still needed */
    for (int i = nf; i > 4; i--) memcpy(field[i], field[i - 1], sizeof field[0]);
    snprintf(field[4], sizeof field[0], "%d+%d", v->check_limit - given[0], v->check_limit - given[1]);
    nf++;
  }
  size_t used = 0;
  out[0] = '\0';
  for (int i = 0; i < nf && used < sizeof out; i++)
    used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", i ? " " : "", field[i]);
  if (used < len) memcpy(fen, out, used + 1);
}

/* ---- several games in a file -------------------------------------------- */

/* Reads the tag pairs of the game at t, copying those of info (when not
** NULL). Returns 0 or -1 with the message pushed. */
static int read_tags(PgnText *t, PgnGameInfo *info) {
  char name[64], value[2048];
  for (;;) {
    skip_blank(t);
    if (*t->s != '[') return 0;
    if (read_tag(t, name, sizeof name, value, sizeof value)) return -1;
    if (!info) continue;
    char *into = !strcmp(name, "White") ? info->white : !strcmp(name, "Black") ? info->black :
                 !strcmp(name, "Variant") ? info->variant : !strcmp(name, "Result") ? info->result :
                 !strcmp(name, "Date") ? info->date : NULL;
    if (into) snprintf(into, sizeof info->white, "%.63s", value);
  }
}

/* Moves t past the game there, tags and movetext. */
static int skip_game(PgnText *t) {
  int steps = 0;
  if (read_tags(t, NULL)) return -1;
  return read_movetext(t, NULL, 0, NULL, 0, &steps);
}

/* The text of path, pushed, checked for NUL bytes; t set at its start.
** Returns 0, or -1 with the message pushed instead. */
static int pgn_text(lua_State *L, const char *path, PgnText *t) {
  if (script_read_file(L, path)) {
    lua_pushfstring(L, "cannot read %s", path);
    return -1;
  }
  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  *t = (PgnText){text, text, 1, path, L};
  const char *nul = memchr(text, '\0', len);
  if (nul) { /* binary data: C's strings would stop there */
    for (const char *c = text; c < nul; c++) t->line += *c == '\n';
    pgn_fail(t, t->line, "a NUL byte: not a PGN game");
    lua_remove(L, -2);
    return -1;
  }
  return 0;
}

int pgn_games(lua_State *L, const char *path, PgnGameInfo *info, int max) {
  PgnText t;
  int top = lua_gettop(L), n = 0;
  if (pgn_text(L, path, &t)) goto fail;
  for (;;) {
    skip_blank(&t);
    if (!*t.s) break;
    PgnGameInfo *at = n < max ? &info[n] : NULL;
    if (at) {
      memset(at, 0, sizeof *at);
      at->line = t.line;
    }
    n++;
    int steps = 0;
    if (read_tags(&t, at) || read_movetext(&t, NULL, 0, NULL, 0, &steps)) goto fail;
  }
  lua_settop(L, top);
  return n;
fail:
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return -1;
}

/* Moves t to the start of game number index (from 1). Returns 0, or -1
** with the message pushed. */
static int seek_game(PgnText *t, int index) {
  for (int k = 1; k < index; k++) {
    skip_blank(t);
    if (!*t->s) {
      lua_pushfstring(t->L, "%s: holds %d game%s, not %d", t->path, k - 1, k == 2 ? "" : "s", index);
      return -1;
    }
    if (skip_game(t)) return -1;
  }
  skip_blank(t);
  if (index > 1 && !*t->s) {
    lua_pushfstring(t->L, "%s: holds %d game%s, not %d", t->path, index - 1, index == 2 ? "" : "s", index);
    return -1;
  }
  return 0;
}

int pgn_variant(lua_State *L, const char *path, int index, char *spec, size_t len) {
  char name[64], value[2048];
  int top = lua_gettop(L);
  PgnText t;
  if (pgn_text(L, path, &t)) {
    lua_settop(L, top);
    return -1;
  }
  snprintf(spec, len, PGN_DEFAULT_VARIANT);
  if (seek_game(&t, index)) {
    lua_settop(L, top);
    return -1;
  }
  for (;;) { /* the tag pairs, up to the first that does not read */
    skip_blank(&t);
    if (*t.s != '[' || read_tag(&t, name, sizeof name, value, sizeof value)) break;
    if (!strcmp(name, "Variant")) snprintf(spec, len, "%s", value);
  }
  lua_settop(L, top); /* the text, and a tag's error if one did not read */
  return 0;
}

Game *pgn_open(lua_State *L, const char *path, int index, int partial, char *warn, size_t warnlen) {
  char spec[512] = PGN_DEFAULT_VARIANT, tag[512] = "", fen[2048], hash[64], name[64], value[2048];
  int top = lua_gettop(L), has_fen = 0, has_hash = 0, tags = 0, steps = 0;
  int variant_line = 0, fen_line = 0;
  PgnText t;
  warn[0] = '\0';
  if (pgn_text(L, path, &t) || seek_game(&t, index)) goto fail;
  /* The tag pairs. */
  for (;;) {
    skip_blank(&t);
    if (*t.s != '[') break;
    int line = t.line;
    if (read_tag(&t, name, sizeof name, value, sizeof value)) goto fail;
    tags++;
    if (!strcmp(name, "Variant")) {
      if (strlen(value) >= sizeof tag) {
        pgn_fail(&t, line, "the value of [%s] is too long", name);
        goto fail;
      }
      memcpy(tag, value, strlen(value) + 1); /* it fits: checked above */
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
  if (tag[0] && pgn_variant_spec(L, tag, spec, sizeof spec)) {
    pgn_fail(&t, variant_line, "[Variant \"%s\"]: %s", tag, lua_tostring(L, -1));
    goto fail;
  }
  const Variant *v = binding_variant(L, spec, 0);
  if (!v) {
    pgn_fail(&t, variant_line, "[Variant \"%s\"]: %s", tag[0] ? tag : spec, lua_tostring(L, -1));
    goto fail;
  }
  if (has_fen) other_fen(v, fen, sizeof fen);
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
    if (index > 1) lua_pushfstring(L, "%s: game %d is not a PGN game (no tags and no moves)", path, index);
    else lua_pushfstring(L, "%s: not a PGN game (no tags and no moves)", path);
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
