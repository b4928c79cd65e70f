/*
** sandbox.h - the Lua state: a memory limit through the allocator, an
** instruction budget per call, Ctrl-C, a seeded generator, and the
** restricted environment in which variant scripts run.
*/
#ifndef varia_sandbox_h
#define varia_sandbox_h

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

typedef struct Sandbox {
  lua_State *L;
  size_t used, limit;      /* bytes in use by Lua, and the most allowed */
  long budget, spent;      /* instructions allowed for the current call */
  int over_budget;         /* keeps the budget error firing until the call ends */
  volatile sig_atomic_t interrupted;
  uint64_t rng[4];         /* xoshiro256** state behind math.random */
  int in_result_hook;      /* a result hook is running: results of the games
                              it explores come from the core rules alone */
  int trace;               /* print hook calls (the REPL's trace on) */
  long allocs, fail_at;    /* fault injection: the fail_at-th growing
                              allocation fails (0: none) */
} Sandbox;

#define SANDBOX_MEMORY_DEFAULT ((size_t)1 << 30)
#ifndef SANDBOX_BUDGET_DEFAULT /* the fuzz build (make fuzz) sets a smaller one */
#define SANDBOX_BUDGET_DEFAULT 200000000L
#endif

/* A new state with the standard libraries open for trusted code (the batch
** runner); variant scripts get sandbox_push_env() instead. */
Sandbox *sandbox_new(size_t limit);
void sandbox_free(Sandbox *s);
/* The sandbox that owns L. */
Sandbox *sandbox_of(lua_State *L);

/* lua_pcall with a traceback message handler and an instruction budget
** (0: none). [-(nargs+1), +(nresults|1), -] */
int sandbox_pcall(Sandbox *s, int nargs, int nresults, long budget);
/* Asks a running call to stop with "interrupted" (safe in a signal handler). */
void sandbox_interrupt(Sandbox *s);

/* Pushes a fresh environment for a variant script: base functions without
** dofile/loadfile/collectgarbage/binary load, string, table, math, utf8,
** and the seeded math.random. [-0, +1, m] */
void sandbox_push_env(lua_State *L);

void sandbox_seed(Sandbox *s, uint64_t seed);
uint64_t sandbox_random(Sandbox *s);

#endif
