/*
** match.h - games between two engines, refereed by varia: each engine is
** varia's own player (in this process) or an external program speaking
** UCI or CECP (xboard) over pipes. Every move is checked by the variant's
** rules; an illegal move, a crash, a silence past the time allowed or a
** move after the clock ran out loses the game, with the reason recorded.
** Games run in worker processes (one per game, --concurrency at a time),
** so that a wedged or crashing engine, or a crash of the search itself,
** costs one game and never the match.
*/
#ifndef varia_match_h
#define varia_match_h

#include <stdint.h>
#include <stdio.h>

#include "sandbox.h"

enum { MATCH_INPROC, MATCH_UCI, MATCH_CECP };

#define MATCH_MAX_OPTIONS 16

typedef struct MatchEngine {
  int kind;             /* MATCH_* */
  const char *command;  /* the shell command line (external engines) */
  char name[64];        /* for the PGN and the score line */
  int noptions;         /* NAME=VALUE: UCI setoption, CECP option, or for
                        ** varia itself Hash=MB and Depth=N */
  const char *option[MATCH_MAX_OPTIONS];
} MatchEngine;

typedef struct MatchConfig {
  const char *variant;        /* varia's spec, options included */
  const char *engine_variant; /* the name external engines get (NULL: the
                              ** variant's own, "normal" for CECP's chess) */
  MatchEngine engine[2];
  int games;                  /* total; rounded up to whole pairs */
  double move_seconds;        /* fixed time per move (0: the clock below) */
  int depth;                  /* a depth limit for external engines (UCI go
                              ** depth, CECP sd; 0: none); move_seconds is then
                              ** only the time allowed */
  uint64_t nodes;             /* a node count per move (UCI go nodes, varia's
                              ** own search; CECP has none: refused); the
                              ** time (move_seconds) is then only the time
                              ** allowed */
  int post;                   /* ask CECP engines for their thinking (post),
                              ** whose score the lab reads */
  double tc_seconds, tc_inc;  /* the clock: base and increment, seconds */
  int tc_moves;               /* moves per period (0: the whole game) */
  double margin;              /* seconds past the allowance before a loss on time */
  const char *openings;       /* file: a FEN or moves from the start a line */
  int random_plies;           /* without openings: random plies from the start */
  int max_plies;              /* past it, a draw by adjudication (0: 1000) */
  int concurrency;
  uint64_t seed;
  const char *pgn;            /* NULL: no file */
  int progress;               /* draw a progress line on stderr */
} MatchConfig;

/* The score from engine[0]'s point of view. */
typedef struct MatchScore {
  int wins, losses, draws;
  int errors; /* games that could not be played (a worker that died) */
} MatchScore;

/* One finished game: its result (1-0 ...), the reason, and its PGN. */
typedef struct MatchGame {
  int round;              /* from 1 */
  int white;              /* 0 or 1: which engine had White */
  char result[8];         /* "1-0", "0-1", "1/2-1/2", or "*" (not played) */
  char reason[256];
  char *pgn;              /* malloc'd */
} MatchGame;

/* Called after each game (may be NULL in the config's user). */
typedef void (*MatchOnGame)(void *ctx, const MatchGame *g, const MatchScore *score);

/* Parses an engine argument: "varia" (in process), "uci:COMMAND" or
** "cecp:COMMAND" (also "xboard:COMMAND"). Returns 0, or -1 with err. */
int match_parse_engine(const char *arg, MatchEngine *e, char *err, size_t errlen);

/* Parses a time control "[MOVES/]SECONDS[+INC]". Returns 0 or -1. */
int match_parse_tc(const char *s, int *moves, double *seconds, double *inc);

/* Plays the match. Returns 0 when it ran to its end (or was interrupted,
** *interrupted set), -1 with err when it could not start or an engine
** would not start. */
int match_run(Sandbox *s, const MatchConfig *c, MatchScore *score, MatchOnGame on_game, void *ctx,
              char *err, size_t errlen);

/* The Elo difference the score implies and the half-width of its 95%
** confidence interval (from the per-game variance of the score). Returns
** 0, or -1 when it is not finite (no games, or every point to one side). */
int match_elo(const MatchScore *s, double *elo, double *margin);

/* "Score of A vs B: W - L - D [0.500] N, Elo +12.3 +/- 45.6" */
void match_score_line(const MatchConfig *c, const MatchScore *s, char *out, size_t len);

int cli_match(Sandbox *s, int argc, char **argv);

/* Pushes the lab's constructor of engine seats (lua/lab.lua):
** engine(spec, variant, {depth =, movetime = ms, options = {...}}) gives a
** seat that starts the engine afresh for each game (seat:newgame(g)) and
** answers seat:move(g, history) with the move it played on g and its score
** (centipawns for the side to move, nil when the engine gave none), or
** nil and why the engine failed. For trusted code only: it starts
** processes. */
void match_push_lab_engine(lua_State *L);

#endif
