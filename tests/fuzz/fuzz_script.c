/*
** fuzz_script.c - loading a variant script. The input is a script file;
** loading may fail with a message, but must not crash, hang (the
** instruction budget) or exhaust memory (the sandbox's limit). A variant
** that loads must give a game with legal moves computable.
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Move list[MAX_MOVES];
  fuzz_setup_state();
  const char *path = fuzz_file(data, size, ".lua");
  if (!path) return 0;
  lua_State *L = fuzz_sandbox->L;
  int top = lua_gettop(L);
  const Variant *v = binding_variant(L, path, 0);
  if (v) {
    Game *g = binding_new_game(L, -1, NULL);
    if (g) gen_legal(&g->pos, list);
  } else {
    fuzz_require(lua_tostring(L, -1) != NULL, "a failed load without a message", path);
  }
  fuzz_forget_variants();
  fuzz_settle(top);
  return 0;
}
