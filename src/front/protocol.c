/*
** protocol.c - UCI, CECP and self-play over standard input and output.
*/
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "catalog.h"
#include "embedded.h"
#include "rules.h"
#include "rulehooks.h"
#include "names.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "protocol.h"
#include "script.h"
#include "search.h"
#include "textio.h"
#include "wire.h"
#include "xbetza.h"

typedef struct Engine {
  Sandbox *s;
  char variant[256];
  int game_ref;
  Game *g;
  uint64_t rng;
} Engine;

/* The failure of the game's rule hooks since the command began, on one
** line (a protocol line cannot hold the traceback after it), or NULL. */
static const char *hook_failure(const Game *g, char *buf, size_t len) {
  const char *f = rules_failed(g->v);
  if (!f) return NULL;
  snprintf(buf, len, "%.*s", (int)strcspn(f, "\n"), f);
  return buf;
}

/* A new game of e's variant from fen (NULL: the start). Returns 0, or -1
** with err, the engine's game unchanged. A position where the variant's
** hooks fail is refused with their error. */
static int engine_new_game(Engine *e, const char *fen, char *err, size_t errlen) {
  lua_State *L = e->s->L;
  int top = lua_gettop(L);
  if (!binding_variant(L, e->variant, 0) || !binding_new_game(L, -1, fen)) {
    snprintf(err, errlen, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return -1;
  }
  Game *g = lua_touserdata(L, -1);
  rules_begin(g->v, L);
  game_decision(g);
  if (hook_failure(g, err, errlen)) {
    lua_settop(L, top);
    if (e->g) rules_begin(e->g->v, L); /* the game that stays starts clean */
    return -1;
  }
  e->g = g;
  game_seed(e->g, e->rng);
  luaL_unref(L, LUA_REGISTRYINDEX, e->game_ref);
  e->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
  return 0;
}

/* Switches to the variant name with a new game; on failure the variant
** and the game before stay, playable, and err says why. */
static int engine_set_variant(Engine *e, const char *name, char *err, size_t errlen) {
  char before[sizeof e->variant];
  if (strlen(name) >= sizeof e->variant) {
    snprintf(err, errlen, "a name of %zu characters (at most %zu)", strlen(name), sizeof e->variant - 1);
    return -1;
  }
  memcpy(before, e->variant, sizeof before);
  snprintf(e->variant, sizeof e->variant, "%s", name);
  if (engine_new_game(e, NULL, err, errlen)) {
    memcpy(e->variant, before, sizeof before);
    return -1;
  }
  return 0;
}

/* ---- input --------------------------------------------------------------
** A command is a whole line, however long: a line cut at a buffer's end
** would run its tail as a command of its own (a trailing "quit" or
** "undo"). Past LINE_LIMIT the line is read to its end and refused. The
** input is read through textio's own buffer, so that a search can look
** for a line (UCI's stop) without waiting for one. */

#define LINE_LIMIT (1 << 20)

typedef TextInput LineReader;

/* The next line of standard input without its end of line, or NULL at the
** end of input. *why is NULL, or says why the line is refused (too long,
** or a NUL byte, after which C would not see the rest). */
static char *read_line(LineReader *r, const char **why) {
  int flags;
  char *line = textio_input_line(r, &flags);
  *why = flags & TEXTIO_LONG ? "the line is longer than 1 MiB"
         : flags & TEXTIO_NUL ? "the line holds a NUL byte"
                              : NULL;
  return line;
}
/* ---- numbers -------------------------------------------------------------
** A protocol's numbers are whole, from lo to hi. */

/* Reads word as a whole number. Returns 0, with *out clamped to lo..hi
** and *clamped set when it was outside; or -1 when word is not a number. */
static int whole_number(const char *word, long long lo, long long hi, long long *out, int *clamped) {
  char *end;
  *clamped = 0;
  if (!word || !*word) return -1;
  errno = 0;
  long long v = strtoll(word, &end, 10);
  if (end == word || *end) return -1;
  if (errno == ERANGE) v = word[0] == '-' ? LLONG_MIN : LLONG_MAX;
  if (v < lo || v > hi) {
    v = v < lo ? lo : hi;
    *clamped = 1;
  }
  *out = v;
  return 0;
}

/* The computer's whole turn: its steps joined by commas (e2e4,e4f6), each
** chosen by the search and played on the game. */
static int engine_turn(Engine *e, const SearchLimits *lim, char *out, size_t len) {
  char step[64];
  int side = e->g->pos.side;
  size_t n = 0;
  out[0] = '\0';
  do {
    /* in a variant with tries, the refused ones are retried on this copy
    ** of the game: the GUI gets the step that was legal */
    if (player_move(e->g, binding_searcher(e->s->L), lim, &e->rng, step, sizeof step)) break;
    n += (size_t)snprintf(out + n, len - n, "%s%s", n ? "," : "", step);
  } while (e->g->pos.side == side && e->g->pos.phase != 0 &&
           game_decision(e->g).player == side && game_decision(e->g).kind != DECIDE_NONE);
  return n ? 0 : -1;
}

/* ---- UCI -----------------------------------------------------------------
** The search reads the input while it thinks: every few thousand nodes it
** calls uci_poll, which takes the lines that have arrived (textio's
** buffer, read without waiting). stop, ponderhit, isready and quit are
** answered at once; any other command waits, in order, until the search
** has answered. One thread does everything: the search calls the rules'
** Lua hooks, and the Lua state must never be entered by two threads, so a
** reader thread would need a lock around every hook; polling needs none,
** costs a poll(2) per few thousand nodes, and stops within milliseconds. */

#define UCI_QUEUE 64 /* commands held while a search runs */
#define HASH_MAX_MB 4096

typedef struct Uci {
  Engine e;
  LineReader in;
  volatile int stop, pondering;
  int quit, searching;
  int lines;    /* MultiPV */
  int shuffled; /* UCI_Chess960: shuffled start forms */
  char *queue[UCI_QUEUE];
  int nqueue;
  Engine *root;        /* the game being searched (for the info lines) */
  char last_pv[1024];  /* the last best line's turns, for "ponder" */
} Uci;

/* A line that arrived while the search ran: what cannot wait is done,
** the rest is held for after the answer. */
static void uci_take(Uci *u, char *line, const char *why) {
  char *cmd = line;
  while (isspace((unsigned char)*cmd)) cmd++;
  if (why) printf("info string line refused (%s): %.40s...\n", why, cmd);
  else if (!strcmp(cmd, "isready")) printf("readyok\n");
  else if (!strcmp(cmd, "stop")) u->stop = 1;
  else if (!strcmp(cmd, "ponderhit")) u->pondering = 0;
  else if (!strcmp(cmd, "quit")) u->stop = 1, u->quit = 1;
  else if (!*cmd) return;
  else if (u->nqueue < UCI_QUEUE) {
    u->queue[u->nqueue] = strdup(cmd);
    if (u->queue[u->nqueue]) u->nqueue++;
    else printf("info string out of memory: '%.40s' dropped\n", cmd);
  } else printf("info string too many commands during a search: '%.40s' dropped\n", cmd);
  fflush(stdout);
}

static void uci_poll(void *ctx) {
  Uci *u = ctx;
  const char *why;
  if (u->e.s->interrupted) u->stop = 1;
  while (!u->quit && textio_input_ready(&u->in)) {
    char *line = read_line(&u->in, &why);
    if (!line) { /* the end of the input: nobody is left to answer */
      u->stop = 1, u->quit = 1;
      break;
    }
    uci_take(u, line, why);
  }
}

/* The steps of pv from p, as UCI moves, the steps of one turn joined by
** commas (e2e4,e4f6), turns by spaces; at most max turns. */
static void pv_text(const Position *root, const Move *pv, int n, int max, char *out, size_t len) {
  Position p = *root;
  size_t k = 0;
  int turns = 0;
  out[0] = '\0';
  for (int i = 0; i < n && turns < max; i++) {
    char uci[64];
    Undo un;
    int side = p.side;
    move_to_uci(&p, pv[i], uci, sizeof uci);
    move_make(&p, pv[i], &un);
    int more = i + 1 < n && p.side == side && p.phase != 0;
    int w = snprintf(out + k, len - k, "%s%s", uci, more ? "," : " ");
    if (w < 0 || (size_t)w >= len - k) break;
    k += (size_t)w;
    if (!more) turns++;
  }
  while (k && out[k - 1] == ' ') out[--k] = '\0';
}

static void uci_info(void *ctx, const SearchResult *r) {
  Uci *u = ctx;
  char score[48], pv[1024];
  if (r->score > SCORE_MATE_BOUND || r->score < -SCORE_MATE_BOUND) {
    int plies = SCORE_MATE - (r->score > 0 ? r->score : -r->score);
    snprintf(score, sizeof score, "mate %d", (r->score > 0 ? 1 : -1) * (plies + 1) / 2);
  } else {
    snprintf(score, sizeof score, "cp %d", r->score);
  }
  pv_text(&u->root->g->pos, r->pv, r->npv, SEARCH_MAX_PV, pv, sizeof pv);
  if (r->line == 1) snprintf(u->last_pv, sizeof u->last_pv, "%s", pv);
  long long ms = (long long)(r->seconds * 1000);
  unsigned long long nps = r->seconds > 0 ? (unsigned long long)(r->nodes / r->seconds) : 0;
  printf("info depth %d seldepth %d", r->depth, r->seldepth);
  if (u->lines > 1) printf(" multipv %d", r->line);
  printf(" score %s nodes %llu nps %llu time %lld hashfull %d pv %s\n", score, (unsigned long long)r->nodes, nps, ms,
         r->hashfull, pv);
  fflush(stdout);
}

/* "moves a b c": played in order; a refused one stops with a message. */
static void play_moves(Engine *e, char *s) {
  for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t")) {
    int played = 0, n = e->g->n, nmsgs = e->g->nmsgs;
    char err[256], failure[768];
    int refused = game_play_text(e->g, tok, &played, err, sizeof err);
    if (!refused) game_decision(e->g); /* the position it leads to is asked too */
    if (hook_failure(e->g, failure, sizeof failure)) { /* the game as it was before this move */
      if (e->g->n > n) game_rollback(e->g, n, nmsgs);
      printf("info string error: %s (the moves stop before %s)\n", failure, tok);
      return;
    }
    if (refused) {
      printf("info string illegal move %s: %s\n", tok, err);
      return;
    }
  }
}

/* The value after a keyword of go, clamped to lo..hi: an info line says
** when it was out of range (then the nearest bound is used) or not a
** number (then the keyword is ignored). Returns 0 when *out was set. */
static int go_value(const char *key, const char *word, long long lo, long long hi, long long *out) {
  int clamped;
  if (whole_number(word, lo, hi, out, &clamped)) {
    printf("info string go %s %s: not a whole number; ignored\n", key, word ? word : "(nothing)");
    return -1;
  }
  if (clamped) printf("info string go %s %s: out of range (%lld to %lld); %lld used\n", key, word, lo, hi, *out);
  return 0;
}

#define GO_MAX_MS 1000000000LL /* eleven days: any clock past it is a mistake */

/* The limits of "go ...". No limit at all searches until stop, as
** infinite does; a clock at or below zero answers at once (depth 1). A
** share of the clock is a soft limit (no iteration begun past it) under
** a hard one. *infinite is set when the answer must wait for stop;
** *ponder for "go ponder". */
static SearchLimits go_limits(char *args, int side, int *infinite, int *ponder) {
  SearchLimits lim = {.depth = SEARCH_MAX_DEPTH};
  long long v, depth = 0, mate = 0, movetime = -1, clock = -1, inc = 0, togo = 0, nodes = 0;
  const char *own_time = side == WHITE ? "wtime" : "btime", *own_inc = side == WHITE ? "winc" : "binc";
  *infinite = *ponder = 0;
  for (char *key = strtok(args, " \t"); key; key = strtok(NULL, " \t")) {
    if (!strcmp(key, "infinite")) *infinite = 1;
    else if (!strcmp(key, "ponder")) *ponder = 1;
    else if (!strcmp(key, "searchmoves")) {
      printf("info string go searchmoves: not supported; every move is searched\n");
      break;
    } else if (!strcmp(key, "depth") || !strcmp(key, "mate") || !strcmp(key, "movetime") ||
               !strcmp(key, "wtime") || !strcmp(key, "btime") || !strcmp(key, "winc") ||
               !strcmp(key, "binc") || !strcmp(key, "movestogo") || !strcmp(key, "nodes")) {
      char *word = strtok(NULL, " \t");
      if (!strcmp(key, "depth")) {
        if (go_value(key, word, 1, SEARCH_MAX_DEPTH, &v) == 0) depth = v;
      } else if (!strcmp(key, "mate")) {
        if (go_value(key, word, 1, (SEARCH_MAX_DEPTH + 1) / 2, &v) == 0) mate = v;
      } else if (!strcmp(key, "movetime")) {
        if (go_value(key, word, 0, GO_MAX_MS, &v) == 0) movetime = v;
      } else if (!strcmp(key, "nodes")) {
        if (go_value(key, word, 1, LLONG_MAX, &v) == 0) nodes = v;
      } else if (!strcmp(key, "movestogo")) {
        if (go_value(key, word, 1, 10000, &v) == 0) togo = v;
      } else if (!strcmp(key, own_time)) {
        if (go_value(key, word, 0, GO_MAX_MS, &v) == 0) clock = v;
      } else if (!strcmp(key, own_inc)) {
        if (go_value(key, word, 0, GO_MAX_MS, &v) == 0) inc = v;
      } else { /* the other side's clock: checked, not used */
        go_value(key, word, 0, GO_MAX_MS, &v);
      }
      if (!word) break;
    } else {
      printf("info string go: unknown word '%.40s'; ignored\n", key);
    }
  }
  if (depth) lim.depth = (int)depth;
  /* a mate in n moves lies 2n - 1 steps deep; a few steps more find it
  ** where reductions hide it at its own depth */
  if (mate && 2 * mate + 2 < lim.depth) lim.depth = (int)(2 * mate + 2);
  if (nodes) lim.nodes = (uint64_t)nodes;
  if (*infinite) return lim; /* until stop, whatever the clocks say */
  if (movetime >= 0) {
    if (movetime == 0) lim.depth = 1; /* no time: answer at once */
    else lim.seconds = (double)movetime / 1000.0;
  } else if (clock >= 0) {
    search_clock(&lim, (double)clock / 1000.0, (int)togo, (double)inc / 1000.0);
  } else if (!depth && !mate && !nodes) {
    *infinite = 1; /* no limit: until stop */
  }
  return lim;
}

/* "go perft N": refused past PERFT_MAX_DEPTH, or when N is not a number. */
static void go_perft(Engine *e, const char *arg) {
  long long d;
  int clamped;
  if (whole_number(arg, 0, PERFT_MAX_DEPTH, &d, &clamped) || clamped) {
    printf("info string go perft %.40s: expected a depth from 0 to %d\n", arg, PERFT_MAX_DEPTH);
    return;
  }
  uint64_t total = perft_divide(&e->g->pos, (int)d, &e->s->interrupted, print_divide_line, &e->g->pos);
  char failure[768];
  if (hook_failure(e->g, failure, sizeof failure)) /* the count is cut short: not a count */
    printf("info string error: %s\n", failure);
  else printf("\nNodes searched: %llu\n\n", (unsigned long long)total);
}

/* Waits, reading commands, until the search's answer may be given: after
** stop (infinite), or ponderhit or stop (pondering). */
static void uci_wait(Uci *u, int infinite) {
  while (!u->stop && (infinite || u->pondering)) {
    const char *why;
    char *line = read_line(&u->in, &why);
    if (!line) {
      u->stop = 1, u->quit = 1;
      break;
    }
    uci_take(u, line, why);
  }
}

static void uci_go(Uci *u, char *args) {
  Engine *e = &u->e;
  lua_State *L = e->s->L;
  int infinite, ponder;
  SearchLimits lim = go_limits(args, e->g->pos.side, &infinite, &ponder);
  u->stop = 0;
  u->pondering = ponder;
  lim.stop = &u->stop;
  lim.pondering = &u->pondering;
  lim.poll = uci_poll;
  lim.poll_ctx = u;
  lim.lines = u->lines;
  /* the positions of the game before this one (repetition) */
  lim.history = e->g->keys;
  lim.history_checked = e->g->checked;
  lim.nhistory = e->g->n;
  /* info lines from the search that chooses (none where the engine
  ** decides from sampled views of a partly hidden position) */
  lim.info = uci_info;
  lim.info_ctx = u;
  int threads = search_threads(binding_searcher(L));
  if (threads > 1 && e->g->v->rules)
    printf("info string Threads %d: this variant's rules are Lua hooks, searched by one thread\n", threads);
  /* the whole turn, played on a copy of the game */
  lua_rawgeti(L, LUA_REGISTRYINDEX, e->game_ref);
  char fen[4096], out[256], err[512];
  pos_fen(&e->g->pos, fen, sizeof fen);
  Engine copy = *e;
  copy.game_ref = LUA_NOREF;
  u->root = &copy;
  u->last_pv[0] = '\0';
  int ready = engine_new_game(&copy, fen, err, sizeof err) == 0;
  if (!ready) printf("info string error: %s\n", err);
  u->searching = 1;
  int found = ready && engine_turn(&copy, &lim, out, sizeof out) == 0;
  u->searching = 0;
  if (ready && hook_failure(copy.g, err, sizeof err)) {
    printf("info string error: %s\n", err);
    found = 0;
  }
  uci_wait(u, infinite);
  if (!found) printf("bestmove (none)\n");
  else {
    /* the reply expected, when the best line starts with this turn */
    size_t n = strlen(out);
    const char *next = !strncmp(u->last_pv, out, n) && u->last_pv[n] == ' ' ? u->last_pv + n + 1 : NULL;
    if (next && *next) printf("bestmove %s ponder %.*s\n", out, (int)strcspn(next, " "), next);
    else printf("bestmove %s\n", out);
  }
  u->root = NULL;
  luaL_unref(L, LUA_REGISTRYINDEX, copy.game_ref);
  lua_pop(L, 1);
}

/* "position startpos|fen FEN [moves ...]": a position that is refused
** leaves the game before it, and its moves are not played on that. */
static void uci_position(Engine *e, char *rest) {
  char err[512], *moves = strstr(rest, " moves ");
  size_t len = strlen(rest);
  int bad;
  if (moves) *moves = '\0';
  else if (len >= 6 && !strcmp(rest + len - 6, " moves")) rest[len - 6] = '\0'; /* no moves after it */
  if (!strcmp(rest, "startpos")) bad = engine_new_game(e, NULL, err, sizeof err);
  else if (!strncmp(rest, "fen ", 4)) bad = engine_new_game(e, rest + 4, err, sizeof err);
  else {
    bad = 1;
    snprintf(err, sizeof err, "expected startpos or fen FEN, not '%.40s'", rest);
  }
  if (bad) printf("info string position refused: %s\n", err);
  else if (moves) play_moves(e, moves + 7);
}

/* UCI_Chess960 chooses between a variant and its shuffled start form,
** as the shuffled form's script declares (names.shuffled_from): into out,
** the form that shuffled asks for of the variant v that name (a plain
** name: without options) is. */
static void uci_form(lua_State *L, const char *name, const Variant *v, int shuffled, char *out, size_t len) {
  snprintf(out, len, "%s", name);
  if (!v || script_name_len(name) != strlen(name)) return;
  if (v->names.shuffled_from[0]) snprintf(out, len, "%s", v->names.shuffled_from);
  const char *form = shuffled ? names_shuffled(L, out) : NULL;
  if (form) snprintf(out, len, "%s", form);
}

/* The variant a UCI_Variant value names, into want: varia's name in the
** form UCI_Chess960 asks for; a name that is none of varia's but a
** variant's XBoard name (names.xboard: "fischerandom", as GUIs and
** Fairy-Stockfish call Chess960) names that variant, as it is. */
static void uci_variant_name(Uci *u, const char *value, char *want, size_t len) {
  lua_State *L = u->e.s->L;
  int top = lua_gettop(L);
  const Variant *v = binding_variant(L, value, 0);
  const char *xb = v ? NULL : names_by_xboard(L, value);
  if (v) uci_form(L, value, v, u->shuffled, want, len);
  else snprintf(want, len, "%s", xb ? xb : value);
  lua_settop(L, top);
}

/* "setoption name NAME [value VALUE]" (names as UCI compares them: any
** case). */
static void uci_setoption(Uci *u, char *args) {
  char err[512];
  char *name = strncmp(args, "name ", 5) ? NULL : args + 5;
  if (!name) {
    printf("info string setoption: expected name NAME [value VALUE]\n");
    return;
  }
  char *value = strstr(name, " value ");
  if (value) {
    *value = '\0';
    value += 7;
  }
  if (!strcasecmp(name, "UCI_Variant") && value) {
    char want[sizeof u->e.variant];
    uci_variant_name(u, value, want, sizeof want);
    if (engine_set_variant(&u->e, want, err, sizeof err))
      printf("info string UCI_Variant %.60s refused: %s; the variant stays %s\n", value, err, u->e.variant);
  } else if (!strcasecmp(name, "UCI_Chess960") && value) {
    char want[sizeof u->e.variant];
    u->shuffled = !strcasecmp(value, "true");
    uci_form(u->e.s->L, u->e.variant, u->e.g ? u->e.g->v : NULL, u->shuffled, want, sizeof want);
    if (strcmp(want, u->e.variant) && engine_set_variant(&u->e, want, err, sizeof err))
      printf("info string UCI_Chess960: %s; the variant stays %s\n", err, u->e.variant);
  } else if (!strcasecmp(name, "Hash") && value) {
    long long mb;
    int clamped;
    if (whole_number(value, 1, HASH_MAX_MB, &mb, &clamped))
      printf("info string Hash %.40s: not a whole number of megabytes; ignored\n", value);
    else if (search_resize(binding_searcher(u->e.s->L), (int)mb))
      printf("info string Hash %lld: out of memory; the table stays as it was\n", mb);
    else if (clamped)
      printf("info string Hash %.40s: out of range (1 to %d); %lld used\n", value, HASH_MAX_MB, mb);
  } else if (!strcasecmp(name, "Threads") && value) {
    long long n;
    int clamped;
    if (whole_number(value, 1, SEARCH_MAX_THREADS, &n, &clamped))
      printf("info string Threads %.40s: not a whole number; ignored\n", value);
    else if (search_set_threads(binding_searcher(u->e.s->L), (int)n))
      printf("info string Threads %lld: out of memory; the threads stay %d\n", n,
             search_threads(binding_searcher(u->e.s->L)));
    else if (clamped)
      printf("info string Threads %.40s: out of range (1 to %d); %lld used\n", value, SEARCH_MAX_THREADS, n);
  } else if (!strcasecmp(name, "MultiPV") && value) {
    long long n;
    int clamped;
    if (whole_number(value, 1, SEARCH_MAX_LINES, &n, &clamped))
      printf("info string MultiPV %.40s: not a whole number; ignored\n", value);
    else {
      u->lines = (int)n;
      if (clamped) printf("info string MultiPV %.40s: out of range (1 to %d); %lld used\n", value, SEARCH_MAX_LINES, n);
    }
  } else if (!strcasecmp(name, "Ponder")) {
    /* the GUI says whether it will send go ponder: nothing to prepare */
  } else if (!strcasecmp(name, "Clear Hash")) {
    search_clear(binding_searcher(u->e.s->L));
  } else {
    printf("info string setoption: no option '%.60s'%s\n", name, value ? "" : " (or no value)");
  }
}

/* One command, outside a search. Returns 1 after quit. */
static int uci_command(Uci *u, char *cmd) {
  Engine *e = &u->e;
  Sandbox *s = e->s;
  char err[512];
  /* each command starts with the hooks' failures forgotten: one failure
  ** is that command's error, never every later position's */
  rules_begin(e->g->v, s->L);
  while (isspace((unsigned char)*cmd)) cmd++;
  if (!strcmp(cmd, "uci")) {
    printf("id name varia %s\nid author the varia developers\n", VARIA_VERSION);
    printf("option name Hash type spin default 16 min 1 max %d\n", HASH_MAX_MB);
    printf("option name Clear Hash type button\n");
    printf("option name Threads type spin default 1 min 1 max %d\n", SEARCH_MAX_THREADS);
    printf("option name MultiPV type spin default 1 min 1 max %d\n", SEARCH_MAX_LINES);
    printf("option name Ponder type check default false\n");
    printf("option name UCI_Chess960 type check default false\n");
    printf("option name UCI_Variant type combo default chess");
    cli_print_variants(s, " var ", " var ", NULL);
    printf("\nuciok\n");
  } else if (!strcmp(cmd, "isready")) {
    printf("readyok\n");
  } else if (!strncmp(cmd, "setoption ", 10)) {
    uci_setoption(u, cmd + 10);
  } else if (!strcmp(cmd, "ucinewgame")) {
    if (engine_new_game(e, NULL, err, sizeof err)) printf("info string error: %s\n", err);
    search_clear(binding_searcher(s->L));
  } else if (!strncmp(cmd, "position ", 9)) {
    uci_position(e, cmd + 9);
  } else if (!strncmp(cmd, "go perft", 8) && (!cmd[8] || cmd[8] == ' ')) {
    const char *arg = cmd + 8;
    while (*arg == ' ') arg++;
    go_perft(e, arg);
  } else if (!strcmp(cmd, "go") || !strncmp(cmd, "go ", 3)) {
    uci_go(u, cmd + 2);
  } else if (!strcmp(cmd, "d")) {
    char fen[4096];
    pos_fen(&e->g->pos, fen, sizeof fen);
    printf("Fen: %s\n", fen);
  } else if (!strcmp(cmd, "quit")) {
    return 1;
  } else if (!strcmp(cmd, "stop") || !strcmp(cmd, "ponderhit") || !*cmd) {
    /* no search to stop */
  } else {
    printf("info string unknown command: %.200s\n", cmd);
  }
  fflush(stdout);
  return u->quit;
}

int protocol_uci(Sandbox *s, const char *first) {
  Uci *u = calloc(1, sizeof *u);
  char err[512];
  int status = 0;
  if (!u) {
    fprintf(stderr, "varia uci: out of memory\n");
    return 1;
  }
  u->e = (Engine){s, "chess", LUA_NOREF, NULL, 1};
  u->lines = 1;
  if (first && (u->queue[0] = strdup(first))) u->nqueue = 1;
  textio_input_init(&u->in, 0, LINE_LIMIT);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (engine_new_game(&u->e, NULL, err, sizeof err)) {
    printf("info string error: %s\n", err);
    status = 1;
  }
  while (!status && !u->quit) {
    const char *why;
    char *line;
    if (u->nqueue) { /* the first command, or what arrived during the last search, in order */
      line = u->queue[0];
      memmove(u->queue, u->queue + 1, sizeof *u->queue * (size_t)--u->nqueue);
      int quit = uci_command(u, line);
      free(line);
      if (quit) break;
      continue;
    }
    if (!(line = read_line(&u->in, &why))) break;
    if (why) {
      char *cmd = line;
      while (isspace((unsigned char)*cmd)) cmd++;
      printf("info string line refused (%s): %.40s...\n", why, cmd);
      fflush(stdout);
    } else if (uci_command(u, line)) break;
  }
  for (int i = 0; i < u->nqueue; i++) free(u->queue[i]);
  textio_input_free(&u->in);
  luaL_unref(s->L, LUA_REGISTRYINDEX, u->e.game_ref);
  free(u);
  return status;
}

/* ---- CECP (xboard) ------------------------------------------------------ */

#define XBOARD_MODULE_KEY "varia.protocol.xboard"

/* lua/xboard.lua's fn(name) (how XBoard reads a name), run under the
** sandbox's budget: its string into out, or "" for nil or a failure. */
static int xboard_module_call(lua_State *L) {
  /* the built-in module, never a file of $VARIA_PATH's of that name: it
  ** decides what XBoard is told, and needs nothing but ipairs */
  if (lua_getfield(L, LUA_REGISTRYINDEX, XBOARD_MODULE_KEY) != LUA_TTABLE) {
    lua_pop(L, 1);
    const EmbeddedFile *f = embedded_files;
    while (f->path && strcmp(f->path, "lua/xboard.lua")) f++;
    if (!f->path || luaL_loadbufferx(L, f->text, f->len, "@lua/xboard.lua", "t") != LUA_OK) return 0;
    lua_newtable(L);
    lua_getglobal(L, "ipairs");
    lua_setfield(L, -2, "ipairs");
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 1);
    if (!lua_istable(L, -1)) return 0;
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, XBOARD_MODULE_KEY);
  }
  lua_getfield(L, -1, lua_tostring(L, 1));
  lua_pushvalue(L, 2);
  lua_call(L, 1, 1);
  return 1;
}

static void xboard_module(lua_State *L, const char *fn, const char *name, char *out, size_t len) {
  int top = lua_gettop(L);
  out[0] = '\0';
  lua_pushcfunction(L, xboard_module_call);
  lua_pushstring(L, fn);
  lua_pushstring(L, name);
  if (sandbox_pcall(L, 2, 1, SANDBOX_BUDGET_DEFAULT) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
    snprintf(out, len, "%s", lua_tostring(L, -1));
  lua_settop(L, top);
}

/* Does XBoard know v by its rules? Only when the script declares the
** XBoard name (names.xboard) and XBoard reads that name as one of its own
** variants; else it is told the board and pieces (setup, piece). */
static int xboard_knows(lua_State *L, const Variant *v) {
  char own[64];
  if (!v->names.xboard[0]) return 0;
  xboard_module(L, "reads", v->names.xboard, own, sizeof own);
  return own[0] != '\0';
}

/* XBoard's name for a variant, into out: the one its script declares
** (names.xboard), or varia's name, under which XBoard is sent the board
** and pieces (setup) -- unless XBoard would read one of its own variants
** into that name ("berolina10" is its Berolina): then a name it does not
** misread ("varia-berolina10", lua/xboard.lua). */
static const char *xboard_name(lua_State *L, const Variant *v, const char *name, char *out, size_t len) {
  if (v && v->names.xboard[0]) snprintf(out, len, "%s", v->names.xboard);
  else xboard_module(L, "offered", name, out, len);
  if (!out[0]) snprintf(out, len, "%s", name);
  return out;
}

/* The name of the engine's variant, for XBoard. */
static const char *engine_xboard_name(const Engine *e, char *out, size_t len) {
  return xboard_name(e->s->L, e->g ? e->g->v : NULL, e->variant, out, len);
}

/* The script a name XBoard was offered for it means, into out: the
** varia name whose offered name (xboard_name) is xb; "" when none. Each
** script of the list is loaded for it, as for the variants feature. */
static void varia_by_offered(lua_State *L, const char *xb, char *out, size_t len) {
  int top = lua_gettop(L);
  out[0] = '\0';
  script_list_variants(L);
  int n = (int)lua_rawlen(L, -1);
  for (int i = 1; i <= n && !out[0]; i++) {
    lua_rawgeti(L, top + 1, i);
    const char *name = lua_tostring(L, -1);
    const Variant *v = name ? binding_variant(L, name, 0) : NULL;
    char offered[320];
    if (v && !v->names.xboard[0] && !strcmp(xboard_name(L, v, name, offered, sizeof offered), xb))
      snprintf(out, len, "%s", name);
    lua_settop(L, top + 1);
  }
  lua_settop(L, top);
}

/* The variant an XBoard name means: the one whose script declares it
** (XBoard's "normal"), or varia's variant of that name, or the one
** offered under it ("varia-berolina10"). The string lives in the index of
** names.c, or is xb, or is buf. */
static const char *varia_name(lua_State *L, const char *xb, char *buf, size_t len) {
  const char *name = names_by_xboard(L, xb);
  if (name) return name;
  int top = lua_gettop(L);
  int own = binding_variant(L, xb, 0) != NULL;
  lua_settop(L, top);
  if (own) return xb;
  varia_by_offered(L, xb, buf, len);
  return buf[0] ? buf : xb;
}

/* Is xb exactly the name of one of XBoard's own variants, and v (the
** script of that name) not that game, as it declares no names.xboard?
** XBoard asks for its own game by that name, and would judge it by its
** own rules: v is refused, and its offered name into offered. */
static int xboard_another_game(lua_State *L, const Variant *v, const char *xb, char *offered, size_t len) {
  char own[64];
  if (v->names.xboard[0] || strcmp(v->name, xb)) return 0;
  xboard_module(L, "reads", xb, own, sizeof own);
  if (strcmp(own, xb)) return 0;
  xboard_name(L, v, xb, offered, len);
  return 1;
}

/* CECP sends one move a turn, and XBoard has no move that also places a
** second piece: a variant whose turn has more than one step (a move and
** then a relocation) cannot be played through it, and is not offered. */
static int xboard_playable(const Variant *v) { return v->nphases <= 1 && !v->geo.hex; }

/* The variants feature: every variant that loads and that CECP can play,
** by XBoard's names. */
static void xboard_variants(Sandbox *s) {
  lua_State *L = s->L;
  int first = 1;
  script_list_variants(L);
  int n = (int)lua_rawlen(L, -1);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    const char *name = lua_tostring(L, -1);
    int top = lua_gettop(L);
    const Variant *v = name ? binding_variant(L, name, 0) : NULL;
    int ok = v && xboard_playable(v);
    char xb[320];
    if (ok) printf("%s%s", first ? "" : ",", xboard_name(L, v, name, xb, sizeof xb));
    lua_settop(L, top);
    first = first && !ok;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

#define ST_MAX_SECONDS 86400 /* a day a move */

/* The piece commands: each piece's moves in XBoard's Betza (xbetza.c),
** for the types placed in the setup's table. What XBoard cannot be told
** (a lame camel's second square, moves from some squares only...) it
** would judge wrongly, refusing a move of varia's or taking a square for
** attacked that is not: the user is told which pieces and why, in one
** telluser, to play them with XBoard's legality testing off. */
static void xboard_pieces(const Variant *v, const int *placed) {
  char told[1024] = "";
  size_t at = 0;
  for (int t = 0; t < v->ntypes; t++) {
    if (!placed[t]) continue;
    char desc[512], why[512];
    unsigned inexact = xbetza_describe(v, t, desc, sizeof desc);
    char up = (char)toupper((unsigned char)v->type[t].letter);
    if (desc[0]) printf("piece %c& %s\n", up, desc);
    if (!inexact) continue;
    xbetza_reasons(inexact, why, sizeof why);
    int w = snprintf(told + at, sizeof told - at, "%s%c (%s)", at ? ", " : "", up, why);
    if (w > 0 && (size_t)w < sizeof told - at) at += (size_t)w;
  }
  /* XBoard's parent fairy promotes on the board's last rank alone */
  int promoting = 0;
  for (int t = 0; t < v->ntypes; t++) promoting |= placed[t] && v->type[t].promotes;
  if (promoting && (v->promo_zone_squares || v->promo_zone != 1)) {
    char zone[96];
    if (v->promo_zone_squares || !v->promo_zone) snprintf(zone, sizeof zone, "on squares of its own");
    else snprintf(zone, sizeof zone, "on the last %d ranks", v->promo_zone);
    int w = snprintf(told + at, sizeof told - at, "%spromotion (%s, where XBoard knows the last rank alone)",
                     at ? ", " : "", zone);
    if (w > 0 && (size_t)w < sizeof told - at) at += (size_t)w;
  }
  if (at)
    printf("telluser varia: XBoard cannot be told exactly how these pieces move, and may judge their moves "
           "wrongly (turn its legality testing off to play them): %s\n", told);
}

/* For a variant XBoard does not know: its board and pieces (CECP's
** engine-defined variants: setup and piece commands). */
static void xboard_setup(Engine *e) {
  const Variant *v = e->g->v;
  if (xboard_knows(e->s->L, v)) return; /* XBoard has its rules */
  int placed[MAX_TYPES] = {0};
  /* XBoard's piece order: P N B R Q, then the others; K last. */
  char table[2 * 44 + 1];
  const char *order = "PNBRQFEACWMOHIJGDVLSUYZK";
  int n = (int)strlen(order);
  for (int i = 0; i < n; i++) table[i] = table[n + i] = '.';
  int next = 5;
  for (int t = 0; t < v->ntypes; t++) {
    char l = v->type[t].letter;
    if (v->type[t].neutral || v->type[t].unlettered) continue; /* (a form: +X, XBoard's own) */
    char up = (char)toupper((unsigned char)l);
    const char *at = strchr("PNBRQ", up);
    int slot = at ? (int)(at - "PNBRQ") : (v->type[t].royal || up == 'K') ? n - 1 : next++;
    if (slot >= n) continue;
    placed[t] = 1;
    table[slot] = up;
    table[n + slot] = (char)tolower((unsigned char)l);
  }
  table[2 * n] = '\0';
  /* Pieces in hand: XBoard shows a holdings column of one cell per type
  ** (the royal excepted), and its parent crazyhouse sends the captured
  ** pieces there and allows drops. */
  int holdings = 0;
  if (v->pockets)
    for (int t = 0; t < v->ntypes; t++)
      if (!v->type[t].neutral && !v->type[t].royal) holdings++;
  /* holes as XBoard writes its inaccessible squares ('*'), which it then
  ** neither draws as cells nor lets a piece enter */
  char fen[1024];
  fen_holes_marked(v, v->start_fen, fen, sizeof fen);
  printf("setup (%s) %dx%d+%d_%s %s\n", table, v->geo.files, v->geo.ranks, holdings,
         !holdings ? "fairy" : v->capture_to_pocket ? "crazyhouse" : "fairy", fen);
  xboard_pieces(v, placed);
}

/* ---- CECP input ----------------------------------------------------------
** A thread reads standard input while the engine thinks, so that "?"
** (move now) and, in analysis, every command stop the search at once; the
** main thread takes the lines in order. Other commands wait for the move,
** as the protocol allows (a ping is answered after it). */

enum { MODE_IDLE, MODE_THINK, MODE_ANALYZE };

typedef struct InLine {
  struct InLine *next;
  const char *why; /* NULL, or why the line is refused */
  char text[];
} InLine;

typedef struct Input {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  InLine *head, *tail;
  int eof, done, mode;
  volatile int stop; /* the running search's flag */
  pthread_t thread;
} Input;

static void input_push(Input *in, const char *text, size_t n, const char *why) {
  while (n && text[n - 1] == '\r') n--;
  InLine *l = malloc(sizeof *l + n + 1);
  if (!l) return; /* out of memory: the line is lost, the engine goes on */
  l->next = NULL;
  l->why = why;
  memcpy(l->text, text, n);
  l->text[n] = '\0';
  pthread_mutex_lock(&in->mu);
  if (in->tail) in->tail->next = l;
  else in->head = l;
  in->tail = l;
  if ((in->mode == MODE_THINK && !strcmp(l->text, "?")) || (in->mode == MODE_ANALYZE && strcmp(l->text, ".")))
    __atomic_store_n(&in->stop, 1, __ATOMIC_RELAXED); /* the search reads it without the lock */
  pthread_cond_signal(&in->cv);
  pthread_mutex_unlock(&in->mu);
}

static void *input_main(void *arg) {
  Input *in = arg;
  char chunk[4096], *buf = NULL;
  size_t len = 0, cap = 0;
  int over = 0, nul = 0;
  while (!__atomic_load_n(&in->done, __ATOMIC_RELAXED)) {
    struct pollfd pf = {STDIN_FILENO, POLLIN, 0};
    int r = poll(&pf, 1, 100); /* wakes to see done */
    if (r < 0 && errno != EINTR) break;
    if (r <= 0) continue;
    ssize_t got = read(STDIN_FILENO, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (len || over) input_push(in, buf ? buf : "", len, over ? "the line is longer than 1 MiB" : nul ? "the line holds a NUL byte" : NULL);
      break;
    }
    for (ssize_t i = 0; i < got; i++) {
      char c = chunk[i];
      if (c == '\n') {
        input_push(in, buf ? buf : "", len, over ? "the line is longer than 1 MiB" : nul ? "the line holds a NUL byte" : NULL);
        len = 0;
        over = nul = 0;
        continue;
      }
      if (len + 1 >= cap) {
        size_t ncap = cap ? cap * 2 : 256;
        char *b = ncap <= LINE_LIMIT ? realloc(buf, ncap) : NULL;
        if (!b) {
          over = 1;
          continue;
        }
        buf = b;
        cap = ncap;
      }
      if (c == '\0') nul = 1;
      buf[len++] = c;
    }
  }
  free(buf);
  pthread_mutex_lock(&in->mu);
  in->eof = 1;
  if (in->mode == MODE_ANALYZE) __atomic_store_n(&in->stop, 1, __ATOMIC_RELAXED);
  pthread_cond_signal(&in->cv);
  pthread_mutex_unlock(&in->mu);
  return NULL;
}

/* The next line (the caller frees it), or NULL at the end of input. */
static InLine *input_next(Input *in) {
  pthread_mutex_lock(&in->mu);
  while (!in->head && !in->eof) pthread_cond_wait(&in->cv, &in->mu);
  InLine *l = in->head;
  if (l) {
    in->head = l->next;
    if (!in->head) in->tail = NULL;
  }
  pthread_mutex_unlock(&in->mu);
  return l;
}

static int input_pending(Input *in) {
  pthread_mutex_lock(&in->mu);
  int n = in->head != NULL || in->eof;
  pthread_mutex_unlock(&in->mu);
  return n;
}

/* Enters a mode for a search: the flag is cleared, unless in analysis a
** command is already waiting (then the search stops at once). */
static void input_mode(Input *in, int mode) {
  pthread_mutex_lock(&in->mu);
  in->mode = mode;
  __atomic_store_n(&in->stop, mode == MODE_ANALYZE && (in->head || in->eof), __ATOMIC_RELAXED);
  pthread_mutex_unlock(&in->mu);
}

/* ---- CECP ------------------------------------------------------------- */

typedef struct Cecp {
  Engine e;
  int force, engine_side, post, analyzing;
  int sd;                 /* sd's depth; 0: none */
  double st;              /* st's seconds a move; 0: none */
  int mps;                /* level: moves per session (0: all) */
  double base, inc;       /* level: seconds */
  long own_cs, opp_cs;    /* time and otim, centiseconds; -1: not told */
  double started;         /* the running search's start, for post */
  Input in;
} Cecp;

static double wall(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Thinking output: ply score time(centiseconds) nodes pv, with mate as
** 100000 + moves (XBoard shows #N). */
static void cecp_post(void *ctx, const SearchResult *r) {
  Cecp *c = ctx;
  if (!c->post) return;
  int score = r->score;
  if (r->score > SCORE_MATE - 1000 || r->score < -SCORE_MATE + 1000) {
    int plies = SCORE_MATE - (r->score > 0 ? r->score : -r->score);
    score = (r->score > 0 ? 1 : -1) * (100000 + (plies + 1) / 2);
  }
  char uci[64] = "", move[80];
  if (r->best) move_to_uci(&c->e.g->pos, r->best, uci, sizeof uci);
  cecp_ranks(uci, 1, c->e.g->v->geo.ranks, move, sizeof move);
  printf("%d %d %ld %llu %s\n", r->depth, score, (long)((wall() - c->started) * 100),
         (unsigned long long)r->nodes, move);
  fflush(stdout);
}

/* The limits of the engine's own move: st, or a share of its clock (the
** moves left in the session, else a thirtieth: search_clock), and sd;
** with none of them, depth 4. */
static SearchLimits cecp_limits(Cecp *c) {
  SearchLimits lim = {.depth = c->sd ? c->sd : SEARCH_MAX_DEPTH, .stop = &c->in.stop,
                      .info = cecp_post, .info_ctx = c};
  double clock = c->own_cs >= 0 ? c->own_cs / 100.0 : c->base;
  if (c->st > 0) {
    lim.seconds = c->st;
  } else if (clock > 0) {
    int togo = c->mps ? c->mps - (c->e.g->pos.fullmove - 1) % c->mps : 0;
    search_clock(&lim, clock, togo, c->inc);
  } else if (!c->sd) {
    lim.depth = 4;
  }
  return lim;
}

/* "level MPS BASE INC": BASE in minutes, or minutes:seconds. */
static int parse_level(Cecp *c, const char *args) {
  int mps, used;
  char base[32];
  double inc;
  if (sscanf(args, "%d %31s %lf%n", &mps, base, &inc, &used) != 3 || args[used] || mps < 0 || mps > 10000 ||
      !isfinite(inc) || inc < 0 || inc > 3600)
    return -1;
  char *end;
  double minutes = strtod(base, &end), seconds = 0;
  if (end == base || minutes < 0 || minutes > 100000) return -1;
  if (*end == ':') {
    char *s = end + 1;
    seconds = strtod(s, &end);
    if (end == s || seconds < 0 || seconds >= 60) return -1;
  }
  if (*end) return -1;
  c->mps = mps;
  c->base = minutes * 60 + seconds;
  c->inc = inc;
  return 0;
}

/* One analysis search of the position, posting as it deepens, until it
** ends or a command arrives. */
static void cecp_analyze(Cecp *c) {
  if (game_decision(c->e.g).kind == DECIDE_NONE) return;
  SearchLimits lim = {.depth = SEARCH_MAX_DEPTH, .stop = &c->in.stop, .info = cecp_post, .info_ctx = c};
  char out[64];
  int post = c->post;
  c->post = 1; /* analysis always shows its thinking */
  c->started = wall();
  input_mode(&c->in, MODE_ANALYZE);
  player_choose(c->e.g, binding_searcher(c->e.s->L), &lim, &c->e.rng, NULL, out, sizeof out);
  input_mode(&c->in, MODE_IDLE);
  c->post = post;
}

/* A move from XBoard: its ranks made varia's, then played. */
static void cecp_usermove(Cecp *c, const char *text, int *think) {
  char move[256], err[256], failure[768];
  int played = 0, n = c->e.g->n, nmsgs = c->e.g->nmsgs;
  cecp_ranks(text, 0, c->e.g->v->geo.ranks, move, sizeof move);
  int refused = game_play_text(c->e.g, move, &played, err, sizeof err);
  /* A promotion XBoard did not see (it knows the last rank alone, and with
  ** its legality testing off sends the bare move): the first piece of the
  ** variant's promotion list, as XBoard's own promotion would offer. */
  const Variant *v = c->e.g->v;
  size_t len = strlen(move);
  if (refused && v->npromo && len > 3 && len + 2 < sizeof move && isdigit((unsigned char)move[len - 1])) {
    char promoted[sizeof move + 2], ignored[256];
    snprintf(promoted, sizeof promoted, "%s%c", move, v->type[v->promo_type[0]].letter);
    if (!game_play_text(c->e.g, promoted, &played, ignored, sizeof ignored)) refused = 0;
  }
  if (!refused) game_decision(c->e.g); /* the position it leads to is asked too */
  if (hook_failure(c->e.g, failure, sizeof failure)) { /* the game as it was: the GUI takes the move back */
    if (c->e.g->n > n) game_rollback(c->e.g, n, nmsgs);
    printf("Illegal move (%s): %s\n", failure, text);
  } else if (refused) printf("Illegal move (%s): %s\n", err, text);
  else *think = !c->force && !c->analyzing;
}

int protocol_xboard(Sandbox *s) {
  Cecp c = {.e = {s, "chess", LUA_NOREF, NULL, 1}, .engine_side = BLACK, .post = 0, .own_cs = -1, .opp_cs = -1};
  char err[512], *cmd;
  int analysis_done = 0;
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (engine_new_game(&c.e, NULL, err, sizeof err)) {
    printf("tellusererror %s\n", err);
    return 1;
  }
  pthread_mutex_init(&c.in.mu, NULL);
  pthread_cond_init(&c.in.cv, NULL);
  if (pthread_create(&c.in.thread, NULL, input_main, &c.in)) {
    printf("tellusererror cannot start the input thread\n");
    luaL_unref(s->L, LUA_REGISTRYINDEX, c.e.game_ref);
    return 1;
  }
  for (;;) {
    if (c.analyzing && !analysis_done && !input_pending(&c.in)) {
      cecp_analyze(&c);
      analysis_done = 1;
      continue;
    }
    InLine *line = input_next(&c.in);
    if (!line) break;
    cmd = line->text;
    int think = 0, quit = 0;
    if (line->why) {
      printf("Error (%s): %.40s...\n", line->why, cmd);
      free(line);
      continue;
    }
    if (strcmp(cmd, ".")) analysis_done = 0; /* anything but a status request restarts analysis */
    rules_begin(c.e.g->v, s->L); /* a failure is one command's error */
    if (!strcmp(cmd, "xboard") || !*cmd || !strcmp(cmd, ".") || !strcmp(cmd, "?")) {
      /* "?" when not thinking: nothing to hurry */
    } else if (!strncmp(cmd, "protover", 8)) {
      printf("feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 colors=0 analyze=1 smp=1 "
             "myname=\"varia %s\" variants=\"",
             VARIA_VERSION);
      xboard_variants(s);
      printf("\" done=1\n");
    } else if (!strncmp(cmd, "ping ", 5)) {
      printf("pong %s\n", cmd + 5);
    } else if (!strcmp(cmd, "new")) {
      /* the start of chess, Black for the engine, no depth limit */
      if (engine_set_variant(&c.e, "chess", err, sizeof err)) printf("tellusererror %s\n", err);
      c.force = 0;
      c.engine_side = BLACK;
      c.sd = 0;
      c.own_cs = c.opp_cs = -1;
    } else if (!strncmp(cmd, "variant ", 8)) {
      /* a variant refused leaves the one before, playable */
      lua_State *L = s->L;
      char buf[sizeof c.e.variant], xb[320];
      const char *name = varia_name(L, cmd + 8, buf, sizeof buf);
      int top = lua_gettop(L);
      const Variant *v = binding_variant(L, name, 0);
      int playable = v && xboard_playable(v);
      char offered[320];
      int another = v && xboard_another_game(L, v, cmd + 8, offered, sizeof offered);
      lua_settop(L, top);
      if (another)
        printf("Error (%s is XBoard's own variant, and varia's script of that name is another game, offered as %s; "
               "the variant stays %s): %.200s\n", cmd + 8, offered, engine_xboard_name(&c.e, xb, sizeof xb), cmd);
      else if (v && !playable)
        printf("Error (%s %s; the variant stays %s): %.200s\n", name,
               v->geo.hex ? "has hexagonal cells, which XBoard cannot draw (play it over UCI)"
                          : "has more than one step a turn, which CECP cannot send",
               engine_xboard_name(&c.e, xb, sizeof xb), cmd);
      else if (engine_set_variant(&c.e, name, err, sizeof err) == 0) xboard_setup(&c.e);
      else printf("Error (%s; the variant stays %s): %.200s\n", err, engine_xboard_name(&c.e, xb, sizeof xb), cmd);
    } else if (!strncmp(cmd, "setboard ", 9)) {
      if (engine_new_game(&c.e, cmd + 9, err, sizeof err)) printf("tellusererror Illegal position: %s\n", err);
    } else if (!strcmp(cmd, "force")) {
      c.force = 1;
    } else if (!strcmp(cmd, "go")) {
      c.force = 0;
      c.engine_side = game_decision(c.e.g).player;
      think = 1;
    } else if (!strcmp(cmd, "playother")) {
      c.force = 0;
      c.engine_side = game_decision(c.e.g).player ^ 1;
    } else if (!strcmp(cmd, "white") || !strcmp(cmd, "black")) {
      c.engine_side = cmd[0] == 'w' ? BLACK : WHITE;
    } else if (!strcmp(cmd, "analyze")) {
      c.analyzing = 1;
    } else if (!strcmp(cmd, "exit")) {
      c.analyzing = 0;
    } else if (!strncmp(cmd, "cores ", 6)) {
      long long n;
      int clamped;
      Searcher *searcher = binding_searcher(s->L);
      if (whole_number(cmd + 6, 1, SEARCH_MAX_THREADS, &n, &clamped))
        printf("Error (cores from 1 to %d; they stay %d): %.200s\n", SEARCH_MAX_THREADS, search_threads(searcher), cmd);
      else if (search_set_threads(searcher, (int)n))
        printf("Error (out of memory; the cores stay %d): %.200s\n", search_threads(searcher), cmd);
    } else if (!strcmp(cmd, "post") || !strcmp(cmd, "nopost")) {
      c.post = cmd[0] == 'p';
    } else if (!strncmp(cmd, "sd ", 3)) {
      /* a bad depth is refused and the one before stays: never a search
      ** without bound */
      long long d;
      int clamped;
      if (whole_number(cmd + 3, 1, SEARCH_MAX_DEPTH, &d, &clamped) || clamped) {
        if (c.sd) printf("Error (depth from 1 to %d; it stays %d): %.200s\n", SEARCH_MAX_DEPTH, c.sd, cmd);
        else printf("Error (depth from 1 to %d; no depth limit stays): %.200s\n", SEARCH_MAX_DEPTH, cmd);
      } else {
        c.sd = (int)d;
      }
    } else if (!strncmp(cmd, "st ", 3)) {
      char *end;
      double t = strtod(cmd + 3, &end);
      if (end == cmd + 3 || *end || !isfinite(t) || t <= 0 || t > ST_MAX_SECONDS)
        printf("Error (seconds per move above 0, at most %d): %.200s\n", ST_MAX_SECONDS, cmd);
      else c.st = t;
    } else if (!strncmp(cmd, "level ", 6)) {
      if (parse_level(&c, cmd + 6)) printf("Error (level MPS BASE INC, BASE in minutes or minutes:seconds): %.200s\n", cmd);
      else c.st = 0;
    } else if (!strncmp(cmd, "time ", 5) || !strncmp(cmd, "otim ", 5)) {
      long long v;
      int clamped;
      if (whole_number(cmd + 5, 0, 100LL * ST_MAX_SECONDS * 365, &v, &clamped))
        printf("Error (centiseconds): %.200s\n", cmd);
      else if (cmd[0] == 't') c.own_cs = (long)v;
      else c.opp_cs = (long)v;
    } else if (!strncmp(cmd, "usermove ", 9)) {
      cecp_usermove(&c, cmd + 9, &think);
    } else if (!strcmp(cmd, "undo")) {
      game_undo(c.e.g);
    } else if (!strcmp(cmd, "remove")) {
      game_undo(c.e.g);
      game_undo(c.e.g);
    } else if (!strcmp(cmd, "quit")) {
      quit = 1;
    } else if (!strncmp(cmd, "result", 6) || !strcmp(cmd, "hard") || !strcmp(cmd, "easy") ||
               !strncmp(cmd, "accepted", 8) || !strncmp(cmd, "rejected", 8) || !strcmp(cmd, "random") ||
               !strncmp(cmd, "computer", 8) || !strncmp(cmd, "name ", 5) || !strncmp(cmd, "rating", 6) ||
               !strcmp(cmd, "bk") || !strcmp(cmd, "hint")) {
      /* nothing to do */
    } else {
      printf("Error (unknown command): %.200s\n", cmd);
    }
    free(line);
    if (quit) break;
    if (think && game_decision(c.e.g).kind != DECIDE_NONE && game_decision(c.e.g).player == c.engine_side) {
      SearchLimits lim = cecp_limits(&c);
      char out[256], move[300];
      c.started = wall();
      int n = c.e.g->n, nmsgs = c.e.g->nmsgs;
      char failure[768];
      input_mode(&c.in, MODE_THINK);
      int ok = engine_turn(&c.e, &lim, out, sizeof out) == 0;
      input_mode(&c.in, MODE_IDLE);
      if (hook_failure(c.e.g, failure, sizeof failure)) { /* no move: the game as it was */
        if (c.e.g->n > n) game_rollback(c.e.g, n, nmsgs);
        printf("tellusererror %s\n", failure);
        ok = 0;
      }
      cecp_ranks(out, 1, c.e.g->v->geo.ranks, move, sizeof move);
      if (ok) printf("move %s\n", move);
    }
    GameResult r = game_result(c.e.g);
    if (r.over && think)
      printf("%s {%s}\n", r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2", r.reason);
    fflush(stdout);
  }
  /* the reader ends within its poll's tenth of a second */
  __atomic_store_n(&c.in.done, 1, __ATOMIC_RELAXED);
  pthread_join(c.in.thread, NULL);
  for (InLine *l = c.in.head, *n; l; l = n) {
    n = l->next;
    free(l);
  }
  pthread_mutex_destroy(&c.in.mu);
  pthread_cond_destroy(&c.in.cv);
  luaL_unref(s->L, LUA_REGISTRYINDEX, c.e.game_ref);
  return 0;
}

/* ---- self-play ---------------------------------------------------------- */

int cli_selfplay(Sandbox *s, int argc, char **argv) {
  int games = 0, depth = 2;
  uint64_t seed = 1;
  const char *variant = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--depth") && i + 1 < argc) depth = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: varia selfplay VARIANT N [--depth D] [--seed S]\n"
             "Plays N games of the computer against itself and prints each result.\n");
      return 0;
    } else if (!variant) variant = argv[i];
    else games = atoi(argv[i]);
  }
  if (!variant || games < 1 || depth < 1) {
    fprintf(stderr, "usage: varia selfplay VARIANT N [--depth D] [--seed S]\n");
    return 2;
  }
  int wins[3] = {0, 0, 0};
  for (int i = 0; i < games && !s->interrupted; i++) {
    Engine e = {s, "", LUA_NOREF, NULL, seed + (uint64_t)i};
    char err[512];
    if (engine_set_variant(&e, variant, err, sizeof err)) {
      fprintf(stderr, "varia selfplay: %s\n", err);
      return 1;
    }
    SearchLimits lim = {.depth = depth, .stop = &s->interrupted};
    char out[512];
    int steps = 0, refused = 0;
    while (!game_result(e.g).over && steps < 1000 && !s->interrupted) {
      out[0] = '\0';
      if (player_move(e.g, binding_searcher(s->L), &lim, &e.rng, out, sizeof out)) {
        if (out[0]) printf("game %d: the computer's step was refused: %s\n", i + 1, out);
        refused = out[0] != '\0';
        break;
      }
      steps++;
    }
    GameResult r = game_result(e.g);
    int k = !r.over ? 2 : r.winner < 0 ? 2 : r.winner;
    wins[k]++;
    printf("game %d: %s (%s) after %d steps\n", i + 1,
           !r.over ? "unfinished" : r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2",
           r.over ? r.reason : refused ? "a step refused" : "step limit", steps);
    luaL_unref(s->L, LUA_REGISTRYINDEX, e.game_ref);
  }
  printf("White %d, Black %d, draws or unfinished %d\n", wins[0], wins[1], wins[2]);
  return 0;
}
