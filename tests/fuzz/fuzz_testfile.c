/*
** fuzz_testfile.c - the parsers of ./varia test: .perft files, EPD suites
** and transcripts. The input is written to a file and run with a depth
** limit of 2; it may pass or fail, but must not crash.
*/
#include "cli.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *devnull;
  fuzz_setup_state();
  const char *path = fuzz_file(data, size, "");
  if (!path) return 0;
  if (!devnull && !(devnull = fopen("/dev/null", "w"))) abort();
  char *argv[] = {"--max-depth", "2", (char *)path};
  FILE *saved = stdout;
  stdout = devnull; /* the runner prints each failure */
  int top = lua_gettop(fuzz_sandbox->L);
  cli_test(fuzz_sandbox, 3, argv);
  fuzz_settle(top);
  fflush(devnull);
  stdout = saved;
  return 0;
}
