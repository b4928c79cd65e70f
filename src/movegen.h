/*
** movegen.h - move generation from the compiled step tables, attack tests
** and legality.
*/
#ifndef varia_movegen_h
#define varia_movegen_h

#include "position.h"

#define MAX_MOVES 4096

/* Is sq attacked by a piece of colour by? (The content of sq is ignored.) */
int attacked(const Position *p, int sq, int by);
/* Does the piece on from attack sq (could it capture there)? */
int piece_attacks(const Position *p, int from, int sq);
/* Is a royal piece of colour c attacked? */
int royal_attacked(const Position *p, int c);
/* The opponent's pieces that attack c's royal pieces: the first max of
** them in from[] (and the royal square each attacks in royal[]); returns
** how many there are in all. */
int royal_checkers(const Position *p, int c, int *from, int *royal, int max);
/* Plays m: pos_make, then what only attack tests can tell (a check given,
** where checks are counted). Every move of a game, a search or perft goes
** through here; move_unmake takes it back. */
void rules_after_make(Position *p, Move m, Undo *u);
static inline void move_make(Position *p, Move m, Undo *u) {
  pos_make(p, m, u);
  if (p->v->rules) rules_after_make(p, m, u); /* a script's effects and turns */
  /* A check is counted when the turn is complete. */
  if (p->v->check_limit && p->phase == 0 && royal_attacked(p, p->side))
    pos_count_check(p, p->side ^ 1);
}
static inline void move_unmake(Position *p, Move m, const Undo *u) { pos_unmake(p, m, u); }
/* Why the side to move may not castle on side (0: towards the higher
** files, 1: the lower) now: CASTLE_OK, or the first condition that fails,
** with the square concerned in *where (the rook's, the occupied or the
** attacked square; SQ_NONE for a missing king). One function serves move
** generation and the explanations of `why`. */
enum { CASTLE_OK, CASTLE_NO_KING, CASTLE_NO_RIGHT, CASTLE_NO_ROOK, CASTLE_OCCUPIED,
       CASTLE_IN_CHECK, CASTLE_ATTACKED };
int castling_refusal(const Position *p, int side, int *where);
/* The types of the pieces that attack colour c's royal pieces, one bit each. */
uint32_t checking_types(const Position *p, int c);
/* The moves a piece of type t of the side to move would have from square
** from, as if it stood there (a script's rules: a piece that moves as
** another). */
int gen_piece(const Position *p, int from, int t, Move *list);
/* The pieces of colour by that attack sq, by the core's rules of attack:
** the first max of their squares in from[]; returns how many there are. */
int attackers_of(const Position *p, int sq, int by, int *from, int max);
/* Every move the pieces can make, ignoring the check rule. */
int gen_pseudo(const Position *p, Move *list);
/* Every legal move; none when the game has ended by a rule. */
int gen_legal(Position *p, Move *list);
/* Has the game ended by a rule other than running out of moves? Returns
** 0 or an END_* reason, with *result from the side to
** move's point of view. */
enum { END_ROYAL_CAPTURED = 1, END_EXTINCTION, END_GOAL, END_CHECKS, END_PASSES, END_FACING };
int pos_terminal(const Position *p, int *result);
/* Where a move takes the moving piece (the king's square for castling). */
int move_destination(const Position *p, Move m);
/* A rule's result for side (RESULT_WIN, RESULT_LOSS or RESULT_DRAW), with
** RESULT_POINTS and RESULT_FEWER decided by the position. */
int result_for(const Position *p, int side, int result);
/* The result for the side to move, checkmated: rules.checkmate, unless
** the mate came from a drop that drops.mate_loses names (a win), or
** checkmate_by (every checker of those types) or checkmate_series (no
** check of its series by those types) says otherwise. */
int checkmate_result(const Position *p);
/* Does m capture an enemy piece (en passant included)? */
int move_captures(const Position *p, Move m);
/* Is m a legal move here? */
int move_is_legal(Position *p, Move m);

#endif
