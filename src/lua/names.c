/*
** names.c - the index of what other programs call varia's variants.
**
** registry[INDEX_KEY] = {
**   pgn = { [compared form] = variant },   -- names.pgn and names.xboard
**   xboard = { [XBoard's name] = variant },
**   shuffled = { [variant] = its shuffled form },   -- from names.shuffled_from
**   alias = { [alias] = variant },   -- names.aliases
** }
** Built from every script script_list_variants finds, each run once under
** the sandbox's budget and read raw (script_names): a script that does
** not load is left out (it reports its own error when it is loaded); out
** of memory, the index is not kept and the error is raised. Where
** two scripts declare the same name, the first in the list's (sorted)
** order keeps it; the test suite checks that the built-in scripts never
** do.
*/
#include <ctype.h>
#include <string.h>

#include <lauxlib.h>

#include "names.h"
#include "sandbox.h"
#include "script.h"

#define INDEX_KEY "varia.names"

void names_compare_form(const char *name, char *out, size_t len) {
  size_t n = 0;
  if (!len) return;
  for (const char *c = name; *c && n + 1 < len; c++)
    if (!strchr(" -_.", *c)) out[n++] = (char)tolower((unsigned char)*c);
  out[n] = '\0';
}

/* t[key] = value in the subtable at idx, unless a script before has it. */
static void claim(lua_State *L, int idx, const char *key, const char *value) {
  if (!*key) return;
  int taken = lua_getfield(L, idx, key) != LUA_TNIL;
  lua_pop(L, 1);
  if (taken) return;
  lua_pushstring(L, value);
  lua_setfield(L, idx, key);
}

/* read_one(name) -> the script's names, as a list: xboard, shuffled_from,
** the number of its aliases, the aliases, then its PGN names; or nothing
** when the script does not load or its names do not read. Run under the
** sandbox's budget. */
static int read_one(lua_State *L) {
  VariantNames n;
  char err[512];
  if (script_require(L, lua_tostring(L, 1), NULL)) return 0;
  if (script_names(L, -1, &n, err, sizeof err)) return 0;
  lua_createtable(L, 3 + n.nalias + n.nother, 0);
  lua_pushstring(L, n.xboard);
  lua_rawseti(L, -2, 1);
  lua_pushstring(L, n.shuffled_from);
  lua_rawseti(L, -2, 2);
  lua_pushinteger(L, n.nalias);
  lua_rawseti(L, -2, 3);
  for (int i = 0; i < n.nalias; i++) {
    lua_pushstring(L, n.alias[i]);
    lua_rawseti(L, -2, 4 + i);
  }
  for (int i = 0; i < n.nother; i++) {
    lua_pushstring(L, n.other[i]);
    lua_rawseti(L, -2, 4 + n.nalias + i);
  }
  return 1;
}

/* Pushes the index, building it on the first call. */
static void push_index(lua_State *L) {
  luaL_checkstack(L, 16, "the index of variant names");
  int type = lua_getfield(L, LUA_REGISTRYINDEX, INDEX_KEY);
  if (type == LUA_TTABLE) return;
  lua_pop(L, 1);
  if (type == LUA_TBOOLEAN) { /* being built: a script that fails to load asks the loader for an alias */
    lua_newtable(L);
    return;
  }
  lua_pushboolean(L, 0);
  lua_setfield(L, LUA_REGISTRYINDEX, INDEX_KEY);
  lua_createtable(L, 0, 4);
  int index = lua_gettop(L);
  static const char *const parts[] = {"pgn", "xboard", "shuffled", "alias"};
  for (int i = 0; i < 4; i++) {
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, index, parts[i]);
  }
  int pgn = index + 1, xboard = index + 2, shuffled = index + 3, alias = index + 4;
  script_list_variants(L);
  int list = lua_gettop(L);
  for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, list); i++) {
    char form[OTHER_NAME_LEN];
    lua_pushcfunction(L, read_one);
    lua_rawgeti(L, list, i);
    const char *name = lua_tostring(L, -1); /* alive in the list */
    int status = sandbox_pcall(L, 1, 1, SANDBOX_BUDGET_DEFAULT);
    if (status == LUA_ERRMEM) { /* not a script's fault: no index, rather than one without it */
      lua_pushnil(L);
      lua_setfield(L, LUA_REGISTRYINDEX, INDEX_KEY);
      lua_error(L);
    }
    if (status != LUA_OK || !lua_istable(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    int names = lua_gettop(L);
    lua_rawgeti(L, names, 1);
    const char *xb = lua_tostring(L, -1);
    claim(L, xboard, xb, name);
    names_compare_form(xb, form, sizeof form);
    claim(L, pgn, form, name);
    lua_rawgeti(L, names, 2);
    claim(L, shuffled, lua_tostring(L, -1), name);
    lua_rawgeti(L, names, 3);
    lua_Integer first_pgn = 4 + lua_tointeger(L, -1);
    /* an alias is a name too: a PGN tag may write it */
    for (lua_Integer k = 4; k < first_pgn && lua_rawgeti(L, names, k) == LUA_TSTRING; k++) {
      claim(L, alias, lua_tostring(L, -1), name);
      names_compare_form(lua_tostring(L, -1), form, sizeof form);
      claim(L, pgn, form, name);
      lua_pop(L, 1);
    }
    for (lua_Integer k = first_pgn; lua_rawgeti(L, names, k) == LUA_TSTRING; k++) {
      names_compare_form(lua_tostring(L, -1), form, sizeof form);
      claim(L, pgn, form, name);
      lua_pop(L, 1);
    }
    lua_settop(L, list);
  }
  lua_settop(L, index);
  lua_pushvalue(L, index);
  lua_setfield(L, LUA_REGISTRYINDEX, INDEX_KEY);
}

/* index[part][key], or NULL. The string stays in the index. */
static const char *look_up(lua_State *L, const char *part, const char *key) {
  int top = lua_gettop(L);
  push_index(L);
  lua_getfield(L, -1, part);
  const char *found = lua_getfield(L, -1, key) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  lua_settop(L, top);
  return found;
}

const char *names_by_pgn(lua_State *L, const char *form) { return look_up(L, "pgn", form); }

const char *names_by_xboard(lua_State *L, const char *xboard) { return look_up(L, "xboard", xboard); }

const char *names_shuffled(lua_State *L, const char *variant) { return look_up(L, "shuffled", variant); }

const char *names_by_alias(lua_State *L, const char *alias) { return look_up(L, "alias", alias); }

int names_require(lua_State *L, const char *spec) {
  int status = script_require(L, spec, NULL);
  if (status != -2 || !script_valid_name(spec)) return status;
  const char *target = names_by_alias(L, spec);
  if (!target) return status;
  lua_pop(L, 1); /* the message for spec */
  return script_require(L, target, NULL);
}
