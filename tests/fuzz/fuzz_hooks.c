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
** An input whose first byte is 0xFF also writes rule hooks (the hooks
** table: moves, legal, effects, attacked, turn_ends, terminal, a script
** kind, a turn of two steps), chosen by a second flags byte, whose bodies
** make and unmake moves where they may and where they may not, keep the
** position and use it after its hook, keep state in the script's tables
** and the position's state slots, return lists whose length is negative,
** huge or not an integer, and never end a turn; a play byte of 248 or
** more then counts the tree (g:perft, one or two turns) through them.
** Other inputs are read as before, so the seeds and past findings keep
** their meaning.
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

/* Fragments of rule hooks' bodies: pos is the hook's position (valid
** only while the hook runs), m a move of the hook's (0 where it has none),
** S and N as above. Many are refused by where they run (a make in
** effects, a put in moves): the refusal must be a clean error. */
static const char *const rule_fragments[] = {
    /* moves made in the hook, balanced or not */
    "pos:make(pos:pseudo()[1 + N % math.max(1, #pos:pseudo())] or 0)",
    "for _, x in ipairs(pos:pseudo()) do pos:make(x) end",
    "pos:make(m); pos:make(m)",
    "pos:make(m); pos:unmake()",
    "pos:unmake(); pos:unmake()",
    "local l = pos:legal(); if l[1] then pos:make(l[1 + N % #l]) end",
    "for i = 1, N do pos:make(pos:pseudo()[1] or 0) pos:unmake() end",
    "pos:make(pos:move('e2', 'e4', 'zap'))",
    "pos:make(-1)",
    "pos:make(1 << 40)",
    /* the position kept past its hook, and used later */
    "S.pos = pos",
    "if S.pos then S.pos:make(S.pos:pseudo()[1] or 0) end",
    "if S.pos then S.pos:put('e4', 'Q') end",
    "if S.pos then S.n = #S.pos:legal() end",
    "S.moves = S.moves or {}; S.moves[#S.moves + 1] = m",
    "if S.moves then pos:make(S.moves[1 + N % #S.moves] or 0) end",
    "S.co = coroutine.wrap(function() while true do pos:make(pos:pseudo()[1] or 0) coroutine.yield() end end); S.co()",
    "if S.co then S.co() end",
    /* state: the position's slots and the script's own tables */
    "pos:set_state(1 + N % 4, N * 1000003)",
    "pos:set_state(1 + N % 6, -N)",
    "pos:set_state(1, math.maxinteger)",
    "pos:set_state(2, 0.5)",
    "pos:set_state(0, 1); pos:set_state(5, 1)",
    "S.k = (S.k or 0) + 1; pos:set_state(1, S.k)",
    "pos:set_state(1, pos:state(1) + 1)",
    "S.k = (S.k or 0) + 1; if S.k % 3 == 0 then error('every third call') end",
    "pos:state(-N); pos:state(1 << 40)",
    /* the board changed from effects (and refused elsewhere) */
    "pos:put(pos:square(1 + N % 8, 1 + (N // 8) % 8) or 'e4', 'Q')",
    "pos:put('e4', 'K'); pos:put('d4', 'K', 'black')",
    "pos:remove(pos:royal(pos:side()) or 'e1')",
    "pos:remove(pos:royal('white') or 'e1'); pos:remove(pos:royal('black') or 'e8')",
    "for _, sq in ipairs(pos:pieces('white')) do pos:remove(sq) end",
    "for i = 0, 63 do pos:put(pos:square(1 + i % 8, 1 + i // 8), 'P') end",
    "pos:relocate('e1', 'e8'); pos:relocate('e8', 'e1')",
    "pos:relocate('a1', 'a1')",
    "pos:recolour(pos:royal('white') or 'e1')",
    "pos:recolour('d1', 'neutral')",
    "pos:set_attr('e2', N * 7); pos:set_attr('e2', -1)",
    "pos:set_attr('e2', 1 << 40)",
    "pos:reset_clock()",
    "pos:put('e4', '?'); pos:put('zz', 'Q'); pos:put('e4', 'Q', 'purple')",
    /* questions with hostile arguments */
    "pos:square(-N, 1 << 62); pos:file('zz'); pos:rank('')",
    "pos:decode(-N); pos:decode(math.mininteger); pos:uci(-1)",
    "pos:captures({-1, 0, N, math.maxinteger})",
    "pos:move('e2', 'e4', 'nosuch'); pos:move('zz', 'e4', 'zap')",
    "pos:moves_as('e4', 'Q'); pos:moves_as('e4', '?')",
    "pos:attacked('e4', 'white', {e4 = true}); pos:attacked('e4', 'white', {attr = -1, value = N})",
    "pos:attackers('e4', 'black', {attr = 1 << 40, value = -1})",
    "pos:pieces('purple'); pos:count('white', '?!')",
    "pos:in_check(pos:mover()); pos:fen()",
    "pos:legal(); pos:legal(); pos:legal()",
    "local function f(d) if d > 0 then pos:make(pos:pseudo()[1] or 0) f(d - 1) end end f(N)",
    /* the sandbox's attacks, inside a rule hook */
    "while true do end",
    "while true do pcall(pos.legal, pos) end",
    "error({})",
    "error(pos)",
    "getmetatable(pos).__index = nil",
    "string.rep('x', 1 << (N % 40))",
};
#define NRULE_FRAGMENTS (sizeof rule_fragments / sizeof rule_fragments[0])

/* What hooks.moves returns: lists of every length, move codes of every
** kind, reasons that are not strings. */
static const char *const moves_returns[] = {
    "return moves",
    "return nil",
    "return {}",
    "local t = {} for i = #moves, 1, -1 do t[#t + 1] = moves[i] end return t",
    "return setmetatable({}, {__len = function() return -1 end})",
    "return setmetatable({}, {__len = function() return -N end})",
    "return setmetatable({}, {__len = function() return math.mininteger end})",
    "return setmetatable({moves[1]}, {__len = function() return 1 << 40 end})",
    "return setmetatable({moves[1]}, {__len = function() return 2.5 end})",
    "return setmetatable({moves[1]}, {__len = function() return 'x' end})",
    "return setmetatable({}, {__len = function() while true do end end})",
    "return setmetatable(moves, {__len = function() return #moves - N end})",
    "return {moves[1], moves[1], moves[1]}",
    "return {0, -1, math.maxinteger, 1 << 40}",
    "return {N}",
    "return {'e2e4'}",
    "return {{}}",
    "moves[0] = moves[1]; moves[-1] = moves[1]; return moves",
    "local t = {} for i = 1, 1000 do t[i] = moves[1] end return t",
    "return moves, {[moves[1] or 0] = string.rep('r', 1 << 16)}",
    "return moves, setmetatable({}, {__index = function() while true do end end})",
    "return moves, 42",
    "moves[#moves + 1] = pos:move(pos:pieces(pos:side())[1] or 'e2', 'e4', 'zap'); return moves",
    "moves[#moves + 1] = pos:move('e2', 'e4', 'zap'); moves[#moves + 1] = moves[#moves]; return moves",
    "return 'moves'",
};
static const char *const legal_returns[] = {
    "return true", "return false", "return nil", "return false, string.rep('x', 1 << 16)",
    "return not pos:in_check(pos:mover())", "return {}", "return false, {}", "return 1",
};
static const char *const effects_returns[] = {"return nil", "return 1", "return pos"};
static const char *const attacked_returns[] = {
    "return true", "return false", "return nil", "return pos:attacked(square, by)",
    "return #pos:legal() > 0", "return pos:in_check(by)", "return 'yes'",
};
/* turn_ends: "return false" never ends a turn. */
static const char *const turn_returns[] = {
    "return false", "return false", "return true", "return nil",
    "return pos:step() > N % 3", "return 'x'", "return S.k and S.k % 2 == 0",
};
static const char *const terminal_returns[] = {
    "return nil", "return 'win'", "return 'draw'", "return 'loss'", "return 'purple'",
    "return pos:step() > 3 and 'loss' or nil", "return #pos:legal() == 0 and 'draw' or nil", "return {}",
};

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

/* Whether the input has rule hooks (its first byte was 0xFF). */
static int with_rules;

/* FUZZ_HOOKS_SKIP_MAKE=1 writes the rule fragments that make moves as a
** harmless question instead, so that a campaign can look for other
** classes while the moves left made by hooks are being fixed. */
static int skip_make;

/* A rule hook's body: as body(), from the rule fragments; the raw bytes
** and N are the same. */
static void rule_body(Text *t, Bytes *b) {
  char line[64];
  int count = 1 + (int)(next_byte(b) % 4);
  for (int i = 0; i < count; i++) {
    unsigned k = next_byte(b), n = next_byte(b);
    snprintf(line, sizeof line, "    do local N = %u\n    ", n);
    adds(t, line);
    if (k == 255) {
      size_t len = n < b->n ? n : b->n;
      add(t, (const char *)b->p, len);
      b->p += len;
      b->n -= len;
    } else {
      const char *f = rule_fragments[k % NRULE_FRAGMENTS];
      adds(t, skip_make && strstr(f, "make(") ? "pos:fen()" : f);
    }
    adds(t, "\n    end\n");
  }
}

/* One rule hook: its signature (which names m, the hook's move, or sets
** it to 0), a body, and one of its returns. */
static void rule_hook(Text *t, Bytes *b, const char *head, const char *const *returns, size_t nreturns) {
  adds(t, head);
  rule_body(t, b);
  adds(t, "    ");
  adds(t, returns[next_byte(b) % nreturns]);
  adds(t, "\n  end,\n");
}
#define RULE_HOOK(t, b, head, list) rule_hook(t, b, head, list, sizeof list / sizeof list[0])

/* The hooks table the second flags byte chooses; the N of a return is
** its own. */
static void rule_hooks(Text *t, Bytes *b) {
  unsigned flags = next_byte(b);
  char line[64];
  snprintf(line, sizeof line, "local N = %u\n", next_byte(b));
  adds(t, line);
  if (flags & 128) adds(t, "v.turn = { 'move', 'move' }\n");
  adds(t, "v.hooks = {\n");
  if (flags & 64) adds(t, "  kinds = { 'zap' },\n");
  if (flags & 1)
    RULE_HOOK(t, b, "  moves = function(pos, moves)\n    local m = moves[1] or 0\n", moves_returns);
  if (flags & 2) {
    adds(t, (flags & 64) ? "  effects_on = 'all',\n" : "  effects_on = 'captures',\n");
    RULE_HOOK(t, b, "  effects = function(pos, m, captured, capture_square, attr)\n", effects_returns);
  }
  if (flags & 4) RULE_HOOK(t, b, "  legal = function(pos, m)\n", legal_returns);
  if (flags & 8) RULE_HOOK(t, b, "  turn_ends = function(pos, m, step)\n", turn_returns);
  if (flags & 16) RULE_HOOK(t, b, "  attacked = function(pos, square, by)\n    local m = 0\n", attacked_returns);
  if (flags & 32) RULE_HOOK(t, b, "  terminal = function(pos)\n    local m = 0\n", terminal_returns);
  adds(t, "}\n");
}

/* The script: chess with the hooks the first byte chooses (after 0xFF,
** the second; then the rule hooks). self is the script's own name, for
** require cycles. */
static void script(Text *t, Bytes *b, const char *self) {
  int rules = with_rules = b->n && b->p[0] == 0xFF;
  if (rules) next_byte(b);
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
  if (rules) rule_hooks(t, b);
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

/* g:perft(depth), as a caller of the API calls it: a hook's error is an
** error of the call. Run under lua_pcall, the game and depth as arguments. */
static int call_perft(lua_State *L) {
  lua_getfield(L, 1, "perft");
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 0);
  return 0;
}

/* Counts the tree from the game's position (the game on top of the
** stack): generation, legality, effects and turns through every hook,
** one and two turns deep. */
static void count_tree(lua_State *L, int depth) {
  int top = lua_gettop(L);
  lua_pushcfunction(L, call_perft);
  lua_pushvalue(L, top);
  lua_pushinteger(L, depth);
  lua_pcall(L, 2, 0, 0);
  lua_settop(L, top);
}

/* Plays what the rest of the input asks, checking that no move is lost.
** The game is on top of L's stack. */
static void play(lua_State *L, Game *g, Bytes *b) {
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
    } else if (with_rules && k >= 248) {
      count_tree(L, 1 + (int)(k & 1));
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
    skip_make = getenv("FUZZ_HOOKS_SKIP_MAKE") != NULL;
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
      play(L, g, &b);
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
