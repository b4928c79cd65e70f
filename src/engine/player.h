/*
** player.h - the computer as a player: the search of search.h on the
** position it may know. In a game with hidden information it never looks
** at the truth: it takes positions from its belief (the positions
** consistent with everything it has seen, belief.h, through the game's
** beliefs hook), or where none is kept samples positions from its view
** alone (the unseen squares filled with the pieces the opponent may still
** have, the opponent's hand dealt again from the unseen cards), searches
** each, and plays the step with the best total.
*/
#ifndef varia_player_h
#define varia_player_h

#include <stddef.h>

#include "game.h"
#include "search.h"

/* Writes the chosen step (UCI) for whoever decides now. In a game with
** tries, a chosen try may prove illegal: exclude lists the tries already
** refused this turn (UCI, NULL-terminated), which are not chosen again.
** Returns 0, or -1 when there is nothing to choose. */
int player_choose(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng,
                  const char *const *exclude, char *out, size_t len);

/* Plays one step for whoever decides now, as the computer; in a game with
** tries, tries again after each refused attempt (each answered try is in
** the history, as for a person). Writes what was played (the last
** attempt) to out. Returns 0, or -1 when nothing could be played (out
** then says why when the game refused the step chosen, a hook's error,
** and is empty otherwise). */
int player_move(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng, char *out,
                size_t len);

#endif
