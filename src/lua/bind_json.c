/*
** bind_json.c - varia.json: Lua values to JSON text and back, through the
** one JSON implementation of json.c (the server's answers use the same
** writer, so a string is escaped the same way wherever varia writes it).
**
** encode(value[, {compact = true}]) writes what the lab writes: object
** keys sorted (number keys first in numeric order, then strings byte by
** byte: an order total whatever the keys), two spaces of indentation, an array of plain values on one line.
** The same data always gives the same bytes. decode(text) returns the
** value, or nil and a message naming the byte where the text went wrong.
** Both are bounded (nesting depth), so no input can exhaust the C stack.
*/
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bind_json.h"
#include "json.h"

#define JSON_DEPTH 200 /* the deepest nesting read or written */
#define BUF_MT "varia.json.buffer"

/* ---- out ------------------------------------------------------------------ */

/* The text is built in a Buf inside a userdata, so that a Lua error in
** the middle (out of memory) leaves nothing behind: __gc frees it. */
static int buf_gc(lua_State *L) {
  Buf *b = luaL_checkudata(L, 1, BUF_MT);
  free(b->s);
  b->s = NULL;
  return 0;
}

static Buf *new_buf(lua_State *L) {
  Buf *b = lua_newuserdatauv(L, sizeof *b, 0);
  memset(b, 0, sizeof *b);
  if (luaL_newmetatable(L, BUF_MT)) {
    lua_pushcfunction(L, buf_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  return b;
}

typedef struct Key {
  int numeric;
  double num;       /* when numeric */
  const char *text; /* the key as written: a string key, or a number's text */
  size_t len;
  int index;        /* in the table of keys on the stack */
  char digits[32];
} Key;

static const char *key_text(const Key *k) { return k->numeric ? k->digits : k->text; }

static int key_order(const void *pa, const void *pb) {
  const Key *a = pa, *b = pb;
  if (a->numeric != b->numeric) return b->numeric - a->numeric; /* numbers first */
  if (a->numeric) return a->num < b->num ? -1 : a->num > b->num;
  size_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(key_text(a), key_text(b), n);
  return c ? c : (a->len > b->len) - (a->len < b->len);
}

typedef struct Out {
  lua_State *L;
  Buf *b;
  int compact;
} Out;

static void encode(Out *o, int idx, int depth, const char *indent);

static void newline(Out *o, const char *indent) {
  if (!o->compact) {
    buf_add(o->b, "\n", 1);
    buf_puts(o->b, indent);
  }
}

/* An array: a table whose keys are the whole numbers 1..n, but for holes
** (written as null, which reads back as a hole: the text written is a
** fixed point), and not too sparse (at least half of 1..n there); the
** empty table too. Anything else is an object. */
static int table_is_array(lua_State *L, int idx, lua_Integer *n) {
  lua_Integer count = 0, max = 0;
  int array = 1;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    count++;
    if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1) array = 0;
    else if (lua_tointeger(L, -1) > max) max = lua_tointeger(L, -1);
  }
  *n = max;
  return array && max / 2 <= count;
}

static void encode_array(Out *o, int idx, lua_Integer n, int depth, const char *indent, const char *inner) {
  lua_State *L = o->L;
  int simple = 1;
  for (lua_Integer i = 1; i <= n && simple; i++) {
    simple = lua_rawgeti(L, idx, i) != LUA_TTABLE;
    lua_pop(L, 1);
  }
  buf_add(o->b, "[", 1);
  for (lua_Integer i = 1; i <= n; i++) {
    if (i > 1) buf_add(o->b, ",", 1);
    if (!simple) newline(o, inner);
    lua_rawgeti(L, idx, i);
    encode(o, lua_gettop(L), depth + 1, inner);
    lua_pop(L, 1);
  }
  if (!simple && n > 0) newline(o, indent);
  buf_add(o->b, "]", 1);
}

static void encode_object(Out *o, int idx, int depth, const char *indent, const char *inner) {
  lua_State *L = o->L;
  lua_Integer n = 0;
  lua_newtable(L); /* the keys, held while their texts are in use */
  int keys_at = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    int t = lua_type(L, -1);
    if (t != LUA_TSTRING && t != LUA_TNUMBER)
      luaL_error(L, "varia.json.encode: a key of type %s cannot be written as JSON", luaL_typename(L, -1));
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys_at, ++n);
  }
  Key *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys + 1, 0);
  for (lua_Integer i = 0; i < n; i++) {
    Key *k = &keys[i];
    k->index = (int)i + 1;
    lua_rawgeti(L, keys_at, i + 1);
    k->numeric = lua_type(L, -1) == LUA_TNUMBER;
    if (k->numeric) {
      k->num = lua_tonumber(L, -1);
      if (lua_isinteger(L, -1)) snprintf(k->digits, sizeof k->digits, LUA_INTEGER_FMT, lua_tointeger(L, -1));
      else snprintf(k->digits, sizeof k->digits, "%.14g", k->num);
      k->text = NULL; /* the digits move with the entry: see key_text */
      k->len = strlen(k->digits);
    } else k->text = lua_tolstring(L, -1, &k->len); /* held by the table of keys */
    lua_pop(L, 1);
  }
  qsort(keys, (size_t)n, sizeof *keys, key_order);
  buf_add(o->b, "{", 1);
  for (lua_Integer i = 0; i < n; i++) {
    if (i > 0) buf_add(o->b, ",", 1);
    newline(o, inner);
    buf_add(o->b, "\"", 1);
    json_part_len(o->b, key_text(&keys[i]), keys[i].len);
    buf_puts(o->b, o->compact ? "\":" : "\": ");
    lua_rawgeti(L, keys_at, keys[i].index);
    lua_rawget(L, idx);
    encode(o, lua_gettop(L), depth + 1, inner);
    lua_pop(L, 1);
  }
  newline(o, indent);
  buf_add(o->b, "}", 1);
  lua_pop(L, 2);
}

static void encode(Out *o, int idx, int depth, const char *indent) {
  lua_State *L = o->L;
  switch (lua_type(L, idx)) {
  case LUA_TNIL:
    buf_puts(o->b, "null");
    break;
  case LUA_TBOOLEAN:
    buf_puts(o->b, lua_toboolean(L, idx) ? "true" : "false");
    break;
  case LUA_TNUMBER:
    if (lua_isinteger(L, idx)) buf_printf(o->b, LUA_INTEGER_FMT, lua_tointeger(L, idx));
    else json_double(o->b, lua_tonumber(L, idx));
    break;
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    buf_add(o->b, "\"", 1);
    json_part_len(o->b, s, len);
    buf_add(o->b, "\"", 1);
    break;
  }
  case LUA_TTABLE: {
    if (depth >= JSON_DEPTH || !lua_checkstack(L, 8))
      luaL_error(L, "varia.json.encode: tables nested deeper than %d (a table that holds itself?)", JSON_DEPTH);
    /* the indentation one level in, on the stack so that an error frees it */
    lua_pushfstring(L, "%s  ", indent);
    const char *inner = lua_tostring(L, -1);
    lua_Integer n;
    if (table_is_array(L, idx, &n)) encode_array(o, idx, n, depth, indent, inner);
    else encode_object(o, idx, depth, indent, inner);
    lua_pop(L, 1);
    break;
  }
  default:
    luaL_error(L, "varia.json.encode: a %s cannot be written as JSON", luaL_typename(L, idx));
  }
  if (o->b->oom) luaL_error(L, "varia.json.encode: not enough memory");
}

/* varia.json.encode(value[, {compact = true}]) -> text */
static int l_encode(lua_State *L) {
  luaL_checkany(L, 1);
  int compact = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "compact");
    compact = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  lua_settop(L, 1);
  Out o = {L, new_buf(L), compact};
  encode(&o, 1, 0, "");
  lua_pushlstring(L, o.b->s ? o.b->s : "", o.b->len);
  return 1;
}

/* ---- in ------------------------------------------------------------------- */

typedef struct In {
  lua_State *L;
  JsonIn j;
  char *scratch; /* room for the longest string: the rest of the text */
} In;

/* Pushes the value at the reader; 0, or -1 with the refusal in j.err. */
static int decode(In *in, int depth) {
  lua_State *L = in->L;
  JsonIn *j = &in->j;
  int c = json_in_peek(j);
  if ((c == '{' || c == '[') && (depth >= JSON_DEPTH || !lua_checkstack(L, 4)))
    return json_in_fail(j, "nested too deep");
  if (c == '{') {
    j->s++;
    lua_newtable(L);
    if (json_in_peek(j) == '}') return j->s++, 0;
    for (;;) {
      size_t len;
      if (json_in_peek(j) != '"') return json_in_fail(j, "expected a key in quotes");
      if (json_in_string(j, in->scratch, &len)) return -1;
      lua_pushlstring(L, in->scratch, len);
      if (json_in_byte(j, ':', "expected ':' after a key") || decode(in, depth + 1)) return -1;
      lua_rawset(L, -3); /* a null is no entry */
      c = json_in_peek(j);
      j->s += c != 0;
      if (c == '}') return 0;
      if (c != ',') return j->s -= c != 0, json_in_fail(j, "expected ',' or '}'");
    }
  }
  if (c == '[') {
    j->s++;
    lua_newtable(L);
    if (json_in_peek(j) == ']') return j->s++, 0;
    for (lua_Integer i = 1;; i++) {
      if (decode(in, depth + 1)) return -1;
      lua_rawseti(L, -2, i); /* a null leaves a hole */
      c = json_in_peek(j);
      j->s += c != 0;
      if (c == ']') return 0;
      if (c != ',') return j->s -= c != 0, json_in_fail(j, "expected ',' or ']'");
    }
  }
  if (c == '"') {
    size_t len;
    if (json_in_string(j, in->scratch, &len)) return -1;
    lua_pushlstring(L, in->scratch, len);
    return 0;
  }
  if (json_in_word(j, "true")) return lua_pushboolean(L, 1), 0;
  if (json_in_word(j, "false")) return lua_pushboolean(L, 0), 0;
  if (json_in_word(j, "null")) return lua_pushnil(L), 0;
  JsonNumber v;
  if (json_in_number(j, &v)) return -1;
  if (v.is_int) lua_pushinteger(L, (lua_Integer)v.i);
  else lua_pushnumber(L, v.d);
  return 0;
}

/* varia.json.decode(text) -> value, or nil and "malformed JSON at byte N: ..." */
static int l_decode(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  char err[160];
  In in = {L, {0}, lua_newuserdatauv(L, len + 1, 0)};
  json_in_init(&in.j, text, len, err, sizeof err);
  int base = lua_gettop(L);
  int bad = decode(&in, 0);
  if (!bad && json_in_peek(&in.j)) bad = json_in_fail(&in.j, "text after the value");
  if (!bad) return 1;
  lua_settop(L, base);
  luaL_pushfail(L);
  lua_pushstring(L, err);
  return 2;
}

static const luaL_Reg json_funcs[] = {{"encode", l_encode}, {"decode", l_decode}, {NULL, NULL}};

void bind_json_push(lua_State *L) { luaL_newlib(L, json_funcs); }
