/*
** notation.c - UCI and SAN.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "notation.h"

static int castle_king_to(const Position *p, Move m) {
  const Variant *v = p->v;
  return board_square(&v->geo, v->castle_king_file[CASTLE_SIDE(m)],
                      board_rank(&v->geo, MOVE_FROM(m)));
}

/* A relocation in Fairy-Stockfish's style: from where this turn's previous
** step ended to the target (e2e4,e4f6), or @target without such a step. */
static int place_uci(const Position *p, Move m, char *buf, size_t len) {
  const Geometry *g = &p->v->geo;
  char a[4] = "@", b[4];
  int anchor = p->anchor != SQ_NONE ? p->anchor : MOVE_FROM(m);
  if (anchor != PLACE_FROM_NONE) board_square_name(g, anchor, a);
  board_square_name(g, MOVE_TO(m), b);
  return snprintf(buf, len, "%s%s", a, b);
}

/* A drop as Fairy-Stockfish writes it, in UCI and SAN alike: the piece's
** letter in upper case for either side, '@' and the square (N@f3). */
static int drop_text(const Position *p, Move m, char *buf, size_t len) {
  const Variant *v = p->v;
  char sq[4];
  int t = MOVE_PROMO(m) - 1, form = v->demote_to[t] != 0; /* dropped promoted: +P@b1 */
  board_square_name(&v->geo, MOVE_TO(m), sq);
  if (form) t = v->demote_to[t] - 1;
  return snprintf(buf, len, "%s%c@%s", form ? "+" : "", toupper((unsigned char)v->type[t].letter), sq);
}

/* UCI with castling in the given style (king_takes_rook or not). */
static int uci_style(const Position *p, Move m, int king_takes_rook, char *buf,
                     size_t len) {
  const Geometry *g = &p->v->geo;
  char a[4], b[4];
  int to = MOVE_TO(m);
  if (MOVE_FLAG(m) == MF_PLACE) return place_uci(p, m, buf, len);
  if (MOVE_FLAG(m) == MF_DROP) return drop_text(p, m, buf, len);
  if (MOVE_FLAG(m) == MF_CARD) { /* two cards naming a square */
    board_square_name(g, to, b);
    return snprintf(buf, len, "cards:%s", b);
  }
  if (MOVE_FLAG(m) == MF_DRAW) return snprintf(buf, len, "draw:%d", MOVE_PROMO(m));
  if (MOVE_FLAG(m) == MF_TARGET) { /* a named square: e4, or e8q */
    board_square_name(g, to, b);
    if (MOVE_PROMO(m)) return snprintf(buf, len, "%s%c", b, p->v->type[MOVE_PROMO(m) - 1].letter);
    return snprintf(buf, len, "%s", b);
  }
  int from = MOVE_FROM(m);
  if (MOVE_FLAG(m) == MF_CASTLE && !king_takes_rook) to = castle_king_to(p, m);
  if (MOVE_FLAG(m) == MF_CASTLE && (m & MOVE_GATE_ON_ROOK)) { /* gated on the rook's square: h1e1h */
    from = MOVE_TO(m);
    to = MOVE_FROM(m);
  }
  board_square_name(g, from, a);
  board_square_name(g, to, b);
  int gate = MOVE_FLAG(m) == MF_GATE ? MOVE_PROMO(m) : MOVE_FLAG(m) == MF_CASTLE ? CASTLE_GATE(m) : 0;
  if (gate) return snprintf(buf, len, "%s%s%c", a, b, p->v->type[gate - 1].letter);
  if (MOVE_FLAG(m) == MF_PROMO && p->v->demote_to[CELL_TYPE(p->board[MOVE_FROM(m)])])
    return snprintf(buf, len, "%s%s-", a, b); /* a promoted piece turned back */
  if (MOVE_FLAG(m) == MF_PROMO && p->v->demote_to[MOVE_PROMO(m) - 1]) /* its one promoted form */
    return snprintf(buf, len, "%s%s+", a, b);
  if (MOVE_FLAG(m) == MF_PROMO)
    return snprintf(buf, len, "%s%s%c", a, b, p->v->type[MOVE_PROMO(m) - 1].letter);
  return snprintf(buf, len, "%s%s", a, b);
}

/* A square of p's board: inside the array and no sentinel (the padding
** and the holes are CELL_OFF). board_inside's answer, without its
** divisions: hooks hand moves in by the thousand. */
static inline int on_board(const Position *p, int sq) {
  return sq >= 0 && sq < p->v->geo.nsq && p->board[sq] != CELL_OFF;
}

int move_well_formed(const Position *p, Move m) {
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m), promo = MOVE_PROMO(m);
  int ntypes = p->v->ntypes;
  if ((m >> 31) || ((m & MOVE_GATE_ON_ROOK) && flag != MF_CASTLE)) return 0;
  switch (flag) {
    case MF_NORMAL: case MF_DOUBLE: case MF_EP: case MF_PASS:
      return promo == 0 && on_board(p, from) && on_board(p, to);
    case MF_PROMO: case MF_GATE:
      return promo >= 1 && promo <= ntypes && on_board(p, from) && on_board(p, to);
    case MF_CASTLE:
      return CASTLE_GATE(m) <= ntypes && on_board(p, from) && on_board(p, to);
    case MF_PLACE:
      return promo >= 1 && promo <= ntypes && (from == PLACE_FROM_NONE || on_board(p, from)) &&
             on_board(p, to);
    case MF_TARGET: return promo <= ntypes && on_board(p, to);
    case MF_CARD: return on_board(p, to);
    case MF_DRAW: return 1; /* a card's value: named, never looked up */
    case MF_DROP: return promo >= 1 && promo <= ntypes && on_board(p, to);
    case MF_SCRIPT: return on_board(p, from) && on_board(p, to);
    default: return 0; /* no move of a position's (game actions among them) */
  }
}

/* Where a wall may come instead of a move (Phase.instead), Fairy-Stockfish
** writes a move without one with a wall on a1 (its empty gating square):
** e2e4,e4a1. */
int move_instead_suffix(const Position *p, Move m, char *buf, size_t len) {
  const Variant *v = p->v;
  int flag = MOVE_FLAG(m);
  if (!v->pass_moves || p->phase + 1 >= v->nphases || !v->phase[p->phase + 1].instead ||
      v->phase[p->phase].kind != PHASE_MOVE || flag == MF_PASS)
    return 0;
  char a[4], b[4];
  int to = flag == MF_CASTLE && !v->castle_king_takes_rook ? castle_king_to(p, m) : MOVE_TO(m);
  board_square_name(&v->geo, to, a);
  board_square_name(&v->geo, board_square(&v->geo, 0, 0), b);
  return snprintf(buf, len, ",%s%s", a, b);
}

/* The name of m's kind, where m is a move of a kind the script declared
** (rules.kinds); NULL for any other move. */
static const char *script_kind(const Position *p, Move m) {
  const RuleHooks *r = p->v->rules;
  int k = MOVE_PROMO(m);
  return MOVE_FLAG(m) == MF_SCRIPT && r && k >= 1 && k <= r->nkinds ? r->kinds[k - 1] : NULL;
}

/* Does another move of list[0..n) write m's UCI? A move of a script's
** kind writes from..to (docs/api.md), as an ordinary move between the
** same squares does, or another kind's. */
static int uci_twin(const Position *p, Move m, const Move *list, int n) {
  char a[64], b[64];
  uci_style(p, m, p->v->castle_king_takes_rook, a, sizeof a);
  for (int i = 0; i < n; i++)
    if (list[i] != m && MOVE_FROM(list[i]) == MOVE_FROM(m) && MOVE_TO(list[i]) == MOVE_TO(m) &&
        uci_style(p, list[i], p->v->castle_king_takes_rook, b, sizeof b) > 0 && !strcmp(a, b))
      return 1;
  return 0;
}

/* The kind to write after m's UCI: a move of a script's kind that
** another legal move's UCI would name is written with its kind (f6e4/zap,
** where f6e4 is the knight's own move); NULL for any other move.
** list[0..cnt) are p's legal moves, or NULL: then they are generated
** here, so the hooks, which run inside a generation, write with
** move_to_uci_plain, and the guard keeps any other writer inside this
** generation from starting one more. */
static const char *kind_to_write(const Position *p, Move m, const Move *list, int cnt) {
  static _Thread_local int writing;
  const char *kind = script_kind(p, m);
  if (!kind) return NULL;
  if (list) return uci_twin(p, m, list, cnt) ? kind : NULL;
  if (writing) return NULL;
  Move own[MAX_MOVES];
  writing = 1;
  /* (generation leaves the position as it found it) */
  int n = gen_legal((Position *)p, own), twin = uci_twin(p, m, own, n);
  writing = 0;
  return twin ? kind : NULL;
}

/* m's UCI; with its kind where with_kind asks and kind_to_write says so;
** with the wall's suffix where one could have come instead. */
static int uci_written(const Position *p, Move m, int with_kind, const Move *list, int cnt, char *buf,
                       size_t len) {
  int n = uci_style(p, m, p->v->castle_king_takes_rook, buf, len);
  const char *kind = with_kind ? kind_to_write(p, m, list, cnt) : NULL;
  if (kind && n > 0 && (size_t)n < len) n += snprintf(buf + n, len - (size_t)n, "/%s", kind);
  if (n > 0 && (size_t)n < len && p->v->pass_moves) n += move_instead_suffix(p, m, buf + n, len - (size_t)n);
  return n;
}

int move_to_uci(const Position *p, Move m, char *buf, size_t len) {
  return uci_written(p, m, 1, NULL, 0, buf, len);
}

int move_to_uci_among(const Position *p, Move m, const Move *list, int n, char *buf, size_t len) {
  return uci_written(p, m, 1, list, n, buf, len);
}

int move_to_uci_plain(const Position *p, Move m, char *buf, size_t len) {
  return uci_written(p, m, 0, NULL, 0, buf, len);
}

/* Does m, an ordinary move, take a piece, as SAN's x says? Not in place;
** a script's own move may end on a piece of the mover's. */
static int san_captures(const Position *p, Move m) {
  int from = MOVE_FROM(m), to = MOVE_TO(m);
  return MOVE_FLAG(m) == MF_EP ||
         (to != from && p->board[to] != CELL_EMPTY && CELL_COLOUR(p->board[to]) != p->side);
}

/* The name the script's notation hook gives m here, in out: 1, or 0 when
** it gives none (no hook, nil, or the hooks have failed). */
static int script_named(Position *p, Move m, char *out, size_t len) {
  const RuleHooks *r = p->v->rules;
  return r && r->notation && !r->failed && r->notation(r->ctx, p, m, out, len) > 0;
}

/* SAN of m, disambiguated against the legal moves list[0..cnt) of p (list
** NULL: generated here when the move needs them), with the check mark ('+',
** '#') when marks is set; the name the script gives it instead, when
** script is set and it gives one. */
static int san_written(Position *p, Move m, const Move *list, int cnt, int marks, int script,
                       char *buf, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  Move own[MAX_MOVES];
  char out[64], sq[4];
  size_t n = 0;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  if (flag == MF_TARGET || flag == MF_CARD || flag == MF_DRAW) return move_to_uci(p, m, buf, len);
  if (flag == MF_PLACE) { /* Fairy-Stockfish writes the target square */
    board_square_name(g, to, sq);
    return snprintf(buf, len, "%s", sq);
  }
  int t = CELL_TYPE(p->board[from]);
  const char *kind;
  if (script && script_named(p, m, out, sizeof out)) {
    n = strlen(out);
  } else if ((kind = kind_to_write(p, m, list, cnt))) {
    /* the piece's SAN would name the other move too */
    n = (size_t)uci_style(p, m, v->castle_king_takes_rook, out, sizeof out);
    n += (size_t)snprintf(out + n, sizeof out - n, "/%s", kind);
  } else if (flag == MF_PASS) {
    n = (size_t)sprintf(out, "pass");
  } else if (flag == MF_DROP) {
    n = (size_t)drop_text(p, m, out, sizeof out);
  } else if (flag == MF_CASTLE) {
    n = (size_t)sprintf(out, CASTLE_SIDE(m) == 0 ? "O-O" : "O-O-O");
    if (CASTLE_GATE(m)) { /* O-O/He1: the piece gated in and where */
      board_square_name(g, (m & MOVE_GATE_ON_ROOK) ? to : from, sq);
      n += (size_t)sprintf(out + n, "/%c%s", toupper((unsigned char)v->type[CASTLE_GATE(m) - 1].letter), sq);
    }
  } else {
    int capture = san_captures(p, m);
    if (!list) {
      cnt = gen_legal(p, own);
      list = own;
    }
    if (v->type[t].pawn) {
      /* A pawn is named by its file when it captures; where another of its
      ** type reaches the same square with the same promotion (sideways
      ** steps, promotions by a move of the new piece), by its square. */
      int others = 0, same_file = 0;
      for (int i = 0; i < cnt; i++) {
        int f2 = MOVE_FROM(list[i]);
        if (f2 == from || MOVE_TO(list[i]) != to || MOVE_FLAG(list[i]) == MF_CASTLE ||
            MOVE_FLAG(list[i]) == MF_DROP || CELL_TYPE(p->board[f2]) != t ||
            MOVE_PROMO(list[i]) != MOVE_PROMO(m))
          continue;
        others++;
        if (board_file(g, f2) == board_file(g, from)) same_file = 1;
      }
      if (others && (!capture || same_file)) n += (size_t)board_square_name(g, from, out + n);
      else if (capture) n += (size_t)sprintf(out + n, "%c", g->file_letter[board_file(g, from)]);
    } else {
      n += (size_t)type_text(v, t, WHITE, out + n); /* (+P: a form without a letter) */
      /* Disambiguate against other pieces of the type reaching to. */
      int others = 0, same_file = 0, same_rank = 0;
      for (int i = 0; i < cnt; i++) {
        int f2 = MOVE_FROM(list[i]);
        if (f2 == from || MOVE_TO(list[i]) != to || MOVE_FLAG(list[i]) == MF_CASTLE ||
            CELL_TYPE(p->board[f2]) != t)
          continue;
        others++;
        if (board_file(g, f2) == board_file(g, from)) same_file = 1;
        if (board_named_rank(g, f2) == board_named_rank(g, from)) same_rank = 1;
      }
      if (others) {
        board_square_name(g, from, sq);
        if (!same_file) out[n++] = sq[0];
        else if (!same_rank) n += (size_t)sprintf(out + n, "%s", sq + 1);
        else n += (size_t)sprintf(out + n, "%s", sq);
      }
    }
    if (capture) out[n++] = 'x';
    board_square_name(g, to, sq);
    n += (size_t)sprintf(out + n, "%s", sq);
    if (flag == MF_PROMO) {
      out[n++] = '=';
      n += (size_t)type_text(v, MOVE_PROMO(m) - 1, WHITE, out + n);
    }
    if (flag == MF_GATE) /* Nf3/G: the piece gated in on the square left */
      n += (size_t)sprintf(out + n, "/%c", toupper((unsigned char)v->type[MOVE_PROMO(m) - 1].letter));
  }
  if (marks && !v->royal_capture && v->royal_mask) {
    Undo u;
    Move reply[MAX_MOVES];
    move_make(p, m, &u);
    if (p->phase == 0 && royal_attacked(p, p->side)) out[n++] = gen_legal(p, reply) ? '+' : '#';
    move_unmake(p, m, &u);
  }
  out[n] = '\0';
  return snprintf(buf, len, "%s", out);
}

static int san_among(Position *p, Move m, const Move *list, int cnt, int marks, char *buf,
                     size_t len) {
  return san_written(p, m, list, cnt, marks, 1, buf, len);
}

int move_to_san(Position *p, Move m, char *buf, size_t len) {
  return san_among(p, m, NULL, 0, 1, buf, len);
}

/* SAN without check marks, annotations or '=' (so e8Q matches e8=Q). */
static void san_key(const char *in, char *out, size_t len) {
  size_t n = 0;
  for (; *in && n + 1 < len; in++) {
    char c = *in;
    if (c == '+' || c == '#' || c == '!' || c == '?' || c == '=') continue;
    if (c == '0') c = 'O'; /* 0-0 */
    out[n++] = c;
  }
  out[n] = '\0';
}

int san_parse(const Position *p, const char *text, SanParts *out) {
  const Variant *v = p->v;
  char key[64];
  san_key(text, key, sizeof key);
  out->castle = -1;
  out->type = out->promo = out->from_file = out->from_rank = -1;
  out->capture = 0;
  out->to = SQ_NONE;
  if (!strcmp(key, "O-O") || !strcmp(key, "O-O-O")) {
    out->castle = key[3] ? 1 : 0;
    return 0;
  }
  size_t n = strlen(key);
  if (n >= 2 && key[n - 1] >= 'A' && key[n - 1] <= 'Z') { /* promotion */
    int t = variant_type_by_letter(v, (char)tolower((unsigned char)key[n - 1]));
    out->promo = t < 0 ? -2 : t;
    key[--n] = '\0';
  }
  if (n < 2 || key[n - 1] < '0' || key[n - 1] > '9') return -1;
  /* ... ending in a square of this board, after a piece letter and the
  ** disambiguation, if any */
  size_t i = n - 1;
  while (i > 0 && key[i - 1] >= '0' && key[i - 1] <= '9') i--;
  if (i == 0) return -1;
  i--;
  int len = 0;
  out->to = board_parse_square(&v->geo, key + i, &len);
  if (out->to == SQ_NONE || key[i + len]) return -1;
  size_t j = 0;
  if (key[0] >= 'A' && key[0] <= 'Z') {
    int t = variant_type_by_letter(v, (char)tolower((unsigned char)key[0]));
    out->type = t < 0 ? -2 : t;
    j = 1;
  }
  for (; j < i; j++) {
    char c = key[j];
    if (c == 'x') out->capture = 1;
    else if (c >= 'a' && c <= 'z' && memchr(v->geo.file_letter, c, (size_t)v->geo.files))
      out->from_file = (int)((const char *)memchr(v->geo.file_letter, c, (size_t)v->geo.files) - v->geo.file_letter);
    else if (c >= '1' && c <= '9') {
      int r = c - '0';
      if (j + 1 < i && key[j + 1] >= '0' && key[j + 1] <= '9') r = r * 10 + (key[++j] - '0');
      if (r < 1 || r > v->geo.ranks) return -1;
      out->from_rank = r - 1;
    } else return -1;
  }
  return 0;
}

/* Is text shaped like SAN (Nf3, exd5, e8=Q, O-O, Raxb1+)? Then a refusal
** says the move is illegal rather than unreadable. */
static int looks_like_san(const Position *p, const char *t) {
  SanParts parts;
  return san_parse(p, t, &parts) == 0;
}

void describe_cell(const Position *p, int sq, char *out, size_t len) {
  uint8_t c = p->board[sq];
  const char *name = p->v->type[CELL_TYPE(c)].name;
  if (CELL_COLOUR(c) == NEUTRAL) snprintf(out, len, "the %s", name);
  else snprintf(out, len, "%s's %s", colour_title(CELL_COLOUR(c)), name);
}

/* Why a place step (a new wall: "@f6", "f6", or from the moved piece's
** square "e3f6") is refused: the square is taken, outside the step's
** region, or not one its rule allows (reached by the moved piece, or the
** square it left). */
static void refuse_place(const Position *p, const char *text, char *err, size_t errlen) {
  const Geometry *g = &p->v->geo;
  const Phase *ph = &p->v->phase[p->phase];
  const char *piece = p->v->type[ph->piece].name;
  int l1 = 0, l2 = 0, to = SQ_NONE;
  char name[4], what[64], example[8] = "";
  Move list[MAX_MOVES];
  int n = gen_pseudo(p, list);
  if (n) place_uci(p, list[0], example, sizeof example);
  if (text[0] == '@') {
    to = board_parse_square(g, text + 1, &l1);
    if (to != SQ_NONE && text[1 + l1]) to = SQ_NONE;
  } else {
    int a = board_parse_square(g, text, &l1);
    to = a == SQ_NONE ? SQ_NONE : text[l1] ? board_parse_square(g, text + l1, &l2) : a;
    if (to != SQ_NONE && text[l1 + l2]) to = SQ_NONE;
    if (to != SQ_NONE && text[l1] && a != p->anchor) to = SQ_NONE;
  }
  if (to == SQ_NONE) {
    snprintf(err, errlen, "\"%s\": %s must now put a %s on %s (%s)", text, colour_title(p->side),
             piece, ph->place == PLACE_LEFT ? "the square just left" : "an empty square", example);
    return;
  }
  board_square_name(g, to, name);
  if (p->board[to] != CELL_EMPTY) {
    describe_cell(p, to, what, sizeof what);
    snprintf(err, errlen, "%s: the %s goes to an empty square, and %s holds %s", text, piece, name, what);
  } else if (ph->has_region && !(ph->region[p->v->sq_rank[to]] >> board_file(g, to) & 1)) {
    snprintf(err, errlen, "%s: no %s may stand on %s", text, piece, name);
  } else if (ph->place == PLACE_REACH) {
    char at[4];
    board_square_name(g, p->anchor, at);
    snprintf(err, errlen, "%s: the %s goes to a square the piece on %s reaches (%s)", text, piece,
             at, example);
  } else if (ph->place == PLACE_LEFT) {
    snprintf(err, errlen, "%s: the %s goes to the square just left (%s)", text, piece, example);
  } else {
    snprintf(err, errlen, "%s: the %s may not go to %s in this position", text, piece, name);
  }
}

/* Why a relocation step (put the neutral piece elsewhere: "@f6", "f6" or
** "e3f6") is refused: it must move, to an empty square. */
static void refuse_relocation(const Position *p, const char *text, char *err, size_t errlen) {
  const Geometry *g = &p->v->geo;
  if (p->v->phase[p->phase].place != PLACE_MOVE) {
    refuse_place(p, text, err, errlen);
    return;
  }
  int t = p->v->phase[p->phase].piece, cur = SQ_NONE, l1 = 0, l2 = 0, from = SQ_NONE, to;
  const char *piece = p->v->type[t].name;
  char name[4], what[64];
  for (int i = 0; i < p->npieces[NEUTRAL]; i++)
    if (CELL_TYPE(p->board[p->plist[NEUTRAL][i]]) == t) cur = p->plist[NEUTRAL][i];
  if (text[0] == '@') {
    to = board_parse_square(g, text + 1, &l1);
    if (to != SQ_NONE && text[1 + l1]) to = SQ_NONE;
  } else {
    from = board_parse_square(g, text, &l1);
    to = from == SQ_NONE ? SQ_NONE : text[l1] ? board_parse_square(g, text + l1, &l2) : from;
    if (to != SQ_NONE && text[l1 + l2]) to = SQ_NONE;
    if (to != SQ_NONE && text[l1] == '\0') from = cur; /* "f6": the square alone */
  }
  if (to == SQ_NONE) {
    snprintf(err, errlen, "\"%s\": %s must now put the %s on an empty square (@f6, or from its "
             "square: e3f6)", text, colour_title(p->side), piece);
    return;
  }
  board_square_name(g, to, name);
  if (to == cur) {
    snprintf(err, errlen, "%s: the %s must move; it may not stay on %s", text, piece, name);
  } else if (p->board[to] != CELL_EMPTY) {
    describe_cell(p, to, what, sizeof what);
    snprintf(err, errlen, "%s: the %s goes to an empty square, and %s holds %s", text, piece, name,
             what);
  } else if (from != SQ_NONE && from != cur && cur == SQ_NONE) {
    snprintf(err, errlen, "%s: the %s is not on the board yet; name only its square (@%s)", text,
             piece, name);
  } else if (from != SQ_NONE && from != cur) {
    char at[4];
    board_square_name(g, cur, at);
    snprintf(err, errlen, "%s: %s must now move the %s, which stands on %s (%s%s)", text,
             colour_title(p->side), piece, at, at, name);
  } else {
    snprintf(err, errlen, "%s: the %s may not go to %s in this position", text, piece, name);
  }
}

/* Why a card play ("cards:e3") is refused: the square must hold one of the
** player's pieces that cards act on, and the hand must hold its two cards. */
static void refuse_card_play(const Position *p, const char *text, char *err, size_t errlen) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int l = 0, sq = board_parse_square(g, text + 6, &l), us = p->side, rv, fv;
  char what[64];
  if (!v->card_action) {
    snprintf(err, errlen, "%s: %s has no card plays", text, v->name);
    return;
  }
  if (v->phase[p->phase].kind != PHASE_MOVE) {
    snprintf(err, errlen, "%s: cards are played instead of a move, and %s is not the step to move",
             text, colour_title(us));
    return;
  }
  if (sq == SQ_NONE || text[6 + l]) {
    snprintf(err, errlen, "\"%s\": a card play names a square (cards:e3)", text);
    return;
  }
  uint8_t c = p->board[sq];
  if (c == CELL_EMPTY) {
    snprintf(err, errlen, "%s: %s is empty; cards act on one of %s's own pieces", text, text + 6,
             colour_title(us));
    return;
  }
  describe_cell(p, sq, what, sizeof what);
  if (CELL_COLOUR(c) != us) {
    snprintf(err, errlen, "%s: %s holds %s; cards act on one of %s's own pieces", text, text + 6,
             what, colour_title(us));
    return;
  }
  if (v->card_exclude >> CELL_TYPE(c) & 1) {
    snprintf(err, errlen, "%s: cards may not act on a %s", text, v->type[CELL_TYPE(c)].name);
    return;
  }
  pos_card_values(p, us, sq, &rv, &fv);
  int have = rv == fv ? p->hand[us][rv] >= 2 : rv <= v->ncard_values && fv <= v->ncard_values &&
                                                  p->hand[us][rv] && p->hand[us][fv];
  if (rv > v->ncard_values || fv > v->ncard_values || !have) {
    snprintf(err, errlen, "%s: %s needs a %d (rank, counted from %s's side) and a %d (file), and "
             "%s's hand does not hold them", text, text + 6, rv, colour_title(us), fv, colour_title(us));
    return;
  }
  snprintf(err, errlen, "illegal card play %s in this position", text);
}

/* Why a move is refused where the opponent chooses among the moves to the
** named square: only those moves may be chosen. */
static int uci_order(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

static void refuse_choice(const Position *p, const char *text, const Move *list, int n, char *err,
                          size_t errlen) {
  enum { SHOWN = 24 };
  char uci[SHOWN][16], moves[160] = "", to[4];
  size_t used = 0;
  int k = n < SHOWN ? n : SHOWN;
  /* (in the order of their names: the generator's order is its own) */
  for (int i = 0; i < k; i++) move_to_uci(p, list[i], uci[i], sizeof uci[i]);
  qsort(uci, (size_t)k, sizeof uci[0], uci_order);
  for (int i = 0; i < k && used + 8 < sizeof moves; i++)
    used += (size_t)snprintf(moves + used, sizeof moves - used, "%s%s", i ? ", " : "", uci[i]);
  board_square_name(&p->v->geo, n ? move_destination(p, list[0]) : 0, to);
  snprintf(err, errlen, "%s: %s now chooses which of %s's pieces goes to %s: one of %s", text,
           colour_title(p->v->phase[p->phase].owner == OWNER_OPPONENT ? p->side ^ 1 : p->side),
           colour_title(p->side), to, moves);
}

/* SAN that names a piece by more than it needs (Ngf3 where one knight
** reaches f3, a Berolina pawn's de3 where varia writes d2e3) or by less
** (Nd2 where two knights reach d2): the legal moves of ordinary kinds
** whose piece, destination, disambiguation, capture and promotion fit the
** text.
** Returns the move where exactly one fits; where several do, MOVE_NONE
** with err saying the text is ambiguous and naming them; MOVE_NONE with
** err untouched where none does. */
static Move san_fitting(Position *p, const char *text, const Move *list, int n, char *err,
                        size_t errlen) {
  SanParts sp;
  if (san_parse(p, text, &sp) || sp.castle >= 0 || sp.type == -2 || sp.promo == -2) return MOVE_NONE;
  const Geometry *g = &p->v->geo;
  Move fits[MAX_MOVES];
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m);
    if (flag != MF_NORMAL && flag != MF_DOUBLE && flag != MF_EP && flag != MF_PROMO) continue;
    const PieceType *pt = &p->v->type[CELL_TYPE(p->board[from])];
    if (sp.type == -1 ? !pt->pawn : CELL_TYPE(p->board[from]) != sp.type) continue;
    if (move_destination(p, m) != sp.to) continue;
    if (sp.from_file >= 0 && board_file(g, from) != sp.from_file) continue;
    if (sp.from_rank >= 0 && board_named_rank(g, from) != sp.from_rank) continue;
    if (sp.promo == -1 ? flag == MF_PROMO : flag != MF_PROMO || MOVE_PROMO(m) - 1 != sp.promo) continue;
    if (san_captures(p, m) != sp.capture) continue; /* an x is written for a capture, and only then */
    fits[k++] = m;
  }
  if (k == 1) return fits[0];
  if (k > 1) {
    char buf[64];
    /* (named in the order of their squares: the generator's order is its own) */
    for (int i = 1; i < k; i++)
      for (int j = i; j > 0 && fits[j - 1] > fits[j]; j--) {
        Move m = fits[j];
        fits[j] = fits[j - 1], fits[j - 1] = m;
      }
    size_t used = (size_t)snprintf(err, errlen, "%s is ambiguous: ", text);
    for (int i = 0; i < k && used < errlen; i++) {
      san_among(p, fits[i], list, n, 0, buf, sizeof buf);
      used += (size_t)snprintf(err + used, errlen - used, "%s%s", i ? (i + 1 == k ? " or " : ", ") : "", buf);
    }
  }
  return MOVE_NONE;
}

/* The move text names where the script's notation hook names moves: the
** legal moves whose script name, UCI or standard SAN (so that a record
** written before the script named its moves still reads) reads text. One
** is the move (*found 1); several, a script name among them, refuse with
** a message (*found 1, MOVE_NONE); several ordinary ones, the first, as
** the usual reading takes it; none, *found 0 and the usual reading goes
** on (its other forms and its messages). */
static Move script_named_move(Position *p, const char *text, const Move *list, int n, int *found,
                              char *err, size_t errlen) {
  char buf[64], key[64], want[64];
  Move hit[2] = {MOVE_NONE, MOVE_NONE};
  int nhit = 0, by_name = 0, named_hit = 0;
  san_key(text, want, sizeof want);
  for (int i = 0; i < n; i++) {
    int named = script_named(p, list[i], buf, sizeof buf);
    int reads = 0;
    if (named) { /* buf holds a name only where the script gave one */
      san_key(buf, key, sizeof key);
      reads = strcmp(key, want) == 0;
    }
    if (reads) by_name = 1;
    if (!reads) {
      move_to_uci(p, list[i], buf, sizeof buf);
      reads = strcmp(buf, text) == 0;
    }
    if (!reads) {
      san_written(p, list[i], list, n, 0, 0, buf, sizeof buf);
      san_key(buf, key, sizeof key);
      reads = strcmp(key, want) == 0;
    }
    if (!reads) continue;
    if (named) named_hit = 1;
    if (nhit < 2) hit[nhit++] = list[i];
  }
  *found = nhit > 0;
  if (nhit == 1 || (nhit > 1 && !by_name && !named_hit)) return hit[0];
  if (nhit == 0) return MOVE_NONE;
  char a[16], b[16];
  move_to_uci(p, hit[0], a, sizeof a);
  move_to_uci(p, hit[1], b, sizeof b);
  snprintf(err, errlen, "ambiguous move %s: it names both %s and %s here (the variant's notation); "
           "write the move in UCI", text, a, b);
  return MOVE_NONE;
}

Move parse_move(Position *p, const char *text, char *err, size_t errlen) {
  Move list[MAX_MOVES];
  char buf[64], key[64], want[64];
  int n = gen_legal(p, list);
  size_t len = strlen(text);
  if (len == 0 || len > 40) {
    snprintf(err, errlen, "\"%s\" is not a move", text);
    return MOVE_NONE;
  }
  if (p->v->rules && p->v->rules->notation) {
    int found = 0;
    Move named = script_named_move(p, text, list, n, &found, err, errlen);
    if (found) return named;
  }
  Move kind_move = MOVE_NONE; /* a script's kind whose plain UCI is the text */
  for (int i = 0; i < n; i++) {
    /* the step (e2e4), or with the wall Fairy-Stockfish writes where one
    ** could have come instead (e2e4,e4a1) */
    int k = uci_style(p, list[i], p->v->castle_king_takes_rook, buf, sizeof buf);
    if (MOVE_FLAG(list[i]) == MF_SCRIPT && k > 0 && (size_t)k < sizeof buf) {
      /* f6e4/zap (then the wall's suffix); plain f6e4 names the script's
      ** move only where no other move is written so */
      char plain[64];
      const char *kind = script_kind(p, list[i]);
      if (p->v->pass_moves) move_instead_suffix(p, list[i], buf + k, sizeof buf - (size_t)k);
      snprintf(plain, sizeof plain, "%s", buf); /* with the wall's suffix, if any */
      if (kind) {
        snprintf(buf + k, sizeof buf - (size_t)k, "/%s%s", kind, plain + k);
        if (!strcmp(buf, text)) return list[i];
      }
      if (kind_move == MOVE_NONE && (!strcmp(plain, text) || (plain[k] = '\0', !strcmp(plain, text))))
        kind_move = list[i];
      continue;
    }
    if (strcmp(buf, text) == 0) return list[i];
    if (p->v->pass_moves && k > 0 && (size_t)k < sizeof buf &&
        move_instead_suffix(p, list[i], buf + k, sizeof buf - (size_t)k) && strcmp(buf, text) == 0)
      return list[i];
    /* a drop's letter in either case (n@f3) */
    if (MOVE_FLAG(list[i]) == MF_DROP && text[0] && toupper((unsigned char)text[0]) == buf[0] &&
        strcmp(buf + 1, text + 1) == 0)
      return list[i];
  }
  if (kind_move != MOVE_NONE) return kind_move;
  /* A relocation may also be written from the piece's own square, or as
  ** @target. */
  if (p->v->phase[p->phase].kind == PHASE_RELOCATE) {
    for (int i = 0; i < n; i++) {
      char t[8];
      board_square_name(&p->v->geo, MOVE_TO(list[i]), t);
      if (text[0] == '@' && strcmp(text + 1, t) == 0) return list[i];
      if (MOVE_FROM(list[i]) != PLACE_FROM_NONE) {
        board_square_name(&p->v->geo, MOVE_FROM(list[i]), buf);
        strcat(buf, t);
        if (strcmp(buf, text) == 0) return list[i];
      }
    }
  }
  /* The other castling style, when no ordinary move reads the same. */
  for (int i = 0; i < n; i++) {
    if (MOVE_FLAG(list[i]) != MF_CASTLE) continue;
    uci_style(p, list[i], !p->v->castle_king_takes_rook, buf, sizeof buf);
    if (strcmp(buf, text) == 0) return list[i];
  }
  /* SAN: every candidate is written against the one list generated above,
  ** without check marks (san_key drops them), so that reading a move costs
  ** one generation rather than two per legal move. */
  san_key(text, want, sizeof want);
  for (int i = 0; i < n; i++) {
    san_among(p, list[i], list, n, 0, buf, sizeof buf);
    san_key(buf, key, sizeof key);
    if (strcmp(key, want) == 0) return list[i];
  }
  err[0] = '\0';
  Move fit = san_fitting(p, text, list, n, err, errlen);
  if (fit != MOVE_NONE || err[0]) return fit;
  /* Say why: a step of another kind than a move (putting a neutral piece,
  ** a card play, a choice for the opponent), a well-formed coordinate move
  ** that is not legal, or text that is no move at all. */
  int kind = p->v->phase[p->phase].kind;
  if (n && kind == PHASE_RELOCATE) {
    refuse_relocation(p, text, err, errlen);
    return MOVE_NONE;
  }
  if (n && strncmp(text, "cards:", 6) == 0) {
    refuse_card_play(p, text, err, errlen);
    return MOVE_NONE;
  }
  if (n && kind == PHASE_CHOOSE) {
    refuse_choice(p, text, list, n, err, errlen);
    return MOVE_NONE;
  }
  const Geometry *g = &p->v->geo;
  int l1 = 0, l2 = 0, from = board_parse_square(g, text, &l1);
  int to = from == SQ_NONE ? SQ_NONE : board_parse_square(g, text + l1, &l2);
  const char *at = strchr(text, '@');
  if (at && at == text + 1 && board_parse_square(g, at + 1, &l1) != SQ_NONE && !at[1 + l1]) {
    int t = variant_type_by_letter(p->v, (char)tolower((unsigned char)text[0]));
    if (!p->v->drops)
      snprintf(err, errlen, "illegal move %s: %s has no drops", text, p->v->name);
    else if (t < 0)
      snprintf(err, errlen, "illegal drop %s: '%c' is not a piece of %s", text, text[0], p->v->name);
    else if (!p->pocket[p->side][t])
      snprintf(err, errlen, "illegal drop %s: %s has no %s in the pocket", text,
               colour_title(p->side), p->v->type[t].name);
    else
      snprintf(err, errlen, "illegal drop %s in this position", text);
  } else if (from != SQ_NONE && to != SQ_NONE) {
    uint8_t c = p->board[from];
    if (c == CELL_EMPTY)
      snprintf(err, errlen, "illegal move %s: no piece on %.*s", text, l1, text);
    else if (CELL_COLOUR(c) != p->side)
      snprintf(err, errlen, "illegal move %s: the piece on %.*s is not %s's", text,
               l1, text, colour_title(p->side));
    else
      snprintf(err, errlen, "illegal move %s in this position", text);
  } else if (n == 0) {
    snprintf(err, errlen, "\"%s\": there are no legal moves, the game is over", text);
  } else if (looks_like_san(p, text)) {
    snprintf(err, errlen, "illegal move %s in this position", text);
  } else {
    snprintf(err, errlen, "\"%s\" is neither a legal UCI move (e2e4, e7e8q) nor SAN (Nf3, O-O)", text);
  }
  return MOVE_NONE;
}

void print_divide_line(void *ctx, Move m, uint64_t count) {
  char buf[64];
  move_to_uci((const Position *)ctx, m, buf, sizeof buf);
  printf("%s: %llu\n", buf, (unsigned long long)count);
}
