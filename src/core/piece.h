/*
** piece.h - piece movement from Betza / XBetza descriptions.
**
** A description such as "fmWfceFifmnD" (the orthodox pawn) or "mRcpR" (the
** Xiangqi cannon) is compiled once into a list of MoveRules: one per
** direction, seen from White's side (Black mirrors the ranks). A single
** generation loop in movegen.c walks these rules for every piece type.
*/
#ifndef varia_piece_h
#define varia_piece_h

#include <stddef.h>
#include <stdint.h>

/* What a step may do on arrival. */
enum { MODE_MOVE = 1, MODE_CAPTURE = 2, MODE_EP = 4 };

/* How the path to the arrival square is walked. */
enum {
  PATH_SLIDE = 0, /* leaper (range 1) or rider: stops at the first piece */
  PATH_LAME,      /* leaper whose intermediate squares must be empty (n) */
  PATH_HOP,       /* rider that must jump exactly one screen (p) */
  PATH_GRASS      /* lands just beyond the first piece on the line (g) */
};

#define RANGE_INF 0xFF

typedef struct MoveRule {
  int8_t dx, dy;     /* one step, from White's side */
  uint8_t range;     /* 1: leaper; n: up to n steps; RANGE_INF: unlimited */
  uint8_t modes;     /* MODE_* */
  uint8_t path;      /* PATH_* */
  uint8_t initial;   /* only from the piece's initial rank (i) */
  int8_t nlame;      /* PATH_LAME: number of intermediate squares */
  int8_t lame[2][2]; /* PATH_LAME: their (dx, dy) from the origin */
  uint8_t extra;     /* only from some squares (a piece's extra moves) */
} MoveRule;

#define MAX_RULES 64

typedef struct PieceMoves {
  int n;
  MoveRule rule[MAX_RULES];
} PieceMoves;

/* Compiles a Betza description. Returns 0, or -1 with a message naming
** the position of the problem in err (errlen bytes). */
int piece_compile(const char *betza, PieceMoves *out, char *err, size_t errlen);
/* The same, on hexagonal cells where hex is set (the atoms and direction
** letters of docs/api.md's table for topology = "hex"). */
int piece_compile_on(const char *betza, int hex, PieceMoves *out, char *err,
                     size_t errlen);

#endif
