/*
** test_script.c - finding, running and reading variant scripts.
**
** Sources:
**  [CPW]  Chess Programming Wiki "Perft Results" (start position).
**  [FSF]  Fairy-Stockfish tests/perft.sh: capablanca startpos 4 805128,
**         shatranj startpos 4 68122, courier startpos 4 500337.
**  [ETH]  Ethereal src/perft/fischer.epd (Chess960 perft).
**  [SP]   Scharnagl's Chess960 numbering (Wikipedia "Fischer random chess
**         numbering scheme"): 0 = BBQNNRKR, 518 = RNBQKBNR, 631 = RNBKQRNB,
**         959 = RKRNNQBB.
**  [SH]   Shatranj (Wikipedia "Shatranj"; H. J. R. Murray): stalemate and a
**         bared king lose.
**  [LM]   Lua 5.4 manual: syntax and runtime errors of a chunk named
**         "@file" read "file:line: message".
**  The messages' key names follow the keys of the variant table itself
**  (docs/api.md): a problem must say which key it is about.
*/
#include <sys/stat.h>
#include <unistd.h>

#include "fixtures_lua.h"

static char tmpdir[64];

static int setup(void **state) {
  *state = fx_lua_new(0);
  return 0;
}

static int teardown(void **state) {
  sandbox_free(*state);
  return 0;
}

static int setup_dir(void **state) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/varia-unit-XXXXXX");
  assert_non_null(mkdtemp(tmpdir));
  return setup(state);
}

static int teardown_dir(void **state) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  if (system(cmd) != 0) return -1;
  return teardown(state);
}

/* Writes text to tmpdir/name; returns the path in a static buffer. */
static const char *write_script(const char *name, const char *text) {
  static char path[128];
  snprintf(path, sizeof path, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

/* binding_variant() on spec must fail; returns its message. */
static const char *load_fails(Sandbox *s, const char *spec) {
  static char msg[4096];
  if (binding_variant(s->L, spec, 0)) fail_msg("\"%s\" loaded", spec);
  snprintf(msg, sizeof msg, "%s", lua_tostring(s->L, -1));
  lua_pop(s->L, 1);
  return msg;
}

static void test_shipped_variants(void **state) {
  static const struct {
    const char *name;
    int files, ranks, ntypes, castling;
    int depth;
    uint64_t nodes; /* perft of the start position */
  } cases[] = {
      {"chess", 8, 8, 6, 1, 3, 8902},          /* [CPW] */
      {"chess960", 8, 8, 6, 1, 3, 8902},       /* position 518 = chess */
      {"capablanca", 10, 8, 8, 1, 4, 805128},  /* [FSF] */
      {"shatranj", 8, 8, 6, 0, 4, 68122},      /* [FSF] */
      {"courier", 12, 8, 9, 0, 4, 500337},     /* [FSF] */
  };
  Sandbox *s = *state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Variant *v = fx_lua_variant(s, cases[i].name);
    assert_string_equal(v->name, cases[i].name);
    assert_int_equal(v->geo.files, cases[i].files);
    assert_int_equal(v->geo.ranks, cases[i].ranks);
    assert_int_equal(v->ntypes, cases[i].ntypes);
    assert_int_equal(v->castling, cases[i].castling);
    uint64_t n = fx_perft(v, v->start_fen, cases[i].depth);
    if (n != cases[i].nodes)
      fail_msg("%s: perft %d = %llu, expected %llu", cases[i].name, cases[i].depth,
               (unsigned long long)n, (unsigned long long)cases[i].nodes);
    /* Loaded once: the same Variant the second time. */
    assert_ptr_equal(fx_lua_variant(s, cases[i].name), v);
  }
  /* [ETH] a Chess960 position, and king-takes-rook castling in UCI. */
  const Variant *v = fx_lua_variant(s, "chess960");
  assert_int_equal(fx_perft(v, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3), 12189);
  assert_true(v->castle_king_takes_rook);
  /* Chess960 O-O-O with king g1 and rook f1: king to c1, rook to d1
  ** (FIDE Laws, Guidelines II), written g1f1. */
  Position p;
  Undo u;
  fx_set_fen(&p, v, "4k3/8/8/8/8/8/8/5RK1 w Q - 0 1");
  Move m = fx_play(&p, "g1f1", &u);
  assert_int_equal(MOVE_FLAG(m), MF_CASTLE);
  assert_string_equal(fx_fen(&p), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

static void test_list_variants(void **state) {
  static const char *const want[] = {"capablanca", "chess", "chess960", "courier", "shatranj"};
  lua_State *L = ((Sandbox *)*state)->L;
  script_list_variants(L);
  int n = (int)lua_rawlen(L, -1);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    int found = 0;
    for (int j = 1; j <= n; j++) {
      lua_rawgeti(L, -1, j);
      found |= strcmp(lua_tostring(L, -1), want[i]) == 0;
      lua_pop(L, 1);
    }
    if (!found) fail_msg("%s is not listed", want[i]);
  }
  lua_pop(L, 1);
}

/* [SP] std.chess960_fen in the standard library. */
static void test_chess960_numbering(void **state) {
  static const char *const cases[][2] = {
      {"0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
      {"518", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"631", "rnbkqrnb/pppppppp/8/8/8/8/PPPPPPPP/RNBKQRNB w KQkq - 0 1"},
      {"959", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"},
  };
  Sandbox *s = *state;
  char code[128];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    snprintf(code, sizeof code, "return require('std').chess960_fen(%s)", cases[i][0]);
    if (fx_lua_run(s, code, 0) != LUA_OK) fail_msg("%s", lua_tostring(s->L, -1));
    assert_string_equal(lua_tostring(s->L, -1), cases[i][1]);
    lua_pop(s->L, 1);
  }
}

/* [SH] the shipped shatranj ends games by its own rules. */
static void test_shatranj_rules(void **state) {
  const Variant *v = fx_lua_variant(*state, "shatranj");
  Game g;
  GameResult r;
  char err[256];
  /* Black's king stalemated (Ka8; Kb6, Nd7; the black pawn is blocked). */
  assert_int_equal(game_init(&g, v, "k7/3N4/1K6/8/8/p7/P7/8 b - - 0 1", err, sizeof err), 0);
  r = game_result(&g);
  assert_true(r.over);
  assert_int_equal(r.winner, WHITE);
  assert_string_equal(r.reason, "stalemate");
  game_free(&g);
  /* Black's king bared by White's last move. */
  assert_int_equal(game_init(&g, v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", err, sizeof err), 0);
  r = game_result(&g);
  assert_true(r.over);
  assert_int_equal(r.winner, WHITE);
  game_free(&g);
}

/* A variant table given as Lua code must be refused with a message that
** contains each of the expected fragments. */
static void table_refused(Sandbox *s, const char *table, const char *const *want) {
  lua_State *L = s->L;
  char code[2048];
  snprintf(code, sizeof code, "return %s", table);
  if (fx_lua_run(s, code, 0) != LUA_OK) fail_msg("%s", lua_tostring(L, -1));
  if (binding_variant(L, NULL, -1)) fail_msg("accepted %s", table);
  for (; *want; want++) assert_contains(lua_tostring(L, -1), *want);
  lua_pop(L, 2);
}

#define TABLE(extra)                                                           \
  "{ name = 'kings', pieces = { k = { betza = 'K', royal = true }," extra     \
  " }, start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }"

static void test_table_problems(void **state) {
  Sandbox *s = *state;
  /* The base table itself is fine. */
  assert_int_equal(fx_lua_run(s, "return " TABLE(""), 0), LUA_OK);
  assert_non_null(binding_variant(s->L, NULL, -1));
  lua_pop(s->L, 2);

  const char *unknown[] = {"colour", "unknown key", NULL};
  table_refused(s, "{ name = 'x', colour = 'red', pieces = { k = { betza = 'K', royal = true } },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }", unknown);
  const char *unknown_piece_key[] = {"pieces.k.colour", NULL};
  table_refused(s, "{ name = 'x', pieces = { k = { betza = 'K', royal = true, colour = 1 } },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }", unknown_piece_key);
  const char *unknown_rule[] = {"rules.castle_anywhere", NULL};
  table_refused(s, "{ name = 'x', pieces = { k = { betza = 'K', royal = true } },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1', rules = { castle_anywhere = true } }",
                unknown_rule);
  const char *missing_betza[] = {"pieces.x.betza", "missing", NULL};
  table_refused(s, TABLE(" x = { name = 'nothing' }"), missing_betza);
  const char *missing_start[] = {"start", "missing", NULL};
  table_refused(s, "{ name = 'x', pieces = { k = { betza = 'K', royal = true } } }", missing_start);
  const char *bad_start[] = {"start", "FEN", NULL};
  table_refused(s, "{ name = 'x', pieces = { k = { betza = 'K', royal = true } }, start = '4k3/8/8 w' }",
                bad_start);
  const char *bad_promo[] = {"promotion.pieces", "'z'", NULL};
  table_refused(s, "{ name = 'x', pieces = { k = { betza = 'K', royal = true },"
                   " p = { betza = 'fmW', promotes = true } }, promotion = { pieces = 'z' },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }",
                bad_promo);
  const char *bad_files[] = {"files", "out of range", NULL};
  table_refused(s, "{ name = 'x', files = 17, pieces = { k = { betza = 'K', royal = true } },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }", bad_files);
  const char *bad_type[] = {"ranks", "whole number", NULL};
  table_refused(s, "{ name = 'x', ranks = '8', pieces = { k = { betza = 'K', royal = true } },"
                   " start = '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }", bad_type);
  /* Every problem is reported, not just the first. */
  const char *two[] = {"colour", "start", NULL};
  table_refused(s, "{ name = 'x', colour = 1, pieces = { k = { betza = 'K', royal = true } } }", two);
}

/* A bad Betza: the problem names the piece's key and the string. */
static void test_table_bad_betza(void **state) {
  const char *bad_betza[] = {"pieces.x", "Qz", NULL};
  table_refused(*state, TABLE(" x = { betza = 'Qz' }"), bad_betza);
}

static void test_script_errors_name_file_and_line(void **state) {
  Sandbox *s = *state;
  const char *path, *msg;
  char want[160];
  /* [LM] a syntax error on line 3. */
  path = write_script("syntax.lua", "return {\n  name = 'bad',\n  files = ,\n}\n");
  msg = load_fails(s, path);
  snprintf(want, sizeof want, "%s:3:", path);
  assert_contains(msg, want);
  /* A runtime error on line 2. */
  path = write_script("runtime.lua", "local t = nil\nreturn t.pieces\n");
  msg = load_fails(s, path);
  snprintf(want, sizeof want, "%s:2:", path);
  assert_contains(msg, want);
  /* The sandbox applies to scripts: os is not there. */
  path = write_script("escape.lua", "os.exit(1)\nreturn {}\n");
  msg = load_fails(s, path);
  assert_contains(msg, "os.exit");
  snprintf(want, sizeof want, "%s:1:", path);
  assert_contains(msg, want);
  /* Not a table. */
  msg = load_fails(s, write_script("number.lua", "return 42\n"));
  assert_contains(msg, "table");
  /* No such file, no such name. */
  snprintf(want, sizeof want, "%s/absent.lua", tmpdir);
  assert_contains(load_fails(s, want), "cannot read");
  assert_contains(load_fails(s, "no_such_variant"), "no_such_variant");
}

/* A script finds its siblings with require, and extends them. */
static void test_require_sibling(void **state) {
  Sandbox *s = *state;
  write_script("mybase.lua",
               "local std = require 'std'\n"
               "return std.extend(std.chess, { name = 'mybase' })\n");
  const char *path = write_script("mine.lua",
                                  "local std = require 'std'\n"
                                  "local base = require 'mybase'\n"
                                  "return std.extend(base, { name = 'mine', files = 10,"
                                  " start = 'rnbqkbnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1' })\n");
  const Variant *v = binding_variant(s->L, path, 0);
  if (!v) fail_msg("%s", lua_tostring(s->L, -1));
  assert_string_equal(v->name, "mine");
  assert_int_equal(v->geo.files, 10);
  lua_pop(s->L, 1);
}

/* Allocations binding_variant() makes for spec (the sandbox counts them). */
static long load_allocs(Sandbox *s, const char *spec, const Variant **v) {
  long before = s->allocs;
  *v = binding_variant(s->L, spec, 0);
  if (!*v) fail_msg("%s: %s", spec, lua_tostring(s->L, -1));
  lua_pop(s->L, 1);
  return s->allocs - before;
}

/* A variant named by a string is loaded once per process (docs/api.md): a
** second varia.new of it, or a second line of a test file, reuses the
** compiled variant without running the script and its with_options again
** (compiling kriegspiel.lua and std.lua is hundreds of allocations). The
** REPL's reload forgets the compiled variant, and then the script is read
** again. */
static void test_variant_loaded_once(void **state) {
  Sandbox *s = *state;
  const Variant *v1, *v2;
  const char *specs[] = {"kriegspiel", "kriegspiel:ruleset=wild16", "chess960"};
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
    long first = load_allocs(s, specs[i], &v1);
    long again = load_allocs(s, specs[i], &v2);
    assert_ptr_equal(v1, v2);
    if (!(first > 300 && again < 20))
      fail_msg("%s: %ld allocations the first time, %ld the second", specs[i], first, again);
  }
  const char *path = write_script("once.lua", "local std = require 'std'\n"
                                              "return std.extend(std.chess, { name = 'first' })\n");
  load_allocs(s, path, &v1);
  assert_string_equal(v1->name, "first");
  write_script("once.lua", "local std = require 'std'\n"
                           "return std.extend(std.chess, { name = 'second' })\n");
  load_allocs(s, path, &v2);
  assert_string_equal(v2->name, "first"); /* kept, not read again */
  luaL_getsubtable(s->L, LUA_REGISTRYINDEX, "varia.variants"); /* as reload does */
  lua_pushnil(s->L);
  lua_setfield(s->L, -2, v1->source);
  lua_pop(s->L, 1);
  load_allocs(s, path, &v2);
  assert_string_equal(v2->name, "second");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_shipped_variants, setup, teardown),
      cmocka_unit_test_setup_teardown(test_list_variants, setup, teardown),
      cmocka_unit_test_setup_teardown(test_chess960_numbering, setup, teardown),
      cmocka_unit_test_setup_teardown(test_shatranj_rules, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_problems, setup, teardown),
      cmocka_unit_test_setup_teardown(test_table_bad_betza, setup, teardown),
      cmocka_unit_test_setup_teardown(test_script_errors_name_file_and_line, setup_dir, teardown_dir),
      cmocka_unit_test_setup_teardown(test_require_sibling, setup_dir, teardown_dir),
      cmocka_unit_test_setup_teardown(test_variant_loaded_once, setup_dir, teardown_dir),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
