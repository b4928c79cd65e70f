/*
** board.h - board geometry: squares of a padded mailbox, coordinates, names.
**
** A board of F files and R ranks (1..16 each) lives in a linear array with
** BOARD_PAD sentinel squares on every side, so that any leap of up to
** BOARD_PAD squares from a real square lands inside the array: generation
** never needs a bounds test, only a look at the sentinel.
**
** A board need not be a plain rectangle: its files (and ranks) may wrap
** round (a cylinder, a torus), and some cells may not exist (holes). A
** hole is a sentinel square inside the rectangle, so every loop that stops
** at the sentinel stops there too; wrapping needs the step tables that
** variant.h builds (Variant.topo_next), used only where geo.wrap is set.
*/
#ifndef varia_board_h
#define varia_board_h

#include <stdint.h>

#define MAX_FILES 16
#define MAX_RANKS 16
#define BOARD_PAD 3 /* the longest atom (H, C, Z, G) leaps 3 squares */
#define MAX_SQUARES ((MAX_FILES + 2 * BOARD_PAD) * (MAX_RANKS + 2 * BOARD_PAD))
#define SQ_NONE (-1)

/* Geometry.wrap: which edges join the opposite one. */
enum { WRAP_FILES = 1, WRAP_RANKS = 2 };

typedef struct Geometry {
  int files, ranks;
  int stride;  /* files + 2 * BOARD_PAD */
  int nsq;     /* size of the padded array */
  int wrap;    /* WRAP_*: 0 on a plain board */
  int nholes;
  uint16_t hole[MAX_RANKS]; /* per rank, a bit per file: cells that do not exist */
} Geometry;

/* Fills g for files x ranks; returns 0, or -1 when the size is out of range. */
int board_geometry(Geometry *g, int files, int ranks);

static inline int board_square(const Geometry *g, int file, int rank) {
  return (rank + BOARD_PAD) * g->stride + file + BOARD_PAD;
}
static inline int board_file(const Geometry *g, int sq) {
  return sq % g->stride - BOARD_PAD;
}
static inline int board_rank(const Geometry *g, int sq) {
  return sq / g->stride - BOARD_PAD;
}
static inline int board_offset(const Geometry *g, int dx, int dy) {
  return dy * g->stride + dx;
}
/* Is sq a cell of the board (inside the rectangle, not a hole)? */
static inline int board_inside(const Geometry *g, int sq) {
  int f = board_file(g, sq), r = board_rank(g, sq);
  return sq >= 0 && sq < g->nsq && f >= 0 && f < g->files && r >= 0 &&
         r < g->ranks && !(g->hole[r] >> f & 1);
}
static inline int board_is_hole(const Geometry *g, int file, int rank) {
  return g->hole[rank] >> file & 1;
}

/* Writes "e4" or "a10" into buf (at least 4 bytes); returns the length. */
int board_square_name(const Geometry *g, int sq, char *buf);
/* Parses a square name at s ("e4", "p16"); returns the square and sets
** *len to the characters used, or SQ_NONE (also for a hole). */
int board_parse_square(const Geometry *g, const char *s, int *len);

#endif
