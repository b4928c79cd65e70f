/*
** bind_variant.c - Variant userdata: scripts compiled into variants, once
** per name and options (the cache), the options a script declares, and
** the names files and other programs should see.
*/
#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "belief.h"
#include "explain.h"
#include "binding.h"
#include "bind_boxes.h"
#include "charged.h"
#include "hidden.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "rulehooks.h"
#include "search.h"
#include "sandbox.h"
#include "names.h"
#include "script.h"
#include "splitmix.h"

#define VARIANTS_KEY "varia.variants" /* key (name[:options]) -> compiled variant */
#define SPECS_KEY "varia.specs" /* a spec as given -> its key in VARIANTS_KEY */

int bind_variant_gc(lua_State *L) {
  VariantBox *b = tovariant(L, 1);
  if (b->ready && b->v.rules) rules_free(L, b->v.rules);
  if (b->ready) variant_free(&b->v);
  b->ready = 0;
  return 0;
}

int bind_variant_tostring(lua_State *L) {
  VariantBox *b = tovariant(L, 1);
  lua_pushfstring(L, "varia.Variant(%s)", b->v.name);
  return 1;
}


/* Pushes a value as text as luaL_tolstring does, but without calling
** __tostring or __name: strings, numbers and booleans as they are,
** anything else as "(a TYPE)". */
static const char *scalar_text(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TSTRING:
    case LUA_TNUMBER:
      lua_pushvalue(L, idx);
      lua_tostring(L, -1); /* the copy becomes a string */
      break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
    default: lua_pushfstring(L, "(a %s)", luaL_typename(L, idx)); break;
  }
  return lua_tostring(L, -1);
}

/* Options: a variant table may declare
**   options = { pawns = { default = "any", values = { "any", "file" },
**                         doc = "..." }, ... },
**   with_options = function(variant, chosen) return <variant to play> end
** Values are strings. Pushes the table to play (the one at tidx, or what
** with_options returns) and writes the chosen options as "k=v,k=v" into
** canon. opts is a table index of requested values (0: none). Returns 0, or
** -1 with the message pushed. */
static int apply_options(lua_State *L, int tidx, int opts, char *canon, size_t clen) {
  int top = lua_gettop(L);
  canon[0] = '\0';
  if (!lua_istable(L, tidx)) { /* script_variant will say what is wrong */
    lua_pushvalue(L, tidx);
    return 0;
  }
  if (rawfield(L, tidx, "options") != LUA_TTABLE) {
    lua_pop(L, 1);
    if (opts) {
      lua_pushnil(L);
      if (lua_next(L, opts)) {
        lua_pushfstring(L, "the variant has no options (asked for '%s')",
                        scalar_text(L, -2));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
    }
    lua_settop(L, top);
    lua_pushvalue(L, tidx);
    return 0;
  }
  int decl = lua_gettop(L);
  if (opts) { /* every requested option must be declared */
    lua_pushnil(L);
    while (lua_next(L, opts)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      if (lua_rawget(L, decl) == LUA_TNIL) {
        lua_pushfstring(L, "unknown option '%s'", scalar_text(L, -2));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
      lua_pop(L, 1);
    }
  }
  /* Names in sorted order, so that canon is the same for the same choice. */
  const char *names[32];
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, decl) && n < 32) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) names[n++] = lua_tostring(L, -1);
  }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      const char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  lua_newtable(L);
  int chosen = lua_gettop(L);
  size_t used = 0;
  for (int i = 0; i < n; i++) {
    if (rawfield(L, decl, names[i]) != LUA_TTABLE) {
      lua_settop(L, top);
      lua_pushfstring(L, "options.%s: expected a table { default = ..., values = { ... } }", names[i]);
      return -1;
    }
    int d = lua_gettop(L);
    const char *value = NULL;
    if (opts && rawfield(L, opts, names[i]) != LUA_TNIL) value = scalar_text(L, -1);
    else if (rawfield(L, d, "default") != LUA_TNIL) value = scalar_text(L, -1);
    if (!value) {
      lua_settop(L, top);
      lua_pushfstring(L, "option '%s' has no value and no default", names[i]);
      return -1;
    }
    if (rawfield(L, d, "values") == LUA_TTABLE) {
      int ok = 0, vt = lua_gettop(L);
      for (lua_Integer k = 1; lua_rawgeti(L, vt, k) != LUA_TNIL; k++) {
        if (strcmp(scalar_text(L, -1), value) == 0) ok = 1;
        lua_pop(L, 2);
      }
      lua_pop(L, 1);
      if (!ok) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (lua_Integer k = 1; lua_rawgeti(L, vt, k) != LUA_TNIL; k++) {
          if (k > 1) luaL_addstring(&b, ", ");
          luaL_addstring(&b, scalar_text(L, -1));
          lua_pop(L, 2);
        }
        lua_pop(L, 1);
        luaL_pushresult(&b);
        lua_pushfstring(L, "option %s: \"%s\" is not one of %s", names[i], value,
                        lua_tostring(L, -1));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
    }
    lua_pop(L, 1);
    lua_pushstring(L, value);
    lua_setfield(L, chosen, names[i]);
    used += (size_t)snprintf(canon + used, used < clen ? clen - used : 0, "%s%s=%s",
                             i ? "," : "", names[i], value);
    lua_settop(L, chosen);
  }
  if (rawfield(L, tidx, "with_options") != LUA_TFUNCTION) {
    lua_settop(L, top);
    lua_pushliteral(L, "options are declared but there is no with_options function");
    return -1;
  }
  lua_pushvalue(L, tidx);
  lua_pushvalue(L, chosen);
  if (sandbox_pcall(L, 2, 1, SANDBOX_BUDGET_DEFAULT) != LUA_OK) {
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return -1;
  }
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return 0;
}

/* Reads "name:k=v,k=v" into the name and a table of options (pushed, or
** nothing pushed when there are none). Returns the options' index or 0. */
static int split_spec(lua_State *L, const char *spec, char *name, size_t len) {
  size_t namelen = script_name_len(spec); /* "FILE.ini:SECTION" is one name */
  const char *colon = spec[namelen] ? spec + namelen : NULL;
  if (!colon) {
    snprintf(name, len, "%s", spec);
    return 0;
  }
  snprintf(name, len, "%.*s", (int)(colon - spec), spec);
  lua_newtable(L);
  for (const char *s = colon + 1; *s;) {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    const char *eq = memchr(s, '=', n);
    if (eq) {
      lua_pushlstring(L, s, (size_t)(eq - s));
      lua_pushlstring(L, eq + 1, n - (size_t)(eq - s) - 1);
      lua_settable(L, -3);
    }
    s += n + (comma ? 1 : 0);
  }
  return lua_gettop(L);
}

/* The spec as given names the variant stored under key. [-0, +0, m] */
static void remember_spec(lua_State *L, const char *spec, const char *key) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, SPECS_KEY);
  lua_pushstring(L, key);
  lua_setfield(L, -2, spec);
  lua_pop(L, 1);
}

const Variant *binding_variant(lua_State *L, const char *spec, int spec_idx) {
  return binding_variant_opts(L, spec, spec_idx, 0);
}

/* Compiling a variant, under one budget (see binding_variant_opts):
** compile(spec or nil, table or nil, options or nil) -> variant | nil, message */
/* compile's failure: nil and the message on top. */
static int fail_with(lua_State *L) {
  lua_pushnil(L);
  lua_insert(L, -2);
  return 2;
}

static int compile(lua_State *L) {
  char err[4096], name[512], canon[512], key[1100];
  const char *spec = lua_tostring(L, 1);
  int spec_idx = lua_isnil(L, 2) ? 0 : 2, opts = lua_isnil(L, 3) ? 0 : 3;
  int by_spec = spec && !opts; /* the spec alone says what is loaded */
  if (spec) {
    int o = split_spec(L, spec, name, sizeof name);
    if (o) {
      if (opts) { /* options given both ways: the table's win */
        lua_pushnil(L);
        while (lua_next(L, opts)) {
          lua_pushvalue(L, -2);
          lua_insert(L, -2);
          lua_settable(L, o);
        }
      }
      opts = o;
    }
    if (names_require(L, name)) return fail_with(L);
    spec_idx = lua_gettop(L);
  }
  if (apply_options(L, spec_idx, opts, canon, sizeof canon)) {
    lua_pushfstring(L, "%s: %s", spec ? spec : "variant table", lua_tostring(L, -1));
    return fail_with(L);
  }
  int tidx = lua_gettop(L);
  if (spec) {
    snprintf(key, sizeof key, "%s%s%s", name, canon[0] ? ":" : "", canon);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
    if (lua_getfield(L, -1, key) == LUA_TUSERDATA) {
      if (by_spec) remember_spec(L, spec, key);
      return 1;
    }
    lua_pop(L, 2);
  }
  VariantBox *b = lua_newuserdatauv(L, sizeof *b, 1);
  b->ready = 0;
  b->hooks = 0;
  luaL_setmetatable(L, VARIANT_MT);
  lua_pushvalue(L, tidx);
  lua_setiuservalue(L, -2, 1); /* the table, for its hooks */
  if (script_variant(L, tidx, &b->v, err, sizeof err)) {
    variant_free(&b->v);
    /* A script's errors carry file:line already; table problems do not. */
    lua_pushfstring(L, "%s: %s", spec ? spec : "variant table", err);
    return fail_with(L);
  }
  int bad;
  RuleHooks *rules = rules_new(L, tidx, &b->v, &bad, err, sizeof err);
  if (bad) {
    variant_free(&b->v);
    lua_pushfstring(L, "%s: %s", spec ? spec : "variant table", err);
    return fail_with(L);
  }
  b->v.rules = rules;
  b->ready = 1;
  static const char *const hook_fields[] = {"on_move", "on_attempt", "on_result"};
  for (int i = 0; i < 3; i++) {
    if (rawfield(L, tidx, hook_fields[i]) == LUA_TFUNCTION) b->hooks |= 1u << i;
    lua_pop(L, 1);
  }
  if (spec) {
    snprintf(b->v.source, sizeof b->v.source, "%s", key);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, key);
    lua_pop(L, 1);
    if (by_spec) remember_spec(L, spec, key);
  }
  snprintf(b->v.options, sizeof b->v.options, "%s", canon);
  return 1;
}

void binding_forget_variant(lua_State *L, const char *key) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
  lua_pushnil(L);
  lua_setfield(L, -2, key);
  lua_pop(L, 1);
}

void binding_spec_brief(lua_State *L, const char *key, char *out, size_t len) {
  int top = lua_gettop(L);
  size_t name_len = script_name_len(key);
  snprintf(out, len, "%s", key);
  if (!key[name_len]) return; /* no options */
  luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
  if (lua_getfield(L, -1, key) != LUA_TUSERDATA || lua_getiuservalue(L, -1, 1) != LUA_TTABLE ||
      rawfield(L, -1, "options") != LUA_TTABLE) {
    lua_settop(L, top); /* not compiled (or forgotten): the key as it is */
    return;
  }
  int decl = lua_gettop(L);
  size_t used = name_len < len ? name_len : len - 1;
  out[used] = '\0';
  const char *opt = key + name_len + 1;
  int kept = 0;
  while (*opt) {
    size_t n = strcspn(opt, ","), k = strcspn(opt, "=");
    if (k < n) {
      lua_pushlstring(L, opt, k);
      int is_default = 0;
      if (lua_rawget(L, decl) == LUA_TTABLE && rawfield(L, -1, "default") != LUA_TNIL) {
        const char *d = scalar_text(L, -1);
        is_default = strlen(d) == n - k - 1 && !strncmp(d, opt + k + 1, n - k - 1);
      }
      lua_settop(L, decl);
      if (!is_default)
        used += (size_t)snprintf(out + used, used < len ? len - used : 0, "%c%.*s",
                                 kept++ ? ',' : ':', (int)n, opt);
    }
    opt += n + (opt[n] == ',');
  }
  lua_settop(L, top);
}

/* Everything a variant's compiling runs is one call from C into scripts,
** under one budget: the script and what it requires, with_options, the
** metamethods a table may have while it is read, ownership. Returns the
** variant (pushed), or NULL with the message pushed. */
const Variant *binding_variant_opts(lua_State *L, const char *spec, int spec_idx, int opts) {
  int top = lua_gettop(L);
  if (spec_idx) spec_idx = lua_absindex(L, spec_idx);
  if (opts) opts = lua_absindex(L, opts);
  if (spec && !opts) {
    /* A spec loaded before is its compiled variant, without running the
    ** script (and its with_options) again: loading is the slow part of
    ** every varia.new and every line of a test file. Forgetting the key
    ** (the REPL's reload) makes the next call read the script again. */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, SPECS_KEY);
    if (lua_getfield(L, -1, spec) == LUA_TSTRING) {
      luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
      if (lua_getfield(L, -1, lua_tostring(L, -2)) == LUA_TUSERDATA) {
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return &((VariantBox *)lua_touserdata(L, -1))->v;
      }
    }
    lua_settop(L, top);
  }
  lua_pushcfunction(L, compile);
  if (spec) lua_pushstring(L, spec);
  else lua_pushnil(L);
  if (spec_idx) lua_pushvalue(L, spec_idx);
  else lua_pushnil(L);
  if (opts) lua_pushvalue(L, opts);
  else lua_pushnil(L);
  int status = sandbox_pcall(L, 3, 2, SANDBOX_LOAD_BUDGET);
  if (status == LUA_OK && lua_isnil(L, -2)) lua_copy(L, -1, -2); /* nil, message */
  lua_copy(L, status == LUA_OK ? -2 : -1, top + 1);
  lua_settop(L, top + 1);
  return status == LUA_OK && lua_type(L, -1) == LUA_TUSERDATA
             ? &((VariantBox *)lua_touserdata(L, -1))->v
             : NULL;
}
