/*
** chase.c - the chasing rule: the pieces a move chases (chase.h says
** what counts). Asked only where a repetition is scored, so it works on
** a scratch copy of the position, lifting and putting down pieces to ask
** the move generator's attack test what would be attacked.
*/
#include <string.h>

#include "chase.h"
#include "movegen.h"

static inline void set_add(ChaseSet *s, int sq) { s->w[sq >> 6] |= 1ull << (sq & 63); }
static inline void set_del(ChaseSet *s, int sq) { s->w[sq >> 6] &= ~(1ull << (sq & 63)); }
static inline int set_has(const ChaseSet *s, int sq) { return (int)(s->w[sq >> 6] >> (sq & 63) & 1); }

void chase_and(ChaseSet *a, const ChaseSet *b) {
  for (int i = 0; i < CHASE_WORDS; i++) a->w[i] &= b->w[i];
}

int chase_empty(const ChaseSet *a) {
  for (int i = 0; i < CHASE_WORDS; i++)
    if (a->w[i]) return 0;
  return 1;
}

void chase_undo_move(ChaseSet *s, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_DROP || flag == MF_PASS || !set_has(s, MOVE_TO(m))) return;
  set_del(s, MOVE_TO(m));
  set_add(s, MOVE_FROM(m));
}

/* Does a piece of colour c and type t on from attack sq, by its capture
** steps alone, whatever its region and the conditions of its steps say
** (Fairy-Stockfish's attacks_bb, which attacks_from confines)? */
static int raw_attacks(const Position *p, int c, int t, int from, int sq) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  for (int j = 0; j < v->nsteps[c][t]; j++) {
    const Step *s = &v->step[c][t][j];
    if (!(s->modes & MODE_CAPTURE)) continue;
    int to = from, k = 0;
    switch (s->path) {
    case PATH_SLIDE:
      for (k = 0; k < s->range; k++) {
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
      do to += s->off, k++; while (b[to] == CELL_EMPTY && to != sq);
      if (b[to] == CELL_OFF || to == sq || (s->counted && k >= s->range)) break;
      do to += s->off, k++; while (b[to] == CELL_EMPTY && to != sq && (!s->counted || k < s->range));
      if (to == sq) return 1;
      break;
    case PATH_GRASS:
      do to += s->off, k++; while (b[to] == CELL_EMPTY && to != sq);
      if (b[to] == CELL_OFF || to == sq || (s->counted && k >= s->range)) break;
      if (to + s->off == sq) return 1;
      break;
    }
  }
  return 0;
}

/* The piece on from of p's board: does it attack sq, as the move
** generator judges it (its region and step conditions included)? */
static int attacks(const Position *p, int from, int sq) {
  uint8_t c = p->board[from];
  return c != CELL_EMPTY && c != CELL_OFF && from != sq && piece_attacks(p, from, sq);
}

static int is_piece_of(const Position *p, int sq, int c) {
  uint8_t cell = p->board[sq];
  return cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c;
}

static int is_royal(const Position *p, int sq) {
  return p->v->royal_mask >> CELL_TYPE(p->board[sq]) & 1;
}

/* Does a piece of colour c (but skip) attack sq on p's board? */
static int attacked_by(const Position *p, int sq, int c, int skip) {
  for (int i = 0; i < p->npieces[c]; i++) {
    int a = p->plist[c][i];
    if (a != skip && is_piece_of(p, a, c) && attacks(p, a, sq)) return 1;
  }
  return 0;
}

/* The pieces (of either side) that shield colour c's royal piece: those
** whose removal would let a piece of the other side that does not attack
** it now attack it (Fairy-Stockfish's blockers_for_king). */
static void blockers(Position *p, int c, ChaseSet *out) {
  memset(out, 0, sizeof *out);
  int k = p->royal[c], them = c ^ 1;
  if (k == SQ_NONE) return;
  int quiet[MAX_PIECES], nq = 0; /* the other side's pieces not attacking it now */
  for (int i = 0; i < p->npieces[them]; i++)
    if (!attacks(p, p->plist[them][i], k)) quiet[nq++] = p->plist[them][i];
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < p->npieces[side]; i++) {
      int x = p->plist[side][i];
      if (x == k) continue;
      uint8_t cell = p->board[x];
      p->board[x] = CELL_EMPTY;
      for (int j = 0; j < nq; j++)
        if (quiet[j] != x && attacks(p, quiet[j], k)) {
          set_add(out, x);
          break;
        }
      p->board[x] = cell;
    }
}

/* Is sq on a line along which royal pieces face (a file; a rank too
** under facing_ranks) from the royal piece on from, the first piece there? */
static int facing_line(const Position *p, int from, int sq) {
  return open_line_between(p, from, sq, p->v->facing_ranks);
}

/* Does type t of colour c have lame moves whose way back is blocked on
** other squares than the way there (the horse, not the elephant)? And,
** for the piece on a, is a square that could block such a piece's way
** back to a occupied? */
static int lame_asymmetric(const Variant *v, int c, int t) {
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if (s->path != PATH_LAME) continue;
    for (int j = 0; j < v->nsteps[c][t]; j++) {
      const Step *r = &v->step[c][t][j];
      if (r->path != PATH_LAME || r->off != -s->off || r->nlame != s->nlame) continue;
      /* the way back starts at off: its blocks, seen from the start */
      for (int l = 0; l < s->nlame; l++) {
        int same = 0;
        for (int q = 0; q < r->nlame; q++) same |= s->off + r->lame[q] == s->lame[l];
        if (!same) return 1;
      }
    }
  }
  return 0;
}

static int way_back_blocked(const Position *p, int c, int t, int a) {
  const Variant *v = p->v;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if (s->path != PATH_LAME) continue;
    for (int l = 0; l < s->nlame; l++) {
      uint8_t cell = p->board[a - s->off + s->lame[l]];
      if (cell != CELL_EMPTY && cell != CELL_OFF) return 1;
    }
  }
  return 0;
}

typedef struct Chase {
  Position *p;      /* the position after the move, a scratch copy */
  int us, them;     /* the side to move (chased), the side that moved */
  ChaseSet pins;    /* blockers of our royal piece, and the flying general's */
  ChaseSet out;
} Chase;

/* Is the piece on sq ours and one that may be chased at all? */
static int chaseable(const Chase *ch, int sq) {
  const Position *p = ch->p;
  if (!is_piece_of(p, sq, ch->us) || is_royal(p, sq)) return 0;
  int t = CELL_TYPE(p->board[sq]);
  return !(p->v->chasing.unchased >> t & 1) || (p->v->extra_at[ch->us][sq] >> t & 1);
}

/* The attacks of the piece of type t on a on our pieces in set s. */
static void add_chased(Chase *ch, int a, int t, ChaseSet *s) {
  Position *p = ch->p;
  const Variant *v = p->v;
  int fresh = 0;
  for (int i = 0; i < CHASE_WORDS; i++) fresh |= (s->w[i] & ~ch->out.w[i]) != 0;
  if (!fresh) return;
  int us = ch->us, asym = lame_asymmetric(v, us, t) && way_back_blocked(p, us, t, a);
  for (int i = 0; i < p->npieces[us]; i++) {
    int sq = p->plist[us][i];
    if (!set_has(s, sq)) continue;
    if (!chaseable(ch, sq)) {
      set_del(s, sq);
      continue;
    }
    int ty = CELL_TYPE(p->board[sq]);
    /* an attack on a stronger piece chases it, protected or not */
    if (v->chasing.stronger[t] >> ty & 1) set_add(&ch->out, sq);
    /* an attack on one's own kind that may be answered in kind is none */
    if (ty == t && (asym ? raw_attacks(p, us, ty, sq, a) : !set_has(&ch->pins, sq))) set_del(s, sq);
  }
  /* on a piece nothing protects: its roots, with the attacker lifted */
  uint8_t lifted = p->board[a];
  p->board[a] = CELL_EMPTY;
  int k = p->royal[us], theirs = p->royal[ch->them];
  for (int i = 0; i < p->npieces[us]; i++) {
    int sq = p->plist[us][i];
    if (!set_has(s, sq)) continue;
    int roots = 0, king_only = 1;
    for (int j = 0; j < p->npieces[us]; j++) {
      int r = p->plist[us][j];
      if (r == sq || set_has(&ch->pins, r) || !attacks(p, r, sq)) continue;
      roots++;
      if (r != k) king_only = 0;
    }
    if (!roots || (v->facing_illegal && king_only && theirs != SQ_NONE && facing_line(p, theirs, sq)))
      set_add(&ch->out, sq);
  }
  p->board[a] = lifted;
}

/* Does the piece of line-moving type t go along the line it moved on
** (a rider or hopper whose move from -> to is straight)? Then its attacks
** along that line are not new. */
static int on_line(const Position *p, int from, int to, int sq) {
  const Geometry *g = &p->v->geo;
  int df = board_file(g, to) - board_file(g, from), dr = board_rank(g, to) - board_rank(g, from);
  int sf = board_file(g, sq) - board_file(g, from), sr = board_rank(g, sq) - board_rank(g, from);
  if (!(df == 0 || dr == 0 || df == dr || df == -dr)) return 0;
  return sf * dr == sr * df; /* sq on the line through from and to */
}

static int slides_or_hops(const Variant *v, int c, int t) {
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if ((s->path == PATH_SLIDE && s->range > 1) || s->path == PATH_HOP) return 1;
  }
  return 0;
}

void chase_set(const Position *after, const Position *before, Move m, ChaseSet *out) {
  Position scratch[2];
  Position *p = &scratch[0], *b = &scratch[1];
  const Variant *v = after->v;
  memset(out, 0, sizeof *out);
  int flag = MOVE_FLAG(m);
  if (m == MOVE_NONE || (flag != MF_NORMAL && flag != MF_PROMO && flag != MF_DROP && flag != MF_EP))
    return;
  *p = *after;
  *b = *before;
  Chase ch = {.p = p, .us = p->side, .them = p->side ^ 1};
  int us = ch.us, them = ch.them, to = MOVE_TO(m), from = flag == MF_DROP ? SQ_NONE : MOVE_FROM(m);
  memset(&ch.out, 0, sizeof ch.out);
  blockers(p, us, &ch.pins);
  int ku = p->royal[us], kt = p->royal[them];
  if (v->facing_illegal && ku != SQ_NONE && kt != SQ_NONE) {
    /* the flying general's pin: our one piece on their king's file,
    ** with our king on it */
    const Geometry *g = &v->geo;
    int n = 0, king = 0;
    ChaseSet file;
    memset(&file, 0, sizeof file);
    for (int i = 0; i < p->npieces[us]; i++) {
      int sq = p->plist[us][i];
      if (board_file(g, sq) != board_file(g, kt)) continue;
      if (sq == ku) king = 1;
      else if (!is_royal(p, sq)) n++, set_add(&file, sq);
    }
    if (king && n <= 1)
      for (int i = 0; i < CHASE_WORDS; i++) ch.pins.w[i] |= file.w[i];
  }
  ChaseSet s;
  /* the moved piece's attacks */
  int t = CELL_TYPE(p->board[to]);
  if (is_piece_of(p, to, them) && !is_royal(p, to) && !(v->chasing.not_by >> t & 1)) {
    int line = from != SQ_NONE && slides_or_hops(v, them, t);
    memset(&s, 0, sizeof s);
    for (int i = 0; i < p->npieces[us]; i++) {
      int sq = p->plist[us][i];
      if (attacks(p, to, sq) && !(line && on_line(p, from, to, sq))) set_add(&s, sq);
    }
    add_chased(&ch, to, t, &s);
  }
  /* the attacks the move uncovered: each of their pieces', with the board
  ** as it is against the occupancy before (the piece back on from, to
  ** empty unless it captured), confined to no region */
  for (int i = 0; i < p->npieces[them]; i++) {
    int a = p->plist[them][i];
    if (!is_piece_of(p, a, them) || is_royal(p, a)) continue;
    int ta = CELL_TYPE(p->board[a]);
    if (v->chasing.not_by >> ta & 1) continue;
    memset(&s, 0, sizeof s);
    for (int j = 0; j < p->npieces[us]; j++) {
      int sq = p->plist[us][j];
      if (!raw_attacks(p, them, ta, a, sq)) continue;
      /* the occupancy before: from filled, to emptied where nothing was taken */
      uint8_t at_from = from != SQ_NONE ? p->board[from] : 0, at_to = p->board[to];
      if (from != SQ_NONE) p->board[from] = p->board[to];
      if (before->board[to] == CELL_EMPTY) p->board[to] = CELL_EMPTY;
      int then = raw_attacks(p, them, ta, a, sq);
      if (from != SQ_NONE) p->board[from] = at_from;
      p->board[to] = at_to;
      if (!then) set_add(&s, sq);
    }
    add_chased(&ch, a, ta, &s);
  }
  /* what newly pinned pieces protected, and what new screens of a check
  ** attack */
  ChaseSet now, was, theirs_pinned;
  blockers(p, us, &now);
  blockers(b, us, &was);
  blockers(p, them, &theirs_pinned);
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < p->npieces[side]; i++) {
      int x = p->plist[side][i];
      if (!set_has(&now, x) || set_has(&was, x)) continue;
      int tx = CELL_TYPE(p->board[x]);
      if (side == us) { /* pinned now: what it protected has a false root */
        for (int j = 0; j < p->npieces[us]; j++) {
          int sq = p->plist[us][j];
          if (!chaseable(&ch, sq) || !raw_attacks(p, us, tx, x, sq)) continue;
          for (int q = 0; q < p->npieces[them]; q++) {
            int a = p->plist[them][q];
            if (!set_has(&theirs_pinned, a) && attacks(p, a, sq)) {
              set_add(&ch.out, sq);
              break;
            }
          }
        }
      } else { /* one of theirs: a check to come, uncovered when it moves */
        for (int j = 0; j < p->npieces[us]; j++) {
          int sq = p->plist[us][j];
          if (!attacks(p, x, sq)) continue;
          if (ku == SQ_NONE || !attacks(p, ku, sq)) {
            set_add(&ch.out, sq);
            continue;
          }
          /* the king could take it: unless another of theirs protects it */
          uint8_t cx = p->board[x], ck = p->board[ku];
          p->board[x] = p->board[ku] = CELL_EMPTY;
          int guarded = attacked_by(p, sq, them, x);
          p->board[x] = cx;
          p->board[ku] = ck;
          if (guarded) set_add(&ch.out, sq);
        }
      }
    }
  *out = ch.out;
}
