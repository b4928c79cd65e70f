/*
** test_sandbox.c - the Lua state's limits and the variant environment.
**
** Sources:
**  [LM]   Lua 5.4 Reference Manual: §4.4 lua_pcall returns LUA_ERRMEM on a
**         memory error ("For such errors, Lua does not call the message
**         handler"); §4.3 an allocator returning NULL for a growing request
**         is a failed allocation; §6.1 load's mode "t" refuses binary chunks
**         ("attempt to load a binary chunk"); string.dump; math.random.
**  [SUR]  The sandboxes the project follows (Suricata util-lua-sandbox.c,
**         Redis script_lua.c, in their public repositories): a memory limit in
**         the allocator; an instruction budget through a count hook that
**         keeps firing so that a script's pcall cannot swallow it; forbidden
**         functions replaced by blockers that name themselves; text-only
**         load; a seeded math.random.
**  [ISS]  The project's hardening issue, item 3: the budget was escaped by
**         nested calls re-arming the count, xpcall handlers after a
**         budget error, __gc finalizers, long loops inside C library
**         functions (string.rep of an empty string, table.move over a
**         huge range, pathological patterns), and C work done for hooks.
**         Each has a test here that hung or escaped before the fix.
**  [XO]   xoshiro256** and splitmix64 (Blackman and Vigna,
**         https://prng.di.unimi.it/): published output vectors.
*/
#include <signal.h>
#include <unistd.h>

#include <lualib.h>

#include "charged.h"
#include "fixtures_lua.h"
#include "rulehooks.h"

static Sandbox *watched;

/* A watchdog: a run that does not stop by itself is interrupted after
** WATCHDOG seconds of wall time (sandbox_interrupt is safe in a signal
** handler), so that a failing test fails instead of hanging; runs take
** milliseconds, but the machine may be shared and the build sanitized.
** Code that no hook reaches (a loop in C, Lua with hooks off) ends the
** program WATCHDOG seconds later. */
#define WATCHDOG 10
static void on_alarm(int sig) {
  static const char msg[] = "test_sandbox: hung where Ctrl-C cannot reach\n";
  (void)sig;
  if (watched && !watched->interrupted) {
    sandbox_interrupt(watched);
    alarm(WATCHDOG);
    return;
  }
  if (write(2, msg, sizeof msg - 1) < 0) _exit(2);
  _exit(1);
}

static int setup(void **state) {
  Sandbox *s = fx_lua_new(1 << 20); /* 1 MiB */
  watched = s;
  signal(SIGALRM, on_alarm);
  *state = s;
  return 0;
}

/* For the tests of loops in C: room for strings of a few megabytes. */
static int setup_large(void **state) {
  setup(state);
  sandbox_free(*state);
  *state = watched = fx_lua_new(64 << 20);
  return 0;
}

static int teardown(void **state) {
  alarm(0);
  watched = NULL;
  sandbox_free(*state);
  return 0;
}

/* Runs code in the variant environment (sandbox_push_env) with a budget,
** under the watchdog. Leaves the result or the message on the stack. */
static int run_in_env(Sandbox *s, const char *code, long budget) {
  lua_State *L = s->L;
  int status = luaL_loadbufferx(L, code, strlen(code), "=test", "t");
  if (status != LUA_OK) return status;
  sandbox_push_env(L);
  lua_setupvalue(L, -2, 1);
  alarm(WATCHDOG);
  status = sandbox_pcall(s->L, 0, 1, budget);
  alarm(0);
  return status;
}

static void test_memory_limit(void **state) {
  Sandbox *s = *state;
  lua_State *L = s->L;
  /* [LM] a table that outgrows 1 MiB: a memory error, not a crash. */
  int status = fx_lua_run(s, "local t = {} for i = 1, 1e7 do t[i] = i end return #t", 0);
  assert_int_equal(status, LUA_ERRMEM);
  assert_contains(lua_tostring(L, -1), "not enough memory");
  lua_pop(L, 1);
  assert_true(s->used <= s->limit);
  /* One large string at once. */
  status = fx_lua_run(s, "return string.rep('x', 4 * 1024 * 1024)", 0);
  assert_int_equal(status, LUA_ERRMEM);
  lua_pop(L, 1);
  /* The state is still usable, and the memory came back. */
  lua_gc(L, LUA_GCCOLLECT, 0);
  assert_true(s->used < s->limit / 2);
  assert_int_equal(fx_lua_run(s, "local t = {} for i = 1, 1000 do t[i] = i end return #t", 0), LUA_OK);
  assert_int_equal(lua_tointeger(L, -1), 1000);
  lua_pop(L, 1);
}

static void test_budget_stops_endless_loop(void **state) {
  Sandbox *s = *state;
  lua_State *L = s->L;
  int status = run_in_env(s, "while true do end", 1000000);
  assert_int_equal(status, LUA_ERRRUN);
  assert_contains(lua_tostring(L, -1), "budget");
  lua_pop(L, 1);
  /* The next call gets a fresh budget. */
  assert_int_equal(run_in_env(s, "local n = 0 for i = 1, 1000 do n = n + i end return n", 1000000), LUA_OK);
  assert_int_equal(lua_tointeger(L, -1), 500500);
  lua_pop(L, 1);
}

/* [SUR] the script's own pcall cannot catch the budget error and go on.
** (The watchdog turns a hang into an "interrupted" failure.) */
static void expect_budget_error(Sandbox *s, const char *code) {
  int status = run_in_env(s, code, 1000000);
  assert_int_equal(status, LUA_ERRRUN);
  assert_contains(lua_tostring(s->L, -1), "budget");
  lua_pop(s->L, 1);
}

static void test_budget_not_swallowed_by_pcall(void **state) {
  expect_budget_error(*state, "while true do pcall(function() while true do end end) end");
}

static void test_budget_not_swallowed_by_pcall_counting(void **state) {
  expect_budget_error(*state,
                      "local caught = 0\n"
                      "while true do\n"
                      "  local ok = pcall(function() local x = 0 while true do x = x + 1 end end)\n"
                      "  if not ok then caught = caught + 1 end\n"
                      "end");
}

static void test_budget_not_swallowed_by_xpcall(void **state) {
  expect_budget_error(*state, "while true do xpcall(function() while true do end end, function(e) return e end) end");
}

/* [ISS] Lua calls xpcall's handler with hooks off when the error comes
** from the budget's hook: a handler that loops must not run then. */
static void test_budget_beats_xpcall_handler(void **state) {
  expect_budget_error(*state,
                      "xpcall(function() while true do end end, function(e) while true do end end)");
  /* before the budget is spent, the handler runs, as in Lua */
  Sandbox *s = *state;
  assert_int_equal(run_in_env(s, "return select(2, xpcall(error, function(e) return 'handled ' .. e end, 'x'))", 1000000), LUA_OK);
  assert_string_equal(lua_tostring(s->L, -1), "handled x");
  lua_pop(s->L, 1);
}

/* [ISS] finalizers run with hooks off, in any allocation: refused. */
static void test_no_finalizers(void **state) {
  Sandbox *s = *state;
  int status = run_in_env(s,
                          "setmetatable({}, { __gc = function() while true do end end })\n"
                          "local t = {} for i = 1, 1e5 do t[i % 100] = {} end", 1000000);
  assert_int_equal(status, LUA_ERRRUN);
  assert_contains(lua_tostring(s->L, -1), "test:1: setmetatable: __gc (a finalizer) is not available");
  lua_pop(s->L, 1);
  /* other metatables are fine */
  assert_int_equal(run_in_env(s, "return getmetatable(setmetatable({}, { __index = {} })) ~= nil", 1000000), LUA_OK);
  assert_true(lua_toboolean(s->L, -1));
  lua_pop(s->L, 1);
}

/* A stand-in for require: calls its argument through sandbox_pcall with a
** budget of its own, which a nested call must not get. */
static int nested(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  if (sandbox_pcall(L, 0, 0, 1000000) != LUA_OK) return lua_error(L);
  return 0;
}

/* [ISS] one budget per top-level call: nested calls draw from it, and do
** not restart the hook's count (a short loop around them never fired). */
static void test_nested_calls_share_the_budget(void **state) {
  Sandbox *s = *state;
  lua_State *L = s->L;
  static const char code[] = "while true do nested(function() local x = 1 end) end";
  assert_int_equal(luaL_loadbufferx(L, code, strlen(code), "=test", "t"), LUA_OK);
  sandbox_push_env(L);
  lua_pushcfunction(L, nested);
  lua_setfield(L, -2, "nested");
  lua_setupvalue(L, -2, 1);
  alarm(WATCHDOG);
  int status = sandbox_pcall(L, 0, 0, 1000000);
  alarm(0);
  assert_int_equal(status, LUA_ERRRUN);
  assert_contains(lua_tostring(L, -1), "instruction budget of 1000000 exceeded");
  lua_pop(L, 1);
  assert_int_equal(s->budget, 0); /* the budget ended with its call */
}

/* [ISS] library functions that loop in C pay for their loops: each of
** these ran far past a budget of 1,000,000 (or hung) before. */
static void test_library_loops_pay(void **state) {
  static const char *const loops[] = {
      "while true do string.rep('', math.maxinteger, '') end",
      "table.move({}, 1, math.maxinteger - 1, 2)",
      "string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')",
      "string.gsub(string.rep('a', 30), string.rep('a-', 30) .. 'b', '')",
      "for x in string.gmatch(string.rep('a', 30), string.rep('a?', 30) .. 'b') do end",
      "string.match(string.rep('a', 30), string.rep('(a?)', 30) .. 'b')",
      "local s, p = string.rep('a', 2e5), string.rep('a', 1e5) .. 'b'\n"
      "while true do string.find(s, p, 1, true) end",
      "local t = {} for i = 1, 2e5 do t[i] = '' end while true do table.concat(t) end",
      "local t = {} for i = 1, 2e5 do t[i] = i end while true do table.unpack(t) end",
      "local t = {} for i = 1, 2e5 do t[i] = i end while true do table.sort(t) end",
      "local t = {} for i = 1, 2e5 do t[i] = i end\n"
      "while true do table.insert(t, 1, 0) table.remove(t, 1) end",
      "local s = string.rep('a', 2e5) while true do string.byte(s, 1, -1) end",
      "local s = string.rep('a', 1e6) while true do utf8.len(s) end",
      "local s = string.rep('a', 1e6) while true do utf8.offset(s, -1) end",
      "local s = 'a' .. string.rep('\\x80', 1e6) local it = utf8.codes(s) while true do it(s, 1) end",
      "local s = string.rep(' ', 1e6) while true do tonumber(s) end",
      "local a, b = string.rep('a', 1e6), string.rep('a', 1e6) while true do rawequal(a, b) end",
      "local s = string.rep('a', 1e6) while true do pcall(string.unpack, 'z', s) end",
      "local c = '--' .. string.rep('x', 1e6) while true do load(c) end",
      "local s = string.rep('a', 1e6) while true do local t = s .. 'b' end",
  };
  Sandbox *s = *state;
  for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
    int status = run_in_env(s, loops[i], 1000000);
    if (status != LUA_ERRRUN || !strstr(lua_tostring(s->L, -1), "instruction budget"))
      fail_msg("%s: %s", loops[i], lua_tostring(s->L, -1));
    /* the message names the script's line, not the library function */
    assert_contains(lua_tostring(s->L, -1), "test:");
    lua_pop(s->L, 1);
    lua_gc(s->L, LUA_GCCOLLECT, 0);
  }
}

/* The rewritten and wrapped functions give Lua's own results, errors
** included: the corpus runs here and in a state with Lua's libraries. */
static void test_patterns_agree_with_lua(void **state) {
  Sandbox *s = *state;
  lua_State *stock = luaL_newstate();
  luaL_openlibs(stock);
  assert_int_equal(luaL_dofile(stock, "tests/unit/patterns_corpus.lua"), LUA_OK);
  assert_int_equal(luaL_dofile(s->L, "tests/unit/patterns_corpus.lua"), LUA_OK);
  size_t la, lb;
  const char *a = lua_tolstring(stock, -1, &la), *b = lua_tolstring(s->L, -1, &lb);
  assert_true(la > 10000);
  if (la != lb || memcmp(a, b, la) != 0) {
    size_t k = 0;
    while (k < la && k < lb && a[k] == b[k]) k++;
    fail_msg("differ at %zu:\nLua:    %.200s\nvaria:  %.200s", k, a + (k > 100 ? k - 100 : 0),
             b + (k > 100 ? k - 100 : 0));
  }
  lua_pop(s->L, 1);
  lua_close(stock);
}

/* Ctrl-C reaches the loops of the rewritten functions in trusted code,
** where no budget runs. */
static void test_interrupt_reaches_patterns(void **state) {
  Sandbox *s = *state;
  sandbox_interrupt(s);
  int status = fx_lua_run(s, "return string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b')", 0);
  assert_int_equal(status, LUA_ERRRUN);
  assert_contains(lua_tostring(s->L, -1), "interrupted");
  lua_pop(s->L, 1);
  /* the interrupt stands until it is taken back */
  assert_int_equal(fx_lua_run(s, "return 1", 0), LUA_ERRRUN);
  lua_pop(s->L, 1);
  sandbox_clear_interrupt(s);
  assert_int_equal(fx_lua_run(s, "return 1", 0), LUA_OK);
  lua_pop(s->L, 1);
}

/* [SUR] each forbidden function fails with an error that names it. */
static void test_env_blocks_functions(void **state) {
  static const char *const calls[][2] = {
      {"return os.time()", "os.time"},
      {"return os.execute('true')", "os.execute"},
      {"return io.open('/etc/passwd')", "io.open"},
      {"return dofile('/etc/passwd')", "dofile"},
      {"return loadfile('/etc/passwd')", "loadfile"},
      {"return collectgarbage('count')", "collectgarbage"},
      {"return debug.getinfo(1)", "debug.getinfo"},
      {"return package.loadlib('x', 'y')", "package.loadlib"},
  };
  Sandbox *s = *state;
  lua_State *L = s->L;
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
    int status = run_in_env(s, calls[i][0], 1000000);
    if (status == LUA_OK) fail_msg("%s ran in the sandbox", calls[i][0]);
    assert_contains(lua_tostring(L, -1), calls[i][1]);
    assert_contains(lua_tostring(L, -1), "not available");
    lua_pop(L, 1);
  }
  /* What a variant needs is there. */
  assert_int_equal(run_in_env(s, "return string.upper('ab') .. table.concat({1, 2}) .. math.max(3, 4) .. utf8.char(65)", 1000000), LUA_OK);
  assert_string_equal(lua_tostring(L, -1), "AB124A");
  lua_pop(L, 1);
  /* The libraries are copies: a script cannot change the trusted state's. */
  assert_int_equal(run_in_env(s, "string.upper = nil; math.pi = 3", 1000000), LUA_OK);
  lua_pop(L, 1);
  assert_int_equal(fx_lua_run(s, "return string.upper('a') .. tostring(math.pi > 3.14)", 0), LUA_OK);
  assert_string_equal(lua_tostring(L, -1), "Atrue");
  lua_pop(L, 1);
}

/* [LM] load() in the sandbox accepts text only, whatever mode is asked. */
static void test_load_refuses_binary(void **state) {
  Sandbox *s = *state;
  lua_State *L = s->L;
  /* string.dump in the trusted state makes a binary chunk. */
  assert_int_equal(fx_lua_run(s, "return string.dump(function() return 42 end)", 0), LUA_OK);
  size_t len;
  const char *bin = lua_tolstring(L, -1, &len);
  assert_true(len > 4 && bin[0] == '\x1b'); /* LUA_SIGNATURE */
  lua_setglobal(L, "test_binary_chunk");
  static const char *const attempts[] = {
      "return load(...)", "return load(..., 'x')", "return load(..., 'x', 'b')",
      "return load(..., 'x', 'bt')"};
  for (size_t i = 0; i < sizeof attempts / sizeof attempts[0]; i++) {
    assert_int_equal(luaL_loadbufferx(L, attempts[i], strlen(attempts[i]), "=test", "t"), LUA_OK);
    sandbox_push_env(L);
    lua_setupvalue(L, -2, 1);
    lua_getglobal(L, "test_binary_chunk");
    assert_int_equal(sandbox_pcall(L, 1, 2, 1000000), LUA_OK);
    assert_true(lua_isnil(L, -2));
    assert_contains(lua_tostring(L, -1), "binary");
    lua_pop(L, 2);
  }
  /* Text loads, and runs in the sandbox too. */
  assert_int_equal(run_in_env(s, "return load('return 6 * 7')()", 1000000), LUA_OK);
  assert_int_equal(lua_tointeger(L, -1), 42);
  lua_pop(L, 1);
  assert_int_equal(run_in_env(s, "return load('return os.time()')()", 1000000), LUA_ERRRUN);
  assert_contains(lua_tostring(L, -1), "os.time");
  lua_pop(L, 1);
}

static const char draw10[] =
    "local t = {} for i = 1, 10 do t[i] = math.random(1, 1000000) end "
    "return table.concat(t, ',')";

/* [LM] math.random: the same seed gives the same numbers, in the trusted
** state and in the variant environment, seeded from C or from Lua. */
static void test_random_reproducible(void **state) {
  Sandbox *s = *state;
  lua_State *L = s->L;
  char a[256], b[256];
  sandbox_seed(s, 42);
  assert_int_equal(fx_lua_run(s, draw10, 0), LUA_OK);
  snprintf(a, sizeof a, "%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  sandbox_seed(s, 42);
  assert_int_equal(run_in_env(s, draw10, 1000000), LUA_OK);
  assert_string_equal(lua_tostring(L, -1), a);
  lua_pop(L, 1);
  char code[512];
  snprintf(code, sizeof code, "math.randomseed(42) %s", draw10);
  assert_int_equal(run_in_env(s, code, 1000000), LUA_OK);
  assert_string_equal(lua_tostring(L, -1), a);
  lua_pop(L, 1);
  sandbox_seed(s, 43);
  assert_int_equal(fx_lua_run(s, draw10, 0), LUA_OK);
  snprintf(b, sizeof b, "%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  assert_string_not_equal(a, b);
  /* Ranges as the manual gives them. */
  assert_int_equal(fx_lua_run(s,
                              "for i = 1, 2000 do\n"
                              "  local x, y, z = math.random(), math.random(6), math.random(-3, 3)\n"
                              "  assert(x >= 0 and x < 1 and math.type(y) == 'integer')\n"
                              "  assert(y >= 1 and y <= 6 and z >= -3 and z <= 3)\n"
                              "end\n"
                              "return pcall(math.random, 2, 1)",
                              0),
                   LUA_OK);
  assert_false(lua_toboolean(L, -1)); /* an empty interval is an error */
  lua_pop(L, 1);
}

/* [XO] the generator is xoshiro256** seeded by splitmix64: the published
** vectors (xoshiro256** from the state {1, 2, 3, 4}, as in rand_xoshiro's
** "reference" test; splitmix64's first outputs from 0). */
static void test_random_is_xoshiro(void **state) {
  static const uint64_t from_1234[10] = {
      11520u, 0u, 1509978240u, 1215971899390074240u, 1216172134540287360u,
      607988272756665600u, 16172922978634559625u, 8476171486693032832u,
      10595114339597558777u, 2904607092377533576u};
  static const uint64_t splitmix_0[4] = {0xE220A8397B1DCDAFu, 0x6E789E6AA1B965F4u,
                                         0x06C45D188009454Fu, 0xF88BB8A8724C81ECu};
  Sandbox *s = *state;
  for (int i = 0; i < 4; i++) s->rng[i] = (uint64_t)i + 1;
  for (int i = 0; i < 10; i++) assert_true(sandbox_random(s) == from_1234[i]);
  sandbox_seed(s, 0);
  for (int i = 0; i < 4; i++) assert_true(s->rng[i] == splitmix_0[i]);
}

/* One registry per object type names every method sandboxed code can call
** with its cost (issue 28): none may be without one, and a registry with
** such a method is refused when its table is made. */
static int no_cost(lua_State *L) { return 0 * lua_gettop(L); }

static int push_uncosted(lua_State *L) {
  static const ChargedMethod list[] = {CHARGED_METHOD("fine", no_cost, 10, 0),
                                       CHARGED_METHOD("free", no_cost, 0, 0), CHARGED_END};
  charged_push_methods(L, list, no_cost);
  return 1;
}

static void test_every_method_has_a_cost(void **state) {
  Sandbox *s = *state;
  const ChargedMethod *registries[] = {binding_methods(), rules_methods()};
  for (int r = 0; r < 2; r++) {
    int n = 0;
    for (const ChargedMethod *m = registries[r]; m->name; m++, n++)
      if (m->cost <= 0 && m->cost != CHARGED_REFUSED) fail_msg("method %s has no cost", m->name);
    assert_true(n >= 30); /* the game's and the position's methods, all there */
    assert_null(charged_uncosted(registries[r]));
  }
  static const ChargedMethod missing[] = {CHARGED_METHOD("fine", no_cost, 10, 0),
                                          CHARGED_METHOD("free", no_cost, 0, 0), CHARGED_END};
  assert_string_equal(charged_uncosted(missing)->name, "free");
  lua_pushcfunction(s->L, push_uncosted);
  assert_int_equal(lua_pcall(s->L, 0, 1, 0), LUA_ERRRUN);
  assert_non_null(strstr(lua_tostring(s->L, -1), "method free has no cost"));
  lua_pop(s->L, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_memory_limit, setup, teardown),
      cmocka_unit_test_setup_teardown(test_budget_stops_endless_loop, setup, teardown),
      cmocka_unit_test_setup_teardown(test_budget_not_swallowed_by_pcall, setup, teardown),
      cmocka_unit_test_setup_teardown(test_budget_not_swallowed_by_pcall_counting, setup, teardown),
      cmocka_unit_test_setup_teardown(test_budget_not_swallowed_by_xpcall, setup, teardown),
      cmocka_unit_test_setup_teardown(test_budget_beats_xpcall_handler, setup, teardown),
      cmocka_unit_test_setup_teardown(test_no_finalizers, setup, teardown),
      cmocka_unit_test_setup_teardown(test_nested_calls_share_the_budget, setup, teardown),
      cmocka_unit_test_setup_teardown(test_library_loops_pay, setup_large, teardown),
      cmocka_unit_test_setup_teardown(test_patterns_agree_with_lua, setup_large, teardown),
      cmocka_unit_test_setup_teardown(test_interrupt_reaches_patterns, setup_large, teardown),
      cmocka_unit_test_setup_teardown(test_env_blocks_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_load_refuses_binary, setup, teardown),
      cmocka_unit_test_setup_teardown(test_random_reproducible, setup, teardown),
      cmocka_unit_test_setup_teardown(test_random_is_xoshiro, setup, teardown),
      cmocka_unit_test_setup_teardown(test_every_method_has_a_cost, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
