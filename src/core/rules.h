/*
** rules.h - the rules above move generation: legal moves, the ends of
** games by a rule, and moves made with what only the rules can tell. A
** variant script's own rules (Variant.rules) take part here.
*/
#ifndef varia_rules_h
#define varia_rules_h

#include "movegen.h"

/* Checks a variant read from a script (variant_conclude()) and reads from
** its start position what the rules need (the ranks where each type
** starts, castling's squares, the royal pieces). Returns 0, or -1 with
** every problem in err, one per line. */
int rules_conclude(Variant *v, char *err, size_t errlen);
/* pos_set_fen(), and what the rules know of the position from the start
** (the series of checks of Variant.mate_series_types). */
int rules_set_fen(Position *p, const Variant *v, const char *fen, char *err, size_t errlen);

/* Every legal move; none when the game has ended by a rule. */
int gen_legal(Position *p, Move *list);
/* Is m a legal move here? */
int move_is_legal(Position *p, Move m);

/* Plays m: the board's part (pos_make_board), then what only attack
** tests can tell (a card earned by a check, a check counted, a series of
** checks) and a script's effects and turns. Every move of a game, a
** search or perft goes through here; move_unmake takes it back. The
** legality tests make moves with pos_make(), the board alone. */
void move_make(Position *p, Move m, Undo *u);
static inline void move_unmake(Position *p, Move m, const Undo *u) { pos_unmake(p, m, u); }
/* The counting rule (Variant.counting_rule): the limit in moves of a count
** by side here (0: side may not count), as Fairy-Stockfish's
** count_limit; and whether the running count has passed its limit (the
** game is drawn, an end the player could claim). */
int counting_limit(const Position *p, int side);
int counting_over(const Position *p);
/* A script's effects and turn end after move m (move_make's). */
void rules_after_make(Position *p, Move m, Undo *u);

/* Has the game ended by a rule other than running out of moves? Returns
** 0 or an END_* reason, with *result from the side to
** move's point of view. */
enum { END_ROYAL_CAPTURED = 1, END_EXTINCTION, END_GOAL, END_CHECKS, END_PASSES, END_FACING,
       END_CONNECT, END_FULL_BOARD, END_CASTLING };
int pos_terminal(const Position *p, int *result);
/* A rule's result for side (RESULT_WIN, RESULT_LOSS or RESULT_DRAW), with
** RESULT_POINTS and RESULT_FEWER decided by the position. */
int result_for(const Position *p, int side, int result);
/* The result for the side to move, checkmated: rules.checkmate, unless
** the mate came from a drop that drops.mate_loses names (a win), or
** checkmate_by (every checker of those types) or checkmate_series (no
** check of its series by those types) says otherwise. */
int checkmate_result(const Position *p);

#endif
