/*
** chase.h - the chasing rule (Variant.chasing): which pieces a move
** chases, for the repetitions game.c scores.
**
** A move chases a piece of the side to move when it creates an attack on
** it that threatens to win it: an attack by a piece of a type that chases
** that piece's type even protected (Variant.chasing.stronger), or on a
** piece no other piece protects (its "roots"). This is Fairy-Stockfish's
** reading of the Asian Xiangqi Federation's rules (its position.cpp,
** Position::chased), written for any pieces:
**  - never chased: royal pieces, and a piece of an `unchased` type where it
**    has not its extra moves (a soldier on its own side of the river);
**  - never chasing: royal pieces and the `not_by` types (soldiers);
**  - the attacks counted: the moved piece's (from its new square; a piece
**    that slides or hops along the line it moved on does not count that
**    line), and those the move uncovers (a line opened, a leg or eye
**    cleared, a screen put down: each piece's attacks now that it lacked
**    with the board as before, its confining region left out, as
**    Fairy-Stockfish's attacks_bb);
**  - an attack on a piece of the attacker's own type is no chase when that
**    piece can take back, unless it is pinned; for a type whose moves are
**    blocked on other squares one way than the other (the horse), when a
**    square that could block the way back is occupied, taking back decides
**    alone;
**  - a piece is protected by the pieces of its side that attack its square
**    with the attacker lifted, pinned ones left out; the king alone does
**    not protect a square that the enemy king faces (the flying general);
**  - a move that pins a piece of the side to move chases what that piece
**    protected, where an enemy piece that is not pinned attacks it; a
**    move that uncovers a check to come (an enemy piece newly between a
**    line and the king) chases what that piece attacks, but where the king
**    could take it back safely.
** Pinned: a piece (of either side) whose removal would let an enemy piece
** attack the king; under the flying general also the one piece of the
** side to move on the file of the enemy king, when its own king stands on
** that file.
*/
#ifndef varia_chase_h
#define varia_chase_h

#include <stdint.h>

#include "position.h"

#define CHASE_WORDS ((MAX_SQUARES + 63) / 64)
/* A set of squares. */
typedef struct ChaseSet {
  uint64_t w[CHASE_WORDS];
} ChaseSet;

/* The squares of the pieces of the side to move in after that move m,
** made in before (the position one ply earlier) by the other side,
** chases, into out. */
void chase_set(const Position *after, const Position *before, Move m, ChaseSet *out);
/* Fairy-Stockfish's undo_move_board: the set with the square m's piece
** moved to put back to where it came from (a drop: unchanged). */
void chase_undo_move(ChaseSet *s, Move m);
/* a &= b; and whether a set is empty. */
void chase_and(ChaseSet *a, const ChaseSet *b);
int chase_empty(const ChaseSet *a);

#endif
