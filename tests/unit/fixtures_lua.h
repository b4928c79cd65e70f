/*
** fixtures_lua.h - the unit tests' helpers for the Lua layer: a state with
** the varia module open, variants loaded through their scripts, chunks run
** under a budget. For the tests of src/lua/ modules only (Makefile).
*/
#ifndef varia_test_fixtures_lua_h
#define varia_test_fixtures_lua_h

#include "fixtures.h"

#include <lauxlib.h>
#include <lua.h>

#include "binding.h"
#include "sandbox.h"
#include "script.h"

/* ---- Lua ---------------------------------------------------------------- */

/* A trusted Lua state with the varia module open, as the program makes. */
static inline Sandbox *fx_lua_new(size_t limit) {
  Sandbox *s = sandbox_new(limit);
  assert_non_null(s);
  luaopen_varia(s->L);
  lua_pop(s->L, 1);
  return s;
}

/* Loads a variant by name through Lua. The userdata stays cached in the
** registry, so nothing is left on the stack. Fails the test on error. */
static inline const Variant *fx_lua_variant(Sandbox *s, const char *name) {
  const Variant *v = binding_variant(s->L, name, 0);
  if (!v) fail_msg("binding_variant(\"%s\"): %s", name, lua_tostring(s->L, -1));
  lua_pop(s->L, 1);
  return v;
}

/* Runs a chunk of Lua text in the trusted state with the given budget (0:
** none). Returns the status; leaves one value (result or message). */
static inline int fx_lua_run(Sandbox *s, const char *code, long budget) {
  int status = luaL_loadstring(s->L, code);
  if (status != LUA_OK) return status;
  return sandbox_pcall(s->L, 0, 1, budget);
}

#endif
