/*
** bind_boxes.h - what the binding's files share (binding.c: games, their
** methods and the module; bind_variant.c: variants and their options;
** bind_belief.c: the beliefs): the userdata behind Variant and Game, their
** metatables and registry keys, and the argument checks. Private to
** src/lua; its readers include binding.h first (VARIANT_MT, GAME_MT), as
** it cannot itself (binding.c and it would include each other).
*/
#ifndef varia_bind_boxes_h
#define varia_bind_boxes_h

#include <string.h>

#include <lauxlib.h>

#include "belief.h"
#include "game.h"
#include "rulehooks.h"
#include "script.h"

#define rawfield script_rawfield

/* The hooks a variant table has, read once when the variant is built. */
enum { HAS_ON_MOVE = 1, HAS_ON_ATTEMPT = 2, HAS_ON_RESULT = 4 };

typedef struct VariantBox {
  Variant v;
  int ready;
  unsigned hooks; /* HAS_* */
} VariantBox;

#define tovariant(L, i) ((VariantBox *)luaL_checkudata(L, i, VARIANT_MT))
/* A game and what its hooks need to call the variant's Lua functions. */
typedef struct GameBox {
  Game g; /* first: a GameBox is used as a Game */
  GameHooks hooks;
  lua_State *L; /* the thread of the last method called: hooks run there
                   (kept alive as the game's second user value) */
  int closed;   /* freed by __gc or __close: methods refuse it */
  Belief *belief[2]; /* each player's, made on first use (belief.h) */
  int no_beliefs;    /* the computer samples from the view alone */
} GameBox;

/* What a hook is given in place of its game: the same methods, but none
** that play, undo or change the game, and only while the game's hooks
** run (a view kept for later, by a closure or a finalizer, is dead until
** then). Sandboxed code never holds a game that trusted code plays. Each
** game has one view (its third user value, made at its first hook call),
** so that a script may key tables by it; the view keeps the game's
** userdata alive (its user value), so box is never left dangling. */
typedef struct GameView {
  GameBox *box;
} GameView;

#define VIEW_MT "varia.GameView"
#define GAMES_KEY "varia.games" /* weak: GameBox address -> its userdata */

/* A string argument that C reads up to its first NUL must have no other. */
static inline const char *checkcstring(lua_State *L, int idx) {
  size_t len;
  const char *s = luaL_checklstring(L, idx, &len);
  if (memchr(s, '\0', len)) luaL_argerror(L, idx, "contains a NUL character");
  return s;
}

static inline int checkoption(lua_State *L, int idx, const char *def, const char *const names[]) {
  if (lua_type(L, idx) == LUA_TSTRING) checkcstring(L, idx);
  return luaL_checkoption(L, idx, def, names);
}

/* The game a method is called on: a game, or a hook's view of one while
** the hook runs. change: the method plays, undoes or resets the game,
** which neither a view nor a game whose hooks are running allows. */
static inline GameBox *checkbox(lua_State *L, int change) {
  GameBox *box = luaL_testudata(L, 1, GAME_MT);
  if (box) {
    if (box->closed) luaL_error(L, "attempt to use a closed game");
    if (change && box->g.in_hook)
      luaL_error(L, "the game's hooks are running: it cannot change until they return");
    if (box->L != L) { /* hooks run on the caller's thread (a coroutine's) */
      lua_pushthread(L);
      lua_setiuservalue(L, 1, 2);
      box->L = L;
    }
    return box;
  }
  GameView *view = luaL_testudata(L, 1, VIEW_MT);
  if (!view) luaL_typeerror(L, 1, GAME_MT);
  if (view->box->closed) luaL_error(L, "attempt to use a closed game");
  if (!view->box->g.in_hook) luaL_error(L, "a hook's game may be used only while its hooks run");
  if (change)
    luaL_error(L, "a hook may not play, undo or change the game it is given "
                  "(g:copy() gives a game of its own)");
  return view->box;
}

#define togame(L) (&checkbox(L, 0)->g)
#define toowngame(L) (&checkbox(L, 1)->g)

/* Across the files: bind_variant.c's metamethods of a Variant, the
** player argument of a method, and bind_belief.c's hook and method. */
int bind_variant_gc(lua_State *L);
int bind_variant_tostring(lua_State *L);
int bind_player_arg(lua_State *L, int idx);
int bind_hook_beliefs(void *ctx, Game *g, int player, Position *out, int n, uint64_t *rng);
int bind_g_beliefs(lua_State *L);

#endif
