/*
** pgn.h - games saved and opened as PGN: the [Variant] tag names the
** variant (with its options), [FEN] and [SetUp] the start (hidden state
** included), [VariaScript] a hash of the script's text, [VariaSeed] the
** seed. Steps of one turn are joined by commas (Fairy-Stockfish's SAN for
** a move and a relocation: e4,e5); tries, offers and the referee's announcements are
** comments ({try e2e5}, {offer}, {referee: ...}), which other PGN readers
** skip, and which varia replays; so is {rng 5e1f...}, the state of the
** generator of chance from there on, where a take-back has moved it on
** (game_take_back).
*/
#ifndef varia_pgn_h
#define varia_pgn_h

#include <stdint.h>
#include <stdio.h>

#include <lua.h>

#include "game.h"

/* Writes the game to path. spec is the variant's name or file (with its
** options). Returns 0, or -1 with err. */
int pgn_save(lua_State *L, Game *g, const char *spec, uint64_t seed, const char *path,
             char *err, size_t errlen);

/* Writes the game as PGN to f. [-0, +0, m] */
void pgn_write(lua_State *L, Game *g, const char *spec, uint64_t seed, FILE *f);

/* Tags a caller knows better than the game (a match: the players, the
** round, a result the rules did not reach, such as a loss on time);
** NULL fields keep pgn_write's defaults. */
typedef struct PgnHeader {
  const char *event, *round, *white, *black;
  const char *result, *termination;
} PgnHeader;
void pgn_write_header(lua_State *L, Game *g, const char *spec, uint64_t seed, const PgnHeader *h,
                      FILE *f);

/* The variant a PGN game names ([Variant] of game number index, from
** 1; chess without it), read without loading it: a script named by its
** path runs only when the user agrees. Returns 0, or -1 when the file
** cannot be read or holds fewer games. [-0, +0, m] */
int pgn_variant(lua_State *L, const char *path, int index, char *spec, size_t len);

/* The varia variant (spec, with its options) that a [Variant] value
** names: varia's own names and specs, the names other programs write
** ("King of the Hill", "Three-check") that scripts declare (names.pgn,
** names.xboard), and "X960" for the shuffled form X declares
** (names.shuffled); compared without case, spaces, hyphens, underscores
** or dots. Returns
** 0, or -1 with a message pushed for a name varia does not have.
** [-0, +(0|1), m] */
int pgn_variant_spec(lua_State *L, const char *tag, char *spec, size_t len);

/* What a game list shows of each game: its tags, and the line where it
** starts. */
typedef struct PgnGameInfo {
  int line;
  char white[64], black[64], variant[64], result[64], date[64];
} PgnGameInfo;

/* Counts the games of a PGN file, filling info for the first max.
** Returns the count, or -1 with the message pushed. [-0, +(0|1), m] */
int pgn_games(lua_State *L, const char *path, PgnGameInfo *info, int max);

/* Reads game number index (from 1) of a PGN file and replays it: pushes
** the new game's userdata and returns it, or returns NULL with the
** message pushed. warn receives a note when the script has changed since
** the game was saved (or ""). With partial, a move that no longer applies
** ends the replay there and is reported in warn, and the game so far is
** returned. */
Game *pgn_open(lua_State *L, const char *path, int index, int partial, char *warn, size_t warnlen);

#endif
