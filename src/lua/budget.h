/*
** budget.h - the budget part of the sandbox: the state of a Lua sandbox,
** the instruction budget of a call from varia into a script, what charges
** it (sandbox_charge) and Ctrl-C. charged.c and the methods that pay
** depend on this alone; sandbox.c builds the state and the environment of
** scripts on top of it.
*/
#ifndef varia_budget_h
#define varia_budget_h

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

typedef struct Sandbox {
  lua_State *L;
  size_t used, limit;      /* bytes in use by Lua, and the most allowed */
  long budget, spent;      /* the running budget (0: none) and what it has
                              paid: VM instructions, bytes allocated and
                              the work of library functions, all counted
                              in instructions */
  int over_budget;         /* keeps the budget error firing until the
                              top-level call ends */
  lua_State *volatile running; /* the thread of the running budget's call */
  volatile sig_atomic_t interrupted;
  uint64_t rng[4];         /* xoshiro256** state behind math.random */
  int in_result_hook;      /* a result hook is running: results of the games
                              it explores come from the core rules alone */
  int trace;               /* print hook calls (the REPL's trace on) */
  long budget_cap;         /* no budget is larger (VARIA_BUDGET, for tests
                              of what stops a budget; 0: none) */
  long allocs, fail_at;    /* fault injection: the fail_at-th growing
                              allocation fails (0: none) */
} Sandbox;

/* Budgets of a call from varia into a script, and of compiling a variant;
** the fuzz build (make fuzz) sets smaller ones. */
#ifndef SANDBOX_BUDGET_DEFAULT
#define SANDBOX_BUDGET_DEFAULT 200000000L
#endif
#ifndef SANDBOX_LOAD_BUDGET
#define SANDBOX_LOAD_BUDGET 100000000L
#endif
/* What a budget charges for bytes: one instruction per this many bytes
** allocated, scanned or compared in C. Scanning 64 bytes takes about the
** time of a simple instruction (2 ns here); allocating and filling them
** about ten times as long, so that a script may fill the whole memory
** limit within the budget of a load, and a budget spent on memory alone
** lasts a few seconds. */
#define SANDBOX_BYTES_PER_INSTRUCTION 64
/* What a budget charges for a block allocated or grown, beyond its bytes:
** the allocator's own time. Without it a loop that makes small tables (3
** instructions and a 56-byte block a turn) took twice as long as an empty
** loop to spend the default budget (3.1 s and 1.4 s); at 10, both take
** about 0.75 s. A call one level deeper allocates a frame, so an endless
** recursion pays for its frames too. */
#ifndef SANDBOX_ALLOC_COST
#define SANDBOX_ALLOC_COST 10
#endif
/* Compiling a chunk costs 15 instructions' time per byte of code (one
** per byte of comment): 4 is charged, so that a script of the largest
** size (16 MiB) compiles within a budget. Finding and reading a required
** file costs about 10,000 (18 us). */
#define SANDBOX_COMPILE_PER_BYTE 4
#define SANDBOX_REQUIRE_COST 10000

/* The sandbox that owns L. */
Sandbox *sandbox_of(lua_State *L);

/* lua_pcall with a traceback message handler. A call made while no budget
** runs starts one of budget instructions (0: none) for everything under it;
** a call made under a running budget draws from that one, whatever it
** asks, so that nothing nested can start afresh. L is the thread that
** calls (a coroutine of trusted code's too). [-(nargs+1), +(nresults|1), -] */
int sandbox_pcall(lua_State *L, int nargs, int nresults, long budget);
/* Charges cost instructions of work done in C to the running budget, and
** raises the budget error (FILE:LINE of the nearest script line) when it
** is spent, or "interrupted" after Ctrl-C, even when no budget runs.
** Called before the work, so that the work is never done. [-0, +0, v] */
void sandbox_charge(lua_State *L, long cost);
/* sandbox_charge(L, cost) for s, the sandbox of L, with the common case
** (a budget runs, cost fits in what is left, no Ctrl-C) counted inline:
** for the methods called on every move, which pay a small fixed cost. */
static inline void sandbox_pay(Sandbox *s, lua_State *L, long cost) {
  if (s->budget > 0 && !s->interrupted && !s->over_budget && cost >= 0 && cost <= s->budget - s->spent)
    s->spent += cost;
  else
    sandbox_charge(L, cost);
}
/* Whether a budget runs: a variant script's code is somewhere below. */
int sandbox_budget_running(lua_State *L);
/* Asks a running call to stop with "interrupted" (safe in a signal
** handler). The request stands until sandbox_clear_interrupt(): every
** call, nested or not, stops until then. */
void sandbox_interrupt(Sandbox *s);
void sandbox_clear_interrupt(Sandbox *s);

#endif
