/*
** game.h - a game: a position plus the moves that led to it, with undo,
** repetition and the result by the variant's rules.
*/
#ifndef varia_game_h
#define varia_game_h

#include "position.h"

typedef struct Game Game;

/* A referee's announcement: to whom (AUDIENCE_* bits), a type for programs
** and a text for people, and fields that say what the text says for
** programs (NULL, or "key=value" pairs joined by "; ", keys in order, as
** game_announce_fields keeps them). index is the length of the history
** when it was made, so that undo takes it back with the step that caused
** it. */
enum { AUDIENCE_WHITE = 1, AUDIENCE_BLACK = 2, AUDIENCE_ALL = 3 };
/* An audience's name as scripts and protocols write it: "all", or the
** colour's name. */
static inline const char *audience_name(int a) {
  return a == AUDIENCE_ALL ? "all" : colour_name(a == AUDIENCE_WHITE ? WHITE : BLACK);
}
typedef struct Message {
  int index;
  int audience;
  char *type, *text, *fields;
} Message;

typedef struct GameResult {
  int over;
  int winner;         /* WHITE, BLACK, or -1 for a draw */
  const char *reason; /* "checkmate", "stalemate", ... */
  /* The end is one that the player to move could claim and may decline by
  ** playing on (repetition, the n-move rule), as FIDE's threefold and
  ** fifty-move draws: varia takes the claim when it is asked for a
  ** result, but a move played after it is still accepted, so that a
  ** record of a game that went on is replayed as it was played. */
  int claimable;
} GameResult;

/* What a variant adds to play, installed by the binding (Lua hooks). */
typedef struct GameHooks {
  void *ctx;
  /* After a legal step: may announce. Returns 0, or -1 with err (the
  ** step is then taken back). */
  int (*after_step)(void *ctx, Game *g, Move m, char *err, size_t errlen);
  /* An attempt that is not legal, in a variant with tries: writes the
  ** referee's answer. Returns 0, or -1 with err. */
  int (*attempt)(void *ctx, Game *g, const char *text, char *answer, size_t alen,
                 char *err, size_t errlen);
  /* When the rules of the core see no end: may end the game (fills *r). */
  void (*result)(void *ctx, Game *g, GameResult *r);
  /* Positions player may be in, from what that player has seen (belief.h):
  ** writes up to n of them, drawn with rng, into out and returns how many
  ** (0 when none are known). NULL: no beliefs are kept. */
  int (*beliefs)(void *ctx, Game *g, int player, struct Position *out, int n, uint64_t *rng);
} GameHooks;

struct Game {
  const Variant *v;
  Position pos;
  char start_fen[512];
  int n, cap;
  Move *moves;
  Undo *undos;
  uint64_t *keys; /* key before each move, for repetition */
  uint8_t *checked; /* the side to move was in check before each move (kept
                       where perpetual check has a result, else 0s: the
                       search's repetitions) */
  char **texts;   /* an attempt's text, for ACT_TRY entries */
  Message *msgs;
  int nmsgs, msgcap;
  const GameHooks *hooks;
  char rule_reason[64]; /* the reason a rule hook gave for the end */
  int in_hook;    /* hooks of this game running (they nest): no play, undo
                     or reset of the game until they return */
};

/* Actions of the game rather than the board, kept in the history beside
** moves: an offer to end the game by agreement, and its answer; a
** resignation (the player who resigns in the move's from field). */
#define MF_GAME 0xF
enum { ACT_OFFER = 1, ACT_ACCEPT, ACT_DECLINE, ACT_TRY, ACT_RESIGN };
#define GAME_ACTION(a) MAKE_MOVE(0, 0, MF_GAME, (a))
#define IS_GAME_ACTION(m) (MOVE_FLAG(m) == MF_GAME)

/* Who decides now, and what kind of decision it is (DECIDE_NONE once the
** game is over, a claimable end included: the computer does not play on
** past it, though game_play_text accepts a move there). */
enum { DECIDE_MOVE, DECIDE_RELOCATE, DECIDE_ANSWER_OFFER, DECIDE_NONE,
       DECIDE_TARGET, DECIDE_CHOOSE, DECIDE_CHANCE };
typedef struct Decision {
  int player; /* WHITE or BLACK */
  int kind;   /* DECIDE_* */
  int can_offer; /* an offer to end the game may be made instead */
} Decision;


/* Starts a game from fen (NULL: the variant's start). Returns 0 or -1 with
** err filled; g is valid (empty) either way. */
int game_init(Game *g, const Variant *v, const char *fen, char *err, size_t errlen);
void game_free(Game *g);
/* Seeds the game's generator, and deals the variant's cards when the game
** is at its start with no cards dealt. Same seed, same game. */
void game_seed(Game *g, uint64_t seed);
int game_play(Game *g, Move m); /* m must be legal; -1 on no memory */
int game_undo(Game *g);         /* -1 when there is nothing to undo */
/* Takes the game back to its first n history entries and nmsgs messages
** (a caller's all-or-nothing over several calls). */
void game_rollback(Game *g, int n, int nmsgs);
/* A player's take-back: the last decision, with the chance steps (draws)
** that followed it, so that the game never waits on a chance step. The
** generator is not rewound: what is drawn next is not what was drawn
** before (same seed and same actions, take-backs included, same game).
** -1 when there is nothing to take back. */
int game_take_back(Game *g);
GameResult game_result(Game *g);
Decision game_decision(Game *g);
/* Plays text typed by a person: steps separated by commas (e2e4,e4f6), in
** UCI or SAN, or an agreement action (offer, accept, decline). Each step
** played is counted in *played, so that a caller can undo them all.
** Returns 0, 1 when the text was an attempt that the referee answered and
** retracted (variants with tries; the answer is in err), or -1 with err
** saying why the text was refused: then nothing of the text stands (the
** steps it played and what was announced are taken back, *played is as
** it was), whether a step was illegal or a hook failed.
** A game over by a claimable end (GameResult.claimable) goes on with the
** move: the claim was not made. */
int game_play_text(Game *g, const char *text, int *played, char *err, size_t errlen);
extern const char *const game_action_names[]; /* "", "offer", "accept", "decline", "try", "resign" */
/* Records an announcement. Returns -1 when out of memory. */
int game_announce(Game *g, int audience, const char *type, const char *text);
/* The same with fields (NULL for none): "key=value" pairs joined by "; ",
** which the caller has put in the order of their keys. */
int game_announce_fields(Game *g, int audience, const char *type, const char *text,
                         const char *fields);
/* The history entry's text (an attempt), or NULL. */
const char *game_entry_text(const Game *g, int i);
/* The position before history entry i (0 to g->n; g->n: the game's own),
** written to out: taken back from the game's position entry by entry, as
** each was recorded. Every replay of the history goes through here, never
** through making the moves again: hooks that keep state of their own, or
** answer otherwise when asked a second time, would make the replay differ
** from the game played, and a recorded move no longer fit its position.
** Costs g->n - i take-backs. */
void game_position_before(const Game *g, int i, Position *out);
/* The same for a replay of the whole history in order, at most `every`
** take-backs a position: marks (the caller's room for nmarks positions)
** keeps one position in `every`, taken back once by game_replay_start. */
typedef struct GameReplay {
  const Game *g;
  Position *marks;
  int every, last; /* marks[k] is the position before entry k * every, k <= last */
} GameReplay;
void game_replay_start(GameReplay *r, const Game *g, Position *marks, int nmarks);
void game_replay_before(const GameReplay *r, int i, Position *out);
/* Plays an agreement action; -1 when it is not allowed now. */
int game_act(Game *g, int action);

#endif
