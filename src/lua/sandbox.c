/*
** sandbox.c - limits and the environment of variant scripts.
**
** The memory limit follows Suricata's and Redis's allocators: count the
** old block only when there is one (ptr != NULL), and refuse when the new
** total would pass the limit.
**
** The instruction budget (budget.c) pays for the memory a script takes
** through the allocator here; the environment below replaces, blocks or
** charges (charged.c) every function that could run long in C. Variant
** scripts may not declare finalizers, which Lua runs with hooks off.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "charged.h"
#include "sandbox.h"
#include "splitmix.h"

static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Sandbox *s = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    s->used -= old;
    return NULL;
  }
  if (nsize > old && s->used - old + nsize > s->limit) return NULL;
  if (nsize > old && ++s->allocs == s->fail_at) return NULL; /* fault injection */
  void *np = realloc(ptr, nsize);
  if (np) s->used = s->used - old + nsize;
  /* Work that builds memory (a concatenation, a string grown in C) is paid
  ** by its bytes, and each block by the allocator's own time; the error
  ** comes at the next firing of the hook, since an allocator may not
  ** raise. */
  if (np && nsize > old && s->budget > 0)
    s->spent += (long)((nsize - old) / SANDBOX_BYTES_PER_INSTRUCTION) + SANDBOX_ALLOC_COST;
  return np;
}

/* xoshiro256**, seeded through splitmix64. */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sandbox_random(Sandbox *s) {
  uint64_t *q = s->rng, r = rotl(q[1] * 5, 7) * 9, t = q[1] << 17;
  q[2] ^= q[0];
  q[3] ^= q[1];
  q[1] ^= q[2];
  q[0] ^= q[3];
  q[2] ^= t;
  q[3] = rotl(q[3], 45);
  return r;
}

void sandbox_seed(Sandbox *s, uint64_t seed) {
  for (int i = 0; i < 4; i++) {
    s->rng[i] = splitmix_next(&seed);
  }
}

/* math.random with the semantics of Lua 5.4's, on the engine's generator. */
static int seeded_random(lua_State *L) {
  Sandbox *s = sandbox_of(L);
  uint64_t r = sandbox_random(s);
  lua_Integer lo, hi;
  switch (lua_gettop(L)) {
    case 0:
      lua_pushnumber(L, (lua_Number)(r >> 11) * (0.5 / ((uint64_t)1 << 52)));
      return 1;
    case 1:
      lo = 1;
      hi = luaL_checkinteger(L, 1);
      if (hi == 0) {
        lua_pushinteger(L, (lua_Integer)r);
        return 1;
      }
      break;
    case 2:
      lo = luaL_checkinteger(L, 1);
      hi = luaL_checkinteger(L, 2);
      break;
    default: return luaL_error(L, "wrong number of arguments");
  }
  luaL_argcheck(L, lo <= hi, lua_gettop(L), "interval is empty");
  uint64_t span = (uint64_t)hi - (uint64_t)lo;
  lua_pushinteger(L, (lua_Integer)((uint64_t)lo + (span == UINT64_MAX ? r : r % (span + 1))));
  return 1;
}

static int seeded_randomseed(lua_State *L) {
  sandbox_seed(sandbox_of(L), (uint64_t)luaL_optinteger(L, 1, 0));
  return 0;
}

/* xpcall's message handler, behind a guard: Lua calls a handler from
** inside the hook that raised the budget error or "interrupted", where no
** hook fires, so the script's handler could loop for ever. Once the
** budget is spent or Ctrl-C pressed, the error goes through as it is. */
static int guarded_handler(lua_State *L) {
  Sandbox *s = sandbox_of(L);
  if (s->over_budget || s->interrupted) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

/* xpcall(f, handler, ...) as Lua's own, with the handler guarded. */
static int guarded_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1); /* the first result */
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2); /* handler, true, f, arguments */
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
  return finish_xpcall(L, status, 2);
}

/* The libraries of trusted code, with the seeded generator, opened under
** lua_pcall so that running out of memory is an error, not a panic. */
static int open_libraries(lua_State *L) {
  luaL_openlibs(L);
  charged_open(L);
  lua_pushcfunction(L, guarded_xpcall);
  lua_setglobal(L, "xpcall");
  /* The trusted state's math.random is the seeded one too: same seed,
  ** same game, whichever code draws. */
  lua_getglobal(L, "math");
  lua_pushcfunction(L, seeded_random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, seeded_randomseed);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
  /* Scripts must not reach the shared string library through a string's
  ** metatable. */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushliteral(L, "string");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  return 0;
}

Sandbox *sandbox_new(size_t limit) {
  Sandbox *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->limit = limit ? limit : SANDBOX_MEMORY_DEFAULT;
  const char *fail = getenv("VARIA_FAIL_ALLOC"); /* tests/run-alloc.sh */
  if (fail) s->fail_at = atol(fail);
  const char *cap = getenv("VARIA_BUDGET"); /* tests/run-cli.sh */
  if (cap) s->budget_cap = atol(cap);
  s->L = lua_newstate(limited_alloc, s);
  if (!s->L) {
    free(s);
    return NULL;
  }
  sandbox_seed(s, 0);
  lua_pushcfunction(s->L, open_libraries);
  if (lua_pcall(s->L, 0, 0, 0) != LUA_OK) {
    lua_close(s->L);
    free(s);
    return NULL;
  }
  return s;
}

void sandbox_free(Sandbox *s) {
  if (!s) return;
  lua_close(s->L);
  free(s);
}

/* ---- the environment of variant scripts -------------------------------- */

static int blocked(lua_State *L) {
  return luaL_error(L, "%s is not available to variant scripts (sandbox)",
                    lua_tostring(L, lua_upvalueindex(1)));
}

static int blocked_index(lua_State *L) {
  return luaL_error(L, "%s.%s is not available to variant scripts (sandbox)",
                    lua_tostring(L, lua_upvalueindex(1)), luaL_optstring(L, 2, "?"));
}

/* setmetatable() without finalizers: Lua runs a __gc in whatever
** allocation starts a collection, trusted code's included, with hooks
** off, where no budget or Ctrl-C can stop it. An object is marked for
** finalization only if its metatable has the field when it is set, so
** refusing it here is enough. */
static int sandboxed_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "setmetatable: __gc (a finalizer) is not available to variant "
                           "scripts (sandbox)");
    lua_pop(L, 1);
  }
  /* Lua's own (upvalue 1, no upvalues of its own), in this call: its
  ** errors name it and the script's line. */
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* print(), paying for the bytes it writes. */
static int sandboxed_print(lua_State *L) {
  int n = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    size_t len;
    const char *s = luaL_tolstring(L, i, &len);
    sandbox_charge(L, (long)(len / SANDBOX_BYTES_PER_INSTRUCTION));
    if (i > 1) fputc('\t', stdout);
    fwrite(s, 1, len, stdout);
    lua_pop(L, 1);
  }
  fputc('\n', stdout);
  fflush(stdout);
  return 0;
}

/* load() of text only, in the sandbox environment unless one is given.
** Compiling is paid by the byte. */
static int sandboxed_load(lua_State *L) {
  size_t len;
  const char *chunk = luaL_checklstring(L, 1, &len);
  sandbox_charge(L, (long)len * SANDBOX_COMPILE_PER_BYTE);
  const char *name = luaL_optstring(L, 2, "=(load)");
  int status = luaL_loadbufferx(L, chunk, len, name, "t");
  if (status != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  if (!lua_isnoneornil(L, 4)) lua_pushvalue(L, 4);
  else lua_pushvalue(L, lua_upvalueindex(1));
  lua_setupvalue(L, -2, 1);
  return 1;
}

static void copy_library(lua_State *L, const char *name) {
  lua_newtable(L);
  lua_getglobal(L, name);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_settable(L, -5);
  }
  lua_pop(L, 1);
  lua_setfield(L, -2, name);
}

void sandbox_push_env(lua_State *L) {
  static const char *const safe[] = {
      "assert", "error", "ipairs", "next", "pairs", "pcall", "print",
      "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
      "getmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION", NULL};
  static const char *const blocked_fns[] = {"dofile", "loadfile", "collectgarbage",
                                            NULL};
  static const char *const blocked_libs[] = {"io", "os", "debug", "package",
                                             "coroutine", NULL};
  lua_newtable(L);
  for (int i = 0; safe[i]; i++) {
    lua_getglobal(L, safe[i]);
    lua_setfield(L, -2, safe[i]);
  }
  for (int i = 0; blocked_fns[i]; i++) {
    lua_pushstring(L, blocked_fns[i]);
    lua_pushcclosure(L, blocked, 1);
    lua_setfield(L, -2, blocked_fns[i]);
  }
  for (int i = 0; blocked_libs[i]; i++) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushstring(L, blocked_libs[i]);
    lua_pushcclosure(L, blocked_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, blocked_libs[i]);
  }
  copy_library(L, "string");
  copy_library(L, "table");
  copy_library(L, "math");
  copy_library(L, "utf8");
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, sandboxed_load, 1);
  lua_setfield(L, -2, "load");
  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, sandboxed_setmetatable, 1);
  lua_setfield(L, -2, "setmetatable");
  lua_pushcfunction(L, sandboxed_print);
  lua_setfield(L, -2, "print");
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "_G");
}
