/*
** fuzz_common.h - shared set-up of the libFuzzer targets (make fuzz):
** one Lua state with the varia module and the shipped variants loaded
** once, and a crash on any broken invariant so that the fuzzer reports it.
*/
#ifndef varia_fuzz_common_h
#define varia_fuzz_common_h

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "binding.h"
#include "movegen.h"
#include "notation.h"
#include "sandbox.h"

static const char *const fuzz_variants[] = {
    "chess", "chess960", "capablanca", "shatranj", "courier", "duck",
    "monochrome", "kriegspiel", "ambiguous", "unbland",
    /* one of each later mechanism: pockets, promoted forms, gating,
    ** placement, regions and facing kings, passes, blasts, check counts,
    ** optional promotion, unmoved pieces, promotion by move, mate rules */
    "crazyhouse", "shogi", "kyotoshogi", "seirawan", "placement", "xiangqi",
    "janggi", "atomic", "3check", "grand", "cambodian", "sittuyin", "shatar"};
#define FUZZ_NVARIANTS (sizeof fuzz_variants / sizeof fuzz_variants[0])

static Sandbox *fuzz_sandbox;
static const Variant *fuzz_variant_list[FUZZ_NVARIANTS];

static void fuzz_setup(void) {
  if (fuzz_sandbox) return;
  fuzz_sandbox = sandbox_new((size_t)256 << 20);
  luaopen_varia(fuzz_sandbox->L);
  lua_pop(fuzz_sandbox->L, 1);
  for (size_t i = 0; i < FUZZ_NVARIANTS; i++) {
    fuzz_variant_list[i] = binding_variant(fuzz_sandbox->L, fuzz_variants[i], 0);
    if (!fuzz_variant_list[i]) {
      fprintf(stderr, "fuzz: cannot load %s: %s\n", fuzz_variants[i],
              lua_tostring(fuzz_sandbox->L, -1));
      abort();
    }
    /* the variant userdata stays on the stack: it must outlive the run */
  }
}

/* A NUL-terminated copy of the fuzzer's bytes (caller frees). */
static char *fuzz_string(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

static void fuzz_require(int ok, const char *what, const char *detail) {
  if (ok) return;
  fprintf(stderr, "fuzz: %s: %s\n", what, detail ? detail : "");
  abort();
}

#endif
