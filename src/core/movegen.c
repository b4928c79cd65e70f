/*
** movegen.c - one generation loop over the step tables of every piece,
** and the questions of attack. Which generated moves are legal, and the
** ends of games, are rules.c's.
*/
#include <string.h>

#include "movegen.h"

#define IS_SET(mask, bit) (((mask) >> (bit)) & 1u)

static int attacked_wrapped(const Position *p, int sq, int by);
static int piece_attacks_wrapped(const Position *p, int from, int sq);

/* The special attackers of colour by (Variant.special_attackers) that
** attack sq: hoppers, lame leapers, grasshoppers and conditional steps,
** walked forward from each such piece. */
int attacked_specially(const Position *p, int sq, int by) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  if (!v->special_attackers[by]) return 0;
  if (v->geo.wrap) return attacked_wrapped(p, sq, by); /* (there, every piece is special) */
  const uint32_t *near = v->capture_offset[by] + MAX_SQUARES + sq;
  for (int i = 0; i < p->npieces[by]; i++) {
    int from = p->plist[by][i], t = CELL_TYPE(b[from]);
    /* (a piece a move being tried has just taken is still listed) */
    if (IS_SET(v->special_attackers[by] & near[-from], t) && CELL_COLOUR(b[from]) == by &&
        piece_attacks(p, from, sq))
      return 1;
  }
  return 0;
}

/* attacked()'s walk of the rays; masked (a constant: two copies):
** Variant.ray_masks, only the rays whose first square is on the board. */
static inline __attribute__((always_inline)) int attacked_rays(const Position *p, int sq, int by, int masked) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const Ray *r = v->ray[by], *end = r + v->nrays[by], *r0 = r;
  uint64_t on = masked ? v->ray_on[by][v->packed_bit[sq]] : 0;
  for (; masked ? on != 0 : r < end; masked ? (void)(on &= on - 1) : (void)r++) {
    if (masked) r = r0 + __builtin_ctzll(on);
    int to = sq;
    for (int k = 1; k <= r->reach; k++) {
      to += r->off;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c != CELL_OFF && CELL_COLOUR(c) == by && IS_SET(r->mask[k], CELL_TYPE(c)))
        return 1;
      break;
    }
  }
  return attacked_specially(p, sq, by);
}

static __attribute__((noinline)) int attacked_masked(const Position *p, int sq, int by) {
  return attacked_rays(p, sq, by, 1);
}

int attacked(const Position *p, int sq, int by) {
  return p->v->ray_masks ? attacked_masked(p, sq, by) : attacked_rays(p, sq, by, 0);
}

int attacked_dense(const Position *p, int sq, int by, uint64_t occupied, uint64_t gone) {
  const Variant *v = p->v;
  int b = v->dense_bit[sq];
  uint64_t close, beyond;
  dense_attackers(p, b, by, &close, &beyond);
  if (close & ~gone) return 1;
  for (beyond &= ~gone; beyond; beyond &= beyond - 1)
    if (!(v->between_dense[b][__builtin_ctzll(beyond)] & occupied)) return 1;
  return 0;
}

void ray_screens(const Position *p, int sq, int by, uint64_t *first) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  memset(first, 0, (MAX_SQUARES + 63) / 64 * sizeof *first);
  for (const Ray *r = v->ray[by], *end = r + v->nrays[by]; r < end; r++) {
    int at = sq, d = 1, f = SQ_NONE;
    for (; d <= r->reach; d++) {
      at += r->off;
      if (b[at] == CELL_OFF) break;
      if (b[at] != CELL_EMPTY) {
        f = at;
        break;
      }
    }
    if (f == SQ_NONE) continue;
    for (d++; d <= r->reach; d++) {
      at += r->off;
      uint8_t c = b[at];
      if (c == CELL_OFF) break;
      if (c != CELL_EMPTY && CELL_COLOUR(c) == by && IS_SET(r->mask[d], CELL_TYPE(c))) {
        first[f >> 6] |= 1ull << (f & 63);
        break;
      }
    }
  }
}

int piece_attacks(const Position *p, int from, int sq) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  if (v->geo.wrap) return piece_attacks_wrapped(p, from, sq);
  int by = CELL_COLOUR(b[from]), t = CELL_TYPE(b[from]);
  if (!IS_SET(v->stand[by][sq], t)) return 0; /* outside its region */
  if (b[sq] != CELL_EMPTY && IS_SET(v->type[t].no_capture, CELL_TYPE(b[sq]))) return 0;
  for (int j = 0; j < v->nsteps[by][t]; j++) {
    const Step *s = &v->step[by][t][j];
    if (!(s->modes & MODE_CAPTURE)) continue;
    if (s->cond && !step_allowed(v, s, by, t, from, p->attr[from])) continue;
    if ((s->cond & STEP_EXTRA) && !IS_SET(v->extra_at[by][sq], t)) continue;
    int to = from;
    switch (s->path) {
      case PATH_SLIDE:
        for (int k = 0; k < s->range; k++) {
          to += s->off;
          if (to == sq) return 1;
          if (b[to] != CELL_EMPTY) break;
        }
        break;
      case PATH_LAME: {
        int open = 1;
        for (int l = 0; l < s->nlame; l++)
          if (b[from + s->lame[l]] != CELL_EMPTY) open = 0;
        if (open && from + s->off == sq) return 1;
        break;
      }
      case PATH_HOP:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to += s->off, k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || k >= s->range) break;
          if (IS_SET(v->type[t].no_screen, CELL_TYPE(b[to]))) break;
          do to += s->off, k++; while (b[to] == CELL_EMPTY && to != sq && k < s->range);
          if (to == sq) return 1;
          break;
        } else {
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq) break;
          if (IS_SET(v->type[t].no_screen, CELL_TYPE(b[to]))) break;
          do to += s->off; while (b[to] == CELL_EMPTY && to != sq);
          if (to == sq) return 1;
          break;
        }
        break;
      case PATH_GRASS:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to += s->off, k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || k >= s->range) break;
          if (to + s->off == sq) return 1;
          break;
        } else {
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq) break;
          if (to + s->off == sq) return 1;
          break;
        }
        break;
    }
  }
  return 0;
}

/* attacked() where the board wraps: the rays set apart (wrap_nrays),
** walked through the step tables from sq, each ending where it would come
** back to sq; then the pieces whose attacks no ray gives. */
static int attacked_wrapped(const Position *p, int sq, int by) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const Ray *r = v->ray[by], *end = r + v->wrap_nrays[by];
  for (; r < end; r++) {
    const int16_t *next = topo_table(v, r->off);
    /* an unbounded rider's ray (reach MAX_REACH) may be longer on a torus */
    int reach = r->reach == MAX_REACH ? 255 : r->reach, to = sq;
    for (int k = 1; k <= reach; k++) {
      to = next[to];
      if (to == sq) break;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c != CELL_OFF && CELL_COLOUR(c) == by &&
          IS_SET(r->mask[k < MAX_REACH ? k : MAX_REACH], CELL_TYPE(c)))
        return 1;
      break;
    }
  }
  uint32_t special = v->wrap_special[by];
  if (!special) return 0;
  for (int i = 0; i < p->npieces[by]; i++) {
    int from = p->plist[by][i], t = CELL_TYPE(b[from]);
    if (IS_SET(special, t) && CELL_COLOUR(b[from]) == by && piece_attacks_wrapped(p, from, sq))
      return 1;
  }
  return 0;
}

/* piece_attacks() where the board wraps: each step through the tables; a
** line ends at the piece's own square, where it still stands. */
static int piece_attacks_wrapped(const Position *p, int from, int sq) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int by = CELL_COLOUR(b[from]), t = CELL_TYPE(b[from]);
  if (!IS_SET(v->stand[by][sq], t)) return 0;
  if (b[sq] != CELL_EMPTY && IS_SET(v->type[t].no_capture, CELL_TYPE(b[sq]))) return 0;
  for (int j = 0; j < v->nsteps[by][t]; j++) {
    const Step *s = &v->step[by][t][j];
    if (!(s->modes & MODE_CAPTURE)) continue;
    if (s->cond && !step_allowed(v, s, by, t, from, p->attr[from])) continue;
    if ((s->cond & STEP_EXTRA) && !IS_SET(v->extra_at[by][sq], t)) continue;
    const int16_t *next = topo_table(v, s->off);
    int to = from;
    switch (s->path) {
      case PATH_SLIDE:
        for (int k = 0; k < s->range; k++) {
          to = next[to];
          if (to == sq) return 1;
          if (b[to] != CELL_EMPTY) break;
        }
        break;
      case PATH_LAME: {
        int open = 1;
        for (int l = 0; l < s->nlame; l++)
          if (b[topo_step(v, from, s->lame[l])] != CELL_EMPTY) open = 0;
        if (open && next[from] == sq) return 1;
        break;
      }
      case PATH_HOP:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to = next[to], k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || to == from || k >= s->range) break;
          do to = next[to], k++; while (b[to] == CELL_EMPTY && to != sq && k < s->range);
          if (to == sq) return 1;
          break;
        } else {
          do to = next[to]; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || to == from) break;
          do to = next[to]; while (b[to] == CELL_EMPTY && to != sq);
          if (to == sq) return 1;
          break;
        }
        break;
      case PATH_GRASS:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to = next[to], k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || to == from || k >= s->range) break;
          if (next[to] == sq) return 1;
          break;
        } else {
          do to = next[to]; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == sq || to == from) break;
          if (next[to] == sq) return 1;
          break;
        }
        break;
    }
  }
  return 0;
}

/* Is royal piece sq of colour c in the blast of a capture next to an enemy
** royal piece? Then it cannot be taken: the blast would take the taker's
** royal piece too. */
int blast_shielded(const Position *p, int sq, int c) {
  const Variant *v = p->v;
  for (int i = 1; i < v->nblast; i++) {
    uint8_t cell = p->board[sq + v->blast_off[i]];
    if (cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == (c ^ 1) &&
        (v->royal_mask >> CELL_TYPE(cell) & 1))
      return 1;
  }
  return 0;
}

/* How many royal pieces colour c has on the board. */
int royal_count(const Position *p, int c) {
  int n = 0;
  for (uint32_t m = p->v->royal_mask; m; m &= m - 1) n += p->count[c][__builtin_ctz(m)];
  return n;
}

static int rules_royal_attacked(const Position *p, int c);

int royal_attacked(const Position *p, int c) {
  const Variant *v = p->v;
  if (v->rules && v->rules->attacked) return rules_royal_attacked(p, c);
  if (v->nblast) {
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i];
      if ((v->royal_mask >> CELL_TYPE(p->board[sq]) & 1) && !blast_shielded(p, sq, c) &&
          attacked(p, sq, c ^ 1))
        return 1;
    }
    return 0;
  }
  int n = royal_count(p, c);
  if (n == 0) return 0;
  if (n == 1) return attacked(p, p->royal[c], c ^ 1);
  if (v->counted_royals) { /* royal = "counted": only the protected ones */
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i], t = CELL_TYPE(p->board[sq]);
      if (IS_SET(v->royal_mask, t) && pos_royal_protected(p, c, t) && attacked(p, sq, c ^ 1)) return 1;
    }
    return 0;
  }
  if (v->royals == ROYALS_ALONE) return 0;
  int all = v->royals == ROYALS_ALL;
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i];
    if (IS_SET(v->royal_mask, CELL_TYPE(p->board[sq])) && attacked(p, sq, c ^ 1) != all)
      return !all;
  }
  if (all) return 1;
  return 0;
}

static inline int square_colour(const Variant *v, int sq) {
  return (board_file(&v->geo, sq) + board_rank(&v->geo, sq)) & 1;
}

static inline int is_mobile(const Variant *v, int c, int t, int sq) {
  return v->mobile[c][t][sq / 64] >> (sq % 64) & 1;
}

/* May colour us promote into type t as far as the promotion limit goes?
** The limit of the type t counts as (itself, or its counts_as), counted
** with the types counted as it: Fairy-Stockfish's limit counts every
** piece of the type, its promoted ones among them, and bounds promotion
** into a promoted form too. */
static __attribute__((noinline)) int limit_allows(const Position *p, int us, int t) {
  const Variant *v = p->v;
  int as = v->counted_as[t];
  return !v->promo_limit[as] || pos_count_as(p, us, as) < v->promo_limit[as];
}
static inline int within_limit(const Position *p, int us, int t) {
  return !p->v->has_promo_limit || limit_allows(p, us, t);
}

/* A piece with one promoted form: on a move that starts or ends in the
** zone it may promote, and must where the variant says so or where it
** could never move again. Under no_immobile, a piece that cannot promote
** may not go where it could never move again. */
static int emit_promoted_form(const Position *p, Move *list, int n, int from, int to,
                              int flag, int us) {
  const Variant *v = p->v;
  /* a move that neither starts nor ends in the zone, where no form turns
  ** back and no move is kept from leaving a piece immobile: as it is */
  if (!v->promo_sq[us][from] && !v->promo_sq[us][to] && !v->promo_flip && !v->no_immobile) {
    if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, flag, 0);
    return n;
  }
  int t = CELL_TYPE(p->board[from]);
  if (v->promo_flip == 2 && p->board[to] == CELL_EMPTY) { /* turns over on captures only */
    if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, flag, 0);
    return n;
  }
  if (v->promo_flip && v->demote_to[t]) { /* turned back over */
    if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, MF_PROMO, v->demote_to[t]);
    return n;
  }
  int can = v->promo_to[t] && (v->promo_sq[us][from] || v->promo_sq[us][to]) &&
            within_limit(p, us, v->promo_to[t] - 1);
  int stays = !(can && v->form_compulsory) && !(v->no_immobile && !is_mobile(v, us, t, to));
  if (can && n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, MF_PROMO, v->promo_to[t]);
  if (stays && n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, flag, 0);
  return n;
}

/* How a piece of type t may promote, for emit(): 0 never, 1 by choice
** among the promotion pieces, 2 into its own promoted form (or where
** no_immobile may forbid a move). */
static inline int promote_kind(const Variant *v, int t) {
  return IS_SET(v->promote_mask, t) ? 1 : (IS_SET(v->promo_to_mask, t) || v->no_immobile) ? 2 : 0;
}

/* May a piece of colour us promote into type t now: a type it has lost,
** where promotion is into lost pieces (or its card flip's), and fewer of
** it than the promotion limit? */
static inline int may_become(const Position *p, int us, int t) {
  const Variant *v = p->v;
  if (v->promote_to_lost && !p->lost[us][t] && !(v->card_flip[t] && p->lost[us][v->card_flip[t] - 1]))
    return 0;
  return within_limit(p, us, t);
}

/* Adds a move, one per promotion choice when it reaches the zone (where
** the variant says so, only choices of a type the side has lost, or has
** fewer of than the limit; promotion.by_side is a filter of gen_legal's,
** which keeps this loop as it was); on a rank where promotion is
** optional, the last choice is to stay as it is. promotes is
** promote_kind()'s answer. */
static inline int emit(const Position *p, Move *list, int n, int from, int to,
                       int flag, int promotes, int us) {
  const Variant *v = p->v;
  if (promotes == 2) return emit_promoted_form(p, list, n, from, to, flag, us);
  int zone = v->promo_sq[us][to];
  if (promotes && zone) {
    const uint8_t *choice = v->promo_choice[zone - 1];
    for (int i = 0; i < v->npromo_choice[zone - 1] && n < MAX_MOVES; i++) {
      int t = choice[i];
      if (t == PROMO_STAY) {
        list[n++] = MAKE_MOVE(from, to, flag, 0);
        continue;
      }
      if (may_become(p, us, t)) list[n++] = MAKE_MOVE(from, to, MF_PROMO, t + 1);
    }
    /* a piece with promotes_to too may also become its own promoted form
    ** (Wolf chess's pawn: a queen ... or, written +, an elephant) */
    if (v->promo_to_mask) {
      int form = v->promo_to[CELL_TYPE(p->board[from])];
      if (form && n < MAX_MOVES && within_limit(p, us, form - 1)) list[n++] = MAKE_MOVE(from, to, MF_PROMO, form);
    }
    return n;
  }
  if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, flag, 0);
  return n;
}

/* Is sq attacked by colour by, as the variant's rules judge attack? The
** hook is asked where the core finds an attack (whether it counts), or
** everywhere when it says what attacks by itself. */
static inline int rule_attacked(const Position *p, int sq, int by) {
  const RuleHooks *r = p->v->rules;
  if (!r || !r->attacked) return attacked(p, sq, by);
  if (r->failed || (!r->attacked_all && !attacked(p, sq, by))) return 0;
  return r->attacked(r->ctx, p, sq, by);
}

/* royal_attacked() where the hooks say what attacks. */
static int rules_royal_attacked(const Position *p, int c) {
  const RuleHooks *r = p->v->rules;
  int n = royal_count(p, c), all = p->v->royals == ROYALS_ALL && n > 1;
  if (p->v->royals == ROYALS_ALONE && n > 1) return 0;
  for (int i = 0; i < p->npieces[c] && !r->failed; i++) {
    int sq = p->plist[c][i], t = CELL_TYPE(p->board[sq]);
    if (IS_SET(p->v->royal_mask, t) && pos_royal_protected(p, c, t) && rule_attacked(p, sq, c ^ 1) != all)
      return !all;
  }
  return all && !r->failed;
}

/* castling_refusal(), with the script's castling hook asked (hooked 1) or
** not: generation asks without it, so that a variant without the hook pays
** nothing (castling_by_hook() then judges the castlings again where a
** script has one). */
static inline __attribute__((always_inline)) int castling_test(const Position *p, int side, int *where, int hooked) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, ksq = p->castle_king[us], right = us * 2 + side;
  *where = SQ_NONE;
  if (ksq == SQ_NONE || p->board[ksq] != MAKE_CELL(us, v->castle_king_type)) return CASTLE_NO_KING;
  if (!IS_SET(p->castle, right)) return CASTLE_NO_RIGHT;
  int rf = p->castle_rook[right];
  *where = rf;
  uint8_t rook = p->board[rf];
  if (rook != MAKE_CELL(us, v->castle_rook_type) && /* the first type, or another of castling.rook */
      (rook == CELL_EMPTY || rook == CELL_OFF || CELL_COLOUR(rook) != us ||
       !(v->castle_rook_mask >> CELL_TYPE(rook) & 1)))
    return CASTLE_NO_ROOK;
  int kt = board_square(&v->geo, v->castle_king_file[side], v->sq_rank[ksq]);
  int rt = kt + (side == 0 ? -1 : 1);
  int lo, hi;
  castle_span(ksq, rf, kt, rt, &lo, &hi);
  /* the squares between, as the script's castling hook judges them where
  ** it has one (several boards in one: empty on the king's board) */
  int judged = -1;
  if (hooked) {
    const RuleHooks *r = v->rules;
    judged = r->castling(r->ctx, p, side, kt, rt, NULL, 0);
    if (judged == 0) return CASTLE_BY_HOOK;
  }
  for (int sq = lo; sq <= hi && judged < 0; sq++)
    if (sq != ksq && sq != rf && p->board[sq] != CELL_EMPTY) {
      *where = sq;
      return CASTLE_OCCUPIED;
    }
  /* Attacks matter only where a royal king must not be left attacked (and
  ** not where captures blast: survives() judges that path). The king may
  ** not leave, cross or (checked after the move, when the rook has moved
  ** too) enter an attacked square. */
  if (v->castle_checked == 1 || (v->castle_checked == 2 && pos_royal_protected(p, us, v->castle_king_type))) {
    int dir = kt > ksq ? 1 : -1;
    for (int sq = ksq; sq != kt; sq += dir)
      if (rule_attacked(p, sq, them)) {
        *where = sq;
        return sq == ksq ? CASTLE_IN_CHECK : CASTLE_ATTACKED;
      }
    if (kt == ksq && rule_attacked(p, ksq, them)) {
      *where = ksq;
      return CASTLE_IN_CHECK;
    }
  }
  return CASTLE_OK;
}

int castling_refusal(const Position *p, int side, int *where) {
  const RuleHooks *r = p->v->rules;
  return r && r->castling ? castling_test(p, side, where, 1) : castling_test(p, side, where, 0);
}

int castling_by_hook(const Position *p, Move *list, int n) {
  int where, ok[2], plain[2] = {0, 0}, k = 0;
  for (int side = 0; side < 2; side++) ok[side] = castling_test(p, side, &where, 1) == CASTLE_OK;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    if (MOVE_FLAG(m) == MF_CASTLE) {
      if (!ok[CASTLE_SIDE(m)]) continue;
      if (!CASTLE_GATE(m)) plain[CASTLE_SIDE(m)] = 1;
    }
    list[k++] = m;
  }
  for (int side = 0; side < 2; side++)
    if (ok[side] && !plain[side] && k < MAX_MOVES)
      list[k++] = MAKE_MOVE(p->castle_king[p->side], p->castle_rook[p->side * 2 + side], MF_CASTLE, side);
  return k;
}

static int gen_castling(const Position *p, Move *list, int n) {
  int where;
  for (int side = 0; side < 2; side++)
    if (castling_test(p, side, &where, 0) == CASTLE_OK && n < MAX_MOVES)
      list[n++] = MAKE_MOVE(p->castle_king[p->side], p->castle_rook[p->side * 2 + side], MF_CASTLE,
                            side);
  return n;
}

/* Sets of array squares, as bits. */
#define SQ_BIT(set, sq) ((set)[(sq) >> 6] >> ((sq) & 63) & 1)
#define SQ_MARK(set, sq) ((set)[(sq) >> 6] |= 1ull << ((sq) & 63))

static inline int in_place_region(const Phase *ph, const Variant *v, int sq) {
  return !ph->has_region || (ph->region[v->sq_rank[sq]] >> board_file(&v->geo, sq) & 1);
}

/* The squares this turn's blast emptied (Position.blasted_at), marked in
** ex: no wall goes there. Returns whether there are any. */
static int blasted_squares(const Position *p, uint64_t *ex) {
  if (!p->blasted_at) return 0;
  memset(ex, 0, sizeof(uint64_t) * ((MAX_SQUARES + 63) / 64));
  for (uint32_t bits = p->blasted; bits; bits &= bits - 1)
    SQ_MARK(ex, p->blasted_at - 1 + p->v->blast_off[__builtin_ctz(bits)]);
  return 1;
}

/* The squares a new neutral piece may take (Phase.place): any empty one,
** the one the moved piece left, or those it reaches from where it stands
** by its non-capturing moves (p->target, set by the move's step). */
static int gen_place_at(const Position *p, const Phase *ph, Move *list) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int t = ph->piece, n = 0, at = p->target;
  if (ph->place == PLACE_LEFT) {
    if (at != SQ_NONE && b[at] == CELL_EMPTY && in_place_region(ph, v, at))
      list[n++] = MAKE_MOVE(PLACE_FROM_NONE, at, MF_PLACE, t + 1);
    return n;
  }
  if (ph->place == PLACE_EDGE) {
    /* the board's edge, or orthogonally next to a piece of the type */
    uint8_t cell = MAKE_CELL(NEUTRAL, t);
    int up = v->geo.stride, files = v->geo.files, ranks = v->geo.ranks;
    /* the rim, then the squares inside it beside such a piece, each once */
    int first = board_square(&v->geo, 0, 0), last = board_square(&v->geo, 0, ranks - 1);
#define EDGE_PLACE(sq) \
    do { \
      if (b[sq] == CELL_EMPTY && in_place_region(ph, v, sq)) list[n++] = MAKE_MOVE(PLACE_FROM_NONE, sq, MF_PLACE, t + 1); \
    } while (0)
    for (int f = 0; f < files; f++) EDGE_PLACE(first + f);
    for (int r = 1; r < ranks - 1; r++) {
      int base = first + r * up;
      EDGE_PLACE(base);
      if (files > 1) EDGE_PLACE(base + files - 1);
    }
    if (ranks > 1)
      for (int f = 0; f < files; f++) EDGE_PLACE(last + f);
#undef EDGE_PLACE
    if (files < 3 || ranks < 3) return n;
    uint64_t seen[(MAX_SQUARES + 63) / 64] = {0};
    for (int i = 0; i < p->npieces[NEUTRAL]; i++) {
      int w = p->plist[NEUTRAL][i];
      if (b[w] != cell) continue;
      const int around[4] = {w + 1, w - 1, w + up, w - up};
      for (int d = 0; d < 4; d++) {
        int sq = around[d], r = v->sq_rank[sq], f = sq - (first + r * up);
        if (b[sq] != CELL_EMPTY || r == 0 || r == ranks - 1 || f == 0 || f == files - 1 || SQ_BIT(seen, sq) ||
            !in_place_region(ph, v, sq))
          continue;
        SQ_MARK(seen, sq);
        list[n++] = MAKE_MOVE(PLACE_FROM_NONE, sq, MF_PLACE, t + 1);
      }
    }
    return n;
  }
  if (ph->place == PLACE_ANYWHERE) {
    for (int r = 0; r < v->geo.ranks; r++)
      for (int f = 0; f < v->geo.files; f++) {
        int sq = board_square(&v->geo, f, r);
        if (b[sq] == CELL_EMPTY && (!ph->has_region || (ph->region[r] >> f & 1)))
          list[n++] = MAKE_MOVE(PLACE_FROM_NONE, sq, MF_PLACE, t + 1);
      }
    return n;
  }
  /* PLACE_REACH: the piece on target, as if it moved again */
  if (at == SQ_NONE || b[at] == CELL_EMPTY || CELL_COLOUR(b[at]) != p->side) return 0;
  int us = p->side, pt = CELL_TYPE(b[at]);
  if (IS_SET(v->plain_mask[us], pt)) {
    const Step *s = v->step[us][pt], *end = s + v->nsteps[us][pt];
    for (; s < end; s++) {
      if (!(s->modes & MODE_MOVE)) continue;
      int to = at + s->off;
      for (int k = 1; b[to] == CELL_EMPTY; k++) {
        if (in_place_region(ph, v, to)) list[n++] = MAKE_MOVE(PLACE_FROM_NONE, to, MF_PLACE, t + 1);
        if (k >= s->range) break;
        to += s->off;
      }
    }
    return n;
  }
  /* any other piece: its moves as the generator makes them, each square once */
  Position q = *p;
  Move moves[MAX_MOVES];
  q.phase = p->phase - 1; /* the move step before (variant_conclude checks) */
  int m = gen_pseudo_all(&q, moves);
  for (int i = 0; i < m; i++) {
    int to = MOVE_TO(moves[i]), dup = 0;
    if (MOVE_FROM(moves[i]) != at || MOVE_FLAG(moves[i]) == MF_CASTLE || b[to] != CELL_EMPTY ||
        !in_place_region(ph, v, to))
      continue;
    for (int j = 0; j < n; j++)
      if (MOVE_TO(list[j]) == to) dup = 1;
    if (!dup) list[n++] = MAKE_MOVE(PLACE_FROM_NONE, to, MF_PLACE, t + 1);
  }
  return n;
}

/* The moves of list[0..n) whose square no blast of this turn emptied. */
static int unblasted(const Position *p, Move *list, int n) {
  uint64_t ex[(MAX_SQUARES + 63) / 64];
  if (!blasted_squares(p, ex)) return n;
  int k = 0;
  for (int i = 0; i < n; i++)
    if (!SQ_BIT(ex, MOVE_TO(list[i]))) list[k++] = list[i];
  return k;
}

static int gen_place(const Position *p, Move *list) {
  return unblasted(p, list, gen_place_at(p, &p->v->phase[p->phase], list));
}

int count_place_reach(const Position *p, int phase, int at) {
  const Variant *v = p->v;
  const Phase *ph = &v->phase[phase];
  const uint8_t *b = p->board;
  int us = CELL_COLOUR(b[at]), pt = CELL_TYPE(b[at]), n = 0;
  if (!IS_SET(v->plain_mask[us], pt)) return -1;
  const Step *s = v->step[us][pt], *end = s + v->nsteps[us][pt];
  for (; s < end; s++) {
    if (!(s->modes & MODE_MOVE)) continue;
    int to = at + s->off;
    for (int k = 1; b[to] == CELL_EMPTY; k++) {
      n += in_place_region(ph, v, to);
      if (k >= s->range) break;
      to += s->off;
    }
  }
  return n;
}

int gen_place_of(const Position *p, int phase, Move *list) {
  precondition(phase >= 0 && phase < p->v->nphases && p->v->phase[phase].place != PLACE_MOVE);
  return gen_place_at(p, &p->v->phase[phase], list);
}

/* Passes: the royal piece stays (rules.pass); a pass that leads to a
** place step instead of a move (Phase.instead), made by the side's piece
** on the lowest square, as Fairy-Stockfish makes it (UCI a1a1,a1c3). */
static int gen_passes(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  if (v->pass && p->royal[us] != SQ_NONE) list[n++] = MAKE_MOVE(p->royal[us], p->royal[us], MF_PASS, 0);
  if (p->phase + 1 < v->nphases && v->phase[p->phase + 1].instead && p->npieces[us] && n < MAX_MOVES) {
    int low = p->plist[us][0];
    for (int i = 1; i < p->npieces[us]; i++)
      if (p->plist[us][i] < low) low = p->plist[us][i];
    list[n++] = MAKE_MOVE(low, low, MF_PASS, 0);
  }
  return n;
}

/* A neutral piece to any other empty square (or onto the board). */
static int gen_relocate(const Position *p, Move *list) {
  const Variant *v = p->v;
  if (v->phase[p->phase].place != PLACE_MOVE) return gen_place(p, list);
  int t = v->phase[p->phase].piece, from = PLACE_FROM_NONE, n = 0;
  uint8_t cell = MAKE_CELL(NEUTRAL, t);
  for (int i = 0; i < p->npieces[NEUTRAL]; i++)
    if (p->board[p->plist[NEUTRAL][i]] == cell) from = p->plist[NEUTRAL][i];
  for (int r = 0; r < v->geo.ranks; r++)
    for (int f = 0; f < v->geo.files; f++) {
      int sq = board_square(&v->geo, f, r);
      if (p->board[sq] == CELL_EMPTY) list[n++] = MAKE_MOVE(from, sq, MF_PLACE, t + 1);
    }
  return p->blasted_at ? unblasted(p, list, n) : n;
}

/* The distinct values that can be drawn, one move each. */
static int gen_draws(const Position *p, Move *list) {
  int n = 0;
  for (int val = 1; val <= p->v->ncard_values; val++)
    if (p->deck[val]) list[n++] = MAKE_MOVE(0, 0, MF_DRAW, val);
  return n;
}

/* Card plays: two cards from the hand name a square (rank, file) holding
** one of the side's pieces that cards may act on. */
static int gen_card_plays(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  for (int i = 0; i < p->npieces[us] && n < MAX_MOVES; i++) {
    int sq = p->plist[us][i], rv, fv;
    if (IS_SET(v->card_exclude, CELL_TYPE(p->board[sq]))) continue;
    pos_card_values(p, us, sq, &rv, &fv);
    if (rv > v->ncard_values || fv > v->ncard_values) continue;
    if (rv == fv ? p->hand[us][rv] >= 2 : p->hand[us][rv] && p->hand[us][fv])
      list[n++] = MAKE_MOVE(0, sq, MF_CARD, 0);
  }
  return n;
}

/* The files where no_doubled forbids a drop: those holding doubled_limit
** of the side's pieces of that type (every file where the limit is 0). */
static uint32_t doubled_files(const Position *p, int us) {
  const Variant *v = p->v;
  uint32_t doubled = 0;
  if (!v->drop_doubled_limit) return ~0u; /* never dropped */
  uint8_t on_file[MAX_FILES] = {0};
  for (int i = 0; i < p->npieces[us]; i++)
    if (p->board[p->plist[us][i]] == MAKE_CELL(us, v->drop_no_doubled - 1)) {
      int f = board_file(&v->geo, p->plist[us][i]);
      if (++on_file[f] >= v->drop_doubled_limit) doubled |= 1u << f;
    }
  return doubled;
}

/* Variant.enclosing: the empty squares where colour us may drop, as bits
** of array squares in ok, found from the pieces rather than square by
** square: the ends of the lines of enemy pieces that start beside an own
** piece (LINE), the squares beside an own piece (ADJACENT), or every
** empty square but those orthogonally beside an enemy piece (APART). */
/* ENCLOSE_FALL: the empty squares on the first rank or on a piece (a
** wall too). ENCLOSE_SLIDE: from each edge (the first and last file, the
** first and last rank), on each rank or file whose edge square is empty,
** the first empty square (counted from a1's side) whose next square in
** the direction of the push (away from that edge) is taken or off the
** board: as Fairy-Stockfish's anyside finds them, which from the last
** rank and the last file is not always where a piece pushed in would
** stop (the first such square, not the last, where the line has gaps). */
static void falling_squares(const Position *p, uint64_t *ok) {
  const Geometry *g = &p->v->geo;
  const uint8_t *b = p->board;
  int files = g->files, ranks = g->ranks, up = g->stride;
  if (p->v->enclosing == ENCLOSE_FALL) { /* on the first rank, or above a piece */
    for (int sq = board_square(g, 0, 0), end = sq + files; sq < end; sq++)
      if (b[sq] == CELL_EMPTY) SQ_MARK(ok, sq);
    for (int c = 0; c < NCOLOURS; c++)
      for (int i = 0; i < p->npieces[c]; i++) {
        int above = p->plist[c][i] + up;
        if (b[above] == CELL_EMPTY) SQ_MARK(ok, above);
      }
    return;
  }
  /* From the first file and the first rank, the push's way is the way
  ** they are counted: the square before the first taken one (the padding
  ** past the board is taken). From the last file and the last rank, the
  ** first square counted whose next square towards the pushing edge is
  ** taken is the first empty one. */
  for (int r = 0; r < ranks; r++) {
    int a = board_square(g, 0, r), sq = a;
    if (b[a] == CELL_EMPTY) {
      while (b[sq + 1] == CELL_EMPTY) sq++;
      SQ_MARK(ok, sq);
    }
    if (b[a + files - 1] == CELL_EMPTY) {
      for (sq = a; b[sq] != CELL_EMPTY; sq++) {}
      SQ_MARK(ok, sq);
    }
  }
  for (int f = 0; f < files; f++) {
    int first = board_square(g, f, 0), sq = first;
    if (b[first] == CELL_EMPTY) {
      while (b[sq + up] == CELL_EMPTY) sq += up;
      SQ_MARK(ok, sq);
    }
    if (b[first + (ranks - 1) * up] == CELL_EMPTY) {
      for (sq = first; b[sq] != CELL_EMPTY; sq += up) {}
      SQ_MARK(ok, sq);
    }
  }
}

static void enclosing_squares(const Position *p, int us, uint64_t *ok) {
  const Variant *v = p->v;
  if (v->enclosing == ENCLOSE_FALL || v->enclosing == ENCLOSE_SLIDE) {
    memset(ok, 0, sizeof(uint64_t) * ((MAX_SQUARES + 63) / 64));
    falling_squares(p, ok);
    return;
  }
  const Geometry *g = &v->geo;
  const uint8_t *b = p->board;
  int them = us ^ 1, kind = v->enclosing;
  int dirs[8] = {board_offset(g, 1, 0), board_offset(g, -1, 0), board_offset(g, 0, 1),
                 board_offset(g, 0, -1), board_offset(g, 1, 1), board_offset(g, -1, -1),
                 board_offset(g, 1, -1), board_offset(g, -1, 1)};
  memset(ok, 0, sizeof(uint64_t) * ((MAX_SQUARES + 63) / 64));
#define OWNED_BY(c, col) ((c) != CELL_EMPTY && (c) != CELL_OFF && CELL_COLOUR(c) == (col))
  if (kind == ENCLOSE_APART) {
    uint64_t near[(MAX_SQUARES + 63) / 64] = {0};
    for (int i = 0; i < p->npieces[them]; i++)
      for (int d = 0; d < 4; d++) SQ_MARK(near, p->plist[them][i] + dirs[d]);
    for (int r = 0; r < g->ranks; r++)
      for (int f = 0; f < g->files; f++) {
        int sq = board_square(g, f, r);
        if (b[sq] == CELL_EMPTY && !SQ_BIT(near, sq)) SQ_MARK(ok, sq);
      }
    return;
  }
  for (int i = 0; i < p->npieces[us]; i++) {
    int from = p->plist[us][i];
    for (int d = 0; d < 8; d++) {
      int sq = from + dirs[d];
      if (kind == ENCLOSE_LINE) {
        /* As Fairy-Stockfish reads a line for a drop, walls (neutral
        ** pieces) are passed like enemy pieces; a line that passed a wall
        ** counts where the square is beside an enemy piece at all. */
        int walls = 0;
        if (!OWNED_BY(b[sq], them) && !OWNED_BY(b[sq], NEUTRAL)) continue;
        for (; OWNED_BY(b[sq], them) || OWNED_BY(b[sq], NEUTRAL); sq += dirs[d]) walls |= OWNED_BY(b[sq], NEUTRAL);
        if (walls && b[sq] == CELL_EMPTY) {
          int beside = 0;
          for (int e = 0; e < 8; e++) beside |= OWNED_BY(b[sq + dirs[e]], them);
          if (!beside) continue;
        }
      }
      if (b[sq] == CELL_EMPTY) SQ_MARK(ok, sq);
    }
  }
#undef OWNED_BY
}

/* Variant.enclose_start: is a square of it empty (the drops go there)? */
static int enclose_start_open(const Position *p) {
  const Variant *v = p->v;
  for (int r = 0; r < v->geo.ranks; r++)
    for (int f = 0; f < v->geo.files; f++)
      if ((v->enclose_start[r] >> f & 1) && p->board[board_square(&v->geo, f, r)] == CELL_EMPTY)
        return 1;
  return 0;
}

/* ENCLOSE_FALL's drops where nothing else restricts the squares but the
** ranks and regions of the types: the squares found once, each move
** written at once (no square is found twice: below the first rank lies
** the padding, not a piece). */
static int falling_drops(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  const uint8_t *b = p->board;
  int us = p->side, up = g->stride, nsq = 0;
  uint16_t all = (uint16_t)((1u << g->ranks) - 1);
  /* One type in hand, dropped wherever it falls (Connect Four's), on the
  ** packed board (Variant.packed): the empty squares on the first rank or
  ** above a piece found at once, each move written from its bit. */
  int only = -1;
  for (int t = 0; t < v->ntypes; t++) {
    if (v->drop_unlimited ? IS_SET(v->royal_mask | v->neutral_mask, t) : !p->pocket[us][t]) continue;
    only = only == -1 && v->drop_ranks[us][t] == all && !IS_SET(v->confined_mask | v->drop_confined_mask, t)
               ? t : -2;
  }
  if (v->packed && only >= 0 && n + 64 <= MAX_MOVES) {
    uint64_t occ = 0;
    for (int c = 0; c < NCOLOURS; c++)
      for (int i = 0, k = p->npieces[c]; i < k; i++) occ |= 1ull << v->packed_bit[p->plist[c][i]];
    uint64_t to = ((occ << (g->files + 1)) | v->packed_first) & v->packed_board & ~occ;
    Move drop = MAKE_MOVE(0, 0, MF_DROP, only + 1);
    for (; to; to &= to - 1) {
      int sq = v->packed_sq[__builtin_ctzll(to)];
      list[n++] = drop | MAKE_MOVE(sq, sq, 0, 0);
    }
    return n;
  }
  int16_t sqs[MAX_FILES + MAX_PIECES * NCOLOURS];
  for (int sq = board_square(g, 0, 0), end = sq + g->files; sq < end; sq++)
    if (b[sq] == CELL_EMPTY) sqs[nsq++] = (int16_t)sq;
  for (int c = 0; c < NCOLOURS; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int above = p->plist[c][i] + up;
      if (b[above] == CELL_EMPTY) sqs[nsq++] = (int16_t)above;
    }
  for (int t = 0; t < v->ntypes; t++) {
    if (v->drop_unlimited ? IS_SET(v->royal_mask | v->neutral_mask, t) : !p->pocket[us][t]) continue;
    uint16_t ranks = v->drop_ranks[us][t];
    if (ranks == all && !IS_SET(v->confined_mask | v->drop_confined_mask, t)) {
      for (int i = 0; i < nsq && n < MAX_MOVES; i++) list[n++] = MAKE_MOVE(sqs[i], sqs[i], MF_DROP, t + 1);
      continue;
    }
    for (int i = 0; i < nsq && n < MAX_MOVES; i++) {
      int sq = sqs[i], r = v->sq_rank[sq];
      if (!(ranks >> r & 1)) continue;
      if (IS_SET(v->confined_mask, t) && !IS_SET(v->stand[us][sq], t)) continue;
      if (IS_SET(v->drop_confined_mask, t) && !(v->type[t].drop_region[us][r] >> board_file(g, sq) & 1)) continue;
      list[n++] = MAKE_MOVE(sq, sq, MF_DROP, t + 1);
    }
  }
  return n;
}

/* Drops: each type in the side's pocket on each empty square its ranks
** allow. A drop uncovers nothing, so outside check each one is legal. */
static int gen_drops(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  uint32_t doubled = v->drop_no_doubled ? doubled_files(p, us) : 0;
  /* drops.opposite: the colours of squares (0 dark, 1 light) the type's
  ** pieces already stand on, and the empty drop squares of each colour. */
  int stands[2] = {0, 0}, room[2] = {0, 0}, need = 0;
  if (v->drop_opposite) {
    uint8_t cell = MAKE_CELL(us, v->drop_opposite - 1);
    for (int i = 0; i < p->npieces[us]; i++)
      if (p->board[p->plist[us][i]] == cell) stands[square_colour(v, p->plist[us][i])] = 1;
    for (int r = 0; r < v->geo.ranks; r++)
      for (int f = 0; f < v->geo.files; f++) {
        int sq = board_square(&v->geo, f, r);
        if (p->board[sq] == CELL_EMPTY && (!v->has_drop_region || (v->drop_region[us][r] >> f & 1)))
          room[(f + r) & 1]++;
      }
    need = p->pocket[us][v->drop_opposite - 1];
  }
  /* discs and clones: only on the start squares while one is empty, else
  ** where the drop encloses (Variant.enclosing) */
  int start = v->has_enclose_start && enclose_start_open(p), enclose = v->enclosing && !start;
  if (enclose && v->enclosing == ENCLOSE_FALL && !v->has_drop_region && !v->drop_no_doubled &&
      !v->drop_opposite && !v->no_immobile && !v->drop_promoted)
    return falling_drops(p, list, n);
  if (v->dense && !enclose && !start && !v->drop_opposite) {
    /* the squares from the bits of the empty ones (Variant.drop_dense),
    ** in order */
    uint64_t empty = pos_empty_bits(p);
    for (int t = 0; t < v->ntypes; t++) {
      if (v->drop_unlimited ? IS_SET(v->royal_mask | v->neutral_mask, t) : !p->pocket[us][t]) continue;
      uint64_t to = empty & v->drop_dense[us][t];
      if (t + 1 == v->drop_no_doubled) /* (doubled_files' ~0: every file) */
        for (uint32_t files = doubled & ((1u << v->geo.files) - 1); files; files &= files - 1)
          to &= ~v->file_dense[__builtin_ctz(files)];
      Move drop = MAKE_MOVE(0, 0, MF_DROP, t + 1);
      if (!(v->drop_promoted && v->promo_to[t]) && n <= MAX_MOVES - 64) {
        for (; to; to &= to - 1) list[n++] = drop | v->dense_same[__builtin_ctzll(to)];
        continue;
      }
      for (; to && n < MAX_MOVES; to &= to - 1) {
        int sq = v->dense_sq[__builtin_ctzll(to)];
        list[n++] = drop | MAKE_MOVE(sq, sq, 0, 0);
        if (v->drop_promoted && v->promo_to[t] && n < MAX_MOVES) list[n++] = MAKE_MOVE(sq, sq, MF_DROP, v->promo_to[t]);
      }
    }
    return n;
  }
  uint64_t ok[(MAX_SQUARES + 63) / 64];
  if (enclose) enclosing_squares(p, us, ok);
  for (int t = 0; t < v->ntypes; t++) {
    if (v->drop_unlimited ? IS_SET(v->royal_mask | v->neutral_mask, t) : !p->pocket[us][t]) continue;
    uint16_t ranks = v->drop_ranks[us][t];
    uint32_t files = t + 1 == v->drop_no_doubled ? doubled : 0;
    if (enclose && ranks == (uint16_t)((1u << v->geo.ranks) - 1) && !v->has_drop_region &&
        !v->drop_no_doubled && !v->drop_opposite && !v->no_immobile && !v->drop_promoted &&
        !IS_SET(v->confined_mask | v->drop_confined_mask, t)) {
      /* nothing else restricts the drop: the squares found, in order */
      for (int w = 0; w < (MAX_SQUARES + 63) / 64; w++)
        for (uint64_t bits = ok[w]; bits && n < MAX_MOVES; bits &= bits - 1) {
          int sq = w * 64 + __builtin_ctzll(bits);
          list[n++] = MAKE_MOVE(sq, sq, MF_DROP, t + 1);
        }
      continue;
    }
    if (!enclose && !start && !files && ranks == (uint16_t)((1u << v->geo.ranks) - 1) && !v->has_drop_region &&
        !v->drop_opposite && !v->no_immobile && !v->drop_promoted &&
        !IS_SET(v->confined_mask | v->drop_confined_mask, t)) {
      /* nothing restricts the drop: every empty square, in order */
      for (int r = 0; r < v->geo.ranks; r++)
        for (int sq = board_square(&v->geo, 0, r), end = sq + v->geo.files; sq < end && n < MAX_MOVES; sq++)
          if (p->board[sq] == CELL_EMPTY) list[n++] = MAKE_MOVE(sq, sq, MF_DROP, t + 1);
      continue;
    }
    for (int r = 0; r < v->geo.ranks; r++) {
      if (!(ranks >> r & 1)) continue;
      for (int f = 0; f < v->geo.files && n < MAX_MOVES; f++) {
        int sq = board_square(&v->geo, f, r);
        if (p->board[sq] != CELL_EMPTY || (files >> f & 1)) continue;
        if (enclose && !SQ_BIT(ok, sq)) continue;
        if (v->has_drop_region && !(v->drop_region[us][r] >> f & 1)) continue;
        if (IS_SET(v->confined_mask, t) && !IS_SET(v->stand[us][sq], t)) continue; /* its region */
        if (IS_SET(v->drop_confined_mask, t) && !(v->type[t].drop_region[us][r] >> f & 1)) continue;
        if (v->drop_opposite) {
          int colour = (f + r) & 1;
          if (t + 1 == v->drop_opposite) { /* not on the colour of another */
            if (stands[colour]) continue;
          } else { /* leave room for the rest on colours still free */
            int free = 0;
            for (int k = 0; k < 2; k++) free += !stands[k] && room[k] - (k == colour) > 0;
            if (free < need) continue;
          }
        }
        if (v->no_immobile && !is_mobile(v, us, t, sq)) continue;
        if (start && !(v->enclose_start[r] >> f & 1)) continue;
        list[n++] = MAKE_MOVE(sq, sq, MF_DROP, t + 1);
        if (v->drop_promoted && v->promo_to[t] && n < MAX_MOVES)
          list[n++] = MAKE_MOVE(sq, sq, MF_DROP, v->promo_to[t]);
      }
    }
  }
  return n;
}

/* For a piece that may not capture some types or jump over some (its
** no_capture and no_screen): may the type t on from go to to? A move
** along a line passes the pieces between; the first of them is the screen
** of a hop. */
static int hop_allowed(const Position *p, int t, int from, int to) {
  const Variant *v = p->v;
  const PieceType *pt = &v->type[t];
  uint8_t there = p->board[to];
  if (there != CELL_EMPTY && IS_SET(pt->no_capture, CELL_TYPE(there))) return 0;
  if (!pt->no_screen) return 1;
  int df = board_file(&v->geo, to) - board_file(&v->geo, from);
  int dr = board_rank(&v->geo, to) - board_rank(&v->geo, from);
  int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
  if (!(df == 0 || dr == 0 || adf == adr)) return 1; /* a leap: no screen */
  int steps = adf > adr ? adf : adr;
  int step = board_offset(&v->geo, df / steps, dr / steps);
  for (int sq = from + step; sq != to; sq += step)
    if (p->board[sq] != CELL_EMPTY) return !IS_SET(pt->no_screen, CELL_TYPE(p->board[sq]));
  return 1;
}

/* The moves of steps s..end of the piece of type t on from. gen_pseudo()
** has the same loop written out for the pieces without extra moves: as a
** call, even inlined, chess perft ran 4-8% more instructions. */
static inline int gen_steps(const Position *p, Move *list, int n, int from, int t,
                            const Step *s, const Step *end, int *check) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  int us = p->side;
  int promotes = promote_kind(v, t);
  for (; s < end; s++) {
    if (s->cond && !step_allowed(v, s, us, t, from, p->attr[from])) continue;
    /* a royal piece's i-moves, like castling, not out of check (check:
    ** whether it is, -1 until asked; NULL: the moves without that rule) */
    if (check && (s->cond & STEP_INITIAL) && IS_SET(v->royal_mask, t) &&
        (*check < 0 ? (*check = royal_attacked(p, us)) : *check))
      continue;
    int to = from, modes = s->modes;
    switch (s->path) {
      case PATH_SLIDE:
        for (int k = 0; k < s->range; k++) {
          to += s->off;
          uint8_t c = b[to];
          if (c == CELL_EMPTY) {
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
            else if ((modes & MODE_EP) && to == p->ep && enemy[b[p->ep_victim]])
              n = emit(p, list, n, from, to, MF_EP, 0, us);
            continue;
          }
          if ((modes & MODE_CAPTURE) && enemy[c])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
      case PATH_LAME: {
        int open = 1;
        for (int l = 0; l < s->nlame; l++)
          if (b[from + s->lame[l]] != CELL_EMPTY) open = 0;
        if (!open) break;
        to += s->off;
        uint8_t c = b[to];
        if (c == CELL_EMPTY && (modes & MODE_MOVE)) {
          /* An initial lame step lets en passant capturers take the
          ** piece on the square it passed. */
          int flag = (s->cond & STEP_INITIAL) && v->ep_mask && (s->nlame == 1 || s->nlame == 2) ? MF_DOUBLE : MF_NORMAL;
          n = emit(p, list, n, from, to, flag, promotes, us);
        } else if (c != CELL_EMPTY && (modes & MODE_CAPTURE) && enemy[c]) {
          n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
        }
        break;
      }
      case PATH_HOP:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to += s->off, k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || k >= s->range) break;
          for (to += s->off, k++; b[to] == CELL_EMPTY && k <= s->range; to += s->off, k++)
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          if (k <= s->range && (modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        } else {
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF) break;
          for (to += s->off; b[to] == CELL_EMPTY; to += s->off)
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
      case PATH_GRASS:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to += s->off, k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || k >= s->range) break;
          to += s->off;
          if (b[to] == CELL_EMPTY && (modes & MODE_MOVE))
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          else if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        } else {
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF) break;
          to += s->off;
          if (b[to] == CELL_EMPTY && (modes & MODE_MOVE))
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          else if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
    }
  }
  return n;
}

/* Gating: each move that leaves a gate square, once more for each type in
** the pocket entering it; castling for each of the two squares left. */
static int gen_gating(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side, rank = variant_castle_rank(v, us);
  int types[MAX_TYPES], nt = 0;
  for (int t = 0; t < v->ntypes && t < 31; t++) /* where a drop could go too */
    if (p->pocket[us][t] && (v->drop_ranks[us][t] >> rank & 1)) types[nt++] = t;
  int end = n;
  for (int i = 0; i < end; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m);
    if (flag != MF_NORMAL && flag != MF_CASTLE) continue;
    int gate_from = v->sq_rank[from] == rank && (p->gates[us] >> board_file(&v->geo, from) & 1);
    int gate_rook = flag == MF_CASTLE && (p->gates[us] >> board_file(&v->geo, to) & 1);
    for (int k = 0; k < nt && n + 2 < MAX_MOVES; k++) {
      int t = types[k], on_from = gate_from, on_rook = gate_rook;
      if (IS_SET(v->drop_confined_mask, t)) { /* its own drop squares only */
        const uint16_t *mine = v->type[t].drop_region[us];
        on_from = on_from && (mine[rank] >> board_file(&v->geo, from) & 1);
        on_rook = on_rook && (mine[rank] >> board_file(&v->geo, to) & 1);
      }
      if (flag == MF_NORMAL && on_from) list[n++] = MAKE_MOVE(from, to, MF_GATE, t + 1);
      if (flag == MF_CASTLE && on_from)
        list[n++] = MAKE_MOVE(from, to, MF_CASTLE, CASTLE_SIDE(m) | (t + 1) << 1);
      if (flag == MF_CASTLE && on_rook)
        list[n++] = MAKE_MOVE(from, to, MF_CASTLE, CASTLE_SIDE(m) | (t + 1) << 1) | MOVE_GATE_ON_ROOK;
    }
  }
  return n;
}

/* Only the moves that stay in the piece's region, and no captures of the
** types a piece may not capture, nor hops over its forbidden screens. */
static int limit_moves(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side, k = 0;
  for (int i = 0; i < n; i++) {
    int from = MOVE_FROM(list[i]), to = MOVE_TO(list[i]), t = CELL_TYPE(p->board[from]);
    if (!IS_SET(v->stand[us][to], t)) continue;
    if (IS_SET(v->hop_limited_mask, t) && !hop_allowed(p, t, from, to)) continue;
    list[k++] = list[i];
  }
  return k;
}

#define SEEN(w, sq) ((w)[(sq) >> 6] >> ((sq) & 63) & 1)
#define MARK_SEEN(w, sq) ((w)[(sq) >> 6] |= 1ull << ((sq) & 63))

/* gen_pseudo_all()'s loop for plain pieces where the board wraps: each
** step through its table (Variant.topo_next). */
static inline int gen_wrapped_plain(const Position *p, Move *list, int n, int from,
                                    const Step *s, const Step *end) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  for (; s < end; s++) {
    const int16_t *next = topo_table(v, s->off);
    int to = next[from], modes = s->modes;
    uint8_t c = b[to];
    for (int k = 1; c == CELL_EMPTY; k++) {
      if (modes & MODE_MOVE) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
      if (k >= s->range) break;
      to = next[to];
      c = b[to];
    }
    if ((modes & MODE_CAPTURE) && enemy[c]) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
  }
  return n;
}

/* gen_steps() where the board wraps, for the piece of type t on from:
** each step through its table; the moves of extra steps end on the
** type's extra squares. */
static int gen_wrapped_steps(const Position *p, Move *list, int n, int from, int t, int *check) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  int us = p->side, promotes = promote_kind(v, t), plain = v->nplain[us][t];
  const Step *first = v->step[us][t], *end = first + v->nsteps[us][t];
  for (const Step *s = first; s < end; s++) {
    if (s->cond && !step_allowed(v, s, us, t, from, p->attr[from])) continue;
    if (check && (s->cond & STEP_INITIAL) && IS_SET(v->royal_mask, t) &&
        (*check < 0 ? (*check = royal_attacked(p, us)) : *check))
      continue;
    const int16_t *next = topo_table(v, s->off);
    int to = from, modes = s->modes, n1 = n;
    switch (s->path) {
      case PATH_SLIDE:
        for (int k = 0; k < s->range; k++) {
          to = next[to];
          uint8_t c = b[to];
          if (c == CELL_EMPTY) {
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
            else if ((modes & MODE_EP) && to == p->ep && enemy[b[p->ep_victim]])
              n = emit(p, list, n, from, to, MF_EP, 0, us);
            continue;
          }
          if ((modes & MODE_CAPTURE) && enemy[c])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
      case PATH_LAME: {
        int open = 1;
        for (int l = 0; l < s->nlame; l++)
          if (b[topo_step(v, from, s->lame[l])] != CELL_EMPTY) open = 0;
        if (!open) break;
        to = next[from];
        uint8_t c = b[to];
        if (c == CELL_EMPTY && (modes & MODE_MOVE)) {
          /* (a double step across the edge is not one en passant can
          ** answer: pos_make() finds the square passed as on a plain board) */
          int flag = (s->cond & STEP_INITIAL) && v->ep_mask && s->nlame == 1 && to == from + s->off
                         ? MF_DOUBLE : MF_NORMAL;
          n = emit(p, list, n, from, to, flag, promotes, us);
        } else if (c != CELL_EMPTY && (modes & MODE_CAPTURE) && enemy[c]) {
          n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
        }
        break;
      }
      case PATH_HOP:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to = next[to], k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == from || k >= s->range) break;
          for (to = next[to], k++; b[to] == CELL_EMPTY && k <= s->range; to = next[to], k++)
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          if (k <= s->range && (modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        } else {
          do to = next[to]; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == from) break;
          for (to = next[to]; b[to] == CELL_EMPTY; to = next[to])
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
      case PATH_GRASS:
        if (s->counted) { /* its count limits the whole move, screen included */
          int k = 0;
          do to = next[to], k++; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == from || k >= s->range) break;
          to = next[to];
          if (b[to] == CELL_EMPTY && (modes & MODE_MOVE))
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          else if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        } else {
          do to = next[to]; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF || to == from) break;
          to = next[to];
          if (b[to] == CELL_EMPTY && (modes & MODE_MOVE))
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          else if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        }
        break;
    }
    if (s - first >= plain) { /* an extra step: only onto the extra squares */
      int k = n1;
      for (int j = n1; j < n; j++)
        if (IS_SET(v->extra_at[us][MOVE_TO(list[j])], t)) list[k++] = list[j];
      n = k;
    }
  }
  return n;
}

/* The moves along one step s of a plain piece on from (a leap or a ride
** that moves and captures as its modes say, Variant.plain_mask), written
** as they are; returns the new end of list. */
static inline __attribute__((always_inline)) int gen_plain_step(const uint8_t *b, const uint8_t *enemy, Move *list,
                                                               int n, int from, const Step *s) {
  int to = from + s->off, modes = s->modes;
  uint8_t c = b[to];
  for (int k = 1; c == CELL_EMPTY; k++) {
    if (modes & MODE_MOVE) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
    if (k >= s->range) break;
    to += s->off;
    c = b[to];
  }
  if ((modes & MODE_CAPTURE) && enemy[c]) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
  return n;
}

/* The moves of a plain piece on from along the steps [s, end); the
** generator's hottest loop. */
static inline __attribute__((always_inline)) int gen_plain_steps(const uint8_t *b, const uint8_t *enemy, Move *list,
                                                                int n, int from, const Step *s, const Step *end) {
  for (; s < end; s++) n = gen_plain_step(b, enemy, list, n, from, s);
  return n;
}

/* list[first..n) with each move once, in order (a piece whose two steps
** reach one square writes the move twice); returns the new end. */
static int keep_once(Move *list, int first, int n) {
  uint64_t seen[(MAX_SQUARES + 63) / 64] = {0};
  int kept = first;
  for (int i = first; i < n; i++) {
    Move m = list[i];
    int to = MOVE_TO(m), twice = 0;
    if (SEEN(seen, to))
      for (int j = first; j < kept && !twice; j++) twice = list[j] == m;
    if (twice) continue;
    MARK_SEEN(seen, to);
    list[kept++] = m;
  }
  return kept;
}

/* The moves of the piece of type t on from where the board wraps. A line
** ends where it would come back to the piece's own square (the piece
** still stands there, so it blocks), and a square two steps reach (a
** rook's two ways round a rank, two leaps on a narrow board) gives one
** move: a move is its squares and promotion, not its path. */
static int gen_wrapped(const Position *p, Move *list, int n, int from, int t, int *check) {
  const Variant *v = p->v;
  int us = p->side, n0 = n;
  const Step *first = v->step[us][t];
  if (IS_SET(v->wrap_plain_mask[us], t) && n + v->plain_room[us][t] <= MAX_MOVES)
    n = gen_wrapped_plain(p, list, n, from, first, first + v->nsteps[us][t]);
  else
    n = gen_wrapped_steps(p, list, n, from, t, check);
  if (!IS_SET(v->wrap_twice_mask[us], t)) return n;
  return keep_once(list, n0, n);
}

/* The moves of a piece with extra moves, which end on its extra squares.
** Its own check flag: gen_pseudo_all's, passed by address, would leave
** the register of that hot loop (chess perft: 3.5% more instructions). */
static __attribute__((noinline)) int gen_with_extra(const Position *p, Move *list, int n, int from, int t) {
  const Variant *v = p->v;
  int us = p->side, plain = v->nplain[us][t], all = v->nsteps[us][t], check = -1;
  if (v->geo.wrap) return gen_wrapped(p, list, n, from, t, &check);
  const Step *s = v->step[us][t];
  int first = n;
  if (IS_SET(v->form_plain_mask[us], t) && n + 2 * v->plain_room[us][t] <= MAX_MOVES) {
    /* plain steps, then the moves that start or end in the zone promoted
    ** into the form (emit_promoted_form's choices) */
    const uint8_t *b = p->board, *enemy = v->enemy[us];
    n = gen_plain_steps(b, enemy, list, n, from, s, s + all);
    int form = v->promo_to[t];
    if (!within_limit(p, us, form - 1)) return n;
    const uint8_t *zone = v->promo_sq[us];
    for (int i = first, end = n; i < end; i++) {
      Move m = list[i];
      if (!zone[from] && !zone[MOVE_TO(m)]) continue;
      Move promoted = MAKE_MOVE(from, MOVE_TO(m), MF_PROMO, form);
      if (v->form_compulsory) list[i] = promoted;
      else list[n++] = promoted;
    }
    return n;
  }
  n = gen_steps(p, list, n, from, t, s, s + plain, &check);
  int n0 = n, k = n;
  n = gen_steps(p, list, n, from, t, s + plain, s + all, &check);
  for (int j = n0; j < n; j++)
    if (IS_SET(v->extra_at[us][MOVE_TO(list[j])], t)) list[k++] = list[j];
  if (!IS_SET(v->twice_mask[us], t)) return k;
  /* two steps that reach one square: each move once */
  return keep_once(list, first, k);
}

/* The promotion into q by step s landing on to, where q may stand there
** and the step, if an extra move, may end there. */
static inline int add_by_move(const Variant *v, Move *list, int n, const Step *s, int us, int q,
                              int from, int to) {
  if (IS_SET(v->stand[us][to], q) && n < MAX_MOVES &&
      (!(s->cond & STEP_EXTRA) || IS_SET(v->extra_at[us][to], q)))
    list[n++] = MAKE_MOVE(from, to, MF_PROMO, q + 1);
  return n;
}

/* Promotion as a move of its own (promotion.by_move): each piece that
** promotes, on its side's by_move squares (anywhere when it is the last
** one, under last_anywhere), turns into each promotion piece it may become
** where it stands (UCI e5e5f), and, with step, as it makes one of the new
** piece's non-capturing moves to an empty square. */
static int gen_by_move(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int us = p->side, count = 0;
  for (int t = 0; t < v->ntypes; t++)
    if (IS_SET(v->promote_mask, t)) count += p->count[us][t];
  for (int i = 0; i < p->npieces[us] && count; i++) {
    int from = p->plist[us][i];
    if (!IS_SET(v->promote_mask, CELL_TYPE(b[from]))) continue;
    if (!(count == 1 && v->by_move_last) &&
        !(v->by_move_sq[us][v->sq_rank[from]] >> board_file(&v->geo, from) & 1))
      continue;
    for (int j = 0; j < v->npromo; j++) {
      int q = v->promo_type[j];
      if (!may_become(p, us, q)) continue;
      if (IS_SET(v->stand[us][from], q) && n < MAX_MOVES)
        list[n++] = MAKE_MOVE(from, from, MF_PROMO, q + 1);
      if (!v->by_move_step) continue;
      const Step *s = v->step[us][q], *end = s + v->nsteps[us][q];
      for (; s < end; s++) {
        if (!(s->modes & MODE_MOVE) || (s->cond & STEP_INITIAL)) continue;
        if (s->cond && !step_allowed(v, s, us, q, from, 0)) continue;
        int to = from, open = 1;
        switch (s->path) {
          case PATH_SLIDE:
            for (int k = 0; k < s->range && b[to + s->off] == CELL_EMPTY; k++) {
              to += s->off;
              n = add_by_move(v, list, n, s, us, q, from, to);
            }
            continue;
          case PATH_LAME:
            for (int l = 0; l < s->nlame; l++)
              if (b[from + s->lame[l]] != CELL_EMPTY) open = 0;
            to = open && b[from + s->off] == CELL_EMPTY ? from + s->off : from;
            break;
          case PATH_HOP: /* beyond the screen, to each empty square */
            if (s->counted) { /* its count limits the whole move, screen included */
              int k = 0;
              do to += s->off, k++; while (b[to] == CELL_EMPTY);
              if (b[to] == CELL_OFF) continue;
              for (to += s->off, k++; b[to] == CELL_EMPTY && k <= s->range; to += s->off, k++)
                n = add_by_move(v, list, n, s, us, q, from, to);
              continue;
            } else {
              do to += s->off; while (b[to] == CELL_EMPTY);
              if (b[to] == CELL_OFF) continue;
              for (to += s->off; b[to] == CELL_EMPTY; to += s->off)
                n = add_by_move(v, list, n, s, us, q, from, to);
              continue;
            }
            break;
          case PATH_GRASS:
            if (s->counted) { /* its count limits the whole move, screen included */
              int k = 0;
              do to += s->off, k++; while (b[to] == CELL_EMPTY);
              to = b[to] != CELL_OFF && k < s->range && b[to + s->off] == CELL_EMPTY ? to + s->off : from;
              break;
            } else {
              do to += s->off; while (b[to] == CELL_EMPTY);
              to = b[to] != CELL_OFF && b[to + s->off] == CELL_EMPTY ? to + s->off : from;
              break;
            }
            break;
        }
        if (to != from) n = add_by_move(v, list, n, s, us, q, from, to);
      }
    }
  }
  return n;
}

/* The pseudo-legal moves, drops.must aside. */
/* The en passant captures on the second square a triple step passed
** (Position.ep2), by the steps that take en passant: apart from the
** loops, which test the first square only, so that a position without
** one pays a single test per generation. */
static int gen_ep2(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  if (!v->enemy[us][p->board[p->ep_victim]]) return n;
  for (int t = 0; t < v->ntypes; t++) {
    if (!(v->ep_mask >> t & 1) || !p->count[us][t]) continue;
    for (int i = 0; i < v->nsteps[us][t] && n < MAX_MOVES; i++) {
      const Step *s = &v->step[us][t][i];
      int from = board_step(v, p->ep2, -s->off);
      if ((s->modes & MODE_EP) && p->board[from] == MAKE_CELL(us, t) &&
          (!s->cond || step_allowed(v, s, us, t, from, p->attr[from])))
        list[n++] = MAKE_MOVE(from, p->ep2, MF_EP, 0);
    }
  }
  return n;
}

/* A bitboard moved by d bits, up (d > 0) or down. */
static inline uint64_t shift_bits(uint64_t b, int d) {
  return d >= 0 ? b << d : b >> -d;
}

/* Writes a move from each bit of to less d, to it, with flag (the dense
** board's bits, Variant.sets); returns the new end of list. */
static inline __attribute__((always_inline)) int write_set(const Variant *v, Move *list, int n, uint64_t to, int d,
                                                          int flag) {
  Move f = MAKE_MOVE(0, 0, flag, 0);
  for (; to; to &= to - 1) {
    int bit = __builtin_ctzll(to);
    list[n++] = (Move)v->dense_sq[bit - d] | v->dense_to[bit] | f;
  }
  return n;
}

/* The moves of the pieces of pawn-like type t on the squares of bb
** (Variant.set_mask): a step at a time, for all of them at once. empty
** and enemy: the dense board's empty squares and the pieces the mover may
** capture. */
static inline __attribute__((always_inline)) int gen_set(const Position *p, Move *list, int n, int t, uint64_t bb,
                                                        uint64_t empty, uint64_t enemy) {
  const Variant *v = p->v;
  int us = p->side;
  const SetStep *e = v->set_step[us][t], *end = e + v->nsteps[us][t];
  uint64_t zone = IS_SET(v->promote_mask, t) ? v->dense_promo[us] : 0;
  for (; e < end; e++) {
    uint64_t from = bb & e->from;
    for (int l = 0; l < e->nlame; l++) from &= shift_bits(empty, -e->lame[l]);
    if (!from) continue;
    uint64_t at = shift_bits(from, e->d);
    uint64_t moves = e->modes & MODE_MOVE ? at & empty : 0, takes = e->modes & MODE_CAPTURE ? at & enemy : 0;
    if ((e->modes & (MODE_EP | MODE_MOVE)) == MODE_EP && p->ep != SQ_NONE && (at & empty) >> v->dense_bit[p->ep] & 1 &&
        v->enemy[us][p->board[p->ep_victim]])
      n = emit(p, list, n, v->dense_sq[v->dense_bit[p->ep] - e->d], p->ep, MF_EP, 0, us);
    n = write_set(v, list, n, moves & ~zone, e->d, e->doubles ? MF_DOUBLE : MF_NORMAL);
    n = write_set(v, list, n, takes & ~zone, e->d, MF_NORMAL);
    for (uint64_t promo = (moves | takes) & zone; promo; promo &= promo - 1) {
      int bit = __builtin_ctzll(promo);
      int flag = e->doubles && (moves >> bit & 1) ? MF_DOUBLE : MF_NORMAL;
      n = emit(p, list, n, v->dense_sq[bit - e->d], v->dense_sq[bit], flag, 1, us);
    }
  }
  return n;
}

/* The targets of a type's lines (Variant.slide) from the square of bit,
** where it jumps along some: its rides up to the first piece on each line,
** the square just beyond that piece for a grasshopper, the squares beyond
** it up to the next piece for a hopper; want: the squares each mode may
** end on (by MODE_*). (Apart from gen_pieces, whose loop of rides alone
** stays as small as it was.) */
static __attribute__((noinline)) uint64_t line_targets(const Variant *v, const SlideStep *s, const SlideStep *end,
                                                       int bit, uint64_t empty, const uint64_t *want) {
  uint64_t to = 0;
  for (; s < end; s++) {
    uint64_t block = v->slide_ray[s->beyond][bit] & ~empty;
    if (!block) { /* (nothing to jump) */
      to |= v->slide_ray[s->ray][bit] & want[s->ride];
      continue;
    }
    int first = s->down ? 63 - __builtin_clzll(block) : __builtin_ctzll(block);
    uint64_t past = v->slide_ray[s->beyond][first];
    to |= (v->slide_ray[s->ray][bit] & ~past & want[s->ride]) | (v->slide_ray[s->next][first] & want[s->grass]);
    if (s->hop) {
      if ((block = past & ~empty)) past &= ~v->slide_ray[s->beyond][s->down ? 63 - __builtin_clzll(block) : __builtin_ctzll(block)];
      to |= past & want[s->hop];
    }
  }
  return to;
}

/* gen_pseudo_all()'s walk of the pieces, the pseudo-legal moves of each
** from its steps. masked (a constant: two copies, chosen once a call):
** Variant.step_masks, the plain and pawn-like types walk only the steps
** whose first square is on the board. */
static inline __attribute__((always_inline)) int gen_pieces(const Position *p, Move *list, int masked, int sets) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  int us = p->side, n = 0, check = -1, pieces = v->still[us] ? 0 : p->npieces[us];
  /* sets (Variant.sets): the leapers' moves from the tables and the
  ** pawn-like types' a step at a time (gen_set), from the bits of the
  ** empty squares and the pieces the mover may capture; then the other
  ** pieces (rest), each by its steps */
  uint64_t rest = 0;
  if (sets && pieces) {
    /* (where the moves might not all fit, each piece's steps walked) */
    if (pieces * v->set_room[us] > MAX_MOVES) return gen_pieces(p, list, masked, 0);
    uint64_t empty = pos_empty_bits(p), capturable = p->bits[!us];
    rest = p->bits[us];
    for (uint32_t m = v->leap_mask[us]; m; m &= m - 1) {
      int t = __builtin_ctz(m);
      uint64_t bb = p->type_bits[us][t];
      rest &= ~bb;
      for (; bb; bb &= bb - 1) {
        int bit = __builtin_ctzll(bb);
        Move from = (Move)v->dense_sq[bit];
        uint64_t to = (v->leap_move[us][t][bit] & empty) | (v->leap_take[us][t][bit] & capturable);
        for (; to; to &= to - 1) list[n++] = from | v->dense_to[__builtin_ctzll(to)];
      }
    }
    /* the riders: each ride up to the nearest piece on its line */
    const uint64_t want[4] = {0, empty, capturable, empty | capturable}; /* by MODE_* */
    for (uint32_t m = v->slide_mask[us]; m; m &= m - 1) {
      int t = __builtin_ctz(m);
      uint64_t bb = p->type_bits[us][t];
      rest &= ~bb;
      const SlideStep *s0 = v->slide[us][t], *send = s0 + v->nslides[us][t];
      for (; bb; bb &= bb - 1) {
        int bit = __builtin_ctzll(bb);
        Move from = (Move)v->dense_sq[bit];
        uint64_t to = (v->leap_move[us][t][bit] & empty) | (v->leap_take[us][t][bit] & capturable);
        if (v->jump_mask[us] >> t & 1) to |= line_targets(v, s0, send, bit, empty, want);
        else
          for (const SlideStep *s = s0; s < send; s++) {
            uint64_t ray = v->slide_ray[s->ray][bit], block = ray & ~empty;
            if (block) ray &= ~v->slide_ray[s->beyond][s->down ? 63 - __builtin_clzll(block) : __builtin_ctzll(block)];
            to |= ray & want[s->ride];
          }
        for (; to; to &= to - 1) list[n++] = from | v->dense_to[__builtin_ctzll(to)];
      }
    }
    for (uint32_t m = v->set_mask[us]; m; m &= m - 1) {
      int t = __builtin_ctz(m);
      uint64_t bb = p->type_bits[us][t];
      rest &= ~bb;
      if (bb) n = gen_set(p, list, n, t, bb, empty, capturable);
    }
  }
  for (int i = 0; sets ? rest != 0 : i < pieces; sets ? (void)(rest &= rest - 1) : (void)i++) {
    int from = sets ? v->dense_sq[__builtin_ctzll(rest)] : p->plist[us][i], t = CELL_TYPE(b[from]);
    if (IS_SET(v->plain_mask[us], t) && n + v->plain_room[us][t] <= MAX_MOVES) {
      /* a plain piece: each step a leap or a ride, each move written as is
      ** (masked: only the steps whose first square is on the board) */
      const Step *s = v->step[us][t], *end = s + v->nsteps[us][t], *s0 = s;
      uint64_t on = masked ? v->onboard[us][t][v->packed_bit[from]] : 0;
      for (; masked ? on != 0 : s < end; masked ? (void)(on &= on - 1) : (void)s++) {
        if (masked) s = s0 + __builtin_ctzll(on);
        n = gen_plain_step(b, enemy, list, n, from, s);
      }
      continue;
    }
    if (IS_SET(v->simple_mask[us], t) && n + v->plain_room[us][t] <= MAX_MOVES) {
      /* a pawn-like piece: leaps, lame leaps (a double step), en passant;
      ** emit() only for a move into the promotion zone */
      int promotes = IS_SET(v->promote_mask, t);
      int init = IS_SET(v->initial_step_mask[us], t) && initial_allowed(p, us, t, from);
      int lead = init ? v->nsteps[us][t] : v->simple_lead[us][t];
      const Step *s = v->step[us][t], *end = s + lead, *s0 = s;
      uint64_t on = masked ? v->onboard[us][t][v->packed_bit[from]] & (lead >= 64 ? ~0ull : (1ull << lead) - 1) : 0;
      for (; masked ? on != 0 : s < end; masked ? (void)(on &= on - 1) : (void)s++) {
        if (masked) s = s0 + __builtin_ctzll(on);
        int to = from + s->off, modes = s->modes, flag = MF_NORMAL;
        uint8_t c = b[to];
        /* (the square first: most steps end there; a lame step has no
        ** en passant, see find_plain_types) */
        if (c == CELL_EMPTY) {
          if (!(modes & MODE_MOVE)) {
            if ((modes & MODE_EP) && to == p->ep && enemy[b[p->ep_victim]])
              n = emit(p, list, n, from, to, MF_EP, 0, us);
            continue;
          }
        } else if (!((modes & MODE_CAPTURE) && enemy[c])) {
          continue;
        }
        if (s->path == PATH_LAME) {
          if (b[from + s->lame[0]] != CELL_EMPTY || (s->nlame == 2 && b[from + s->lame[1]] != CELL_EMPTY))
            continue;
          /* an initial lame step lets en passant capturers take the piece
          ** on the square it passed */
          if (c == CELL_EMPTY && s->cond && v->ep_mask) flag = MF_DOUBLE;
        }
        if (promotes && v->promo_sq[us][to]) n = emit(p, list, n, from, to, flag, 1, us);
        else list[n++] = MAKE_MOVE(from, to, flag, 0);
      }
      continue;
    }
    if (IS_SET(v->apart_mask, t)) {
      n = gen_with_extra(p, list, n, from, t);
      continue;
    }
    int promotes = promote_kind(v, t);
    const Step *s = v->step[us][t], *end = s + v->nsteps[us][t];
    for (; s < end; s++) {
      if (s->cond && !step_allowed(v, s, us, t, from, p->attr[from])) continue;
      /* a royal piece's i-moves, like castling, not out of check */
      if ((s->cond & STEP_INITIAL) && IS_SET(v->royal_mask, t) &&
          (check < 0 ? (check = royal_attacked(p, us)) : check))
        continue;
      int to = from, modes = s->modes;
      switch (s->path) {
        case PATH_SLIDE:
          for (int k = 0; k < s->range; k++) {
            to += s->off;
            uint8_t c = b[to];
            if (c == CELL_EMPTY) {
              if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
              else if ((modes & MODE_EP) && to == p->ep && enemy[b[p->ep_victim]])
                n = emit(p, list, n, from, to, MF_EP, 0, us);
              continue;
            }
            if ((modes & MODE_CAPTURE) && enemy[c])
              n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
            break;
          }
          break;
        case PATH_LAME: {
          int open = 1;
          for (int l = 0; l < s->nlame; l++)
            if (b[from + s->lame[l]] != CELL_EMPTY) open = 0;
          if (!open) break;
          to += s->off;
          uint8_t c = b[to];
          if (c == CELL_EMPTY && (modes & MODE_MOVE)) {
            /* An initial lame step lets en passant capturers take the
            ** piece on the square it passed. */
            int flag = (s->cond & STEP_INITIAL) && v->ep_mask && (s->nlame == 1 || s->nlame == 2) ? MF_DOUBLE : MF_NORMAL;
            n = emit(p, list, n, from, to, flag, promotes, us);
          } else if (c != CELL_EMPTY && (modes & MODE_CAPTURE) && enemy[c]) {
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          }
          break;
        }
        case PATH_HOP:
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF) break;
          for (to += s->off; b[to] == CELL_EMPTY; to += s->off)
            if (modes & MODE_MOVE) n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
        case PATH_GRASS:
          do to += s->off; while (b[to] == CELL_EMPTY);
          if (b[to] == CELL_OFF) break;
          to += s->off;
          if (b[to] == CELL_EMPTY && (modes & MODE_MOVE))
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          else if ((modes & MODE_CAPTURE) && enemy[b[to]])
            n = emit(p, list, n, from, to, MF_NORMAL, promotes, us);
          break;
      }
    }
  }
  return n;
}

/* (apart from gen_pseudo_all, so that the copy chess's boards take stays
** as it was) */
static __attribute__((noinline)) int gen_pieces_masked(const Position *p, Move *list) {
  return gen_pieces(p, list, 1, 0);
}
static __attribute__((noinline)) int gen_pieces_sets(const Position *p, Move *list) {
  return gen_pieces(p, list, 0, 1);
}
static __attribute__((noinline)) int gen_pieces_sets_masked(const Position *p, Move *list) {
  return gen_pieces(p, list, 1, 1);
}

int gen_pseudo_all(const Position *p, Move *list) {
  precondition(pos_playable(p) && list);
  const Variant *v = p->v;
  if (v->phase[p->phase].kind == PHASE_RELOCATE) return gen_relocate(p, list);
  if (v->phase[p->phase].kind == PHASE_DRAW) return gen_draws(p, list);
  int us = p->side, n = v->sets ? (v->step_masks ? gen_pieces_sets_masked(p, list) : gen_pieces_sets(p, list))
                      : v->step_masks ? gen_pieces_masked(p, list) : gen_pieces(p, list, 0, 0);
  if (p->ep2 != SQ_NONE) n = gen_ep2(p, list, n);
  if (v->confined_mask | v->hop_limited_mask) n = limit_moves(p, list, n);
  if (v->by_move) n = gen_by_move(p, list, n);
  if (v->pass_moves && n < MAX_MOVES) n = gen_passes(p, list, n);
  if (v->castling && (p->castle >> (us * 2) & 3)) n = gen_castling(p, list, n);
  if (v->card_action) n = gen_card_plays(p, list, n);
  if (v->gating && p->gates[us]) n = gen_gating(p, list, n);
  if (v->drops) n = gen_drops(p, list, n);
  if (p->takeback_from != SQ_NONE) { /* the piece may not go straight back */
    int k = 0;
    for (int i = 0; i < n; i++)
      if (!(MOVE_FROM(list[i]) == p->takeback_from && MOVE_TO(list[i]) == p->takeback_to &&
            MOVE_FLAG(list[i]) != MF_CASTLE))
        list[k++] = list[i];
    n = k;
  }
  return n;
}

int gen_pseudo(const Position *p, Move *list) {
  precondition(pos_playable(p) && list);
  const Variant *v = p->v;
  int kind = v->phase[p->phase].kind, us = p->side;
  if (v->drops && v->must_drop && kind != PHASE_RELOCATE && kind != PHASE_DRAW) {
    /* a drop, while there is one to make */
    int only = v->must_drop - 2; /* the type that must be dropped, or -1 */
    int any = only < 0 ? pos_pocket_any(p, us) : p->pocket[us][only];
    int d = any ? gen_drops(p, list, 0) : 0;
    if (only >= 0 && d) { /* that type's drops alone */
      int k = 0;
      for (int i = 0; i < d; i++)
        if (MOVE_FLAG(list[i]) == MF_DROP && MOVE_PROMO(list[i]) - 1 == only) list[k++] = list[i];
      d = k;
    }
    if (d) return d;
  }
  return gen_pseudo_all(p, list);
}

int move_destination(const Position *p, Move m) {
  if (MOVE_FLAG(m) != MF_CASTLE) return MOVE_TO(m);
  return board_square(&p->v->geo, p->v->castle_king_file[CASTLE_SIDE(m)],
                      p->v->sq_rank[MOVE_FROM(m)]);
}

int open_line_between(const Position *p, int a, int b, int ranks) {
  const Geometry *g = &p->v->geo;
  int step;
  if (board_file(g, a) == board_file(g, b)) step = b > a ? g->stride : -g->stride;
  else if (ranks && board_rank(g, a) == board_rank(g, b)) step = b > a ? 1 : -1;
  else return 0;
  for (int sq = a + step; sq != b; sq += step)
    if (p->board[sq] != CELL_EMPTY) return 0;
  return 1;
}

/* Where royal pieces may not face each other: does the royal piece on
** from face the one on sq, on one file (or rank) with nothing between? */
static int faces(const Position *p, int from, int sq) {
  const Variant *v = p->v;
  return v->facing_illegal && IS_SET(v->royal_mask, CELL_TYPE(p->board[from])) &&
         open_line_between(p, from, sq, v->facing_ranks);
}

int royal_checkers(const Position *p, int c, int *from, int *royal, int max) {
  int n = 0;
  for (int i = 0; i < p->npieces[c]; i++) {
    int ksq = p->plist[c][i];
    if (!(p->v->royal_mask >> CELL_TYPE(p->board[ksq]) & 1)) continue;
    if (p->v->nblast && blast_shielded(p, ksq, c)) continue;
    if (!pos_royal_protected(p, c, CELL_TYPE(p->board[ksq]))) continue; /* counted, not alone */
    for (int j = 0; j < p->npieces[c ^ 1]; j++) {
      int a = p->plist[c ^ 1][j];
      if (!piece_attacks(p, a, ksq) && !faces(p, a, ksq)) continue;
      if (n < max) {
        from[n] = a;
        royal[n] = ksq;
      }
      n++;
    }
  }
  return n;
}

uint32_t checking_types(const Position *p, int c) {
  int from[MAX_PIECES], royal[MAX_PIECES];
  int n = royal_checkers(p, c, from, royal, MAX_PIECES);
  uint32_t types = 0;
  for (int i = 0; i < n && i < MAX_PIECES; i++) types |= 1u << CELL_TYPE(p->board[from[i]]);
  return types;
}

int gen_piece(const Position *p, int from, int t, Move *list) {
  if (p->v->geo.wrap) return gen_wrapped(p, list, 0, from, t, NULL);
  const Step *s = p->v->step[p->side][t];
  return gen_steps(p, list, 0, from, t, s, s + p->v->nsteps[p->side][t], NULL);
}

/* gen_piece's moves, their promotions made again as type as's would be:
** t's taken back (one move to each square), then each move to a square
** given as's (emit). Apart from the generator, which stays as it is for
** every other caller. */
int gen_piece_as(const Position *p, int from, int t, int as, Move *list) {
  const Variant *v = p->v;
  int n = gen_piece(p, from, t, list), promotes = promote_kind(v, as);
  if (promotes == promote_kind(v, t)) return n;
  Move plain[MAX_MOVES];
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    if (MOVE_FLAG(m) == MF_PROMO) m = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_NORMAL, 0);
    int seen = 0;
    for (int j = 0; j < k && !seen; j++) seen = plain[j] == m;
    if (!seen) plain[k++] = m;
  }
  n = 0;
  for (int i = 0; i < k; i++) {
    int flag = MOVE_FLAG(plain[i]);
    if (flag == MF_NORMAL || flag == MF_DOUBLE) n = emit(p, list, n, from, MOVE_TO(plain[i]), flag, promotes, p->side);
    else if (n < MAX_MOVES) list[n++] = plain[i];
  }
  return n;
}

int attackers_of(const Position *p, int sq, int by, int *from, int max) {
  int n = 0;
  for (int i = 0; i < p->npieces[by]; i++) {
    int f = p->plist[by][i];
    if (f != sq && piece_attacks(p, f, sq)) {
      if (n < max) from[n] = f;
      n++;
    }
  }
  return n;
}
