/*
** fen.c - positions in and out as FEN, with Fairy-Stockfish's extensions
** (pockets, the * of a neutral piece, check counters) and varia's own fields.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "position_inline.h"

/* The outermost castling rook of colour c on the king's rank, on the given
** side of the king (0: higher files, 1: lower files), or SQ_NONE. */
/* Does cell hold colour c's castling rook, or a piece a card play turns
** into it (which keeps the right: turning is not moving)? */
static int castle_rook_cell(const Variant *v, uint8_t cell, int c) {
  if (cell == CELL_EMPTY || cell == CELL_OFF || CELL_COLOUR(cell) != c) return 0;
  int t = CELL_TYPE(cell);
  return (v->castle_rook_mask >> t & 1) || v->card_flip[t] == v->castle_rook_type + 1;
}

static int outer_rook(const Position *p, int c, int side) {
  const Geometry *g = &p->v->geo;
  int ksq = p->castle_king[c], rank = board_rank(g, ksq), kf = board_file(g, ksq);
  if (side == 0) {
    for (int f = g->files - 1; f > kf; f--)
      if (castle_rook_cell(p->v, p->board[board_square(g, f, rank)], c)) return board_square(g, f, rank);
  } else {
    for (int f = 0; f < kf; f++)
      if (castle_rook_cell(p->v, p->board[board_square(g, f, rank)], c)) return board_square(g, f, rank);
  }
  return SQ_NONE;
}

static void find_royals(Position *p) {
  p->royal[0] = p->royal[1] = SQ_NONE;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i];
      if (p->v->royal_mask >> CELL_TYPE(p->board[sq]) & 1) {
        p->royal[c] = sq;
        break;
      }
    }
}

/* The castling king of colour c on its castling rank (the first, unless
** the variant says otherwise), or SQ_NONE. */
static int find_castle_king(const Position *p, int c) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int rank = variant_castle_rank(v, c);
  if (v->castle_king_type < 0) return SQ_NONE;
  for (int f = 0; f < g->files; f++) {
    int sq = board_square(g, f, rank);
    if (p->board[sq] == MAKE_CELL(c, v->castle_king_type)) return sq;
  }
  return SQ_NONE;
}

/* Reads varia's own field after the six FEN fields:
**   varia:phase=1;score=3,5;attr=e4.1,d5.2;takeback=e5e4
** (any key may be missing). Returns NULL or what is wrong. */
static const char *read_extension(Position *p, const char *ext) {
  const Geometry *g = &p->v->geo;
  if (strncmp(ext, "varia:", 6) != 0) return "an unknown seventh field (expected varia:...)";
  for (const char *s = ext + 6; *s;) {
    const char *semi = strchr(s, ';');
    size_t n = semi ? (size_t)(semi - s) : strlen(s);
    char item[512];
    if (n >= sizeof item) return "an item too long";
    memcpy(item, s, n);
    item[n] = '\0';
    s += n + (semi ? 1 : 0);
    char *val = strchr(item, '=');
    if (!val) return "an item without '='";
    *val++ = '\0';
    if (strcmp(item, "phase") == 0) {
      int ph = atoi(val);
      if (ph < 0 || ph >= p->v->nphases) return "phase out of range";
      p->phase = ph;
    } else if (strcmp(item, "state") == 0) {
      if (!p->v->rules) return "state means nothing in a variant without hooks";
      char *q = val;
      for (int i = 0; i < POS_STATE_SLOTS && *q; i++) {
        char *end;
        long x = strtol(q, &end, 10);
        if (end == q || x < INT32_MIN || x > INT32_MAX) return "state: expected up to 4 numbers";
        p->state[i] = (int32_t)x;
        q = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return "state: expected numbers separated by ','";
      }
      if (*q) return "state: more than 4 numbers";
    } else if (strcmp(item, "score") == 0) {
      if (sscanf(val, "%d,%d", &p->score[0], &p->score[1]) != 2) return "score is not two numbers";
    } else if (strcmp(item, "attr") == 0) {
      for (char *q = strtok(val, ","); q; q = strtok(NULL, ",")) {
        int len = 0, sq = board_parse_square(g, q, &len);
        if (sq == SQ_NONE || q[len] != '.') return "attr: expected square.value";
        int a = atoi(q + len + 1);
        if (a < 0 || a > 255) return "attr: value out of range 0-255";
        if (p->board[sq] == CELL_EMPTY) return "attr: on an empty square";
        p->attr[sq] = (uint8_t)a;
      }
    } else if (strcmp(item, "target") == 0) {
      const Phase *ph = &p->v->phase[p->phase];
      if (ph->kind != PHASE_CHOOSE && !(ph->kind == PHASE_RELOCATE && ph->place >= PLACE_REACH))
        return "a target outside a choose step or a place step that is measured from one";
      int len = 0, sq = board_parse_square(g, val, &len);
      if (sq == SQ_NONE) return "target: expected a square";
      p->target = sq;
      p->target_promo = 0;
      if (val[len]) {
        int t = variant_type_by_letter(p->v, val[len]);
        if (t < 0 || val[len + 1]) return "target: expected a square and a promotion letter";
        p->target_promo = t + 1;
      }
    } else if (strcmp(item, "hands") == 0 || strcmp(item, "discard") == 0) {
      if (!p->v->ncard_values) return "the variant has no cards";
      int h = 0; /* hands=3,5/1,7: White's, then Black's */
      uint8_t *zone = item[0] == 'h' ? p->hand[0] : p->discard;
      for (char *q = val; *q;) {
        if (*q == '/' && item[0] == 'h' && h == 0) {
          zone = p->hand[1];
          h = 1;
          q++;
          continue;
        }
        char *end;
        long c = strtol(q, &end, 10);
        if (end == q || c < 1 || c > p->v->ncard_values) return "a card value out of range";
        zone[c]++;
        q = *end == ',' ? end + 1 : end;
      }
    } else if (strcmp(item, "lost") == 0) {
      if (!p->v->promote_to_lost) return "lost pieces mean nothing in this variant";
      for (char *q = val; *q; q++) {
        int t = variant_type_by_letter(p->v, (char)tolower((unsigned char)*q));
        if (t < 0) return "lost: not a piece letter";
        p->lost[isupper((unsigned char)*q) ? WHITE : BLACK][t]++;
      }
    } else if (strcmp(item, "draws") == 0) {
      if (!p->v->ncard_values) return "the variant has no cards";
      p->pending_draws = atoi(val);
      if (p->pending_draws < 0 || p->pending_draws > 8) return "draws out of range";
    } else if (strcmp(item, "dropped") == 0) { /* what the last move dropped */
      int t = val[0] && !val[1] ? variant_type_by_letter(p->v, val[0]) : -1;
      if (t < 0) return "dropped: not a piece letter";
      p->dropped = (uint8_t)(t + 1);
    } else if (strcmp(item, "rng") == 0) {
      p->rng = strtoull(val, NULL, 16);
    } else if (strcmp(item, "takeback") == 0) {
      int l1 = 0, l2 = 0, from = board_parse_square(g, val, &l1);
      int to = from == SQ_NONE ? SQ_NONE : board_parse_square(g, val + l1, &l2);
      if (to == SQ_NONE || val[l1 + l2]) return "takeback: expected two squares";
      p->takeback_from = from;
      p->takeback_to = to;
    } else {
      return "an unknown key";
    }
  }
  return NULL;
}

/* The pocket "QNpp]" (after '['): letters, or '-' for none. */
static const char *read_pockets(Position *p, const char *s) {
  const Variant *v = p->v;
  for (; *s && *s != ']'; s++) {
    if (*s == '-') continue;
    int form = *s == '+' && s[1] && s[1] != ']'; /* a promoted form in hand (+P) */
    if (form) s++;
    int t = variant_type_by_letter(v, (char)tolower((unsigned char)*s));
    if (t < 0 || v->type[t].neutral) return "not a piece letter";
    if (form && !v->promo_to[t]) return "'+' before a piece without a promoted form";
    if (form) t = v->promo_to[t] - 1;
    int c = isupper((unsigned char)*s) ? WHITE : BLACK;
    if (p->pocket[c][t] >= MAX_POCKET) return "too many pieces of one kind";
    p->pocket[c][t]++;
  }
  if (*s != ']') return "no closing ']'";
  if (s[1]) return "text after ']'";
  return NULL;
}

/* The order pockets are written in: the most valuable first, as
** Fairy-Stockfish writes them. */
static int pocket_order(const Variant *v, int *order) {
  int n = 0;
  for (int t = 0; t < v->ntypes; t++) {
    int i = n++;
    for (; i > 0 && v->type[order[i - 1]].value < v->type[t].value; i--) order[i] = order[i - 1];
    order[i] = t;
  }
  return n;
}

#define FEN_FAIL(...)                        \
  do {                                       \
    snprintf(err, errlen, __VA_ARGS__);      \
    free(p);                                 \
    return -1;                               \
  } while (0)

#define FEN_ERR(...)                       \
  do {                                     \
    snprintf(err, errlen, __VA_ARGS__);    \
    return -1;                             \
  } while (0)

/* A FEN's fields, split at blanks into field[0..*nf). */
static int split_fields(const char *fen, char field[8][512], int *nf, char *err, size_t errlen) {
  *nf = 0;
  for (const char *s = fen; *s;) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) break;
    if (*nf == 8) FEN_ERR("FEN: more than eight fields");
    size_t n = 0;
    while (*s && *s != ' ' && *s != '\t') {
      if (n + 1 >= sizeof field[0]) FEN_ERR("FEN: field %d is too long", *nf + 1);
      field[*nf][n++] = *s++;
    }
    field[(*nf)++][n] = '\0';
  }
  if (*nf < 1) FEN_ERR("FEN \"%s\": expected at least the board", fen);
  return 0;
}

/* Puts text in as field i, the later fields moving up one. */
static int insert_field(char field[8][512], int *nf, int i, const char *text, char *err, size_t errlen) {
  if (*nf == 8) FEN_ERR("FEN: more than eight fields");
  for (int k = *nf; k > i; k--) memcpy(field[k], field[k - 1], sizeof field[k]);
  snprintf(field[i], sizeof field[i], "%s", text);
  (*nf)++;
  return 0;
}

/* The short forms Fairy-Stockfish reads (its Position::set) as the full
** one: the board alone is White to move; a digit where castling would be
** means neither castling nor en passant is given ("w 0 1", "w 3+3 0 1"),
** and a digit where en passant would be means it is not given ("w - 0 1"). */
static int complete_fields(char field[8][512], int *nf, char *err, size_t errlen) {
  if (*nf == 1 && insert_field(field, nf, 1, "w", err, errlen)) return -1;
  if (*nf >= 3 && isdigit((unsigned char)field[2][0]) &&
      (insert_field(field, nf, 2, "-", err, errlen) || insert_field(field, nf, 3, "-", err, errlen)))
    return -1;
  if (*nf >= 4 && isdigit((unsigned char)field[3][0]) && insert_field(field, nf, 3, "-", err, errlen))
    return -1;
  return 0;
}

/* The counting rule's count, as Fairy-Stockfish writes it while one
** runs: its limit in plies where the en passant square would be, its
** plies so far in the halfmove clock's place ("b - 32 9 40", with check
** counters between "128 1+1 9 40"). A number there in a full FEN of a
** variant with the rule is the limit, taken out of the fields (the
** halfmove clock is read as the count by finish_counting); a number there
** in a shorter FEN is Fairy-Stockfish's short form (complete_fields). */
static int take_counting_limit(Position *p, char field[8][512], int nf, char *err, size_t errlen) {
  if (!p->v->counting || nf < 6 || !isdigit((unsigned char)field[3][0])) return 0;
  char *end;
  long n = strtol(field[3], &end, 10);
  if (*end || n > 100000)
    FEN_ERR("FEN counting limit: \"%s\" (expected the count's limit in plies, as 128)", field[3]);
  p->count_limit = (int)n;
  snprintf(field[3], sizeof field[3], "-");
  return 0;
}

/* The count so far: the halfmove clock, where a limit was read (the
** n-move count then starts from 0, as Fairy-Stockfish reads it). */
static void finish_counting(Position *p) {
  if (!p->count_limit) return;
  p->count_ply = p->halfmove;
  p->halfmove = 0;
}

/* Fairy-Stockfish's check counters, a field of their own after en
** passant: read and taken out of the fields. */
static int read_check_counters(Position *p, char field[8][512], int *nf, char *err, size_t errlen) {
  const Variant *v = p->v;
  /* Check counters after en passant, as Fairy-Stockfish writes them: the
  ** checks each side still needs, White's first ("3+2"). Without them
  ** each side needs one more check (Fairy-Stockfish's reading too). */
  if (v->check_limit) p->checks[0] = p->checks[1] = (uint8_t)(v->check_limit - 1);
  if (*nf >= 5 && strchr(field[4], '+')) {
    int need[2];
    char end;
    if (!v->check_limit) FEN_ERR("FEN: check counters \"%s\", but %s counts no checks", field[4], v->name);
    if (sscanf(field[4], "%d+%d%c", &need[0], &need[1], &end) != 2 || need[0] < 0 ||
        need[1] < 0 || need[0] > v->check_limit || need[1] > v->check_limit)
      FEN_ERR("FEN check counters: \"%s\" (expected the checks each side still needs, "
               "0 to %d, as 3+3)", field[4], v->check_limit);
    for (int c = 0; c < 2; c++) p->checks[c] = (uint8_t)(v->check_limit - need[c]);
    for (int i = 4; i + 1 < *nf; i++) memcpy(field[i], field[i + 1], sizeof field[i]);
    (*nf)--;
  }
  if (*nf == 8) FEN_ERR("FEN: more than seven fields");
  return 0;
}

/* XBoard writes the cells a board lacks (its "inaccessible squares") as
** '*', each rank in its full width; varia's FEN leaves them out. On a
** board with holes and no piece '*', the first form is read as the
** second: each '*' must stand on a hole, and the counts of empty cells
** on either side of it are joined (a count passes over holes). Returns
** 0 with the board text in out (text itself when it has no '*'). */
static int holes_left_out(const Variant *v, const char *text, char *out, size_t len, char *err,
                          size_t errlen) {
  const Geometry *g = &v->geo;
  if (!g->nholes || !strchr(text, '*') || variant_type_by_letter(v, '*') >= 0 ||
      strlen(text) >= len) {
    snprintf(out, len, "%s", text);
    return 0;
  }
  size_t n = 0;
  int rank = g->ranks - 1, file = 0, empty = 0;
  const char *s = text;
  for (;; s++) {
    char c = *s;
    if (isdigit((unsigned char)c)) {
      int k = 0;
      while (isdigit((unsigned char)s[0]) && k <= g->files) k = k * 10 + (*s++ - '0');
      s--;
      empty += k;
      file += k;
      continue;
    }
    if (c == '*') {
      if (rank < 0 || file >= g->files || board_named_square(g, file, rank) != SQ_NONE)
        FEN_ERR("FEN board: '*' (XBoard's mark of a cell the board lacks) in rank %d, file %d: "
                 "that cell is on the board", rank + 1, file + 1);
      file++;
      continue;
    }
    if (empty) n += (size_t)snprintf(out + n, len - n, "%d", empty);
    empty = 0;
    if (c == '\0' || c == '[') break;
    if (c == '/') {
      rank--;
      file = 0;
    } else if (c != '~' && !(c == '+' && s[1] && s[1] != '/')) {
      /* a piece ('+' and '~' belong to it) */
      if (rank >= 0 && file < g->files && board_named_square(g, file, rank) == SQ_NONE)
        FEN_ERR("FEN board: '%c' in rank %d, file %d, a cell the board lacks (XBoard's '*')", c,
                 rank + 1, file + 1);
      file++;
    }
    if (n + 1 < len) out[n++] = c;
  }
  snprintf(out + n, len - n, "%s", s);
  return 0;
}

/* Field 1: the board (and its pocket), the owners of squares, the royal
** pieces. */
static int read_board(Position *p, const char *written, char *err, size_t errlen) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char text[512];
  if (holes_left_out(v, written, text, sizeof text, err, errlen)) return -1;
  for (int sq = 0; sq < g->nsq; sq++) {
    p->board[sq] = board_inside(g, sq) ? CELL_EMPTY : CELL_OFF;
    p->castle_clear[sq] = 0xF;
  }

  /* Field 1: the board, from the last rank down. Holes are not written:
  ** a rank lists its cells, and a number counts empty cells. Ranks are
  ** the named ones (board_named_square): a hex board's bend. */
  int rank = g->ranks - 1, file = 0;
  for (const char *s = text;; s++) {
    char c = *s;
    if (g->nholes && c != '~') /* ('~' marks the piece before any hole) */
      while (file < g->files && board_named_square(g, file, rank) == SQ_NONE) file++;
    if (c == '/' || c == '\0') {
      if (file != g->files)
        FEN_ERR("FEN board: rank %d has %d squares, the board has %d files", rank + 1,
                 file, g->files);
      if (c == '\0') break;
      if (--rank < 0) FEN_ERR("FEN board: more than %d ranks", g->ranks);
      file = 0;
    } else if (isdigit((unsigned char)c)) {
      int n = 0;
      while (isdigit((unsigned char)s[0]) && n <= g->files) n = n * 10 + (*s++ - '0');
      while (isdigit((unsigned char)s[0])) s++; /* a number far too long */
      s--;
      if (n == 0 || file + n > g->files)
        FEN_ERR("FEN board: rank %d is longer than %d files", rank + 1, g->files);
      for (; n > 0 && file <= g->files; n--) { /* n cells, the holes among them passed over */
        while (g->nholes && file < g->files && board_named_square(g, file, rank) == SQ_NONE) file++;
        file++;
      }
      if (file > g->files) FEN_ERR("FEN board: rank %d is longer than its cells", rank + 1);
    } else if (c == '[') {
      if (!v->pockets)
        FEN_ERR("FEN board: pockets ([...]) are not part of %s", v->name);
      if (file != g->files || rank != 0)
        FEN_ERR("FEN board: the pocket ([...]) comes after the last rank");
      const char *why = read_pockets(p, s + 1);
      if (why) FEN_ERR("FEN pocket \"%s\": %s", s, why);
      break;
    } else if (c == '~') {
      /* Fairy-Stockfish's mark of a promoted piece (after its letter). */
      int sq = board_named_square(g, file - 1, rank);
      if (file == 0 || p->board[sq] == CELL_EMPTY || p->board[sq] == CELL_OFF)
        FEN_ERR("FEN board: '~' in rank %d follows no piece", rank + 1);
      p->attr[sq] |= (uint8_t)v->promoted_bit;
    } else {
      int promoted = c == '+' && s[1] && s[1] != '/';
      if (promoted) c = *++s; /* "+p": the promoted form of p */
      int t = variant_type_by_letter(v, (char)tolower((unsigned char)c));
      if (promoted && t >= 0) {
        t = v->promo_to[t] - 1;
        if (t < 0) FEN_ERR("FEN board: '+%c' in rank %d: %c has no promoted form", c, rank + 1, c);
      }
      int colour = isupper((unsigned char)c) ? WHITE : BLACK;
      if (t >= 0 && v->type[t].neutral) colour = NEUTRAL;
      if (t < 0 || (v->type[t].neutral && isalpha((unsigned char)c) && c != v->type[t].letter))
        FEN_ERR("FEN board: '%c' in rank %d is not a piece of %s", c, rank + 1, v->name);
      if (file >= g->files) FEN_ERR("FEN board: rank %d is longer than %d files", rank + 1, g->files);
      if (board_named_square(g, file, rank) == SQ_NONE)
        FEN_ERR("FEN board: rank %d is longer than its cells", rank + 1);
      put_piece(p, board_named_square(g, file, rank), MAKE_CELL(colour, t));
      file++;
    }
  }
  if (rank != 0) FEN_ERR("FEN board: %d ranks, the board has %d", g->ranks - rank, g->ranks);
  if (v->has_owner) /* pieces belong to the owner of their square (royals and the key come after) */
    for (int sq = 0; sq < g->nsq; sq++) {
      uint8_t cell = p->board[sq];
      int own = v->owner[sq];
      if (cell == CELL_EMPTY || cell == CELL_OFF || own == OWNER_NONE || CELL_COLOUR(cell) == NEUTRAL ||
          CELL_COLOUR(cell) == own)
        continue;
      remove_piece(p, sq);
      put_piece(p, sq, MAKE_CELL(own, CELL_TYPE(cell)));
    }
  find_royals(p);
  /* Under the check rule a side without its royal piece has no meaning;
  ** where kings are captured it is a finished game, which may be loaded;
  ** where losing all pieces ends the game, a side may play without one
  ** (a side of pawns alone). */
  if (v->royal_mask && !v->royal_capture && !variant_kingless_allowed(v))
    for (int c = 0; c < 2; c++)
      if (p->royal[c] == SQ_NONE && !pos_royal_in_pocket(p, c))
        FEN_ERR("FEN board: %s has no %s", colour_title(c),
                 v->type[__builtin_ctz(v->royal_mask)].name);

  return 0;
}

/* Field 3: castling rights, KQkq or file letters (X-FEN / Shredder-FEN),
** and the files of unmoved pieces and gates. */
static int read_castling(Position *p, const char *text, char *err, size_t errlen) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  /* Field 3: castling rights, KQkq or file letters (X-FEN / Shredder-FEN). */
  for (int i = 0; i < 4; i++) p->castle_rook[i] = SQ_NONE;
  p->castle_king[0] = find_castle_king(p, WHITE);
  p->castle_king[1] = find_castle_king(p, BLACK);
  if (v->castle_drop_file >= 0) /* rights that drops may create later */
    for (int c = 0; c < 2; c++) {
      int rank = variant_castle_rank(v, c);
      int ksq = board_square(g, v->castle_drop_file, rank);
      if (p->castle_king[c] == SQ_NONE) p->castle_king[c] = ksq;
      p->castle_clear[ksq] &= (uint8_t) ~(3 << (c * 2));
      p->castle_clear[board_square(g, g->files - 1, rank)] &= (uint8_t) ~(1 << (c * 2));
      p->castle_clear[board_square(g, 0, rank)] &= (uint8_t) ~(2 << (c * 2));
    }
  /* Rights that are never lost belong to the squares of the start
  ** position, whether king and rook stand there now or not. */
  int fixed = v->castle_always && v->castle_start_king[0] != SQ_NONE;
  if (fixed) {
    /* The field cannot take them away either: a FEN written without them
    ** (a '-' from another tool) still has every castling of the start. */
    p->castle_king[0] = v->castle_start_king[0];
    p->castle_king[1] = v->castle_start_king[1];
    for (int i = 0; i < 4; i++)
      if (v->castle_start_rook[i] != SQ_NONE) {
        p->castle |= 1 << i;
        p->castle_rook[i] = v->castle_start_rook[i];
      }
  }
  if (strcmp(text, "-") != 0) {
    for (const char *s = text; *s; s++) {
      int c = isupper((unsigned char)*s) ? WHITE : BLACK;
      char lc = (char)tolower((unsigned char)*s);
      int side = 0, rook = SQ_NONE, ksq = p->castle_king[c];
      const char *why = NULL;
      /* A file letter may mark a piece that has not moved (its i-moves). */
      if (v->unmoved_mask && lc >= 'a' && lc < 'a' + g->files) {
        int sq = board_square(g, lc - 'a', variant_castle_rank(v, c));
        if (marks_unmoved(p, sq, c)) {
          p->attr[sq] |= UNMOVED_BIT;
          continue;
        }
      }
      if (fixed) {
        side = lc == 'k' ? 0 : lc == 'q' ? 1 : -1;
        rook = side < 0 ? SQ_NONE : v->castle_start_rook[c * 2 + side];
        if (rook == SQ_NONE) {
          FEN_ERR("FEN castling: '%c': the start position has no such castling", *s);
        }
        continue; /* already set above */
      }
      if (v->gating && lc >= 'a' && lc < 'a' + g->files && lc != 'k' && lc != 'q') {
        /* a gate: Fairy-Stockfish's file letter for a piece not yet moved */
        int sq = board_square(g, lc - 'a', variant_castle_rank(v, c));
        if (p->board[sq] != CELL_EMPTY && CELL_COLOUR(p->board[sq]) == c)
          p->gates[c] |= (uint16_t)(1u << (lc - 'a'));
        continue;
      }
      if (!v->castling)
        why = v->unmoved_mask ? "no piece there that may be unmoved, and the variant has no castling"
                              : "the variant has no castling";
      else if (ksq == SQ_NONE) why = "no king to castle on that side's castling rank";
      else if (lc == 'k' || lc == 'q') {
        rook = outer_rook(p, c, lc == 'k' ? 0 : 1);
        if (rook == SQ_NONE) why = "no rook on that side of the king";
      } else if (lc >= 'a' && lc < 'a' + g->files) {
        rook = board_square(g, lc - 'a', board_rank(g, ksq));
        if (!castle_rook_cell(v, p->board[rook], c)) why = "no rook on that file";
      } else why = "not a castling letter";
      if (why) FEN_ERR("FEN castling: '%c': %s", *s, why);
      side = board_file(g, rook) > board_file(g, ksq) ? 0 : 1;
      if (v->gating) /* king and rook stand on their gates */
        p->gates[c] |= (uint16_t)((1u << board_file(g, rook)) | (1u << board_file(g, ksq)));
      p->castle |= 1 << (c * 2 + side);
      p->castle_rook[c * 2 + side] = rook;
      if (!v->castle_always) {
        p->castle_clear[rook] &= (uint8_t) ~(1 << (c * 2 + side));
        p->castle_clear[ksq] &= (uint8_t) ~(3 << (c * 2));
      }
    }
  }

  return 0;
}

/* Field 4: en passant. */
static int read_en_passant(Position *p, const char *text, char *err, size_t errlen) {
  const Geometry *g = &p->v->geo;
  /* Field 4: en passant. As in Stockfish, the square is kept only when a
  ** capture there is possible, so that a position set up from a FEN and
  ** the same position reached by moves have the same FEN and hash. */
  p->ep = p->ep_victim = p->ep2 = SQ_NONE;
  /* Fairy-Stockfish writes every square a longer step passed ("d5d6"),
  ** one after the other: the first that can be taken is kept. The piece
  ** that passed a square stands one rank beyond it: straight ahead after
  ** an orthodox double step, or diagonally after one that leaps two
  ** squares diagonally (a Berolina pawn's); the FEN names only the square
  ** passed, so the first of these that holds an enemy piece is taken. */
  for (const char *s = strcmp(text, "-") ? text : ""; *s;) {
    int len = 0, sq = board_parse_square(g, s, &len);
    if (sq == SQ_NONE) FEN_ERR("FEN en passant: \"%s\" is not a square or a list of squares", text);
    s += len;
    if (p->ep != SQ_NONE || p->board[sq] != CELL_EMPTY || !ep_allowed(p, sq, p->side ^ 1) ||
        !ep_capturable(p, sq, p->side))
      continue;
    int ahead = sq + (p->side == WHITE ? -g->stride : g->stride);
    const int candidates[3] = {ahead, ahead - 1, ahead + 1};
    for (int i = 0; i < 3; i++) {
      uint8_t vc = p->board[candidates[i]];
      if (vc != CELL_OFF && vc != CELL_EMPTY && CELL_COLOUR(vc) == (p->side ^ 1)) {
        p->ep = sq;
        p->ep_victim = candidates[i];
        break;
      }
    }
  }
  /* After a triple step both squares passed are written ("b3b4"): the
  ** one beyond the kept square, on the line from the piece, is the second. */
  for (const char *s = p->ep != SQ_NONE && strcmp(text, "-") ? text : ""; *s;) {
    int len = 0, sq = board_parse_square(g, s, &len);
    s += len;
    if (sq == p->ep + (p->ep - p->ep_victim) && p->board[sq] == CELL_EMPTY &&
        ep_allowed(p, sq, p->side ^ 1) && ep_capturable(p, sq, p->side))
      p->ep2 = sq;
  }

  return 0;
}

/* Fields 5 and 6: the halfmove clock and the move number. */
static int read_counters(Position *p, char field[8][512], int nf, char *err, size_t errlen) {
  /* Fields 5 and 6: counters. */
  p->halfmove = 0;
  p->fullmove = 1;
  for (int i = 4; i < nf && i < 6; i++) {
    char *end;
    long n = strtol(field[i], &end, 10);
    if (*end || n < 0 || n > 100000)
      FEN_ERR("FEN %s: \"%s\" is not a number", i == 4 ? "halfmove clock" : "move number",
               field[i]);
    if (i == 4) p->halfmove = (int)n;
    else p->fullmove = n < 1 ? 1 : (int)n;
  }

  return 0;
}

/* Field 7 (varia's own, text or NULL), and the deck it leaves. */
static int read_varia_field(Position *p, const char *text, char *err, size_t errlen) {
  const Variant *v = p->v;
  /* Field 7: varia's own state. */
  p->takeback_from = p->takeback_to = SQ_NONE;
  p->passes = 0;
  p->anchor = SQ_NONE;
  p->target = SQ_NONE;
  if (text) {
    const char *why = read_extension(p, text);
    if (why) FEN_ERR("FEN field 7 \"%s\": %s", text, why);
  }
  /* The deck holds every card that is in no hand and not discarded. */
  for (int val = 1; val <= v->ncard_values; val++) {
    int out = p->hand[0][val] + p->hand[1][val] + p->discard[val];
    if (out > v->card_copies)
      FEN_ERR("FEN field 7: more cards of value %d than the %d there are", val, v->card_copies);
    p->deck[val] = (uint8_t)(v->card_copies - out);
  }
  return 0;
}

int pos_set_fen(Position *out, const Variant *v, const char *fen, char *err,
                size_t errlen) {
  Position *p = malloc(sizeof *p);
  char field[8][512];
  int nf = 0;
  if (!p) {
    snprintf(err, errlen, "FEN: out of memory");
    return -1;
  }
  memset(p, 0, sizeof *p);
  p->v = v;
  p->last_step = 0xFF; /* what led here is not known: terminal_on asks */
  if (split_fields(fen, field, &nf, err, errlen) ||
      take_counting_limit(p, field, nf, err, errlen) || complete_fields(field, &nf, err, errlen) ||
      read_check_counters(p, field, &nf, err, errlen) ||
      read_board(p, field[0], err, errlen)) {
    free(p);
    return -1;
  }
  /* Field 2: side to move. */
  if (strcmp(field[1], "w") == 0) p->side = WHITE;
  else if (strcmp(field[1], "b") == 0) p->side = BLACK;
  else FEN_FAIL("FEN side to move: \"%s\" (expected w or b)", field[1]);

  if (read_castling(p, nf >= 3 ? field[2] : "-", err, errlen)) {
    free(p);
    return -1;
  }
  /* Gates close when there is nothing left to gate and no capture can
  ** refill the pocket (as after a move), so that the FEN reads back. */
  if (v->gating && !v->capture_to_pocket)
    for (int c = 0; c < 2; c++)
      if (!pos_pocket_size(p, c)) p->gates[c] = 0;

  if (read_en_passant(p, nf >= 4 ? field[3] : "-", err, errlen) ||
      read_counters(p, field, nf, err, errlen) ||
      read_varia_field(p, nf == 7 ? field[6] : NULL, err, errlen)) {
    free(p);
    return -1;
  }
  finish_counting(p);
  p->key = pos_compute_key(p);
  *out = *p;
  free(p);
  return 0;
}

static size_t write_gates(const Position *p, int c, char *out, size_t n) {
  for (int f = 0; f < p->v->geo.files; f++)
    if (p->gates[c] >> f & 1) out[n++] = (char)((c == WHITE ? 'A' : 'a') + f);
  return n;
}

/* The FEN of varia's form, holes left out, in XBoard's: each rank in its
** full width, a hole written '*' (as holes_left_out reads it back). */
int fen_holes_marked(const Variant *v, const char *fen, char *out, size_t len) {
  const Geometry *g = &v->geo;
  if (!g->nholes || variant_type_by_letter(v, '*') >= 0 || !len) return snprintf(out, len, "%s", fen);
  size_t n = 0;
  const char *s = fen;
#define PUT(ch) (n + 1 < len ? (void)(out[n++] = (ch)) : (void)0)
#define FLUSH() (empty ? (void)(n += (size_t)snprintf(out + n, len - n, "%d", empty), empty = 0) : (void)0)
  for (int r = g->ranks - 1; r >= 0 && n + 16 < len; r--) {
    int left = 0, empty = 0; /* left: the empty cells of the count being read */
    for (int f = 0; f < g->files && n + 16 < len; f++) {
      if (board_named_square(g, f, r) == SQ_NONE) {
        FLUSH();
        PUT('*');
        continue;
      }
      if (!left && isdigit((unsigned char)*s)) left = (int)strtol(s, (char **)&s, 10);
      if (left) {
        left--;
        empty++;
        continue;
      }
      FLUSH();
      if (*s == '+') PUT(*s++);
      if (*s && !strchr("/ [", *s)) PUT(*s++);
      while (*s == '~') PUT(*s++);
    }
    FLUSH();
    if (*s == '/') s++;
    if (r) PUT('/');
  }
#undef FLUSH
#undef PUT
  out[n < len ? n : len - 1] = '\0';
  return (int)n + snprintf(out + n, len - n, "%s", s);
}

int pos_fen(const Position *p, char *buf, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char tmp[4096];
  size_t n = 0;
  for (int r = g->ranks - 1; r >= 0; r--) {
    int empty = 0;
    for (int f = 0; f < g->files; f++) {
      int sq = board_named_square(g, f, r);
      if (sq == SQ_NONE) continue; /* a hole: not written */
      uint8_t c = p->board[sq];
      if (c == CELL_EMPTY) {
        empty++;
        continue;
      }
      if (empty) n += (size_t)sprintf(tmp + n, "%d", empty);
      empty = 0;
      int t = CELL_TYPE(c);
      if (v->demote_to[t]) { /* a promoted form: '+' and the type it came from */
        tmp[n++] = '+';
        t = v->demote_to[t] - 1;
      }
      char l = v->type[t].letter;
      tmp[n++] = CELL_COLOUR(c) == WHITE ? (char)toupper((unsigned char)l) : l;
      if (p->attr[sq] & v->promoted_bit) tmp[n++] = '~';
    }
    if (empty) n += (size_t)sprintf(tmp + n, "%d", empty);
    if (r) tmp[n++] = '/';
  }
  if (v->pockets) {
    int order[MAX_TYPES], nt = pocket_order(v, order);
    tmp[n++] = '[';
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < nt; i++)
        for (int k = 0; k < p->pocket[c][order[i]] && n < sizeof tmp - 64; k++)
          n += (size_t)type_text(v, order[i], c, tmp + n);
    tmp[n++] = ']';
  }
  tmp[n++] = ' ';
  tmp[n++] = p->side == WHITE ? 'w' : 'b';
  tmp[n++] = ' ';
  size_t rights = n;
  for (int i = 0; i < 4; i++) {
    int c = i / 2, side = i % 2, rook = p->castle_rook[i];
    if (p->castle >> i & 1) {
      char l = side == 0 ? 'k' : 'q';
      if (!v->castle_always && outer_rook(p, c, side) != rook) l = (char)('a' + board_file(g, rook));
      tmp[n++] = c == WHITE ? (char)toupper((unsigned char)l) : l;
    }
    if (side == 0) continue;
    /* After each side's rights, as Fairy-Stockfish writes them: the files
    ** of its gates, and of its pieces that have not moved. */
    if (v->gating) n = write_gates(p, c, tmp, n);
    if (v->unmoved_mask)
      for (int f = 0; f < g->files; f++) {
        int sq = board_square(g, f, variant_castle_rank(v, c));
        if (marks_unmoved(p, sq, c) && (p->attr[sq] & UNMOVED_BIT))
          tmp[n++] = (char)(c == WHITE ? 'A' + f : 'a' + f);
      }
  }
  if (n == rights) tmp[n++] = '-';
  tmp[n++] = ' ';
  if (p->count_limit) n += (size_t)sprintf(tmp + n, "%d", p->count_limit); /* a count runs */
  else if (p->ep == SQ_NONE) tmp[n++] = '-';
  else if (p->ep2 == SQ_NONE) n += (size_t)board_square_name(g, p->ep, tmp + n);
  else { /* both squares a triple step passed, the lower rank first */
    int lo = board_rank(g, p->ep) < board_rank(g, p->ep2) ? p->ep : p->ep2;
    n += (size_t)board_square_name(g, lo, tmp + n);
    n += (size_t)board_square_name(g, lo == p->ep ? p->ep2 : p->ep, tmp + n);
  }
  if (v->check_limit)
    n += (size_t)sprintf(tmp + n, " %d+%d", v->check_limit - p->checks[0],
                         v->check_limit - p->checks[1]);
  n += (size_t)sprintf(tmp + n, " %d %d", p->count_limit ? p->count_ply : p->halfmove, p->fullmove);

  /* varia's own field, only when there is something to say. */
  char ext[2048];
  size_t e = 0;
  if (p->phase) e += (size_t)sprintf(ext + e, ";phase=%d", p->phase);
  int slots = POS_STATE_SLOTS;
  while (slots > 0 && !p->state[slots - 1]) slots--;
  for (int i = 0; i < slots; i++)
    e += (size_t)sprintf(ext + e, "%s%ld", i ? "," : ";state=", (long)p->state[i]);
  if (p->score[0] || p->score[1])
    e += (size_t)sprintf(ext + e, ";score=%d,%d", p->score[0], p->score[1]);
  int first = 1;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      int sq = board_square(g, f, r);
      int a = p->attr[sq] & ~v->promoted_bit; /* that bit is the board's '~' */
      /* UNMOVED_BIT, where the castling field says it */
      if (a && v->unmoved_mask && p->board[sq] != CELL_EMPTY &&
          marks_unmoved(p, sq, CELL_COLOUR(p->board[sq])))
        a &= ~UNMOVED_BIT;
      if (!a || e + 16 >= sizeof ext) continue;
      e += (size_t)sprintf(ext + e, "%s", first ? ";attr=" : ",");
      e += (size_t)board_square_name(g, sq, ext + e);
      e += (size_t)sprintf(ext + e, ".%d", a);
      first = 0;
    }
  if (p->takeback_from != SQ_NONE) {
    e += (size_t)sprintf(ext + e, ";takeback=");
    e += (size_t)board_square_name(g, p->takeback_from, ext + e);
    e += (size_t)board_square_name(g, p->takeback_to, ext + e);
  }
  if (v->ncard_values) {
    for (int c = 0; c < 3; c++) {
      const uint8_t *zone = c < 2 ? p->hand[c] : p->discard;
      int any = cards_in(zone, v->ncard_values);
      if (c == 0 && (any || cards_in(p->hand[1], v->ncard_values))) e += (size_t)sprintf(ext + e, ";hands=");
      if (c == 1 && (cards_in(p->hand[0], v->ncard_values) || any)) ext[e++] = '/', ext[e] = '\0';
      if (c == 2 && any) e += (size_t)sprintf(ext + e, ";discard=");
      int first_card = 1;
      for (int val = 1; val <= v->ncard_values; val++)
        for (int k = 0; k < zone[val]; k++) {
          e += (size_t)sprintf(ext + e, "%s%d", first_card ? "" : ",", val);
          first_card = 0;
        }
    }
    if (p->pending_draws) e += (size_t)sprintf(ext + e, ";draws=%d", p->pending_draws);
    e += (size_t)sprintf(ext + e, ";rng=%llx", (unsigned long long)p->rng);
  }
  if (v->promote_to_lost) {
    int first_lost = 1;
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < v->ntypes; t++)
        for (int k = 0; k < p->lost[c][t]; k++) {
          if (first_lost) e += (size_t)sprintf(ext + e, ";lost=");
          first_lost = 0;
          e += (size_t)type_text(v, t, c, ext + e);
        }
  }
  if (p->dropped && p->dropped == v->drop_mate_loses) /* it decides a mate */
    e += (size_t)sprintf(ext + e, ";dropped=%c", v->type[p->dropped - 1].letter);
  if (p->target != SQ_NONE) {
    e += (size_t)sprintf(ext + e, ";target=");
    e += (size_t)board_square_name(g, p->target, ext + e);
    if (p->target_promo) ext[e++] = v->type[p->target_promo - 1].letter, ext[e] = '\0';
  }
  if (e) n += (size_t)sprintf(tmp + n, " varia:%s", ext + 1);
  tmp[n] = '\0';
  snprintf(buf, len, "%s", tmp);
  return (int)n;
}
