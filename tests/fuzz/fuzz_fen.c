/*
** fuzz_fen.c - the FEN parser. The first byte picks a variant; the rest is
** the FEN. An accepted FEN must give a position whose invariants hold, that
** writes a FEN which reads back to the same FEN, and whose moves generate.
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512], out[4096], again[4096];
  Position p, q;
  Move list[MAX_MOVES];
  fuzz_setup();
  if (size < 1) return 0;
  const Variant *v = fuzz_variant_list[data[0] % FUZZ_NVARIANTS];
  char *fen = fuzz_string(data + 1, size - 1);
  if (pos_set_fen(&p, v, fen, err, sizeof err) == 0) {
    fuzz_require(pos_check(&p) == NULL, "invariant broken", pos_check(&p));
    pos_fen(&p, out, sizeof out);
    fuzz_require(pos_set_fen(&q, v, out, err, sizeof err) == 0, "own FEN refused", out);
    pos_fen(&q, again, sizeof again);
    fuzz_require(strcmp(out, again) == 0, "FEN does not read back", out);
    int n = gen_legal(&p, list);
    for (int i = 0; i < n && i < 64; i++) {
      Undo u;
      pos_make(&p, list[i], &u);
      fuzz_require(pos_check(&p) == NULL, "invariant broken after a move", out);
      pos_unmake(&p, list[i], &u);
    }
  } else {
    fuzz_require(err[0] != '\0', "a refused FEN without a message", fen);
  }
  free(fen);
  return 0;
}
