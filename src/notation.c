/*
** notation.c - UCI and SAN.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"
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

int move_to_uci(const Position *p, Move m, char *buf, size_t len) {
  return uci_style(p, m, p->v->castle_king_takes_rook, buf, len);
}

/* SAN of m, disambiguated against the legal moves list[0..cnt) of p (list
** NULL: generated here when the move needs them), with the check mark ('+',
** '#') when marks is set. */
static int san_among(Position *p, Move m, const Move *list, int cnt, int marks, char *buf,
                     size_t len) {
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
  if (flag == MF_PASS) {
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
    int capture = flag == MF_EP || (to != from && p->board[to] != CELL_EMPTY); /* not in place */
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
      else if (capture) n += (size_t)sprintf(out + n, "%c", 'a' + board_file(g, from));
    } else {
      out[n++] = (char)toupper((unsigned char)v->type[t].letter);
      /* Disambiguate against other pieces of the type reaching to. */
      int others = 0, same_file = 0, same_rank = 0;
      for (int i = 0; i < cnt; i++) {
        int f2 = MOVE_FROM(list[i]);
        if (f2 == from || MOVE_TO(list[i]) != to || MOVE_FLAG(list[i]) == MF_CASTLE ||
            CELL_TYPE(p->board[f2]) != t)
          continue;
        others++;
        if (board_file(g, f2) == board_file(g, from)) same_file = 1;
        if (board_rank(g, f2) == board_rank(g, from)) same_rank = 1;
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
    if (flag == MF_PROMO)
      n += (size_t)sprintf(out + n, "=%c",
                           toupper((unsigned char)v->type[MOVE_PROMO(m) - 1].letter));
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

/* Is text shaped like SAN (Nf3, exd5, e8=Q, O-O, Raxb1+)? Then a refusal
** says the move is illegal rather than unreadable. */
static int looks_like_san(const Position *p, const char *t) {
  char key[64];
  san_key(t, key, sizeof key);
  if (!strcmp(key, "O-O") || !strcmp(key, "O-O-O")) return 1;
  size_t n = strlen(key);
  if (n >= 2 && key[n - 1] >= 'A' && key[n - 1] <= 'Z') key[--n] = '\0'; /* promotion */
  if (n < 2 || key[n - 1] < '0' || key[n - 1] > '9') return 0;
  /* ... ending in a square of this board, after a piece letter and the
  ** disambiguation, if any */
  size_t i = n - 1;
  while (i > 0 && key[i - 1] >= '0' && key[i - 1] <= '9') i--;
  if (i == 0) return 0;
  i--;
  int len = 0;
  if (board_parse_square(&p->v->geo, key + i, &len) == SQ_NONE || key[i + len]) return 0;
  for (size_t j = 0; j < i; j++)
    if (!((key[j] >= 'a' && key[j] <= 'p') || (key[j] >= '0' && key[j] <= '9') || key[j] == 'x' ||
          (j == 0 && key[j] >= 'A' && key[j] <= 'Z')))
      return 0;
  return 1;
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
  for (int i = 0; i < n; i++) {
    move_to_uci(p, list[i], buf, sizeof buf);
    if (strcmp(buf, text) == 0) return list[i];
    /* a drop's letter in either case (n@f3) */
    if (MOVE_FLAG(list[i]) == MF_DROP && text[0] && toupper((unsigned char)text[0]) == buf[0] &&
        strcmp(buf + 1, text + 1) == 0)
      return list[i];
  }
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
  /* Say why: a well-formed coordinate move that is not legal, or text that
  ** is no move at all. */
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
               p->side == WHITE ? "White" : "Black", p->v->type[t].name);
    else
      snprintf(err, errlen, "illegal drop %s in this position", text);
  } else if (from != SQ_NONE && to != SQ_NONE) {
    uint8_t c = p->board[from];
    if (c == CELL_EMPTY)
      snprintf(err, errlen, "illegal move %s: no piece on %.*s", text, l1, text);
    else if (CELL_COLOUR(c) != p->side)
      snprintf(err, errlen, "illegal move %s: the piece on %.*s is not %s's", text,
               l1, text, p->side == WHITE ? "White" : "Black");
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
