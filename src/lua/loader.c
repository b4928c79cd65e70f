/*
** loader.c - finding and running variant scripts: names, paths, $VARIA_PATH,
** the scripts built in, require, Fairy-Stockfish variant files, listing.
** (Reading a variant table into a Variant is script.c's.)
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lauxlib.h>

#include "embedded.h"
#include "sandbox.h"
#include "loader.h"

#define LOADED_KEY "varia.loaded"
#define LOADING ((void *)&loading_marker)
static const char loading_marker = 0;

int script_read_file(lua_State *L, const char *path) {
  struct stat st;
  /* The buffer is Lua's, made before the file is opened: should Lua run
  ** out of memory, nothing of C's is left behind. */
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (1 << 24)) return -1;
  luaL_Buffer b;
  char *buf = luaL_buffinitsize(L, &b, (size_t)st.st_size + 1);
  FILE *f = fopen(path, "rb");
  size_t got = f ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  if (f) fclose(f);
  if (!f || got != (size_t)st.st_size) {
    luaL_pushresultsize(&b, 0);
    lua_pop(L, 1);
    return -1;
  }
  luaL_pushresultsize(&b, got);
  return 0;
}

int script_valid_name(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9') || *s == '_' || *s == '-' || *s == '.'))
      return 0;
  return 1;
}

/* ---- Fairy-Stockfish variant files -------------------------------------- */

/* The length of the file name in "FILE.ini:SECTION" or "FILE.ini", or 0
** when spec names no such file. */
static size_t ini_file_len(const char *spec) {
  const char *p = strstr(spec, ".ini:");
  size_t sl = strlen(spec);
  if (p) return (size_t)(p - spec) + 4;
  return sl > 4 && strcmp(spec + sl - 4, ".ini") == 0 ? sl : 0;
}

size_t script_name_len(const char *spec) {
  const char *slash = strrchr(spec, '/');
  const char *colon = strchr(slash ? slash : spec, ':');
  if (colon && colon - spec >= 4 && !strncmp(colon - 4, ".ini", 4)) colon = strchr(colon + 1, ':');
  return colon ? (size_t)(colon - spec) : strlen(spec);
}

static void push_script_env(lua_State *L, const char *dir);

#define PROGRAM_KEY "varia.program"

void script_set_program(lua_State *L, const char *argv0) {
  lua_pushstring(L, argv0 && *argv0 ? argv0 : "varia");
  lua_setfield(L, LUA_REGISTRYINDEX, PROGRAM_KEY);
}

const char *script_program(lua_State *L) {
  /* the string stays alive in the registry after the pop */
  const char *name = lua_getfield(L, LUA_REGISTRYINDEX, PROGRAM_KEY) == LUA_TSTRING ? lua_tostring(L, -1) : "varia";
  lua_pop(L, 1);
  return name;
}

int script_ini_module(lua_State *L) {
  /* Always the built-in translator, never a file of the same name on
  ** $VARIA_PATH: what it writes is run as a variant script. */
  for (const EmbeddedFile *e = embedded_files; e->path; e++)
    if (strcmp(e->path, "lua/ini.lua") == 0) {
      if (luaL_loadbufferx(L, e->text, e->len, "@lua/ini.lua", "t") != LUA_OK) return -1;
      push_script_env(L, "");
      lua_setupvalue(L, -2, 1);
      return sandbox_pcall(L, 0, 1, SANDBOX_LOAD_BUDGET) == LUA_OK ? 0 : -1;
    }
  lua_pushliteral(L, "the translator lua/ini.lua is not built in");
  return -1;
}

/* Pushes the script that lua/ini.lua writes for the section spec names
** ("FILE.ini:SECTION", or "FILE.ini" for a file of one section) and sets
** *path to spec; returns 0, or -2 with the message pushed. */
static int ini_script(lua_State *L, const char *spec, size_t filelen, char *path, size_t pathlen) {
  char file[1024];
  snprintf(file, sizeof file, "%.*s", (int)filelen, spec);
  snprintf(path, pathlen, "%s", spec);
  if (script_ini_module(L)) return -2;
  lua_getfield(L, -1, "script");                 /* ini, script */
  lua_remove(L, -2);
  if (script_read_file(L, file)) {
    lua_pop(L, 1);
    lua_pushfstring(L, "cannot read Fairy-Stockfish variant file '%s'", file);
    return -2;
  }
  if (spec[filelen] == ':') lua_pushstring(L, spec + filelen + 1);
  else lua_pushnil(L);
  lua_pushstring(L, file);                       /* script, text, section, file */
  if (sandbox_pcall(L, 3, 2, SANDBOX_LOAD_BUDGET) != LUA_OK) return -2;
  if (lua_isnil(L, -2)) {                        /* nil, message */
    lua_remove(L, -2);
    return -2;
  }
  lua_pop(L, 1);                                 /* the script's text */
  return 0;
}

/* Pushes the text of spec and sets *path to where it came from (for
** messages and chunk names); returns 0, or -1 with nothing pushed, or -2
** with a message pushed. */
static int find_script(lua_State *L, const char *spec, const char *from_dir, char *path,
                       size_t pathlen) {
  size_t sl = strlen(spec), il = ini_file_len(spec);
  if (il) return ini_script(L, spec, il, path, pathlen);
  if (strchr(spec, '/') || (sl > 4 && strcmp(spec + sl - 4, ".lua") == 0)) {
    snprintf(path, pathlen, "%s", spec);
    return script_read_file(L, spec);
  }
  if (!script_valid_name(spec)) return -1;
  if (from_dir && *from_dir) {
    snprintf(path, pathlen, "%s/%s.lua", from_dir, spec);
    if (script_read_file(L, path) == 0) return 0;
  }
  const char *vp = getenv("VARIA_PATH");
  while (vp && *vp) {
    const char *colon = strchr(vp, ':');
    int n = colon ? (int)(colon - vp) : (int)strlen(vp);
    if (n > 0) {
      snprintf(path, pathlen, "%.*s/%s.lua", n, vp, spec);
      if (script_read_file(L, path) == 0) return 0;
    }
    vp = colon ? colon + 1 : NULL;
  }
  static const char *const dirs[] = {"lua", "variants"};
#ifdef VARIA_DATADIR
  /* the installed copies (make install), which a user may edit */
  for (int d = 0; d < 2; d++) {
    snprintf(path, pathlen, "%s/%s/%s.lua", VARIA_DATADIR, dirs[d], spec);
    if (script_read_file(L, path) == 0) return 0;
  }
#endif
  for (int d = 0; d < 2; d++) {
    snprintf(path, pathlen, "%s/%s.lua", dirs[d], spec);
    for (const EmbeddedFile *e = embedded_files; e->path; e++)
      if (strcmp(e->path, path) == 0) {
        lua_pushlstring(L, e->text, e->len);
        return 0;
      }
  }
  return -1;
}

static int l_require(lua_State *L);

/* Pushes a sandbox environment whose require searches dir first. */
static void push_script_env(lua_State *L, const char *dir) {
  sandbox_push_env(L);
  lua_pushstring(L, dir);
  lua_pushcclosure(L, l_require, 1);
  lua_setfield(L, -2, "require");
}

int script_require(lua_State *L, const char *spec, const char *from_dir) {
  char path[1024], dir[1024];
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LOADED_KEY); /* loaded */
  int found = find_script(L, spec, from_dir, path, sizeof path);
  if (found == -2) { /* loaded, message */
    lua_remove(L, -2);
    return -1;
  }
  if (found) {
    lua_pop(L, 1);
    if (strchr(spec, '/') || strstr(spec, ".lua"))
      lua_pushfstring(L, "cannot read variant script '%s'", spec);
    else
      lua_pushfstring(L, "no variant or module named '%s' (see %s list; "
                      "a file needs a path such as ./%s.lua)", spec, script_program(L), spec);
    return -2;
  }
  /* loaded, text */
  lua_getfield(L, -2, path);
  if (lua_touserdata(L, -1) == LOADING) {
    lua_pop(L, 3);
    lua_pushfstring(L, "%s: require cycle", path);
    return -1;
  }
  if (!lua_isnil(L, -1)) { /* already loaded */
    lua_replace(L, -3);
    lua_pop(L, 1);
    return 0;
  }
  lua_pop(L, 1);
  lua_pushlightuserdata(L, LOADING);
  lua_setfield(L, -3, path);

  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = '\0';
  else snprintf(dir, sizeof dir, ".");
  /* Built-in scripts are named lua/x.lua or variants/x.lua: their siblings
  ** are found by the built-in search, not on disk. */
  int builtin = 0;
  for (const EmbeddedFile *e = embedded_files; e->path; e++)
    if (strcmp(e->path, path) == 0) builtin = 1;

  size_t len;
  const char *text = lua_tolstring(L, -1, &len);
  /* Finding, reading and compiling a file is C work on the requiring
  ** script's behalf: a require in a loop pays for it. */
  sandbox_charge(L, SANDBOX_REQUIRE_COST + (long)len * SANDBOX_COMPILE_PER_BYTE);
  lua_pushfstring(L, "@%s", path);
  int status = luaL_loadbufferx(L, text, len, lua_tostring(L, -1), "t");
  lua_remove(L, -2); /* the chunk name */
  lua_remove(L, -2); /* the text */
  if (status == LUA_OK) {
    push_script_env(L, builtin ? "" : dir);
    lua_setupvalue(L, -2, 1);
    status = sandbox_pcall(L, 0, 1, SANDBOX_LOAD_BUDGET);
  }
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_setfield(L, -3, path);
    lua_remove(L, -2);
    return -1;
  }
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  /* Not kept: each require runs the script again and gets tables of its
  ** own, so that no script can change what another one is given (the
  ** standard library included). The mark only served to catch cycles. */
  lua_pushnil(L);
  lua_setfield(L, -3, path);
  lua_remove(L, -2);
  return 0;
}

/* A variant script's require: modules by name only (std, a sibling
** mybase.lua as "mybase"). A path would let a script read any file and
** learn its first token from the syntax error; so paths are refused, and
** what is found is always a NAME.lua. */
static int l_require(lua_State *L) {
  size_t len;
  const char *name = luaL_checklstring(L, 1, &len);
  if (memchr(name, '\0', len)) return luaL_argerror(L, 1, "contains a NUL character");
  if (!script_valid_name(name) || (len > 4 && strcmp(name + len - 4, ".lua") == 0)) {
    /* the script's line: the caller, or pcall's caller (pcall(require, x)) */
    luaL_where(L, 1);
    if (lua_rawlen(L, -1) == 0) {
      lua_pop(L, 1);
      luaL_where(L, 2);
    }
    lua_pushfstring(L, "require: '%s' is not a module name (variant scripts require "
                    "modules by name, as require \"std\"; paths are refused)",
                    len > 60 ? "(a long string)" : name);
    lua_concat(L, 2);
    return lua_error(L);
  }
  const char *dir = lua_tostring(L, lua_upvalueindex(1));
  if (script_require(L, name, dir)) return lua_error(L);
  return 1;
}

/* ---- listing ------------------------------------------------------------ */

static void add_name(lua_State *L, int set, const char *file) {
  size_t n = strlen(file);
  if (n > 4 && strcmp(file + n - 4, ".lua") == 0) {
    lua_pushlstring(L, file, n - 4);
    lua_pushboolean(L, 1);
    lua_settable(L, set);
  }
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void script_list_variants(lua_State *L) {
  lua_newtable(L);
  int set = lua_gettop(L);
  for (const EmbeddedFile *e = embedded_files; e->path; e++)
    if (strncmp(e->path, "variants/", 9) == 0) add_name(L, set, e->path + 9);
  const char *vp = getenv("VARIA_PATH");
  while (vp && *vp) {
    const char *colon = strchr(vp, ':');
    char dir[1024];
    snprintf(dir, sizeof dir, "%.*s", colon ? (int)(colon - vp) : (int)strlen(vp), vp);
    DIR *d = opendir(dir);
    if (d) {
      struct dirent *de;
      while ((de = readdir(d))) add_name(L, set, de->d_name);
      closedir(d);
    }
    vp = colon ? colon + 1 : NULL;
  }
  const char *names[512];
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, set) && n < 512) {
    lua_pop(L, 1);
    names[n++] = lua_tostring(L, -1);
  }
  qsort(names, (size_t)n, sizeof names[0], cmp_names);
  lua_newtable(L);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, names[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, set);
}

uint64_t script_hash(lua_State *L, const char *spec) {
  char path[1024];
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
  int found = find_script(L, spec, NULL, path, sizeof path);
  if (found == -2) lua_pop(L, 1);
  if (found) return 0;
  size_t len;
  const unsigned char *t = (const unsigned char *)lua_tolstring(L, -1, &len);
  for (size_t i = 0; i < len; i++) h = (h ^ t[i]) * 0x100000001b3ull;
  lua_pop(L, 1);
  return h;
}
