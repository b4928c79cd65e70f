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
  /* How cells are named, apart from where they lie in the array: file f is
  ** the letter file_letter[f], and the cell of array rank y on it is called
  ** rank y + 1 - rank_shift[f]. A plain board: a, b, c... and no shift. A
  ** hexagonal board (hex) lies in axial coordinates, its files sheared so
  ** that every direction is one fixed offset, and is named by the
  ** published ranks, which bend at the middle file. */
  char file_letter[MAX_FILES];
  int8_t rank_shift[MAX_FILES];
  int hex; /* hexagonal cells: Black's mirror image of a step (dx, dy) is
              (dx, dx - dy), not (dx, -dy) (board_mirror_dy) */
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

/* The dy of Black's mirror image of White's step (dx, dy). */
static inline int board_mirror_dy(const Geometry *g, int dx, int dy) {
  return g->hex ? dx - dy : -dy;
}
/* The array square of the cell named by file f and (0-based) named rank
** r, or SQ_NONE where file f has no such cell (off the array or a hole). */
static inline int board_named_square(const Geometry *g, int f, int r) {
  if (f < 0 || f >= g->files) return SQ_NONE;
  int y = r + g->rank_shift[f];
  if (y < 0 || y >= g->ranks || (g->hole[y] >> f & 1)) return SQ_NONE;
  return board_square(g, f, y);
}
/* The (0-based) named rank of sq; of a square off the board's files (the
** sentinel frame), its array rank. */
static inline int board_named_rank(const Geometry *g, int sq) {
  int f = board_file(g, sq);
  return board_rank(g, sq) - (f >= 0 && f < g->files ? g->rank_shift[f] : 0);
}

/* Writes "e4" or "a10" into buf (at least 4 bytes); returns the length. */
int board_square_name(const Geometry *g, int sq, char *buf);
/* Parses a square name at s ("e4", "p16"); returns the square and sets
** *len to the characters used, or SQ_NONE (also for a hole). */
int board_parse_square(const Geometry *g, const char *s, int *len);

#endif
