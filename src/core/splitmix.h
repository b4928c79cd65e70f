/*
** splitmix.h - splitmix64 (Steele, Lea and Flood, "Fast splittable
** pseudorandom number generators", 2014; Vigna's splitmix64.c), the one
** mixing function varia uses wherever it needs numbers spread over 64 bits
** from a seed or a counter: Zobrist keys, the seeded generators of chance,
** sampling and shuffling, hashes of small numbers.
*/
#ifndef varia_splitmix_h
#define varia_splitmix_h

#include <stdint.h>

#define SPLITMIX_GAMMA 0x9E3779B97F4A7C15ull /* the golden ratio's 64-bit fraction */

/* The finaliser: spreads nearby numbers over 64 bits. */
static inline uint64_t splitmix_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The next number of the sequence whose state is *s. */
static inline uint64_t splitmix_next(uint64_t *s) { return splitmix_mix(*s += SPLITMIX_GAMMA); }

#endif
