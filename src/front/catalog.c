/*
** catalog.c - the variants the front ends can name: loading one for a
** command and listing them (varia list, the REPL's variants, CECP's
** feature variants). Shared by the front ends, so that none of them
** reaches into another's module for it.
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "binding.h"
#include "catalog.h"
#include "script.h"

const Variant *cli_variant(Sandbox *s, const char *spec) {
  const Variant *v = binding_variant(s->L, spec, 0);
  if (!v) {
    fprintf(stderr, "varia: %s\n", lua_tostring(s->L, -1));
    lua_pop(s->L, 1);
  }
  return v;
}

void cli_print_variants(Sandbox *s, const char *first, const char *sep,
                        const char *(*rename)(const char *)) {
  script_list_variants(s->L);
  int n = (int)lua_rawlen(s->L, -1);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(s->L, -1, i);
    const char *name = lua_tostring(s->L, -1);
    printf("%s%s", i == 1 ? first : sep, rename ? rename(name) : name);
    lua_pop(s->L, 1);
  }
  lua_pop(s->L, 1);
}

/* The description of the variant named at index 1 (its script's
** `description`), or nil. Runs the script, so it is called protected. */
static int variant_description(lua_State *L) {
  if (script_require(L, lua_tostring(L, 1), NULL)) return lua_error(L);
  if (!lua_istable(L, -1)) return 0;
  lua_getfield(L, -1, "description");
  return 1;
}

int cli_list(Sandbox *s, int argc, char **argv) {
  (void)argc;
  (void)argv;
  lua_State *L = s->L;
  script_list_variants(L);
  int n = (int)lua_rawlen(L, -1), width = 0;
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    int w = (int)lua_rawlen(L, -1);
    if (w > width) width = w;
    lua_pop(L, 1);
  }
  /* name, then the one-line description its script gives (a script that
  ** does not load says so instead) */
  int list = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    const char *name = lua_tostring(L, -1);
    lua_pushcfunction(L, variant_description);
    lua_pushvalue(L, -2);
    if (sandbox_pcall(L, 1, 1, SANDBOX_BUDGET_DEFAULT) != LUA_OK) {
      const char *msg = lua_tostring(L, -1), *nl = msg ? strchr(msg, '\n') : NULL;
      printf("%-*s  (does not load: %.*s)\n", width, name, nl ? (int)(nl - msg) : 200,
             msg ? msg : "?");
    }
    else if (lua_type(L, -1) == LUA_TSTRING)
      printf("%-*s  %s\n", width, name, lua_tostring(L, -1));
    else
      printf("%s\n", name);
    lua_settop(L, list);
  }
  lua_pop(L, 1);
  return 0;
}
