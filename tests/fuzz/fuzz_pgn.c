/*
** fuzz_pgn.c - open's PGN reader (pgn_open). The input is written to a
** file and read, strictly or partially, as game 1 to 4 of the file (the
** first byte decides); it may open or be refused, but must not crash, and
** a refusal must name the file (path:line: or path:) so that a person can find what was wrong.
*/
#include <unistd.h>

#include "fuzz_common.h"
#include "pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[] = "/tmp/varia-fuzz-pgn-XXXXXX", warn[1024];
  fuzz_setup();
  if (size < 1) return 0;
  int fd = mkstemp(path);
  if (fd < 0) return 0;
  if (write(fd, data + 1, size - 1) != (ssize_t)(size - 1)) {
    close(fd);
    unlink(path);
    return 0;
  }
  close(fd);
  lua_State *L = fuzz_sandbox->L;
  int top = lua_gettop(L);
  /* The first byte picks the game of a multi-game file (1 to 4) and the
  ** partial mode; the rest is the file. */
  Game *g = pgn_open(L, path, 1 + ((data[0] >> 1) & 3), data[0] & 1, warn, sizeof warn);
  fuzz_require(lua_gettop(L) == top + 1, "pgn_open leaves one value", path);
  if (!g) {
    const char *msg = lua_tostring(L, -1);
    fuzz_require(msg != NULL, "a refusal without a message", path);
    fuzz_require(strncmp(msg, path, strlen(path)) == 0 && msg[strlen(path)] == ':',
                 "a refusal that does not name the file", msg);
  }
  lua_settop(L, top);
  unlink(path);
  return 0;
}
