/*
** pgn.c - PGN out and in.
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "binding.h"
#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "script.h"

static void put_comment(FILE *f, const char *text) {
  fputs(" {", f);
  for (const char *c = text; *c; c++) fputc(*c == '}' ? ')' : *c, f);
  fputc('}', f);
}

void pgn_write(lua_State *L, Game *g, const char *spec, uint64_t seed, FILE *f) {
  char date[16], buf[128], name[512];
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y.%m.%d", localtime(&now));
  GameResult r = game_result(g);
  const char *result = !r.over ? "*" : r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2";
  snprintf(name, sizeof name, "%s", spec);
  name[script_name_len(name)] = '\0'; /* without the options */
  fprintf(f, "[Event \"varia game\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"-\"]\n", date);
  fprintf(f, "[White \"?\"]\n[Black \"?\"]\n[Result \"%s\"]\n", result);
  fprintf(f, "[Variant \"%s\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n", spec, g->start_fen);
  fprintf(f, "[VariaScript \"%016llx\"]\n", (unsigned long long)script_hash(L, name));
  fprintf(f, "[VariaSeed \"%llu\"]\n", (unsigned long long)seed);
  if (r.over) fprintf(f, "[Termination \"%s\"]\n", r.reason);
  fputc('\n', f);

  /* Replay on a scratch position, writing SAN; Lua owns the scratch. */
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = g->pos;
  for (int i = g->n - 1; i >= 0; i--)
    if (!IS_GAME_ACTION(g->moves[i])) move_unmake(p, g->moves[i], &g->undos[i]);
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
      if (turn_open && p->side == last_side && p->phase != 0) fputc(',', f);
      else {
        if (p->side == WHITE || m == 0) fprintf(f, "%s%d.%s", m ? " " : "", p->fullmove, p->side == BLACK ? ".." : "");
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

int pgn_save(lua_State *L, Game *g, const char *spec, uint64_t seed, const char *path,
             char *err, size_t errlen) {
  char tmp[1100];
  /* Write beside, then rename: a crash never leaves half a file. */
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f) {
    snprintf(err, errlen, "cannot write %s", tmp);
    return -1;
  }
  pgn_write(L, g, spec, seed, f);
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    remove(tmp);
    snprintf(err, errlen, "cannot write %s", path);
    return -1;
  }
  return 0;
}

/* The value of tag name in the PGN text, copied to out. */
static int tag_value(const char *text, const char *name, char *out, size_t len) {
  char pat[64];
  snprintf(pat, sizeof pat, "[%s \"", name);
  const char *s = strstr(text, pat);
  if (!s) return 0;
  s += strlen(pat);
  const char *e = strchr(s, '"');
  if (!e) return 0;
  snprintf(out, len, "%.*s", (int)(e - s), s);
  return 1;
}

Game *pgn_open(lua_State *L, const char *path, int partial, char *warn, size_t warnlen) {
  char spec[512], fen[2048], hash[64], err[512], token[256];
  int top = lua_gettop(L);
  warn[0] = '\0';
  if (script_read_file(L, path)) {
    lua_pushfstring(L, "cannot read %s", path);
    return NULL;
  }
  const char *text = lua_tostring(L, -1);
  if (!tag_value(text, "Variant", spec, sizeof spec)) snprintf(spec, sizeof spec, "chess");
  int has_fen = tag_value(text, "FEN", fen, sizeof fen);
  if (!binding_variant(L, spec, 0)) {
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return NULL;
  }
  Game *g = binding_new_game(L, -1, has_fen ? fen : NULL);
  if (!g) {
    lua_pushfstring(L, "%s: [FEN]: %s", path, lua_tostring(L, -1));
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return NULL;
  }
  char name[512];
  snprintf(name, sizeof name, "%s", spec);
  name[script_name_len(name)] = '\0'; /* without the options */
  if (tag_value(text, "VariaScript", hash, sizeof hash)) {
    char now[32];
    snprintf(now, sizeof now, "%016llx", (unsigned long long)script_hash(L, name));
    if (strcmp(now, hash))
      snprintf(warn, warnlen, "the script of %s has changed since the game was saved", name);
  }
  /* The movetext: after the last tag line. */
  const char *s = text, *t;
  while ((t = strstr(s, "\n[")) != NULL) s = t + 1;
  s = strchr(s, '\n') ? strchr(s, '\n') + 1 : s + strlen(s);
  int ply = 0;
  while (*s) {
    if (isspace((unsigned char)*s)) {
      s++;
      continue;
    }
    if (*s == '{') { /* a comment: tries and agreement actions are replayed */
      const char *e = strchr(s, '}');
      size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
      snprintf(token, sizeof token, "%.*s", (int)(n < sizeof token ? n : sizeof token - 1), s + 1);
      s = e ? e + 1 : s + strlen(s);
      const char *act = !strncmp(token, "try ", 4) ? token + 4 :
                        (!strcmp(token, "offer") || !strcmp(token, "accept") || !strcmp(token, "decline")) ? token : NULL;
      if (act) {
        int played = 0;
        if (game_play_text(g, act, &played, err, sizeof err) < 0) {
          lua_pushfstring(L, "%s: %s", path, err);
          lua_copy(L, -1, top + 1);
          lua_settop(L, top + 1);
          return NULL;
        }
      }
      continue;
    }
    if (*s == '(' ) { /* a variation: skipped */
      int depth = 0;
      do {
        if (*s == '(') depth++;
        else if (*s == ')') depth--;
        s++;
      } while (*s && depth > 0);
      continue;
    }
    size_t n = 0;
    while (s[n] && !isspace((unsigned char)s[n]) && s[n] != '{' && n + 1 < sizeof token) n++;
    snprintf(token, sizeof token, "%.*s", (int)n, s);
    s += n;
    if (token[0] == '$' || !strcmp(token, "*") || !strcmp(token, "1-0") || !strcmp(token, "0-1") ||
        !strcmp(token, "1/2-1/2"))
      continue;
    char *move = token;
    while (isdigit((unsigned char)*move)) move++; /* "12." and "12..." */
    if (move != token) {
      while (*move == '.') move++;
      if (!*move) continue;
    }
    int played = 0;
    ply++;
    if (game_play_text(g, move, &played, err, sizeof err) < 0) {
      if (partial) {
        size_t w = strlen(warn);
        snprintf(warn + w, warnlen - w, "%smove %d (%s) no longer applies: %s; the game stops before it",
                 w ? "; " : "", ply, move, err);
        break;
      }
      lua_pushfstring(L, "%s: move %d (%s): %s", path, ply, move, err);
      lua_copy(L, -1, top + 1);
      lua_settop(L, top + 1);
      return NULL;
    }
  }
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return g;
}
