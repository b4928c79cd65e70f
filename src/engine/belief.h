/*
** belief.h - what a player of a hidden-information game may believe: the
** set of true positions consistent with everything that player has seen
** (the game's start, the player's own steps and tries, the player's view
** after each step, and every announcement the player received).
**
** Consistency comes from the variant's own referee: for each candidate the
** oracle (the variant's hooks, run on a scratch game) says what the player
** would have been told, and a candidate survives when that is what the
** player was told. The opponent's unseen steps are enumerated over each
** candidate's legal steps. The set is kept exactly while it holds at most
** `cap` positions; beyond that, `particles` positions drawn from it are
** carried forward instead (each still consistent with every observation),
** and when none survives they are drawn again from the last exact set
** through the backlog of observations made since.
*/
#ifndef varia_belief_h
#define varia_belief_h

#include <stddef.h>

#include "game.h"

/* The referee, asked about a position that may not be the true one. Each
** writes into heard what the player would be told (the announcements to
** that player, one "type: text" a line, in order), and returns 0, or -1
** when the referee failed (the message in heard). */
typedef struct BeliefOracle {
  void *ctx;
  /* after the legal step m from `before` */
  int (*step)(void *ctx, const Position *before, Move m, int player, char *heard, size_t len);
  /* after the try `text` (not a legal step) from `before` */
  int (*attempt)(void *ctx, const Position *before, const char *text, int player, char *heard,
                 size_t len);
} BeliefOracle;

#define BELIEF_CAP 4096     /* exact while the set holds at most this many */
#define BELIEF_PARTICLES 64 /* positions carried beyond that */
/* The most referee calls taking in one observation may make (about 2 s
** of a referee written in Lua): past them the exact set turns to sampling,
** and positions not yet shown consistent are dropped. */
#define BELIEF_OBSERVATION_CALLS 300000L

typedef struct Belief Belief;

typedef struct BeliefStats {
  long oracle_calls; /* referee calls made, over the belief's life */
  long regenerations; /* times the particles were drawn again from the backlog */
  int approximate;    /* once no consistent position could be found within
                         budget, the particles were carried through that
                         observation on the player's view alone */
} BeliefStats;

/* A belief of player (WHITE or BLACK), empty until synchronised. */
Belief *belief_new(int player, int cap, int particles, uint64_t seed);
void belief_free(Belief *b);

/* Brings b up to date with g's history (incrementally, or from the start
** after an undo changed what b had seen). The truth is read only through
** the player's own view of it. Once the game is over, the step that ended
** it is not taken into account. Returns 0, or -1 with err. */
int belief_sync(Belief *b, Game *g, const BeliefOracle *o, char *err, size_t errlen);

/* The positions held (all of them when exact, else the particles). */
int belief_size(const Belief *b);
const Position *belief_position(const Belief *b, int i);
/* 1 when the positions held are exactly the consistent ones. */
int belief_exact(const Belief *b);
/* How many positions are consistent: exact, or an estimate when sampling
** (the last exact count times the branching the particles saw since). */
double belief_count(const Belief *b);
BeliefStats belief_stats(const Belief *b);

#endif
