/*
** budget.c - the instruction budget and Ctrl-C.
**
** The budget: one per top-level call from C into a script
** (sandbox_pcall while no budget runs), charged for everything under it.
** A count hook pays for VM instructions, the allocator for memory, and
** sandbox_charge() for the work of library functions that loop in C
** (charged.c). Calls nested under it (require, a hook run by a move a
** hook plays on a copy) draw from the same budget and leave the count
** hook alone, so that its count runs on across them. Once spent, the
** hook fires on every instruction, so a script's own pcall cannot swallow
** the error and keep looping, and the Lua that could still run without a
** hook is refused: xpcall's message handler (Lua calls it from inside the
** hook that raised, with hooks off) and finalizers (Lua runs them with
** hooks off, in any allocation, trusted code's included), which variant
** scripts may not declare at all.
*/
#include <lauxlib.h>

#include "budget.h"

#define HOOK_EVERY 1000

static void count_hook(lua_State *L, lua_Debug *ar);

/* The hook the state needs now: every instruction once the budget is
** spent or Ctrl-C pressed, every HOOK_EVERY while a budget runs, else none.
** A signal that comes in between re-arms its own (sandbox_interrupt), and
** the last test catches one that came before. */
static void arm(Sandbox *s, lua_State *L) {
  if (s->over_budget) lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  else if (s->budget > 0) lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_EVERY);
  else lua_sethook(L, NULL, 0, 0);
  if (s->interrupted) lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
}

/* Pushes "FILE:LINE: " of the nearest function with a line: the script's
** line that called a library function, not the library function. */
static void where_script(lua_State *L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

/* Raises the budget error, or "interrupted", and keeps raising it: the
** hook fires on every instruction until the top-level call ends (the
** budget) or the REPL takes the interrupt back. */
static int stop(lua_State *L, Sandbox *s) {
  if (s->budget > 0) s->over_budget = 1;
  arm(s, L);
  where_script(L);
  if (s->interrupted) lua_pushliteral(L, "interrupted");
  else
    lua_pushfstring(L, "instruction budget of %d exceeded (an endless loop?)", (int)s->budget);
  lua_concat(L, 2);
  return lua_error(L);
}

static void count_hook(lua_State *L, lua_Debug *ar) {
  Sandbox *s = sandbox_of(L);
  (void)ar;
  if (s->interrupted) stop(L, s);
  if (s->budget <= 0) return;
  s->spent += HOOK_EVERY;
  if (s->spent > s->budget || s->over_budget) stop(L, s);
}

void sandbox_charge(lua_State *L, long cost) {
  Sandbox *s = sandbox_of(L);
  if (s->interrupted) stop(L, s);
  if (s->budget <= 0) return;
  /* cost may be huge (a count of 2^62): compare before adding */
  if (cost < 0 || cost > s->budget - s->spent || s->over_budget) {
    s->spent = s->budget + 1;
    stop(L, s);
  }
  s->spent += cost;
}

int sandbox_budget_running(lua_State *L) { return sandbox_of(L)->budget > 0; }

Sandbox *sandbox_of(lua_State *L) {
  void *ud;
  lua_getallocf(L, &ud);
  return ud;
}

/* A traceback's levels when the stack is deeper than TRACE_DEEP: the
** top ones, then a line that says the rest were left out. */
#define TRACE_DEEP 1000
#define TRACE_TOP 10

/* The message handler of lua.c: a traceback built in C. luaL_traceback
** first finds the stack's depth, and lua_getstack walks the frames from
** the top, so on the stack of an endless recursion (some 300,000 frames
** when Lua stops it) one traceback took about a second, outside any
** budget, and a hook that recursed forever on every move held a game for
** seconds a move. Such a stack gets its top levels only. */
static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  lua_Debug ar;
  if (!lua_getstack(L, TRACE_DEEP, &ar)) {
    luaL_traceback(L, L, msg, 1);
    return 1;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, msg);
  luaL_addstring(&b, "\nstack traceback:");
  for (int level = 1; level <= TRACE_TOP && lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "Slnt", &ar); /* (luaL_traceback's lines, without its search of globals) */
    if (ar.currentline > 0) lua_pushfstring(L, "\n\t%s:%d: in ", ar.short_src, ar.currentline);
    else lua_pushfstring(L, "\n\t%s: in ", ar.short_src);
    luaL_addvalue(&b);
    if (*ar.namewhat) lua_pushfstring(L, "%s '%s'", ar.namewhat, ar.name);
    else if (*ar.what == 'm') lua_pushliteral(L, "main chunk");
    else if (ar.linedefined > 0) lua_pushfstring(L, "function <%s:%d>", ar.short_src, ar.linedefined);
    else lua_pushliteral(L, "?");
    luaL_addvalue(&b);
    if (ar.istailcall) luaL_addstring(&b, "\n\t(...tail calls...)");
  }
  lua_pushfstring(L, "\n\t...\t(more than %d levels: the rest left out)", TRACE_DEEP);
  luaL_addvalue(&b);
  luaL_pushresult(&b);
  return 1;
}

int sandbox_pcall(lua_State *L, int nargs, int nresults, long budget) {
  Sandbox *s = sandbox_of(L);
  int base = lua_gettop(L) - nargs;
  /* Only a call made while no budget runs starts one: a nested call draws
  ** from the running budget, and leaves the hook's count as it is. */
  int top_level = s->budget <= 0 && budget > 0;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  if (top_level) {
    s->budget = s->budget_cap > 0 && budget > s->budget_cap ? s->budget_cap : budget;
    s->spent = 0;
    s->over_budget = 0;
    s->running = L;
    arm(s, L);
  }
  int status = lua_pcall(L, nargs, nresults, base);
  if (top_level) {
    s->budget = 0;
    s->spent = 0;
    s->over_budget = 0;
    s->running = NULL;
    arm(s, L);
  }
  lua_remove(L, base);
  return status;
}

void sandbox_interrupt(Sandbox *s) {
  lua_State *running = s->running;
  s->interrupted = 1;
  lua_sethook(s->L, count_hook, LUA_MASKCOUNT, 1);
  if (running) lua_sethook(running, count_hook, LUA_MASKCOUNT, 1);
}

void sandbox_clear_interrupt(Sandbox *s) {
  s->interrupted = 0;
  arm(s, s->L);
}
