/*
** movegen.c - one generation loop over the step tables of every piece.
**
** Legality for variants with a check rule and one royal piece, without
** making every move: out of check, a move can leave the king attacked only
** if it is the king's, or changes what stands on a square "watched" for
** it: a pinned piece's square, or a square between the king and an enemy
** piece whose attack depends on more than its first blocker (a hopper's
** screens, a lame leaper's legs, a step a condition switches). Only those
** moves, and every move in check, are tried, on the board alone
** (attacked_after) when the move changes nothing but its two squares.
** Castling, en passant, gating, blasts and owners of squares go through
** pos_make().
*/
#include <string.h>

#include "movegen.h"

#define IS_SET(mask, bit) (((mask) >> (bit)) & 1u)

/* The special attackers of colour by (Variant.special_attackers) that
** attack sq: hoppers, lame leapers, grasshoppers and conditional steps,
** walked forward from each such piece. */
static int attacked_specially(const Position *p, int sq, int by) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  if (!v->special_attackers[by]) return 0;
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

int attacked(const Position *p, int sq, int by) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const Ray *r = v->ray[by], *end = r + v->nrays[by];
  for (; r < end; r++) {
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

int piece_attacks(const Position *p, int from, int sq) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
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
        do to += s->off; while (b[to] == CELL_EMPTY);
        if (b[to] == CELL_OFF || to == sq) break;
        if (IS_SET(v->type[t].no_screen, CELL_TYPE(b[to]))) break;
        do to += s->off; while (b[to] == CELL_EMPTY && to != sq);
        if (to == sq) return 1;
        break;
      case PATH_GRASS:
        do to += s->off; while (b[to] == CELL_EMPTY);
        if (b[to] == CELL_OFF || to == sq) break;
        if (to + s->off == sq) return 1;
        break;
    }
  }
  return 0;
}

/* Is royal piece sq of colour c in the blast of a capture next to an enemy
** royal piece? Then it cannot be taken: the blast would take the taker's
** royal piece too. */
static int blast_shielded(const Position *p, int sq, int c) {
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
static int royal_count(const Position *p, int c) {
  int n = 0;
  for (int t = 0; t < p->v->ntypes; t++)
    if (p->v->royal_mask >> t & 1) n += p->count[c][t];
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
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i];
    if (IS_SET(v->royal_mask, CELL_TYPE(p->board[sq])) && attacked(p, sq, c ^ 1))
      return 1;
  }
  return 0;
}

static inline int square_colour(const Variant *v, int sq) {
  return (board_file(&v->geo, sq) + board_rank(&v->geo, sq)) & 1;
}

static inline int is_mobile(const Variant *v, int c, int t, int sq) {
  return v->mobile[c][t][sq / 64] >> (sq % 64) & 1;
}

/* A piece with one promoted form: on a move that starts or ends in the
** zone it may promote, and must where the variant says so or where it
** could never move again. Under no_immobile, a piece that cannot promote
** may not go where it could never move again. */
static int emit_promoted_form(const Position *p, Move *list, int n, int from, int to,
                              int flag, int us) {
  const Variant *v = p->v;
  int t = CELL_TYPE(p->board[from]);
  if (v->promo_flip == 2 && p->board[to] == CELL_EMPTY) { /* turns over on captures only */
    if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, flag, 0);
    return n;
  }
  if (v->promo_flip && v->demote_to[t]) { /* turned back over */
    if (n < MAX_MOVES) list[n++] = MAKE_MOVE(from, to, MF_PROMO, v->demote_to[t]);
    return n;
  }
  int can = v->promo_to[t] && (v->promo_rank_mask[us][v->sq_rank[from]] ||
                                v->promo_rank_mask[us][v->sq_rank[to]]);
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
  return !v->promo_limit[t] || p->count[us][t] < v->promo_limit[t];
}

/* Adds a move, one per promotion choice when it reaches the zone (where
** the variant says so, only choices of a type the side has lost, or has
** fewer of than the limit); on a rank where promotion is optional, the
** last choice is to stay as it is. promotes is promote_kind()'s answer. */
static inline int emit(const Position *p, Move *list, int n, int from, int to,
                       int flag, int promotes, int us) {
  const Variant *v = p->v;
  if (promotes == 2) return emit_promoted_form(p, list, n, from, to, flag, us);
  int zone = v->promo_rank_mask[us][v->sq_rank[to]];
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
  for (int i = 0; i < p->npieces[c] && !r->failed; i++) {
    int sq = p->plist[c][i];
    if (IS_SET(p->v->royal_mask, CELL_TYPE(p->board[sq])) && rule_attacked(p, sq, c ^ 1))
      return 1;
  }
  return 0;
}

int castling_refusal(const Position *p, int side, int *where) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, ksq = p->castle_king[us], right = us * 2 + side;
  *where = SQ_NONE;
  if (ksq == SQ_NONE || p->board[ksq] != MAKE_CELL(us, v->castle_king_type)) return CASTLE_NO_KING;
  if (!IS_SET(p->castle, right)) return CASTLE_NO_RIGHT;
  int rf = p->castle_rook[right];
  *where = rf;
  if (p->board[rf] != MAKE_CELL(us, v->castle_rook_type)) return CASTLE_NO_ROOK;
  int kt = board_square(&v->geo, v->castle_king_file[side], v->sq_rank[ksq]);
  int rt = kt + (side == 0 ? -1 : 1);
  int lo = ksq, hi = ksq;
  if (kt < lo) lo = kt;
  if (rf < lo) lo = rf;
  if (rt < lo) lo = rt;
  if (kt > hi) hi = kt;
  if (rf > hi) hi = rf;
  if (rt > hi) hi = rt;
  for (int sq = lo; sq <= hi; sq++)
    if (sq != ksq && sq != rf && p->board[sq] != CELL_EMPTY) {
      *where = sq;
      return CASTLE_OCCUPIED;
    }
  /* Attacks matter only where a royal king must not be left attacked (and
  ** not where captures blast: survives() judges that path). The king may
  ** not leave, cross or (checked after the move, when the rook has moved
  ** too) enter an attacked square. */
  if (!v->royal_capture && IS_SET(v->royal_mask, v->castle_king_type) && !v->nblast) {
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

static int gen_castling(const Position *p, Move *list, int n) {
  int where;
  for (int side = 0; side < 2; side++)
    if (castling_refusal(p, side, &where) == CASTLE_OK && n < MAX_MOVES)
      list[n++] = MAKE_MOVE(p->castle_king[p->side], p->castle_rook[p->side * 2 + side], MF_CASTLE,
                            side);
  return n;
}

/* A neutral piece to any other empty square (or onto the board). */
static int gen_relocate(const Position *p, Move *list) {
  const Variant *v = p->v;
  int t = v->phase[p->phase].piece, from = PLACE_FROM_NONE, n = 0;
  uint8_t cell = MAKE_CELL(NEUTRAL, t);
  for (int i = 0; i < p->npieces[NEUTRAL]; i++)
    if (p->board[p->plist[NEUTRAL][i]] == cell) from = p->plist[NEUTRAL][i];
  for (int r = 0; r < v->geo.ranks; r++)
    for (int f = 0; f < v->geo.files; f++) {
      int sq = board_square(&v->geo, f, r);
      if (p->board[sq] == CELL_EMPTY) list[n++] = MAKE_MOVE(from, sq, MF_PLACE, t + 1);
    }
  return n;
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

/* Drops: each type in the side's pocket on each empty square its ranks
** allow. A drop uncovers nothing, so outside check each one is legal. */
static int gen_drops(const Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  uint32_t doubled = 0; /* files where no_doubled forbids a drop */
  if (v->drop_no_doubled)
    for (int i = 0; i < p->npieces[us]; i++)
      if (p->board[p->plist[us][i]] == MAKE_CELL(us, v->drop_no_doubled - 1))
        doubled |= 1u << board_file(&v->geo, p->plist[us][i]);
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
  for (int t = 0; t < v->ntypes; t++) {
    if (!p->pocket[us][t]) continue;
    uint16_t ranks = v->drop_ranks[us][t];
    uint32_t files = t + 1 == v->drop_no_doubled ? doubled : 0;
    for (int r = 0; r < v->geo.ranks; r++) {
      if (!(ranks >> r & 1)) continue;
      for (int f = 0; f < v->geo.files && n < MAX_MOVES; f++) {
        int sq = board_square(&v->geo, f, r);
        if (p->board[sq] != CELL_EMPTY || (files >> f & 1)) continue;
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
                            const Step *s, const Step *end) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  int us = p->side;
  int promotes = promote_kind(v, t);
  for (; s < end; s++) {
    if (s->cond && !step_allowed(v, s, us, t, from, p->attr[from])) continue;
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
          int flag = (s->cond & STEP_INITIAL) && v->ep_mask && s->nlame == 1 ? MF_DOUBLE : MF_NORMAL;
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

/* The moves of a piece with extra moves, which end on its extra squares. */
static int gen_with_extra(const Position *p, Move *list, int n, int from, int t) {
  const Variant *v = p->v;
  int us = p->side, plain = v->nplain[us][t], all = v->nsteps[us][t];
  const Step *s = v->step[us][t];
  n = gen_steps(p, list, n, from, t, s, s + plain);
  int n0 = n, k = n;
  n = gen_steps(p, list, n, from, t, s + plain, s + all);
  for (int j = n0; j < n; j++)
    if (IS_SET(v->extra_at[us][MOVE_TO(list[j])], t)) list[k++] = list[j];
  return k;
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
            do to += s->off; while (b[to] == CELL_EMPTY);
            if (b[to] == CELL_OFF) continue;
            for (to += s->off; b[to] == CELL_EMPTY; to += s->off)
              n = add_by_move(v, list, n, s, us, q, from, to);
            continue;
          case PATH_GRASS:
            do to += s->off; while (b[to] == CELL_EMPTY);
            to = b[to] != CELL_OFF && b[to + s->off] == CELL_EMPTY ? to + s->off : from;
            break;
        }
        if (to != from) n = add_by_move(v, list, n, s, us, q, from, to);
      }
    }
  }
  return n;
}

/* The pseudo-legal moves, drops.must aside. */
static int gen_pseudo_all(const Position *p, Move *list) {
  const Variant *v = p->v;
  if (v->phase[p->phase].kind == PHASE_RELOCATE) return gen_relocate(p, list);
  if (v->phase[p->phase].kind == PHASE_DRAW) return gen_draws(p, list);
  const uint8_t *b = p->board;
  const uint8_t *enemy = v->enemy[p->side];
  int us = p->side, n = 0, check = -1;
  for (int i = 0; i < p->npieces[us]; i++) {
    int from = p->plist[us][i], t = CELL_TYPE(b[from]);
    if (IS_SET(v->plain_mask[us], t) && n + v->plain_room[us][t] <= MAX_MOVES) {
      /* a plain piece: each step a leap or a ride, each move written as is */
      const Step *s = v->step[us][t], *end = s + v->nsteps[us][t];
      for (; s < end; s++) {
        int to = from + s->off, modes = s->modes;
        uint8_t c = b[to];
        for (int k = 1; c == CELL_EMPTY; k++) {
          if (modes & MODE_MOVE) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
          if (k >= s->range) break;
          to += s->off;
          c = b[to];
        }
        if ((modes & MODE_CAPTURE) && enemy[c]) list[n++] = MAKE_MOVE(from, to, MF_NORMAL, 0);
      }
      continue;
    }
    if (IS_SET(v->extra_mask, t)) {
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
            int flag = (s->cond & STEP_INITIAL) && v->ep_mask && s->nlame == 1 ? MF_DOUBLE : MF_NORMAL;
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
  if (v->confined_mask | v->hop_limited_mask) n = limit_moves(p, list, n);
  if (v->by_move) n = gen_by_move(p, list, n);
  if (v->pass && p->royal[us] != SQ_NONE && n < MAX_MOVES) /* the royal piece stays */
    list[n++] = MAKE_MOVE(p->royal[us], p->royal[us], MF_PASS, 0);
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
  const Variant *v = p->v;
  int kind = v->phase[p->phase].kind, us = p->side;
  if (v->drops && v->must_drop && kind != PHASE_RELOCATE && kind != PHASE_DRAW) {
    /* a drop, while there is one to make */
    int only = v->must_drop - 2; /* the type that must be dropped, or -1 */
    int any = only < 0 ? pos_pocket_size(p, us) : p->pocket[us][only];
    int d = any ? gen_drops(p, list, 0) : 0;
    if (d) return d;
  }
  return gen_pseudo_all(p, list);
}

/* The same result seen from the other side. */
static int invert_result(int r) {
  return r == RESULT_WIN ? RESULT_LOSS : r == RESULT_LOSS ? RESULT_WIN : r;
}

int result_for(const Position *p, int side, int result) {
  if (result == RESULT_POINTS) {
    int d = p->score[side] - p->score[side ^ 1];
    if (d) return d > 0 ? RESULT_WIN : RESULT_LOSS;
    return side == WHITE ? p->v->points_tie : invert_result(p->v->points_tie);
  }
  if (result == RESULT_MATERIAL) {
    const Variant *v = p->v;
    int d = -v->komi2; /* twice White's lead */
    for (int t = 0; t < v->ntypes; t++)
      d += 2 * v->type[t].material * (p->count[WHITE][t] - p->count[BLACK][t]);
    if (side == BLACK) d = -d;
    return d > 0 ? RESULT_WIN : d < 0 ? RESULT_LOSS : RESULT_DRAW;
  }
  if (result == RESULT_FEWER) {
    int d = p->npieces[side] - p->npieces[side ^ 1];
    return d < 0 ? RESULT_WIN : d > 0 ? RESULT_LOSS : RESULT_DRAW;
  }
  return result;
}

/* Do squares a and b stand on one file with nothing between them? */
static int open_file_between(const Position *p, int a, int b) {
  const Geometry *g = &p->v->geo;
  if (board_file(g, a) != board_file(g, b)) return 0;
  int step = b > a ? g->stride : -g->stride;
  for (int sq = a + step; sq != b; sq += step)
    if (p->board[sq] != CELL_EMPTY) return 0;
  return 1;
}

/* Do the two sides' royal pieces stand on one file with nothing between? */
static int kings_facing(const Position *p) {
  int a = p->royal[WHITE], b = p->royal[BLACK];
  return a != SQ_NONE && b != SQ_NONE && open_file_between(p, a, b);
}

int pos_terminal(const Position *p, int *result) {
  const Variant *v = p->v;
  int us = p->side;
  if (v->royal_capture && v->royal_mask) {
    if (royal_count(p, us) == 0) {
      *result = RESULT_LOSS;
      return END_ROYAL_CAPTURED;
    }
  }
  if (v->extinction != RESULT_NONE) {
    /* As Fairy-Stockfish: the side that just moved first, then the side to
    ** move, which is only extinct against one more opponent piece when
    ** extinction must be claimed. */
    int order[2] = {us ^ 1, us};
    for (int i = 0; i < 2; i++) {
      int c = order[i], need = v->extinction_opponent + (v->extinction_claim && c == us);
      for (int t = -1; t < v->ntypes; t++) {
        int mine, theirs;
        if (t < 0) {
          if (!v->extinction_all) continue;
          /* pieces in hand count too */
          mine = p->npieces[c] + pos_pocket_size(p, c);
          theirs = p->npieces[c ^ 1] + pos_pocket_size(p, c ^ 1);
        } else {
          if (!IS_SET(v->extinction_types, t)) continue;
          mine = p->count[c][t] + p->pocket[c][t];
          theirs = p->count[c ^ 1][t] + p->pocket[c ^ 1][t];
        }
        if (mine <= v->extinction_count && theirs >= need) {
          *result = c == us ? v->extinction : invert_result(v->extinction);
          return END_EXTINCTION;
        }
      }
    }
  }
  if (v->check_limit && p->checks[us ^ 1] >= v->check_limit) {
    *result = RESULT_LOSS; /* the side that just moved gave its last check */
    return END_CHECKS;
  }
  if (v->facing_break && p->passes && kings_facing(p)) { /* passed instead of breaking */
    *result = v->facing_result;
    return END_FACING;
  }
  if (v->passes_end != RESULT_NONE && p->passes >= 2) {
    *result = v->passes_end;
    return END_PASSES;
  }
  if (v->goal != RESULT_NONE) {
    /* As Fairy-Stockfish's flag rule: the side that has just moved has
    ** reached its goal; or, with a reply, the side to move still stands
    ** on its goal after the opponent's reply, which is a draw if the
    ** reply reached the opponent's goal too and the side to move is
    ** White (Black, who moves second, gets the reply). */
    int reached[2] = {0, 0};
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < v->ngoal[c] && !reached[c]; i++) {
        uint8_t cell = p->board[v->goal_sq[c][i]];
        reached[c] = cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c &&
                     IS_SET(v->goal_types, CELL_TYPE(cell));
      }
    if (!v->goal_reply && reached[us ^ 1]) {
      *result = invert_result(v->goal);
      return END_GOAL;
    }
    if (v->goal_reply && reached[us]) {
      *result = reached[us ^ 1] && us == WHITE ? RESULT_DRAW : v->goal;
      return END_GOAL;
    }
  }
  return 0;
}

/* Where captures blast: may the king castle along its path? It may not
** leave or cross a square attacked with the king lifted (or, after the
** move, enter one), unless an enemy royal piece stands in the blast of a
** capture there. */
static int blast_castle_path(Position *p, Move m) {
  int ksq = MOVE_FROM(m), kt = move_destination(p, m), them = p->side ^ 1;
  int dir = kt > ksq ? 1 : -1, ok = 1;
  uint8_t king = p->board[ksq];
  p->board[ksq] = CELL_EMPTY;
  for (int sq = ksq; ok; sq += dir) { /* the king's square even when it stays */
    if (!blast_shielded(p, sq, p->side) && attacked(p, sq, them)) ok = 0;
    if (sq + dir == kt || sq == kt) break;
  }
  p->board[ksq] = king;
  return ok;
}

/* Tries the move on the board. */
static int survives(Position *p, Move m) {
  Undo u;
  int us = p->side;
  if (!p->v->gate_shields) { /* judged as the move without its gated piece */
    if (MOVE_FLAG(m) == MF_GATE) m = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_NORMAL, 0);
    if (MOVE_FLAG(m) == MF_CASTLE) m = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_CASTLE, CASTLE_SIDE(m));
  }
  if (p->v->nblast) {
    if (MOVE_FLAG(m) == MF_CASTLE && !blast_castle_path(p, m)) return 0;
    /* A blast may not take a royal piece of the mover's; taking one of the
    ** opponent's wins, whatever it leaves attacked. */
    int ours = royal_count(p, us), theirs = royal_count(p, us ^ 1);
    pos_make(p, m, &u);
    int ok = royal_count(p, us) == ours &&
             (royal_count(p, us ^ 1) < theirs || !royal_attacked(p, us));
    pos_unmake(p, m, &u);
    return ok;
  }
  pos_make(p, m, &u);
  int ok = !royal_attacked(p, us);
  pos_unmake(p, m, &u);
  return ok;
}

#define IS_WATCHED(w, sq) ((w)[(sq) >> 6] >> ((sq) & 63) & 1)
#define WATCH(w, sq) ((w)[(sq) >> 6] |= 1ull << ((sq) & 63))

/* Pieces of colour own alone between square ksq and a rider of colour by
** (pinned pieces when by is the opponent, pieces that can give discovered
** check when by is own), each marked in watch. Returns whether there is
** one. */
static int mark_line_blockers(const Position *p, int ksq, int by, int own, uint64_t *watch) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int any = 0;
  for (int r = 0; r < v->nrays[by]; r++) {
    const Ray *ray = &v->ray[by][r];
    if (ray->reach < 2) continue;
    int to = ksq, first = SQ_NONE;
    for (int k = 1; k <= ray->reach; k++) {
      to += ray->off;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c == CELL_OFF) break;
      if (first == SQ_NONE) {
        if (CELL_COLOUR(c) != own) break;
        first = to;
        continue;
      }
      if (CELL_COLOUR(c) == by && IS_SET(ray->mask[k], CELL_TYPE(c))) {
        WATCH(watch, first);
        any = 1;
      }
      break;
    }
  }
  return any;
}

/* The side to move's king on ksq, with one walk along each of the
** opponent's rays: is it attacked (the rays' pieces; special attackers
** are asked apart)? If not, its pinned pieces are marked in watch and
** *pins says whether there is one. */
static int king_rays(const Position *p, int ksq, uint64_t *watch, int *pins) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int us = p->side, them = us ^ 1;
  const Ray *r = v->ray[them], *end = r + v->nrays[them];
  for (; r < end; r++) {
    int to = ksq, own = SQ_NONE;
    for (int k = 1; k <= r->reach; k++) {
      to += r->off;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c == CELL_OFF) break;
      int hit = CELL_COLOUR(c) == them && IS_SET(r->mask[k], CELL_TYPE(c));
      if (own == SQ_NONE) {
        if (hit) return 1;
        if (CELL_COLOUR(c) != us) break;
        own = to; /* may be pinned: look beyond it */
        continue;
      }
      if (hit) {
        WATCH(watch, own);
        *pins = 1;
      }
      break;
    }
  }
  return 0;
}

/* For each piece of theirs that attacks in a way the ray tables leave out
** (Variant.special_attackers) and could reach the king on ksq from where
** it stands: the squares its capturing steps would pass on the way, where
** a piece arriving or leaving may open, close or make a screen. Returns
** whether it marked any. */
static int mark_special_lines(const Position *p, int ksq, uint64_t *watch) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int them = p->side ^ 1, any = 0;
  const uint32_t *near = v->capture_offset[them] + MAX_SQUARES + ksq;
  for (int i = 0; i < p->npieces[them]; i++) {
    int from = p->plist[them][i], t = CELL_TYPE(b[from]);
    if (!IS_SET(v->special_attackers[them] & near[-from], t)) continue;
    const Step *s = v->step[them][t], *end = s + v->nsteps[them][t];
    for (; s < end; s++) {
      if (!(s->modes & MODE_CAPTURE)) continue;
      if (s->path == PATH_LAME) {
        if (from + s->off == ksq)
          for (int l = 0; l < s->nlame; l++, any = 1) WATCH(watch, from + s->lame[l]);
        continue;
      }
      /* along a line: stop at the king or the board's edge */
      int range = s->path == PATH_SLIDE ? s->range : MAX_FILES + MAX_RANKS, to = from + s->off;
      for (int k = 1; k <= range && to != ksq && b[to] != CELL_OFF; k++) to += s->off;
      if (to != ksq) continue;
      for (int sq = from + s->off; sq != ksq; sq += s->off, any = 1) WATCH(watch, sq);
    }
  }
  return any;
}

/* The moves attacked_after() can try on the board alone, where they
** change only their from and to squares: an ordinary move, a double step,
** a promotion, a drop, a pass (and no rule changes more: blasts, owners
** of squares, a second royal piece). */
#define BOARD_TRIAL_FLAGS \
  (1u << MF_NORMAL | 1u << MF_DOUBLE | 1u << MF_PROMO | 1u << MF_DROP | 1u << MF_PASS)
static inline int board_trial(const Variant *v, Move m) {
  int flag = MOVE_FLAG(m);
  return (BOARD_TRIAL_FLAGS >> flag & 1) && !v->nblast && !v->has_owner &&
         !((flag == MF_PROMO || flag == MF_DROP) && IS_SET(v->royal_mask, MOVE_PROMO(m) - 1));
}

/* Is sq, or where the piece on sq goes when m moves it, attacked by
** colour by once m (board_trial) is played? The move is made on the
** board, the piece lists and the moving piece's attribute, as pos_make
** would leave them for the attack test (a piece taken stays listed, and
** attacked() passes it over), and taken back. */
static int attacked_after(Position *p, Move m, int sq, int by) {
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m), us = p->side;
  uint8_t *b = p->board, fc = b[from], tc = b[to], fa = p->attr[from], ta = p->attr[to];
  int moved = flag != MF_DROP && from != to, idx = moved ? p->pidx[from] : 0;
  uint8_t cell = flag == MF_PROMO || flag == MF_DROP ? MAKE_CELL(us, MOVE_PROMO(m) - 1) : fc;
  b[from] = CELL_EMPTY;
  b[to] = cell;
  p->attr[to] = flag == MF_PROMO ? (uint8_t)v->promoted_bit
                : flag == MF_DROP ? 0 : (uint8_t)(fa & ~UNMOVED_BIT);
  if (moved) p->plist[us][idx] = (uint16_t)to;
  int hit = attacked(p, sq == from ? to : sq, by);
  if (moved) p->plist[us][idx] = (uint16_t)from;
  p->attr[to] = ta;
  p->attr[from] = fa;
  b[to] = tc;
  b[from] = fc;
  return hit;
}

/* Does move m leave the side's one royal piece, on ksq, unattacked? For
** legal_of(), where blasts and owners of squares are ruled out: in check
** every move is tried; out of it, the royal piece's moves and those that
** leave or enter a square of watch (NULL: none). */
static inline int move_survives(Position *p, Move m, int ksq, int in_check, const uint64_t *watch) {
  int from = MOVE_FROM(m), flag = MOVE_FLAG(m);
  if (!(BOARD_TRIAL_FLAGS >> flag & 1) ||
      ((flag == MF_PROMO || flag == MF_DROP) && IS_SET(p->v->royal_mask, MOVE_PROMO(m) - 1)))
    return survives(p, m);
  if (in_check || from == ksq ||
      (watch && (IS_WATCHED(watch, from) || IS_WATCHED(watch, MOVE_TO(m)))))
    return !attacked_after(p, m, ksq, p->side ^ 1);
  return 1;
}

/* Of the n pseudo-legal moves in list, the legal ones of the side's
** pieces (or the relocations of a relocation step). */
static int legal_of(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1;
  if (v->royal_capture || p->royal[us] == SQ_NONE ||
      v->phase[p->phase].kind == PHASE_RELOCATE || v->phase[p->phase].kind == PHASE_DRAW)
    return n;

  if (v->facing_break && kings_facing(p)) {
    /* Facing: every move must break it, or be a pass, which is legal even
    ** in check. */
    int k = 0;
    for (int i = 0; i < n; i++) {
      Undo u;
      int ok = 1;
      if (MOVE_FLAG(list[i]) != MF_PASS) {
        pos_make(p, list[i], &u);
        ok = !royal_attacked(p, us) && !kings_facing(p);
        pos_unmake(p, list[i], &u);
      }
      if (ok) list[k++] = list[i];
    }
    return k;
  }
  int ksq = p->royal[us];
  if (v->nblast || v->has_owner || royal_count(p, us) != 1) {
    int k = 0;
    for (int i = 0; i < n; i++)
      if (survives(p, list[i])) list[k++] = list[i];
    return k;
  }

  /* Out of check, a move that neither leaves nor enters a square of
  ** watch[] cannot leave the king attacked: only pieces that change what
  ** stands on a line to the king can. The squares are the pinned pieces
  ** (alone between the king and a rider of theirs) and, for the pieces
  ** whose attacks depend on more than one blocker (hoppers, lame leapers,
  ** grasshoppers, steps a condition switches), every square between such
  ** a piece and the king that its step would pass. In check, every move is
  ** tried. */
  uint64_t watch[(MAX_SQUARES + 63) / 64];
  int watching = 0;
  memset(watch, 0, sizeof watch);
  int in_check = king_rays(p, ksq, watch, &watching) || attacked_specially(p, ksq, them);
  if (!in_check && v->special_attackers[them]) watching |= mark_special_lines(p, ksq, watch);
  int k = 0;
  if (!in_check && !watching) {
    /* the common case: only the king's moves and the rarer flags are tried */
    for (int i = 0; i < n; i++) {
      Move m = list[i];
      if (MOVE_FROM(m) != ksq && ((1u << MF_NORMAL | 1u << MF_DOUBLE) >> MOVE_FLAG(m) & 1))
        list[k++] = m;
      else if (move_survives(p, m, ksq, 0, NULL))
        list[k++] = m;
    }
    return k;
  }
  for (int i = 0; i < n; i++)
    if (move_survives(p, list[i], ksq, in_check, watching ? watch : NULL)) list[k++] = list[i];
  return k;
}

/* The legal moves where a script writes rules: the hooks may end the
** game, take moves from the core's and add their own; every move is then
** made with its effects and judged by the hooks' legality, or by whether
** it leaves a royal piece of the mover's attacked as the hooks judge
** attack. */
static int rules_legal_moves(Position *p, Move *list) {
  const Variant *v = p->v;
  const RuleHooks *r = v->rules;
  int result, us = p->side, kind = v->phase[p->phase].kind;
  if (r->failed) return 0;
  if (v->has_terminal && pos_terminal(p, &result)) return 0;
  if (r->terminal && r->terminal(r->ctx, p, NULL, 0)) return 0;
  int n = gen_pseudo(p, list);
  if (n == 0 && v->must_drop && v->drops) n = gen_pseudo_all(p, list);
  if (r->moves && !r->failed) n = r->moves(r->ctx, p, list, n);
  if (r->failed) return 0;
  int judged = kind != PHASE_RELOCATE && kind != PHASE_DRAW;
  int check_rule = !v->royal_capture && v->royal_mask;
  if (!judged || (!r->legal && !check_rule)) return n;
  /* The moves whose making and judging no hook touches are plain: the
  ** core's fast test (pins, watched squares) judges them together, since
  ** a hook's attack only takes attacks away; those it refuses are tried
  ** again where a hook says what counts as attack. The others are made
  ** with their effects and judged one by one. */
  Move plain[MAX_MOVES], special[MAX_MOVES];
  int np = 0, ns = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int capture = r->legal_on == HOOK_ON_CAPTURES || r->effects_on == HOOK_ON_CAPTURES ? move_captures(p, m) : 0;
    int by_hook = MOVE_FLAG(m) == MF_SCRIPT || (r->attacked && r->attacked_all) ||
                  (r->legal && (r->legal_on == HOOK_ON_ALL || capture)) ||
                  (r->effects && (r->effects_on == HOOK_ON_ALL || (r->effects_on == HOOK_ON_CAPTURES && capture)));
    if (by_hook) special[ns++] = m;
    else plain[np++] = m;
  }
  int k = 0;
  if (np) {
    Move kept[MAX_MOVES];
    memcpy(kept, plain, sizeof(Move) * (size_t)np);
    int nk = legal_of(p, kept, np);
    if (!r->attacked || nk == np) {
      memcpy(list, kept, sizeof(Move) * (size_t)nk);
      k = nk;
    } else { /* the plain moves in order, the refused ones judged again */
      for (int i = 0, j = 0; i < np && !r->failed; i++) {
        int ok = j < nk && kept[j] == plain[i];
        if (ok) j++;
        else if (check_rule) {
          Undo u;
          pos_make(p, plain[i], &u);
          ok = !royal_attacked(p, us);
          pos_unmake(p, plain[i], &u);
        }
        if (ok) list[k++] = plain[i];
      }
    }
  }
  for (int i = 0; i < ns && !r->failed; i++) {
    Undo u;
    Move m = special[i];
    move_make(p, m, &u);
    int ok = r->legal && (r->legal_on == HOOK_ON_ALL || u.captured != CELL_EMPTY) ? r->legal(r->ctx, p, m, us) : -1;
    if (ok < 0) ok = !check_rule || !royal_attacked(p, us);
    move_unmake(p, m, &u);
    if (ok) list[k++] = m;
  }
  return r->failed ? 0 : k;
}

/* The legal moves. Where a drop is compulsory (drops.must) but none is
** legal (in check, none blocks it), the pieces move instead, as in
** Fairy-Stockfish. */
static int legal_moves(Position *p, Move *list) {
  const Variant *v = p->v;
  int result;
  if (v->rules) return rules_legal_moves(p, list);
  if (v->has_terminal && pos_terminal(p, &result)) return 0;
  int n = legal_of(p, list, gen_pseudo(p, list));
  if (n == 0 && v->must_drop && v->drops) n = legal_of(p, list, gen_pseudo_all(p, list));
  return n;
}

int move_destination(const Position *p, Move m) {
  if (MOVE_FLAG(m) != MF_CASTLE) return MOVE_TO(m);
  return board_square(&p->v->geo, p->v->castle_king_file[CASTLE_SIDE(m)],
                      p->v->sq_rank[MOVE_FROM(m)]);
}

/* The squares (with a promotion piece where a pawn would promote there)
** that the side's moves reach: the names of a target step. */
static int target_names(const Position *p, const Move *moves, int n, Move *list) {
  const Variant *v = p->v;
  int k = 0;
  for (int i = 0; i < n; i++) {
    int to = move_destination(p, moves[i]);
    int promo = MOVE_FLAG(moves[i]) == MF_PROMO ? MOVE_PROMO(moves[i]) : 0;
    int promotes_there = 0, pieces = 0;
    /* A square a pawn would promote on is named with the piece. */
    for (int j = 0; j < n; j++)
      if (move_destination(p, moves[j]) == to && MOVE_FLAG(moves[j]) == MF_PROMO) promotes_there = 1;
    if (promotes_there && !promo) continue; /* named through the promotion moves */
    if (v->unique_destination) {
      for (int j = 0; j < n; j++) {
        if (move_destination(p, moves[j]) != to) continue;
        int dup = 0;
        for (int q = 0; q < j; q++)
          if (move_destination(p, moves[q]) == to && MOVE_FROM(moves[q]) == MOVE_FROM(moves[j])) dup = 1;
        if (!dup) pieces++;
      }
      if (pieces > 1) continue;
    }
    Move name = MAKE_MOVE(0, to, MF_TARGET, promo);
    int dup = 0;
    for (int j = 0; j < k; j++)
      if (list[j] == name) dup = 1;
    if (!dup) list[k++] = name;
  }
  return k;
}

/* The moves to the named square, as the chooser may pick them. */
static int target_choices(const Position *p, const Move *moves, int n, Move *list) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    if (move_destination(p, moves[i]) != p->target) continue;
    if (MOVE_FLAG(moves[i]) == MF_PROMO && MOVE_PROMO(moves[i]) != p->target_promo) continue;
    list[k++] = moves[i];
  }
  return k;
}

/* Where a capture, when there is one, is compulsory:
** the captures alone, if any, of the n legal moves in list. */
static int compulsory_captures(const Position *p, Move *list, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (move_captures(p, list[i])) list[k++] = list[i];
  return k ? k : n;
}

/* Where giving check is not allowed: the n moves in list
** that leave the opponent's royal pieces unattacked. */
static int without_checks(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int k = 0, us = p->side, them = us ^ 1;
  /* On the board alone where one royal piece of theirs can be attacked
  ** and nothing that moves keeps a memory of its diagonal steps. Where
  ** our pieces all attack along the ray tables, a move can only check by
  ** its piece landing where its type could capture the king (the offset
  ** table says), or by uncovering a line from a blocker marked here. */
  int quick = royal_count(p, them) == 1 && !v->diagonal_once_bit, ksq = p->royal[them];
  int lines = quick && !v->special_attackers[us] && !v->facing_illegal; /* (facing: no offsets) */
  uint64_t watch[(MAX_SQUARES + 63) / 64];
  if (lines) {
    memset(watch, 0, sizeof watch);
    mark_line_blockers(p, ksq, us, us, watch);
  }
  const uint32_t *near = v->capture_offset[us] + MAX_SQUARES + ksq;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int check, from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
    if (quick && board_trial(v, m)) {
      int t = flag == MF_PROMO || flag == MF_DROP ? MOVE_PROMO(m) - 1 : CELL_TYPE(p->board[from]);
      if (lines && flag != MF_PASS && !IS_WATCHED(watch, from) && !IS_SET(near[-to], t))
        check = 0;
      else
        check = attacked_after(p, m, ksq, us);
    } else {
      Undo u;
      pos_make(p, m, &u);
      check = royal_attacked(p, them);
      pos_unmake(p, m, &u);
    }
    if (!check) list[k++] = m;
  }
  return k;
}

/* Where royal pieces may not face each other: does the royal piece on
** from face the one on sq, on one file with nothing between them? */
static int faces(const Position *p, int from, int sq) {
  const Variant *v = p->v;
  return v->facing_illegal && IS_SET(v->royal_mask, CELL_TYPE(p->board[from])) &&
         open_file_between(p, from, sq);
}

int royal_checkers(const Position *p, int c, int *from, int *royal, int max) {
  int n = 0;
  for (int i = 0; i < p->npieces[c]; i++) {
    int ksq = p->plist[c][i];
    if (!(p->v->royal_mask >> CELL_TYPE(p->board[ksq]) & 1)) continue;
    if (p->v->nblast && blast_shielded(p, ksq, c)) continue;
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

int checkmate_result(const Position *p) {
  const Variant *v = p->v;
  if (v->drop_mate_loses && p->dropped == v->drop_mate_loses) return RESULT_WIN;
  if (v->mate_by != RESULT_NONE) {
    uint32_t checking = checking_types(p, p->side);
    if (checking && !(checking & ~v->mate_by_types)) return v->mate_by;
  }
  if (v->mate_series != RESULT_NONE && !p->series[p->side]) return v->mate_series;
  return v->checkmate;
}

/* Where a king in check may not step away (as Fairy-Stockfish's rule
** has it): in check, of the n moves in list, a royal piece keeps only
** the capture of the checking piece, and none in double check. */
static int king_held(Position *p, Move *list, int n) {
  int checker, ksq;
  int checkers = royal_checkers(p, p->side, &checker, &ksq, 1);
  if (!checkers) return n;
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int royal = p->v->royal_mask >> CELL_TYPE(p->board[MOVE_FROM(m)]) & 1;
    if (!royal || (checkers == 1 && MOVE_TO(m) == checker && MOVE_FLAG(m) != MF_CASTLE))
      list[k++] = m;
  }
  return k;
}

int move_captures(const Position *p, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_EP) return 1;
  if (flag != MF_NORMAL && flag != MF_PROMO) return 0; /* castling, drops, cards, ... */
  return p->v->enemy[p->side][p->board[MOVE_TO(m)]];
}

/* Drops that check (drops.no_check), or checkmate with drop_no_mate's
** type, are illegal. */
static int drop_filters(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int k = 0, them = p->side ^ 1;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int ok = 1;
    if (MOVE_FLAG(m) == MF_DROP && (v->drop_no_check || MOVE_PROMO(m) == v->drop_no_mate)) {
      Undo u;
      Move replies[MAX_MOVES];
      pos_make(p, m, &u);
      if (royal_attacked(p, them))
        ok = !v->drop_no_check && legal_moves(p, replies) > 0;
      pos_unmake(p, m, &u);
    }
    if (ok) list[k++] = m;
  }
  return k;
}

/* Promotions that give check (promotion.no_check), or whose new piece
** attacks a piece of the opponent where it lands (promotion.no_attack),
** are illegal. */
static int promotion_filters(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int k = 0, them = p->side ^ 1;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int ok = 1;
    if (MOVE_FLAG(m) == MF_PROMO) {
      Undo u;
      pos_make(p, m, &u);
      if (v->promo_no_check && royal_attacked(p, them)) ok = 0;
      for (int j = 0; ok && v->promo_no_attack && j < p->npieces[them]; j++)
        if (piece_attacks(p, MOVE_TO(m), p->plist[them][j])) ok = 0;
      pos_unmake(p, m, &u);
    }
    if (ok) list[k++] = m;
  }
  return k;
}

int gen_legal(Position *p, Move *list) {
  int kind = p->v->phase[p->phase].kind;
  const Variant *v = p->v;
  if (kind == PHASE_MOVE && v->legal_filters) {
    int n = legal_moves(p, list);
    if (v->drop_no_mate || v->drop_no_check) n = drop_filters(p, list, n);
    if (v->promo_no_check || v->promo_no_attack) n = promotion_filters(p, list, n);
    if (p->v->no_check) n = without_checks(p, list, n);
    if (p->v->king_held) n = king_held(p, list, n);
    return p->v->must_capture ? compulsory_captures(p, list, n) : n;
  }
  if (kind != PHASE_TARGET && kind != PHASE_CHOOSE) return legal_moves(p, list);
  Move moves[MAX_MOVES];
  int n = legal_moves(p, moves);
  return kind == PHASE_TARGET ? target_names(p, moves, n, list)
                              : target_choices(p, moves, n, list);
}

void rules_after_make(Position *p, Move m, Undo *u) {
  const RuleHooks *r = p->v->rules;
  if (r->failed) return;
  if (r->effects &&
      (r->effects_on == HOOK_ON_ALL || MOVE_FLAG(m) == MF_SCRIPT ||
       (r->effects_on == HOOK_ON_CAPTURES ? u->captured != CELL_EMPTY
                                          : royal_attacked(p, u->side ^ 1))))
    r->effects(r->ctx, p, m, u);
  if (r->turn_ends && !r->failed) {
    int ends = r->turn_ends(r->ctx, p, m, u);
    /* as the program says: the turn ends after its last step */
    if (ends < 0) ends = u->phase + 1 >= p->v->nphases;
    /* a turn program of one step cannot go on */
    if (ends || p->phase == 0) pos_end_turn(p);
  }
}

int move_is_legal(Position *p, Move m) {
  Move list[MAX_MOVES];
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}

int gen_piece(const Position *p, int from, int t, Move *list) {
  const Step *s = p->v->step[p->side][t];
  return gen_steps(p, list, 0, from, t, s, s + p->v->nsteps[p->side][t]);
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
