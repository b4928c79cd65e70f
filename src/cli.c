/*
** cli.c - subcommands for scripts and CI. Each prints what it found on
** stdout, problems on stderr, and exits non-zero when something failed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "binding.h"
#include "cli.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "script.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

const Variant *cli_variant(Sandbox *s, const char *spec) {
  const Variant *v = binding_variant(s->L, spec, 0);
  if (!v) {
    fprintf(stderr, "varia: %s\n", lua_tostring(s->L, -1));
    lua_pop(s->L, 1);
  }
  return v;
}

static int parse_depth(const char *s, int *d) {
  char *end;
  long n = strtol(s, &end, 10);
  if (*s == '\0' || *end || n < 0 || n > 64) return -1;
  *d = (int)n;
  return 0;
}

static const char perft_usage[] =
    "usage: varia perft [--variant NAME|FILE] [--fen FEN] DEPTH [--divide]\n"
    "Counts the leaf nodes of the move tree DEPTH plies deep and ends with\n"
    "'Nodes searched: N'. --divide prints 'move: count' for each root move.\n";

int cli_perft(Sandbox *s, int argc, char **argv) {
  const char *variant = "chess", *fen = NULL;
  int depth = -1, divide = 0;
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
    } else if (depth < 0 && parse_depth(argv[i], &depth) == 0) {
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
  Game *g = binding_new_game(s->L, -1, fen);
  if (!g) {
    fprintf(stderr, "varia perft: %s\n", lua_tostring(s->L, -1));
    return 1;
  }
  double t0 = now();
  uint64_t total = 0;
  if (divide && depth > 0) {
    Move list[MAX_MOVES];
    char buf[64];
    int n = gen_legal(&g->pos, list);
    for (int i = 0; i < n && !s->interrupted; i++) {
      Undo u;
      move_to_uci(&g->pos, list[i], buf, sizeof buf);
      pos_make(&g->pos, list[i], &u);
      uint64_t c = perft(&g->pos, depth - 1, &s->interrupted);
      pos_unmake(&g->pos, list[i], &u);
      printf("%s: %llu\n", buf, (unsigned long long)c);
      total += c;
    }
    printf("\n");
  } else {
    total = perft(&g->pos, depth, &s->interrupted);
  }
  if (s->interrupted) {
    fprintf(stderr, "varia perft: interrupted\n");
    return 130;
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
} TestRun;

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
  unsigned long long got = perft(&g->pos, depth, &tr->s->interrupted);
  if (got == nodes) {
    tr->passed++;
  } else {
    printf("FAIL %s %s: perft %d expected %llu, got %llu\n", where, id, depth, nodes, got);
    tr->failed++;
  }
  lua_settop(L, top);
}

static void test_file(TestRun *tr, const char *path, const char *default_variant) {
  FILE *f = fopen(path, "r");
  char line[2048], variant[256], id[256], epd[1024], where[1100];
  int lineno = 0;
  if (!f) {
    printf("FAIL %s: cannot read the file\n", path);
    tr->failed++;
    return;
  }
  snprintf(variant, sizeof variant, "%s", default_variant);
  id[0] = epd[0] = '\0';
  while (fgets(line, sizeof line, f) && !tr->s->interrupted) {
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
        if (sscanf(q, ";D%d %llu", &d, &n) != 2) {
          printf("FAIL %s: cannot read \"%.20s\"\n", where, q);
          tr->failed++;
          break;
        }
        expect(tr, where, label, variant, fen, d, n);
        q += 2;
      }
      continue;
    }
    if (strncmp(p, "variant ", 8) == 0) snprintf(variant, sizeof variant, "%s", p + 8);
    else if (strncmp(p, "id ", 3) == 0) snprintf(id, sizeof id, "%s", p + 3);
    else if (strncmp(p, "epd ", 4) == 0) snprintf(epd, sizeof epd, "%s", p + 4);
    else if (strncmp(p, "perft ", 6) == 0) {
      int d;
      unsigned long long n;
      if (sscanf(p + 6, "%d %llu", &d, &n) != 2 || !epd[0]) {
        printf("FAIL %s: %s\n", where, epd[0] ? "expected 'perft DEPTH NODES'"
                                                : "'perft' before any 'epd' line");
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
  fclose(f);
}

static const char test_usage[] =
    "usage: varia test [--variant NAME|FILE] [--max-depth D] FILE...\n"
    "Runs perft files in python-chess's .perft format (id, epd, perft D N,\n"
    "and 'variant NAME') and EPD suites (FEN ;D1 n ;D2 n ...). Prints each\n"
    "failure and ends with 'N passed, N failed'; exits 1 if any failed.\n";

int cli_test(Sandbox *s, int argc, char **argv) {
  TestRun tr = {s, -1, 0, 0, 0};
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
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "varia test: unknown option '%s'\n%s", argv[i], test_usage);
      return 2;
    }
  }
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--variant") == 0 || strcmp(argv[i], "--max-depth") == 0) {
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

int cli_check(Sandbox *s, int argc, char **argv) {
  int bad = 0;
  if (argc == 0 || strcmp(argv[0], "--help") == 0) {
    fputs("usage: varia check VARIANT|FILE...\n"
          "Loads each variant and reports every unknown key, bad value and\n"
          "contradiction, one per line; exits 1 if any was found.\n",
          argc ? stdout : stderr);
    return argc ? 0 : 2;
  }
  for (int i = 0; i < argc; i++) {
    const Variant *v = binding_variant(s->L, argv[i], 0);
    if (!v) {
      /* One problem per line, each naming the variant. */
      const char *msg = lua_tostring(s->L, -1);
      fprintf(stderr, "%s\n", msg);
      lua_pop(s->L, 1);
      bad = 1;
      continue;
    }
    printf("%s: ok (%s, %dx%d, pieces", argv[i], v->name, v->geo.files, v->geo.ranks);
    for (int t = 0; t < v->ntypes; t++)
      printf(" %c=%s", v->type[t].letter, v->type[t].betza);
    printf(")\n");
    lua_pop(s->L, 1);
  }
  return bad;
}

/* ---- run ---------------------------------------------------------------- */

int cli_run(Sandbox *s, int argc, char **argv) {
  lua_State *L = s->L;
  if (argc == 0 || strcmp(argv[0], "--help") == 0) {
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
  for (int i = 1; i < argc; i++) lua_pushstring(L, argv[i]);
  if (sandbox_pcall(s, argc - 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "varia run: %s\n", lua_tostring(L, -1));
    return 1;
  }
  return 0;
}

int cli_list(Sandbox *s, int argc, char **argv) {
  (void)argc;
  (void)argv;
  script_list_variants(s->L);
  int n = (int)lua_rawlen(s->L, -1);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(s->L, -1, i);
    printf("%s\n", lua_tostring(s->L, -1));
    lua_pop(s->L, 1);
  }
  lua_pop(s->L, 1);
  return 0;
}
