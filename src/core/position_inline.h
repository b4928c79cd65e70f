/*
** position_inline.h - the helpers that make/unmake (position.c) and reading
** a FEN (fen.c) share, inline so that the hot path calls none of them.
** Private to the core: nothing outside src/core includes it. It includes
** nothing itself (position.h comes first in its two readers), so that the
** module of the position and this part of it make no cycle.
*/
#ifndef varia_position_inline_h
#define varia_position_inline_h

/* Piece lists: plist[c] holds squares, pidx[sq] the index in that list.
** Puts cell on the empty square sq. */
static inline void put_piece(Position *p, int sq, uint8_t cell) {
  int c = CELL_COLOUR(cell);
  uint64_t bit = 1ull << p->v->dense_bit[sq];
  p->board[sq] = cell;
  p->pidx[sq] = (uint16_t)p->npieces[c];
  p->plist[c][p->npieces[c]++] = (uint16_t)sq;
  p->count[c][CELL_TYPE(cell)]++;
  p->bits[c] |= bit;
  p->type_bits[c][CELL_TYPE(cell)] |= bit;
}

/* Takes the piece off the occupied square sq. */
static inline void remove_piece(Position *p, int sq) {
  uint8_t cell = p->board[sq];
  int c = CELL_COLOUR(cell);
  uint64_t bit = 1ull << p->v->dense_bit[sq];
  int last = p->plist[c][--p->npieces[c]];
  p->plist[c][p->pidx[sq]] = (uint16_t)last;
  p->pidx[last] = p->pidx[sq];
  p->board[sq] = CELL_EMPTY;
  p->count[c][CELL_TYPE(cell)]--;
  p->bits[c] &= ~bit;
  p->type_bits[c][CELL_TYPE(cell)] &= ~bit;
}

/* The piece on sq becomes cell, of its colour (a promotion, a card's
** turn): the board, the counts and the type's bits. */
static inline void retype_piece(Position *p, int sq, uint8_t cell) {
  uint8_t was = p->board[sq];
  int c = CELL_COLOUR(was);
  uint64_t bit = 1ull << p->v->dense_bit[sq];
  p->count[c][CELL_TYPE(was)]--;
  p->count[c][CELL_TYPE(cell)]++;
  p->type_bits[c][CELL_TYPE(was)] &= ~bit;
  p->type_bits[c][CELL_TYPE(cell)] |= bit;
  p->board[sq] = cell;
}

/* May the square passed over by mover's double step be taken en passant
** (rules.en_passant_ranks)? */
static inline int ep_allowed(const Position *p, int sq, int mover) {
  const Variant *v = p->v;
  if (!v->ep_ranks) return 1;
  int r = board_rank(&v->geo, sq);
  return v->ep_ranks >> (mover == WHITE ? r : v->geo.ranks - 1 - r) & 1;
}

/* Can a piece of colour c capture en passant on ep? As in Stockfish, the
** square is only recorded (in the FEN and the hash) when one can, so that
** positions that allow the same moves compare equal for repetition. */
static inline int ep_capturable(const Position *p, int ep, int c) {
  const Variant *v = p->v;
  for (int t = 0; t < v->ntypes; t++) {
    if (!(v->ep_mask >> t & 1) || !p->count[c][t]) continue;
    for (int i = 0; i < v->nsteps[c][t]; i++) {
      const Step *s = &v->step[c][t][i];
      if ((s->modes & MODE_EP) && p->board[board_step(v, ep, -s->off)] == MAKE_CELL(c, t)) return 1;
    }
  }
  return 0;
}

/* Does sq hold a piece of colour c that the castling field marks unmoved? */
static inline int marks_unmoved(const Position *p, int sq, int c) {
  uint8_t cell = p->board[sq];
  return cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c &&
         (p->v->unmoved_mask >> CELL_TYPE(cell) & 1) &&
         board_rank(&p->v->geo, sq) == variant_castle_rank(p->v, c);
}

#endif
