/*
** hidden.c - views and conceivable moves.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hidden.h"
#include "rules.h"
#include "notation.h"

int view_sees(const Position *p, int player, int sq) {
  uint8_t c = p->board[sq];
  if (p->v->visibility == SEE_ALL) return 1;
  return c != CELL_EMPTY && c != CELL_OFF &&
         (CELL_COLOUR(c) == player || CELL_COLOUR(c) == NEUTRAL);
}

/* Has the variant anything a player may not see? */
int view_hides(const Variant *v) { return v->visibility != SEE_ALL || v->ncard_values; }

/* varia's seventh FEN field as the player may see it: the player's own hand
** and the size of the opponent's; the deck's size, not its contents; no
** generator state; attributes only of visible pieces. */
static size_t view_extension(const Position *p, int player, const char *fen, char *out, size_t len) {
  const Variant *v = p->v;
  const char *ext = strstr(fen, " varia:");
  size_t n = 0, outlen = len;
  char items[2048], body[2048];
  char *final = out;
  out = body;
  len = sizeof body;
  out[0] = '\0';
  snprintf(items, sizeof items, "%s", ext ? ext + 7 : "");
  for (char *item = strtok(items, ";"); item; item = strtok(NULL, ";")) {
    if (!strncmp(item, "rng=", 4) || !strncmp(item, "hands=", 6)) continue;
    if (!strncmp(item, "attr=", 5)) {
      char kept[1024];
      size_t k = 0;
      kept[0] = '\0';
      for (char *a = item + 5; *a;) {
        char *comma = strchr(a, ',');
        size_t al = comma ? (size_t)(comma - a) : strlen(a);
        int sl = 0, sq = board_parse_square(&v->geo, a, &sl);
        if (sq != SQ_NONE && view_sees(p, player, sq) && k + al + 2 < sizeof kept)
          k += (size_t)snprintf(kept + k, sizeof kept - k, "%s%.*s", k ? "," : "", (int)al, a);
        a = comma ? comma + 1 : a + al;
      }
      if (k) n += (size_t)snprintf(out + n, len - n, ";attr=%s", kept);
      continue;
    }
    n += (size_t)snprintf(out + n, len - n, ";%s", item);
  }
  if (v->ncard_values) {
    n += (size_t)snprintf(out + n, len - n, ";hand=");
    int first = 1;
    for (int val = 1; val <= v->ncard_values; val++)
      for (int k = 0; k < p->hand[player][val]; k++) {
        n += (size_t)snprintf(out + n, len - n, "%s%d", first ? "" : ",", val);
        first = 0;
      }
    n += (size_t)snprintf(out + n, len - n, ";opponent_hand=%d;deck=%d",
                          cards_in(p->hand[player ^ 1], v->ncard_values),
                          cards_in(p->deck, v->ncard_values));
  }
  final[0] = '\0';
  if (!n) return 0; /* body begins with ';' */
  return (size_t)snprintf(final, outlen, " varia:%.*s", (int)(n - 1), body + 1);
}

int view_fen(const Position *p, int player, char *buf, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char fen[4096], out[4096], ext[2048];
  size_t n = 0;
  pos_fen(p, fen, sizeof fen);
  view_extension(p, player, fen, ext, sizeof ext);
  if (v->visibility == SEE_ALL) {
    char *cut = strstr(fen, " varia:");
    if (cut) *cut = '\0';
    return snprintf(buf, len, "%s%s", fen, ext);
  }
  for (int r = g->ranks - 1; r >= 0; r--) {
    int empty = 0;
    for (int f = 0; f < g->files; f++) {
      int sq = board_square(g, f, r);
      uint8_t c = p->board[sq];
      char ch[4] = {VIEW_UNKNOWN, 0};
      if (!view_sees(p, player, sq)) {
        /* unknown */
      } else if (c == CELL_EMPTY) {
        empty++;
        continue;
      } else {
        type_text(v, CELL_TYPE(c), CELL_COLOUR(c), ch);
      }
      if (empty) n += (size_t)sprintf(out + n, "%d", empty);
      empty = 0;
      n += (size_t)sprintf(out + n, "%s", ch);
    }
    if (empty) n += (size_t)sprintf(out + n, "%d", empty);
    if (r) out[n++] = '/';
  }
  out[n] = '\0';
  /* The rest of the FEN, with the opponent's castling rights removed. */
  char side[8] = "", castle[16] = "", rights[16];
  int fullmove = 1;
  sscanf(fen, "%*s %7s %15s %*s %*s %d", side, castle, &fullmove);
  size_t k = 0;
  for (const char *c = castle; *c && k + 1 < sizeof rights; c++)
    if (*c != '-' && (player == WHITE ? isupper((unsigned char)*c) : islower((unsigned char)*c)))
      rights[k++] = *c;
  if (!k) rights[k++] = '-';
  rights[k] = '\0';
  return snprintf(buf, len, "%s %s %s ? ? %d%s", out, side, rights, fullmove, ext);
}

/* Adds m unless it is there already (a square reached both as a move and
** as a possible capture). */
static int add_unique(Move *list, int n, Move m) {
  for (int i = 0; i < n; i++)
    if (list[i] == m) return n;
  if (n < MAX_MOVES) list[n++] = m;
  return n;
}

int gen_conceivable(const Position *p, Move *list) {
  const Variant *v = p->v;
  int us = p->side, n = 0;
  Position *scratch = malloc(sizeof *scratch);
  Move pseudo[MAX_MOVES];
  if (!scratch) return 0;
  /* The board as the mover knows it: the opponent's pieces gone. */
  *scratch = *p;
  for (int sq = 0; sq < v->geo.nsq; sq++) {
    uint8_t c = scratch->board[sq];
    if (c != CELL_EMPTY && c != CELL_OFF && CELL_COLOUR(c) == (us ^ 1))
      scratch->board[sq] = CELL_EMPTY;
  }
  scratch->npieces[us ^ 1] = 0;
  scratch->ep = scratch->ep2 = SQ_NONE;
  pos_sync_bits(scratch);
  int k = gen_pseudo(scratch, pseudo);
  for (int i = 0; i < k; i++) n = add_unique(list, n, pseudo[i]);
  /* Captures onto squares that might hold an enemy piece. */
  for (int i = 0; i < p->npieces[us]; i++) {
    int from = p->plist[us][i], t = CELL_TYPE(p->board[from]);
    int promotes = v->promote_mask >> t & 1;
    for (int j = 0; j < v->nsteps[us][t]; j++) {
      const Step *s = &v->step[us][t][j];
      if (!(s->modes & MODE_CAPTURE) || s->path != PATH_SLIDE) continue;
      if (s->cond && !step_allowed(v, s, us, t, from, p->attr[from])) continue;
      int to = from;
      for (int r = 0; r < s->range; r++) {
        to += s->off;
        uint8_t c = scratch->board[to];
        if (c != CELL_EMPTY) break; /* own piece, neutral or edge */
        if (!(v->stand[us][to] >> t & 1)) continue; /* outside its region */
        int zone = promotes ? v->promo_sq[us][to] : 0;
        if (zone)
          for (int q = 0; q < v->npromo; q++)
            n = add_unique(list, n, MAKE_MOVE(from, to, MF_PROMO, v->promo_type[q] + 1));
        if (zone != PROMO_COMPULSORY) n = add_unique(list, n, MAKE_MOVE(from, to, MF_NORMAL, 0));
      }
    }
  }
  free(scratch);
  return n;
}

/* The text of a move written in SAN, reduced to what names it: no check
** marks, annotations, '=' or 'x' (whether a move captures is what the
** mover may not know), and 0-0 read as O-O. */
static void attempt_key(const char *in, char *out, size_t len) {
  size_t n = 0;
  for (; *in && n + 1 < len; in++) {
    char c = *in;
    if (c == '+' || c == '#' || c == '!' || c == '?' || c == '=' || c == 'x') continue;
    out[n++] = c == '0' ? 'O' : c;
  }
  out[n] = '\0';
}

int view_attempt(const Position *p, const char *text, char *uci, size_t len, char *err,
                 size_t errlen) {
  const Variant *v = p->v;
  const Geometry *geo = &v->geo;
  char key[64];
  int castle = -1, type = -1, promo = -1, to = SQ_NONE, file = -1, rank = -1;
  if (strlen(text) >= sizeof key) return 0;
  attempt_key(text, key, sizeof key);
  size_t n = strlen(key), i = 0;
  if (!strcmp(key, "O-O")) castle = 0;
  else if (!strcmp(key, "O-O-O")) castle = 1;
  else {
    if (n && isupper((unsigned char)key[0])) {
      if ((type = variant_type_by_letter(v, (char)tolower((unsigned char)key[0]))) < 0) return 0;
      i = 1;
    }
    if (n > i + 1 && isupper((unsigned char)key[n - 1])) {
      if ((promo = variant_type_by_letter(v, (char)tolower((unsigned char)key[n - 1]))) < 0) return 0;
      key[--n] = '\0';
    }
    /* The destination ends the text; what stands between the piece and
    ** it names the file or the rank (or both) the piece comes from. */
    size_t j = n;
    while (j > i && isdigit((unsigned char)key[j - 1])) j--;
    if (j == n || j == i) return 0;
    j--;
    int l = 0;
    if ((to = board_parse_square(geo, key + j, &l)) == SQ_NONE || key[j + l]) return 0;
    for (size_t k = i; k < j;) {
      if (key[k] >= 'a' && key[k] < 'a' + geo->files && file < 0) file = key[k++] - 'a';
      else if (isdigit((unsigned char)key[k]) && rank < 0) {
        rank = 0;
        while (k < j && isdigit((unsigned char)key[k])) rank = rank * 10 + key[k++] - '0';
        rank--;
      } else return 0;
    }
  }
  /* The moves the mover could think of, with their own pieces only: the
  ** answer below depends on nothing the mover cannot see. */
  Move list[MAX_MOVES], found[2];
  int k = gen_conceivable(p, list), matches = 0;
  for (int m = 0; m < k; m++) {
    Move mv = list[m];
    int flag = MOVE_FLAG(mv), from = MOVE_FROM(mv);
    if (castle >= 0) {
      if (flag != MF_CASTLE || CASTLE_SIDE(mv) != castle) continue;
    } else {
      if (flag == MF_CASTLE || flag == MF_DROP || flag == MF_PLACE || MOVE_TO(mv) != to) continue;
      int t = CELL_TYPE(p->board[from]);
      if (type >= 0 ? t != type : !v->type[t].pawn) continue;
      if (promo >= 0 ? flag != MF_PROMO || MOVE_PROMO(mv) - 1 != promo : flag == MF_PROMO) continue;
      if (file >= 0 && board_file(geo, from) != file) continue;
      if (rank >= 0 && board_rank(geo, from) != rank) continue;
      /* a pawn named without its file goes straight ahead */
      if (type < 0 && file < 0 && board_file(geo, from) != board_file(geo, to)) continue;
    }
    if (matches < 2) found[matches] = mv;
    matches++;
  }
  if (matches == 1) {
    move_to_uci(p, found[0], uci, len);
    return 1;
  }
  if (matches == 0) {
    snprintf(err, errlen, "%s: none of your pieces could make that move", text);
    return -1;
  }
  char a[32], b[32];
  move_to_uci(p, found[0], a, sizeof a);
  move_to_uci(p, found[1], b, sizeof b);
  snprintf(err, errlen, "%s: %d of your pieces could make that move; name the squares (%s, %s%s)",
           text, matches, a, b, matches > 2 ? ", ..." : "");
  return -1;
}
