/*
** import.c - varia import: Fairy-Stockfish variant files (variants.ini)
** written out as variant scripts, one per section, by the built-in
** translator lua/ini.lua.
*/
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "import.h"
#include "script.h"

static const char import_usage[] =
    "usage: varia import [-o DIR] [--force] FILE.ini [SECTION...]\n"
    "Writes each section of a Fairy-Stockfish variant file (all of them when\n"
    "none is named) as the variant script DIR/SECTION.lua (DIR: the current\n"
    "directory), and lists the options it could not translate. An existing\n"
    "file is left alone unless --force is given. Exits 1 if any section\n"
    "could not be written. FILE.ini:SECTION also loads a section directly,\n"
    "wherever a variant is named.\n";

/* What import prints holds the names, keys and values of the .ini file,
** which may hold any byte: each line is written with its control bytes
** (but the line breaks of the message itself: the file's values cannot
** hold LF, its lines end there) as the escapes the script's comments use
** (lua/ini.lua): \r \t \\ and \DDD, and the C1 controls (U+0080 to
** U+009F, obeyed by some terminals) as \194\DDD. The terminal is never
** sent a control sequence from the file. */
static void put_shown(FILE *f, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '\n') putc('\n', f);
    else if (*p == '\r') fputs("\\r", f);
    else if (*p == '\t') fputs("\\t", f);
    else if (*p == '\\') fputs("\\\\", f);
    else if (*p < 32 || *p == 127) fprintf(f, "\\%03u", *p);
    else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
      fprintf(f, "\\194\\%03u", p[1]);
      p++;
    } else putc(*p, f);
  }
}

/* printf, then put_shown: a line of import's output. */
static void say(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!text) {
    fputs("varia import: out of memory\n", stderr);
    return;
  }
  va_start(ap, fmt);
  vsnprintf(text, (size_t)n + 1, fmt, ap);
  va_end(ap);
  put_shown(f, text);
  free(text);
}

/* A section name is a file name here: no directories, no hidden files. */
static int safe_name(const char *s) {
  if (!*s || *s == '.') return 0;
  for (; *s; s++)
    if (*s == '/' || *s == '\\' || (unsigned char)*s < 32) return 0;
  return 1;
}

/* Writes text to path, failing if the file exists unless force. */
static int write_file(const char *path, const char *text, size_t len, int force, char *err,
                      size_t errlen) {
  int fd = open(path, O_WRONLY | O_CREAT | (force ? O_TRUNC : O_EXCL), 0644);
  if (fd < 0) {
    if (errno == EEXIST) snprintf(err, errlen, "%s exists (--force to overwrite it)", path);
    else snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  size_t done = 0;
  while (done < len) {
    ssize_t n = write(fd, text + done, len - done);
    if (n <= 0) {
      snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
      close(fd);
      return -1;
    }
    done += (size_t)n;
  }
  if (close(fd) != 0) {
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* Translates and writes one section; the module is at index mod and the
** file's text at index text. Returns 0 or 1 (failed). */
static int import_section(lua_State *L, int mod, int text, const char *file, const char *section,
                          const char *dir, int force) {
  char path[2048], spec[2048], err[2200];
  int top = lua_gettop(L);
  if (!safe_name(section)) {
    say(stderr, "varia import: [%s] is not a name for a file\n", section);
    return 1;
  }
  lua_getfield(L, mod, "translate");
  lua_pushvalue(L, text);
  lua_pushstring(L, section);
  lua_pushstring(L, file);
  if (sandbox_pcall(L, 3, 2, SANDBOX_LOAD_BUDGET) != LUA_OK || lua_isnil(L, -2)) {
    say(stderr, "varia import: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return 1;
  }
  /* The script must load as a variant before it is written. */
  snprintf(spec, sizeof spec, "%s:%s", file, section);
  if (!binding_variant(L, spec, 0)) {
    say(stderr, "varia import: [%s] translates to a variant varia refuses:\n%s\n", section,
            lua_tostring(L, -1));
    lua_settop(L, top);
    return 1;
  }
  lua_pop(L, 1);
  if ((size_t)snprintf(path, sizeof path, "%s/%s.lua", dir, section) >= sizeof path) {
    say(stderr, "varia import: [%.40s...] (%zu bytes): the name is too long for a file\n", section,
        strlen(section));
    lua_settop(L, top);
    return 1;
  }
  size_t len;
  const char *lua = lua_tolstring(L, -2, &len);
  if (write_file(path, lua, len, force, err, sizeof err)) {
    say(stderr, "varia import: %s\n", err);
    lua_settop(L, top);
    return 1;
  }
  say(stdout, "wrote %s\n", path);
  int notes = lua_gettop(L);
  lua_Integer n = luaL_len(L, notes);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, notes, i);
    lua_getfield(L, -1, "key");
    lua_getfield(L, -2, "value");
    lua_getfield(L, -3, "why");
    lua_getfield(L, -4, "rules");
    say(stdout, "  not translated: %s = %s: %s%s\n", lua_tostring(L, -4), luaL_optstring(L, -3, ""),
           lua_tostring(L, -2), lua_toboolean(L, -1) ? "" : " (no effect on the rules)");
    lua_pop(L, 5);
  }
  lua_settop(L, top);
  return 0;
}

int cli_import(Sandbox *s, int argc, char **argv) {
  lua_State *L = s->L;
  const char *dir = ".", *file = NULL;
  int force = 0, first = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(import_usage, stdout);
      return 0;
    } else if (!strcmp(argv[i], "--force")) {
      force = 1;
    } else if (!strcmp(argv[i], "-o")) {
      if (i + 1 >= argc) {
        fputs("varia import: -o needs a directory\n", stderr);
        return 2;
      }
      dir = argv[++i];
    } else if (argv[i][0] == '-') {
      say(stderr, "varia import: unknown option '%s'\n%s", argv[i], import_usage);
      return 2;
    } else {
      file = argv[i];
      first = i + 1;
      break;
    }
  }
  if (!file) {
    fputs(import_usage, stderr);
    return 2;
  }
  if (script_ini_module(L)) {
    say(stderr, "varia import: %s\n", lua_tostring(L, -1));
    return 1;
  }
  int mod = lua_gettop(L);
  if (script_read_file(L, file)) {
    say(stderr, "varia import: cannot read %s\n", file);
    return 1;
  }
  int text = lua_gettop(L);
  int failed = 0;
  if (first < argc) {
    for (int i = first; i < argc; i++) failed |= import_section(L, mod, text, file, argv[i], dir, force);
  } else {
    lua_getfield(L, mod, "sections");
    lua_pushvalue(L, text);
    lua_pushstring(L, file);
    if (sandbox_pcall(L, 2, 2, SANDBOX_LOAD_BUDGET) != LUA_OK || lua_isnil(L, -2)) {
      say(stderr, "varia import: %s\n", lua_tostring(L, -1));
      return 1;
    }
    lua_pop(L, 1);
    int list = lua_gettop(L);
    lua_Integer n = luaL_len(L, list);
    if (n == 0) {
      say(stderr, "varia import: %s has no [section]\n", file);
      failed = 1;
    }
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, list, i);
      /* the name stays on the stack while it is used */
      failed |= import_section(L, mod, text, file, lua_tostring(L, -1), dir, force);
      lua_pop(L, 1);
    }
  }
  lua_settop(L, mod - 1);
  return failed;
}
