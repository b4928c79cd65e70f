/*
** rulehooks.c - rules a variant script writes: the core's RuleHooks as
** calls of the functions in the script's `hooks` table, and the position
** those functions are given.
**
** Every call runs under sandbox_pcall, so that nothing a hook does (an
** error, a spent budget, running out of memory) raises through the core:
** the failure is kept (RuleHooks.failed, with its message), every hook
** answers at once from then on, and the caller that asked (a game method,
** perft) reports it when the core returns, with the position exactly as it
** was: the core always unmakes what it made, and moves a hook made are
** unmade here. What a hook returns is checked and read inside the same
** protected call.
*/
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "rules.h"
#include "notation.h"
#include "charged.h"
#include "rulehooks.h"
#include "sandbox.h"

enum { H_MOVES, H_LEGAL, H_EFFECTS, H_ATTACKED, H_TURN_ENDS, H_TERMINAL, H_CASTLING, H_NOTATION, H_WHY,
       NHOOKS };
static const char *const hook_names[NHOOKS] = {"moves", "legal", "effects",
                                               "attacked", "turn_ends", "terminal",
                                               "castling", "notation", "why"};
#define VIEW_INDEX (NHOOKS + 1) /* in the registry table: the position view */

#define POS_MT "varia.Position"
#define MAX_MADE 16  /* moves the hooks may have made at once */
#define MAX_DEPTH 12 /* hooks called inside hooks (legal moves asked for) */

/* What the position may be asked to do in the running hook. */
enum { CAN_READ = 1, CAN_PLAY = 2, CAN_CHANGE = 4, CAN_STATE = 8 };

/* One variant's hooks. It is also the position a hook is given: a
** userdata whose methods read (and, where the hook may, change) the
** position the core passes, and only while the hook runs (p NULL
** otherwise). */
typedef struct Rules {
  RuleHooks r;
  lua_State *L; /* the thread the hooks run on */
  Sandbox *sb;   /* L's sandbox, whose budget the methods pay */
  int ref;      /* registry reference of { hooks..., [VIEW_INDEX] = this } */
  int depth;    /* hooks running, one inside another */
  char failure[768];
  /* the running hook's position */
  Position *p;
  Undo *u;      /* the move being made (effects, turn_ends) */
  int can, mover;
  int nmade, base; /* moves made by hooks; the running hook's first */
  /* moves_on: the moves hook is handed only the moves of these kinds
  ** (bits of MOVE_FLAG) and, with moves_captures, the captures */
  int moves_only, moves_captures;
  uint32_t moves_kinds;
  /* moves_attr: ... and only the moves of pieces whose attribute has one
  ** of these bits (0: any piece) */
  uint8_t moves_attr;
  /* moves_others "drop": where the hook is called, the moves it is not
  ** handed go (its answer is the whole list) */
  int moves_drop_others;
  /* attacked_layer: the attack of one layer of the board (these bits of
  ** the attribute), answered here without a call into Lua */
  uint8_t attacked_layer;
  /* effects_toggle: after a move, these attribute bits of the piece that
  ** moved (of king and rook, castling) flip, here, before any effects
  ** hook; has_effects: the script has one */
  uint8_t effects_toggle;
  int has_effects, has_moves;
  /* continue_as "captured": a capture owes a continuation, kept in state
  ** slots 1 and 2, whose moves, effects, turn end and judging are answered
  ** here (continuations() and the t_* below); the script's own effects
  ** hook, if any, is asked for the moves its effects_on and effects_attr
  ** say */
  int continue_as;
  int script_effects_on;
  /* moves_layer: the moves made on one layer of the board at a time (these
  ** bits of the attribute), judged there too (layer_generate, t_judge,
  ** layer_castling); has_why: the script words their refusals */
  uint8_t moves_layer;
  int has_why;
  /* paralysis: the enemy types whose attack paralyses a piece of each
  ** type (0: none), answered here (paralyser, t_moves, t_attacked) */
  int paralysis;
  uint32_t paralysed_by[MAX_TYPES];
  /* cells: the board cut into cells of cell_w files by cell_h ranks from
  ** a1; a move must leave its cell, and a piece attacks only outside its
  ** own (staying_in_cell, t_moves, t_attacked) */
  int cell_w, cell_h;
  /* the moves the running moves hook was handed, known well formed on p
  ** while it has made no move (pos:captures skips its test for them) */
  const Move *handed;
  int nhanded;
  Move made[MAX_MADE];
  Undo undo[MAX_MADE];
} Rules;

/* One call of a hook, read and written inside the protected call. */
typedef struct Call {
  Rules *R;
  int which;
  Move m, *list;
  int n, sq, by;
  int answer;             /* the hook's answer, decoded */
  Move asked;             /* refusal: the move whose reason is wanted */
  char *reason;           /* where the reason goes (refusal), or NULL */
  size_t reasonlen;
  int side, kto, rto;     /* castling: the side, where king and rook land */
} Call;

static void fail(Rules *R, const char *fmt, const char *a, const char *b) {
  if (R->r.failed) return;
  snprintf(R->failure, sizeof R->failure, fmt, a, b);
  R->r.failed = 1;
}

/* ---- the position a hook is given ----------------------------------------- */

/* What the work that grows costs, on top of a method's own cost (the
** registry below): per square of the board walked, per entry of a list
** read, per move returned. */
#define COST_PER_SQUARE 4
#define COST_PER_MASKED_SQUARE 8
#define COST_PER_ENTRY 5
#define COST_PER_MOVE 8
#define COST_PER_REMOVAL 100 /* a square a method empties (COST_CHANGE) */

static void pay_squares(lua_State *L, const Rules *R, long per) {
  const Geometry *g = &R->p->v->geo;
  sandbox_pay(R->sb, L, (long)g->files * g->ranks * per);
}

/* Is the value at 1 a position while its hook runs, that the running
** hook may ask for need? The cheap test of pos_call: the value's metatable
** compared with the one the methods were made for (their upvalue), no
** registry lookup by name. */
static Rules *checkview(lua_State *L, int need) {
  if (lua_type(L, 1) != LUA_TUSERDATA || !lua_getmetatable(L, 1) ||
      !lua_rawequal(L, -1, lua_upvalueindex(CHARGED_UPVALUE_WITH)))
    luaL_typeerror(L, 1, POS_MT);
  lua_pop(L, 1);
  Rules *R = lua_touserdata(L, 1);
  if (!R->p) luaL_error(L, "a position may be used only while its hook runs");
  if ((R->can & need) != need)
    luaL_error(L, need == CAN_PLAY ? "this hook may not make moves (moves, legal, turn_ends and terminal may)"
                  : need == CAN_CHANGE ? "this hook may not change the board (effects may, unless effects_on is \"checks\")"
                  : need == CAN_STATE ? "this hook may not change the state (effects and turn_ends may)"
                  : "this hook may not do that here");
  return R;
}

/* The position of a method's call: pos_call has checked it (checkview). */
static inline Rules *view(lua_State *L) { return lua_touserdata(L, 1); }

static int checksquare(lua_State *L, Rules *R, int idx) {
  size_t len;
  const char *s = luaL_checklstring(L, idx, &len);
  int used = 0, sq = board_parse_square(&R->p->v->geo, s, &used);
  if (sq == SQ_NONE || (size_t)used != len) luaL_error(L, "bad square \"%s\"", s);
  return sq;
}

/* A colour's name: asked on almost every call, so the two names are
** compared directly; luaL_checkoption words the error. */
static int checkcolour(lua_State *L, int idx) {
  static const char *const names[] = {"white", "black", NULL};
  size_t len;
  const char *s = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &len) : NULL;
  if (s && len == 5 && !memcmp(s, "white", 5)) return WHITE;
  if (s && len == 5 && !memcmp(s, "black", 5)) return BLACK;
  return luaL_checkoption(L, idx, NULL, names);
}

static void pushsquare(lua_State *L, const Rules *R, int sq) {
  char b[8];
  board_square_name(&R->p->v->geo, sq, b);
  lua_pushstring(L, b);
}

static void pushcolour(lua_State *L, int c) {
  lua_pushstring(L, c == WHITE ? "white" : c == BLACK ? "black" : "neutral");
}

/* Pushes the letter of a cell: White's upper case, Black's lower, a
** neutral piece its symbol, a promoted form without a letter of its own
** + and its base's (+P). */
static void push_cell_letter(lua_State *L, const Variant *v, uint8_t cell) {
  char buf[4];
  lua_pushlstring(L, buf, (size_t)type_text(v, CELL_TYPE(cell), CELL_COLOUR(cell), buf));
}

/* A piece letter (upper case White, lower case Black; a neutral piece's
** symbol, or any letter with "neutral" as colour) as a cell. */
static uint8_t checkpiece(lua_State *L, Rules *R, int idx, int colour_idx) {
  const Variant *v = R->p->v;
  size_t len;
  const char *s = luaL_checklstring(L, idx, &len);
  if (len != 1) luaL_error(L, "bad piece \"%s\" (expected one letter)", s);
  char c = s[0], lower = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
  int t = variant_type_by_letter(v, lower);
  if (t < 0) luaL_error(L, "no piece '%c' in %s", c, v->name);
  int colour = c >= 'A' && c <= 'Z' ? WHITE : BLACK;
  if (!(lower >= 'a' && lower <= 'z')) colour = NEUTRAL;
  if (!lua_isnoneornil(L, colour_idx)) {
    static const char *const names[] = {"white", "black", "neutral", NULL};
    colour = luaL_checkoption(L, colour_idx, NULL, names);
  }
  return MAKE_CELL(colour, t);
}

static int pos_side(lua_State *L) {
  pushcolour(L, view(L)->p->side);
  return 1;
}

/* Who made the move the hook is about (effects, legal, turn_ends); the
** side to move elsewhere. */
static int pos_mover(lua_State *L) {
  pushcolour(L, view(L)->mover);
  return 1;
}

static int pos_step(lua_State *L) {
  lua_pushinteger(L, view(L)->p->phase + 1);
  return 1;
}

static int pos_fullmove(lua_State *L) {
  lua_pushinteger(L, view(L)->p->fullmove);
  return 1;
}

static int pos_piece(lua_State *L) {
  Rules *R = view(L);
  uint8_t cell = R->p->board[checksquare(L, R, 2)];
  if (cell == CELL_EMPTY) return 0;
  push_cell_letter(L, R->p->v, cell);
  pushcolour(L, CELL_COLOUR(cell));
  return 2;
}

static int pos_attr(lua_State *L) {
  Rules *R = view(L);
  lua_pushinteger(L, R->p->attr[checksquare(L, R, 2)]);
  return 1;
}

static int checkslot(lua_State *L, int idx) {
  lua_Integer i = luaL_checkinteger(L, idx);
  luaL_argcheck(L, i >= 1 && i <= POS_STATE_SLOTS, idx, "a state slot is 1 to 4");
  return (int)i - 1;
}

static int pos_state(lua_State *L) {
  Rules *R = view(L);
  lua_pushinteger(L, R->p->state[checkslot(L, 2)]);
  return 1;
}

static int pos_set_state_(lua_State *L) {
  Rules *R = view(L);
  int slot = checkslot(L, 2);
  lua_Integer v = luaL_checkinteger(L, 3);
  luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, 3, "out of the 32-bit range");
  pos_set_state(R->p, slot, (int32_t)v);
  return 0;
}

static int pos_pieces(lua_State *L) {
  Rules *R = view(L);
  static const char *const names[] = {"white", "black", "neutral", NULL};
  int c = luaL_checkoption(L, 2, NULL, names);
  const Position *p = R->p;
  const Geometry *g = &p->v->geo;
  pay_squares(L, R, COST_PER_SQUARE);
  /* in board order (a1, b1, ...), so that a script's result does not
  ** depend on the order of the piece lists */
  lua_createtable(L, p->npieces[c], 0);
  int k = 0;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      int sq = board_square(g, f, r);
      if (p->board[sq] != CELL_EMPTY && CELL_COLOUR(p->board[sq]) == c) {
        pushsquare(L, R, sq);
        lua_rawseti(L, -2, ++k);
      }
    }
  return 1;
}

/* How many pieces the colour has (of the type, with a letter). */
static int pos_count(lua_State *L) {
  Rules *R = view(L);
  static const char *const names[] = {"white", "black", "neutral", NULL};
  int c = luaL_checkoption(L, 2, NULL, names);
  if (lua_isnoneornil(L, 3)) {
    lua_pushinteger(L, R->p->npieces[c]);
    return 1;
  }
  const char *l = luaL_checkstring(L, 3);
  int t = variant_type_by_letter(R->p->v, (char)(l[0] >= 'A' && l[0] <= 'Z' ? l[0] + 32 : l[0]));
  if (t < 0 || l[1]) return luaL_error(L, "no piece '%s' in %s", l, R->p->v->name);
  lua_pushinteger(L, R->p->count[c][t]);
  return 1;
}

static int pos_royal(lua_State *L) {
  Rules *R = view(L);
  int sq = R->p->royal[checkcolour(L, 2)];
  if (sq == SQ_NONE) return 0;
  pushsquare(L, R, sq);
  return 1;
}

static int pos_files(lua_State *L) {
  lua_pushinteger(L, view(L)->p->v->geo.files);
  return 1;
}

static int pos_ranks(lua_State *L) {
  lua_pushinteger(L, view(L)->p->v->geo.ranks);
  return 1;
}

static int pos_file(lua_State *L) {
  Rules *R = view(L);
  lua_pushinteger(L, board_file(&R->p->v->geo, checksquare(L, R, 2)) + 1);
  return 1;
}

static int pos_rank(lua_State *L) {
  Rules *R = view(L);
  lua_pushinteger(L, board_rank(&R->p->v->geo, checksquare(L, R, 2)) + 1);
  return 1;
}

static int pos_square(lua_State *L) {
  Rules *R = view(L);
  const Geometry *g = &R->p->v->geo;
  lua_Integer f = luaL_checkinteger(L, 2), r = luaL_checkinteger(L, 3);
  if (f < 1 || f > g->files || r < 1 || r > g->ranks) return 0;
  pushsquare(L, R, board_square(g, (int)f - 1, (int)r - 1));
  return 1;
}

/* A position with only some of the pieces, for the questions that take a
** `keep` argument: a set of squares ({ e4 = true, ... }), or { attr = BITS,
** value = V }: the pieces whose attribute has value V in those bits. The
** other pieces are lifted from a copy (kept in *scratch), so that a
** script can ask about one layer of a board (two boards in one, pieces
** that are there for some and not for others). Returns p itself when
** there is no such argument. */
static Position *masked(lua_State *L, Rules *R, int idx, Position *scratch) {
  if (lua_isnoneornil(L, idx)) return R->p;
  luaL_checktype(L, idx, LUA_TTABLE);
  pay_squares(L, R, COST_PER_MASKED_SQUARE);
  const Position *p = R->p;
  const Geometry *g = &p->v->geo;
  int by_attr = lua_getfield(L, idx, "attr") != LUA_TNIL;
  lua_Integer bits = by_attr ? luaL_checkinteger(L, -1) : 0, value = 0;
  lua_pop(L, 1);
  if (by_attr) {
    lua_getfield(L, idx, "value");
    value = luaL_optinteger(L, -1, 0);
    lua_pop(L, 1);
  }
  *scratch = *p;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      int sq = board_square(g, f, r);
      if (p->board[sq] == CELL_EMPTY) continue;
      int keep;
      if (by_attr) {
        keep = (p->attr[sq] & bits) == value;
      } else {
        char name[8];
        board_square_name(g, sq, name);
        lua_getfield(L, idx, name);
        keep = lua_toboolean(L, -1);
        lua_pop(L, 1);
      }
      if (!keep) {
        Undo u;
        u.neffects = 0;
        pos_set_cell(scratch, sq, CELL_EMPTY, 0, &u);
      }
    }
  return scratch;
}

/* The piece type a question is narrowed to: a letter at idx (either
** case: the colour is the question's), or -1 where idx is not a string. */
static int type_filter(lua_State *L, Rules *R, int idx) {
  if (lua_type(L, idx) != LUA_TSTRING) return -1;
  size_t len;
  const char *s = lua_tolstring(L, idx, &len);
  char lower = len == 1 && s[0] >= 'A' && s[0] <= 'Z' ? (char)(s[0] + 32) : s[0];
  int t = len == 1 ? variant_type_by_letter(R->p->v, lower) : -1;
  if (t < 0) luaL_error(L, "no piece \"%s\" in %s", s, R->p->v->name);
  return t;
}

/* Does a piece of type t and colour by attack sq (ordinary attack)? One
** pass over the side's pieces of that type, without a list. */
static int attacked_by_type(const Position *p, int sq, int by, int t) {
  for (int i = 0; i < p->npieces[by]; i++) {
    int f = p->plist[by][i];
    if (f != sq && CELL_TYPE(p->board[f]) == t && piece_attacks(p, f, sq)) return 1;
  }
  return 0;
}

/* p copied into scratch with only one layer's pieces (those whose
** attribute has value in bits), the others lifted; returns scratch. */
static Position *layer_copy(const Position *p, lua_Integer bits, lua_Integer value, Position *scratch) {
  *scratch = *p;
  for (int c = 0; c < NCOLOURS; c++)
    for (int i = p->npieces[c] - 1; i >= 0; i--) {
      int f = p->plist[c][i];
      if ((p->attr[f] & bits) != value) {
        Undo u;
        u.neffects = 0;
        pos_set_cell(scratch, f, CELL_EMPTY, 0, &u);
      }
    }
  return scratch;
}

/* The cells of the pieces off one layer (those whose attribute has not
** value in bits), emptied in place and put back: the board then shows
** that layer alone. The attack reads the board, and the piece lists only
** where a piece's cell still holds it. */
typedef struct Hidden {
  int n;
  uint16_t where[MAX_PIECES];
  uint8_t cell[MAX_PIECES];
} Hidden;

static void hide_layers(Position *p, lua_Integer bits, lua_Integer value, Hidden *h) {
  h->n = 0;
  for (int c = 0; c < NCOLOURS; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int f = p->plist[c][i];
      if ((p->attr[f] & bits) != value && p->board[f] != CELL_EMPTY) {
        h->where[h->n] = (uint16_t)f;
        h->cell[h->n++] = p->board[f];
        p->board[f] = CELL_EMPTY;
      }
    }
}

static void show_layers(Position *p, const Hidden *h) {
  for (int i = h->n - 1; i >= 0; i--) p->board[h->where[i]] = h->cell[i];
}

/* Does colour by attack sq with only the pieces whose attribute has value
** in bits (one layer of the board: two boards written as one)? The other
** pieces' cells are emptied in place for the test and put back, instead
** of copying the position (masked()). Not on a wrapped board, whose
** attack reads more. */
static int attacked_in_layer(Position *p, int sq, int by, lua_Integer bits, lua_Integer value) {
  if (p->v->geo.wrap) { /* a copy with the other layers lifted */
    Position scratch;
    return attacked(layer_copy(p, bits, value, &scratch), sq, by);
  }
  Hidden h;
  hide_layers(p, bits, value, &h);
  int a = attacked(p, sq, by);
  show_layers(p, &h);
  return a;
}

static int pos_attacked(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2), by = checkcolour(L, 3), t = type_filter(L, R, 4);
  if (t >= 0) {
    lua_pushboolean(L, attacked_by_type(R->p, sq, by, t));
    return 1;
  }
  if (lua_istable(L, 4) && !R->p->v->geo.wrap && lua_getfield(L, 4, "attr") == LUA_TNIL) lua_pop(L, 1);
  else if (lua_istable(L, 4) && !R->p->v->geo.wrap) {
    lua_Integer bits = luaL_checkinteger(L, -1);
    lua_getfield(L, 4, "value");
    lua_Integer value = luaL_optinteger(L, -1, 0);
    lua_pop(L, 2);
    sandbox_pay(R->sb, L, (long)R->p->npieces[WHITE] + R->p->npieces[BLACK]);
    lua_pushboolean(L, attacked_in_layer(R->p, sq, by, bits, value));
    return 1;
  }
  Position scratch;
  lua_pushboolean(L, attacked(masked(L, R, 4, &scratch), sq, by));
  return 1;
}

static int pos_attackers(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2), from[MAX_PIECES], by = checkcolour(L, 3), t = type_filter(L, R, 4);
  Position scratch;
  const Position *p = t >= 0 ? R->p : masked(L, R, 4, &scratch);
  int n = attackers_of(p, sq, by, from, MAX_PIECES), k = 0;
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++)
    if (t < 0 || CELL_TYPE(p->board[from[i]]) == t) {
      pushsquare(L, R, from[i]);
      lua_rawseti(L, -2, ++k);
    }
  return 1;
}

static int pos_in_check(lua_State *L) {
  Rules *R = view(L);
  int c = checkcolour(L, 2);
  lua_pushboolean(L, royal_attacked(R->p, c));
  if (R->r.failed) return luaL_error(L, "%s", R->failure);
  return 1;
}

/* A move code a script hands in, at idx: one the core could have made on
** this position's board, whatever its legality (move_well_formed), or a
** script move of a declared kind. Anything else is an error, before any
** of it is read. */
static Move checkmove(lua_State *L, const Rules *R, int idx) {
  lua_Integer code = luaL_checkinteger(L, idx);
  Move m = (Move)code;
  if (code < 0 || code > 0xFFFFFFFF || !move_well_formed(R->p, m) ||
      (MOVE_FLAG(m) == MF_SCRIPT && (MOVE_PROMO(m) < 1 || MOVE_PROMO(m) > R->r.nkinds)))
    luaL_argerror(L, idx, lua_pushfstring(L, "%I is not a move (expected a code from pos:pseudo, "
                                             "pos:legal, pos:move or a hook's arguments)", code));
  return m;
}

static int pos_uci(lua_State *L) {
  Rules *R = view(L);
  char buf[32];
  move_to_uci_plain(R->p, checkmove(L, R, 2), buf, sizeof buf); /* (hooks may not generate) */
  lua_pushstring(L, buf);
  return 1;
}

static const char *const kind_names[] = {"move", "double", "en passant", "castling", "promotion",
                                         "relocation", "target", "cards", "draw", "drop",
                                         "gate", "pass", "script"};

/* from, to, kind, promotion letter: what a move is. */
static int pos_decode(lua_State *L) {
  Rules *R = view(L);
  Move m = checkmove(L, R, 2);
  const Variant *v = R->p->v;
  int flag = MOVE_FLAG(m), promo = MOVE_PROMO(m);
  if (flag == MF_PLACE && MOVE_FROM(m) == PLACE_FROM_NONE) lua_pushnil(L);
  else pushsquare(L, R, MOVE_FROM(m));
  pushsquare(L, R, MOVE_TO(m));
  if (flag == MF_SCRIPT) {
    lua_pushstring(L, R->r.kinds[promo - 1]);
    return 3;
  }
  lua_pushstring(L, kind_names[flag]);
  if ((flag == MF_PROMO || flag == MF_DROP || flag == MF_GATE) && promo >= 1 && promo <= v->ntypes) {
    char l[4];
    lua_pushlstring(L, l, (size_t)type_text(v, promo - 1, BLACK, l));
    return 4;
  }
  return 3;
}

/* from's file and rank, to's file and rank (1-based numbers), kind: what
** pos:decode says as numbers, so that a hook that reads every move does
** arithmetic on coordinates instead of hashing square names. A
** drop or placement has no from: its from's file and rank are 0. */
static int pos_coords(lua_State *L) {
  Rules *R = view(L);
  Move m = checkmove(L, R, 2);
  const Geometry *g = &R->p->v->geo;
  int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m);
  int none = flag == MF_PLACE && from == PLACE_FROM_NONE;
  lua_pushinteger(L, none ? 0 : board_file(g, from) + 1);
  lua_pushinteger(L, none ? 0 : board_rank(g, from) + 1);
  lua_pushinteger(L, board_file(g, to) + 1);
  lua_pushinteger(L, board_rank(g, to) + 1);
  /* constant names: Lua finds them in its string cache by address */
  lua_pushstring(L, flag == MF_SCRIPT ? R->r.kinds[MOVE_PROMO(m) - 1] : kind_names[flag]);
  return 5;
}

/* Of a list of moves, those that end outside the cell they start in, the
** board cut into cells of w files by h ranks from a1 (2x2 cells, say;
** castling judged by the king's move): a whole list in one call. */
static int pos_leaving_cell(lua_State *L) {
  Rules *R = view(L);
  const Position *p = R->p;
  const Geometry *g = &p->v->geo;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer w = luaL_checkinteger(L, 3), h = luaL_checkinteger(L, 4);
  luaL_argcheck(L, w >= 1 && w <= g->files, 3, "a cell's width is 1 to the board's files");
  luaL_argcheck(L, h >= 1 && h <= g->ranks, 4, "a cell's height is 1 to the board's ranks");
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2), k = 0;
  if (n > MAX_MOVES) return luaL_error(L, "leaving_cell: more than %d moves", MAX_MOVES);
  sandbox_pay(R->sb, L, (long)n * COST_PER_ENTRY);
  lua_createtable(L, (int)n, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);
    lua_Integer code = lua_tointeger(L, -1);
    Move m = (Move)code;
    if (code <= 0 || code > 0xFFFFFFFF || !move_well_formed(p, m)) {
      lua_pop(L, 1);
      return luaL_error(L, "leaving_cell: entry %I is not a move", i);
    }
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = move_destination(p, m);
    int keep = 1;
    if (flag != MF_SCRIPT && !(flag >= MF_PLACE && flag <= MF_DRAW) && flag != MF_DROP && board_inside(g, from)) {
      int ff = board_file(g, from), fr = board_rank(g, from), tf = board_file(g, to), tr = board_rank(g, to);
      keep = ff / w != tf / w || fr / h != tr / h;
    }
    if (keep) lua_rawseti(L, -2, ++k);
    else lua_pop(L, 1);
  }
  return 1;
}

/* The squares of colour's pieces that an enemy piece of their own type
** attacks (ordinary attack), in board order: the whole answer of a
** condition of mutual paralysis in one call, where asking
** pos:attacked(sq, by, letter) of every piece is one call a piece. */
static int pos_attacked_by_own_type(lua_State *L) {
  Rules *R = view(L);
  int c = checkcolour(L, 2);
  const Position *p = R->p;
  pay_squares(L, R, COST_PER_SQUARE);
  /* the enemy pieces by type, once: each piece is then tested against
  ** its own type's only */
  int first[MAX_TYPES], next[MAX_PIECES];
  for (int t = 0; t < MAX_TYPES; t++) first[t] = -1;
  int e = c ^ 1;
  for (int i = p->npieces[e] - 1; i >= 0; i--) {
    int t = CELL_TYPE(p->board[p->plist[e][i]]);
    next[i] = first[t];
    first[t] = i;
  }
  /* colour's pieces from its list, the few found put in board order */
  int hit[MAX_PIECES], nhit = 0;
  for (int j = 0; j < p->npieces[c]; j++) {
    int sq = p->plist[c][j];
    int t = CELL_TYPE(p->board[sq]);
    /* capture_offset: the types whose capture steps reach that far that
    ** way, which leaves out most pairs before piece_attacks */
    const uint32_t *near = p->v->capture_offset[e] + MAX_SQUARES + sq;
    for (int i = first[t]; i >= 0; i = next[i])
      if ((near[-p->plist[e][i]] & 1u << t) && piece_attacks(p, p->plist[e][i], sq)) {
        int at = nhit++;
        for (; at > 0 && hit[at - 1] > sq; at--) hit[at] = hit[at - 1]; /* square order is board order */
        hit[at] = sq;
        break;
      }
  }
  lua_createtable(L, nhit, 0);
  for (int k = 0; k < nhit; k++) {
    pushsquare(L, R, hit[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* The square of the piece m would capture here, or nothing; given a list
** of moves, the list of those that capture (one call for a whole list). */
static void pushmoves(lua_State *L, const Move *list, int n);

static int pos_captures(lua_State *L) {
  Rules *R = view(L);
  const Position *p = R->p;
  if (lua_istable(L, 2) && lua_rawlen(L, 2) <= MAX_MOVES) {
    /* gathered in C, then one table of the right size */
    int n = (int)lua_rawlen(L, 2), k = 0;
    sandbox_charge(L, (long)n * COST_PER_ENTRY);
    const Move *handed = R->handed && R->nmade == R->base ? R->handed : NULL;
    Move keep[MAX_MOVES];
    for (int i = 1; i <= n; i++) {
      lua_rawgeti(L, 2, i);
      lua_Integer code = lua_tointeger(L, -1);
      lua_pop(L, 1);
      Move m = (Move)code;
      if (code > 0 && code <= 0xFFFFFFFF &&
          ((handed && i <= R->nhanded && handed[i - 1] == m) || move_well_formed(p, m)) && move_captures(p, m))
        keep[k++] = m;
    }
    pushmoves(L, keep, k);
    return 1;
  }
  if (lua_istable(L, 2)) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2), k = 0;
    sandbox_charge(L, (long)n * COST_PER_ENTRY); /* n < 2^40: no overflow */
    lua_createtable(L, 8, 0);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, 2, i);
      lua_Integer code = lua_tointeger(L, -1);
      if (code > 0 && code <= 0xFFFFFFFF && move_well_formed(p, (Move)code) &&
          move_captures(p, (Move)code))
        lua_rawseti(L, -2, ++k);
      else
        lua_pop(L, 1);
    }
    return 1;
  }
  Move m = checkmove(L, R, 2);
  int flag = MOVE_FLAG(m);
  if (flag == MF_EP && p->ep_victim != SQ_NONE) {
    pushsquare(L, R, p->ep_victim);
    return 1;
  }
  if (flag != MF_NORMAL && flag != MF_PROMO && flag != MF_GATE && flag != MF_DOUBLE) return 0;
  if (!board_inside(&p->v->geo, MOVE_TO(m)) || MOVE_TO(m) == MOVE_FROM(m)) return 0;
  if (p->board[MOVE_TO(m)] == CELL_EMPTY) return 0;
  pushsquare(L, R, MOVE_TO(m));
  return 1;
}

/* A move the script adds: from, to and one of its declared kinds. */
static int pos_move(lua_State *L) {
  Rules *R = view(L);
  int from = checksquare(L, R, 2), to = checksquare(L, R, 3);
  const char *kind = luaL_checkstring(L, 4);
  for (int i = 0; i < R->r.nkinds; i++)
    if (!strcmp(kind, R->r.kinds[i])) {
      lua_pushinteger(L, (lua_Integer)MAKE_MOVE(from, to, MF_SCRIPT, i + 1));
      return 1;
    }
  return luaL_error(L, "no kind \"%s\" in hooks.kinds", kind);
}

static void pushmoves(lua_State *L, const Move *list, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, (lua_Integer)list[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static int pos_legal(lua_State *L) {
  Rules *R = view(L);
  Move list[MAX_MOVES];
  int n = gen_legal(R->p, list);
  if (R->r.failed) return luaL_error(L, "%s", R->failure);
  sandbox_charge(L, (long)n * COST_PER_MOVE);
  pushmoves(L, list, n);
  return 1;
}

/* The core's moves, before the hooks: what Betza and the variant's
** declared rules allow, without the check rule. */
static int pos_pseudo(lua_State *L) {
  Rules *R = view(L);
  Move list[MAX_MOVES];
  Position scratch;
  int n = gen_pseudo(masked(L, R, 2, &scratch), list);
  sandbox_charge(L, (long)n * COST_PER_MOVE);
  pushmoves(L, list, n);
  return 1;
}

/* The moves of one layer of a layered board (the pieces whose attribute
** has value in bits: two boards written as one): the core's moves with
** the other layers lifted, less those that would land where a piece of
** another layer stands (the square must be free there too); castling and
** en passant only where the core allows them on the whole board (in a
** moves hook, among the moves it was handed: castlings as a castling
** hook judged them), en passant only against a piece of the layer. One
** call for the list pos:pseudo(keep) and a decode per move would give. */
static int pos_layer_moves(lua_State *L) {
  Rules *R = view(L);
  Position *p = R->p;
  lua_Integer bits = luaL_checkinteger(L, 2), value = luaL_checkinteger(L, 3);
  luaL_argcheck(L, bits >= 1 && bits <= 255, 2, "attribute bits are 1 to 255");
  pay_squares(L, R, COST_PER_MASKED_SQUARE);
  Position scratch;
  Move list[MAX_MOVES], whole[MAX_MOVES];
  int n = gen_pseudo(layer_copy(p, bits, value, &scratch), list), nwhole = -1, k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), to = MOVE_TO(m), ok;
    if (flag == MF_CASTLE || flag == MF_EP) {
      if (nwhole < 0) {
        const Move *handed = R->handed && R->nmade == R->base ? R->handed : NULL;
        if (handed) memcpy(whole, handed, sizeof *whole * (size_t)(nwhole = R->nhanded));
        else nwhole = gen_pseudo(p, whole);
      }
      ok = 0;
      for (int j = 0; j < nwhole && !ok; j++) ok = whole[j] == m;
      if (ok && flag == MF_EP)
        ok = p->ep_victim != SQ_NONE && p->board[p->ep_victim] != CELL_EMPTY &&
             (p->attr[p->ep_victim] & bits) == value;
    } else {
      ok = !board_inside(&p->v->geo, to) || p->board[to] == CELL_EMPTY || (p->attr[to] & bits) == value;
    }
    if (ok) list[k++] = m;
  }
  sandbox_pay(R->sb, L, (long)k * COST_PER_MOVE);
  pushmoves(L, list, k);
  return 1;
}

/* The moves a piece of the given type would have from sq for the side to
** move, as if it stood there. */
static int pos_moves_as(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2);
  uint8_t cell = checkpiece(L, R, 3, 4);
  Move list[MAX_MOVES];
  int n = gen_piece(R->p, sq, CELL_TYPE(cell), list);
  sandbox_charge(L, (long)n * COST_PER_MOVE);
  pushmoves(L, list, n);
  return 1;
}

/* May m be made on p: one of the core's moves here, or a script move of
** a declared kind between two squares of the board? (make would otherwise
** read a piece that is not there.) */
static int makeable(Rules *R, Move m) {
  Position *p = R->p;
  if (MOVE_FLAG(m) == MF_SCRIPT)
    return MOVE_PROMO(m) >= 1 && MOVE_PROMO(m) <= R->r.nkinds && (m >> 30) == 0 &&
           board_inside(&p->v->geo, MOVE_FROM(m)) && board_inside(&p->v->geo, MOVE_TO(m));
  Move list[MAX_MOVES];
  int n = gen_pseudo(p, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}

static int view_make(lua_State *L) {
  Rules *R = view(L);
  lua_Integer code = luaL_checkinteger(L, 2);
  Move m = (Move)code;
  if (code < 0 || code > 0xFFFFFFFF || !makeable(R, m))
    return luaL_error(L, "make: not a move of this position");
  if (R->nmade >= MAX_MADE) return luaL_error(L, "make: more than %d moves made at once", MAX_MADE);
  /* the slot is taken before the move is made: the hooks its making calls
  ** (effects, turn_ends) may make moves of their own, in the slots above */
  int k = R->nmade++;
  R->made[k] = m;
  move_make(R->p, m, &R->undo[k]);
  if (R->r.failed) return luaL_error(L, "%s", R->failure);
  return 0;
}

static int view_unmake(lua_State *L) {
  Rules *R = view(L);
  if (R->nmade <= R->base) return luaL_error(L, "unmake: no move of this hook's to take back");
  R->nmade--;
  move_unmake(R->p, R->made[R->nmade], &R->undo[R->nmade]);
  return 0;
}

static void set_cell(lua_State *L, Rules *R, int sq, uint8_t cell, uint8_t attr) {
  if (pos_set_cell(R->p, sq, cell, attr, R->u))
    luaL_error(L, "a move's effects may change at most %d squares", MAX_EFFECTS);
}

static int pos_put(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2);
  uint8_t cell = checkpiece(L, R, 3, 4);
  set_cell(L, R, sq, cell, 0);
  return 0;
}

static int pos_remove(lua_State *L) {
  Rules *R = view(L);
  set_cell(L, R, checksquare(L, R, 2), CELL_EMPTY, 0);
  return 0;
}

/* The pieces on the squares next to sq (a king's step away), but those of
** the types spared names (a string of letters, either case), are removed:
** a blast around a square in one call. Returns how many. */
static int pos_remove_around(lua_State *L) {
  Rules *R = view(L);
  const Position *p = R->p;
  const Geometry *g = &p->v->geo;
  int sq = checksquare(L, R, 2);
  uint32_t spared = 0;
  if (!lua_isnoneornil(L, 3)) {
    size_t len;
    const char *s = luaL_checklstring(L, 3, &len);
    for (size_t i = 0; i < len; i++) {
      char lower = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) : s[i];
      int t = variant_type_by_letter(p->v, lower);
      if (t < 0) return luaL_error(L, "remove_around: no piece '%c' in %s", s[i], p->v->name);
      spared |= 1u << t;
    }
  }
  if (g->hex) return luaL_error(L, "remove_around: the squares around are a square board's (this board's cells are hexagons)");
  int f = board_file(g, sq), r = board_rank(g, sq), n = 0;
  for (int dr = -1; dr <= 1; dr++)
    for (int df = -1; df <= 1; df++) {
      if ((!df && !dr) || f + df < 0 || f + df >= g->files || r + dr < 0 || r + dr >= g->ranks) continue;
      int s2 = board_square(g, f + df, r + dr);
      uint8_t cell = p->board[s2];
      if (!board_inside(g, s2) || cell == CELL_EMPTY || cell == CELL_OFF || (spared >> CELL_TYPE(cell) & 1)) continue;
      sandbox_pay(R->sb, L, COST_PER_REMOVAL);
      set_cell(L, R, s2, CELL_EMPTY, 0);
      n++;
    }
  lua_pushinteger(L, n);
  return 1;
}

/* The piece on sq changes sides (or takes the colour given). */
static int pos_recolour(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2);
  uint8_t cell = R->p->board[sq];
  if (cell == CELL_EMPTY) return luaL_error(L, "recolour: %s is empty", lua_tostring(L, 2));
  int c = lua_isnoneornil(L, 3) ? (CELL_COLOUR(cell) == NEUTRAL ? NEUTRAL : CELL_COLOUR(cell) ^ 1)
                                 : checkcolour(L, 3);
  set_cell(L, R, sq, MAKE_CELL(c, CELL_TYPE(cell)), R->p->attr[sq]);
  return 0;
}

static int pos_set_attr(lua_State *L) {
  Rules *R = view(L);
  int sq = checksquare(L, R, 2);
  lua_Integer a = luaL_checkinteger(L, 3);
  luaL_argcheck(L, a >= 0 && a <= 255, 3, "an attribute is 0 to 255");
  if (R->p->board[sq] == CELL_EMPTY) return luaL_error(L, "set_attr: %s is empty", lua_tostring(L, 2));
  set_cell(L, R, sq, R->p->board[sq], (uint8_t)a);
  return 0;
}

/* The move is irreversible (it captures, or moves a pawn) though the core
** did not see it so: a move of a script's kind, whose effects capture. The
** count of moves without one starts again; unmake restores it with the
** rest of the move. */
static int pos_reset_clock(lua_State *L) {
  Rules *R = view(L);
  R->p->halfmove = 0;
  return 0;
}

/* The piece on from goes to to (whatever stood there is gone), with its
** attribute. */
static int pos_relocate(lua_State *L) {
  Rules *R = view(L);
  int from = checksquare(L, R, 2), to = checksquare(L, R, 3);
  uint8_t cell = R->p->board[from], a = R->p->attr[from];
  if (cell == CELL_EMPTY) return luaL_error(L, "relocate: %s is empty", lua_tostring(L, 2));
  if (from == to) return 0;
  set_cell(L, R, from, CELL_EMPTY, 0);
  set_cell(L, R, to, cell, a);
  return 0;
}

static int pos_tostring(lua_State *L) {
  Rules *R = luaL_checkudata(L, 1, POS_MT);
  if (!R->p) {
    lua_pushliteral(L, "position (outside its hook)");
    return 1;
  }
  pay_squares(L, R, COST_PER_SQUARE);
  char fen[2048];
  pos_fen(R->p, fen, sizeof fen);
  lua_pushfstring(L, "position %s", fen);
  return 1;
}

static int pos_fen_(lua_State *L) {
  Rules *R = view(L);
  pay_squares(L, R, COST_PER_SQUARE);
  char fen[2048];
  pos_fen(R->p, fen, sizeof fen);
  lua_pushstring(L, fen);
  return 1;
}

/* The position's methods: the one registry of what a hook may call on it
** (charged.h), with what each may be asked in which hook (CAN_*) and what
** its work in C costs, in instructions of the budget's time (measured on
** chess, docs/api.md "Limits"); a method whose work grows with the board or
** a list pays for that too. */
#define COST_LOOKUP 10     /* a square, a count: about a call's own time */
#define COST_DECODE 20     /* reading a move */
#define COST_KIND 40       /* finding a kind by name */
#define COST_UCI 50        /* writing a move */
#define COST_ATTACK 50     /* an attack test */
#define COST_ATTACKERS 150 /* every attacker of a square */
#define COST_CHANGE 100    /* a change of the board, recorded for unmake */
#define COST_GENERATE 150  /* the core's moves of a position (and per move) */
#define COST_LEGAL 300     /* the legal moves: each pseudo-legal one made and
                              tested (and per move; the hooks pay for theirs) */
#define COST_MAKE 350      /* making a move, after finding it among the moves */
#define COST_UNMAKE 100
static const ChargedMethod pos_methods[] = {
    CHARGED_METHOD("side", pos_side, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("mover", pos_mover, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("step", pos_step, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("fullmove", pos_fullmove, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("piece", pos_piece, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("attr", pos_attr, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("state", pos_state, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("set_state", pos_set_state_, COST_LOOKUP, CAN_STATE),
    CHARGED_METHOD("pieces", pos_pieces, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("count", pos_count, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("royal", pos_royal, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("files", pos_files, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("ranks", pos_ranks, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("file", pos_file, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("rank", pos_rank, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("square", pos_square, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("attacked", pos_attacked, COST_ATTACK, CAN_READ),
    CHARGED_METHOD("attackers", pos_attackers, COST_ATTACKERS, CAN_READ),
    CHARGED_METHOD("in_check", pos_in_check, COST_ATTACK, CAN_READ),
    CHARGED_METHOD("uci", pos_uci, COST_UCI, CAN_READ),
    CHARGED_METHOD("decode", pos_decode, COST_DECODE, CAN_READ),
    CHARGED_METHOD("coords", pos_coords, COST_DECODE, CAN_READ),
    CHARGED_METHOD("leaving_cell", pos_leaving_cell, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("attacked_by_own_type", pos_attacked_by_own_type, COST_ATTACKERS, CAN_READ),
    CHARGED_METHOD("captures", pos_captures, COST_LOOKUP, CAN_READ),
    CHARGED_METHOD("move", pos_move, COST_KIND, CAN_READ),
    CHARGED_METHOD("legal", pos_legal, COST_LEGAL, CAN_PLAY),
    CHARGED_METHOD("pseudo", pos_pseudo, COST_GENERATE, CAN_READ),
    CHARGED_METHOD("moves_as", pos_moves_as, COST_GENERATE, CAN_READ),
    CHARGED_METHOD("layer_moves", pos_layer_moves, COST_GENERATE, CAN_READ),
    CHARGED_METHOD("make", view_make, COST_MAKE, CAN_PLAY),
    CHARGED_METHOD("unmake", view_unmake, COST_UNMAKE, CAN_PLAY),
    CHARGED_METHOD("put", pos_put, COST_CHANGE, CAN_CHANGE),
    CHARGED_METHOD("remove", pos_remove, COST_CHANGE, CAN_CHANGE),
    CHARGED_METHOD("remove_around", pos_remove_around, COST_LOOKUP, CAN_CHANGE),
    CHARGED_METHOD("recolour", pos_recolour, COST_CHANGE, CAN_CHANGE),
    CHARGED_METHOD("set_attr", pos_set_attr, COST_CHANGE, CAN_CHANGE),
    CHARGED_METHOD("relocate", pos_relocate, COST_CHANGE, CAN_CHANGE),
    CHARGED_METHOD("reset_clock", pos_reset_clock, COST_LOOKUP, CAN_CHANGE),
    CHARGED_METHOD("fen", pos_fen_, COST_LOOKUP, CAN_READ),
    CHARGED_END};

const ChargedMethod *rules_methods(void) { return pos_methods; }

/* A position method behind its registry entry (charged_push_methods'
** upvalues): may the running hook call it, then its cost, then the work.
** The cost is counted into the budget inline (sandbox_pay): a method call
** is a few loads and compares on top of the method's own work. */
static int pos_call(lua_State *L) {
  const ChargedMethod *m = lua_touserdata(L, lua_upvalueindex(CHARGED_UPVALUE_ENTRY));
  Rules *R = checkview(L, m->may);
  sandbox_pay(R->sb, L, m->cost);
  return m->func(L);
}

/* ---- calling the hooks ---------------------------------------------------- */

/* Where a hook function is defined, for messages about what it returned. */
static void where(lua_State *L, int fn, char *buf, size_t len) {
  lua_Debug ar;
  lua_pushvalue(L, fn);
  lua_getinfo(L, ">S", &ar);
  snprintf(buf, len, "%s:%d", ar.short_src, ar.linedefined);
}

static int bad_return(lua_State *L, int fn, const char *name, const char *expected) {
  char at[300];
  where(L, fn, at, sizeof at);
  return luaL_error(L, "%s: hooks.%s returned %s (expected %s)", at, name,
                    luaL_typename(L, -1), expected);
}

/* A hook's two results, a verdict and a reason, on the stack: the reason
** (a string) into c->reason, the verdict into c->answer (1, 0, or -1 for
** nil: the core decides); anything else is a bad return. */
static int verdict(lua_State *L, Call *c, const char *name, const char *expected) {
  if (c->reason && lua_type(L, -1) == LUA_TSTRING)
    snprintf(c->reason, c->reasonlen, "%s", lua_tostring(L, -1));
  lua_pop(L, 1);
  if (lua_isnil(L, -1)) c->answer = -1;
  else if (lua_isboolean(L, -1)) c->answer = lua_toboolean(L, -1);
  else return bad_return(L, 2, name, expected);
  return 0;
}

/* A move a moves hook returns: one the core gave it, a script move of a
** declared kind, or a plain move or promotion of one of the side's pieces
** to a square of the board (which the core makes like any other). p is
** the position the move will be made in: the hook has taken back what it
** made (call_hook). */
static int acceptable(const Rules *R, const Position *p, Move m, const Move *given, int n) {
  for (int i = 0; i < n; i++)
    if (given[i] == m) return 1;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m), promo = MOVE_PROMO(m);
  const Geometry *g = &p->v->geo;
  if ((m >> 30) || !board_inside(g, from) || !board_inside(g, to)) return 0;
  if (flag == MF_SCRIPT) return promo >= 1 && promo <= R->r.nkinds;
  if (flag != MF_NORMAL && flag != MF_PROMO && flag != MF_DOUBLE) return 0;
  uint8_t cell = p->board[from], there = p->board[to];
  if (from == to || cell == CELL_EMPTY || CELL_COLOUR(cell) != p->side) return 0;
  /* onto an empty square or the opponent's piece: neutral pieces are
  ** not captured */
  if (there != CELL_EMPTY && CELL_COLOUR(there) != (p->side ^ 1)) return 0;
  if (flag == MF_DOUBLE) /* a step passing one square, as double steps do */
    return promo == 0 && ((board_file(g, to) - board_file(g, from)) % 2 == 0) &&
           ((board_rank(g, to) - board_rank(g, from)) % 2 == 0);
  return flag == MF_NORMAL ? promo == 0 : promo >= 1 && promo <= p->v->ntypes;
}

/* Calls the hook (function at 2, its arguments above) and checks that it
** left the position as it found it: every move it made with pos:make taken
** back, and, in a hook that may not change the board or the state, the
** same position. What it returns is then read against the position the
** core goes on with (a move it hands back is made there, not in the
** position it left). */
static void call_hook(lua_State *L, Rules *R, const char *name, int nargs, int nresults) {
  uint64_t key = R->p->key;
  lua_call(L, nargs, nresults);
  int left = R->nmade - R->base;
  if (left > 0 || (!(R->can & (CAN_CHANGE | CAN_STATE)) && R->p->key != key)) {
    char at[300];
    where(L, 2, at, sizeof at);
    if (left > 0)
      luaL_error(L, "%s: hooks.%s made %d move%s with pos:make and did not take %s back with pos:unmake "
                    "(a hook leaves the position as it found it)", at, name, left, left == 1 ? "" : "s",
                 left == 1 ? "it" : "them");
    luaL_error(L, "%s: hooks.%s changed the position (a hook leaves the position as it found it)", at, name);
  }
}

/* Is the name a notation hook gives a move one that every reader takes
** back whole: PGN's tokens (no space, brackets, ';' or '.' after a
** number), the REPL's and play's steps (no ','), no check mark (the core
** adds it), no digit first (a move number) and no '$' (a NAG); 14
** characters at most, so that with a check mark it fits the REPL's
** completion words (16 bytes). */
static int notation_name_ok(const char *s, size_t len) {
  if (len == 0 || len > 14 || strlen(s) != len) return 0;
  if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return 0;
  for (size_t i = 1; i < len; i++) {
    char ch = s[i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          (ch && strchr("-_:/@*^~<>&", ch))))
      return 0;
  }
  return 1;
}

/* Runs under sandbox_pcall: calls the hook and decodes its answer. */
static int run(lua_State *L) {
  Call *c = lua_touserdata(L, 1);
  Rules *R = c->R;
  const Position *p = R->p;
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, R->ref); /* 1 */
  lua_rawgeti(L, 1, c->which + 1);             /* 2: the function */
  lua_pushvalue(L, 2);
  lua_rawgeti(L, 1, VIEW_INDEX);
  const char *name = hook_names[c->which];
  switch (c->which) {
    case H_MOVES: {
      pushmoves(L, c->list, c->n);
      call_hook(L, R, name, 2, 2);
      if (c->reason) { /* asked why: the reason given for the move, if any */
        c->answer = 0;
        if (lua_isfunction(L, -1)) {
          /* reasons as a function of (pos, move): called only here, so
          ** that the hook builds no text for the moves it refuses when
          ** nobody asks why */
          lua_pushvalue(L, -1);
          lua_rawgeti(L, 1, VIEW_INDEX);
          lua_pushinteger(L, (lua_Integer)c->asked);
          call_hook(L, R, name, 2, 1);
          if (lua_type(L, -1) == LUA_TSTRING) {
            snprintf(c->reason, c->reasonlen, "%s", lua_tostring(L, -1));
            c->answer = 1;
          }
          lua_pop(L, 1);
        } else if (lua_istable(L, -1)) {
          lua_rawgeti(L, -1, (lua_Integer)c->asked);
          if (lua_type(L, -1) == LUA_TSTRING) {
            snprintf(c->reason, c->reasonlen, "%s", lua_tostring(L, -1));
            c->answer = 1;
          }
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
      if (lua_isnil(L, -1)) return 0; /* the moves as they were */
      if (!lua_istable(L, -1)) return bad_return(L, 2, name, "a table of moves, or nil");
      /* raw: a __len of the script's cannot make the count negative,
      ** nor run its code here */
      lua_Integer len = (lua_Integer)lua_rawlen(L, -1);
      if (len > MAX_MOVES) {
        char at[300];
        where(L, 2, at, sizeof at);
        return luaL_error(L, "%s: hooks.moves returned %I moves (at most %d)", at, len, MAX_MOVES);
      }
      Move given[MAX_MOVES];
      memcpy(given, c->list, sizeof(Move) * (size_t)c->n);
      for (lua_Integer i = 1; i <= len; i++) {
        int isnum;
        lua_rawgeti(L, -1, i);
        lua_Integer code = lua_tointegerx(L, -1, &isnum);
        if (!isnum || code < 0 || code > 0xFFFFFFFF || !acceptable(R, p, (Move)code, given, c->n)) {
          char at[300];
          where(L, 2, at, sizeof at);
          /* (named raw: a __tostring of the script's is not run here) */
          return luaL_error(L, "%s: hooks.moves returned %s as move %I (expected a move of the list, "
                               "or one made by pos:move)", at,
                            lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1), i);
        }
        c->list[i - 1] = (Move)code;
        lua_pop(L, 1);
      }
      c->n = (int)len;
      return 0;
    }
    case H_LEGAL:
      lua_pushinteger(L, (lua_Integer)c->m);
      call_hook(L, R, name, 2, 2);
      return verdict(L, c, name, "true, false, or nil for the check rule");
    case H_EFFECTS: {
      const Undo *u = R->u;
      lua_pushinteger(L, (lua_Integer)c->m);
      if (u->captured != CELL_EMPTY) {
        push_cell_letter(L, p->v, u->captured);
        pushsquare(L, R, MOVE_FLAG(c->m) == MF_EP ? u->ep_victim : MOVE_TO(c->m));
      } else {
        lua_pushnil(L);
        lua_pushnil(L);
      }
      lua_pushinteger(L, u->moved_attr);
      call_hook(L, R, name, 5, 0);
      return 0;
    }
    case H_ATTACKED:
      pushsquare(L, R, c->sq);
      pushcolour(L, c->by);
      call_hook(L, R, name, 3, 1);
      c->answer = lua_toboolean(L, -1);
      return 0;
    case H_CASTLING: {
      int us = p->side;
      lua_pushstring(L, c->side == 0 ? "king" : "queen");
      pushsquare(L, R, p->castle_king[us]);
      pushsquare(L, R, p->castle_rook[us * 2 + c->side]);
      pushsquare(L, R, c->kto);
      pushsquare(L, R, c->rto);
      call_hook(L, R, name, 6, 2);
      return verdict(L, c, name, "true (the squares allow it), false (and a reason), or nil for the core's test");
    }
    case H_WHY:
      lua_pushinteger(L, (lua_Integer)c->m);
      call_hook(L, R, name, 2, 1);
      c->answer = 0;
      if (lua_type(L, -1) == LUA_TSTRING) {
        snprintf(c->reason, c->reasonlen, "%s", lua_tostring(L, -1));
        c->answer = 1;
      } else if (!lua_isnil(L, -1)) {
        return bad_return(L, 2, name, "the reason (a string), or nil for the core's");
      }
      return 0;
    case H_NOTATION: {
      lua_pushinteger(L, (lua_Integer)c->m);
      call_hook(L, R, name, 2, 1);
      c->answer = 0;
      if (lua_isnil(L, -1)) return 0;
      if (lua_type(L, -1) != LUA_TSTRING) return bad_return(L, 2, name, "the move's name, or nil for SAN");
      size_t len;
      const char *text = lua_tolstring(L, -1, &len);
      if (!notation_name_ok(text, len)) {
        char at[300];
        where(L, 2, at, sizeof at);
        return luaL_error(L, "%s: hooks.notation returned \"%s\" (expected a name of 1 to 14 characters: a "
                             "letter, then letters, digits or - _ : / @ * ^ ~ < > &, so that PGN and play "
                             "read it back; or nil for SAN)", at, len > 40 ? "(too long)" : text);
      }
      snprintf(c->reason, c->reasonlen, "%s", text);
      c->answer = 1;
      return 0;
    }
    case H_TURN_ENDS:
      lua_pushinteger(L, (lua_Integer)c->m);
      lua_pushinteger(L, R->u->phase + 1); /* the step the move was */
      call_hook(L, R, name, 3, 1);
      if (lua_isnil(L, -1)) c->answer = -1;
      else if (lua_isboolean(L, -1)) c->answer = lua_toboolean(L, -1);
      else return bad_return(L, 2, name, "true (the turn ends), false (it goes on), or nil");
      return 0;
    case H_TERMINAL: {
      static const char *const results[] = {"win", "loss", "draw", NULL};
      static const int codes[] = {RESULT_WIN, RESULT_LOSS, RESULT_DRAW};
      call_hook(L, R, name, 1, 2);
      if (c->reason && lua_type(L, -1) == LUA_TSTRING)
        snprintf(c->reason, c->reasonlen, "%s", lua_tostring(L, -1));
      lua_pop(L, 1);
      c->answer = 0;
      if (lua_isnil(L, -1)) return 0;
      if (lua_type(L, -1) == LUA_TSTRING)
        for (int i = 0; results[i]; i++)
          if (!strcmp(lua_tostring(L, -1), results[i])) c->answer = codes[i];
      if (!c->answer)
        return bad_return(L, 2, name, "\"win\", \"loss\" or \"draw\" for the side to move, or nil");
      return 0;
    }
  }
  return 0;
}

/* Calls hook c->which on position p with what the view may do. Returns 0,
** or -1 when the hooks have failed (now or before). */
static int call(Call *c, Position *p, Undo *u, int can, int mover) {
  Rules *R = c->R;
  if (R->r.failed) return -1;
  lua_State *L = R->L;
  if (R->depth >= MAX_DEPTH) {
    fail(R, "hooks.%s: hooks called inside hooks more than 12 deep%s", hook_names[c->which],
         " (a hook that asks for legal moves whose hooks ask again)");
    return -1;
  }
  if (!lua_checkstack(L, 8)) {
    fail(R, "hooks.%s: out of memory%s", hook_names[c->which], "");
    return -1;
  }
  /* the view's state, restored after: hooks nest */
  Position *op = R->p;
  Undo *ou = R->u;
  int ocan = R->can, omover = R->mover, obase = R->base, onhanded = R->nhanded;
  const Move *ohanded = R->handed;
  R->handed = c->which == H_MOVES ? c->list : NULL;
  R->nhanded = c->n;
  R->p = p;
  R->u = u;
  R->can = can;
  R->mover = mover;
  R->base = R->nmade;
  R->depth++;
  lua_pushcfunction(L, run);
  lua_pushlightuserdata(L, c);
  int status = sandbox_pcall(L, 1, 0, SANDBOX_BUDGET_DEFAULT);
  R->depth--;
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    char text[700];
    snprintf(text, sizeof text, "%s", msg ? msg : "(error object is not a string)");
    /* the traceback's lines inside varia say nothing to a script's author */
    static const char inside[] = "\n\t[C]: in ?";
    for (char *c2; (c2 = strstr(text, inside));)
      memmove(c2, c2 + sizeof inside - 1, strlen(c2 + sizeof inside - 1) + 1);
    size_t tl = strlen(text);
    if (tl > 17 && !strcmp(text + tl - 17, "\nstack traceback:")) text[tl - 17] = '\0';
    fail(R, "hooks.%s: %s", hook_names[c->which], text);
    lua_pop(L, 1);
  }
  /* moves the hook made and did not take back */
  while (R->nmade > R->base) {
    R->nmade--;
    move_unmake(p, R->made[R->nmade], &R->undo[R->nmade]);
  }
  R->p = op;
  R->u = ou;
  R->handed = ohanded;
  R->nhanded = onhanded;
  R->can = ocan;
  R->mover = omover;
  R->base = obase;
  return R->r.failed ? -1 : 0;
}

/* Is m one of the moves the moves hook is about (moves_on)? */
static int concerns(const Rules *R, const Position *p, Move m) {
  if (R->moves_attr) {
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m);
    if ((flag >= MF_PLACE && flag <= MF_DRAW) || !board_inside(&p->v->geo, from) ||
        !(p->attr[from] & R->moves_attr))
      return 0;
    if (!R->moves_kinds && !R->moves_captures) return 1; /* every move of a marked piece */
  }
  return (R->moves_kinds >> MOVE_FLAG(m) & 1) || (R->moves_captures && move_captures(p, m));
}

/* The moves hook on the moves it concerns, list[0..n) (all of them
** without moves_on). With moves_on, mine gets the concerned ones, in
** order, and the hook is not called when there are none; the others stay
** as they are, and what the hook returns takes the place of the first
** concerned move. Returns the new count, or -1 when the hooks failed. */
static int moves_hook(Rules *R, Position *p, Move *list, int n, Move asked, char *reason, size_t reasonlen,
                      int *answer) {
  if (!R->moves_only) {
    Call c = {.R = R, .which = H_MOVES, .list = list, .n = n, .asked = asked, .reason = reason,
              .reasonlen = reasonlen};
    if (call(&c, p, NULL, CAN_READ | CAN_PLAY, p->side)) return -1;
    *answer = c.answer;
    return c.n;
  }
  Move mine[MAX_MOVES];
  int nmine = 0, first = -1;
  for (int i = 0; i < n; i++)
    if (concerns(R, p, list[i])) {
      if (first < 0) first = i;
      mine[nmine++] = list[i];
    }
  *answer = 0;
  if (nmine == 0) return n;
  Call c = {.R = R, .which = H_MOVES, .list = mine, .n = nmine, .asked = asked, .reason = reason,
            .reasonlen = reasonlen};
  if (call(&c, p, NULL, CAN_READ | CAN_PLAY, p->side)) return -1;
  *answer = c.answer;
  if (R->moves_drop_others) { /* the hook's answer is the list */
    memcpy(list, mine, sizeof(Move) * (size_t)c.n);
    return c.n;
  }
  if (n - nmine + c.n > MAX_MOVES) {
    char most[16];
    snprintf(most, sizeof most, "%d", MAX_MOVES);
    fail(R, "hooks.moves: %s: more moves with the ones moves_on leaves out than a position may have (%s)",
         "returned too many", most);
    return -1;
  }
  Move out[MAX_MOVES];
  int k = 0;
  for (int i = 0; i < n; i++) {
    if (i == first) {
      memcpy(out + k, mine, sizeof(Move) * (size_t)c.n);
      k += c.n;
    }
    if (!concerns(R, p, list[i])) out[k++] = list[i];
  }
  memcpy(list, out, sizeof(Move) * (size_t)k);
  return k;
}

/* ---- continue_as: a capture and its continuation, in C ------------------ */

/* The continuation a capture owes, in state slots 1 and 2 (as a script
** reads them: the captured type's letter as a byte, the capture square as
** file * 100 + rank): whether one is owed in this step, and its square
** and type. */
static int owed(const Position *p, int *sq, int *t) {
  if (p->phase == 0 || p->state[0] == 0) return 0;
  const Geometry *g = &p->v->geo;
  int32_t code = p->state[1];
  int f = code / 100 - 1, r = code % 100 - 1;
  *t = p->state[0] > 0 && p->state[0] < 128 ? variant_type_by_letter(p->v, (char)p->state[0]) : -1;
  if (*t < 0 || f < 0 || f >= g->files || r < 0 || r >= g->ranks) return 0;
  *sq = board_square(g, f, r);
  return 1;
}

/* The continuations owed here: the moves without capture of the captured
** type from the capture square, with the promotions of the piece standing
** there (gen_piece_as); no en passant, no castling; a double step only
** where the piece continues as its own type (another that moves as a
** pawn sets no en passant square); a piece that promotes never ends on
** its side's first rank. */
static int continuations(const Position *p, Move *list) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int sq, t;
  if (!owed(p, &sq, &t)) return 0;
  uint8_t cell = p->board[sq];
  if (cell == CELL_EMPTY || cell == CELL_OFF || CELL_COLOUR(cell) != p->side) return 0;
  int mover = CELL_TYPE(cell), us = p->side;
  int promotes = ((v->promote_mask | v->promo_to_mask) >> mover) & 1;
  int first = us == WHITE ? 0 : g->ranks - 1, k = 0;
  Move all[MAX_MOVES];
  int n = gen_piece_as(p, sq, t, mover, all);
  for (int i = 0; i < n; i++) {
    Move m = all[i];
    int flag = MOVE_FLAG(m), to = MOVE_TO(m), seen = 0;
    if ((flag != MF_NORMAL && flag != MF_DOUBLE && flag != MF_PROMO) || p->board[to] != CELL_EMPTY) continue;
    if (promotes && board_rank(g, to) == first) continue;
    if (flag == MF_DOUBLE && mover != t) m = MAKE_MOVE(sq, to, MF_NORMAL, 0);
    for (int j = 0; j < k && !seen; j++) seen = list[j] == m;
    if (!seen) list[k++] = m;
  }
  return k;
}

/* A capture owes its continuation, which promotes where it ends: the
** capture itself does not (the core's promotions of a capturing move are
** one move, which takes and stays). */
static int captures_unpromoted(const Position *p, Move *list, int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    if (MOVE_FLAG(m) == MF_PROMO && move_captures(p, m)) {
      Move plain = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_NORMAL, 0);
      int seen = 0;
      for (int j = 0; j < k && !seen; j++) seen = list[j] == plain;
      if (seen) continue;
      m = plain;
    }
    list[k++] = m;
  }
  return k;
}

/* Is some continuation owed here legal: does one leave colour us's royal
** pieces unattacked (or, without a check rule, is there one)? */
static int continuation_exists(Position *p, int us) {
  const Variant *v = p->v;
  Move list[MAX_MOVES];
  int n = continuations(p, list);
  if (n && (v->royal_capture || !v->royal_mask)) return 1;
  for (int i = 0; i < n && !v->rules->failed; i++) {
    Undo u;
    move_make(p, list[i], &u);
    int ok = !royal_attacked(p, us);
    move_unmake(p, list[i], &u);
    if (ok) return 1;
  }
  return 0;
}

/* ---- moves_layer: a board of layers, each move made on one ---------------- */

/* Is sq free for a piece of layer value that lands there: empty, or held
** by a piece of that layer (which the move captures)? */
static inline int layer_free(const Position *p, int bits, int value, int sq) {
  return p->board[sq] == CELL_EMPTY || (p->attr[sq] & bits) == value;
}

/* May the castling move m of layer value land there: the squares where
** king and rook land empty on the other layers (or their own squares). */
static int layer_castling_lands(const Position *p, Move m) {
  int king = MOVE_FROM(m), rook = MOVE_TO(m), kto = move_destination(p, m);
  int rto = kto + (CASTLE_SIDE(m) == 0 ? -1 : 1);
  return (p->board[kto] == CELL_EMPTY || kto == king || kto == rook) &&
         (p->board[rto] == CELL_EMPTY || rto == king || rto == rook);
}

/* The moves of the side to move, layer by layer (the layer values its
** pieces have in bits, lowest first): the core's moves of each layer's
** pieces with the other layers' cells emptied in place (and the side's
** piece list narrowed to the layer's pieces for the generation), kept
** where they land on a square free on the other layers. Castling is
** generated so on its layer (king and rook on it, the squares between
** empty there, the attacks on the king's path the layer's), en passant
** only against a piece of the layer. */
static int layer_generate(Rules *R, Position *p, Move *list) {
  int bits = R->moves_layer, us = p->side, n = 0;
  uint64_t present[4] = {0, 0, 0, 0};
  for (int i = 0; i < p->npieces[us]; i++) {
    int value = p->attr[p->plist[us][i]] & bits;
    present[value >> 6] |= 1ull << (value & 63);
  }
  uint16_t all[MAX_PIECES];
  int nall = p->npieces[us];
  memcpy(all, p->plist[us], sizeof all[0] * (size_t)nall);
  for (int value = 0; value <= bits; value++) {
    if (!(present[value >> 6] >> (value & 63) & 1)) continue;
    Hidden h;
    hide_layers(p, bits, value, &h);
    int k = 0;
    for (int i = 0; i < nall; i++)
      if (p->board[all[i]] != CELL_EMPTY) p->plist[us][k++] = all[i];
    p->npieces[us] = k;
    uint64_t kept_bits[NCOLOURS], kept_type_bits[NCOLOURS][MAX_TYPES];
    memcpy(kept_bits, p->bits, sizeof kept_bits);
    memcpy(kept_type_bits, p->type_bits, sizeof kept_type_bits);
    pos_sync_bits(p);
    Move mine[MAX_MOVES];
    int m = gen_pseudo(p, mine);
    memcpy(p->plist[us], all, sizeof all[0] * (size_t)nall);
    p->npieces[us] = nall;
    show_layers(p, &h);
    memcpy(p->bits, kept_bits, sizeof kept_bits);
    memcpy(p->type_bits, kept_type_bits, sizeof kept_type_bits);
    for (int i = 0; i < m && n < MAX_MOVES; i++) {
      Move mv = mine[i];
      int flag = MOVE_FLAG(mv), to = MOVE_TO(mv);
      int ok = flag == MF_CASTLE ? layer_castling_lands(p, mv)
             : !board_inside(&p->v->geo, to) || (flag >= MF_PLACE && flag <= MF_DRAW) || layer_free(p, bits, value, to);
      if (ok) list[n++] = mv;
    }
  }
  return n;
}

/* Castling on a layered board, for castling_refusal (why): the rook on
** the king's layer, the squares between them and where they land empty
** there, where they land empty on the other layers. 1, or 0 with the
** reason in reason. */
static int layer_castling(Rules *R, const Position *p, int side, int kto, int rto, char *reason, size_t len) {
  const Geometry *g = &p->v->geo;
  int us = p->side, bits = R->moves_layer;
  int king = p->castle_king[us], rook = p->castle_rook[us * 2 + side];
  int layer = p->attr[king] & bits;
  char a[8];
  if ((p->attr[rook] & bits) != layer) {
    board_square_name(g, rook, a);
    if (reason) snprintf(reason, len, "the rook on %s stands on another layer than the king", a);
    return 0;
  }
  int lo, hi;
  castle_span(king, rook, kto, rto, &lo, &hi);
  for (int sq = lo; sq <= hi; sq++) {
    if (sq == king || sq == rook || p->board[sq] == CELL_EMPTY) continue;
    int own = (p->attr[sq] & bits) == layer;
    if (!own && sq != kto && sq != rto) continue;
    board_square_name(g, sq, a);
    if (reason && own) snprintf(reason, len, "%s is occupied on the king's layer", a);
    else if (reason) snprintf(reason, len, "%s is occupied on another layer, where the %s would pass", a,
                              sq == kto ? "king" : "rook");
    return 0;
  }
  return 1;
}

/* The before and after of a move on layers, for t_judge's slow way and
** why: after move m (made), is colour us's royal piece safe on the layer
** the move was made on, as it stood before effects_toggle passed the moved
** pieces on? (Asked only where the royal piece stands, then, on that
** layer: the move is legal "on that layer alone".) The toggled bits are
** flipped back in place for the test. */
static int safe_before_passing(Rules *R, Position *p, Move m, int us) {
  int bits = R->moves_layer, tog = R->effects_toggle & bits, ksq = p->royal[us];
  int flag = MOVE_FLAG(m);
  if (!tog || ksq == SQ_NONE || !(flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_EP || flag == MF_PROMO ||
                                 flag == MF_CASTLE))
    return 1;
  int to = flag == MF_CASTLE ? move_destination(p, m) : MOVE_TO(m);
  int rto = flag == MF_CASTLE ? to + (CASTLE_SIDE(m) == 0 ? -1 : 1) : SQ_NONE;
  if (p->board[to] == CELL_EMPTY) return 1;
  int was = (p->attr[to] ^ tog) & bits; /* the layer the move was made on */
  p->attr[to] ^= (uint8_t)tog;
  if (rto != SQ_NONE) p->attr[rto] ^= (uint8_t)tog;
  int safe = (p->attr[ksq] & bits) != was || !attacked_in_layer(p, ksq, us ^ 1, bits, was);
  p->attr[to] ^= (uint8_t)tog;
  if (rto != SQ_NONE) p->attr[rto] ^= (uint8_t)tog;
  return safe;
}

/* The legality of a layered board's moves (moves_layer with attacked_layer
** and effects_toggle, or none, of the same bits), judged in one call: the
** mover's royal piece, after the move and its passing, unattacked on its
** layer, and a royal piece that moved unattacked too on the layer it
** moved on, before passing. Where nothing but the declarations touches a
** move (no effects hook, one royal piece, no piece that attacks through
** others), each move is judged on the board showing the king's layer
** alone, changed in place by what the move changes there (a move on
** another layer only adds a piece to it, which takes no attack away from
** a leaper or rider: out of check it is legal untried); the others are
** made and tested. */
static int t_judge(void *ctx, Position *p, Move *list, int n) {
  Rules *R = ctx;
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, bits = R->moves_layer, tog = R->effects_toggle & bits;
  int ksq = p->royal[us], k = 0;
  int fast = !R->has_effects && !v->geo.wrap && ksq != SQ_NONE && royal_count(p, us) == 1 &&
             !v->special_attackers[them] && !v->nblast && !v->facing_illegal && !v->facing_break;
  if (!fast) {
    for (int i = 0; i < n && !R->r.failed; i++) {
      Undo u;
      Move m = list[i];
      move_make(p, m, &u);
      int ok = !royal_attacked(p, us) && safe_before_passing(R, p, m, us);
      move_unmake(p, m, &u);
      if (ok) list[k++] = m;
    }
    return R->r.failed ? 0 : k;
  }
  uint8_t *b = p->board;
  uint8_t real[MAX_SQUARES], ok[MAX_MOVES];
  memcpy(real, b, sizeof real);
  int lk = p->attr[ksq] & bits, nroyal = 0;
  Hidden h;
  hide_layers(p, bits, lk, &h);
  int incheck = attacked(p, ksq, them);
  /* the first piece on each of the king's attack rays beyond which an
  ** enemy piece stands that attacks along it from there, were the squares
  ** between empty: while none of them leaves the king's layer, no ray
  ** opens (a leaper's attack needs no open line) */
  uint64_t first[(MAX_SQUARES + 63) / 64];
  ray_screens(p, ksq, them, first);
#define FIRST(sq) (first[(sq) >> 6] >> ((sq) & 63) & 1)
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m);
    int plain = flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_EP || flag == MF_PROMO;
    ok[i] = 0;
    if (flag == MF_CASTLE && from == ksq) {
      /* before passing: king and rook on their squares on the king's layer */
      int kto = move_destination(p, m), rto = kto + (CASTLE_SIDE(m) == 0 ? -1 : 1);
      uint8_t kc = b[ksq], rc = b[to], skto = b[kto], srto = b[rto];
      b[ksq] = CELL_EMPTY;
      b[to] = CELL_EMPTY;
      b[rto] = rc;
      b[kto] = kc;
      ok[i] = !attacked(p, kto, them);
      b[kto] = skto;
      b[rto] = srto;
      b[to] = rc;
      b[ksq] = kc;
      if (ok[i] && tog) ok[i] = 2, nroyal++; /* and after passing, below */
      continue;
    }
    if (!plain || !board_inside(&v->geo, from) || !board_inside(&v->geo, to) ||
        (real[to] != CELL_EMPTY && (p->attr[to] & bits) != (p->attr[from] & bits))) {
      /* not a plain move of one layer (a script's move, a drop, a landing
      ** on another layer's piece): made and tried */
      show_layers(p, &h);
      Undo u;
      move_make(p, m, &u);
      ok[i] = !royal_attacked(p, us) && safe_before_passing(R, p, m, us);
      move_unmake(p, m, &u);
      hide_layers(p, bits, lk, &h);
      continue;
    }
    int lx = p->attr[from] & bits, after = lx ^ tog;
    if (from == ksq) {
      /* before passing: the king on to, on its layer */
      uint8_t kc = b[ksq], st = b[to];
      b[ksq] = CELL_EMPTY;
      b[to] = kc;
      ok[i] = !attacked(p, to, them);
      b[to] = st;
      b[ksq] = kc;
      if (ok[i] && tog) ok[i] = 2, nroyal++;
      continue;
    }
    if (lx != lk) {
      /* on another layer: the king's gains a piece on to, or nothing */
      if (!incheck) ok[i] = 1;
      else if (after == lk) {
        uint8_t st = b[to];
        b[to] = real[from];
        ok[i] = !attacked(p, ksq, them);
        b[to] = st;
      }
      continue;
    }
    /* on the king's layer: from and the captured piece's square go empty
    ** there, and to holds the piece if it stays */
    int victim = flag == MF_EP ? p->ep_victim : SQ_NONE;
    if (!incheck && !FIRST(from) && !FIRST(to) && (victim == SQ_NONE || !FIRST(victim))) {
      ok[i] = 1;
      continue;
    }
    uint8_t sf = b[from], st = b[to], sv = victim != SQ_NONE ? b[victim] : 0;
    b[from] = CELL_EMPTY;
    b[to] = after == lk ? sf : CELL_EMPTY;
    if (victim != SQ_NONE) b[victim] = CELL_EMPTY;
    ok[i] = !attacked(p, ksq, them);
    if (victim != SQ_NONE) b[victim] = sv;
    b[to] = st;
    b[from] = sf;
  }
#undef FIRST
  show_layers(p, &h);
  if (nroyal) {
    /* after passing: the king (and a castling rook) on the layer it
    ** passes to, which the move leaves as it was otherwise */
    hide_layers(p, bits, lk ^ tog, &h);
    for (int i = 0; i < n; i++) {
      if (ok[i] != 2) continue;
      Move m = list[i];
      int to = MOVE_TO(m), kto = move_destination(p, m);
      if (MOVE_FLAG(m) == MF_CASTLE) {
        int rto = kto + (CASTLE_SIDE(m) == 0 ? -1 : 1);
        uint8_t skto = b[kto], srto = b[rto];
        b[rto] = real[to];
        b[kto] = real[ksq];
        ok[i] = !attacked(p, kto, them);
        b[kto] = skto;
        b[rto] = srto;
      } else {
        uint8_t st = b[to];
        b[to] = real[ksq];
        ok[i] = !attacked(p, to, them);
        b[to] = st;
      }
    }
    show_layers(p, &h);
  }
  for (int i = 0; i < n; i++)
    if (ok[i]) list[k++] = list[i];
  return k;
}

/* ---- paralysis: pieces that an enemy piece of some types paralyses ------- */

/* The square of an enemy piece that paralyses the piece on sq (attacks it
** ordinarily, being of a type that paralyses its type), or SQ_NONE. */
static int paralyser(const Rules *R, const Position *p, int sq) {
  uint8_t cell = p->board[sq];
  int t = CELL_TYPE(cell), c = CELL_COLOUR(cell);
  uint32_t by = R->paralysed_by[t];
  if (!by || c > BLACK) return SQ_NONE;
  int e = c ^ 1;
  /* capture_offset: the types whose capture steps reach that far that
  ** way, which leaves out most pieces before piece_attacks */
  const uint32_t *near = p->v->capture_offset[e] + MAX_SQUARES + sq;
  for (int i = 0; i < p->npieces[e]; i++) {
    int f = p->plist[e][i];
    uint32_t bit = 1u << CELL_TYPE(p->board[f]);
    if ((by & bit) && (near[-f] & bit) && piece_attacks(p, f, sq)) return f;
  }
  return SQ_NONE;
}

/* Does the move m of the side to move stand still by paralysis: its piece
** (for castling, the king or the rook) paralysed? stuck: the side's
** pieces found paralysed, a bit per square. */
static int paralysed_move(const Position *p, Move m, const uint64_t *stuck) {
  int flag = MOVE_FLAG(m), from = MOVE_FROM(m);
  if (flag == MF_DROP || flag == MF_SCRIPT || (flag >= MF_PLACE && flag <= MF_DRAW) || !board_inside(&p->v->geo, from))
    return 0;
#define STUCK(sq) (stuck[(sq) >> 6] >> ((sq) & 63) & 1)
  return STUCK(from) || (flag == MF_CASTLE && STUCK(MOVE_TO(m)));
#undef STUCK
}

/* The side to move's paralysed pieces into stuck; returns whether any.
** The enemy pieces are sorted by type first, so that each piece is tried
** against the types that paralyse it only. */
static int find_paralysed(const Rules *R, const Position *p, uint64_t *stuck) {
  int any = 0, us = p->side, e = us ^ 1;
  memset(stuck, 0, sizeof(uint64_t) * ((MAX_SQUARES + 63) / 64));
  int first[MAX_TYPES], next[MAX_PIECES];
  uint32_t present = 0;
  for (int i = p->npieces[e] - 1; i >= 0; i--) {
    int t = CELL_TYPE(p->board[p->plist[e][i]]);
    if (!(present >> t & 1)) first[t] = -1;
    present |= 1u << t;
    next[i] = first[t];
    first[t] = i;
  }
  for (int j = 0; j < p->npieces[us]; j++) {
    int sq = p->plist[us][j];
    uint32_t by = R->paralysed_by[CELL_TYPE(p->board[sq])] & present;
    const uint32_t *near = p->v->capture_offset[e] + MAX_SQUARES + sq;
    for (int hit = 0; by && !hit; by &= by - 1) {
      int t = __builtin_ctz(by);
      for (int i = first[t]; i >= 0 && !hit; i = next[i]) {
        int f = p->plist[e][i];
        hit = (near[-f] >> t & 1) && piece_attacks(p, f, sq);
      }
      if (hit) {
        stuck[sq >> 6] |= 1ull << (sq & 63);
        any = 1;
      }
    }
  }
  return any;
}

/* The moves of pieces that are not paralysed. */
static int unparalysed(const Rules *R, const Position *p, Move *list, int n) {
  uint64_t stuck[(MAX_SQUARES + 63) / 64];
  if (!find_paralysed(R, p, stuck)) return n;
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!paralysed_move(p, list[i], stuck)) list[k++] = list[i];
  return k;
}

/* Does colour by attack sq with a piece that is not paralysed? (Asked
** where the ordinary attack finds one.) */
static int attacked_unparalysed(const Rules *R, const Position *p, int sq, int by) {
  const uint32_t *near = p->v->capture_offset[by] + MAX_SQUARES + sq;
  for (int i = 0; i < p->npieces[by]; i++) {
    int a = p->plist[by][i];
    if (a != sq && (near[-a] >> CELL_TYPE(p->board[a]) & 1) && piece_attacks(p, a, sq) &&
        paralyser(R, p, a) == SQ_NONE)
      return 1;
  }
  return 0;
}

/* ---- cells: every move leaves its cell, every attack crosses cells -------- */

static inline int same_cell(const Geometry *g, int a, int b, int w, int h) {
  return board_file(g, a) / w == board_file(g, b) / w && board_rank(g, a) / h == board_rank(g, b) / h;
}

/* Does m stay in the cell it starts in (castling: the king's move)? */
static int staying_in_cell(const Rules *R, const Position *p, Move m) {
  const Geometry *g = &p->v->geo;
  int flag = MOVE_FLAG(m), from = MOVE_FROM(m);
  if (flag == MF_SCRIPT || (flag >= MF_PLACE && flag <= MF_DRAW) || flag == MF_DROP || !board_inside(g, from)) return 0;
  return same_cell(g, from, move_destination(p, m), R->cell_w, R->cell_h);
}

/* Does colour by attack sq from outside sq's cell? (Asked where the
** ordinary attack finds an attacker.) */
static int attacked_across_cells(const Rules *R, const Position *p, int sq, int by) {
  const Geometry *g = &p->v->geo;
  const uint32_t *near = p->v->capture_offset[by] + MAX_SQUARES + sq;
  for (int i = 0; i < p->npieces[by]; i++) {
    int a = p->plist[by][i];
    if (a != sq && (near[-a] >> CELL_TYPE(p->board[a]) & 1) && !same_cell(g, a, sq, R->cell_w, R->cell_h) &&
        piece_attacks(p, a, sq))
      return 1;
  }
  return 0;
}

static int t_generate(void *ctx, Position *p, Move *list) {
  Rules *R = ctx;
  int sq, t;
  if (R->moves_layer) return layer_generate(R, p, list);
  if (R->continue_as && owed(p, &sq, &t)) return continuations(p, list);
  return -1;
}

/* The declarations' part of the moves (continue_as, paralysis, cells). */
static __attribute__((noinline)) int declared_moves(Rules *R, Position *p, Move *list, int n) {
  int sq, t;
  if (R->continue_as && !owed(p, &sq, &t)) n = captures_unpromoted(p, list, n);
  if (R->paralysis) n = unparalysed(R, p, list, n);
  if (R->cell_w) {
    int k = 0;
    for (int i = 0; i < n; i++)
      if (!staying_in_cell(R, p, list[i])) list[k++] = list[i];
    n = k;
  }
  return n;
}

/* (The t_ functions of the declarations are apart from those that call
** Lua, which stay as short as they were: a script without declarations
** pays nothing for them.) */
static int t_moves(void *ctx, Position *p, Move *list, int n) {
  int answer;
  int k = moves_hook(ctx, p, list, n, MOVE_NONE, NULL, 0, &answer);
  return k < 0 ? 0 : k;
}

static int t_moves_declared(void *ctx, Position *p, Move *list, int n) {
  Rules *R = ctx;
  n = declared_moves(R, p, list, n);
  return R->has_moves ? t_moves(ctx, p, list, n) : n;
}

static int t_legal(void *ctx, Position *p, Move m, int mover) {
  Call c = {.R = ctx, .which = H_LEGAL, .m = m};
  return call(&c, p, NULL, CAN_READ | CAN_PLAY, mover) ? 0 : c.answer;
}

/* continue_as: a capture is judged after its continuation. */
static int t_legal_continuing(void *ctx, Position *p, Move m, int mover) {
  int sq, t;
  (void)ctx;
  (void)m;
  return owed(p, &sq, &t) ? continuation_exists(p, mover) : -1;
}

static void t_effects(void *ctx, Position *p, Move m, Undo *u) {
  Rules *R = ctx;
  if (R->effects_toggle) {
    int flag = MOVE_FLAG(m), bits = R->effects_toggle;
    if (flag == MF_CASTLE) {
      int kto = move_destination(p, m), rto = kto + (CASTLE_SIDE(m) == 0 ? -1 : 1);
      pos_set_cell(p, kto, p->board[kto], (uint8_t)(p->attr[kto] ^ bits), u);
      pos_set_cell(p, rto, p->board[rto], (uint8_t)(p->attr[rto] ^ bits), u);
    } else if ((flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_EP || flag == MF_PROMO) &&
               p->board[MOVE_TO(m)] != CELL_EMPTY) {
      /* the attribute before the move: a promotion resets it */
      pos_set_cell(p, MOVE_TO(m), p->board[MOVE_TO(m)], (uint8_t)(u->moved_attr ^ bits), u);
    }
    if (!R->has_effects) return;
  }
  if (R->continue_as) {
    if (u->phase > 0 && p->state[0] != 0) { /* the continuation made: nothing owed */
      pos_set_state(p, 0, 0);
      pos_set_state(p, 1, 0);
    } else if (u->phase == 0 && u->captured != CELL_EMPTY) {
      const Geometry *g = &p->v->geo;
      int to = MOVE_TO(m);
      pos_set_state(p, 0, (unsigned char)p->v->type[CELL_TYPE(u->captured)].letter);
      pos_set_state(p, 1, (board_file(g, to) + 1) * 100 + board_rank(g, to) + 1);
    }
    /* the script's effects, for the moves it asks them for */
    if (!R->has_effects ||
        !(R->script_effects_on == HOOK_ON_ALL || MOVE_FLAG(m) == MF_SCRIPT || (u->moved_attr & R->r.effects_attr) ||
          (R->script_effects_on == HOOK_ON_CAPTURES && u->captured != CELL_EMPTY)))
      return;
  }
  Call c = {.R = R, .which = H_EFFECTS, .m = m};
  /* effects of checks count, and change no board: legality is not theirs */
  int can = R->r.effects_on == HOOK_ON_CHECKS && MOVE_FLAG(m) != MF_SCRIPT && !(u->moved_attr & R->r.effects_attr)
                ? CAN_READ | CAN_STATE
                                                                           : CAN_READ | CAN_CHANGE | CAN_STATE;
  call(&c, p, u, can, u->side);
}

/* paralysis and cells: what attacks, in C. */
static int t_attacked_declared(void *ctx, const Position *p, int sq, int by) {
  Rules *R = ctx;
  if (R->paralysis) return attacked_unparalysed(R, p, sq, by);
  return attacked_across_cells(R, p, sq, by);
}

static int t_attacked(void *ctx, const Position *p, int sq, int by) {
  Rules *R = ctx;
  if (R->attacked_layer) {
    /* the layer of the piece on sq, or for an empty square (one castling
    ** passes), of the royal piece of the side attacked */
    int on = p->board[sq] != CELL_EMPTY ? sq : p->royal[by ^ 1];
    int layer = on != SQ_NONE ? p->attr[on] & R->attacked_layer : 0;
    return attacked_in_layer((Position *)p, sq, by, R->attacked_layer, layer);
  }
  Call c = {.R = ctx, .which = H_ATTACKED, .sq = sq, .by = by};
  /* read only: the cast lets the view hold it */
  return call(&c, (Position *)p, NULL, CAN_READ, p->side) ? 0 : c.answer;
}

/* A turn that would go on past MAX_TURN_STEPS fails the hooks, with the
** line of turn_ends: the core follows a turn's steps at the same depth
** (perft, the search), so a turn_ends that never says true would recurse
** until the stack is gone. */
static void endless_turn(Rules *R) {
  lua_State *L = R->L;
  char at[300];
  lua_rawgeti(L, LUA_REGISTRYINDEX, R->ref);
  lua_rawgeti(L, -1, H_TURN_ENDS + 1);
  where(L, lua_gettop(L), at, sizeof at);
  lua_pop(L, 2);
  char steps[16];
  snprintf(steps, sizeof steps, "%d", MAX_TURN_STEPS);
  fail(R, "%s: hooks.turn_ends: the turn goes on after %s steps (a turn has at most that "
          "many; does turn_ends ever return true?)", at, steps);
}

/* continue_as: a capture's turn goes on. */
static int t_turn_ends_continuing(void *ctx, Position *p, Move m, Undo *u) {
  (void)ctx;
  (void)m;
  (void)u;
  return p->state[0] == 0;
}

static int t_turn_ends(void *ctx, Position *p, Move m, Undo *u) {
  Call c = {.R = ctx, .which = H_TURN_ENDS, .m = m};
  if (call(&c, p, u, CAN_READ | CAN_PLAY | CAN_STATE, u->side)) return 1;
  if (c.answer == 0 && p->turn_steps >= MAX_TURN_STEPS) {
    endless_turn(c.R);
    return 1;
  }
  return c.answer;
}

/* The script's words for a refusal a declaration makes in C (hooks.why),
** in place of the core's in buf: 1 when it gives them. */
static int why_hook(Rules *R, Position *p, Move m, char *buf, size_t len) {
  if (!R->has_why) return 0;
  char text[512] = "";
  Call c = {.R = R, .which = H_WHY, .m = m, .reason = text, .reasonlen = sizeof text};
  if (call(&c, p, NULL, CAN_READ, p->side) || !c.answer) return 0;
  snprintf(buf, len, "%s", text);
  return 1;
}

static int t_castling(void *ctx, const Position *p, int side, int kto, int rto, char *reason, size_t len) {
  Rules *R = ctx;
  if (reason && len) reason[0] = '\0';
  if (R->moves_layer) {
    int ok = layer_castling(R, p, side, kto, rto, reason, len);
    if (!ok && reason)
      why_hook(R, (Position *)p, MAKE_MOVE(p->castle_king[p->side], p->castle_rook[p->side * 2 + side], MF_CASTLE, side),
               reason, len);
    return ok;
  }
  Call c = {.R = ctx, .which = H_CASTLING, .side = side, .kto = kto, .rto = rto, .reason = reason,
            .reasonlen = len};
  /* read only: the cast lets the view hold it; a failure refuses */
  return call(&c, (Position *)p, NULL, CAN_READ, p->side) ? 0 : c.answer;
}

static int t_notation(void *ctx, Position *p, Move m, char *buf, size_t len) {
  Call c = {.R = ctx, .which = H_NOTATION, .m = m, .reason = buf, .reasonlen = len};
  return call(&c, p, NULL, CAN_READ, p->side) ? 0 : c.answer;
}

static int t_terminal(void *ctx, Position *p, char *reason, size_t len) {
  Call c = {.R = ctx, .which = H_TERMINAL, .reason = reason, .reasonlen = len};
  if (reason && len) reason[0] = '\0';
  return call(&c, p, NULL, CAN_READ | CAN_PLAY, p->side) ? 0 : c.answer;
}

/* terminal_on: not asked after a step that did none of those things. */
static int t_terminal_after(void *ctx, Position *p, char *reason, size_t len) {
  if (!(p->last_step & ((Rules *)ctx)->r.terminal_after)) {
    if (reason && len) reason[0] = '\0';
    return 0;
  }
  return t_terminal(ctx, p, reason, len);
}

/* Why the hooks refuse m, one of the core's moves here: the moves hook
** leaves it out (with the reason it gives in its second result, a table
** keyed by move), or the legal hook refuses it after it is made. */
static int t_refusal(void *ctx, Position *p, Move m, char *buf, size_t len) {
  Rules *R = ctx;
  const Variant *v = p->v;
  Move list[MAX_MOVES];
  int sq, t, continuing = R->continue_as && owed(p, &sq, &t);
  int n = R->r.generate ? R->r.generate(R, p, list) : -1, found = 0;
  if (n < 0) {
    n = gen_pseudo(p, list);
    if (R->r.castling && v->castling) n = castling_by_hook(p, list, n); /* as rules_legal_moves */
  }
  for (int i = 0; i < n; i++)
    if (list[i] == m) found = 1;
  if (continuing && !found && MOVE_FLAG(m) != MF_SCRIPT) {
    char at[8];
    board_square_name(&v->geo, sq, at);
    snprintf(buf, len, "the capture owes its continuation: the piece on %s moves on as a %s, without capture",
             at, v->type[t].name);
    why_hook(R, p, m, buf, len);
    return 1;
  }
  if (R->moves_layer && !found && MOVE_FLAG(m) != MF_SCRIPT) {
    /* one of the core's moves on the whole board: not its layer's (a
    ** castling's reasons are the castling test's: castling_refusal) */
    if (MOVE_FLAG(m) == MF_CASTLE) return 0;
    char a[8], b[8];
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    board_square_name(&v->geo, from, a);
    board_square_name(&v->geo, to, b);
    if (MOVE_FLAG(m) != MF_CASTLE && board_inside(&v->geo, to) && !layer_free(p, R->moves_layer, p->attr[from] & R->moves_layer, to))
      snprintf(buf, len, "%s is occupied on another layer than the piece on %s's, where it would land", b, a);
    else
      snprintf(buf, len, "the piece on %s cannot move so on its own layer", a);
    why_hook(R, p, m, buf, len);
    return 1;
  }
  if (!found && MOVE_FLAG(m) != MF_SCRIPT) return 0;
  if (R->cell_w && found && staying_in_cell(R, p, m)) {
    char a[8], b[8];
    board_square_name(&v->geo, MOVE_FROM(m), a);
    board_square_name(&v->geo, move_destination(p, m), b);
    snprintf(buf, len, "%s and %s are in the same %dx%d cell: a move must leave its cell", a, b, R->cell_w, R->cell_h);
    why_hook(R, p, m, buf, len);
    return 1;
  }
  if (R->paralysis && found) {
    uint64_t stuck[(MAX_SQUARES + 63) / 64];
    if (find_paralysed(R, p, stuck) && paralysed_move(p, m, stuck)) {
      int who = MOVE_FROM(m);
      if (MOVE_FLAG(m) == MF_CASTLE && paralyser(R, p, who) == SQ_NONE) who = MOVE_TO(m);
      int by = paralyser(R, p, who);
      char a[8], b[8];
      board_square_name(&v->geo, who, a);
      board_square_name(&v->geo, by, b);
      snprintf(buf, len, "the %s on %s is paralysed (attacked by %s's %s on %s)", v->type[CELL_TYPE(p->board[who])].name,
               a, colour_title(p->side ^ 1), v->type[CELL_TYPE(p->board[by])].name, b);
      why_hook(R, p, m, buf, len);
      return 1;
    }
  }
  if (R->continue_as && !continuing) {
    n = captures_unpromoted(p, list, n);
    found = 0;
    for (int i = 0; i < n; i++)
      if (list[i] == m) found = 1;
    if (!found && MOVE_FLAG(m) == MF_PROMO) {
      snprintf(buf, len, "a capture does not promote: its continuation does, where it ends");
      return 1;
    }
  }
  if (R->has_moves && found) {
    int answer, k = moves_hook(R, p, list, n, m, buf, len, &answer);
    if (k < 0) return 0;
    int kept = 0;
    for (int i = 0; i < k; i++)
      if (list[i] == m) kept = 1;
    if (!kept) {
      if (!answer) snprintf(buf, len, "the variant's rules (hooks.moves) do not allow it");
      return 1;
    }
  }
  if (R->moves_layer && found) { /* judged on the layer it is made on, before passing */
    Undo u;
    int us = p->side, refused = 0;
    move_make(p, m, &u);
    if (!safe_before_passing(R, p, m, us)) refused = 1;
    move_unmake(p, m, &u);
    if (refused) {
      snprintf(buf, len, "the %s would stand attacked on the layer the move is made on, before passing",
               v->royal_mask ? v->type[__builtin_ctz(v->royal_mask)].name : "royal piece");
      why_hook(R, p, m, buf, len);
    }
    return refused;
  }
  if (R->continue_as) { /* a capture: judged after its continuation */
    Undo u;
    int us = p->side, refused = 0;
    move_make(p, m, &u);
    if (owed(p, &sq, &t) && !continuation_exists(p, us) && !R->r.failed) {
      char at[8];
      board_square_name(&v->geo, sq, at);
      snprintf(buf, len, "no move of a %s from %s without capture leaves %s's %s safe (the capture's continuation)",
               v->type[t].name, at,
               colour_title(us), v->royal_mask ? v->type[__builtin_ctz(v->royal_mask)].name : "pieces");
      refused = 1;
    }
    move_unmake(p, m, &u);
    if (refused) why_hook(R, p, m, buf, len);
    return refused;
  }
  if (R->r.legal) {
    Undo u;
    int us = p->side;
    buf[0] = '\0';
    /* legal_on "checks": asked only for a check the check rule allows;
    ** "royal": for a royal piece's move (the cell before the move) */
    uint8_t moving = MOVE_FLAG(m) == MF_SCRIPT || MOVE_FLAG(m) == MF_DROP ||
                             (MOVE_FLAG(m) >= MF_PLACE && MOVE_FLAG(m) <= MF_DRAW) ? CELL_EMPTY : p->board[MOVE_FROM(m)];
    int royal = moving != CELL_EMPTY && moving != CELL_OFF && (v->royal_mask >> CELL_TYPE(moving) & 1u);
    move_make(p, m, &u);
    int asked = R->r.legal_on == HOOK_ON_CHECKS ? !royal_attacked(p, us) && royal_attacked(p, us ^ 1)
              : R->r.legal_on == HOOK_ON_ROYAL ? royal : 1;
    Call c = {.R = R, .which = H_LEGAL, .m = m, .reason = buf, .reasonlen = len, .answer = 1};
    int failed = asked ? call(&c, p, NULL, CAN_READ | CAN_PLAY, us) : 0;
    move_unmake(p, m, &u);
    if (!failed && c.answer == 0) {
      if (!buf[0]) snprintf(buf, len, "the variant's rules (hooks.legal) do not allow it");
      return 1;
    }
  }
  return 0;
}

/* ---- making them ---------------------------------------------------------- */

static int view_gc(lua_State *L) {
  Rules *R = luaL_checkudata(L, 1, POS_MT);
  R->p = NULL;
  return 0;
}

/* One name of moves_on: a kind as pos:decode names it, or "captures". */
static int moves_on_name(Rules *R, const char *name) {
  if (!strcmp(name, "captures")) {
    R->moves_captures = 1;
    return 1;
  }
  for (int f = 0; f < (int)(sizeof kind_names / sizeof kind_names[0]); f++)
    if (f != MF_SCRIPT && !strcmp(name, kind_names[f])) {
      R->moves_kinds |= 1u << f;
      return 1;
    }
  return 0;
}

/* hooks.moves_on (at h): "all" (or none), or the moves the moves hook is
** about: "captures", a kind's name, or a list of them. Returns a problem,
** or NULL. */
static const char *read_moves_on(lua_State *L, int h, Rules *R) {
  static const char expected[] = "hooks.moves_on: expected \"all\", \"captures\", a kind of move "
                                 "(\"double\", \"castling\", \"promotion\", \"en passant\", ...) or a list of them";
  const char *problem = NULL;
  lua_pushliteral(L, "moves_on");
  int t = lua_rawget(L, h);
  if (t == LUA_TSTRING) {
    const char *name = lua_tostring(L, -1);
    if (strcmp(name, "all")) {
      R->moves_only = 1;
      if (!moves_on_name(R, name)) problem = expected;
    }
  } else if (t == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    R->moves_only = 1;
    if (n == 0 || n > 16) problem = expected;
    for (lua_Integer i = 1; i <= n && !problem; i++) {
      if (lua_rawgeti(L, -1, i) != LUA_TSTRING || !moves_on_name(R, lua_tostring(L, -1))) problem = expected;
      lua_pop(L, 1);
    }
  } else if (t != LUA_TNIL) {
    problem = expected;
  }
  lua_pop(L, 1);
  return problem;
}

RuleHooks *rules_new(lua_State *L, int idx, const Variant *v, int *bad, char *err, size_t errlen) {
  *bad = 0;
  idx = lua_absindex(L, idx);
  lua_pushliteral(L, "hooks");
  if (lua_rawget(L, idx) == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  int h = lua_gettop(L);
  *bad = 1;
  if (!lua_istable(L, h)) {
    snprintf(err, errlen, "hooks: expected a table of functions, got a %s", luaL_typename(L, h));
    lua_pop(L, 1);
    return NULL;
  }
  /* every key known, so that a misspelt hook is not silently ignored */
  lua_pushnil(L);
  while (lua_next(L, h)) {
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    int known = key && (!strcmp(key, "kinds") || !strcmp(key, "effects_on") ||
                        !strcmp(key, "legal_on") || !strcmp(key, "attacked_on") ||
                        !strcmp(key, "moves_on") || !strcmp(key, "effects_attr") ||
                        !strcmp(key, "moves_attr") || !strcmp(key, "turn_ends_on") ||
                        !strcmp(key, "attacked_layer") || !strcmp(key, "effects_toggle") ||
                        !strcmp(key, "continue_as") || !strcmp(key, "moves_layer") ||
                        !strcmp(key, "paralysis") || !strcmp(key, "terminal_on") ||
                        !strcmp(key, "moves_others") || !strcmp(key, "cells"));
    for (int i = 0; key && i < NHOOKS; i++)
      if (!strcmp(key, hook_names[i])) {
        known = 1;
        if (lua_type(L, -1) != LUA_TFUNCTION) {
          snprintf(err, errlen, "hooks.%s: expected a function, got a %s", key, luaL_typename(L, -1));
          lua_pop(L, 3);
          return NULL;
        }
      }
    if (!known) {
      snprintf(err, errlen, "hooks: unknown key %s (expected moves, legal, effects, attacked, "
               "turn_ends, terminal, castling, notation, why, kinds, effects_on, effects_attr, legal_on, attacked_on,"
               " moves_on, moves_attr, moves_others, turn_ends_on, terminal_on, attacked_layer, effects_toggle, continue_as,"
               " moves_layer, paralysis or cells)",
               key ? key : luaL_typename(L, -2));
      lua_pop(L, 3);
      return NULL;
    }
    lua_pop(L, 1);
  }
  Rules *R = lua_newuserdatauv(L, sizeof *R, 0);
  memset(R, 0, sizeof *R);
  if (luaL_newmetatable(L, POS_MT)) {
    charged_push_methods_with(L, pos_methods, pos_call, lua_gettop(L));
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, pos_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, view_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "position");
    lua_setfield(L, -2, "__metatable"); /* shared by every script: not theirs to change */
  }
  lua_setmetatable(L, -2);
  int ud = lua_gettop(L);
  const char *problem = NULL;
  lua_pushliteral(L, "kinds");
  int kt = lua_rawget(L, h);
  if (kt == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n > 16) problem = "hooks.kinds: at most 16 kinds";
    for (lua_Integer i = 1; i <= n && !problem; i++) {
      lua_rawgeti(L, -1, i);
      size_t len = 0;
      const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
      if (!k || len == 0 || len > 15 || strlen(k) != len) problem = "hooks.kinds: each kind a name of 1 to 15 characters";
      else snprintf(R->r.kinds[R->r.nkinds++], sizeof R->r.kinds[0], "%s", k);
      lua_pop(L, 1);
    }
  } else if (kt != LUA_TNIL) {
    problem = "hooks.kinds: expected a list of names";
  }
  lua_pop(L, 1);
  /* which moves (squares) the hooks care about */
  static const struct {
    const char *key, *names[5], *expected;
  } ons[] = {{"effects_on", {"all", "captures", "checks", NULL}, "hooks.effects_on: expected \"all\", \"captures\" or \"checks\""},
             {"legal_on", {"all", "captures", "checks", "royal", NULL}, "hooks.legal_on: expected \"all\", \"captures\", \"checks\" or \"royal\""},
             {"attacked_on", {"attacks", "all", NULL}, "hooks.attacked_on: expected \"attacks\" or \"all\""},
             {"turn_ends_on", {"all", "captures", NULL}, "hooks.turn_ends_on: expected \"all\" or \"captures\""}};
  int *fields[] = {&R->r.effects_on, &R->r.legal_on, &R->r.attacked_all, &R->r.turn_ends_on};
  for (int k = 0; k < 4 && !problem; k++) {
    lua_pushstring(L, ons[k].key);
    int t = lua_rawget(L, h);
    const char *val = t == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int found = t == LUA_TNIL;
    for (int i = 0; val && ons[k].names[i]; i++)
      if (!strcmp(val, ons[k].names[i])) {
        *fields[k] = i;
        found = 1;
      }
    if (!found) problem = ons[k].expected;
    lua_pop(L, 1);
  }
  if (!problem) problem = read_moves_on(L, h, R);
  lua_pushliteral(L, "moves_others");
  int mo = lua_rawget(L, h);
  if (!problem && mo != LUA_TNIL) {
    const char *val = mo == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (!strcmp(val, "drop")) R->moves_drop_others = 1;
    else if (strcmp(val, "keep")) problem = "hooks.moves_others: expected \"keep\" or \"drop\"";
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "terminal_on");
  int tt = lua_rawget(L, h);
  if (!problem && tt != LUA_TNIL) {
    static const char expected[] = "hooks.terminal_on: expected \"all\", \"captures\", \"royal\", \"checks\" or a list of them";
    static const char *const names[] = {"captures", "royal", "checks"};
    static const int bits[] = {LAST_CAPTURE, LAST_ROYAL, LAST_CHECK};
    int n = tt == LUA_TTABLE ? (int)lua_rawlen(L, -1) : 1, all = 0;
    if (tt != LUA_TSTRING && (tt != LUA_TTABLE || n < 1 || n > 3)) problem = expected;
    for (int i = 1; i <= n && !problem; i++) {
      if (tt == LUA_TTABLE) lua_rawgeti(L, -1, i);
      const char *val = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      int found = 0;
      for (int j = 0; j < 3; j++)
        if (!strcmp(val, names[j])) R->r.terminal_after |= bits[j], found = 1;
      if (!strcmp(val, "all") && tt == LUA_TSTRING) all = found = 1;
      if (!found) problem = expected;
      if (tt == LUA_TTABLE) lua_pop(L, 1);
    }
    if (all) R->r.terminal_after = 0;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "effects_attr");
  int at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int isnum;
    lua_Integer bits = lua_tointegerx(L, -1, &isnum);
    if (at != LUA_TNUMBER || !isnum || bits < 1 || bits > 255) problem = "hooks.effects_attr: expected attribute bits, 1 to 255";
    else R->r.effects_attr = (uint8_t)bits;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "moves_attr");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int isnum;
    lua_Integer bits = lua_tointegerx(L, -1, &isnum);
    if (at != LUA_TNUMBER || !isnum || bits < 1 || bits > 255) problem = "hooks.moves_attr: expected attribute bits, 1 to 255";
    else {
      R->moves_attr = (uint8_t)bits;
      R->moves_only = 1;
    }
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "effects_toggle");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int isnum;
    lua_Integer bits = lua_tointegerx(L, -1, &isnum);
    if (at != LUA_TNUMBER || !isnum || bits < 1 || bits > 255) problem = "hooks.effects_toggle: expected attribute bits, 1 to 255";
    else if (R->r.effects_on == HOOK_ON_CHECKS) problem = "hooks.effects_toggle: changes the board, which effects_on = \"checks\" may not";
    else R->effects_toggle = (uint8_t)bits;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "attacked_layer");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int isnum;
    lua_Integer bits = lua_tointegerx(L, -1, &isnum);
    lua_pushliteral(L, "attacked");
    int has_hook = lua_rawget(L, h) != LUA_TNIL;
    lua_pop(L, 1);
    if (at != LUA_TNUMBER || !isnum || bits < 1 || bits > 255) problem = "hooks.attacked_layer: expected attribute bits, 1 to 255";
    else if (has_hook) problem = "hooks.attacked_layer: the attack is the layer's; give it or an attacked hook, not both";
    else R->attacked_layer = (uint8_t)bits;
  }
  lua_pop(L, 1);
  if (!problem && R->moves_drop_others && !R->moves_only)
    problem = "hooks.moves_others: \"drop\" needs moves_on or moves_attr (without them the hook is handed every move)";
  lua_pushliteral(L, "continue_as");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int phases_ok = v->nphases == 2 && v->phase[0].kind == PHASE_MOVE && v->phase[1].kind == PHASE_MOVE;
    int given[3];
    static const char *const theirs[3] = {"legal", "turn_ends", "legal_on"};
    for (int i = 0; i < 3; i++) {
      lua_pushstring(L, theirs[i]);
      given[i] = lua_rawget(L, h) != LUA_TNIL;
      lua_pop(L, 1);
    }
    lua_pushliteral(L, "turn_ends_on");
    given[1] |= lua_rawget(L, h) != LUA_TNIL;
    lua_pop(L, 1);
    if (at != LUA_TSTRING || strcmp(lua_tostring(L, -1), "captured"))
      problem = "hooks.continue_as: expected \"captured\" (a capture goes on in the way of the piece it took)";
    else if (!phases_ok)
      problem = "hooks.continue_as: needs turn = { \"move\", \"move\" } (the capture, then its continuation)";
    else if (given[0] || given[2])
      problem = "hooks.continue_as: it judges the captures (by their continuations); give it or hooks.legal and legal_on, not both";
    else if (given[1])
      problem = "hooks.continue_as: it ends the turns (after the continuation); give it or hooks.turn_ends and turn_ends_on, not both";
    else if (R->r.effects_on == HOOK_ON_CHECKS)
      problem = "hooks.continue_as: its effects change the state, which effects_on = \"checks\" leaves to checks; give effects_on \"all\" or \"captures\"";
    else R->continue_as = 1;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "paralysis");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    static const char expected[] = "hooks.paralysis: expected a table of piece letters, each with the letters "
                                   "of the enemy types whose attack paralyses it ({ n = \"n\", ... })";
    lua_pushliteral(L, "attacked");
    int has_hook = lua_rawget(L, h) != LUA_TNIL;
    lua_pop(L, 1);
    if (at != LUA_TTABLE) problem = expected;
    else if (has_hook || R->attacked_layer)
      problem = "hooks.paralysis: a paralysed piece attacks nothing, which it judges; give it or an attacked hook "
                "(or attacked_layer), not both";
    lua_pushnil(L);
    while (!problem && lua_next(L, -2)) {
      size_t kl = 0, vl = 0;
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &kl) : NULL;
      const char *val = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &vl) : NULL;
      int t = k && kl == 1 ? variant_type_by_letter(v, (char)(k[0] >= 'A' && k[0] <= 'Z' ? k[0] + 32 : k[0])) : -1;
      if (!k || !val || t < 0) problem = expected;
      for (size_t i = 0; !problem && i < vl; i++) {
        int by = variant_type_by_letter(v, (char)(val[i] >= 'A' && val[i] <= 'Z' ? val[i] + 32 : val[i]));
        if (by < 0) problem = expected;
        else R->paralysed_by[t] |= 1u << by;
      }
      lua_pop(L, 1);
    }
    if (problem && at == LUA_TTABLE && lua_gettop(L) > h + 2) lua_pop(L, 1); /* the key lua_next left */
    if (!problem) R->paralysis = 1;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "cells");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    lua_pushliteral(L, "attacked");
    int has_hook = lua_rawget(L, h) != LUA_TNIL;
    lua_pop(L, 1);
    lua_Integer w = 0, hh = 0;
    if (at == LUA_TTABLE && lua_rawlen(L, -1) == 2) {
      lua_rawgeti(L, -1, 1);
      lua_rawgeti(L, -2, 2);
      w = lua_isinteger(L, -2) ? lua_tointeger(L, -2) : 0;
      hh = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
      lua_pop(L, 2);
    }
    if (w < 1 || w > v->geo.files || hh < 1 || hh > v->geo.ranks)
      problem = "hooks.cells: expected { width, height }, a cell's files and ranks (1 to the board's)";
    else if (has_hook || R->attacked_layer || R->paralysis)
      problem = "hooks.cells: a piece attacks only outside its cell, which it judges; give it or an attacked hook "
                "(attacked_layer, paralysis), not both";
    else {
      R->cell_w = (int)w;
      R->cell_h = (int)hh;
    }
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "moves_layer");
  at = lua_rawget(L, h);
  if (!problem && at != LUA_TNIL) {
    int isnum, hooked = 0;
    lua_Integer bits = lua_tointegerx(L, -1, &isnum);
    static const char *const theirs[2] = {"castling", "legal"};
    for (int i = 0; i < 2; i++) {
      lua_pushstring(L, theirs[i]);
      hooked |= (lua_rawget(L, h) != LUA_TNIL) << i;
      lua_pop(L, 1);
    }
    if (at != LUA_TNUMBER || !isnum || bits < 1 || bits > 255) problem = "hooks.moves_layer: expected attribute bits, 1 to 255";
    else if (R->attacked_layer != bits)
      problem = "hooks.moves_layer: needs attacked_layer of the same bits (a move made on a layer is judged by that layer's attack)";
    else if (hooked & 1)
      problem = "hooks.moves_layer: it judges castling on the king's layer; give it or a castling hook, not both";
    else if (hooked & 2)
      problem = "hooks.moves_layer: it judges the moves on their layers; give it or a legal hook, not both";
    else if (R->continue_as)
      problem = "hooks.moves_layer: it makes the moves, as continue_as does; give one of them";
    else R->moves_layer = (uint8_t)bits;
  }
  lua_pop(L, 1);
  if (problem) {
    snprintf(err, errlen, "%s", problem);
    lua_pop(L, 2);
    return NULL;
  }
  lua_createtable(L, VIEW_INDEX, 0);
  for (int i = 0; i < NHOOKS; i++) {
    lua_pushstring(L, hook_names[i]);
    if (lua_rawget(L, h) == LUA_TNIL) {
      lua_pop(L, 1);
      lua_pushboolean(L, 0);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushvalue(L, ud);
  lua_rawseti(L, -2, VIEW_INDEX);
  R->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 2); /* the view, the hooks table */
  R->sb = sandbox_of(L);
  R->L = R->sb->L;
  R->r.ctx = R;
  /* only the hooks the script has: the core tests the pointers */
  lua_rawgeti(L, LUA_REGISTRYINDEX, R->ref);
  for (int i = 0; i < NHOOKS; i++) {
    int has = lua_rawgeti(L, -1, i + 1) == LUA_TFUNCTION;
    lua_pop(L, 1);
    if (!has) continue;
    switch (i) {
      case H_MOVES:
        R->r.moves = t_moves;
        R->has_moves = 1;
        break;
      case H_LEGAL: R->r.legal = t_legal; break;
      case H_EFFECTS:
        R->r.effects = t_effects;
        R->has_effects = 1;
        break;
      case H_ATTACKED: R->r.attacked = t_attacked; break;
      case H_TURN_ENDS: R->r.turn_ends = t_turn_ends; break;
      case H_TERMINAL: R->r.terminal = t_terminal; break;
      case H_CASTLING: R->r.castling = t_castling; break;
      case H_NOTATION: R->r.notation = t_notation; break;
      case H_WHY: R->has_why = 1; break;
    }
  }
  lua_pop(L, 1);
  if (R->effects_toggle) R->r.effects = t_effects;
  if (R->continue_as) {
    /* the capture's effects (the continuation owed), its judging and the
    ** turn's end here; the continuation's moves made here too */
    R->script_effects_on = R->r.effects_on;
    R->r.effects_on = R->has_effects && R->script_effects_on == HOOK_ON_ALL ? HOOK_ON_ALL : HOOK_ON_CAPTURES;
    R->r.effects_continuing = 1;
    R->r.effects = t_effects;
    R->r.legal = t_legal_continuing;
    R->r.legal_on = HOOK_ON_CAPTURES;
    R->r.turn_ends = t_turn_ends_continuing;
    R->r.turn_ends_on = HOOK_ON_CAPTURES;
    R->r.moves = t_moves_declared;
    R->r.generate = t_generate;
  }
  if (R->cell_w) {
    /* the moves that stay in their cell taken out, and the attacks from
    ** within the attacked square's cell, here */
    R->r.moves = t_moves_declared;
    R->r.attacked = t_attacked_declared;
    R->r.attacked_all = 0;
  }
  if (R->paralysis) {
    /* the paralysed pieces' moves taken out, and their attacks (asked
    ** where the ordinary attack finds one), here */
    R->r.moves = t_moves_declared;
    R->r.attacked = t_attacked_declared;
    R->r.attacked_all = 0;
  }
  if (R->moves_layer) {
    /* the moves made layer by layer, their castling and legality judged
    ** there, in C */
    R->r.generate = t_generate;
    R->r.judge = t_judge;
    R->r.castling = t_castling;
  }
  if (R->attacked_layer) { /* every square asked: a layer may lose or gain attacks */
    R->r.attacked = t_attacked;
    R->r.attacked_all = 1;
  }
  if (R->r.terminal && R->r.terminal_after) R->r.terminal = t_terminal_after;
  R->r.refusal = t_refusal;
  (void)v;
  *bad = 0;
  return &R->r;
}

void rules_free(lua_State *L, RuleHooks *r) {
  Rules *R = (Rules *)r;
  luaL_unref(L, LUA_REGISTRYINDEX, R->ref);
  R->ref = LUA_NOREF;
  R->p = NULL;
}

void rules_enter(RuleHooks *r, lua_State *L) {
  Rules *R = (Rules *)r;
  if (R->depth == 0) {
    R->L = lua_status(L) == LUA_OK ? L : sandbox_of(L)->L;
    R->r.failed = 0;
    R->failure[0] = '\0';
  }
}


const char *rules_failure(const RuleHooks *r) {
  return r->failed ? ((const Rules *)r)->failure : NULL;
}
