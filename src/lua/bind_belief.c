/*
** bind_belief.c - the beliefs of a game's players (belief.h) as the
** binding keeps them: made on first use, kept in step with the game, asked
** by the computer (a GameHooks hook) and by g:beliefs().
*/
#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "belief.h"
#include "explain.h"
#include "binding.h"
#include "bind_boxes.h"
#include "charged.h"
#include "hidden.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "rulehooks.h"
#include "search.h"
#include "sandbox.h"
#include "script.h"
#include "splitmix.h"

/* ---- beliefs (belief.h) ------------------------------------------------- */

/* Beliefs are kept where the board is hidden and nothing is dealt (an
** unseen hand would have to be dealt again in every candidate). */
static int beliefs_kept(const Variant *v) {
  return v->visibility == SEE_OWN && !v->ncard_values;
}

/* The messages to player made after the scratch game's one entry, in the
** form belief.c compares ("type: text" a line). */
static void heard_in(const Game *g, int player, char *heard, size_t len) {
  int bit = player == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK;
  size_t n = 0;
  heard[0] = '\0';
  for (int i = 0; i < g->nmsgs; i++)
    if (g->msgs[i].index == g->n && (g->msgs[i].audience & bit) && n < len)
      n += (size_t)snprintf(heard + n, len - n, "%s: %s\n", g->msgs[i].type, g->msgs[i].text);
}

/* The oracle: the variant's own hooks, run on a scratch game set to the
** candidate position, never on the game being played. */
static int oracle_run(GameBox *sb, const Position *before, Move m, const char *text, int player,
                      char *heard, size_t len) {
  Game *g = &sb->g;
  Sandbox *s = sandbox_of(sb->L);
  char err[512];
  int trace = s->trace, bad;
  while (g->n) game_undo(g);
  g->pos = *before;
  if (game_play(g, text ? GAME_ACTION(ACT_TRY) : m)) {
    snprintf(heard, len, "out of memory");
    return -1;
  }
  s->trace = 0; /* the referee's imagined answers are no part of the game */
  g->in_hook = 1;
  if (text) {
    char answer[128] = "Illegal";
    g->texts[0] = strdup(text);
    bad = sb->hooks.attempt(sb, g, text, answer, sizeof answer, err, sizeof err);
  } else {
    bad = sb->hooks.after_step(sb, g, m, err, sizeof err);
  }
  g->in_hook = 0;
  s->trace = trace;
  if (bad) { /* the hook took the entry back */
    snprintf(heard, len, "%s", err);
    return -1;
  }
  heard_in(g, player, heard, len);
  game_undo(g);
  return 0;
}

static int oracle_step(void *ctx, const Position *before, Move m, int player, char *heard,
                       size_t len) {
  return oracle_run(ctx, before, m, NULL, player, heard, len);
}

static int oracle_attempt(void *ctx, const Position *before, const char *text, int player,
                          char *heard, size_t len) {
  return oracle_run(ctx, before, MOVE_NONE, text, player, heard, len);
}

/* The player's belief brought up to date, or NULL with err. The scratch
** game is the game userdata's second user value. */
static Belief *synced_belief(GameBox *box, int player, char *err, size_t errlen) {
  lua_State *L = box->L;
  if (!beliefs_kept(box->g.v)) {
    snprintf(err, errlen, "beliefs are kept for variants with hidden boards "
             "(visibility = \"own\") and no cards");
    return NULL;
  }
  if (!box->belief[player])
    box->belief[player] = belief_new(player, BELIEF_CAP, BELIEF_PARTICLES,
                                     0x5EED0000ull + (uint64_t)player);
  if (!box->belief[player]) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  int top = lua_gettop(L);
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_rawgetp(L, -1, box);
  if (lua_getiuservalue(L, -1, 4) != LUA_TUSERDATA) { /* the scratch game */
    lua_pop(L, 1);
    lua_getiuservalue(L, -1, 1);
    if (!binding_new_game(L, -1, NULL)) {
      snprintf(err, errlen, "%s", lua_tostring(L, -1));
      lua_settop(L, top);
      return NULL;
    }
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, -4, 4);
  }
  BeliefOracle o = {lua_touserdata(L, -1), oracle_step, oracle_attempt};
  int bad = belief_sync(box->belief[player], &box->g, &o, err, errlen);
  lua_settop(L, top);
  return bad ? NULL : box->belief[player];
}

int bind_hook_beliefs(void *ctx, Game *g, int player, Position *out, int n, uint64_t *rng) {
  GameBox *box = ctx;
  char err[512];
  (void)g;
  if (box->no_beliefs || !beliefs_kept(box->g.v)) return 0;
  Belief *b = synced_belief(box, player, err, sizeof err);
  int k = b ? belief_size(b) : 0;
  if (k <= n) {
    for (int i = 0; i < k; i++) out[i] = *belief_position(b, i);
    return k;
  }
  /* n distinct positions at random (a partial shuffle of the indices) */
  int *idx = malloc(sizeof *idx * (size_t)k);
  if (!idx) return 0;
  for (int i = 0; i < k; i++) idx[i] = i;
  for (int i = 0; i < n; i++) {
    int j = i + (int)(splitmix_next(rng) % (uint64_t)(k - i)), t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
    out[i] = *belief_position(b, idx[i]);
  }
  free(idx);
  return n;
}

/* g:beliefs(player [, n]) -> count, exact, { up to n FENs }, stats: the
** positions the player may be in, from what the player has seen. */
int bind_g_beliefs(lua_State *L) {
  GameBox *box = (GameBox *)togame(L);
  int player = bind_player_arg(L, 2);
  lua_Integer want = luaL_optinteger(L, 3, 0);
  char err[512], fen[4096];
  luaL_argcheck(L, want >= 0, 3, "must not be negative");
  if (box->g.in_hook) return luaL_error(L, "beliefs: not from inside a hook");
  Belief *b = synced_belief(box, player, err, sizeof err);
  if (!b) return luaL_error(L, "beliefs: %s", err);
  int k = belief_size(b);
  double count = belief_count(b);
  if (belief_exact(b)) lua_pushinteger(L, (lua_Integer)count);
  else lua_pushnumber(L, count);
  lua_pushboolean(L, belief_exact(b));
  lua_createtable(L, (int)(want < k ? want : k), 0);
  for (int i = 0; i < k && i < want; i++) {
    pos_fen(belief_position(b, i), fen, sizeof fen);
    lua_pushstring(L, fen);
    lua_rawseti(L, -2, i + 1);
  }
  BeliefStats st = belief_stats(b);
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, k);
  lua_setfield(L, -2, "held");
  lua_pushinteger(L, st.oracle_calls);
  lua_setfield(L, -2, "oracle_calls");
  lua_pushinteger(L, st.regenerations);
  lua_setfield(L, -2, "regenerations");
  lua_pushboolean(L, st.approximate);
  lua_setfield(L, -2, "approximate");
  return 4;
}

int binding_belief_line(Game *g, int player, char *buf, size_t len) {
  GameBox *box = (GameBox *)g;
  char err[512];
  if (!beliefs_kept(g->v) || game_result(g).over) return -1;
  Belief *b = synced_belief(box, player, err, sizeof err);
  if (!b) return snprintf(buf, len, "positions still possible: unknown (%s)", err);
  if (belief_exact(b))
    return snprintf(buf, len, "positions still possible for %s: %.0f (exact)",
                    colour_title(player), belief_count(b));
  return snprintf(buf, len, "positions still possible for %s: about %.3g (more than %d; sampled)",
                  colour_title(player), belief_count(b), BELIEF_CAP);
}
