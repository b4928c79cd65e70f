/*
** fuzz_testfile.c - the parsers of ./varia test: .perft files, EPD suites
** and transcripts. The input is written to a file and run with a depth
** limit of 2; it may pass or fail, but must not crash.
*/
#include <unistd.h>

#include "cli.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[] = "/tmp/varia-fuzz-testfile-XXXXXX";
  fuzz_setup();
  int fd = mkstemp(path);
  if (fd < 0) return 0;
  if (write(fd, data, size) != (ssize_t)size) {
    close(fd);
    unlink(path);
    return 0;
  }
  close(fd);
  char *argv[] = {"--max-depth", "2", path};
  FILE *saved = stdout;
  stdout = fopen("/dev/null", "w"); /* the runner prints each failure */
  int top = lua_gettop(fuzz_sandbox->L);
  cli_test(fuzz_sandbox, 3, argv);
  lua_settop(fuzz_sandbox->L, top);
  fclose(stdout);
  stdout = saved;
  unlink(path);
  return 0;
}
