/*
** position.c - state, make/unmake, Zobrist hashing (FEN: fen.c).
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "position_inline.h"
#include "splitmix.h"

static inline uint64_t zkey(const Variant *v, int cell, int sq) {
  return v->zobrist[cell * v->geo.nsq + sq];
}

/* Piece lists: put_piece() and remove_piece() are in position_inline.h. */


/* Card zones (0 deck, 1 discard, 2 and 3 the hands), lost pieces and
** pending draws in the hash: one key per (zone, value, count). */
static inline uint64_t card_key(const Variant *v, int zone, int value, int count) {
  return count ? splitmix_mix(v->zobrist_cards + (uint64_t)((zone * 64 + value) * 256 + count)) : 0;
}
static inline uint64_t lost_key(const Variant *v, int c, int t, int count) {
  return count ? splitmix_mix(v->zobrist_lost + (uint64_t)((c * 64 + t) * 256 + count)) : 0;
}

/* Changes a zone's count of a value, with the hash. */
static inline uint64_t zone_add(const Variant *v, uint8_t *zone, int id, int value, int delta) {
  uint64_t k = card_key(v, id, value, zone[value]);
  zone[value] = (uint8_t)(zone[value] + delta);
  return k ^ card_key(v, id, value, zone[value]);
}

/* Gates in the hash: one key per (colour, file). */
static inline uint64_t gate_key(const Variant *v, int c, int file) {
  return splitmix_mix(v->zobrist_gate + (uint64_t)(c * 64 + file));
}
/* Closes colour c's gate on sq, if it has one there; returns the hash change. */
static uint64_t close_gate(Position *p, int c, int sq) {
  const Variant *v = p->v;
  int f = board_file(&v->geo, sq);
  if (board_rank(&v->geo, sq) != variant_castle_rank(v, c) || !(p->gates[c] >> f & 1)) return 0;
  p->gates[c] &= (uint16_t) ~(1u << f);
  return gate_key(v, c, f);
}

/* Pockets in the hash: one key per (colour, type, count). */
static inline uint64_t pocket_key(const Variant *v, int c, int t, int count) {
  return count ? splitmix_mix(v->zobrist_pocket + (uint64_t)((c * 64 + t) * 256 + count)) : 0;
}
static inline uint64_t pocket_add(Position *p, int c, int t, int delta) {
  uint64_t k = pocket_key(p->v, c, t, p->pocket[c][t]);
  p->pocket[c][t] = (uint8_t)(p->pocket[c][t] + delta);
  return k ^ pocket_key(p->v, c, t, p->pocket[c][t]);
}
/* The type a captured piece joins the capturer's pocket as: a promoted
** piece returns to the type that promoted, unless the variant keeps it. */
static inline int pocket_type(const Variant *v, uint8_t cell, uint8_t attr) {
  return (attr & v->promoted_bit) ? v->unpromoted_type : v->pocket_as[CELL_TYPE(cell)];
}

static inline uint64_t lost_add(Position *p, int c, int t, int delta) {
  uint64_t k = lost_key(p->v, c, t, p->lost[c][t]);
  p->lost[c][t] = (uint8_t)(p->lost[c][t] + delta);
  return k ^ lost_key(p->v, c, t, p->lost[c][t]);
}

/* Checks given by colour c, in the hash when not zero. */
static inline uint64_t checks_key(const Variant *v, int c, int count) {
  return count ? splitmix_mix(v->zobrist_checks + (uint64_t)(c * 256 + count)) : 0;
}

void pos_count_check(Position *p, int c) {
  p->key ^= checks_key(p->v, c, p->checks[c]);
  p->checks[c]++;
  p->key ^= checks_key(p->v, c, p->checks[c]);
}

static uint64_t cards_key(const Position *p) {
  const Variant *v = p->v;
  uint64_t k = 0;
  for (int val = 1; val <= v->ncard_values; val++)
    k ^= card_key(v, 0, val, p->deck[val]) ^ card_key(v, 1, val, p->discard[val]) ^
         card_key(v, 2, val, p->hand[0][val]) ^ card_key(v, 3, val, p->hand[1][val]);
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) k ^= lost_key(v, c, t, p->lost[c][t]);
  if (p->pending_draws) k ^= splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws);
  return k;
}

/* May the side to move draw a card now? */
static int draw_possible(const Position *p) {
  return p->pending_draws > 0 && cards_in(p->deck, p->v->ncard_values) > 0 &&
         cards_in(p->hand[p->side], p->v->ncard_values) < p->v->hand_max;
}

/* The values of the two cards that name square sq for colour c: the rank
** counted from c's side, the file from the a-file. */
void pos_card_values(const Position *p, int c, int sq, int *rank_value, int *file_value) {
  const Geometry *g = &p->v->geo;
  int r = board_rank(g, sq);
  *rank_value = c == WHITE ? r + 1 : g->ranks - r;
  *file_value = board_file(g, sq) + 1;
}

static inline uint64_t attr_key(const Variant *v, int sq, int a);

/* A card play's effect on the piece on sq: another type, or a toggled
** attribute. Its own inverse, so unmake calls it again. */
static uint64_t card_effect(Position *p, int sq) {
  const Variant *v = p->v;
  uint8_t cell = p->board[sq];
  int t = CELL_TYPE(cell), c = CELL_COLOUR(cell);
  uint64_t k = 0;
  if (v->card_flip[t]) {
    uint8_t now = MAKE_CELL(c, v->card_flip[t] - 1);
    k ^= zkey(v, cell, sq) ^ zkey(v, now, sq);
    retype_piece(p, sq, now);
  } else {
    k ^= attr_key(v, sq, p->attr[sq]);
    p->attr[sq] ^= (uint8_t)v->card_toggle_bit;
    k ^= attr_key(v, sq, p->attr[sq]);
  }
  return k;
}

/* A piece's attribute contributes to the hash only when it is not zero. */
static inline uint64_t attr_key(const Variant *v, int sq, int a) {
  return a ? v->zobrist_attr * (uint64_t)(sq * 256 + a) : 0;
}

/* A hook's state slot in the hash, when not zero. */
static inline uint64_t state_key(int slot, int32_t value) {
  return value ? splitmix_mix(0x5EED5107A7E00000ull + (uint64_t)slot * 0x100000000ull + (uint32_t)value) : 0;
}

static int ep_key_index(const Position *p) {
  return p->ep == SQ_NONE ? -1 : board_file(&p->v->geo, p->ep);
}

/* The en passant squares' share of the hash (only when p->ep is set): the
** file's key, turned when a second square can be taken too. */
static inline uint64_t ep_key(const Position *p) {
  uint64_t k = p->v->zobrist_ep[ep_key_index(p)];
  return p->ep2 == SQ_NONE ? k : k ^ (k << 17 | k >> 47);
}

uint64_t pos_compute_key(const Position *p) {
  const Variant *v = p->v;
  uint64_t k = 0;
  for (int c = 0; c < NCOLOURS; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i];
      k ^= zkey(v, p->board[sq], sq) ^ attr_key(v, sq, p->attr[sq]);
    }
  if (p->side == BLACK) k ^= v->zobrist_side;
  k ^= v->zobrist_castle[p->castle] ^ v->zobrist_phase[p->phase];
  if (p->ep != SQ_NONE) k ^= ep_key(p);
  if (p->takeback_from != SQ_NONE)
    k ^= v->zobrist_takeback * (uint64_t)(p->takeback_from * 1024 + p->takeback_to);
  if (p->target != SQ_NONE) k ^= v->zobrist_target * (uint64_t)(p->target * 64 + p->target_promo + 1);
  if (v->ncard_values || v->promote_to_lost) k ^= cards_key(p);
  if (v->pockets)
    for (int c = 0; c < 2; c++) {
      for (int t = 0; t < v->ntypes; t++) k ^= pocket_key(v, c, t, p->pocket[c][t]);
      for (int f = 0; f < v->geo.files; f++)
        if (p->gates[c] >> f & 1) k ^= gate_key(v, c, f);
    }
  k ^= checks_key(v, WHITE, p->checks[WHITE]) ^ checks_key(v, BLACK, p->checks[BLACK]);
  k ^= v->zobrist_pass * (uint64_t)p->passes;
  for (int i = 0; i < POS_STATE_SLOTS; i++) k ^= state_key(i, p->state[i]);
  return k;
}

/* After colour c lost the royal piece it was tracking: another of its
** royal pieces, if it has one (a side may have several). */
static void refind_royal(Position *p, int c) {
  p->royal[c] = SQ_NONE;
  for (int i = 0; i < p->npieces[c]; i++) {
    int sq = p->plist[c][i];
    if (p->v->royal_mask >> CELL_TYPE(p->board[sq]) & 1) {
      p->royal[c] = sq;
      return;
    }
  }
}

/* castling.from_drops: a king dropped on its file of the castling rank
** gains the rights with the rooks on the corners of that rank, a rook
** dropped on a corner gains it if the king stands there. Returns the
** hash change. */
static uint64_t castle_by_drop(Position *p, int us, int t, int to) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int rank = variant_castle_rank(v, us);
  if (board_rank(g, to) != rank) return 0;
  int ksq = board_square(g, v->castle_drop_file, rank), rooks[2] = {SQ_NONE, SQ_NONE};
  uint8_t rook = MAKE_CELL(us, v->castle_rook_type), king = MAKE_CELL(us, v->castle_king_type);
  int corner[2] = {board_square(g, g->files - 1, rank), board_square(g, 0, rank)};
  for (int side = 0; side < 2; side++) {
    if (to == ksq && t == v->castle_king_type && p->board[corner[side]] == rook) rooks[side] = corner[side];
    if (to == corner[side] && t == v->castle_rook_type && p->board[ksq] == king) rooks[side] = to;
  }
  int before = p->castle;
  for (int side = 0; side < 2; side++)
    if (rooks[side] != SQ_NONE) {
      p->castle |= 1 << (us * 2 + side);
      p->castle_rook[us * 2 + side] = rooks[side];
    }
  return v->zobrist_castle[before] ^ v->zobrist_castle[p->castle];
}

/* Gating, after the move itself: the squares left close their gates (and
** a captured piece's square its side's), and a gated piece enters. */
static uint64_t gate_in(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  int us = u->side, from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m), type = 0, sq = from;
  uint64_t k = close_gate(p, us, from);
  if (flag == MF_CASTLE) {
    k ^= close_gate(p, us, to);
    type = CASTLE_GATE(m);
    if (m & MOVE_GATE_ON_ROOK) sq = to;
  } else {
    if (u->captured != CELL_EMPTY) k ^= close_gate(p, us ^ 1, flag == MF_EP ? u->ep_victim : to);
    if (flag == MF_GATE) type = MOVE_PROMO(m);
  }
  if (type) {
    uint8_t cell = MAKE_CELL(us, type - 1);
    k ^= pocket_add(p, us, v->pocket_as[type - 1], -1);
    put_piece(p, sq, cell);
    p->attr[sq] = 0;
    k ^= zkey(v, cell, sq);
  }
  /* With nothing left to gate and no captures to refill the pocket, the
  ** gates are gone (as Fairy-Stockfish closes them). */
  if (!v->capture_to_pocket && p->gates[us] && !pos_pocket_size(p, us)) {
    for (int f = 0; f < v->geo.files; f++)
      if (p->gates[us] >> f & 1) k ^= gate_key(v, us, f);
    p->gates[us] = 0;
  }
  return k;
}

/* Moves a piece with its attribute; returns the hash change. */
static inline uint64_t move_piece(Position *p, int from, int to, uint8_t cell) {
  const Variant *v = p->v;
  uint8_t a = p->attr[from];
  uint64_t k = zkey(v, cell, from) ^ zkey(v, cell, to);
  if (a) {
    k ^= attr_key(v, from, a) ^ attr_key(v, to, a);
    p->attr[from] = 0;
  }
  remove_piece(p, from);
  put_piece(p, to, cell);
  p->attr[to] = a;
  return k;
}

/* Gives the piece on sq to the owner of sq, if the variant has owners;
** returns the hash change. */
static inline uint64_t take_owner(Position *p, int sq, int *flipped) {
  const Variant *v = p->v;
  uint8_t cell = p->board[sq];
  int own = v->owner[sq];
  if (own == OWNER_NONE || CELL_COLOUR(cell) == NEUTRAL || CELL_COLOUR(cell) == own)
    return 0;
  uint8_t now = MAKE_CELL(own, CELL_TYPE(cell));
  remove_piece(p, sq);
  put_piece(p, sq, now);
  if (v->royal_mask >> CELL_TYPE(cell) & 1) {
    if (p->royal[own ^ 1] == sq) refind_royal(p, own ^ 1);
    p->royal[own] = sq;
  }
  *flipped = 1;
  return zkey(v, cell, sq) ^ zkey(v, now, sq);
}

/* A capture's blast around sq (Variant.blast_radius): removes the piece
** on sq (the capturer) and every piece around that is not immune, and the
** castling rights of the squares emptied; records them in u. Returns the
** hash change. */
static uint64_t blast(Position *p, int sq, Undo *u) {
  const Variant *v = p->v;
  uint64_t k = 0;
  int n = 0, clear = 0xF;
  uint32_t emptied = 0;
  for (int i = 0; i < v->nblast; i++) {
    int at = sq + v->blast_off[i];
    uint8_t c = p->board[at];
    if (c == CELL_EMPTY || c == CELL_OFF || CELL_COLOUR(c) == NEUTRAL) continue;
    if (i > 0 && (v->blast_immune >> CELL_TYPE(c) & 1)) continue;
    if (i == 0 && (v->blast_survivors >> CELL_TYPE(c) & 1)) continue;
    emptied |= 1u << i;
    u->blast_sq[n] = (int16_t)at;
    u->blast_cell[n] = c;
    u->blast_attr[n] = p->attr[at];
    n++;
    k ^= zkey(v, c, at) ^ attr_key(v, at, p->attr[at]);
    /* where captures fill pockets, a piece the blast takes joins the
    ** pocket of the side it does not belong to (the capturer's own to
    ** the opponent), as Fairy-Stockfish's atomic crazyhouse */
    if (v->capture_to_pocket) k ^= pocket_add(p, CELL_COLOUR(c) ^ 1, pocket_type(v, c, p->attr[at]), +1);
    remove_piece(p, at);
    p->attr[at] = 0;
    clear &= p->castle_clear[at];
  }
  u->nblast = (uint8_t)n;
  if (p->phase + 1 < v->nphases && v->phase[p->phase + 1].kind == PHASE_RELOCATE &&
      !v->phase[p->phase + 1].instead) { /* a wall comes next */
    p->blasted_at = (int16_t)(sq + 1);
    p->blasted = emptied;
  }
  for (int c = 0; c < 2; c++)
    if (p->royal[c] != SQ_NONE && p->board[p->royal[c]] == CELL_EMPTY) refind_royal(p, c);
  if ((p->castle & clear) != p->castle) {
    k ^= v->zobrist_castle[p->castle] ^ v->zobrist_castle[p->castle & clear];
    p->castle &= clear;
  }
  return k;
}

/* A piece that moves loses UNMOVED_BIT; returns the change of the key. */
static inline uint64_t clear_unmoved(Position *p, int sq) {
  uint8_t a = p->attr[sq];
  p->attr[sq] = (uint8_t)(a & ~UNMOVED_BIT);
  return attr_key(p->v, sq, a) ^ attr_key(p->v, sq, p->attr[sq]);
}

/* A move of type mover has ended on to: the opponent's unmoved pieces on
** to's file or rank (on an empty board's lines) whose type is lined up by
** that mover lose UNMOVED_BIT. Each change is kept with the effects, which
** pos_unmake puts back. Returns the change of the key. */
static uint64_t lined_up(Position *p, int to, int mover, Undo *u) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int them = p->side ^ 1, file = board_file(g, to), rank = board_rank(g, to);
  uint64_t k = 0;
  for (int i = 0; i < p->npieces[them]; i++) {
    int sq = p->plist[them][i];
    uint8_t cell = p->board[sq], a = p->attr[sq];
    if (!(a & UNMOVED_BIT) || !(v->type[CELL_TYPE(cell)].lined_up_by >> mover & 1)) continue;
    if (board_file(g, sq) != file && board_rank(g, sq) != rank) continue;
    if (u->neffects >= MAX_EFFECTS) break; /* more than a board's two lines hold: never */
    u->effect_sq[u->neffects] = (int16_t)sq;
    u->effect_cell[u->neffects] = cell;
    u->effect_attr[u->neffects++] = a;
    p->attr[sq] = (uint8_t)(a & ~UNMOVED_BIT);
    k ^= attr_key(v, sq, a) ^ attr_key(v, sq, p->attr[sq]);
  }
  return k;
}

/* The turn is over: the other side moves, at the first step. Returns
** the hash k with the change (the phase's key is the caller's). */
static uint64_t end_turn(Position *p, uint64_t k) {
  const Variant *v = p->v;
  p->phase = 0;
  p->anchor = SQ_NONE;
  if (p->pending_draws) { /* owed but not drawable: forfeited */
    k ^= splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws);
    p->pending_draws = 0;
  }
  if (p->side == BLACK) p->fullmove++;
  p->side ^= 1;
  k ^= v->zobrist_side;
  return k;
}

/* What unmake needs and cannot recompute, saved before move m changes
** anything; the passes in a row and a named square, which every step
** changes. Returns the hash with those changes. */
static inline uint64_t save_undo(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  int flag = MOVE_FLAG(m);
  uint64_t k = p->key;
  memcpy(&u->key, &p->key, POS_RESTORED_SIZE);
  if (v->count_passes && (p->passes || flag == MF_PASS)) { /* passes in a row */
    k ^= v->zobrist_pass * (uint64_t)p->passes;
    p->passes = flag == MF_PASS ? p->passes + 1 : 0;
    k ^= v->zobrist_pass * (uint64_t)p->passes;
  }
  u->captured = CELL_EMPTY;
  u->captured_attr = 0;
  u->moved = CELL_EMPTY; /* a draw or a card play moves no piece */
  u->nblast = 0;
  u->neffects = 0;
  u->moved_attr = 0;
  memcpy(u->state, p->state, sizeof u->state);
  u->consumed = -1;
  u->last_step = p->last_step;
  p->dropped = flag == MF_DROP ? (uint8_t)MOVE_PROMO(m) : 0;

  if (p->target != SQ_NONE) {
    k ^= v->zobrist_target * (uint64_t)(p->target * 64 + p->target_promo + 1);
    p->target = SQ_NONE;
    p->target_promo = 0;
  }
  return k;
}

/* A card drawn from the deck into the hand (MF_DRAW). */
static inline uint64_t make_draw(Position *p, Move m, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side;
  int val = MOVE_PROMO(m);
  k ^= zone_add(v, p->deck, 0, val, -1) ^ zone_add(v, p->hand[us], 2 + us, val, +1);
  k ^= p->pending_draws ? splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws) : 0;
  p->pending_draws--;
  k ^= p->pending_draws ? splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws) : 0;
  p->rng = splitmix_mix(p->rng + SPLITMIX_GAMMA); /* the next chance step */
  return k;
}

/* Two cards played to name a square, and their effect there (MF_CARD). */
static inline uint64_t make_card_play(Position *p, Move m, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side, to = MOVE_TO(m);
  int rv, fv;
  pos_card_values(p, us, to, &rv, &fv);
  k ^= zone_add(v, p->hand[us], 2 + us, rv, -1) ^ zone_add(v, p->discard, 1, rv, +1);
  k ^= zone_add(v, p->hand[us], 2 + us, fv, -1) ^ zone_add(v, p->discard, 1, fv, +1);
  k ^= card_effect(p, to);
  if (p->ep != SQ_NONE) k ^= ep_key(p);
  p->ep = p->ep_victim = p->ep2 = SQ_NONE;
  p->halfmove++;
  return k;
}

/* A square named (MF_TARGET): nothing moves yet. */
static inline uint64_t make_target(Position *p, Move m, Undo *u, uint64_t k) {
  const Variant *v = p->v;
  int to = MOVE_TO(m);
  u->moved = CELL_EMPTY;
  p->target = to;
  p->target_promo = MOVE_PROMO(m);
  k ^= v->zobrist_target * (uint64_t)(to * 64 + p->target_promo + 1);
  return k;
}

/* A neutral piece put on an empty square (MF_PLACE). */
static inline uint64_t make_place(Position *p, Move m, uint64_t k) {
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m);
  uint8_t cell = MAKE_CELL(NEUTRAL, MOVE_PROMO(m) - 1);
  if (from != PLACE_FROM_NONE) {
    k ^= move_piece(p, from, to, cell);
  } else {
    put_piece(p, to, cell);
    p->attr[to] = 0;
    k ^= zkey(v, cell, to);
  }
  p->anchor = to;
  /* a piece put on the square a double step passed: no capture lands
  ** there now (a FEN read back has no en passant square either) */
  if (p->ep != SQ_NONE && (to == p->ep || to == p->ep2)) {
    k ^= ep_key(p);
    if (to == p->ep) p->ep = p->ep_victim = p->ep2 = SQ_NONE;
    else p->ep2 = SQ_NONE;
    if (p->ep != SQ_NONE) k ^= ep_key(p);
  }
  return k;
}

/* A piece from the pocket (MF_DROP). */
static inline uint64_t make_drop(Position *p, Move m, Undo *u, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side, to = MOVE_TO(m);
  uint8_t cell;
  int t = MOVE_PROMO(m) - 1;
  cell = MAKE_CELL(us, t);
  u->moved = cell;
  u->moved_attr = 0;
  if (!v->drop_unlimited) k ^= pocket_add(p, us, v->pocket_as[t], -1);
  put_piece(p, to, cell);
  p->attr[to] = 0;
  k ^= zkey(v, cell, to);
  if ((v->royal_mask >> t & 1) && p->royal[us] == SQ_NONE) p->royal[us] = to;
  if (v->castle_drop_file >= 0) k ^= castle_by_drop(p, us, t, to);
  if ((v->clock_mask >> t & 1) || v->drop_clock) p->halfmove = 0;
  p->anchor = to;
  return k;
}

/* Castling's own rules of the rights (apart, so that chess's castling
** stays as it was): the opponent's right on the same side goes
** (castling.opposite), and castling by a right that wins ends the game
** (castling.wins; unmake clears the mark). */
static __attribute__((noinline)) uint64_t castling_rights_rules(Position *p, int side, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side;
  if (v->castle_wins >> (us * 2 + side) & 1) p->castled_win = 1;
  if (v->castle_opposite && (p->castle >> ((us ^ 1) * 2 + side) & 1)) {
    int nc = p->castle & ~(1 << ((us ^ 1) * 2 + side));
    k ^= v->zobrist_castle[p->castle] ^ v->zobrist_castle[nc];
    p->castle = nc;
  }
  return k;
}

/* The king and the rook, each to its square (MF_CASTLE). */
static inline uint64_t make_castling(Position *p, Move m, Undo *u, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side, from = MOVE_FROM(m), to = MOVE_TO(m), flipped = 0;
  uint8_t cell = p->board[from];
  int side = CASTLE_SIDE(m), rank = board_rank(&v->geo, from);
  int kto = board_square(&v->geo, v->castle_king_file[side], rank);
  int rto = kto + (side == 0 ? -1 : 1);
  uint8_t rook = p->board[to];
  uint8_t ka = p->attr[from], ra = p->attr[to];
  u->rook_attr = ra;
  k ^= zkey(v, cell, from) ^ zkey(v, rook, to) ^ attr_key(v, from, ka) ^
       attr_key(v, to, ra);
  p->attr[from] = p->attr[to] = 0;
  if (v->unmoved_mask) { /* both have moved */
    ka &= (uint8_t)~UNMOVED_BIT;
    ra &= (uint8_t)~UNMOVED_BIT;
  }
  remove_piece(p, from);
  remove_piece(p, to);
  put_piece(p, kto, cell);
  put_piece(p, rto, rook);
  p->attr[kto] = ka;
  p->attr[rto] = ra;
  k ^= zkey(v, cell, kto) ^ zkey(v, rook, rto) ^ attr_key(v, kto, ka) ^
       attr_key(v, rto, ra);
  if (v->royal_mask >> CELL_TYPE(cell) & 1) p->royal[us] = kto;
  if (v->has_owner) {
    k ^= take_owner(p, kto, &flipped);
    k ^= take_owner(p, rto, &flipped);
  }
  p->anchor = kto;
  if (v->castle_opposite || v->castle_wins) k = castling_rights_rules(p, side, k);
  if (v->nphases > 1 && v->phase[p->phase + 1 < v->nphases ? p->phase + 1 : 0].shields) {
    p->castled_from = (int16_t)(from + 1); /* the relocation judges the path */
    p->castled_rook = (int16_t)(to + 1);
  }
  return k;
}

/* A piece's step, capture, promotion or double step. */
static inline __attribute__((always_inline)) uint64_t make_step(Position *p, Move m, Undo *u, uint64_t k) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int flipped = 0;
  uint8_t cell = p->board[from];
  int capsq = flag == MF_EP ? u->ep_victim : to;
  uint8_t captured = capsq == from ? CELL_EMPTY : p->board[capsq]; /* promoted in place */
  if (captured != CELL_EMPTY) {
    u->captured = captured;
    u->captured_attr = p->attr[capsq];
    k ^= zkey(v, captured, capsq) ^ attr_key(v, capsq, p->attr[capsq]);
    remove_piece(p, capsq);
    p->attr[capsq] = 0;
    p->halfmove = 0;
    if (p->royal[them] == capsq) refind_royal(p, them);
    if (v->has_points) p->score[us] += v->type[CELL_TYPE(captured)].points;
    if (v->promote_to_lost) k ^= lost_add(p, them, CELL_TYPE(captured), +1);
    if (v->capture_to_pocket) k ^= pocket_add(p, us, pocket_type(v, captured, u->captured_attr), +1);
  }
  k ^= move_piece(p, from, to, cell);
  if (v->unmoved_mask) {
    if (p->attr[to] & UNMOVED_BIT) k ^= clear_unmoved(p, to);
    if (v->lined_up_movers >> CELL_TYPE(cell) & 1) k ^= lined_up(p, to, CELL_TYPE(cell), u);
  }
  /* A diagonal move marks the piece that made it... */
  if (v->diagonal_once_bit) {
    int df = board_file(&v->geo, to) - board_file(&v->geo, from);
    int dr = board_rank(&v->geo, to) - board_rank(&v->geo, from);
    if (df && (df == dr || df == -dr) && !(p->attr[to] & v->diagonal_once_bit)) {
      k ^= attr_key(v, to, p->attr[to]);
      p->attr[to] |= (uint8_t)v->diagonal_once_bit;
      k ^= attr_key(v, to, p->attr[to]);
    }
  }
  if (flag == MF_PROMO) {
    uint8_t promoted = MAKE_CELL(us, MOVE_PROMO(m) - 1);
    /* a promotion cannot be undone: it restarts the n-move count (as in
    ** Fairy-Stockfish), but a piece turned over, which may turn back */
    if (!v->promo_flip) p->halfmove = 0;
    retype_piece(p, to, promoted);
    k ^= zkey(v, cell, to) ^ zkey(v, promoted, to);
    if (v->promote_to_lost) { /* uses up a lost piece of that type (or its flip) */
      int t = CELL_TYPE(promoted);
      if (!p->lost[us][t] && v->card_flip[t]) t = v->card_flip[t] - 1;
      u->consumed = (int8_t)t;
      k ^= lost_add(p, us, t, -1);
    }
    /* ... but a promoted piece starts unmarked, even after a diagonal
    ** capture: that move was the pawn's. */
    k ^= attr_key(v, to, p->attr[to]);
    p->attr[to] = (uint8_t)v->promoted_bit;
    k ^= attr_key(v, to, p->attr[to]);
  }
  if (v->clock_mask >> CELL_TYPE(cell) & 1) p->halfmove = 0;
  if (p->royal[us] == from) p->royal[us] = to;
  if (v->has_owner) k ^= take_owner(p, to, &flipped);
  if (v->nblast && u->captured != CELL_EMPTY) k ^= blast(p, to, u);
  if (flag == MF_DOUBLE) {
    /* The squares passed over, on the straight line of the step: one
    ** after a double step, two after a triple one (Fairy-Stockfish keeps
    ** both); those an enemy piece could take on are kept. */
    int fr = board_rank(&v->geo, from), tr = board_rank(&v->geo, to);
    int ff = board_file(&v->geo, from), tf = board_file(&v->geo, to);
    int dr = tr - fr, df = tf - ff, len = abs(dr) > abs(df) ? abs(dr) : abs(df);
    int straight = dr == 0 || df == 0 || abs(dr) == abs(df);
    if (len < 3 || !straight) len = 2; /* one square: the step's midpoint */
    for (int i = 1; i < len; i++) {
      int ep = len == 2 ? board_square(&v->geo, (ff + tf) / 2, (fr + tr) / 2)
                        : board_square(&v->geo, ff + df * i / len, fr + dr * i / len);
      /* (a square passed may be taken where a board holds layers, as
      ** the FEN reader knows: no capture lands there) */
      if (p->board[ep] != CELL_EMPTY || !ep_allowed(p, ep, us) || !ep_capturable(p, ep, them)) continue;
      if (p->ep == SQ_NONE) p->ep = ep, p->ep_victim = to;
      else p->ep2 = ep;
    }
    if (p->ep != SQ_NONE) k ^= ep_key(p);
  }
  p->anchor = to;
  if (flipped && v->no_takeback) {
    p->takeback_from = to;
    p->takeback_to = from;
    k ^= v->zobrist_takeback * (uint64_t)(to * 1024 + from);
  }
  return k;
}

/* Turns the enemy piece on sq to colour us, recorded as an effect (which
** unmake undoes with the hooks' effects); returns the hash change. */
static inline uint64_t flip_one(Position *p, int sq, int us, Undo *u) {
  const Variant *v = p->v;
  uint8_t old = p->board[sq], now = MAKE_CELL(us, CELL_TYPE(old)), a = p->attr[sq];
  /* (never full: 52 flips at most on a 16x16 board; a guard for the Undo) */
  if (u->neffects >= MAX_EFFECTS) return 0;
  int i = u->neffects++;
  u->effect_sq[i] = (int16_t)sq;
  u->effect_cell[i] = old;
  u->effect_attr[i] = a;
  remove_piece(p, sq);
  put_piece(p, sq, now);
  p->attr[sq] = a;
  return zkey(v, old, sq) ^ zkey(v, now, sq);
}

/* Variant.flip: the enemy pieces that the piece of colour us landing on
** to turns. The effects have room for them: before them only a petrified
** piece, and a line holds fewer than 16 (8 lines, 52 on a 16x16 board). */
static uint64_t flip_pieces(Position *p, int to, int flag, Undo *u) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  const uint8_t *b = p->board;
  int us = p->side, them = us ^ 1;
  uint64_t k = 0;
  int dirs[8] = {board_offset(g, 1, 0), board_offset(g, -1, 0), board_offset(g, 0, 1),
                 board_offset(g, 0, -1), board_offset(g, 1, 1), board_offset(g, -1, -1),
                 board_offset(g, 1, -1), board_offset(g, -1, 1)};
#define OWNED_BY(c, col) ((c) != CELL_EMPTY && (c) != CELL_OFF && CELL_COLOUR(c) == (col))
  if (v->flip == FLIP_LINE) {
    for (int d = 0; d < 8; d++) {
      int sq = to + dirs[d];
      while (OWNED_BY(b[sq], them)) sq += dirs[d];
      if (sq == to + dirs[d] || !OWNED_BY(b[sq], us)) continue;
      for (int at = to + dirs[d]; at != sq; at += dirs[d]) k ^= flip_one(p, at, us, u);
    }
    return k;
  }
  if (v->flip == FLIP_ADJACENT_JOINED && flag == MF_DROP) { /* a drop turns only beside an own piece */
    int beside = 0;
    for (int d = 0; d < 8; d++) beside |= OWNED_BY(b[to + dirs[d]], us);
    if (!beside) return 0;
  }
  for (int d = 0; d < 8; d++)
    if (OWNED_BY(b[to + dirs[d]], them)) k ^= flip_one(p, to + dirs[d], us, u);
#undef OWNED_BY
  return k;
}

/* The board's part of move m: everything but the end of the step. */
static inline void make_board(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  uint64_t k = save_undo(p, m, u);
  if (flag == MF_DRAW) {
    k = make_draw(p, m, k);
  } else if (flag == MF_CARD) {
    k = make_card_play(p, m, k);
  } else if (flag == MF_TARGET) {
    k = make_target(p, m, u, k);
  } else if (flag == MF_PLACE) {
    u->moved = MAKE_CELL(NEUTRAL, MOVE_PROMO(m) - 1);
    u->blasted_at = p->blasted_at;
    u->blasted = p->blasted;
    u->castled_from = p->castled_from;
    u->castled_rook = p->castled_rook;
    p->blasted_at = 0;
    p->castled_from = p->castled_rook = 0;
    k = make_place(p, m, k);
  } else {
    /* a move of the side's: the previous turn's chances are gone */
    uint8_t cell = p->board[from];
    u->moved = cell;
    u->moved_attr = p->attr[from];
    if (p->ep != SQ_NONE) k ^= ep_key(p);
    p->ep = p->ep_victim = p->ep2 = SQ_NONE;
    if (p->takeback_from != SQ_NONE)
      k ^= v->zobrist_takeback * (uint64_t)(p->takeback_from * 1024 + p->takeback_to);
    p->takeback_from = p->takeback_to = SQ_NONE;
    p->halfmove++;
    if (flag == MF_DROP) k = make_drop(p, m, u, k);
    else if (flag == MF_CASTLE) k = make_castling(p, m, u, k);
    else if (flag == MF_PASS) p->anchor = from; /* nothing moves */
    else if (flag == MF_SCRIPT) p->anchor = to; /* the hooks' effects move what moves */
    else k = make_step(p, m, u, k);
    if (v->gating && flag != MF_DROP && flag != MF_PASS && flag != MF_SCRIPT) k ^= gate_in(p, m, u);
    if (p->castle && flag != MF_DROP && flag != MF_PASS) {
      int nc = p->castle & p->castle_clear[from] & p->castle_clear[to];
      if (nc != p->castle) {
        k ^= v->zobrist_castle[p->castle] ^ v->zobrist_castle[nc];
        p->castle = nc;
      }
    }
  }
  p->key = k;
  /* what happens where the piece lands (one test for both, so that the
  ** variants without either pay what they paid for petrification) */
  if (!v->landing_effects) return;
  /* the enemy pieces it turns (a step, a drop) */
  if (v->flip && (flag == MF_NORMAL || flag == MF_DROP || flag == MF_PROMO || flag == MF_DOUBLE))
    p->key ^= flip_pieces(p, to, flag, u);
  /* a piece that turns to stone where it captures (recorded as an effect,
  ** which unmake undoes) */
  if (v->petrify_mask && u->captured != CELL_EMPTY && u->moved != CELL_EMPTY &&
      CELL_COLOUR(u->moved) != NEUTRAL && (v->petrify_mask >> CELL_TYPE(u->moved) & 1))
    pos_set_cell(p, to, MAKE_CELL(NEUTRAL, v->type[CELL_TYPE(u->moved)].petrify - 1), 0, u);
}

/* The end of move m's step: the cards it earned (gives_check: it gave
** check, which the rules above know), the next step, or the turn's end. */
static inline void end_step(Position *p, Move m, Undo *u, int gives_check) {
  const Variant *v = p->v;
  int flag = MOVE_FLAG(m);
  uint64_t k = p->key;
  if (v->draw_on && flag != MF_DRAW && flag != MF_PLACE && flag != MF_TARGET) {
    /* One card for each event of the move, up to the hand's limit. A card
    ** play earns one too when it gives check (a piece turned or given back
    ** its moves): it captures and promotes nothing, but checks like a move. */
    int events = 0;
    if ((v->draw_on & DRAW_ON_CAPTURE) && u->captured != CELL_EMPTY) events++;
    if ((v->draw_on & DRAW_ON_PROMOTION) && flag == MF_PROMO) events++;
    if ((v->draw_on & DRAW_ON_CHECK) && gives_check) events++;
    if (events) {
      k ^= p->pending_draws ? splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws) : 0;
      p->pending_draws = events;
      k ^= splitmix_mix(v->zobrist_cards ^ (uint64_t)p->pending_draws);
    }
  }
  /* The next step: a draw step stays while cards are owed and can be drawn,
  ** and is skipped when there is nothing to draw. */
  k ^= v->zobrist_phase[p->phase];
  if (v->rules && v->rules->turn_ends) {
    /* The hooks end the turn (pos_end_turn, after the effects); until
    ** then the program's last step repeats, and the steps are counted
    ** (only here, so that other variants pay nothing for the count). */
    if (p->phase + 1 < v->nphases) p->phase++;
    u->turn_steps = p->turn_steps++;
    p->key = k ^ v->zobrist_phase[p->phase];
    return;
  }
  if (!(flag == MF_DRAW && draw_possible(p))) p->phase++;
  /* (and a step in place of a move is skipped after a move) */
  while (p->phase < v->nphases && ((v->phase[p->phase].kind == PHASE_DRAW && !draw_possible(p)) ||
                                   (v->phase[p->phase].instead && flag != MF_PASS)))
    p->phase++;
  if (p->phase >= v->nphases) k = end_turn(p, k);
  else if (v->phase[p->phase].kind == PHASE_RELOCATE && v->phase[p->phase].place >= PLACE_REACH) {
    /* a place measured from the move just made: from where its piece
    ** stands, or the square it left (hashed: it decides what is legal) */
    p->target = v->phase[p->phase].place == PLACE_LEFT ? MOVE_FROM(m) : p->anchor;
    p->target_promo = 0;
    k ^= v->zobrist_target * (uint64_t)(p->target * 64 + 1);
  }
  p->key = k ^ v->zobrist_phase[p->phase];
  board_ok(p);
}

void pos_make(Position *p, Move m, Undo *u) {
  precondition(pos_playable(p) && u);
  precondition(pos_move_makeable(p, m));
  make_board(p, m, u);
  end_step(p, m, u, 0);
}

void pos_make_board(Position *p, Move m, Undo *u) {
  precondition(pos_playable(p) && u);
  precondition(pos_move_makeable(p, m));
  make_board(p, m, u);
}

void pos_end_step(Position *p, Move m, Undo *u, int gives_check) { end_step(p, m, u, gives_check); }

void pos_make_place(Position *p, Move m, PlaceUndo *w) {
  precondition(pos_playable(p) && w && MOVE_FLAG(m) == MF_PLACE && MOVE_FROM(m) == PLACE_FROM_NONE);
  precondition(p->board[MOVE_TO(m)] == CELL_EMPTY && !(p->v->rules && p->v->rules->turn_ends));
  const Variant *v = p->v;
  w->key = p->key;
  w->phase = p->phase;
  w->side = p->side;
  w->fullmove = p->fullmove;
  w->anchor = p->anchor;
  w->target = p->target;
  w->target_promo = p->target_promo;
  w->passes = p->passes;
  w->pending_draws = p->pending_draws;
  w->dropped = p->dropped;
  w->blasted_at = p->blasted_at;
  w->blasted = p->blasted;
  p->blasted_at = 0;
  /* save_undo's part: the passes in a row end, the named square goes */
  uint64_t k = p->key;
  if (v->count_passes && p->passes) {
    k ^= v->zobrist_pass * (uint64_t)p->passes;
    p->passes = 0;
  }
  p->dropped = 0;
  if (p->target != SQ_NONE) {
    k ^= v->zobrist_target * (uint64_t)(p->target * 64 + p->target_promo + 1);
    p->target = SQ_NONE;
    p->target_promo = 0;
  }
  int to = MOVE_TO(m);
  uint8_t cell = MAKE_CELL(NEUTRAL, MOVE_PROMO(m) - 1);
  put_piece(p, to, cell); /* make_place's placement from nowhere */
  p->attr[to] = 0;
  p->key = k ^ zkey(v, cell, to);
  p->anchor = to;
  /* (a placement lands nowhere that flips or petrifies: make_board's
  ** landing effects need a step, a drop or a capture; end_step reads the
  ** Undo only for a capture's card or where the hooks end turns) */
  Undo scratch;
  scratch.captured = CELL_EMPTY;
  end_step(p, m, &scratch, 0);
}

void pos_unmake_place(Position *p, Move m, const PlaceUndo *w) {
  precondition(pos_playable(p) && w && MOVE_FLAG(m) == MF_PLACE && MOVE_FROM(m) == PLACE_FROM_NONE);
  int to = MOVE_TO(m);
  remove_piece(p, to);
  p->attr[to] = 0;
  p->key = w->key;
  p->phase = w->phase;
  p->side = w->side;
  p->fullmove = w->fullmove;
  p->anchor = w->anchor;
  p->target = w->target;
  p->target_promo = w->target_promo;
  p->passes = w->passes;
  p->pending_draws = w->pending_draws;
  p->dropped = w->dropped;
  p->blasted_at = w->blasted_at;
  p->blasted = w->blasted;
  board_ok(p);
}

void pos_end_turn(Position *p) {
  const Variant *v = p->v;
  uint64_t k = p->key ^ v->zobrist_phase[p->phase];
  p->turn_steps = 0;
  p->key = end_turn(p, k) ^ v->zobrist_phase[p->phase];
  board_ok(p);
}

int pos_set_cell(Position *p, int sq, uint8_t cell, uint8_t attr, Undo *u) {
  const Variant *v = p->v;
  uint8_t old = p->board[sq], olda = p->attr[sq];
  if (u->neffects >= MAX_EFFECTS) return -1;
  u->effect_sq[u->neffects] = (int16_t)sq;
  u->effect_cell[u->neffects] = old;
  u->effect_attr[u->neffects++] = olda;
  uint64_t k = p->key;
  if (old != CELL_EMPTY) {
    k ^= zkey(v, old, sq) ^ attr_key(v, sq, olda);
    remove_piece(p, sq);
  }
  p->attr[sq] = 0;
  if (cell != CELL_EMPTY) {
    put_piece(p, sq, cell);
    p->attr[sq] = attr;
    k ^= zkey(v, cell, sq) ^ attr_key(v, sq, attr);
  }
  /* a royal piece gone or come: the royal squares follow */
  for (int c = 0; c < 2; c++) {
    int was = old != CELL_EMPTY && CELL_COLOUR(old) == c && (v->royal_mask >> CELL_TYPE(old) & 1);
    int now = cell != CELL_EMPTY && CELL_COLOUR(cell) == c && (v->royal_mask >> CELL_TYPE(cell) & 1);
    if (was && p->royal[c] == sq && !now) refind_royal(p, c);
    if (now && (p->royal[c] == SQ_NONE || was)) p->royal[c] = sq;
  }
  /* a piece removed from or put on a castling square takes the right */
  int nc = p->castle & p->castle_clear[sq];
  if (nc != p->castle) {
    k ^= v->zobrist_castle[p->castle] ^ v->zobrist_castle[nc];
    p->castle = nc;
  }
  p->key = k;
  return 0;
}

void pos_clear_ep(Position *p) {
  if (p->ep == SQ_NONE) return;
  p->key ^= ep_key(p);
  p->ep = p->ep_victim = p->ep2 = SQ_NONE;
}

void pos_make_null(Position *p, NullUndo *u) {
  u->key = p->key, u->ep = p->ep, u->ep_victim = p->ep_victim, u->ep2 = p->ep2, u->fullmove = p->fullmove;
  pos_clear_ep(p);
  if (p->side == BLACK) p->fullmove++;
  p->side ^= 1;
  p->key ^= p->v->zobrist_side;
}

void pos_unmake_null(Position *p, const NullUndo *u) {
  p->side ^= 1;
  p->key = u->key, p->ep = u->ep, p->ep_victim = u->ep_victim, p->ep2 = u->ep2, p->fullmove = u->fullmove;
}

void pos_set_state(Position *p, int slot, int32_t value) {
  p->key ^= state_key(slot, p->state[slot]) ^ state_key(slot, value);
  p->state[slot] = value;
}

void pos_unmake(Position *p, Move m, const Undo *u) {
  precondition(pos_playable(p) && u && m != MOVE_NONE);
  const Variant *v = p->v;
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int us = u->side;
  for (int i = u->neffects - 1; i >= 0; i--) { /* the effects (hooks', lined_up's), last first */
    int sq = u->effect_sq[i];
    if (p->board[sq] != CELL_EMPTY) remove_piece(p, sq);
    if (u->effect_cell[i] != CELL_EMPTY) put_piece(p, sq, u->effect_cell[i]);
    p->attr[sq] = u->effect_attr[i];
  }
  if (v->rules) {
    memcpy(p->state, u->state, sizeof p->state);
    p->last_step = u->last_step;
    if (v->rules->turn_ends) p->turn_steps = u->turn_steps;
  }
  if (flag == MF_DRAW) {
    p->deck[MOVE_PROMO(m)]++;
    p->hand[us][MOVE_PROMO(m)]--;
  } else if (flag == MF_CARD) {
    int rv, fv;
    pos_card_values(p, us, to, &rv, &fv);
    p->hand[us][rv]++;
    p->hand[us][fv]++;
    p->discard[rv]--;
    p->discard[fv]--;
    card_effect(p, to);
  } else if (flag == MF_TARGET) {
    /* nothing moved */
  } else if (flag == MF_PLACE) {
    p->blasted_at = u->blasted_at;
    p->blasted = u->blasted;
    p->castled_from = u->castled_from;
    p->castled_rook = u->castled_rook;
    uint8_t a = p->attr[to];
    remove_piece(p, to);
    p->attr[to] = 0;
    if (from != PLACE_FROM_NONE) {
      put_piece(p, from, u->moved);
      p->attr[from] = a;
    }
  } else if (flag == MF_DROP) {
    remove_piece(p, to);
    p->attr[to] = 0;
    if (!v->drop_unlimited) p->pocket[us][v->pocket_as[MOVE_PROMO(m) - 1]]++;
  } else if (flag == MF_PASS || flag == MF_SCRIPT) {
    /* nothing moved (a script move's effects are undone above) */
  } else if (flag == MF_CASTLE) {
    int side = CASTLE_SIDE(m), rank = board_rank(&v->geo, from);
    if (CASTLE_GATE(m)) { /* the gated piece leaves first */
      int sq = (m & MOVE_GATE_ON_ROOK) ? to : from;
      remove_piece(p, sq);
      p->pocket[us][v->pocket_as[CASTLE_GATE(m) - 1]]++;
    }
    p->castled_win = 0;
    p->castled_from = p->castled_rook = 0;
    int kto = board_square(&v->geo, v->castle_king_file[side], rank);
    int rto = kto + (side == 0 ? -1 : 1);
    uint8_t rook = p->board[rto]; /* one of castling.rook's types */
    remove_piece(p, kto);
    remove_piece(p, rto);
    p->attr[kto] = p->attr[rto] = 0;
    put_piece(p, from, u->moved);
    put_piece(p, to, rook);
    p->attr[from] = u->moved_attr;
    p->attr[to] = u->rook_attr;
  } else {
    if (flag == MF_GATE) { /* the gated piece leaves first */
      remove_piece(p, from);
      p->pocket[us][v->pocket_as[MOVE_PROMO(m) - 1]]++;
    }
    if (v->nblast && u->captured != CELL_EMPTY) p->blasted_at = 0;
    for (int i = u->nblast - 1; i >= 0; i--) { /* the blast first: it emptied to */
      put_piece(p, u->blast_sq[i], u->blast_cell[i]);
      p->attr[u->blast_sq[i]] = u->blast_attr[i];
      if (v->capture_to_pocket)
        p->pocket[CELL_COLOUR(u->blast_cell[i]) ^ 1][pocket_type(v, u->blast_cell[i], u->blast_attr[i])]--;
    }
    remove_piece(p, to);
    p->attr[to] = 0;
    put_piece(p, from, u->moved);
    p->attr[from] = u->moved_attr;
    if (u->captured != CELL_EMPTY) {
      int capsq = flag == MF_EP ? u->ep_victim : to;
      put_piece(p, capsq, u->captured);
      p->attr[capsq] = u->captured_attr;
      if (v->promote_to_lost) p->lost[us ^ 1][CELL_TYPE(u->captured)]--;
      if (v->capture_to_pocket) p->pocket[us][pocket_type(v, u->captured, u->captured_attr)]--;
    }
    if (u->consumed >= 0) p->lost[us][u->consumed]++;
  }
  memcpy(&p->key, &u->key, POS_RESTORED_SIZE);
  board_ok(p);
}

/* The pieces' bits as the board shows them (Position.bits, type_bits). */
static void board_bits(const Position *p, uint64_t bits[NCOLOURS], uint64_t type_bits[NCOLOURS][MAX_TYPES]) {
  const Variant *v = p->v;
  memset(bits, 0, NCOLOURS * sizeof bits[0]);
  memset(type_bits, 0, NCOLOURS * sizeof type_bits[0]);
  if (!v->dense) return;
  for (int sq = 0; sq < v->geo.nsq; sq++) {
    uint8_t cell = p->board[sq];
    if (cell == CELL_EMPTY || cell == CELL_OFF) continue;
    bits[CELL_COLOUR(cell)] |= 1ull << v->dense_bit[sq];
    type_bits[CELL_COLOUR(cell)][CELL_TYPE(cell)] |= 1ull << v->dense_bit[sq];
  }
}

void pos_sync_bits(Position *p) {
  board_bits(p, p->bits, p->type_bits);
}

const char *pos_check(const Position *p) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int seen[NCOLOURS] = {0, 0, 0};
  uint8_t count[NCOLOURS][MAX_TYPES];
  memset(count, 0, sizeof count);
  for (int sq = 0; sq < g->nsq; sq++) {
    uint8_t c = p->board[sq];
    if (!board_inside(g, sq)) {
      if (c != CELL_OFF) return "a sentinel square was overwritten";
      continue;
    }
    if (c == CELL_OFF) return "a board square holds a sentinel";
    if (c == CELL_EMPTY) continue;
    int col = CELL_COLOUR(c);
    if (col > NEUTRAL || CELL_TYPE(c) >= v->ntypes) return "a square holds an unknown piece";
    if ((col == NEUTRAL) != (v->type[CELL_TYPE(c)].neutral != 0))
      return "a neutral piece has a colour, or a coloured piece none";
    if (v->has_owner && col != NEUTRAL && v->owner[sq] != OWNER_NONE && v->owner[sq] != col)
      return "a piece does not belong to the owner of its square";
    if (p->pidx[sq] >= p->npieces[col] || p->plist[col][p->pidx[sq]] != sq)
      return "piece list and board disagree";
    seen[col]++;
    count[col][CELL_TYPE(c)]++;
  }
  if (seen[0] != p->npieces[0] || seen[1] != p->npieces[1] || seen[2] != p->npieces[2])
    return "piece count and board disagree";
  if (p->phase < 0 || p->phase >= v->nphases) return "turn phase out of range";
  if (memcmp(count, p->count, sizeof count) != 0) return "per-type counts are wrong";
  if (v->dense) {
    uint64_t bits[NCOLOURS], type_bits[NCOLOURS][MAX_TYPES];
    board_bits(p, bits, type_bits);
    if (memcmp(bits, p->bits, sizeof bits) || memcmp(type_bits, p->type_bits, sizeof type_bits))
      return "the pieces' bits and the board disagree";
  }
  for (int c = 0; c < 2; c++)
    if (p->royal[c] != SQ_NONE &&
        !(p->board[p->royal[c]] != CELL_EMPTY && p->board[p->royal[c]] != CELL_OFF &&
          (v->royal_mask >> CELL_TYPE(p->board[p->royal[c]]) & 1) &&
          CELL_COLOUR(p->board[p->royal[c]]) == c))
      return "royal square does not hold that side's royal piece";
  if (p->key != pos_compute_key(p)) return "incremental hash differs from a fresh one";
  return NULL;
}
