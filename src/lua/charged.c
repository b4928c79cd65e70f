/*
** charged.c - library functions that pay the instruction budget.
**
** A VM instruction is paid by the count hook and memory by the allocator
** (sandbox.c), so a library function whose work is proportional to the
** memory it builds (string.sub, string.format, table.pack ...) pays for
** itself. What is left are the functions that loop without building:
**
**  - string.rep, which loops once per copy even when the copies are
**    empty, is rewritten to copy by doubling and to pay for its bytes;
**  - string.find, match, gmatch and gsub are a matcher of Lua patterns
**    (Lua 5.4 manual, 6.4.1) that pays for each step, since backtracking
**    can take time exponential in the pattern without building anything;
**  - the others (string.byte and unpack, table.insert, remove, move,
**    concat, unpack and sort, utf8.len, offset, codepoint and codes'
**    iterator, tonumber, rawequal) keep Lua's own code behind a wrapper
**    that pays, before the call, for the loop it is about to run.
**
** Work is counted in instructions: a step of a loop is one, and a byte
** scanned or compared one SANDBOX_BYTES_PER_INSTRUCTION-th.
*/
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include <lauxlib.h>

#include "charged.h"
#include "budget.h"

/* Pays for n steps (n may be any count a script can ask for). */
static void pay(lua_State *L, lua_Unsigned n) {
  sandbox_charge(L, n > (lua_Unsigned)LONG_MAX ? LONG_MAX : (long)n);
}

static void pay_bytes(lua_State *L, size_t n) {
  pay(L, n / SANDBOX_BYTES_PER_INSTRUCTION);
}

/* Runs the original function (upvalue 1, a C function of Lua's library,
** which has no upvalues of its own) in the wrapper's own call, as if the
** script had called it: its errors name it and the script's line. Returns
** its count of results, on top of the stack. */
static int call_original(lua_State *L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* Lua's rule for a string position: negative counts from the end. */
static size_t position(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* ---- string.rep ---------------------------------------------------------- */

/* string.rep(s, n [, sep]): the first copy written, then the filled part
** copied onto the rest, doubling each time: about log2(n) copies. */
static int str_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || l + lsep > ((size_t)-1 >> 1) / (size_t)n)
    return luaL_error(L, "resulting string too large");
  size_t unit = l + lsep, total = (size_t)n * unit - lsep;
  pay_bytes(L, total);
  luaL_Buffer b;
  char *p = luaL_buffinitsize(L, &b, total + lsep);
  memcpy(p, s, l);
  memcpy(p + l, sep, lsep);
  for (size_t done = unit; done < total;) {
    size_t k = done < total - done ? done : total - done;
    memcpy(p + done, p, k);
    done += k;
    sandbox_charge(L, 0); /* Ctrl-C between copies */
  }
  luaL_pushresultsize(&b, total);
  return 1;
}

/* ---- patterns ------------------------------------------------------------ */

#define MAXCAPTURES 32 /* LUA_MAXCAPTURES */
#define MAXDEPTH 200   /* recursion of the matcher, as Lua's MAXCCALLS */
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define PAY_EVERY 1024 /* steps counted before they are paid */
#define SPECIALS "^$*+?.([%-"

typedef struct MatchState {
  const char *src_init, *src_end, *p_end;
  lua_State *L;
  int level, depth;
  long steps; /* not yet paid */
  struct {
    const char *init;
    ptrdiff_t len;
  } capture[MAXCAPTURES];
} MatchState;

static void tick(MatchState *ms, long n) {
  ms->steps += n;
  if (ms->steps >= PAY_EVERY) {
    long c = ms->steps;
    ms->steps = 0;
    sandbox_charge(ms->L, c);
  }
}

static void settle(MatchState *ms) {
  long c = ms->steps;
  ms->steps = 0;
  sandbox_charge(ms->L, c);
}

static const char *do_match(MatchState *ms, const char *s, const char *p);

static int class_end_error(MatchState *ms, const char *what) {
  return luaL_error(ms->L, "malformed pattern (%s)", what);
}

/* The end of the single-character class at p. */
static const char *class_end(MatchState *ms, const char *p) {
  if (*p == '%') {
    if (p + 1 >= ms->p_end) class_end_error(ms, "ends with '%'");
    return p + 2;
  }
  if (*p == '[') {
    p++;
    if (*p == '^') p++;
    do { /* the first character of a set is itself, even ']' */
      if (p >= ms->p_end) class_end_error(ms, "missing ']'");
      tick(ms, 1);
      if (*p++ == '%' && p < ms->p_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p + 1;
}

static int match_class(int c, int cl) {
  int res;
  switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = c == 0; break; /* kept by Lua 5.4, deprecated */
    default: return cl == c;
  }
  if (isupper(cl)) res = !res;
  return res != 0;
}

/* c against the set [...] from p (its '[') to ec (its ']'). */
static int match_set(MatchState *ms, int c, const char *p, const char *ec) {
  int found = 1;
  if (*(p + 1) == '^') {
    found = 0;
    p++;
  }
  while (++p < ec) {
    tick(ms, 1);
    if (*p == '%') {
      p++;
      if (match_class(c, (unsigned char)*p)) return found;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      if ((unsigned char)*p <= c && c <= (unsigned char)*(p + 2)) return found;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return found;
    }
  }
  return !found;
}

static int single_match(MatchState *ms, const char *s, const char *p, const char *ep) {
  if (s >= ms->src_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case '%': return match_class(c, (unsigned char)*(p + 1));
    case '[': return match_set(ms, c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

static const char *match_balance(MatchState *ms, const char *s, const char *p) {
  if (p + 1 >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= ms->src_end || *s != *p) return NULL;
  int b = *p, e = *(p + 1), open = 1;
  while (++s < ms->src_end) {
    tick(ms, 1);
    if (*s == e) {
      if (--open == 0) return s + 1;
    } else if (*s == b) {
      open++;
    }
  }
  return NULL;
}

static const char *max_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (single_match(ms, s + i, p, ep)) {
    tick(ms, 1);
    i++;
  }
  for (; i >= 0; i--) { /* the longest first, then shorter */
    const char *res = do_match(ms, s + i, ep + 1);
    if (res) return res;
  }
  return NULL;
}

static const char *min_expand(MatchState *ms, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *res = do_match(ms, s, ep + 1);
    if (res) return res;
    if (!single_match(ms, s, p, ep)) return NULL;
    s++;
  }
}

static const char *start_capture(MatchState *ms, const char *s, const char *p, int what) {
  if (ms->level >= MAXCAPTURES) luaL_error(ms->L, "too many captures");
  ms->capture[ms->level].init = s;
  ms->capture[ms->level].len = what;
  ms->level++;
  const char *res = do_match(ms, s, p);
  if (!res) ms->level--;
  return res;
}

static const char *end_capture(MatchState *ms, const char *s, const char *p) {
  int l = -1;
  for (int i = ms->level - 1; i >= 0; i--)
    if (ms->capture[i].len == CAP_UNFINISHED) {
      l = i;
      break;
    }
  if (l < 0) luaL_error(ms->L, "invalid pattern capture");
  ms->capture[l].len = s - ms->capture[l].init;
  const char *res = do_match(ms, s, p);
  if (!res) ms->capture[l].len = CAP_UNFINISHED;
  return res;
}

static int capture_index(MatchState *ms, int c) {
  int l = c - '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == CAP_UNFINISHED)
    return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
  return l;
}

static const char *match_capture(MatchState *ms, const char *s, int c) {
  int l = capture_index(ms, c);
  ptrdiff_t len = ms->capture[l].len;
  if (len < 0 || ms->src_end - s < len) return NULL; /* a position never matches */
  tick(ms, 1 + (long)(len / SANDBOX_BYTES_PER_INSTRUCTION));
  return memcmp(ms->capture[l].init, s, (size_t)len) == 0 ? s + len : NULL;
}

/* The end of the match of p at s, or NULL. Tail calls are loops. */
static const char *do_match(MatchState *ms, const char *s, const char *p) {
  if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
  tick(ms, 1);
  while (p != ms->p_end) {
    const char *ep;
    switch (*p) {
      case '(':
        s = *(p + 1) == ')' ? start_capture(ms, s, p + 2, CAP_POSITION)
                            : start_capture(ms, s, p + 1, CAP_UNFINISHED);
        goto done;
      case ')':
        s = end_capture(ms, s, p + 1);
        goto done;
      case '$':
        if (p + 1 == ms->p_end) {
          if (s != ms->src_end) s = NULL;
          goto done;
        }
        goto single;
      case '%':
        switch (*(p + 1)) {
          case 'b':
            s = match_balance(ms, s, p + 2);
            if (!s) goto done;
            p += 4;
            continue;
          case 'f': {
            p += 2;
            if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            ep = class_end(ms, p);
            int prev = s == ms->src_init ? '\0' : (unsigned char)*(s - 1);
            int cur = s < ms->src_end ? (unsigned char)*s : '\0';
            if (!match_set(ms, prev, p, ep - 1) && match_set(ms, cur, p, ep - 1)) {
              p = ep;
              continue;
            }
            s = NULL;
            goto done;
          }
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            s = match_capture(ms, s, (unsigned char)*(p + 1));
            if (!s) goto done;
            p += 2;
            continue;
          default: goto single;
        }
      default:
      single:
        ep = class_end(ms, p);
        if (!single_match(ms, s, p, ep)) {
          if (*ep == '*' || *ep == '?' || *ep == '-') { /* may match nothing */
            p = ep + 1;
            continue;
          }
          s = NULL;
          goto done;
        }
        switch (*ep) {
          case '?': {
            const char *res = do_match(ms, s + 1, ep + 1);
            if (res) {
              s = res;
              goto done;
            }
            p = ep + 1;
            continue;
          }
          case '+': s = max_expand(ms, s + 1, p, ep); goto done;
          case '*': s = max_expand(ms, s, p, ep); goto done;
          case '-': s = min_expand(ms, s, p, ep); goto done;
          default:
            s++;
            p = ep;
            continue;
        }
    }
  }
done:
  ms->depth++;
  return s;
}

/* Pushes capture i (the whole match s..e when there are none); for a
** replacement string, sets *cap and returns the length, or CAP_POSITION
** with the position pushed. */
static ptrdiff_t get_capture(MatchState *ms, int i, const char *s, const char *e,
                             const char **cap) {
  if (i >= ms->level) {
    if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    *cap = s;
    return e - s;
  }
  ptrdiff_t len = ms->capture[i].len;
  *cap = ms->capture[i].init;
  if (len == CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
  if (len == CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
  return len;
}

static void push_capture(MatchState *ms, int i, const char *s, const char *e) {
  const char *cap;
  ptrdiff_t len = get_capture(ms, i, s, e, &cap);
  if (len != CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)len);
}

static int push_captures(MatchState *ms, const char *s, const char *e) {
  int n = ms->level == 0 && s ? 1 : ms->level;
  luaL_checkstack(ms->L, n, "too many captures");
  for (int i = 0; i < n; i++) push_capture(ms, i, s, e);
  return n;
}

static void prepare(MatchState *ms, lua_State *L, const char *s, size_t ls, const char *p,
                    size_t lp) {
  ms->L = L;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
  ms->steps = 0;
}

static void restart(MatchState *ms) {
  ms->level = 0;
  ms->depth = MAXDEPTH;
}

static int no_specials(const char *p, size_t l) {
  for (size_t i = 0; i < l; i++)
    if (p[i] && strchr(SPECIALS, p[i])) return 0;
  return 1;
}

/* A plain search, paying for the bytes it scans and compares. */
static const char *find_plain(MatchState *ms, const char *s, size_t ls, const char *p,
                              size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  const char *last = s + (ls - lp); /* the last place it may start */
  while (s <= last) {
    const char *at = memchr(s, *p, (size_t)(last - s) + 1);
    tick(ms, 1 + (long)(((at ? at : last) - s) / SANDBOX_BYTES_PER_INSTRUCTION) +
                 (long)(lp / SANDBOX_BYTES_PER_INSTRUCTION));
    if (!at) return NULL;
    if (memcmp(at + 1, p + 1, lp - 1) == 0) return at;
    s = at + 1;
  }
  return NULL;
}

static int find_aux(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = position(luaL_optinteger(L, 3, 1), ls) - 1;
  MatchState ms;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  prepare(&ms, L, s, ls, p, lp);
  if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
    const char *at = find_plain(&ms, s + init, ls - init, p, lp);
    settle(&ms);
    if (at) {
      lua_pushinteger(L, (at - s) + 1);
      lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
      return 2;
    }
  } else {
    const char *s1 = s + init;
    int anchor = *p == '^';
    if (anchor) {
      p++;
      lp--;
      ms.p_end = p + lp;
    }
    do {
      restart(&ms);
      const char *e = do_match(&ms, s1, p);
      if (e) {
        settle(&ms);
        if (find) {
          lua_pushinteger(L, (s1 - s) + 1);
          lua_pushinteger(L, e - s);
          return push_captures(&ms, NULL, NULL) + 2;
        }
        return push_captures(&ms, s1, e);
      }
    } while (s1++ < ms.src_end && !anchor);
    settle(&ms);
  }
  luaL_pushfail(L);
  return 1;
}

static int str_find(lua_State *L) { return find_aux(L, 1); }
static int str_match(lua_State *L) { return find_aux(L, 0); }

typedef struct GMatch {
  const char *src, *p, *lastmatch;
  MatchState ms;
} GMatch;

static int gmatch_step(lua_State *L) {
  GMatch *gm = lua_touserdata(L, lua_upvalueindex(3));
  gm->ms.L = L;
  for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
    restart(&gm->ms);
    const char *e = do_match(&gm->ms, src, gm->p);
    if (e && e != gm->lastmatch) {
      gm->src = gm->lastmatch = e;
      settle(&gm->ms);
      return push_captures(&gm->ms, src, e);
    }
  }
  settle(&gm->ms);
  return 0;
}

static int str_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) init = ls + 1; /* past the end: nothing */
  lua_settop(L, 2); /* the string and the pattern stay alive as upvalues */
  GMatch *gm = lua_newuserdatauv(L, sizeof *gm, 0);
  prepare(&gm->ms, L, s, ls, p, lp);
  gm->src = s + init;
  gm->p = p;
  gm->lastmatch = NULL;
  lua_pushcclosure(L, gmatch_step, 3);
  return 1;
}

static void add_string(MatchState *ms, luaL_Buffer *b, const char *s, const char *e) {
  size_t l;
  lua_State *L = ms->L;
  const char *news = lua_tolstring(L, 3, &l);
  const char *p;
  while ((p = memchr(news, '%', l)) != NULL) {
    luaL_addlstring(b, news, (size_t)(p - news));
    p++;
    if (*p == '%') {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*p)) {
      const char *cap;
      ptrdiff_t len = get_capture(ms, *p - '1', s, e, &cap);
      if (len == CAP_POSITION) luaL_addvalue(b);
      else luaL_addlstring(b, cap, (size_t)len);
    } else {
      luaL_error(L, "invalid use of '%%' in replacement string");
    }
    l -= (size_t)(p + 1 - news);
    news = p + 1;
  }
  luaL_addlstring(b, news, l);
}

/* Adds the replacement of the match s..e; returns whether it changed. */
static int add_value(MatchState *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
  lua_State *L = ms->L;
  if (tr == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(ms, s, e);
    lua_call(L, n, 1);
  } else if (tr == LUA_TTABLE) {
    push_capture(ms, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_string(ms, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) { /* nil or false: the original text */
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

static int str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *src = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *lastmatch = NULL;
  int tr = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)ls + 1), n = 0;
  int anchor = *p == '^', changed = 0;
  MatchState ms;
  luaL_Buffer b;
  luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
                   tr == LUA_TTABLE, 3, "string/function/table");
  luaL_buffinit(L, &b);
  if (anchor) {
    p++;
    lp--;
  }
  prepare(&ms, L, src, ls, p, lp);
  while (n < max_s) {
    restart(&ms);
    const char *e = do_match(&ms, src, p);
    if (e && e != lastmatch) {
      n++;
      changed = add_value(&ms, &b, src, e, tr) | changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  settle(&ms);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

/* ---- wrappers: pay for the loop, then Lua's own function ----------------- */

/* The number of steps from i to j, both included (0 when empty). */
static lua_Unsigned span(lua_Integer i, lua_Integer j) {
  return i > j ? 0 : (lua_Unsigned)j - (lua_Unsigned)i + 1;
}

/* string.byte(s [, i [, j]]): one value each. */
static int str_byte(lua_State *L) {
  size_t l;
  luaL_checklstring(L, 1, &l);
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer j = luaL_optinteger(L, 3, i);
  size_t pi = position(i, l), pj = j < 0 ? position(j, l) : (size_t)j;
  if (pj > l) pj = l;
  if (pi <= pj) pay(L, pj - pi + 1);
  return call_original(L);
}

/* string.unpack: a 'z' scans for its terminating zero. */
static int str_unpack(lua_State *L) {
  size_t l;
  const char *fmt = luaL_checkstring(L, 1);
  luaL_checklstring(L, 2, &l);
  luaL_optinteger(L, 3, 1);
  if (strchr(fmt, 'z')) pay_bytes(L, l);
  return call_original(L);
}

/* tonumber reads every character of a string. */
static int base_tonumber(lua_State *L) {
  size_t l;
  if (lua_isnoneornil(L, 2)) luaL_checkany(L, 1);
  else {
    luaL_checkinteger(L, 2);
    luaL_checktype(L, 1, LUA_TSTRING);
  }
  if (lua_type(L, 1) == LUA_TSTRING) {
    lua_tolstring(L, 1, &l);
    pay_bytes(L, l);
  }
  return call_original(L);
}

/* rawequal compares two strings of a length byte by byte. */
static int base_rawequal(lua_State *L) {
  size_t l1, l2;
  luaL_checkany(L, 1);
  luaL_checkany(L, 2);
  if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
    lua_tolstring(L, 1, &l1);
    lua_tolstring(L, 2, &l2);
    if (l1 == l2) pay_bytes(L, l1);
  }
  return call_original(L);
}

/* The length Lua's table functions use (__len included), of a table or
** of a value with a metatable. The function called afterwards asks again:
** a script's __len runs twice. */
static lua_Integer length(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) {
    if (!lua_getmetatable(L, idx)) luaL_checktype(L, idx, LUA_TTABLE);
    lua_pop(L, 1);
  }
  return luaL_len(L, idx);
}

/* table.insert(t, pos, v) and table.remove(t, pos) shift what follows pos. */
static int tab_insert(lua_State *L) {
  lua_Integer n = length(L, 1);
  if (lua_gettop(L) == 3) pay(L, span(luaL_checkinteger(L, 2), n));
  return call_original(L);
}

static int tab_remove(lua_State *L) {
  lua_Integer n = length(L, 1);
  pay(L, span(luaL_optinteger(L, 2, n), n));
  return call_original(L);
}

/* table.move(a1, f, e, t [, a2]): its range is not bounded by memory (a
** range of nils moves too), so it moves in slices, each paid before it
** moves: a budget or Ctrl-C stops it between two. Slices go in the order
** Lua's own would (backwards when the destination overlaps the source
** further on), so that each reads what has not been overwritten yet. */
#define MOVE_SLICE 65536
static int tab_move(lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  lua_Integer t = luaL_checkinteger(L, 4);
  int tt = lua_isnoneornil(L, 5) ? 1 : 5, top = lua_gettop(L);
  if (e < f) return call_original(L);
  luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
  if (e - f < MOVE_SLICE) {
    pay(L, span(f, e));
    return call_original(L);
  }
  luaL_argcheck(L, t <= LUA_MAXINTEGER - (e - f), 4, "destination wrap around");
  int backwards = !(t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ)));
  lua_Integer lo = f, hi = e;
  for (;;) {
    lua_Integer cf = backwards ? (hi - lo >= MOVE_SLICE ? hi - MOVE_SLICE + 1 : lo) : lo;
    lua_Integer ce = backwards ? hi : (hi - lo >= MOVE_SLICE ? lo + MOVE_SLICE - 1 : hi);
    pay(L, span(cf, ce));
    lua_settop(L, top);
    lua_pushinteger(L, cf);
    lua_replace(L, 2);
    lua_pushinteger(L, ce);
    lua_replace(L, 3);
    lua_pushinteger(L, t + (cf - f));
    lua_replace(L, 4);
    int n = call_original(L);
    if (backwards ? cf == lo : ce == hi) return n;
    if (backwards) hi = cf - 1;
    else lo = ce + 1;
  }
}

/* table.concat(t [, sep [, i [, j]]]) and table.unpack(t [, i [, j]]) */
static int tab_concat(lua_State *L) {
  luaL_optstring(L, 2, "");
  lua_Integer i = luaL_optinteger(L, 3, 1);
  lua_Integer j = lua_isnoneornil(L, 4) ? length(L, 1) : luaL_checkinteger(L, 4);
  pay(L, span(i, j));
  return call_original(L);
}

static int tab_unpack(lua_State *L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer j = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
  pay(L, span(i, j));
  return call_original(L);
}

/* table.sort: about n log2 n comparisons. */
static int tab_sort(lua_State *L) {
  lua_Integer n = length(L, 1);
  lua_Unsigned cost = 0;
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  for (lua_Integer k = n; k > 1; k >>= 1) cost += (lua_Unsigned)n;
  pay(L, cost);
  return call_original(L);
}

/* utf8.len(s [, i [, j]]) and utf8.offset(s, n [, i]) scan the string;
** utf8.codepoint(s [, i [, j]]) returns one value per character. */
static int utf8_scan(lua_State *L) {
  size_t l;
  luaL_checklstring(L, 1, &l);
  pay(L, 1 + l / SANDBOX_BYTES_PER_INSTRUCTION);
  return call_original(L);
}

static int utf8_codepoint(lua_State *L) {
  size_t l;
  luaL_checklstring(L, 1, &l);
  lua_Integer i = luaL_optinteger(L, 2, 1);
  size_t pi = position(i, l), pj = position(luaL_optinteger(L, 3, i), l);
  if (pi <= pj) pay(L, pj - pi + 1);
  return call_original(L);
}

/* The iterator of utf8.codes skips continuation bytes from the position
** it is given, which a script may call it with directly. */
static int utf8_codes_step(lua_State *L) {
  size_t l;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = lua_tointeger(L, 2);
  if (n >= 0 && (lua_Unsigned)n < l) {
    size_t k = (size_t)n + 1;
    while (k < l && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
    pay(L, 1 + (k - (size_t)n) / SANDBOX_BYTES_PER_INSTRUCTION);
  }
  return call_original(L);
}

static int utf8_codes(lua_State *L) {
  int n = call_original(L); /* the iterator, s, 0 */
  int it = lua_gettop(L) - n + 1;
  if (n >= 1 && lua_iscfunction(L, it)) {
    lua_pushvalue(L, it);
    lua_pushcclosure(L, utf8_codes_step, 1);
    lua_replace(L, it);
  }
  return n;
}

/* ---- installing them ----------------------------------------------------- */

static void replace(lua_State *L, const char *name, lua_CFunction f) {
  lua_pushcfunction(L, f);
  lua_setfield(L, -2, name);
}

/* f in place of the library's function name, which f calls as upvalue 1. */
static void wrap(lua_State *L, const char *name, lua_CFunction f) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, -2, name);
}

void charged_open(lua_State *L) {
  lua_getglobal(L, "string");
  replace(L, "rep", str_rep);
  replace(L, "find", str_find);
  replace(L, "match", str_match);
  replace(L, "gmatch", str_gmatch);
  replace(L, "gsub", str_gsub);
  wrap(L, "byte", str_byte);
  wrap(L, "unpack", str_unpack);
  lua_pop(L, 1);
  lua_getglobal(L, "table");
  wrap(L, "insert", tab_insert);
  wrap(L, "remove", tab_remove);
  wrap(L, "move", tab_move);
  wrap(L, "concat", tab_concat);
  wrap(L, "unpack", tab_unpack);
  wrap(L, "sort", tab_sort);
  lua_pop(L, 1);
  lua_getglobal(L, "utf8");
  wrap(L, "len", utf8_scan);
  wrap(L, "offset", utf8_scan);
  wrap(L, "codepoint", utf8_codepoint);
  wrap(L, "codes", utf8_codes);
  lua_pop(L, 1);
  lua_pushglobaltable(L);
  wrap(L, "tonumber", base_tonumber);
  wrap(L, "rawequal", base_rawequal);
  lua_pop(L, 1);
}

/* ---- the registries of methods ------------------------------------------- */

const ChargedMethod *charged_uncosted(const ChargedMethod *list) {
  for (const ChargedMethod *m = list; m->name; m++)
    if (m->cost <= 0 && m->cost != CHARGED_REFUSED) return m;
  return NULL;
}

void charged_push_methods_with(lua_State *L, const ChargedMethod *list, lua_CFunction call, int with) {
  const ChargedMethod *bad = charged_uncosted(list);
  if (bad) luaL_error(L, "method %s has no cost in its registry (charged.h)", bad->name);
  if (with) with = lua_absindex(L, with);
  int n = 0;
  while (list[n].name) n++;
  lua_createtable(L, 0, n);
  for (const ChargedMethod *m = list; m->name; m++) {
    lua_pushcfunction(L, m->func);
    lua_pushinteger(L, m->cost);
    lua_pushstring(L, m->name);
    lua_pushinteger(L, m->may);
    lua_pushlightuserdata(L, (void *)m);
    if (with) lua_pushvalue(L, with);
    else lua_pushnil(L);
    lua_pushcclosure(L, call, CHARGED_UPVALUE_WITH);
    lua_setfield(L, -2, m->name);
  }
}

void charged_push_methods(lua_State *L, const ChargedMethod *list, lua_CFunction call) {
  charged_push_methods_with(L, list, call, 0);
}
