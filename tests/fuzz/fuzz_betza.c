/*
** fuzz_betza.c - the Betza compiler. Whatever it accepts must compile into
** rules that make sense (range, modes, path, directions inside the padding).
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512];
  PieceMoves pm;
  char *betza = fuzz_string(data, size);
  if (piece_compile(betza, &pm, err, sizeof err) == 0) {
    fuzz_require(pm.n >= 0 && pm.n <= MAX_RULES, "rule count", betza);
    for (int i = 0; i < pm.n; i++) {
      const MoveRule *r = &pm.rule[i];
      fuzz_require(r->dx >= -BOARD_PAD && r->dx <= BOARD_PAD && r->dy >= -BOARD_PAD &&
                       r->dy <= BOARD_PAD && (r->dx || r->dy),
                   "a step outside the padding", betza);
      fuzz_require(r->range >= 1, "a zero range", betza);
      fuzz_require(r->modes != 0, "a step with no mode", betza);
      fuzz_require(r->path <= PATH_GRASS, "an unknown path", betza);
      fuzz_require(r->nlame >= 0 && r->nlame <= 2, "lame squares", betza);
    }
  } else {
    fuzz_require(strstr(err, "Betza") != NULL, "an error that does not name Betza", betza);
  }
  free(betza);
  return 0;
}
