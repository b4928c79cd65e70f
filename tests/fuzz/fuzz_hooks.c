/*
** fuzz_hooks.c - hostile variant scripts. The input builds a variant on
** chess whose hooks (on_move, on_attempt, on_result, ownership, and
** with_options behind an option) are made of fragments that attack the
** sandbox: metatables of games and strings, finalizers, endless loops,
** pcall and xpcall around budget errors, require cycles, games copied and
** played from hooks, searches from hooks, huge string.rep and table.move,
** coroutines, errors that are tables; with numbers and raw bytes from the
** input mixed in. The script is loaded as a file, then moves and tries
** chosen by the input are played through the game's hooks.
**
** Findings: a crash or a sanitizer report, a hang (libFuzzer's -timeout),
** a lost move (a play that succeeds and whose move is not the last of the
** history, or a play that fails and leaves other steps than it counts), or
** a change to a metatable that every game shares.
*/
#include "binding.h"
#include "fuzz_common.h"
#include "game.h"

/* A tiny reader over the input: a byte at a time, zero at the end. */
typedef struct Bytes {
  const uint8_t *p;
  size_t n;
} Bytes;

static unsigned next_byte(Bytes *b) {
  if (!b->n) return 0;
  b->n--;
  return *b->p++;
}

/* Fragments of hook bodies. Each runs with g (a game, or nil in ownership
** and with_options), S (a table shared by every hook of the script, where
** fragments keep games and copies across calls) and N (a number from the
** input, 0..255). */
static const char *const fragments[] = {
    /* metatables */
    "getmetatable(g).__index = nil",
    "getmetatable(g).__gc = function(x) S.dead = x end",
    "local mt = getmetatable(g); mt.__index = function(t, k) return mt.__index end",
    "setmetatable(g, {})",
    "getmetatable('').__index = function() return 1 end",
    "local mt = getmetatable(g); if type(mt) == 'table' then mt.__metatable = nil; mt.__name = N end",
    "debug.setmetatable(g, nil)",
    "rawset(getmetatable(g) or {}, '__close', function() end)",
    /* finalizers */
    "setmetatable({}, {__gc = function() S.g:play('e2e4') end})",
    "setmetatable({}, {__gc = function() while true do end end})",
    "setmetatable({}, {__gc = function() error({}) end})",
    "setmetatable({}, {__gc = function() S.c = S.g and S.g:copy() end})",
    "for i = 1, N do setmetatable({}, {__gc = function() S.n = (S.n or 0) + 1 end}) end",
    /* endless loops and budgets */
    "while true do end",
    "repeat local x = {} until false",
    "for i = 1, math.huge do end",
    "while true do pcall(function() while true do end end) end",
    "local ok, e = pcall(function() while true do end end); S.e = e",
    "while true do xpcall(function() while true do end end, function(e) return e end) end",
    "xpcall(function() while true do end end, function(e) while true do end end)",
    "local function f() return pcall(f) end f()",
    "local function f(n) return f(n + 1) + 1 end f(1)",
    "string.rep('x', 1 << (N % 40))",
    "('x'):rep(1 << 30)",
    "table.move({}, 1, 1 << (N % 48), 2)",
    "table.move({1, 2, 3}, 1, math.maxinteger, 2)",
    "table.concat(setmetatable({}, {__index = function() return 'x' end}), ',', 1, 1 << (N % 40))",
    "table.unpack({}, 1, 1 << (N % 30))",
    "string.format('%99d', N):rep(1 << 20)",
    "local t = {} for i = 1, 1 << (N % 24) do t[i] = t end",
    "S.big = (S.big or 'x') .. (S.big or 'x')",
    /* require */
    "require 'std'",
    "for i = 1, N do require 'std' end",
    "require(S.self or 'no such module')",
    "require '../../etc/passwd'",
    /* games from hooks */
    "S.g = g",
    "S.c = g:copy(); S.c:play(S.c:legal()[1 + N % #S.c:legal()])",
    "local c = g:copy() for _, m in ipairs(c:legal()) do c:play(m) end",
    "g:play(g:legal()[1])",
    "g:undo()",
    "S.g:play('e2e4')",
    "g:perft(1 + N % 6)",
    "g:bestmove(1 + N % 8)",
    "g:bestmove({nodes = N * 100000, depth = 20})",
    "g:divide(N % 5)",
    "g:announce('all', string.rep('x', N * 1000), 'y')",
    "for i = 1, N * 100 do g:announce('white', 'n', tostring(i)) end",
    "g:attr('e4', setmetatable({}, {__tostring = function() while true do end end}))",
    "g:moveinfo('e2e4'); g:moveinfo(string.rep('e', N))",
    "g:selftest()",
    "local c = g:copy(); S.keep = c; c = nil",
    "g:conceivable()",
    "g:view('white'); g:messages('black', -N)",
    "varia.new('chess')",
    /* coroutines */
    "coroutine.wrap(function() while true do end end)()",
    "local co = coroutine.create(function() g:play('e2e4') end) coroutine.resume(co)",
    /* errors */
    "error({})",
    "error(setmetatable({}, {__tostring = function() while true do end end}))",
    "error(setmetatable({}, {__tostring = function() return {} end}))",
    "error(g)",
    "error(nil)",
    "error(string.rep('e', 1 << (N % 28)))",
    "error(setmetatable({}, {__index = function() error('x') end, __concat = function() return g end}))",
    /* loads and globals */
    "load(string.rep('x = 1 ', N))()",
    "load('while true do end')()",
    "load(string.char(27) .. 'Lua')",
    "_G.varia = nil; _ENV = nil",
    "std = nil; string.rep = nil",
    "getmetatable(S).__gc = nil",
    "collectgarbage()",
    "dofile('/etc/passwd')",
    "io.open('/etc/passwd')",
};
#define NFRAGMENTS (sizeof fragments / sizeof fragments[0])

static const char *const attempt_returns[] = {
    "return 'Illegal'", "return nil", "return {}", "return g", "return string.rep('x', 1 << 20)",
    "return 42", "return setmetatable({}, {__tostring = function() error('x') end})",
};
static const char *const result_returns[] = {
    "return nil", "return 'white', 'rule'", "return 'draw'", "return 'purple'", "return {}",
    "return 'black', {}", "return 'white', string.rep('r', 1 << 16)", "return g, g",
};
static const char *const ownership_returns[] = {
    "return nil", "return 'white'", "return 'black'", "return rank > 4 and 'black' or nil",
    "return 42", "return {}",
};
static const char *const options_returns[] = {
    "return variant", "return nil", "return {}", "return 'chess'",
    "return std.extend(variant, { name = 'fz2' })", "return std.extend(variant, { files = 0 })",
};
#define PICK(list, b) list[(b) % (sizeof list / sizeof list[0])]

/* A growing text buffer that aborts on no memory. */
typedef struct Text {
  char *s;
  size_t n, cap;
} Text;

static void add(Text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    t->cap = (t->n + n + 1) * 2;
    t->s = realloc(t->s, t->cap);
    if (!t->s) abort();
  }
  memcpy(t->s + t->n, s, n);
  t->n += n;
  t->s[t->n] = '\0';
}

static void adds(Text *t, const char *s) { add(t, s, strlen(s)); }

/* A hook's body: one to four fragments, or the input's own bytes. */
static void body(Text *t, Bytes *b) {
  char line[64];
  int count = 1 + (int)(next_byte(b) % 4);
  for (int i = 0; i < count; i++) {
    unsigned k = next_byte(b), n = next_byte(b);
    snprintf(line, sizeof line, "  do local N = %u\n  ", n);
    adds(t, line);
    if (k == 255) { /* raw bytes: n of them, as code */
      size_t len = n < b->n ? n : b->n;
      add(t, (const char *)b->p, len);
      b->p += len;
      b->n -= len;
    } else {
      adds(t, fragments[k % NFRAGMENTS]);
    }
    adds(t, "\n  end\n");
  }
}

/* The script: chess with the hooks the first byte chooses. self is the
** script's own name, for require cycles. */
static void script(Text *t, Bytes *b, const char *self) {
  unsigned flags = next_byte(b);
  adds(t, "local std = require 'std'\nlocal S = { self = '");
  adds(t, self);
  adds(t, "' }\nlocal v = std.extend(std.chess, { name = 'fz'");
  if (flags & 1) adds(t, ", tries = true");
  if (flags & 2) adds(t, ", visibility = 'own'");
  adds(t, " })\n");
  if (flags & 4) {
    adds(t, "v.on_move = function(g, info)\n");
    body(t, b);
    adds(t, "end\n");
  }
  if (flags & 8) {
    adds(t, "v.on_attempt = function(g, text)\n");
    body(t, b);
    adds(t, PICK(attempt_returns, next_byte(b)));
    adds(t, "\nend\n");
  }
  if (flags & 16) {
    adds(t, "v.on_result = function(g)\n");
    body(t, b);
    adds(t, PICK(result_returns, next_byte(b)));
    adds(t, "\nend\n");
  }
  if (flags & 32) {
    adds(t, "v.ownership = function(square, file, rank)\n  local g = S.g\n");
    body(t, b);
    adds(t, PICK(ownership_returns, next_byte(b)));
    adds(t, "\nend\n");
  }
  if (flags & 64) {
    adds(t, "v.options = { o = { default = 'a', values = { 'a', 'b' }, doc = 'o' } }\n"
            "v.with_options = function(variant, chosen)\n  local g = S.g\n");
    body(t, b);
    adds(t, PICK(options_returns, next_byte(b)));
    adds(t, "\nend\n");
  }
  if (flags & 128) { /* the script's own top level is hostile too */
    adds(t, "do local g = nil\n");
    body(t, b);
    adds(t, "end\n");
  }
  adds(t, "return v\n");
}

/* The metatables every script shares: games', variants' and strings'.
** A copy of each is kept at the start; a script that changes one changes
** every game of the process (and the next inputs), so that is a finding. */
static const char *const shared_mt[] = {GAME_MT, VARIANT_MT, "string"};
#define NSHARED (sizeof shared_mt / sizeof shared_mt[0])

static void push_shared_mt(lua_State *L, size_t i) {
  if (i < 2) {
    luaL_getmetatable(L, shared_mt[i]);
  } else {
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) lua_pushnil(L);
    lua_remove(L, -2);
  }
}

/* Pushes a shallow copy of the table on top (nil stays nil). */
static void push_copy(lua_State *L) {
  if (!lua_istable(L, -1)) {
    lua_pushnil(L);
    return;
  }
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, -3)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

static void snapshot_shared(lua_State *L) {
  for (size_t i = 0; i < NSHARED; i++) {
    push_shared_mt(L, i);
    push_copy(L);
    char key[64];
    snprintf(key, sizeof key, "fuzz.%s", shared_mt[i]);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
    lua_pop(L, 1);
  }
}

/* Is the table at a (or nil) the same, key for key, as the one at b? */
static int same_table(lua_State *L, int a, int b) {
  if (lua_isnil(L, a) || lua_isnil(L, b)) return lua_isnil(L, a) && lua_isnil(L, b);
  for (int pass = 0; pass < 2; pass++) {
    int from = pass ? b : a, to = pass ? a : b;
    lua_pushnil(L);
    while (lua_next(L, from)) {
      lua_pushvalue(L, -2);
      lua_rawget(L, to);
      int same = lua_rawequal(L, -1, -2);
      lua_pop(L, 2);
      if (!same) {
        lua_pop(L, 1);
        return 0;
      }
    }
  }
  return 1;
}

static void check_shared(lua_State *L) {
  char key[64];
  for (size_t i = 0; i < NSHARED; i++) {
    snprintf(key, sizeof key, "fuzz.%s", shared_mt[i]);
    lua_getfield(L, LUA_REGISTRYINDEX, key);
    push_shared_mt(L, i);
    fuzz_require(same_table(L, lua_absindex(L, -2), lua_absindex(L, -1)),
                 "a script changed a metatable every game shares", shared_mt[i]);
    lua_pop(L, 2);
  }
}

static const char *const tries[] = {"zz9", "e2e5", "Ke2", "e7e5", "a1a8", "O-O", "offer", "accept"};

/* FUZZ_HOOKS_SKIP_LOST=1 leaves out the check of refused moves, so that a
** campaign can look for other classes while that one is being fixed. */
static int skip_lost;

/* Plays what the rest of the input asks, checking that no move is lost. */
static void play(Game *g, Bytes *b) {
  Move list[MAX_MOVES];
  char text[64], err[4096];
  for (int turn = 0; turn < 40 && b->n; turn++) {
    unsigned k = next_byte(b);
    int n0 = g->n, played = 0;
    if (k < 192) {
      int n = gen_legal(&g->pos, list);
      if (!n) return;
      Move m = list[next_byte(b) % (unsigned)n];
      move_to_uci(&g->pos, m, text, sizeof text);
      int status = game_play_text(g, text, &played, err, sizeof err);
      if (status == 0) {
        fuzz_require(played == 1 && g->n == n0 + 1 && g->moves[n0] == m,
                     "a move played is not in the game", text);
      } else {
        /* The caller takes back the steps counted in played (as g:play
        ** does): they must be exactly the steps still in the history. */
        if (!skip_lost)
          fuzz_require(g->n == n0 + played, "a refused move changed the history", text);
        while (g->n > n0) game_undo(g);
      }
    } else if (k < 224) {
      const char *t = tries[k % (sizeof tries / sizeof tries[0])];
      int status = game_play_text(g, t, &played, err, sizeof err);
      if (status < 0) while (played-- > 0) game_undo(g);
    } else if (k < 240) {
      game_undo(g);
    } else {
      game_result(g);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Text t = {0};
  Bytes b = {data, size};
  static int ready;
  fuzz_setup_state();
  if (!ready) {
    snapshot_shared(fuzz_sandbox->L);
    skip_lost = getenv("FUZZ_HOOKS_SKIP_LOST") != NULL;
    ready = 1;
  }
  if (!fuzz_file(data, 0, ".lua")) return 0; /* the path, for self */
  char self[64];
  const char *base = strrchr(fuzz_path, '/');
  snprintf(self, sizeof self, "%.*s", (int)strlen(base + 1) - 4, base + 1);
  script(&t, &b, self);
  if (getenv("FUZZ_HOOKS_PRINT")) fprintf(stderr, "%s", t.s); /* for triage */
  const char *path = fuzz_file((const uint8_t *)t.s, t.n, ".lua");
  free(t.s);
  if (!path) return 0;
  lua_State *L = fuzz_sandbox->L;
  int top = lua_gettop(L);
  const Variant *v = binding_variant(L, path, 0);
  if (v) {
    Game *g = binding_new_game(L, -1, NULL);
    if (g) {
      play(g, &b);
      game_result(g);
    }
  } else {
    fuzz_require(lua_tostring(L, -1) != NULL, "a failed load without a message", path);
  }
  fuzz_forget_variants();
  fuzz_settle(top);
  check_shared(L);
  return 0;
}
