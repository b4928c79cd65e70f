/*
** fuzz_script.c - loading a variant script. The input is a script file;
** loading may fail with a message, but must not crash, hang (the
** instruction budget) or exhaust memory (the sandbox's limit). A variant
** that loads must give a game with legal moves computable.
*/
#include <unistd.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[] = "/tmp/varia-fuzz-script-XXXXXX.lua";
  Move list[MAX_MOVES];
  fuzz_setup();
  int fd = mkstemps(path, 4);
  if (fd < 0) return 0;
  if (write(fd, data, size) != (ssize_t)size) {
    close(fd);
    unlink(path);
    return 0;
  }
  close(fd);
  lua_State *L = fuzz_sandbox->L;
  int top = lua_gettop(L);
  const Variant *v = binding_variant(L, path, 0);
  if (v) {
    Game *g = binding_new_game(L, -1, NULL);
    if (g) gen_legal(&g->pos, list);
  } else {
    fuzz_require(lua_tostring(L, -1) != NULL, "a failed load without a message", path);
  }
  lua_settop(L, top);
  /* Forget what was loaded, or every input would stay cached. */
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "varia.variants");
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "varia.loaded");
  lua_gc(L, LUA_GCCOLLECT);
  unlink(path);
  return 0;
}
