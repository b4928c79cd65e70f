/*
** cli.c - subcommands for scripts and CI. Each prints what it found on
** stdout, problems on stderr, and exits non-zero when something failed.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "catalog.h"
#include "hidden.h"
#include "cli.h"
#include "embedded.h"
#include "match.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "rulehooks.h"
#include "script.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A count written as digits only (no sign, no blanks, no exponent), at most
** max. Returns 0, or -1 when s is not such a count. */
static int parse_count(const char *s, unsigned long long max, unsigned long long *out) {
  unsigned long long n = 0;
  if (!*s) return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return -1;
    unsigned d = (unsigned)(*s - '0');
    if (n > (max - d) / 10) return -1;
    n = n * 10 + d;
  }
  *out = n;
  return 0;
}

static int parse_depth(const char *s, int *d) {
  unsigned long long n;
  if (parse_count(s, PERFT_MAX_DEPTH, &n)) return -1;
  *d = (int)n;
  return 0;
}

static const char perft_usage[] =
    "usage: varia perft [--variant NAME|FILE] [--fen FEN] DEPTH [--divide] [--attempts]\n"
    "Counts the leaf nodes of the move tree DEPTH plies deep and ends with\n"
    "'Nodes searched: N'. --divide prints 'move: count' for each root move.\n"
    "--attempts counts, from the mover's view, every move the player could\n"
    "try knowing only their own pieces (each answered try is one outcome;\n"
    "legal ones lead on), for variants with hidden information.\n";

/* How many rules the variant on top of the stack says it plays otherwise
** than its source (its script's differs: varia import's rules it could
** not translate); the stack is left as it was. */
static lua_Integer count_differs(lua_State *L) {
  lua_Integer n = 0;
  if (lua_getiuservalue(L, -1, 1) == LUA_TTABLE && script_rawfield(L, -1, "differs") == LUA_TTABLE)
    n = (lua_Integer)lua_rawlen(L, -1);
  lua_pop(L, 2);
  return n;
}

int cli_perft(Sandbox *s, int argc, char **argv) {
  const char *variant = "chess", *fen = NULL;
  int depth = -1, divide = 0, attempts = 0;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(perft_usage, stdout);
      return 0;
    } else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
      variant = argv[++i];
    } else if (strcmp(argv[i], "--fen") == 0 && i + 1 < argc) {
      fen = argv[++i];
    } else if (strcmp(argv[i], "--divide") == 0) {
      divide = 1;
    } else if (strcmp(argv[i], "--attempts") == 0) {
      attempts = 1;
    } else if (depth < 0 && parse_depth(argv[i], &depth) == 0) {
    } else if (depth < 0 && argv[i][0] >= '0' && argv[i][0] <= '9') {
      fprintf(stderr, "varia perft: depth %s out of range (0 to %d)\n", argv[i], PERFT_MAX_DEPTH);
      return 2;
    } else {
      fprintf(stderr, "varia perft: unexpected argument '%s'\n%s", argv[i], perft_usage);
      return 2;
    }
  }
  if (depth < 0) {
    fprintf(stderr, "varia perft: missing DEPTH\n%s", perft_usage);
    return 2;
  }
  if (!cli_variant(s, variant)) return 1;
  /* a count of a game other than its source's is never given in silence */
  lua_Integer differs = count_differs(s->L);
  if (differs)
    fprintf(stderr, "varia perft: %s plays otherwise than its source (%lld rule%s; varia check lists %s)\n",
            variant, (long long)differs, differs == 1 ? "" : "s", differs == 1 ? "it" : "them");
  Game *g = binding_new_game(s->L, -1, fen);
  if (!g) {
    fprintf(stderr, "varia perft: %s\n", lua_tostring(s->L, -1));
    return 1;
  }
  double t0 = now();
  uint64_t total = 0;
  rules_begin(g->v, s->L);
  if (attempts) {
    if (divide) {
      fprintf(stderr, "varia perft: --attempts and --divide do not go together\n");
      return 2;
    }
    total = perft_attempts(&g->pos, depth, &s->interrupted);
  } else if (divide && depth > 0) {
    total = perft_divide(&g->pos, depth, &s->interrupted, print_divide_line, &g->pos);
    printf("\n");
  } else {
    total = perft(&g->pos, depth, &s->interrupted);
  }
  if (s->interrupted) {
    fprintf(stderr, "varia perft: interrupted\n");
    return 130;
  }
  if (rules_failed(g->v)) { /* the count is cut short: not a count */
    fprintf(stderr, "varia perft: %s\n", rules_failed(g->v));
    return 1;
  }
  double t = now() - t0;
  printf("Nodes searched: %llu\n", (unsigned long long)total);
  fprintf(stderr, "Time: %.3f s, %.0f nodes per second\n", t, t > 0 ? total / t : 0.0);
  return 0;
}

/* ---- test: .perft files and EPD suites ---------------------------------- */

typedef struct TestRun {
  Sandbox *s;
  int max_depth;
  int passed, failed, skipped;
  int shard_i, shard_n; /* --shard I/N: this run takes units I, I+N, ... */
  int unit;             /* units seen so far (a perft line, a case, a file) */
} TestRun;

/* Is the next unit of work this shard's? */
static int my_unit(TestRun *tr) {
  int k = tr->unit++;
  return tr->shard_n <= 1 || k % tr->shard_n == tr->shard_i - 1;
}

/* Copies the next line of *text into line (at most n - 1 characters) and
** advances *text; returns 0 at the end. */
static int next_line(const char **text, char *line, size_t n) {
  const char *s = *text;
  if (!*s) return 0;
  const char *nl = strchr(s, '\n');
  size_t len = nl ? (size_t)(nl - s) : strlen(s);
  size_t k = len < n - 1 ? len : n - 1;
  memcpy(line, s, k);
  line[k] = '\0';
  *text = nl ? nl + 1 : s + len;
  return 1;
}

static void trim(char *s) {
  size_t n = strlen(s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
    s[--n] = '\0';
}

/* One expectation: perft(depth) from fen in variant is nodes. */
static void expect(TestRun *tr, const char *where, const char *id, const char *variant,
                   const char *fen, int depth, unsigned long long nodes) {
  lua_State *L = tr->s->L;
  int top = lua_gettop(L);
  if (!my_unit(tr)) return;
  if (tr->max_depth >= 0 && depth > tr->max_depth) {
    tr->skipped++;
    return;
  }
  if (!binding_variant(L, variant, 0)) {
    printf("FAIL %s %s: %s\n", where, id, lua_tostring(L, -1));
    tr->failed++;
    lua_settop(L, top);
    return;
  }
  Game *g = binding_new_game(L, -1, fen);
  if (!g) {
    printf("FAIL %s %s: %s\n", where, id, lua_tostring(L, -1));
    tr->failed++;
    lua_settop(L, top);
    return;
  }
  rules_begin(g->v, L);
  unsigned long long got = perft(&g->pos, depth, &tr->s->interrupted);
  if (rules_failed(g->v)) {
    printf("FAIL %s %s: %s\n", where, id, rules_failed(g->v));
    tr->failed++;
  } else if (got == nodes) {
    tr->passed++;
  } else {
    printf("FAIL %s %s: perft %d expected %llu, got %llu\n", where, id, depth, nodes, got);
    tr->failed++;
  }
  lua_settop(L, top);
}

/* ---- transcripts --------------------------------------------------------
** A game as actions and what each must produce:
**   transcript NAME          starts a case (a new game)
**   variant SPEC             the variant (default: --variant or chess)
**   fen FEN                  the start position
**   > ACTION                 play a move, a turn (e2e4,e4f6), a try, offer...
**   < TO TYPE: TEXT          a message it must produce (TO: all, white,
**                            black); the '<' lines after an action list
**                            every message it produces, in order
**   = fen FEN                the true position now
**   = view white|black FEN   what a player sees now
**   = result WINNER REASON   or "= result none"
**   = answer TEXT            the referee's answer to the last action (a try)
**   = fields K=V; K=V        the fields of the message the last '<' line
**                            matched, keys in order ("= fields none")
*/
typedef struct Transcript {
  TestRun *tr;
  const char *path;
  char name[256], variant[256], fen[1024];
  int started;    /* a game exists for the current case */
  int failed;     /* the current case has failed */
  int top;        /* Lua stack top before the case */
  Game *g;
  int msg_from;   /* first message of the last action */
  int msg_seen;   /* '<' lines checked against it so far */
  char answer[4096];
  int cases;
  int skip;       /* the current case belongs to another shard */
} Transcript;

static void tx_fail(Transcript *t, int lineno, const char *fmt, const char *a, const char *b) {
  char msg[9000];
  snprintf(msg, sizeof msg, fmt, a, b);
  printf("FAIL %s:%d %s: %s\n", t->path, lineno, t->name[0] ? t->name : "(transcript)", msg);
  t->failed = 1;
}

/* Ends the '<' list of the last action: every message must be matched. */
static void tx_close_action(Transcript *t, int lineno) {
  if (!t->g || t->failed) return;
  if (t->msg_from + t->msg_seen < t->g->nmsgs) {
    const Message *m = &t->g->msgs[t->msg_from + t->msg_seen];
    tx_fail(t, lineno, "an unexpected message: %s: %s", m->type, m->text);
  }
  t->msg_seen = 0;
  t->msg_from = t->g->nmsgs;
}

static void tx_end_case(Transcript *t, int lineno) {
  if (t->started) {
    tx_close_action(t, lineno);
    if (t->failed) t->tr->failed++;
    else t->tr->passed++;
  }
  lua_settop(t->tr->s->L, t->top);
  t->started = t->failed = 0;
  t->g = NULL;
  t->fen[0] = t->answer[0] = '\0';
}

/* The game of the current case, created at its first action or check. */
static Game *tx_game(Transcript *t, int lineno) {
  lua_State *L = t->tr->s->L;
  if (t->g || t->failed) return t->g;
  t->started = 1;
  if (!binding_variant(L, t->variant, 0)) {
    tx_fail(t, lineno, "%s%s", lua_tostring(L, -1), "");
    return NULL;
  }
  t->g = binding_new_game(L, -1, t->fen[0] ? t->fen : NULL);
  if (!t->g) tx_fail(t, lineno, "%s%s", lua_tostring(L, -1), "");
  else t->msg_from = t->g->nmsgs;
  return t->g;
}


static void tx_line(Transcript *t, int lineno, char *p) {
  char buf[4096];
  if (strncmp(p, "transcript", 10) == 0) {
    tx_end_case(t, lineno);
    snprintf(t->name, sizeof t->name, "%s", p[10] ? p + 11 : "");
    t->cases++;
    t->skip = !my_unit(t->tr);
    return;
  }
  if (t->skip && strncmp(p, "variant ", 8) != 0) return;
  if (strncmp(p, "variant ", 8) == 0) {
    snprintf(t->variant, sizeof t->variant, "%s", p + 8);
    return;
  }
  if (strncmp(p, "fen ", 4) == 0) {
    snprintf(t->fen, sizeof t->fen, "%s", p + 4);
    return;
  }
  if (t->failed) return; /* one failure per case */
  Game *g = tx_game(t, lineno);
  if (!g) return;
  if (p[0] == '>' ) {
    int played = 0;
    tx_close_action(t, lineno);
    const char *action = p[1] == ' ' ? p + 2 : p + 1;
    t->answer[0] = '\0';
    int status = game_play_text(g, action, &played, buf, sizeof buf);
    if (status < 0) tx_fail(t, lineno, "%s refused: %s", action, buf);
    else if (status == 1) snprintf(t->answer, sizeof t->answer, "%s", buf);
    return;
  }
  if (p[0] == '<') {
    const char *want = p[1] == ' ' ? p + 2 : p + 1;
    int i = t->msg_from + t->msg_seen;
    if (i >= g->nmsgs) {
      tx_fail(t, lineno, "expected the message \"%s\", got no more%s", want, "");
      return;
    }
    const Message *m = &g->msgs[i];
    snprintf(buf, sizeof buf, "%s %s: %s", audience_name(m->audience), m->type, m->text);
    if (strcmp(buf, want) != 0) tx_fail(t, lineno, "expected \"%s\", got \"%s\"", want, buf);
    t->msg_seen++;
    return;
  }
  if (p[0] == '=') {
    const char *what = p[1] == ' ' ? p + 2 : p + 1;
    if (strncmp(what, "fen ", 4) == 0) {
      pos_fen(&g->pos, buf, sizeof buf);
      if (strcmp(buf, what + 4) != 0) tx_fail(t, lineno, "expected FEN %s, got %s", what + 4, buf);
    } else if (strncmp(what, "view white ", 11) == 0 || strncmp(what, "view black ", 11) == 0) {
      view_fen(&g->pos, what[5] == 'w' ? WHITE : BLACK, buf, sizeof buf);
      if (strcmp(buf, what + 11) != 0) tx_fail(t, lineno, "expected view %s, got %s", what + 11, buf);
    } else if (strncmp(what, "result ", 7) == 0) {
      GameResult r = game_result(g);
      if (!r.over) snprintf(buf, sizeof buf, "none");
      else snprintf(buf, sizeof buf, "%s %s", r.winner < 0 ? "draw" : colour_name(r.winner),
                    r.reason);
      if (strcmp(buf, what + 7) != 0) tx_fail(t, lineno, "expected result %s, got %s", what + 7, buf);
    } else if (strncmp(what, "answer ", 7) == 0) {
      if (strcmp(t->answer, what + 7) != 0)
        tx_fail(t, lineno, "expected the answer %s, got %s", what + 7, t->answer[0] ? t->answer : "(a legal move)");
    } else if (strncmp(what, "fields ", 7) == 0) {
      if (!t->msg_seen) {
        tx_fail(t, lineno, "%s: no '<' line of this action to check the fields of%s", what, "");
        return;
      }
      const Message *m = &g->msgs[t->msg_from + t->msg_seen - 1];
      const char *got = m->fields ? m->fields : "none";
      if (strcmp(got, what + 7) != 0) tx_fail(t, lineno, "expected the fields %s, got %s", what + 7, got);
    } else {
      tx_fail(t, lineno, "unknown check \"%s\" (fen, view, result, answer, fields)%s", what, "");
    }
    return;
  }
  tx_fail(t, lineno, "unknown line \"%.40s\"%s", p, "");
}

static void test_transcript(TestRun *tr, const char *text, const char *path,
                            const char *default_variant) {
  Transcript t;
  char line[4096];
  int lineno = 0;
  memset(&t, 0, sizeof t);
  t.tr = tr;
  t.path = path;
  t.top = lua_gettop(tr->s->L);
  snprintf(t.variant, sizeof t.variant, "%s", default_variant);
  while (next_line(&text, line, sizeof line) && !tr->s->interrupted) {
    lineno++;
    trim(line);
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\0' || *p == '#') continue;
    tx_line(&t, lineno, p);
  }
  tx_end_case(&t, lineno);
}

/* A transcript has at least one "transcript" line. */
static int is_transcript(const char *text) {
  char line[4096];
  while (next_line(&text, line, sizeof line)) {
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (strncmp(p, "transcript", 10) == 0 && (p[10] == ' ' || p[10] == '\n' || p[10] == '\0'))
      return 1;
  }
  return 0;
}

/* A Lua test file: run with the check library (lua/check.lua) counting
** for the runner; an error in the file counts as one failure. */
static void test_lua_file(TestRun *tr, const char *path) {
  lua_State *L = tr->s->L;
  int top = lua_gettop(L);
  if (!my_unit(tr)) return;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "check");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    printf("FAIL %s: %s\n", path, lua_tostring(L, -1));
    tr->failed++;
    lua_settop(L, top);
    return;
  }
  int t = lua_gettop(L);
  lua_pushboolean(L, 1);
  lua_setfield(L, t, "runner");
  lua_pushinteger(L, 0);
  lua_setfield(L, t, "passed");
  lua_pushinteger(L, 0);
  lua_setfield(L, t, "failed");
  if (luaL_loadfilex(L, path, "t") != LUA_OK || sandbox_pcall(L, 0, 0, 0) != LUA_OK) {
    printf("FAIL %s: %s\n", path, lua_tostring(L, -1));
    tr->failed++;
    lua_pop(L, 1);
  }
  lua_getfield(L, t, "passed");
  lua_getfield(L, t, "failed");
  tr->passed += (int)lua_tointeger(L, -2);
  tr->failed += (int)lua_tointeger(L, -1);
  lua_settop(L, top);
}

/* "DEPTH NODES", the rest of a perft line or of an EPD ;D field: depth a
** whole number from 0 to PERFT_MAX_DEPTH, nodes a whole number that fits
** in 64 bits, nothing else. Returns 0, or -1 with why. */
static int parse_expectation(const char *s, const char *form, int *depth, unsigned long long *nodes,
                             char *why, size_t len) {
  char words[3][64];
  int n = 0;
  while (n < 3) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) break;
    size_t k = strcspn(s, " \t");
    snprintf(words[n++], sizeof words[0], "%.*s", (int)(k < 63 ? k : 63), s);
    s += k;
  }
  if (n != 2) {
    snprintf(why, len, "expected '%s'", form);
    return -1;
  }
  if (parse_depth(words[0], depth)) {
    snprintf(why, len, "depth \"%s\" is not a whole number from 0 to %d", words[0], PERFT_MAX_DEPTH);
    return -1;
  }
  if (parse_count(words[1], ~0ull, nodes)) {
    snprintf(why, len, "node count \"%s\" is not a whole number (0 to 2^64 - 1)", words[1]);
    return -1;
  }
  return 0;
}

static void test_file(TestRun *tr, const char *path, const char *default_variant) {
  lua_State *L = tr->s->L;
  size_t plen = strlen(path);
  if (plen > 4 && strcmp(path + plen - 4, ".lua") == 0) {
    test_lua_file(tr, path);
    return;
  }
  char line[2048], variant[256], id[256], epd[1024], where[1100];
  int lineno = 0;
  /* The file as a Lua string: no C resource is held while tests run. */
  if (script_read_file(L, path)) {
    printf("FAIL %s: cannot read the file\n", path);
    tr->failed++;
    return;
  }
  const char *text = lua_tostring(L, -1);
  int top = lua_gettop(L);
  if (is_transcript(text)) {
    test_transcript(tr, text, path, default_variant);
    lua_settop(L, top - 1);
    return;
  }
  snprintf(variant, sizeof variant, "%s", default_variant);
  id[0] = epd[0] = '\0';
  while (next_line(&text, line, sizeof line) && !tr->s->interrupted) {
    lineno++;
    trim(line);
    snprintf(where, sizeof where, "%s:%d", path, lineno);
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\0' || *p == '#' || *p == '%') continue;
    char *semi = strstr(p, " ;");
    if (semi) { /* EPD suite: FEN ;D1 n ;D2 n ... */
      char fen[1024];
      snprintf(fen, sizeof fen, "%.*s", (int)(semi - p), p);
      char label[64];
      snprintf(label, sizeof label, "line %d", lineno);
      for (char *q = semi; (q = strstr(q, ";D"));) {
        int d;
        unsigned long long n;
        char field[128], why[160];
        q += 2;
        size_t k = strcspn(q, ";");
        snprintf(field, sizeof field, "%.*s", (int)(k < sizeof field - 1 ? k : sizeof field - 1), q);
        trim(field);
        if (k >= sizeof field || parse_expectation(field, ";DDEPTH NODES", &d, &n, why, sizeof why)) {
          printf("FAIL %s: ;D%.40s: %s\n", where, field, k >= sizeof field ? "too long" : why);
          tr->failed++;
          break;
        }
        expect(tr, where, label, variant, fen, d, n);
      }
      continue;
    }
    if (strncmp(p, "variant ", 8) == 0) snprintf(variant, sizeof variant, "%s", p + 8);
    else if (strncmp(p, "id ", 3) == 0) snprintf(id, sizeof id, "%s", p + 3);
    else if (strncmp(p, "epd ", 4) == 0) snprintf(epd, sizeof epd, "%s", p + 4);
    else if (strncmp(p, "perft ", 6) == 0) {
      int d;
      unsigned long long n;
      char why[160];
      if (!epd[0] || parse_expectation(p + 6, "perft DEPTH NODES", &d, &n, why, sizeof why)) {
        printf("FAIL %s: %s\n", where, epd[0] ? why : "'perft' before any 'epd' line");
        tr->failed++;
        continue;
      }
      expect(tr, where, id[0] ? id : "(no id)", variant, epd, d, n);
    } else {
      printf("FAIL %s: unknown line \"%.40s\" (expected id, epd, perft, variant "
             "or FEN ;D1 n)\n", where, p);
      tr->failed++;
    }
  }
  lua_settop(L, top - 1);
}

static const char test_usage[] =
    "usage: varia test [--variant NAME|FILE] [--max-depth D] [--shard I/N] FILE...\n"
    "Runs perft files in python-chess's .perft format (id, epd, perft D N,\n"
    "and 'variant NAME'), EPD suites (FEN ;D1 n ;D2 n ...) and transcripts\n"
    "(a game as actions and the messages each must produce; see docs/cli.md),\n"
    "and Lua test files (*.lua, using require \"check\"). --shard I/N runs\n"
    "the I-th of N slices (each perft line, transcript case or Lua file is one\n"
    "unit), to spread a suite over machines.\n"
    "Prints each failure and ends with 'N passed, N failed'; exits 1 if any\n"
    "failed.\n";

int cli_test(Sandbox *s, int argc, char **argv) {
  TestRun tr = {s, -1, 0, 0, 0, 1, 1, 0};
  const char *variant = "chess";
  int nfiles = 0;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(test_usage, stdout);
      return 0;
    } else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
      variant = argv[++i];
    } else if (strcmp(argv[i], "--max-depth") == 0 && i + 1 < argc) {
      if (parse_depth(argv[++i], &tr.max_depth)) {
        fprintf(stderr, "varia test: bad --max-depth '%s'\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--shard") == 0 && i + 1 < argc) {
      if (sscanf(argv[++i], "%d/%d", &tr.shard_i, &tr.shard_n) != 2 || tr.shard_n < 1 ||
          tr.shard_i < 1 || tr.shard_i > tr.shard_n) {
        fprintf(stderr, "varia test: --shard expects I/N with 1 <= I <= N, not '%s'\n", argv[i]);
        return 2;
      }
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "varia test: unknown option '%s'\n%s", argv[i], test_usage);
      return 2;
    }
  }
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--variant") == 0 || strcmp(argv[i], "--max-depth") == 0 ||
        strcmp(argv[i], "--shard") == 0) {
      i++;
      continue;
    }
    test_file(&tr, argv[i], variant);
    nfiles++;
  }
  if (!nfiles) {
    fprintf(stderr, "varia test: no files given\n%s", test_usage);
    return 2;
  }
  if (s->interrupted) fprintf(stderr, "varia test: interrupted\n");
  if (tr.skipped) printf("%d passed, %d failed, %d skipped\n", tr.passed, tr.failed, tr.skipped);
  else printf("%d passed, %d failed\n", tr.passed, tr.failed);
  return tr.failed || s->interrupted ? 1 : 0;
}

/* ---- check -------------------------------------------------------------- */

static int names_script_file(const char *spec) {
  size_t n = strlen(spec);
  return !strchr(spec, ':') && (strchr(spec, '/') || (n > 4 && !strcmp(spec + n - 4, ".lua")));
}

static int ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* The line of the script text where the key a problem names is set
** ("pieces.x.betza: ..." is the betza = after the x = after the pieces
** =), or 0 when the text does not show it (a key inherited from another
** script, a problem that names no key). A guess from the text, not from
** Lua, which keeps no lines for table fields; only ever a hint. */
static int key_line(const char *text, const char *problem, int len) {
  const char *colon = memchr(problem, ':', (size_t)len), *at = text;
  if (!colon || colon[1] != ' ') return 0;
  for (const char *k = problem; k < colon;) {
    size_t n = 0;
    while (k + n < colon && k[n] != '.' && k[n] != '[') n++;
    if (n == 0) return 0;
    const char *found = NULL;
    for (const char *c = at; *c; c++) {
      if (strncmp(c, k, n) || (c > text && ident_char(c[-1])) || ident_char(c[n])) continue;
      const char *e = c + n;
      while (*e == ' ' || *e == '\t') e++;
      if (*e == '=' && e[1] != '=') {
        found = c;
        break;
      }
    }
    if (!found) return 0;
    at = found + n;
    k += n;
    while (k < colon && (*k == '.' || *k == '[' || *k == ']' || isdigit((unsigned char)*k))) k++;
  }
  int line = 1;
  for (const char *c = text; c < at; c++) line += *c == '\n';
  return line;
}

/* A variant that loads may still fail when played: a hook that raises at
** the first position, a turn that never ends. check counts the first
** turn's moves (perft 1, which follows a turn through all its steps), then
** plays CHECK_GAMES seeded random games of at most CHECK_STEPS steps
** through every hook, each step chosen among those g:decision() offers,
** and asks g:selftest() at each position (make and unmake of every step
** give the position back, every step reads back from its UCI). Returns
** nothing, or what failed, where. */
#define CHECK_GAMES 3
#define CHECK_STEPS 40
static const char random_games[] =
    "local spec, games, steps = ...\n"
    "for n = 1, games do\n"
    "  math.randomseed(n)\n"
    "  local g = varia.new(spec)\n"
    "  local ok, got, why = pcall(g.perft, g, 1)\n"
    "  if not ok then return 'the first turn\\'s moves (perft 1): ' .. tostring(got) end\n"
    "  for step = 1, steps do\n"
    "    local at = string.format('random game %d (seed %d), step %d: ', n, n, step)\n"
    "    ok, got, why = pcall(g.selftest, g)\n"
    "    if not ok then return at .. tostring(got) end\n"
    "    if not got then return at .. 'g:selftest(): ' .. tostring(why) end\n"
    "    local d\n"
    "    ok, d = pcall(g.decision, g)\n"
    "    if not ok then return at .. tostring(d) end\n"
    "    if not d or #d.options == 0 then break end\n"
    "    local move = d.options[math.random(#d.options)]\n"
    "    ok, got, why = pcall(g.play, g, move)\n"
    "    if not ok then return at .. move .. ': ' .. tostring(got) end\n"
    "    if not got then return at .. move .. ': ' .. tostring(why) end\n"
    "    ok, got = pcall(g.result, g)\n"
    "    if not ok then return at .. tostring(got) end\n"
    "    if got then break end\n"
    "  end\n"
    "end\n";

static const char *play_random_games(lua_State *L, const char *spec) {
  if (luaL_loadbufferx(L, random_games, sizeof random_games - 1, "=check", "t") != LUA_OK)
    return lua_tostring(L, -1);
  lua_pushstring(L, spec);
  lua_pushinteger(L, CHECK_GAMES);
  lua_pushinteger(L, CHECK_STEPS);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK || lua_isstring(L, -1)) return lua_tostring(L, -1);
  lua_pop(L, 1);
  return NULL;
}

int cli_check(Sandbox *s, int argc, char **argv) {
  int bad = 0;
  if (argc == 0 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    fputs("usage: varia check VARIANT|FILE...\n"
          "Loads each variant and reports every unknown key, bad value and\n"
          "contradiction, one per line; then plays it (perft 1 and three seeded\n"
          "random games through every hook, g:selftest() at each position) and\n"
          "reports what fails, with the hook's file:line. Exits 1 if anything\n"
          "was found.\n",
          argc ? stdout : stderr);
    return argc ? 0 : 2;
  }
  for (int i = 0; i < argc; i++) {
    const Variant *v = binding_variant(s->L, argv[i], 0);
    if (!v) {
      /* One problem per line, each naming the variant. */
      const char *msg = lua_tostring(s->L, -1);
      size_t plen = strlen(argv[i]);
      if (strncmp(msg, argv[i], plen) == 0 && msg[plen] == ':' && msg[plen + 1] == ' ')
        msg += plen + 2;
      while (*msg == ' ') msg++;
      /* A script named by its path: each problem with the line of its key. */
      const char *text = NULL;
      if (names_script_file(argv[i]) && script_read_file(s->L, argv[i]) == 0) text = lua_tostring(s->L, -1);
      for (const char *line = msg; *line;) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);
        if (!strncmp(line, "stack traceback", 15) || line[0] == '\t') break;
        int at = text ? key_line(text, line, n) : 0;
        if (at) fprintf(stderr, "%s:%d: %.*s\n", argv[i], at, n, line);
        else fprintf(stderr, "%s: %.*s\n", argv[i], n, line);
        line = nl ? nl + 1 : line + n;
      }
      lua_pop(s->L, text ? 2 : 1);
      bad = 1;
      continue;
    }
    /* what the script says it plays otherwise than its source (varia
    ** import's rules it could not translate): each is a failure */
    int differs = 0;
    if (lua_getiuservalue(s->L, -1, 1) == LUA_TTABLE && script_rawfield(s->L, -1, "differs") == LUA_TTABLE) {
      lua_Integer n = (lua_Integer)lua_rawlen(s->L, -1);
      for (lua_Integer k = 1; k <= n; k++) {
        if (lua_rawgeti(s->L, -1, k) == LUA_TSTRING)
          fprintf(stderr, "%s: plays otherwise than its source: %s\n", argv[i], lua_tostring(s->L, -1)), differs++;
        lua_pop(s->L, 1);
      }
    }
    lua_pop(s->L, 2);
    if (differs) {
      lua_pop(s->L, 1);
      bad = 1;
      continue;
    }
    const char *failed = play_random_games(s->L, argv[i]);
    if (failed) {
      /* the hook's traceback runs through check's own code: the line says where */
      const char *trace = strstr(failed, "\nstack traceback:");
      fprintf(stderr, "%s: %.*s\n", argv[i], trace ? (int)(trace - failed) : (int)strlen(failed), failed);
      lua_pop(s->L, 2);
      bad = 1;
      continue;
    }
    printf("%s: ok (%s, %dx%d, pieces", argv[i], v->name, v->geo.files, v->geo.ranks);
    char l[4];
    for (int t = 0; t < v->ntypes; t++)
      type_text(v, t, BLACK, l), printf(" %s=%s", l, v->type[t].betza);
    /* royalty, inherited from std.chess's king unless switched off, is
    ** easy to get wrong and shows in no count: say it */
    int royals = 0;
    for (int t = 0; t < v->ntypes; t++)
      if (v->type[t].royal) type_text(v, t, BLACK, l), printf("%s%s", royals++ ? "" : "; royal ", l);
    printf("%s)\n", royals ? "" : "; no royal piece");
    lua_pop(s->L, 1);
  }
  return bad;
}

/* ---- run ---------------------------------------------------------------- */

int cli_run(Sandbox *s, int argc, char **argv) {
  lua_State *L = s->L;
  if (argc == 0 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    fputs("usage: varia run SCRIPT.lua [ARGS...]\n"
          "Runs a Lua script with the varia module loaded (docs/api.md); the\n"
          "arguments are in the table arg. Exits 1 on an error, with file:line\n"
          "and a traceback.\n",
          argc ? stdout : stderr);
    return argc ? 0 : 2;
  }
  lua_createtable(L, argc, 1);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i);
  }
  lua_setglobal(L, "arg");
  if (luaL_loadfilex(L, argv[0], "t") != LUA_OK) {
    fprintf(stderr, "varia run: %s\n", lua_tostring(L, -1));
    return 1;
  }
  luaL_checkstack(L, argc + 2, "too many arguments to the script");
  for (int i = 1; i < argc; i++) lua_pushstring(L, argv[i]);
  if (sandbox_pcall(s->L, argc - 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "varia run: %s\n", lua_tostring(L, -1));
    return 1;
  }
  return 0;
}

/* Runs the built-in trusted script path (always the built-in copy, in the
** global environment) with arg as its one argument when arg is not 0;
** pushes what it returns. Returns 0, or -1 with a message on stderr. */
static int run_builtin(lua_State *L, const char *path, int arg, const char *command) {
  const EmbeddedFile *e = embedded_files;
  while (e->path && strcmp(e->path, path)) e++;
  if (!e->path) {
    fprintf(stderr, "varia %s: %s is not built in\n", command, path);
    return -1;
  }
  char name[64];
  snprintf(name, sizeof name, "@%s", path);
  if (luaL_loadbufferx(L, e->text, e->len, name, "t") != LUA_OK) {
    fprintf(stderr, "varia %s: %s\n", command, lua_tostring(L, -1));
    lua_pop(L, 1);
    return -1;
  }
  if (arg) lua_pushvalue(L, arg);
  if (sandbox_pcall(L, arg ? 1 : 0, 1, 0) != LUA_OK) {
    fprintf(stderr, "varia %s: %s\n", command, lua_tostring(L, -1));
    lua_pop(L, 1);
    return -1;
  }
  return 0;
}

/* The designer's lab (analyze, diff) is a trusted Lua tool built into the
** binary, lua/lab.lua and lua/labdiff.lua: the statistics and the games
** are Lua's, the search and the rules are the core's. It is called as
** lab.main(command, exe, tty, args...), where exe is this program (for
** the worker processes of --concurrency) and tty says whether standard
** error is a terminal (the progress bar); it returns the exit status. */
int cli_lab(Sandbox *s, const char *command, int argc, char **argv) {
  lua_State *L = s->L;
  int failed = strcmp(command, "diff") ? 1 : 2; /* diff's errors exit 2 */
  if (run_builtin(L, "lua/lab.lua", 0, command)) return failed;
  int lab = lua_gettop(L);
  if (run_builtin(L, "lua/labdiff.lua", lab, command)) {
    lua_settop(L, lab - 1);
    return failed;
  }
  lua_setfield(L, lab, "diff");
  if (run_builtin(L, "lua/labtune.lua", lab, command)) {
    lua_settop(L, lab - 1);
    return failed;
  }
  lua_setfield(L, lab, "tune");
  match_push_lab_engine(L); /* seats played by external engines */
  lua_setfield(L, lab, "engine");
  lua_getfield(L, lab, "main");
  lua_pushstring(L, command);
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    lua_pushstring(L, exe);
  } else {
    lua_pushnil(L); /* no worker processes without a path to this program */
  }
  lua_pushboolean(L, isatty(2));
  luaL_checkstack(L, argc + 4, "too many arguments");
  for (int i = 0; i < argc; i++) lua_pushstring(L, argv[i]);
  if (sandbox_pcall(L, argc + 3, 1, 0) != LUA_OK) {
    fprintf(stderr, "varia %s: %s\n", command, lua_tostring(L, -1));
    lua_settop(L, lab - 1);
    return failed;
  }
  int status = (int)lua_tointeger(L, -1);
  lua_settop(L, lab - 1);
  return status;
}
