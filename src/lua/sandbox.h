/*
** sandbox.h - the Lua state: a memory limit through the allocator, a
** seeded generator, and the restricted environment in which variant
** scripts run; the instruction budget and Ctrl-C are budget.h's.
*/
#ifndef varia_sandbox_h
#define varia_sandbox_h

#include <lua.h>

#include "budget.h"


#define SANDBOX_MEMORY_DEFAULT ((size_t)1 << 30)

/* A new state with the standard libraries open for trusted code (the batch
** runner); variant scripts get sandbox_push_env() instead. */
Sandbox *sandbox_new(size_t limit);
void sandbox_free(Sandbox *s);

/* Pushes a fresh environment for a variant script: base functions without
** dofile/loadfile/collectgarbage/binary load, string, table, math, utf8,
** and the seeded math.random. [-0, +1, m] */
void sandbox_push_env(lua_State *L);

void sandbox_seed(Sandbox *s, uint64_t seed);
uint64_t sandbox_random(Sandbox *s);

#endif
