/*
** fuzz_json.c - the JSON reader (src/lua/json.c), as the server's API and
** varia.json use it. Any text: the flat-object parser either accepts it or
** refuses it with a message; varia.json.decode either gives a value or a
** message; a value read is written, and the text written reads back to a
** value that is written the same (the writer's output is a fixed point).
*/
#include "fuzz_common.h"
#include "json.h"

static Json flat; /* large: not on the stack */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[256] = "";
  fuzz_setup_state();
  if (size <= MAX_BODY) {
    if (json_parse((const char *)data, size, &flat, err, sizeof err))
      fuzz_require(strncmp(err, "malformed JSON at byte ", 23) == 0 || strncmp(err, "unknown", 7) == 0,
                   "a refusal without its byte", err);
    else
      for (int i = 0; i < flat.n; i++)
        fuzz_require(flat.f[i].type != J_STR || strlen(flat.f[i].str) <= size, "a string longer than its text",
                     flat.f[i].key);
  }
  lua_State *L = fuzz_sandbox->L;
  int top = lua_gettop(L);
  lua_getglobal(L, "varia");
  lua_getfield(L, -1, "json");
  int json = lua_gettop(L);
  lua_getfield(L, json, "decode");
  lua_pushlstring(L, (const char *)data, size);
  fuzz_require(lua_pcall(L, 1, 2, 0) == LUA_OK, "decode raised", lua_tostring(L, -1));
  if (lua_isnil(L, -2) && !lua_isnil(L, -1)) {
    fuzz_require(lua_type(L, -1) == LUA_TSTRING, "a refusal whose message is no string", NULL);
  } else { /* a value (null reads as nil) */
    lua_pop(L, 1);
    /* write, read back, write again: the same text */
    lua_getfield(L, json, "encode");
    lua_insert(L, -2);
    int ok = lua_pcall(L, 1, 1, 0) == LUA_OK; /* deep values may be refused */
    if (ok) {
      size_t n1, n2;
      const char *once = lua_tolstring(L, -1, &n1);
      lua_getfield(L, json, "encode");
      lua_getfield(L, json, "decode");
      lua_pushvalue(L, -3);
      fuzz_require(lua_pcall(L, 1, 2, 0) == LUA_OK && lua_isnil(L, -1), "own text refused", once);
      lua_pop(L, 1);
      fuzz_require(lua_pcall(L, 1, 1, 0) == LUA_OK, "a value read back is not written", once);
      const char *twice = lua_tolstring(L, -1, &n2);
      fuzz_require(n1 == n2 && memcmp(once, twice, n1) == 0, "the text written does not read back", once);
    }
  }
  fuzz_settle(top);
  return 0;
}
