/*
** binding.c - the Lua API of docs/api.md.
**
** As in liolib.c: one metatable per userdata type, methods named after
** their Lua names, misuse raises and expected failures (an illegal move
** typed by a person, a bad FEN) return nil plus a message.
*/
#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "belief.h"
#include "eval.h"
#include "explain.h"
#include "binding.h"
#include "bind_json.h"
#include "bind_boxes.h"
#include "charged.h"
#include "chase.h"
#include "hidden.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "rulehooks.h"
#include "search.h"
#include "names.h"
#include "sandbox.h"
#include "script.h"
#include "splitmix.h"

/* ---- games -------------------------------------------------------------- */

/* Pushes a table describing history entry i (a step just played). */
static void push_step_info(lua_State *L, Game *g, int i);

static const char *const hook_names[] = {"on_move", "on_attempt", "on_result"};

/* One call of a variant's hook, from C. */
typedef struct HookCall {
  GameBox *box;
  int which;        /* 0 on_move, 1 on_attempt, 2 on_result */
  const char *text; /* on_attempt: the text tried */
} HookCall;

/* Pushes the view of the game at index game (its third user value, made
** on first use): what a hook is given in place of the game. */
static void push_view(lua_State *L, GameBox *box, int game) {
  if (lua_getiuservalue(L, game, 3) == LUA_TUSERDATA) return;
  lua_pop(L, 1);
  GameView *view = lua_newuserdatauv(L, sizeof *view, 1);
  view->box = box;
  luaL_setmetatable(L, VIEW_MT);
  lua_pushvalue(L, game);
  lua_setiuservalue(L, -2, 1); /* the view keeps its game alive */
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, game, 3);
}

/* Runs under sandbox_pcall, so that nothing here can raise into the
** core: finds the hook, gives it the game's view and its arguments, and
** returns what the hook returns (on_attempt one value, on_result two)
** followed by the hook itself, for where it is. */
static int run_hook(lua_State *L) {
  HookCall *c = lua_touserdata(L, 1);
  GameBox *box = c->box;
  const char *name = hook_names[c->which];
  lua_settop(L, 0);
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  if (lua_rawgetp(L, 1, box) != LUA_TUSERDATA) return luaL_error(L, "%s: the game is being collected", name);
  lua_getiuservalue(L, 2, 1); /* 3: the variant */
  lua_getiuservalue(L, 3, 1); /* 4: its table */
  if (rawfield(L, 4, name) != LUA_TFUNCTION) /* 5 */
    return luaL_error(L, "%s: no longer a function in the variant table", name);
  push_view(L, box, 2); /* 6: the game's view */
  lua_pushvalue(L, 5);
  lua_pushvalue(L, 6);
  if (c->which == 0) {
    push_step_info(L, &box->g, box->g.n - 1);
    if (sandbox_of(L)->trace) {
      lua_getfield(L, -1, "move");
      printf("trace: on_move(%s)\n", luaL_optstring(L, -1, "?"));
      lua_pop(L, 1);
    }
  } else if (c->which == 1) {
    lua_pushstring(L, c->text);
  }
  int nres = c->which; /* on_move none, on_attempt one, on_result two */
  lua_call(L, c->which == 2 ? 1 : 2, nres);
  lua_pushvalue(L, 5);
  return nres + 1;
}

/* Calls a hook on the thread of the game's last method call, or on the
** main thread when that thread cannot run (a suspended coroutine's).
** Returns 0 with the hook's results and the hook pushed, or -1 with err. */
static int call_hook(HookCall *c, char *err, size_t errlen) {
  lua_State *L = c->box->L;
  if (lua_status(L) != LUA_OK) L = c->box->L = sandbox_of(L)->L;
  if (!lua_checkstack(L, 4)) {
    snprintf(err, errlen, "%s: out of memory", hook_names[c->which]);
    return -1;
  }
  lua_pushcfunction(L, run_hook);
  lua_pushlightuserdata(L, c);
  int status = sandbox_pcall(L, 1, c->which + 1, SANDBOX_BUDGET_DEFAULT);
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    snprintf(err, errlen, "%s: %s", hook_names[c->which], msg ? msg : "(error object is not a string)");
    lua_pop(L, 1);
    return -1;
  }
  return 0;
}

/* Checks a value a hook returned (at idx of the call's results, the hook
** on top): nil, or a string without NUL, among names when given. Returns
** 0, or -1 with err naming where the hook is. Allocates nothing, so that
** it runs outside protection. */
static int check_returned(HookCall *c, int idx, const char *what, const char *const *names,
                          const char *expected, char *err, size_t errlen) {
  lua_State *L = c->box->L;
  int t = lua_type(L, idx), ok = t == LUA_TNIL;
  const char *s = t == LUA_TSTRING ? lua_tostring(L, idx) : NULL;
  if (s && strlen(s) == lua_rawlen(L, idx)) {
    ok = !names;
    for (int i = 0; names && names[i]; i++)
      if (!strcmp(s, names[i])) ok = 1;
  }
  if (ok) return 0;
  lua_Debug ar;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">S", &ar);
  if (s && strlen(s) != lua_rawlen(L, idx))
    snprintf(err, errlen, "%s: %s:%d: %s returned %s with a NUL character (expected %s)",
             hook_names[c->which], ar.short_src, ar.linedefined, hook_names[c->which], what, expected);
  else if (s)
    snprintf(err, errlen, "%s: %s:%d: %s returned \"%.40s\" as %s (expected %s)", hook_names[c->which],
             ar.short_src, ar.linedefined, hook_names[c->which], s, what, expected);
  else
    snprintf(err, errlen, "%s: %s:%d: %s returned a %s as %s (expected %s)", hook_names[c->which],
             ar.short_src, ar.linedefined, hook_names[c->which], lua_typename(L, t), what, expected);
  return -1;
}

static int hook_after_step(void *ctx, Game *g, Move m, char *err, size_t errlen) {
  HookCall c = {ctx, 0, NULL};
  int before = g->nmsgs;
  (void)m;
  /* On failure the caller takes the step back (game_play_text). */
  if (call_hook(&c, err, errlen)) return -1;
  lua_pop(c.box->L, 1);
  if (sandbox_of(c.box->L)->trace)
    for (int i = before; i < g->nmsgs; i++)
      printf("trace:   announces to %s: %s\n", audience_name(g->msgs[i].audience), g->msgs[i].text);
  return 0;
}

static int hook_attempt(void *ctx, Game *g, const char *text, char *answer, size_t alen,
                        char *err, size_t errlen) {
  HookCall c = {ctx, 1, text};
  (void)g;
  if (call_hook(&c, err, errlen)) return -1;
  lua_State *L = c.box->L;
  int bad = check_returned(&c, -2, "the answer", NULL, "a string, or nil", err, errlen);
  if (!bad && lua_type(L, -2) == LUA_TSTRING) snprintf(answer, alen, "%s", lua_tostring(L, -2));
  lua_pop(L, 2);
  if (!bad && sandbox_of(L)->trace) printf("trace: on_attempt(%s) -> %s\n", text, answer);
  return bad;
}

static void hook_result(void *ctx, Game *g, GameResult *r) {
  static const char *const winners[] = {"white", "black", "draw", NULL};
  HookCall c = {ctx, 2, NULL};
  Sandbox *s = sandbox_of(c.box->L);
  static char msg[512], reason[128]; /* results are read before the next call */
  char err[512];
  (void)g;
  if (s->in_result_hook) return;
  s->in_result_hook = 1;
  int status = call_hook(&c, err, sizeof err);
  s->in_result_hook = 0;
  lua_State *L = c.box->L;
  if (!status && (check_returned(&c, -3, "the winner", winners,
                                 "\"white\", \"black\", \"draw\", or nil while the game goes on",
                                 err, sizeof err) ||
                  (!lua_isnil(L, -3) &&
                   check_returned(&c, -2, "the reason", NULL, "a string, or nil", err, sizeof err)))) {
    lua_pop(L, 3);
    status = -1;
  }
  if (status) { /* reported as the reason, so that it is seen */
    snprintf(msg, sizeof msg, "on_result failed%.480s", err + strlen("on_result"));
    r->over = 1;
    r->winner = -1;
    r->reason = msg;
    return;
  }
  const char *w = lua_tostring(L, -3);
  if (s->trace) printf("trace: on_result() -> %s\n", w ? w : "nil");
  if (w) {
    snprintf(reason, sizeof reason, "%s", lua_isnil(L, -2) ? "rule" : lua_tostring(L, -2));
    r->over = 1;
    r->winner = !strcmp(w, "white") ? WHITE : !strcmp(w, "black") ? BLACK : -1;
    r->reason = reason;
  }
  lua_pop(L, 3);
}


Game *binding_new_game(lua_State *L, int vidx, const char *fen) {
  char err[512];
  vidx = lua_absindex(L, vidx);
  VariantBox *b = tovariant(L, vidx);
  /* user values: the variant, the thread, the view; the scratch game
  ** beliefs ask the referee on */
  GameBox *box = lua_newuserdatauv(L, sizeof *box, 4);
  memset(box, 0, sizeof *box);
  luaL_setmetatable(L, GAME_MT);
  lua_pushvalue(L, vidx);
  lua_setiuservalue(L, -2, 1); /* the game keeps its variant alive */
  lua_pushthread(L);
  lua_setiuservalue(L, -2, 2); /* and the thread its hooks run on */
  box->L = L;
  box->hooks.ctx = box;
  if (b->hooks & HAS_ON_MOVE) box->hooks.after_step = hook_after_step;
  if (b->hooks & HAS_ON_ATTEMPT) box->hooks.attempt = hook_attempt;
  if (b->hooks & HAS_ON_RESULT) box->hooks.result = hook_result;
  box->hooks.beliefs = bind_hook_beliefs;
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
    if (!binding_variant_opts(L, checkcstring(L, 1), 0, opts))
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
    if (lua_getfield(L, 2, "fen") == LUA_TSTRING && memchr(lua_tostring(L, -1), '\0', lua_rawlen(L, -1)))
      return luaL_error(L, "fen contains a NUL character");
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
  return checkoption(L, idx, "uci", fmts);
}

/* Every way to finish the turn from here, steps joined by commas, appended
** to the table at tbl. */
static void push_turns(lua_State *L, Position *p, int san, const char *prefix, int tbl) {
  Move list[MAX_MOVES];
  char step[64], buf[512];
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++) {
    Undo u;
    if (san) move_to_san(p, list[i], step, sizeof step);
    else move_to_uci_among(p, list[i], list, n, step, sizeof step);
    snprintf(buf, sizeof buf, "%s%s%s", prefix, *prefix ? "," : "", step);
    move_make(p, list[i], &u);
    /* A turn's string ends where chance takes over (it decides at play). */
    if (p->phase == 0 || p->v->phase[p->phase].kind == PHASE_DRAW) {
      lua_pushstring(L, buf);
      lua_rawseti(L, tbl, (lua_Integer)lua_rawlen(L, tbl) + 1);
    } else {
      push_turns(L, p, san, buf, tbl);
    }
    move_unmake(p, list[i], &u);
  }
}

/* A copy of the game's position, as scratch space of Lua's: the game's
** own is never changed by a method that may raise (out of memory) in the
** middle of making and unmaking moves. */
static Position *scratch_position(lua_State *L, const Game *g) {
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = g->pos;
  return p;
}

/* g:legal([format]): the complete turns (a single move in most variants;
** e2e4,e4f6 where a turn has several steps), up to any step of chance. */
static int g_legal(lua_State *L) {
  Game *g = togame(L);
  int san = want_san(L, 2);
  if (game_decision(g).kind == DECIDE_ANSWER_OFFER) {
    lua_newtable(L);
    return 1;
  }
  Position *p = scratch_position(L, g);
  lua_newtable(L);
  push_turns(L, p, san, "", lua_gettop(L));
  return 1;
}

/* Is step (one step of a turn) written as a move or an action in some
** notation varia reads, whether or not it is legal here? */
static int readable_step(const Game *g, const char *step) {
  const Geometry *geo = &g->v->geo;
  int l1 = 0, l2 = 0;
  SanParts parts;
  for (int a = ACT_OFFER; a <= ACT_DECLINE; a++)
    if (!strcmp(step, game_action_names[a])) return 1;
  if (!strncmp(step, "cards:", 6)) step += 6;
  const char *at = strchr(step, '@'); /* a drop: N@f3, @e5 */
  if (at && board_parse_square(geo, at + 1, &l1) != SQ_NONE && at[1 + l1] == '\0') return 1;
  if (board_parse_square(geo, step, &l1) != SQ_NONE) {
    if (step[l1] == '\0') return 1; /* a square: a card play or a named target */
    if (board_parse_square(geo, step + l1, &l2) != SQ_NONE &&
        (step[l1 + l2] == '\0' || step[l1 + l2 + 1] == '\0'))
      return 1;
  }
  return san_parse(&g->pos, step, &parts) == 0;
}

/* The code of a refused text: "over" when the game had ended, "unreadable"
** when a step is no move in any notation, else "illegal". */
static const char *refusal_code(const Game *g, const char *text, int over) {
  char step[128];
  if (over) return "over";
  for (const char *s = text; s;) {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    if (n >= sizeof step) return "unreadable";
    memcpy(step, s, n);
    step[n] = '\0';
    if (!readable_step(g, step)) return "unreadable";
    s = comma ? comma + 1 : NULL;
  }
  return "illegal";
}

/* The code of a referee's answer to a try: the type of the last message
** the answer told the mover (a referee's "illegal", "nonsense"), else
** "illegal". */
static const char *answer_code(const Game *g, int from, int mover) {
  int bit = mover == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK;
  for (int i = g->nmsgs - 1; i >= from; i--)
    if (g->msgs[i].audience & bit) return g->msgs[i].type;
  return "illegal";
}

/* g:play(move, ...): all or none. Returns ok, the wording of a refusal or
** of the referee's answer, and a code for programs. */
static int g_play(lua_State *L) {
  Game *g = toowngame(L);
  int n = lua_gettop(L), played = 0, entries = g->n, nmsgs = g->nmsgs;
  char err[512];
  luaL_argcheck(L, n >= 2, 2, "expected a move");
  for (int i = 2; i <= n; i++) checkcstring(L, i); /* before any is played */
  for (int i = 2; i <= n; i++) {
    GameResult before = game_result(g);
    int mover = g->pos.side, from = g->nmsgs;
    int status = game_play_text(g, lua_tostring(L, i), &played, err, sizeof err);
    if (status == 1) { /* a try, answered by the referee: it stands */
      lua_pushboolean(L, 0);
      lua_pushstring(L, err);
      lua_pushstring(L, answer_code(g, from, mover));
      return 3;
    }
    if (status) { /* this text took back its own steps; the earlier ones go too */
      const char *code = refusal_code(g, lua_tostring(L, i), before.over && !before.claimable);
      game_rollback(g, entries, nmsgs);
      luaL_pushfail(L);
      lua_pushstring(L, err);
      lua_pushstring(L, code);
      return 3;
    }
  }
  lua_pushboolean(L, 1);
  lua_pushnil(L);
  lua_pushliteral(L, "ok");
  return 3;
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
  lua_pushstring(L, colour_name(d.player));
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
      move_to_uci_among(&g->pos, list[i], list, n, buf, sizeof buf);
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
  int player = checkoption(L, 2, NULL, (const char *const[]){"white", "black", NULL});
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
  int player = checkoption(L, 2, NULL, (const char *const[]){"white", "black", NULL});
  lua_newtable(L);
  for (int t = 0; t < g->v->ntypes; t++)
    if (g->pos.pocket[player][t]) {
      char key[4];
      type_text(g->v, t, BLACK, key);
      lua_pushinteger(L, g->pos.pocket[player][t]);
      lua_setfield(L, -2, key);
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

/* g:features() -> { names, values, weights, scales, eval }: the static
** evaluation of the position as its terms (eval.h's eval_features), for
** varia tune's linear fit: names[i] is the script's field of weights[i]
** ("mobility", "pst.centre", "value.n", "values_end.n", ...), values[i]
** White's feature less Black's, weights[i] centipawns per unit, scales[i]
** the script's number for a weight of 1; eval is the evaluation from
** White's point of view, the sum of values[i] * weights[i] but for the
** rounding of each term. */
static int g_features(lua_State *L) {
  static const char *const weight_names[EVAL_NWEIGHTS] = {
      [EVAL_MOBILITY] = "mobility",      [EVAL_CENTRE] = "pst.centre",
      [EVAL_ADVANCE] = "pst.advance",    [EVAL_PASSED] = "passed",
      [EVAL_DOUBLED] = "doubled",        [EVAL_ISOLATED] = "isolated",
      [EVAL_COLOUR_PAIR] = "colour_pair", [EVAL_SHIELD] = "royal.shield",
      [EVAL_ATTACK] = "royal.attack",    [EVAL_ROYAL_EDGE] = "royal.edge",
      [EVAL_ROYAL_CENTRE] = "royal.centre", [EVAL_GOAL] = "pst.goal", [EVAL_CHECKS] = "checks"};
  Game *g = togame(L);
  const EvalTables *e = search_eval_tables(binding_searcher(L), g->v);
  double f[EVAL_NFEATURES], w[EVAL_NFEATURES];
  int score = eval_features(e, &g->pos, f);
  eval_weights(e, w);
  lua_createtable(L, 0, 5);
  lua_newtable(L); /* names */
  lua_newtable(L); /* values */
  lua_newtable(L); /* weights */
  lua_newtable(L); /* scales */
  int n = 0;
  for (int i = 0; i < EVAL_NFEATURES; i++) {
    char name[32];
    if (i < EVAL_NWEIGHTS) snprintf(name, sizeof name, "%s", weight_names[i]);
    else if (i == EVAL_F_POINTS) {
      if (!g->v->has_points) continue;
      snprintf(name, sizeof name, "points");
    } else {
      int t = i < EVAL_F_END ? i - EVAL_F_VALUE : i - EVAL_F_END;
      if (t >= g->v->ntypes || g->v->type[t].neutral) continue;
      char key[4];
      type_text(g->v, t, BLACK, key);
      snprintf(name, sizeof name, "%s.%s", i < EVAL_F_END ? "value" : "values_end", key);
    }
    n++;
    lua_pushstring(L, name);
    lua_rawseti(L, -5, n);
    lua_pushnumber(L, f[i]);
    lua_rawseti(L, -4, n);
    lua_pushnumber(L, w[i]);
    lua_rawseti(L, -3, n);
    lua_pushinteger(L, i < EVAL_NWEIGHTS ? eval_weight_scale(i) : 1);
    lua_rawseti(L, -2, n);
  }
  lua_setfield(L, -5, "scales");
  lua_setfield(L, -4, "weights");
  lua_setfield(L, -3, "values");
  lua_setfield(L, -2, "names");
  lua_pushinteger(L, score);
  lua_setfield(L, -2, "eval");
  return 1;
}

/* g:attr(square [, value]): the per-piece attribute of the piece there. */
static int g_attr(lua_State *L) {
  Game *g = &checkbox(L, !lua_isnoneornil(L, 3))->g; /* setting resets the game */
  const char *s = checkcstring(L, 2);
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
  if (game_init(g, g->v, fen, err, sizeof err)) return luaL_error(L, "attr: %s", err);
  g->hooks = hooks;
  return 0;
}

/* g:undo([n]) */
static int g_undo(lua_State *L) {
  Game *g = toowngame(L);
  lua_Integer n = luaL_optinteger(L, 2, 1);
  luaL_argcheck(L, n >= 0, 2, "must not be negative");
  if (n > g->n) {
    luaL_pushfail(L);
    lua_pushfstring(L, "cannot undo %I step%s: %d played", n, n == 1 ? "" : "s", g->n);
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
  if (lua_getiuservalue(L, 1, 1) != LUA_TUSERDATA || !luaL_testudata(L, -1, VARIANT_MT))
    lua_getiuservalue(L, -1, 1); /* a view's game's variant */
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
  uint64_t n = perft(scratch_position(L, g), d, &s->interrupted);
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
  Position *p = scratch_position(L, g);
  DivideTable t = {L, p};
  lua_newtable(L);
  perft_divide(p, d, &s->interrupted, divide_into_table, &t);
  if (s->interrupted) return luaL_error(L, "interrupted");
  return 1;
}

/* g:san(move) and g:uci(move): a legal move in the other notation. */
static int convert(lua_State *L, int san) {
  Game *g = togame(L);
  char err[256], buf[64];
  Move m = parse_move(&g->pos, checkcstring(L, 2), err, sizeof err);
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

/* g:history([format]): the moves played. The names need each position:
** taken back from the game's on a copy, never made again
** (game_position_before), so that they are the game played whatever the
** hooks would answer now. */
static int g_history(lua_State *L) {
  Game *g = togame(L);
  int san = want_san(L, 2), n = g->n;
  char buf[128];
  /* Scratch space of Lua's: nothing to free if Lua raises an error. */
  Position *p = lua_newuserdatauv(L, sizeof *p, 0);
  lua_createtable(L, n, 0);
  /* last first: each position is the one after it taken back, as
  ** game_position_before takes them, in one pass */
  *p = g->pos;
  for (int i = n - 1; i >= 0; i--) {
    Move m = g->moves[i];
    if (!IS_GAME_ACTION(m)) move_unmake(p, m, &g->undos[i]);
    if (IS_GAME_ACTION(m) && game_entry_text(g, i))
      snprintf(buf, sizeof buf, "%s", game_entry_text(g, i));
    else if (IS_GAME_ACTION(m))
      snprintf(buf, sizeof buf, "%s", game_action_names[MOVE_PROMO(m)]);
    else if (san) move_to_san(p, m, buf, sizeof buf);
    else move_to_uci(p, m, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, -2); /* the scratch position */
  return 1;
}

int bind_player_arg(lua_State *L, int idx) {
  static const char *const names[] = {"white", "black", NULL};
  return checkoption(L, idx, NULL, names);
}

/* g:view(player): the board as the player may see it (hidden.h). */
static int g_view(lua_State *L) {
  Game *g = togame(L);
  char buf[4096];
  view_fen(&g->pos, bind_player_arg(L, 2), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}


/* A message's fields as a table: the stored "key=value; ..." read back,
** integers and booleans as the announcer gave them. */
static void push_fields(lua_State *L, const char *fields) {
  lua_newtable(L);
  for (const char *p = fields; p && *p;) {
    const char *end = strstr(p, "; "), *eq = strchr(p, '=');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (eq && (size_t)(eq - p) < len) {
      const char *val = eq + 1;
      size_t vlen = len - (size_t)(val - p);
      lua_pushlstring(L, p, (size_t)(eq - p));
      lua_pushlstring(L, val, vlen);
      const char *sv = lua_tostring(L, -1);
      if (!strcmp(sv, "true") || !strcmp(sv, "false")) {
        int b = sv[0] == 't';
        lua_pop(L, 1);
        lua_pushboolean(L, b);
      } else if (lua_stringtonumber(L, sv)) {
        if (lua_isinteger(L, -1)) lua_remove(L, -2); /* the integer given */
        else lua_pop(L, 1);                          /* only integers were: a text */
      }
      lua_rawset(L, -3);
    }
    p = end ? end + 2 : p + len;
  }
}

/* A message as Lua sees it: { type, text, to, index, fields }. */
static void push_message(lua_State *L, const Message *m) {
  lua_createtable(L, 0, 5);
  lua_pushstring(L, m->type);
  lua_setfield(L, -2, "type");
  lua_pushstring(L, m->text);
  lua_setfield(L, -2, "text");
  lua_pushstring(L, audience_name(m->audience));
  lua_setfield(L, -2, "to");
  lua_pushinteger(L, m->index);
  lua_setfield(L, -2, "index");
  push_fields(L, m->fields);
  lua_setfield(L, -2, "fields");
}

/* g:messages(player [, since]): the announcements the player received, as
** { {type=, text=, to=, index=, fields=}, ... }; since is a history
** length (without it, every message, those made before the first step
** included). */
static int g_messages(lua_State *L) {
  Game *g = togame(L);
  int player = bind_player_arg(L, 2);
  lua_Integer since = lua_isnoneornil(L, 3) ? -1 : luaL_checkinteger(L, 3);
  int bit = player == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, k = 0;
  lua_newtable(L);
  for (int i = 0; i < g->nmsgs; i++) {
    const Message *m = &g->msgs[i];
    if (!(m->audience & bit) || m->index <= since) continue;
    push_message(L, m);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

#define MAX_FIELDS 32

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The fields table at idx as "key=value; ..." in the order of the keys
** (so that two announcements with the same fields read the same), on the
** stack; raises on a field that could not be read back as it was given. */
static const char *fields_string(lua_State *L, int idx) {
  const char *keys[MAX_FIELDS];
  int n = 0;
  luaL_checktype(L, idx, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "announce: a field's name must be a string");
    const char *key = lua_tostring(L, -2);
    int good = *key != '\0' && !isdigit((unsigned char)*key);
    for (const char *c = key; *c; c++) good &= isalnum((unsigned char)*c) || *c == '_';
    if (!good) luaL_error(L, "announce: field name \"%s\" is not a name (letters, digits, _)", key);
    if (n == MAX_FIELDS) luaL_error(L, "announce: more than %d fields", MAX_FIELDS);
    int t = lua_type(L, -1);
    if (t == LUA_TSTRING) {
      size_t len;
      const char *v = lua_tolstring(L, -1, &len);
      for (size_t i = 0; i < len; i++)
        if (v[i] == ';' || iscntrl((unsigned char)v[i]))
          luaL_error(L, "announce: field %s: a text may not hold ';' or control characters", key);
    } else if (!(t == LUA_TBOOLEAN || (t == LUA_TNUMBER && lua_isinteger(L, -1)))) {
      luaL_error(L, "announce: field %s: expected a string, an integer or a boolean, got %s", key,
                 luaL_typename(L, -1));
    }
    keys[n++] = key; /* anchored by the table, which holds the key */
    lua_pop(L, 1);
  }
  qsort(keys, (size_t)n, sizeof *keys, compare_strings);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; i < n; i++) {
    if (i) luaL_addstring(&b, "; ");
    luaL_addstring(&b, keys[i]);
    luaL_addchar(&b, '=');
    lua_getfield(L, idx, keys[i]);
    if (lua_type(L, -1) == LUA_TBOOLEAN) {
      luaL_addstring(&b, lua_toboolean(L, -1) ? "true" : "false");
      lua_pop(L, 1);
    } else {
      luaL_addvalue(&b); /* a string or an integer */
    }
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

/* g:announce(to, type, text [, fields]): to is "all", "white" or "black";
** fields a table of names to strings, integers and booleans. */
static int g_announce(lua_State *L) {
  static const char *const names[] = {"white", "black", "all", NULL};
  static const int bits[] = {AUDIENCE_WHITE, AUDIENCE_BLACK, AUDIENCE_ALL};
  Game *g = togame(L);
  int to = checkoption(L, 2, NULL, names);
  const char *type = checkcstring(L, 3), *text = checkcstring(L, 4);
  const char *fields = lua_isnoneornil(L, 5) ? NULL : fields_string(L, 5);
  if (game_announce_fields(g, bits[to], type, text, fields)) return luaL_error(L, "out of memory");
  return 0;
}

static void push_square(lua_State *L, const Game *g, int sq) {
  char name[4];
  board_square_name(&g->v->geo, sq, name);
  lua_pushstring(L, name);
}

/* Pushes how the piece in cell is written: its letter (White's upper
** case), or +P for a promoted form without a letter of its own. */
static void push_piece(lua_State *L, const Variant *v, uint8_t cell) {
  char buf[4];
  lua_pushlstring(L, buf, (size_t)type_text(v, CELL_TYPE(cell), CELL_COLOUR(cell), buf));
}

/* Pushes the table of a step: m played from the position before, with
** u its undo record. */
static void describe_step(lua_State *L, Game *g, const Position *before, Move m, const Undo *u) {
  int flag = MOVE_FLAG(m);
  char buf[64];
  move_to_uci(before, m, buf, sizeof buf);
  lua_createtable(L, 0, 10);
  lua_pushstring(L, buf);
  lua_setfield(L, -2, "move");
  lua_pushstring(L, colour_name(u->side));
  lua_setfield(L, -2, "player");
  if (flag == MF_PLACE) {
    lua_pushliteral(L, "relocate");
    lua_setfield(L, -2, "kind");
  } else {
    if (flag == MF_DROP) {
      lua_pushliteral(L, "drop");
      lua_setfield(L, -2, "kind");
    }
    push_piece(L, g->v, u->moved);
    lua_setfield(L, -2, "piece");
  }
  if (MOVE_FROM(m) != PLACE_FROM_NONE && flag != MF_DROP) {
    push_square(L, g, MOVE_FROM(m));
    lua_setfield(L, -2, "from");
  }
  push_square(L, g, MOVE_TO(m));
  lua_setfield(L, -2, "to");
  if (u->captured != CELL_EMPTY) {
    push_piece(L, g->v, u->captured);
    lua_setfield(L, -2, "captured");
    push_square(L, g, flag == MF_EP ? u->ep_victim : MOVE_TO(m));
    lua_setfield(L, -2, "capture_square");
  }
  lua_pushboolean(L, flag == MF_EP);
  lua_setfield(L, -2, "en_passant");
  lua_pushboolean(L, flag == MF_CASTLE);
  lua_setfield(L, -2, "castling");
  if (flag == MF_PROMO) {
    lua_pushlstring(L, buf, (size_t)type_text(g->v, MOVE_PROMO(m) - 1, BLACK, buf));
    lua_setfield(L, -2, "promotion");
  }
  int gate = flag == MF_GATE ? MOVE_PROMO(m) : flag == MF_CASTLE ? CASTLE_GATE(m) : 0;
  if (gate) { /* the piece that entered a gate square */
    buf[0] = g->v->type[gate - 1].letter;
    lua_pushlstring(L, buf, 1);
    lua_setfield(L, -2, "gated");
  }
}

static void push_step_info(lua_State *L, Game *g, int i) {
  Move m = g->moves[i];
  if (IS_GAME_ACTION(m)) {
    lua_createtable(L, 0, 0);
    return;
  }
  /* The position before it, taken back on a copy (scratch space of Lua's). */
  Position *p = scratch_position(L, g);
  for (int j = g->n - 1; j >= i; j--)
    if (!IS_GAME_ACTION(g->moves[j])) move_unmake(p, g->moves[j], &g->undos[j]);
  describe_step(L, g, p, m, &g->undos[i]);
  lua_remove(L, -2);
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
  int player = lua_isnoneornil(L, 2) ? g->pos.side : bind_player_arg(L, 2), k = 0;
  const Position *p = &g->pos;
  int from[MAX_PIECES], ksq[MAX_PIECES];
  int n = royal_checkers(p, player, from, ksq, MAX_PIECES);
  if (n > MAX_PIECES) n = MAX_PIECES;
  lua_createtable(L, n, 0);
  for (k = 0; k < n; k++) {
    lua_createtable(L, 0, 3);
    push_square(L, g, from[k]);
    lua_setfield(L, -2, "from");
    push_piece(L, g->v, p->board[from[k]]);
    lua_setfield(L, -2, "piece");
    push_square(L, g, ksq[k]);
    lua_setfield(L, -2, "king");
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* g:chased(): the squares of the pieces the last move chases
** (rules.chasing; src/core/chase.h), in square order (a1, b1, ... a2,
** ...); empty without the rule, before any move, or after an action. */
static int g_chased(lua_State *L) {
  Game *g = togame(L);
  ChaseSet set;
  memset(&set, 0, sizeof set);
  if (g->v->chasing.result != RESULT_NONE && g->n > 0 && !IS_GAME_ACTION(g->moves[g->n - 1])) {
    Position *before = scratch_position(L, g);
    game_position_before(g, g->n - 1, before);
    chase_set(&g->pos, before, g->moves[g->n - 1], &set);
    lua_pop(L, 1);
  }
  lua_newtable(L);
  const Geometry *geo = &g->v->geo;
  int k = 0;
  for (int r = 0; r < geo->ranks; r++)
    for (int f = 0; f < geo->files; f++) {
      int sq = board_square(geo, f, r);
      if (sq == SQ_NONE || !(set.w[sq >> 6] >> (sq & 63) & 1)) continue;
      push_square(L, g, sq);
      lua_rawseti(L, -2, ++k);
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

/* g:why(move): whether move is legal here, and why not in words (the
** REPL's why; explain.h). Returns true and what the move does, or false
** and the rule that refuses it. The truth is explained: a player of a
** hidden game asks the referee (g:play), not this. */
static int g_why(lua_State *L) {
  Game *g = togame(L);
  const char *text = checkcstring(L, 2);
  char out[1024];
  int legal = explain_move(scratch_position(L, g), text, out, sizeof out);
  lua_pushboolean(L, legal);
  lua_pushstring(L, out);
  return 2;
}

/* Pushes the messages of g from index from on that player (-1: any) may
** hear, as g:messages lists them. */
static void push_messages_from(lua_State *L, const Game *g, int from, int player) {
  int k = 0;
  lua_newtable(L);
  for (int i = from; i < g->nmsgs; i++) {
    const Message *m = &g->msgs[i];
    if (player >= 0 && !(m->audience & (player == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK))) continue;
    push_message(L, m);
    lua_rawseti(L, -2, ++k);
  }
}

/* Runs the variant's on_position(g) on the game (as a hook: on the
** game's view, which may announce but not play), keeps nothing of what
** it announced, and returns it. */
static int call_on_position(lua_State *L) {
  GameBox *box = lua_touserdata(L, 1);
  lua_getiuservalue(L, 2, 1); /* 3: the variant */
  lua_getiuservalue(L, 3, 1); /* 4: its table */
  if (rawfield(L, 4, "on_position") != LUA_TFUNCTION) return 0; /* 5 */
  push_view(L, box, 2); /* 6: the game's view */
  lua_call(L, 1, 0);
  return 0;
}

/* g:referee([player]): what the referee would announce about the position
** as it stands (the variant's on_position: at set-up, from a FEN), to
** player or to anyone, without playing a step or keeping a message. An
** empty list where the variant says nothing. */
static int g_referee(lua_State *L) {
  GameBox *box = checkbox(L, 1); /* not from a hook: it runs one */
  Game *g = &box->g;
  int player = lua_isnoneornil(L, 2) ? -1 : bind_player_arg(L, 2);
  int n = g->n, nmsgs = g->nmsgs;
  lua_pushcfunction(L, call_on_position);
  lua_pushlightuserdata(L, box);
  lua_pushvalue(L, 1);
  g->in_hook++;
  int status = lua_pcall(L, 2, 0, 0);
  g->in_hook--;
  if (status != LUA_OK) {
    game_rollback(g, n, nmsgs);
    return luaL_error(L, "on_position: %s", lua_tostring(L, -1));
  }
  push_messages_from(L, g, nmsgs, player);
  game_rollback(g, n, nmsgs);
  return 1;
}

/* g:choices(square): where a turn's first step names a square and the
** opponent chooses the move there (a target step), the moves the chooser
** could choose from if square were named now (or, at the choosing step,
** the moves there now), in UCI, and the chooser. nil and why when square
** cannot be named. */
static int g_choices(lua_State *L) {
  Game *g = togame(L);
  const char *square = checkcstring(L, 2);
  Decision d = game_decision(g);
  Position *p = scratch_position(L, g);
  Move list[MAX_MOVES], options[MAX_MOVES];
  char buf[64];
  int n = gen_legal(p, list), k = -1;
  if (d.kind == DECIDE_CHOOSE) {
    /* the square named already: the last step's */
    Move last = g->n ? g->moves[g->n - 1] : MOVE_NONE;
    if (last != MOVE_NONE && !IS_GAME_ACTION(last)) {
      Position before = *p;
      move_unmake(&before, last, &g->undos[g->n - 1]);
      move_to_uci(&before, last, buf, sizeof buf);
    } else {
      buf[0] = '\0';
    }
    if (strcmp(buf, square)) {
      luaL_pushfail(L);
      lua_pushfstring(L, "%s: the square named is %s, and %s chooses now", square, buf,
                      colour_title(d.player));
      return 2;
    }
    k = n;
    memcpy(options, list, sizeof *list * (size_t)n);
  } else if (d.kind == DECIDE_TARGET) {
    for (int i = 0; i < n && k < 0; i++) {
      move_to_uci(p, list[i], buf, sizeof buf);
      if (strcmp(buf, square)) continue;
      Undo u;
      move_make(p, list[i], &u);
      k = gen_legal(p, options);
      lua_newtable(L);
      for (int j = 0; j < k; j++) {
        move_to_uci(p, options[j], buf, sizeof buf);
        lua_pushstring(L, buf);
        lua_rawseti(L, -2, j + 1);
      }
      move_unmake(p, list[i], &u);
      lua_pushstring(L, colour_name(p->side ^ 1));
      return 2;
    }
    luaL_pushfail(L);
    lua_pushfstring(L, "%s: %s cannot name that square now (no piece of theirs can go there)", square,
                    colour_title(d.player));
    return 2;
  } else {
    luaL_pushfail(L);
    lua_pushfstring(L, "%s: no square is named in this step (the decision now is %s)", square,
                    d.kind == DECIDE_NONE ? "none: the game is over" : "a move");
    return 2;
  }
  lua_newtable(L);
  for (int j = 0; j < k; j++) {
    move_to_uci(p, options[j], buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -2, j + 1);
  }
  lua_pushstring(L, colour_name(d.player));
  return 2;
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
    move_to_uci_among(p, list[i], list, n, uci, sizeof uci);
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
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, SEARCHER_KEY);
  return *sp;
}

/* The score of the last completed iteration, for g:bestmove's second
** result: taken from the search the choice made, not from a second one. */
static void keep_score(void *ctx, const SearchResult *r) {
  *(int *)ctx = r->score;
}

/* g:bestmove([depth | {depth=, seconds=, nodes=, fresh=}]): the computer's
** choice for whoever decides now, in UCI (nil when the game is over), and
** the search's score of it for the decider (nil where the choice was a
** vote over sampled positions). In a game with hidden information it
** decides from that player's view only. */
static int g_bestmove(lua_State *L) {
  Game *g = togame(L);
  int scored = INT_MIN;
  SearchLimits lim = {.depth = 3, .stop = &sandbox_of(L)->interrupted,
                      .info = keep_score, .info_ctx = &scored};
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
    /* fresh = true: forget what earlier searches stored, so that the
    ** choice depends on this position (and what this search sees) only:
    ** a batch of games played in any order, or split over processes,
    ** then plays each game alike */
    if (lua_getfield(L, 2, "fresh") != LUA_TNIL && lua_toboolean(L, -1))
      search_clear(binding_searcher(L));
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
  if (scored == INT_MIN) return 1;
  lua_pushinteger(L, scored);
  return 2;
}

/* g:moveinfo(move): what a legal move would do, without playing it. */
static int g_moveinfo(lua_State *L) {
  Game *g = togame(L);
  char err[256];
  Move m = parse_move(&g->pos, checkcstring(L, 2), err, sizeof err);
  if (m == MOVE_NONE) {
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  /* Made on a copy: the game itself never changes, whatever happens. */
  Position *after = scratch_position(L, g);
  Undo u;
  move_make(after, m, &u);
  describe_step(L, g, &g->pos, m, &u);
  return 1;
}

/* g:piece(square) -> "P", "n", ... or nil */
static int g_piece(lua_State *L) {
  Game *g = togame(L);
  const char *s = checkcstring(L, 2);
  int len = 0, sq = board_parse_square(&g->v->geo, s, &len);
  luaL_argcheck(L, sq != SQ_NONE && s[len] == '\0', 2, "not a square of this board");
  uint8_t c = g->pos.board[sq];
  if (c == CELL_EMPTY) {
    lua_pushnil(L);
    return 1;
  }
  push_piece(L, g->v, c);
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

/* __gc, only ever called by the collector (the metatable is out of
** reach): safe to run twice. A finalizer that runs after it and still
** holds the game gets "closed game" from every method. */
static int g_gc(lua_State *L) {
  GameBox *box = luaL_checkudata(L, 1, GAME_MT);
  if (!box->closed) {
    game_free(&box->g);
    for (int c = 0; c < 2; c++) {
      belief_free(box->belief[c]);
      box->belief[c] = NULL;
    }
  }
  box->closed = 1;
  return 0;
}

/* __close (local g <close>): the same, but not under the feet of the
** game's running hooks. */
static int g_close(lua_State *L) {
  GameBox *box = luaL_checkudata(L, 1, GAME_MT);
  if (box->g.in_hook && !box->closed)
    return luaL_error(L, "the game's hooks are running: it cannot be closed until they return");
  return g_gc(L);
}

static int g_tostring(lua_State *L) {
  GameBox *box = luaL_testudata(L, 1, GAME_MT);
  if (box && box->closed) {
    lua_pushliteral(L, "varia.Game(closed)");
    return 1;
  }
  Game *g = togame(L);
  char buf[1024];
  pos_fen(&g->pos, buf, sizeof buf);
  lua_pushfstring(L, "varia.Game(%s: %s)", g->v->name, buf);
  return 1;
}

/* ---- module functions --------------------------------------------------- */

static int l_variants(lua_State *L) {
  script_list_variants(L);
  return 1;
}

/* varia.load(spec): the variant's table, as its script returns it. */
static int l_load(lua_State *L) {
  if (names_require(L, checkcstring(L, 1))) return lua_error(L);
  return 1;
}

/* varia.check(spec or table) -> true | nil, problems */
static int l_check(lua_State *L) {
  const Variant *v = lua_istable(L, 1) ? binding_variant(L, NULL, 1)
                                       : binding_variant(L, checkcstring(L, 1), 0);
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
  const char *name = checkcstring(L, 1);
  if (script_require(L, name, NULL)) {
    /* Not ours, or broken: say why in require's list of places tried. */
    lua_pushfstring(L, "\n\tvaria: %s", lua_tostring(L, -1));
    return 1;
  }
  lua_pushcclosure(L, return_upvalue, 1);
  return 1;
}

/* The game's methods: the one registry of what sandboxed code may call on
** a game (charged.h). The C work of a method called while a budget runs
** (from a variant script's hook) is paid in instructions: about the time
** the methods that generate moves, play, parse a move or copy the game
** take (10 us for chess, measured on g:copy():play(move)), per step of the
** history for g:history, what writing the position takes for g:fen,
** g:view and g:lastmove, little for the rest. Searches, whose work no
** estimate bounds, are refused. Trusted code is not charged. */
#define COST_LOOKUP 10
#define COST_WRITE 200 /* the FEN, a view, a move described (about 0.7 us) */
#define COST_GENERATE 5000
static const ChargedMethod game_methods[] = {
    CHARGED_METHOD("legal", g_legal, COST_GENERATE, 0),
    CHARGED_METHOD("play", g_play, COST_GENERATE, 0),
    CHARGED_METHOD("undo", g_undo, COST_GENERATE, 0),
    CHARGED_METHOD("fen", g_fen, COST_WRITE, 0),
    CHARGED_METHOD("turn", g_turn, COST_GENERATE, 0),
    CHARGED_METHOD("result", g_result, COST_GENERATE, 0),
    CHARGED_METHOD("perft", g_perft, CHARGED_REFUSED, 0),
    CHARGED_METHOD("divide", g_divide, CHARGED_REFUSED, 0),
    CHARGED_METHOD("san", g_san, COST_GENERATE, 0),
    CHARGED_METHOD("uci", g_uci, COST_GENERATE, 0),
    CHARGED_METHOD("history", g_history, COST_GENERATE, 0),
    CHARGED_METHOD("piece", g_piece, COST_LOOKUP, 0),
    CHARGED_METHOD("incheck", g_incheck, COST_GENERATE, 0),
    CHARGED_METHOD("variant", g_variant, COST_LOOKUP, 0),
    CHARGED_METHOD("decision", g_decision, COST_GENERATE, 0),
    CHARGED_METHOD("score", g_score, COST_LOOKUP, 0),
    CHARGED_METHOD("features", g_features, COST_GENERATE, 0),
    CHARGED_METHOD("attr", g_attr, COST_GENERATE, 0),
    CHARGED_METHOD("view", g_view, COST_WRITE, 0),
    CHARGED_METHOD("messages", g_messages, COST_LOOKUP, 0),
    CHARGED_METHOD("announce", g_announce, COST_LOOKUP, 0),
    CHARGED_METHOD("lastmove", g_lastmove, COST_WRITE, 0),
    CHARGED_METHOD("checkers", g_checkers, COST_GENERATE, 0),
    CHARGED_METHOD("chased", g_chased, 100 * COST_GENERATE, 0),
    CHARGED_METHOD("conceivable", g_conceivable, COST_GENERATE, 0),
    CHARGED_METHOD("moveinfo", g_moveinfo, COST_GENERATE, 0),
    CHARGED_METHOD("copy", g_copy, COST_GENERATE, 0),
    CHARGED_METHOD("hand", g_hand, COST_LOOKUP, 0),
    CHARGED_METHOD("pocket", g_pocket, COST_LOOKUP, 0),
    CHARGED_METHOD("selftest", g_selftest, 100 * COST_GENERATE, 0),
    CHARGED_METHOD("bestmove", g_bestmove, CHARGED_REFUSED, 0),
    CHARGED_METHOD("beliefs", bind_g_beliefs, COST_LOOKUP, 0),
    CHARGED_METHOD("why", g_why, COST_GENERATE, 0),
    CHARGED_METHOD("referee", g_referee, COST_LOOKUP, 0),
    CHARGED_METHOD("choices", g_choices, COST_GENERATE, 0),
    CHARGED_END};

const ChargedMethod *binding_methods(void) { return game_methods; }

/* A game method behind its cost: upvalues are the method, its cost, its
** name and what may call it (charged_push_methods). */
static int charged_call(lua_State *L);
static int charged_method(lua_State *L) {
  /* A variant with rule hooks: they run on this thread, and a failure
  ** in them is this call's error, after the game is put back as it was
  ** (the core unmakes what it makes; a step the game recorded goes). */
  GameBox *box = luaL_testudata(L, 1, GAME_MT);
  if (!box) {
    GameView *view = luaL_testudata(L, 1, VIEW_MT);
    if (view) box = view->box;
  }
  RuleHooks *rules = box && !box->closed && !box->g.in_hook ? box->g.v->rules : NULL;
  if (rules) {
    int entries = box->g.n, nmsgs = box->g.nmsgs;
    rules_enter(rules, L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_pushcclosure(L, charged_call, 4);
    lua_insert(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    const char *failure = rules_failure(rules);
    if (failure) {
      if (box->g.n > entries) game_rollback(&box->g, entries, nmsgs);
      return luaL_error(L, "%s", failure);
    }
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
  }
  return charged_call(L);
}

static int charged_call(lua_State *L) {
  lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
  if (sandbox_budget_running(L)) {
    long cost = (long)lua_tointeger(L, lua_upvalueindex(2));
    if (cost == CHARGED_REFUSED)
      return luaL_error(L, "g:%s is not available in a variant script's hooks (its work in C "
                           "could run past the instruction budget)",
                        lua_tostring(L, lua_upvalueindex(3)));
    const char *name = lua_tostring(L, lua_upvalueindex(3));
    Game *g = luaL_testudata(L, 1, GAME_MT);
    if (g && strcmp(name, "history") == 0) cost *= 1 + g->n;
    sandbox_charge(L, cost);
  }
  return f(L);
}

static const luaL_Reg game_meta[] = {
    {"__gc", g_gc}, {"__close", g_close}, {"__tostring", g_tostring},
    {"__index", NULL}, {NULL, NULL}};

static const luaL_Reg view_meta[] = {{"__tostring", g_tostring}, {"__index", NULL}, {NULL, NULL}};

static const luaL_Reg variant_meta[] = {
    {"__gc", bind_variant_gc}, {"__tostring", bind_variant_tostring}, {NULL, NULL}};

/* varia.splitmix(state) -> number, state: the next number of the
** splitmix64 sequence whose state is given, and the state after it; the
** generator the C side uses (splitmix.h), for seeded sequences in Lua. */
static int l_splitmix(lua_State *L) {
  uint64_t state = (uint64_t)luaL_checkinteger(L, 1);
  lua_Integer out = (lua_Integer)splitmix_next(&state);
  lua_pushinteger(L, out);
  lua_pushinteger(L, (lua_Integer)state);
  return 2;
}

static const luaL_Reg varia_funcs[] = {
    {"new", l_new}, {"variants", l_variants}, {"load", l_load},
    {"check", l_check}, {"splitmix", l_splitmix}, {NULL, NULL}};

int luaopen_varia(lua_State *L) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_newtable(L);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  /* Every metatable is shared by all games (variants) of the state, and
  ** every game's script holds games (views): __metatable keeps them all
  ** out of reach, so that no script can call __gc on a live game or
  ** replace a method that other games and trusted code call. */
  luaL_newmetatable(L, VARIANT_MT);
  luaL_setfuncs(L, variant_meta, 0);
  lua_pushliteral(L, VARIANT_MT);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  luaL_newmetatable(L, GAME_MT);
  luaL_setfuncs(L, game_meta, 0);
  charged_push_methods(L, game_methods, charged_method);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, GAME_MT);
  lua_setfield(L, -2, "__metatable");
  luaL_newmetatable(L, VIEW_MT); /* a view: the same methods */
  luaL_setfuncs(L, view_meta, 0);
  lua_getfield(L, -2, "__index");
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, GAME_MT);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  luaL_newlib(L, varia_funcs);
  lua_pushliteral(L, VARIA_VERSION);
  lua_setfield(L, -2, "version");
  bind_json_push(L);
  lua_setfield(L, -2, "json");
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
