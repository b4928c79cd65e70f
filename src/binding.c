/*
** binding.c - the Lua API of docs/api.md.
**
** As in liolib.c: one metatable per userdata type, methods named after
** their Lua names, misuse raises and expected failures (an illegal move
** typed by a person, a bad FEN) return nil plus a message.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "belief.h"
#include "binding.h"
#include "hidden.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "search.h"
#include "sandbox.h"
#include "script.h"

#define VARIANTS_KEY "varia.variants"

typedef struct VariantBox {
  Variant v;
  int ready;
} VariantBox;

#define tovariant(L, i) ((VariantBox *)luaL_checkudata(L, i, VARIANT_MT))
/* A game and what its hooks need to call the variant's Lua functions. */
typedef struct GameBox {
  Game g; /* first: a GameBox is used as a Game */
  GameHooks hooks;
  lua_State *L;
  Belief *belief[2]; /* each player's, made on first use (belief.h) */
  int no_beliefs;    /* the computer samples from the view alone */
} GameBox;

#define togame(L) ((Game *)luaL_checkudata(L, 1, GAME_MT))
#define GAMES_KEY "varia.games" /* weak: GameBox address -> its userdata */

static int variant_gc(lua_State *L) {
  VariantBox *b = tovariant(L, 1);
  if (b->ready) variant_free(&b->v);
  b->ready = 0;
  return 0;
}

static int variant_tostring(lua_State *L) {
  VariantBox *b = tovariant(L, 1);
  lua_pushfstring(L, "varia.Variant(%s)", b->v.name);
  return 1;
}

/* Options: a variant table may declare
**   options = { pawns = { default = "any", values = { "any", "file" },
**                         doc = "..." }, ... },
**   with_options = function(variant, chosen) return <variant to play> end
** Values are strings. Pushes the table to play (the one at tidx, or what
** with_options returns) and writes the chosen options as "k=v,k=v" into
** canon. opts is a table index of requested values (0: none). Returns 0, or
** -1 with the message pushed. */
static int apply_options(lua_State *L, int tidx, int opts, char *canon, size_t clen) {
  int top = lua_gettop(L);
  canon[0] = '\0';
  if (!lua_istable(L, tidx)) { /* script_variant will say what is wrong */
    lua_pushvalue(L, tidx);
    return 0;
  }
  if (lua_getfield(L, tidx, "options") != LUA_TTABLE) {
    lua_pop(L, 1);
    if (opts) {
      lua_pushnil(L);
      if (lua_next(L, opts)) {
        lua_pushfstring(L, "the variant has no options (asked for '%s')",
                        luaL_tolstring(L, -2, NULL));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
    }
    lua_settop(L, top);
    lua_pushvalue(L, tidx);
    return 0;
  }
  int decl = lua_gettop(L);
  if (opts) { /* every requested option must be declared */
    lua_pushnil(L);
    while (lua_next(L, opts)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      if (lua_gettable(L, decl) == LUA_TNIL) {
        lua_pushfstring(L, "unknown option '%s'", luaL_tolstring(L, -2, NULL));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
      lua_pop(L, 1);
    }
  }
  /* Names in sorted order, so that canon is the same for the same choice. */
  const char *names[32];
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, decl) && n < 32) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) names[n++] = lua_tostring(L, -1);
  }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      const char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  lua_newtable(L);
  int chosen = lua_gettop(L);
  size_t used = 0;
  for (int i = 0; i < n; i++) {
    if (lua_getfield(L, decl, names[i]) != LUA_TTABLE) {
      lua_settop(L, top);
      lua_pushfstring(L, "options.%s: expected a table { default = ..., values = { ... } }", names[i]);
      return -1;
    }
    int d = lua_gettop(L);
    const char *value = NULL;
    if (opts && lua_getfield(L, opts, names[i]) != LUA_TNIL) value = luaL_tolstring(L, -1, NULL);
    else if (lua_getfield(L, d, "default") != LUA_TNIL) value = luaL_tolstring(L, -1, NULL);
    if (!value) {
      lua_settop(L, top);
      lua_pushfstring(L, "option '%s' has no value and no default", names[i]);
      return -1;
    }
    if (lua_getfield(L, d, "values") == LUA_TTABLE) {
      int ok = 0, vt = lua_gettop(L);
      for (lua_Integer k = 1; lua_geti(L, vt, k) != LUA_TNIL; k++) {
        if (strcmp(luaL_tolstring(L, -1, NULL), value) == 0) ok = 1;
        lua_pop(L, 2);
      }
      lua_pop(L, 1);
      if (!ok) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (lua_Integer k = 1; lua_geti(L, vt, k) != LUA_TNIL; k++) {
          if (k > 1) luaL_addstring(&b, ", ");
          luaL_addstring(&b, luaL_tolstring(L, -1, NULL));
          lua_pop(L, 2);
        }
        lua_pop(L, 1);
        luaL_pushresult(&b);
        lua_pushfstring(L, "option %s: \"%s\" is not one of %s", names[i], value,
                        lua_tostring(L, -1));
        lua_copy(L, -1, top + 1);
        lua_settop(L, top + 1);
        return -1;
      }
    }
    lua_pop(L, 1);
    lua_pushstring(L, value);
    lua_setfield(L, chosen, names[i]);
    used += (size_t)snprintf(canon + used, used < clen ? clen - used : 0, "%s%s=%s",
                             i ? "," : "", names[i], value);
    lua_settop(L, chosen);
  }
  if (lua_getfield(L, tidx, "with_options") != LUA_TFUNCTION) {
    lua_settop(L, top);
    lua_pushliteral(L, "options are declared but there is no with_options function");
    return -1;
  }
  lua_pushvalue(L, tidx);
  lua_pushvalue(L, chosen);
  if (sandbox_pcall(sandbox_of(L), 2, 1, SANDBOX_BUDGET_DEFAULT) != LUA_OK) {
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return -1;
  }
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return 0;
}

/* Reads "name:k=v,k=v" into the name and a table of options (pushed, or
** nothing pushed when there are none). Returns the options' index or 0. */
static int split_spec(lua_State *L, const char *spec, char *name, size_t len) {
  const char *slash = strrchr(spec, '/');
  const char *colon = strchr(slash ? slash : spec, ':');
  if (!colon) {
    snprintf(name, len, "%s", spec);
    return 0;
  }
  snprintf(name, len, "%.*s", (int)(colon - spec), spec);
  lua_newtable(L);
  for (const char *s = colon + 1; *s;) {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    const char *eq = memchr(s, '=', n);
    if (eq) {
      lua_pushlstring(L, s, (size_t)(eq - s));
      lua_pushlstring(L, eq + 1, n - (size_t)(eq - s) - 1);
      lua_settable(L, -3);
    }
    s += n + (comma ? 1 : 0);
  }
  return lua_gettop(L);
}

const Variant *binding_variant(lua_State *L, const char *spec, int spec_idx) {
  return binding_variant_opts(L, spec, spec_idx, 0);
}

const Variant *binding_variant_opts(lua_State *L, const char *spec, int spec_idx, int opts) {
  char err[4096], name[512], canon[512], key[1100];
  int top = lua_gettop(L);
  if (spec_idx) spec_idx = lua_absindex(L, spec_idx);
  if (opts) opts = lua_absindex(L, opts);
  if (spec) {
    int o = split_spec(L, spec, name, sizeof name);
    if (o) {
      if (opts) { /* options given both ways: the table's win */
        lua_pushnil(L);
        while (lua_next(L, opts)) {
          lua_pushvalue(L, -2);
          lua_insert(L, -2);
          lua_settable(L, o);
        }
      }
      opts = o;
    }
    if (script_require(L, name, NULL)) {
      lua_copy(L, -1, top + 1);
      lua_settop(L, top + 1);
      return NULL;
    }
    spec_idx = lua_gettop(L);
  }
  if (apply_options(L, spec_idx, opts, canon, sizeof canon)) {
    lua_pushfstring(L, "%s: %s", spec ? spec : "variant table", lua_tostring(L, -1));
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return NULL;
  }
  int tidx = lua_gettop(L);
  if (spec) {
    snprintf(key, sizeof key, "%s%s%s", name, canon[0] ? ":" : "", canon);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
    if (lua_getfield(L, -1, key) == LUA_TUSERDATA) {
      lua_copy(L, -1, top + 1);
      lua_settop(L, top + 1);
      return &((VariantBox *)lua_touserdata(L, -1))->v;
    }
    lua_pop(L, 2);
  }
  VariantBox *b = lua_newuserdatauv(L, sizeof *b, 1);
  b->ready = 0;
  luaL_setmetatable(L, VARIANT_MT);
  lua_pushvalue(L, tidx);
  lua_setiuservalue(L, -2, 1); /* the table, for its hooks */
  if (script_variant(L, tidx, &b->v, err, sizeof err)) {
    variant_free(&b->v);
    /* A script's errors carry file:line already; table problems do not. */
    lua_pushfstring(L, "%s: %s", spec ? spec : "variant table", err);
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return NULL;
  }
  b->ready = 1;
  if (spec) {
    snprintf(b->v.source, sizeof b->v.source, "%s", key);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, VARIANTS_KEY);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, key);
    lua_pop(L, 1);
  }
  snprintf(b->v.options, sizeof b->v.options, "%s", canon);
  lua_copy(L, -1, top + 1);
  lua_settop(L, top + 1);
  return &b->v;
}

/* ---- games -------------------------------------------------------------- */

/* Pushes the variant table's function name for the game box, or returns 0
** (nothing pushed) when the variant has none. */
static int push_hook(lua_State *L, GameBox *box, const char *name) {
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_rawgetp(L, -1, box);         /* games, game */
  lua_getiuservalue(L, -1, 1);     /* games, game, variant */
  lua_getiuservalue(L, -1, 1);     /* games, game, variant, table */
  if (lua_getfield(L, -1, name) != LUA_TFUNCTION) {
    lua_pop(L, 5);
    return 0;
  }
  lua_rotate(L, -5, 1);            /* fn, games, game, variant, table */
  lua_pop(L, 2);                   /* fn, games, game */
  lua_remove(L, -2);               /* fn, game */
  return 1;
}

/* Pushes a table describing history entry i (a step just played). */
static void push_step_info(lua_State *L, Game *g, int i);

static int hook_after_step(void *ctx, Game *g, Move m, char *err, size_t errlen) {
  GameBox *box = ctx;
  lua_State *L = box->L;
  (void)m;
  if (!push_hook(L, box, "on_move")) return 0;
  push_step_info(L, g, g->n - 1);
  int before = g->nmsgs;
  if (sandbox_of(L)->trace) {
    lua_getfield(L, -1, "move");
    printf("trace: on_move(%s)\n", luaL_optstring(L, -1, "?"));
    lua_pop(L, 1);
  }
  if (sandbox_pcall(sandbox_of(L), 2, 0, SANDBOX_BUDGET_DEFAULT) != LUA_OK) {
    snprintf(err, errlen, "on_move: %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    g->in_hook = 0;
    game_undo(g);
    return -1;
  }
  if (sandbox_of(L)->trace)
    for (int i = before; i < g->nmsgs; i++)
      printf("trace:   announces to %s: %s\n", g->msgs[i].audience == AUDIENCE_ALL ? "all" :
             g->msgs[i].audience == AUDIENCE_WHITE ? "white" : "black", g->msgs[i].text);
  return 0;
}

static int hook_attempt(void *ctx, Game *g, const char *text, char *answer, size_t alen,
                        char *err, size_t errlen) {
  GameBox *box = ctx;
  lua_State *L = box->L;
  if (!push_hook(L, box, "on_attempt")) {
    game_announce(g, g->pos.side == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, "illegal", answer);
    return 0;
  }
  lua_pushstring(L, text);
  if (sandbox_pcall(sandbox_of(L), 2, 1, SANDBOX_BUDGET_DEFAULT) != LUA_OK) {
    snprintf(err, errlen, "on_attempt: %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    g->in_hook = 0;
    game_undo(g);
    return -1;
  }
  if (lua_type(L, -1) == LUA_TSTRING) snprintf(answer, alen, "%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  if (sandbox_of(L)->trace) printf("trace: on_attempt(%s) -> %s\n", text, answer);
  return 0;
}

static void hook_result(void *ctx, Game *g, GameResult *r) {
  GameBox *box = ctx;
  lua_State *L = box->L;
  Sandbox *s = sandbox_of(L);
  (void)g;
  if (s->in_result_hook || !push_hook(L, box, "on_result")) return;
  s->in_result_hook = 1;
  int status = sandbox_pcall(s, 1, 2, SANDBOX_BUDGET_DEFAULT);
  s->in_result_hook = 0;
  if (status != LUA_OK) { /* reported as the reason, so that it is seen */
    static char msg[512];
    snprintf(msg, sizeof msg, "on_result failed: %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    r->over = 1;
    r->winner = -1;
    r->reason = msg;
    return;
  }
  const char *w = lua_tostring(L, -2);
  if (s->trace) printf("trace: on_result() -> %s\n", w ? w : "nil");
  if (w) {
    static char reason[128]; /* results are read before the next call */
    snprintf(reason, sizeof reason, "%s", luaL_optstring(L, -1, "rule"));
    r->over = 1;
    r->winner = !strcmp(w, "white") ? WHITE : !strcmp(w, "black") ? BLACK : -1;
    r->reason = reason;
  }
  lua_pop(L, 2);
}

static int hook_beliefs(void *ctx, Game *g, int player, Position *out, int n, uint64_t *rng);

Game *binding_new_game(lua_State *L, int vidx, const char *fen) {
  char err[512];
  vidx = lua_absindex(L, vidx);
  VariantBox *b = tovariant(L, vidx);
  /* user values: the variant; the scratch game beliefs ask the referee on */
  GameBox *box = lua_newuserdatauv(L, sizeof *box, 2);
  memset(box, 0, sizeof *box);
  luaL_setmetatable(L, GAME_MT);
  lua_pushvalue(L, vidx);
  lua_setiuservalue(L, -2, 1); /* the game keeps its variant alive */
  box->L = L;
  box->hooks.ctx = box;
  box->hooks.after_step = hook_after_step;
  box->hooks.attempt = hook_attempt;
  box->hooks.result = hook_result;
  box->hooks.beliefs = hook_beliefs;
  if (game_init(&box->g, &b->v, fen, err, sizeof err)) {
    lua_pop(L, 1);
    lua_pushstring(L, err);
    return NULL;
  }
  box->g.hooks = &box->hooks;
  luaL_getsubtable(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_pushvalue(L, -2);
  lua_rawsetp(L, -2, box);
  lua_pop(L, 1);
  return &box->g;
}

/* varia.new(variant [, {fen=, seed=}]) */
static int l_new(lua_State *L) {
  const char *fen = NULL;
  lua_settop(L, 2); /* options and the variant are pushed above the arguments */
  int opts = 0;
  if (lua_istable(L, 2)) {
    /* The seed first: a script drawing at load time draws from it. */
    if (lua_getfield(L, 2, "seed") != LUA_TNIL)
      sandbox_seed(sandbox_of(L), (uint64_t)luaL_checkinteger(L, -1));
    lua_pop(L, 1);
    if (lua_getfield(L, 2, "options") == LUA_TTABLE) opts = lua_gettop(L);
    else lua_pop(L, 1);
  }
  if (lua_type(L, 1) == LUA_TSTRING) {
    if (!binding_variant_opts(L, lua_tostring(L, 1), 0, opts))
      return luaL_error(L, "%s", lua_tostring(L, -1));
  } else if (lua_istable(L, 1)) {
    if (!binding_variant_opts(L, NULL, 1, opts)) return luaL_error(L, "%s", lua_tostring(L, -1));
  } else if (luaL_testudata(L, 1, VARIANT_MT)) {
    lua_pushvalue(L, 1);
  } else {
    return luaL_argerror(L, 1, "expected a variant name, path or table");
  }
  int vidx = lua_gettop(L);
  uint64_t seed = 0;
  if (lua_istable(L, 2)) {
    lua_getfield(L, 2, "fen");
    fen = lua_tostring(L, -1);
    lua_getfield(L, 2, "seed");
    if (!lua_isnil(L, -1)) seed = (uint64_t)luaL_checkinteger(L, -1);
    lua_pop(L, 1);
  } else if (!lua_isnoneornil(L, 2)) {
    return luaL_argerror(L, 2, "expected a table of options");
  }
  Game *g = binding_new_game(L, vidx, fen);
  if (!g) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  /* A FEN carries its own generator state; a new game takes the seed. */
  if (!fen || !strstr(fen, "rng=")) game_seed(g, seed);
  return 1;
}

static int want_san(lua_State *L, int idx) {
  static const char *const fmts[] = {"uci", "san", NULL};
  return luaL_checkoption(L, idx, "uci", fmts);
}

/* Every way to finish the turn from here, steps joined by commas, appended
** to the table at tbl. */
static void push_turns(lua_State *L, Game *g, int san, const char *prefix, int tbl) {
  Move list[MAX_MOVES];
  char step[64], buf[512];
  int n = gen_legal(&g->pos, list);
  for (int i = 0; i < n; i++) {
    Undo u;
    if (san) move_to_san(&g->pos, list[i], step, sizeof step);
    else move_to_uci(&g->pos, list[i], step, sizeof step);
    snprintf(buf, sizeof buf, "%s%s%s", prefix, *prefix ? "," : "", step);
    move_make(&g->pos, list[i], &u);
    /* A turn's string ends where chance takes over (it decides at play). */
    if (g->pos.phase == 0 || g->v->phase[g->pos.phase].kind == PHASE_DRAW) {
      lua_pushstring(L, buf);
      lua_rawseti(L, tbl, (lua_Integer)lua_rawlen(L, tbl) + 1);
    } else {
      push_turns(L, g, san, buf, tbl);
    }
    move_unmake(&g->pos, list[i], &u);
  }
}

/* g:legal([format]): the complete turns (a single move in most variants;
** e2e4,e4f6 where a turn has several steps), up to any step of chance. */
static int g_legal(lua_State *L) {
  Game *g = togame(L);
  int san = want_san(L, 2);
  lua_newtable(L);
  if (game_decision(g).kind == DECIDE_ANSWER_OFFER) return 1;
  push_turns(L, g, san, "", lua_gettop(L));
  return 1;
}

/* g:play(move, ...): all or none. */
static int g_play(lua_State *L) {
  Game *g = togame(L);
  int n = lua_gettop(L), played = 0;
  char err[512];
  luaL_argcheck(L, n >= 2, 2, "expected a move");
  if (g->in_hook) return luaL_error(L, "a hook may not play or undo moves");
  for (int i = 2; i <= n; i++) {
    int status = game_play_text(g, luaL_checkstring(L, i), &played, err, sizeof err);
    if (status == 1) { /* a try, answered by the referee: it stands */
      lua_pushboolean(L, 0);
      lua_pushstring(L, err);
      return 2;
    }
    if (status) {
      while (played--) game_undo(g);
      luaL_pushfail(L);
      lua_pushstring(L, err);
      return 2;
    }
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* g:decision() -> { player = "white", kind = "move"|"relocate"|"answer",
**                   options = {...}, offer = bool } or nil when the game is over */
static int g_decision(lua_State *L) {
  static const char *const kinds[] = {"move", "relocate", "answer", "none", "target", "choose",
                                      "chance"};
  Game *g = togame(L);
  Decision d = game_decision(g);
  if (d.kind == DECIDE_NONE) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, 0, 4);
  lua_pushstring(L, d.player == WHITE ? "white" : "black");
  lua_setfield(L, -2, "player");
  lua_pushstring(L, kinds[d.kind]);
  lua_setfield(L, -2, "kind");
  lua_pushboolean(L, d.can_offer);
  lua_setfield(L, -2, "offer");
  lua_newtable(L);
  if (d.kind == DECIDE_ANSWER_OFFER) {
    lua_pushstring(L, "accept");
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, "decline");
    lua_rawseti(L, -2, 2);
  } else {
    Move list[MAX_MOVES];
    char buf[64];
    int n = gen_legal(&g->pos, list);
    for (int i = 0; i < n; i++) {
      move_to_uci(&g->pos, list[i], buf, sizeof buf);
      lua_pushstring(L, buf);
      lua_rawseti(L, -2, i + 1);
    }
  }
  lua_setfield(L, -2, "options");
  return 1;
}

/* g:hand(player): the player's cards, sorted: { 3, 5 } */
static int g_hand(lua_State *L) {
  Game *g = togame(L);
  int player = luaL_checkoption(L, 2, NULL, (const char *const[]){"white", "black", NULL});
  int k = 0;
  lua_newtable(L);
  for (int val = 1; val <= g->v->ncard_values; val++)
    for (int c = 0; c < g->pos.hand[player][val]; c++) {
      lua_pushinteger(L, val);
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

/* g:pocket(player): the pieces in the player's pocket, by letter: { p = 2, n = 1 } */
static int g_pocket(lua_State *L) {
  Game *g = togame(L);
  int player = luaL_checkoption(L, 2, NULL, (const char *const[]){"white", "black", NULL});
  lua_newtable(L);
  for (int t = 0; t < g->v->ntypes; t++)
    if (g->pos.pocket[player][t]) {
      lua_pushinteger(L, g->pos.pocket[player][t]);
      lua_setfield(L, -2, (char[]){g->v->type[t].letter, '\0'});
    }
  return 1;
}

/* g:score() -> white's points, black's points */
static int g_score(lua_State *L) {
  Game *g = togame(L);
  lua_pushinteger(L, g->pos.score[0]);
  lua_pushinteger(L, g->pos.score[1]);
  return 2;
}

/* g:attr(square [, value]): the per-piece attribute of the piece there. */
static int g_attr(lua_State *L) {
  Game *g = togame(L);
  const char *s = luaL_checkstring(L, 2);
  int len = 0, sq = board_parse_square(&g->v->geo, s, &len);
  luaL_argcheck(L, sq != SQ_NONE && s[len] == '\0', 2, "not a square of this board");
  if (lua_isnoneornil(L, 3)) {
    lua_pushinteger(L, g->pos.attr[sq]);
    return 1;
  }
  lua_Integer a = luaL_checkinteger(L, 3);
  luaL_argcheck(L, a >= 0 && a <= 255, 3, "an attribute is 0 to 255");
  luaL_argcheck(L, g->pos.board[sq] != CELL_EMPTY, 2, "no piece there");
  /* Through the FEN, so that the hash and the history stay consistent:
  ** changing state by hand starts the game anew from here. */
  char fen[2048], err[256];
  g->pos.attr[sq] = (uint8_t)a;
  g->pos.key = pos_compute_key(&g->pos);
  pos_fen(&g->pos, fen, sizeof fen);
  const GameHooks *hooks = g->hooks;
  game_free(g);
  game_init(g, g->v, fen, err, sizeof err);
  g->hooks = hooks;
  return 0;
}

/* g:undo([n]) */
static int g_undo(lua_State *L) {
  Game *g = togame(L);
  lua_Integer n = luaL_optinteger(L, 2, 1);
  luaL_argcheck(L, n >= 0, 2, "must not be negative");
  if (g->in_hook) return luaL_error(L, "a hook may not play or undo moves");
  if (n > g->n) {
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot undo %d step%s: %d played", (int)n, n == 1 ? "" : "s", g->n);
    return 2;
  }
  while (n--) game_undo(g);
  lua_pushboolean(L, 1);
  return 1;
}

static int g_fen(lua_State *L) {
  Game *g = togame(L);
  char buf[1024];
  pos_fen(&g->pos, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static const char *colour_name(int c) { return c == WHITE ? "white" : "black"; }

/* g:turn(): who decides now (the opponent, for a step the opponent owns). */
static int g_turn(lua_State *L) {
  Game *g = togame(L);
  Decision d = game_decision(g);
  lua_pushstring(L, colour_name(d.kind == DECIDE_NONE ? g->pos.side : d.player));
  return 1;
}

/* g:copy(): a new game from this position (without its history), to try
** moves on. */
static int g_copy(lua_State *L) {
  Game *g = togame(L);
  char fen[4096];
  pos_fen(&g->pos, fen, sizeof fen);
  lua_getiuservalue(L, 1, 1);
  if (!binding_new_game(L, -1, fen)) return luaL_error(L, "copy: %s", lua_tostring(L, -1));
  return 1;
}

/* g:result() -> nil | "white"|"black"|"draw", reason */
static int g_result(lua_State *L) {
  Game *g = togame(L);
  GameResult r = game_result(g);
  if (!r.over) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, r.winner < 0 ? "draw" : colour_name(r.winner));
  lua_pushstring(L, r.reason);
  return 2;
}

static int check_depth(lua_State *L) {
  lua_Integer d = luaL_checkinteger(L, 2);
  luaL_argcheck(L, d >= 0 && d <= 64, 2, "depth out of range (0 to 64)");
  return (int)d;
}

static int g_perft(lua_State *L) {
  Game *g = togame(L);
  int d = check_depth(L);
  Sandbox *s = sandbox_of(L);
  uint64_t n = perft(&g->pos, d, &s->interrupted);
  if (s->interrupted) return luaL_error(L, "interrupted");
  lua_pushinteger(L, (lua_Integer)n);
  return 1;
}

typedef struct DivideTable {
  lua_State *L;
  const Position *p;
} DivideTable;

static void divide_into_table(void *ctx, Move m, uint64_t count) {
  DivideTable *t = ctx;
  char buf[64];
  move_to_uci(t->p, m, buf, sizeof buf);
  lua_pushinteger(t->L, (lua_Integer)count);
  lua_setfield(t->L, -2, buf);
}

/* g:divide(depth) -> { [move] = count } */
static int g_divide(lua_State *L) {
  Game *g = togame(L);
  int d = check_depth(L);
  luaL_argcheck(L, d >= 1, 2, "divide needs a depth of at least 1");
  Sandbox *s = sandbox_of(L);
  DivideTable t = {L, &g->pos};
  lua_newtable(L);
  perft_divide(&g->pos, d, &s->interrupted, divide_into_table, &t);
  if (s->interrupted) return luaL_error(L, "interrupted");
  return 1;
}

/* g:san(move) and g:uci(move): a legal move in the other notation. */
static int convert(lua_State *L, int san) {
  Game *g = togame(L);
  char err[256], buf[64];
  Move m = parse_move(&g->pos, luaL_checkstring(L, 2), err, sizeof err);
  if (m == MOVE_NONE) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  if (san) move_to_san(&g->pos, m, buf, sizeof buf);
  else move_to_uci(&g->pos, m, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}
static int g_san(lua_State *L) { return convert(L, 1); }
static int g_uci(lua_State *L) { return convert(L, 0); }

/* g:history([format]): the moves played. SAN needs each position, so the
** game is taken back to the start on a copy and replayed. */
static int g_history(lua_State *L) {
  Game *g = togame(L);
  int san = want_san(L, 2), n = g->n;
  char buf[128];
  /* Scratch space of Lua's: nothing to free if Lua raises an error. */
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = g->pos;
  for (int i = n - 1; i >= 0; i--)
    if (!IS_GAME_ACTION(g->moves[i])) move_unmake(p, g->moves[i], &g->undos[i]);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    Move m = g->moves[i];
    Undo u;
    if (IS_GAME_ACTION(m) && game_entry_text(g, i))
      snprintf(buf, sizeof buf, "%s", game_entry_text(g, i));
    else if (IS_GAME_ACTION(m))
      snprintf(buf, sizeof buf, "%s", game_action_names[MOVE_PROMO(m)]);
    else if (san) move_to_san(p, m, buf, sizeof buf);
    else move_to_uci(p, m, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
    if (!IS_GAME_ACTION(m)) move_make(p, m, &u);
  }
  lua_remove(L, -2); /* the scratch position */
  return 1;
}

static int player_arg(lua_State *L, int idx) {
  static const char *const names[] = {"white", "black", NULL};
  return luaL_checkoption(L, idx, NULL, names);
}

/* g:view(player): the board as the player may see it (hidden.h). */
static int g_view(lua_State *L) {
  Game *g = togame(L);
  char buf[4096];
  view_fen(&g->pos, player_arg(L, 2), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static const char *audience_name(int a) {
  return a == AUDIENCE_ALL ? "all" : a == AUDIENCE_WHITE ? "white" : "black";
}

/* g:messages(player [, since]): the announcements the player received, as
** { {type=, text=, to=, index=}, ... }; since is a history length. */
static int g_messages(lua_State *L) {
  Game *g = togame(L);
  int player = player_arg(L, 2);
  lua_Integer since = luaL_optinteger(L, 3, 0);
  int bit = player == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, k = 0;
  lua_newtable(L);
  for (int i = 0; i < g->nmsgs; i++) {
    const Message *m = &g->msgs[i];
    if (!(m->audience & bit) || m->index <= since) continue;
    lua_createtable(L, 0, 4);
    lua_pushstring(L, m->type);
    lua_setfield(L, -2, "type");
    lua_pushstring(L, m->text);
    lua_setfield(L, -2, "text");
    lua_pushstring(L, audience_name(m->audience));
    lua_setfield(L, -2, "to");
    lua_pushinteger(L, m->index);
    lua_setfield(L, -2, "index");
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* g:announce(to, type, text): to is "all", "white" or "black". */
static int g_announce(lua_State *L) {
  static const char *const names[] = {"white", "black", "all", NULL};
  static const int bits[] = {AUDIENCE_WHITE, AUDIENCE_BLACK, AUDIENCE_ALL};
  Game *g = togame(L);
  int to = luaL_checkoption(L, 2, NULL, names);
  if (game_announce(g, bits[to], luaL_checkstring(L, 3), luaL_checkstring(L, 4)))
    return luaL_error(L, "out of memory");
  return 0;
}

static void push_square(lua_State *L, const Game *g, int sq) {
  char name[4];
  board_square_name(&g->v->geo, sq, name);
  lua_pushstring(L, name);
}

static char piece_char(const Variant *v, uint8_t cell) {
  char c = v->type[CELL_TYPE(cell)].letter;
  return CELL_COLOUR(cell) == WHITE ? (char)(c >= 'a' && c <= 'z' ? c - 32 : c) : c;
}

static void push_step_info(lua_State *L, Game *g, int i) {
  Move m = g->moves[i];
  const Undo *u = &g->undos[i];
  int flag = MOVE_FLAG(m);
  char buf[64];
  lua_createtable(L, 0, 10);
  if (IS_GAME_ACTION(m)) return;
  /* Its UCI, from the position before it (scratch space of Lua's). */
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = g->pos;
  for (int j = g->n - 1; j >= i; j--)
    if (!IS_GAME_ACTION(g->moves[j])) move_unmake(p, g->moves[j], &g->undos[j]);
  move_to_uci(p, m, buf, sizeof buf);
  lua_pop(L, 1);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "move");
  lua_pushstring(L, u->side == WHITE ? "white" : "black");
  lua_setfield(L, -2, "player");
  if (flag == MF_PLACE) {
    lua_pushliteral(L, "relocate");
    lua_setfield(L, -2, "kind");
  } else {
    if (flag == MF_DROP) {
      lua_pushliteral(L, "drop");
      lua_setfield(L, -2, "kind");
    }
    buf[0] = piece_char(g->v, u->moved);
    lua_pushlstring(L, buf, 1);
    lua_setfield(L, -2, "piece");
  }
  if (MOVE_FROM(m) != PLACE_FROM_NONE && flag != MF_DROP) {
    push_square(L, g, MOVE_FROM(m));
    lua_setfield(L, -2, "from");
  }
  push_square(L, g, MOVE_TO(m));
  lua_setfield(L, -2, "to");
  if (u->captured != CELL_EMPTY) {
    buf[0] = piece_char(g->v, u->captured);
    lua_pushlstring(L, buf, 1);
    lua_setfield(L, -2, "captured");
    push_square(L, g, flag == MF_EP ? u->ep_victim : MOVE_TO(m));
    lua_setfield(L, -2, "capture_square");
  }
  lua_pushboolean(L, flag == MF_EP);
  lua_setfield(L, -2, "en_passant");
  lua_pushboolean(L, flag == MF_CASTLE);
  lua_setfield(L, -2, "castling");
  if (flag == MF_PROMO) {
    buf[0] = g->v->type[MOVE_PROMO(m) - 1].letter;
    lua_pushlstring(L, buf, 1);
    lua_setfield(L, -2, "promotion");
  }
  int gate = flag == MF_GATE ? MOVE_PROMO(m) : flag == MF_CASTLE ? CASTLE_GATE(m) : 0;
  if (gate) { /* the piece that entered a gate square */
    buf[0] = g->v->type[gate - 1].letter;
    lua_pushlstring(L, buf, 1);
    lua_setfield(L, -2, "gated");
  }
}

/* g:lastmove(): a table describing the last step played, or nil. */
static int g_lastmove(lua_State *L) {
  Game *g = togame(L);
  for (int i = g->n - 1; i >= 0; i--)
    if (!IS_GAME_ACTION(g->moves[i])) {
      push_step_info(L, g, i);
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

/* g:checkers([player]): squares of the pieces attacking the player's royal
** pieces (default: the side to move), with the attacked square:
** { {from = "e8", piece = "r", king = "e1"}, ... } */
static int g_checkers(lua_State *L) {
  Game *g = togame(L);
  int player = lua_isnoneornil(L, 2) ? g->pos.side : player_arg(L, 2), k = 0;
  const Position *p = &g->pos;
  int from[MAX_PIECES], ksq[MAX_PIECES];
  int n = royal_checkers(p, player, from, ksq, MAX_PIECES);
  if (n > MAX_PIECES) n = MAX_PIECES;
  lua_createtable(L, n, 0);
  for (k = 0; k < n; k++) {
    char c = piece_char(g->v, p->board[from[k]]);
    lua_createtable(L, 0, 3);
    push_square(L, g, from[k]);
    lua_setfield(L, -2, "from");
    lua_pushlstring(L, &c, 1);
    lua_setfield(L, -2, "piece");
    push_square(L, g, ksq[k]);
    lua_setfield(L, -2, "king");
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* g:conceivable(): the moves the side to move could try knowing only its
** own pieces (hidden.h), in UCI. */
static int g_conceivable(lua_State *L) {
  Game *g = togame(L);
  Move list[MAX_MOVES];
  char buf[64];
  int n = gen_conceivable(&g->pos, list);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    move_to_uci(&g->pos, list[i], buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* g:selftest(): checks the position's invariants (pos_check), and that
** making and unmaking every legal step gives back the same position (FEN
** and hash) with its invariants intact after each make, and that every
** step's UCI string reads back as the same step. Returns true, or nil and
** what is wrong. For the random-play tests (tests/lua/test_invariants.lua). */
static int g_selftest(lua_State *L) {
  Game *g = togame(L);
  Position *p = &g->pos;
  Move list[MAX_MOVES];
  char before[4096], after[4096], uci[64], err[256];
  const char *why = pos_check(p);
  if (why) goto fail;
  if (p->key != pos_compute_key(p)) {
    why = "incremental hash differs from a fresh one";
    goto fail;
  }
  pos_fen(p, before, sizeof before);
  uint64_t key = p->key;
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++) {
    Undo u;
    move_to_uci(p, list[i], uci, sizeof uci);
    if (parse_move(p, uci, err, sizeof err) != list[i]) {
      lua_pushnil(L);
      lua_pushfstring(L, "%s does not read back as the same move (%s)", uci, err);
      return 2;
    }
    move_make(p, list[i], &u);
    why = pos_check(p);
    if (!why && p->key != pos_compute_key(p)) why = "hash after make differs from a fresh one";
    move_unmake(p, list[i], &u);
    if (why) {
      lua_pushnil(L);
      lua_pushfstring(L, "after %s: %s", uci, why);
      return 2;
    }
    pos_fen(p, after, sizeof after);
    if (strcmp(before, after) || p->key != key || pos_check(p)) {
      lua_pushnil(L);
      lua_pushfstring(L, "make/unmake of %s changed the position: %s -> %s", uci, before, after);
      return 2;
    }
  }
  lua_pushboolean(L, 1);
  return 1;
fail:
  lua_pushnil(L);
  lua_pushstring(L, why);
  return 2;
}

/* The state's searcher, made once (a userdata freed with the state). */
#define SEARCHER_KEY "varia.searcher"
static int searcher_gc(lua_State *L) {
  Searcher **sp = lua_touserdata(L, 1);
  search_free(*sp);
  *sp = NULL;
  return 0;
}

Searcher *binding_searcher(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, SEARCHER_KEY) == LUA_TUSERDATA) {
    Searcher *s = *(Searcher **)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return s;
  }
  lua_pop(L, 1);
  Searcher **sp = lua_newuserdatauv(L, sizeof *sp, 0);
  *sp = search_new(16);
  if (!*sp) luaL_error(L, "out of memory");
  lua_newtable(L);
  lua_pushcfunction(L, searcher_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, SEARCHER_KEY);
  return *sp;
}

/* g:bestmove([depth | {depth=, seconds=, nodes=}]): the computer's choice
** for whoever decides now, in UCI (nil when the game is over). In a game
** with hidden information it decides from that player's view only. */
static int g_bestmove(lua_State *L) {
  Game *g = togame(L);
  SearchLimits lim = {.depth = 3, .stop = &sandbox_of(L)->interrupted};
  if (lua_isinteger(L, 2)) lim.depth = (int)lua_tointeger(L, 2);
  else if (lua_istable(L, 2)) {
    lua_getfield(L, 2, "depth");
    lua_getfield(L, 2, "seconds");
    lua_getfield(L, 2, "nodes");
    lim.depth = (int)luaL_optinteger(L, -3, lua_isnil(L, -2) ? 3 : 64);
    lim.seconds = luaL_optnumber(L, -2, 0);
    lim.nodes = (uint64_t)luaL_optinteger(L, -1, 0);
    lua_pop(L, 3);
    /* beliefs = false: sample from the view alone, as before beliefs */
    lua_getfield(L, 2, "beliefs");
    ((GameBox *)g)->no_beliefs = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  luaL_argcheck(L, lim.depth >= 1 && lim.depth <= 64, 2, "depth out of range (1 to 64)");
  char out[64], view[4096];
  /* The samples are drawn from a seed made of what the player sees, so
  ** that the choice depends on nothing the player may not know. */
  Decision d = game_decision(g);
  view_fen(&g->pos, d.kind == DECIDE_NONE ? g->pos.side : d.player, view, sizeof view);
  uint64_t rng = 0xcbf29ce484222325ull;
  for (const char *c = view; *c; c++) rng = (rng ^ (unsigned char)*c) * 0x100000001b3ull;
  /* exclude = { tries already refused this turn } */
  const char *exclude[65] = {NULL};
  int top = lua_gettop(L);
  if (lua_istable(L, 2) && lua_getfield(L, 2, "exclude") == LUA_TTABLE)
    for (int i = 0; i < 64 && lua_rawgeti(L, top + 1, i + 1) == LUA_TSTRING; i++)
      exclude[i] = lua_tostring(L, -1); /* on the stack until the choice is made */
  int none = player_choose(g, binding_searcher(L), &lim, &rng, exclude, out, sizeof out);
  ((GameBox *)g)->no_beliefs = 0;
  lua_settop(L, top);
  if (none) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, out);
  return 1;
}

/* g:moveinfo(move): what a legal move would do, without playing it. */
static int g_moveinfo(lua_State *L) {
  Game *g = togame(L);
  char err[256];
  Move m = parse_move(&g->pos, luaL_checkstring(L, 2), err, sizeof err);
  if (m == MOVE_NONE) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  if (game_play(g, m)) return luaL_error(L, "out of memory");
  push_step_info(L, g, g->n - 1);
  game_undo(g);
  return 1;
}

/* g:piece(square) -> "P", "n", ... or nil */
static int g_piece(lua_State *L) {
  Game *g = togame(L);
  const char *s = luaL_checkstring(L, 2);
  int len = 0, sq = board_parse_square(&g->v->geo, s, &len);
  luaL_argcheck(L, sq != SQ_NONE && s[len] == '\0', 2, "not a square of this board");
  uint8_t c = g->pos.board[sq];
  if (c == CELL_EMPTY) {
    lua_pushnil(L);
    return 1;
  }
  char l = g->v->type[CELL_TYPE(c)].letter;
  if (CELL_COLOUR(c) == WHITE) l = (char)(l - 'a' + 'A');
  lua_pushlstring(L, &l, 1);
  return 1;
}

static int g_incheck(lua_State *L) {
  Game *g = togame(L);
  lua_pushboolean(L, !g->v->royal_capture && royal_attacked(&g->pos, g->pos.side));
  return 1;
}

static int g_variant(lua_State *L) {
  Game *g = togame(L);
  lua_pushstring(L, g->v->name);
  return 1;
}

static int g_gc(lua_State *L) {
  GameBox *box = (GameBox *)togame(L);
  game_free(&box->g);
  for (int c = 0; c < 2; c++) {
    belief_free(box->belief[c]);
    box->belief[c] = NULL;
  }
  return 0;
}

static int g_tostring(lua_State *L) {
  Game *g = togame(L);
  char buf[1024];
  pos_fen(&g->pos, buf, sizeof buf);
  lua_pushfstring(L, "varia.Game(%s: %s)", g->v->name, buf);
  return 1;
}

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
  if (lua_getiuservalue(L, -1, 2) != LUA_TUSERDATA) {
    lua_pop(L, 1);
    lua_getiuservalue(L, -1, 1);
    if (!binding_new_game(L, -1, NULL)) {
      snprintf(err, errlen, "%s", lua_tostring(L, -1));
      lua_settop(L, top);
      return NULL;
    }
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, -4, 2);
  }
  BeliefOracle o = {lua_touserdata(L, -1), oracle_step, oracle_attempt};
  int bad = belief_sync(box->belief[player], &box->g, &o, err, errlen);
  lua_settop(L, top);
  return bad ? NULL : box->belief[player];
}

static int hook_beliefs(void *ctx, Game *g, int player, Position *out, int n, uint64_t *rng) {
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
    uint64_t z = (*rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    int j = i + (int)((z ^ (z >> 31)) % (uint64_t)(k - i)), t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
    out[i] = *belief_position(b, idx[i]);
  }
  free(idx);
  return n;
}

/* g:beliefs(player [, n]) -> count, exact, { up to n FENs }, stats: the
** positions the player may be in, from what the player has seen. */
static int g_beliefs(lua_State *L) {
  GameBox *box = (GameBox *)togame(L);
  int player = player_arg(L, 2);
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
                    player == WHITE ? "White" : "Black", belief_count(b));
  return snprintf(buf, len, "positions still possible for %s: about %.3g (more than %d; sampled)",
                  player == WHITE ? "White" : "Black", belief_count(b), BELIEF_CAP);
}

/* ---- module functions --------------------------------------------------- */

static int l_variants(lua_State *L) {
  script_list_variants(L);
  return 1;
}

/* varia.load(spec): the variant's table, as its script returns it. */
static int l_load(lua_State *L) {
  if (script_require(L, luaL_checkstring(L, 1), NULL)) return lua_error(L);
  return 1;
}

/* varia.check(spec or table) -> true | nil, problems */
static int l_check(lua_State *L) {
  const Variant *v = lua_istable(L, 1) ? binding_variant(L, NULL, 1)
                                       : binding_variant(L, luaL_checkstring(L, 1), 0);
  if (!v) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* package.searchers entry: trusted scripts require the library and variants
** by name, as variant scripts do. */
static int return_upvalue(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  return 1;
}

static int searcher(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  if (script_require(L, name, NULL)) {
    /* Not ours, or broken: say why in require's list of places tried. */
    lua_pushfstring(L, "\n\tvaria: %s", lua_tostring(L, -1));
    return 1;
  }
  lua_pushcclosure(L, return_upvalue, 1);
  return 1;
}

static const luaL_Reg game_methods[] = {
    {"legal", g_legal},     {"play", g_play},       {"undo", g_undo},
    {"fen", g_fen},         {"turn", g_turn},       {"result", g_result},
    {"perft", g_perft},     {"divide", g_divide},   {"san", g_san},
    {"uci", g_uci},         {"history", g_history}, {"piece", g_piece},
    {"incheck", g_incheck}, {"variant", g_variant}, {"decision", g_decision},
    {"score", g_score},     {"attr", g_attr},       {"view", g_view},
    {"messages", g_messages}, {"announce", g_announce}, {"lastmove", g_lastmove},
    {"checkers", g_checkers}, {"conceivable", g_conceivable}, {"moveinfo", g_moveinfo},
    {"copy", g_copy},       {"hand", g_hand}, {"pocket", g_pocket},       {"selftest", g_selftest},
    {"bestmove", g_bestmove}, {"beliefs", g_beliefs},
    {NULL, NULL}};

static const luaL_Reg game_meta[] = {
    {"__gc", g_gc}, {"__close", g_gc}, {"__tostring", g_tostring},
    {"__index", NULL}, {NULL, NULL}};

static const luaL_Reg variant_meta[] = {
    {"__gc", variant_gc}, {"__tostring", variant_tostring}, {NULL, NULL}};

static const luaL_Reg varia_funcs[] = {
    {"new", l_new}, {"variants", l_variants}, {"load", l_load},
    {"check", l_check}, {NULL, NULL}};

int luaopen_varia(lua_State *L) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_newtable(L);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  luaL_newmetatable(L, VARIANT_MT);
  luaL_setfuncs(L, variant_meta, 0);
  lua_pop(L, 1);
  luaL_newmetatable(L, GAME_MT);
  luaL_setfuncs(L, game_meta, 0);
  luaL_newlibtable(L, game_methods);
  luaL_setfuncs(L, game_methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_newlib(L, varia_funcs);
  lua_pushliteral(L, VARIA_VERSION);
  lua_setfield(L, -2, "version");
  lua_pushvalue(L, -1);
  lua_setglobal(L, "varia");
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, "varia"); /* require "varia" works too */
  lua_pop(L, 1);
  if (lua_getglobal(L, "package") == LUA_TTABLE &&
      lua_getfield(L, -1, "searchers") == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = n; i >= 2; i--) { /* insert after preload */
      lua_rawgeti(L, -1, i);
      lua_rawseti(L, -2, i + 1);
    }
    lua_pushcfunction(L, searcher);
    lua_rawseti(L, -2, 2);
  }
  lua_settop(L, lua_gettop(L) - 2);
  return 1;
}
