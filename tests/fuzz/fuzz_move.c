/*
** fuzz_move.c - the move parser (UCI and SAN). The first byte picks a
** variant and one of a few positions; the rest is the move text. A move the
** parser accepts must be legal, and its UCI and SAN must read back to it.
*/
#include "fuzz_common.h"

static const char *const positions[] = {
    NULL, /* the variant's start */
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[512], uci[64], san[64];
  Position p;
  Move list[MAX_MOVES];
  fuzz_setup();
  if (size < 1) return 0;
  const Variant *v = fuzz_variant_list[data[0] % FUZZ_NVARIANTS];
  const char *fen = positions[(data[0] / FUZZ_NVARIANTS) % 4];
  if (pos_set_fen(&p, v, fen ? fen : v->start_fen, err, sizeof err)) return 0;
  char *text = fuzz_string(data + 1, size - 1);
  Move m = parse_move(&p, text, err, sizeof err);
  if (m != MOVE_NONE) {
    int n = gen_legal(&p, list), found = 0;
    for (int i = 0; i < n; i++) found |= list[i] == m;
    fuzz_require(found, "an accepted move that is not legal", text);
    move_to_uci(&p, m, uci, sizeof uci);
    fuzz_require(parse_move(&p, uci, err, sizeof err) == m, "UCI does not read back", uci);
    move_to_san(&p, m, san, sizeof san);
    fuzz_require(parse_move(&p, san, err, sizeof err) == m, "SAN does not read back", san);
  } else {
    fuzz_require(err[0] != '\0', "a refused move without a message", text);
  }
  free(text);
  return 0;
}
