/*
** notation.h - moves as text: UCI coordinates and SAN, out and in.
*/
#ifndef varia_notation_h
#define varia_notation_h

#include <stddef.h>

#include "position.h"

/* UCI coordinates: e2e4, e7e8q, a10a9; castling as the king's move
** (e1g1), or king takes rook (e1h1) where the variant says so.
** A move of a script's kind that another legal move's UCI would also
** name says its kind: g1f3/zap (finding that out generates the moves). */
int move_to_uci(const Position *p, Move m, char *buf, size_t len);
/* The same, with list[0..n) p's legal moves, which it then need not
** generate: for writers going through a list. */
int move_to_uci_among(const Position *p, Move m, const Move *list, int n, char *buf, size_t len);
/* The same without the kind (no generation): for hooks, which run inside
** one. */
int move_to_uci_plain(const Position *p, Move m, char *buf, size_t len);
/* What move_to_uci adds to m where a wall may come instead of a move and
** m is a move (",e4a1", Fairy-Stockfish's way), written into buf: its
** length, or 0. */
int move_instead_suffix(const Position *p, Move m, char *buf, size_t len);
/* Can code m be named (UCI, SAN) or taken apart on p without reading
** outside the board or the variant's types: a flag of the core's, squares
** of the board where the flag has them, a type where it names one? Says
** nothing of legality; a script move's kind (MF_SCRIPT's promo) is the
** hooks' to check. Every code a script hands in is asked this first. */
int move_well_formed(const Position *p, Move m);
/* SAN: Nf3, exd5, O-O, e8=Q, Qh4#. p is restored before returning. */
int move_to_san(Position *p, Move m, char *buf, size_t len);
/* Reads a move in UCI or SAN. Returns the legal move, or MOVE_NONE with a
** message in err saying why the text is not a legal move here. */
Move parse_move(Position *p, const char *text, char *err, size_t errlen);

/* What stands on the occupied square sq, in words: "White's pawn", or
** "the " and the type's name for a neutral piece. */
void describe_cell(const Position *p, int sq, char *out, size_t len);

/* SAN split into its parts, for explaining a move that is not legal. */
typedef struct {
  int castle;               /* -1, or the castling side: 0 for O-O, 1 for O-O-O */
  int type;                 /* the piece letter's type; -1: none (a pawn move);
                               -2: a letter that is no piece of the variant */
  int from_file, from_rank; /* the disambiguation, -1 where absent */
  int capture;              /* an 'x' was written */
  int to;                   /* the destination */
  int promo;                /* the promotion's type, -1 none, -2 unknown letter */
} SanParts;
/* Splits text if it is shaped like SAN (Nf3, exd5, e8=Q, O-O, Raxb1+,
** whether legal or not); returns 0, or -1 when it is not. */
int san_parse(const Position *p, const char *text, SanParts *out);

/* A perft_divide callback printing "uci: count" lines; ctx is the
** position (before the step). */
void print_divide_line(void *ctx, Move m, uint64_t count);

#endif
