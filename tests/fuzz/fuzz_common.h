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
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "rules.h"
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

/* The Lua state with the varia module, and no variant loaded: what a
** target that loads its variants by name needs (the fewer objects live,
** the cheaper fuzz_settle's collections). */
static void fuzz_setup_state(void) {
  if (fuzz_sandbox) return;
  fuzz_sandbox = sandbox_new((size_t)256 << 20);
  luaopen_varia(fuzz_sandbox->L);
  lua_pop(fuzz_sandbox->L, 1);
}

static void fuzz_setup(void) {
  if (fuzz_variant_list[0]) return;
  fuzz_setup_state();
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

/* The input as a file, for the code that reads files: one temporary file
** per process (its name ends in suffix), rewritten for each input, because
** creating and removing a file per input costs more than some targets'
** whole work. Returns its path, or NULL when it cannot be written. */
static char fuzz_path[64];
static int fuzz_fd = -1;

static void fuzz_remove_file(void) { unlink(fuzz_path); }

static const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix) {
  if (fuzz_fd < 0) {
    snprintf(fuzz_path, sizeof fuzz_path, "/tmp/varia-fuzz-XXXXXX%s", suffix);
    fuzz_fd = mkstemps(fuzz_path, (int)strlen(suffix));
    if (fuzz_fd < 0) return NULL;
    atexit(fuzz_remove_file);
  }
  if (pwrite(fuzz_fd, data, size, 0) != (ssize_t)size || ftruncate(fuzz_fd, (off_t)size)) return NULL;
  return fuzz_path;
}

/* Ends an input: the Lua stack as it was, and the input's garbage freed.
** Two full collections, because an object with a finalizer is freed by
** the collection after the one that finalizes it. Without them, every
** input would leave more allocations than it frees, and libFuzzer would
** run a leak check (a scan of the whole heap) after each one. */
static void fuzz_settle(int top) {
  lua_settop(fuzz_sandbox->L, top);
  lua_gc(fuzz_sandbox->L, LUA_GCCOLLECT);
  lua_gc(fuzz_sandbox->L, LUA_GCCOLLECT);
}

/* Forgets every variant loaded, so that the next input's script, read from
** the same path, is loaded afresh. */
static void fuzz_forget_variants(void) {
  const char *const caches[] = {"varia.variants", "varia.specs", "varia.loaded"};
  for (size_t i = 0; i < sizeof caches / sizeof caches[0]; i++) {
    lua_pushnil(fuzz_sandbox->L);
    lua_setfield(fuzz_sandbox->L, LUA_REGISTRYINDEX, caches[i]);
  }
}

static void fuzz_require(int ok, const char *what, const char *detail) {
  if (ok) return;
  fprintf(stderr, "fuzz: %s: %s\n", what, detail ? detail : "");
  abort();
}

#endif
