/*
** rules.c - the rules above move generation: which of the generated moves
** are legal, when the game has ended by a rule, and a move made with what
** only the rules can tell (checks counted, cards earned by a check, series
** of checks, a script's effects and turns).
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
** pos_make(). Several royal pieces, each protected, take the same scheme
** with the rays of each (legal_royals).
**
** A script's rules (Variant.rules, filled by rulehooks.c) come in here too:
** rules_legal_moves() and rules_after_make().
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "connect.h"
#include "position_inline.h"

#define IS_SET(mask, bit) (((mask) >> (bit)) & 1u)

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

/* Do the two sides' royal pieces stand on one file (or rank, facing_ranks)
** with nothing between? */
static int kings_facing(const Position *p) {
  int a = p->royal[WHITE], b = p->royal[BLACK];
  return a != SQ_NONE && b != SQ_NONE && open_line_between(p, a, b, p->v->facing_ranks);
}

/* Has colour c reached its goal: goal_count of its goal pieces on its goal
** squares, or (goal_blocked) at least one with every goal square occupied?
** With safe, exactly goal_count of them there must all be unattacked. */
static int goal_reached(const Position *p, int c, int safe) {
  const Variant *v = p->v;
  int n = 0, occupied = 0;
  /* (none of the goal types on the board, as often: nothing to look at) */
  uint32_t types = v->goal_types & (v->ntypes < 32 ? (1u << v->ntypes) - 1 : ~0u);
  for (; types && !p->count[c][__builtin_ctz(types)]; types &= types - 1) {}
  if (!types) return 0;
  for (int i = 0; i < v->ngoal[c]; i++) {
    uint8_t cell = p->board[v->goal_sq[c][i]];
    if (cell == CELL_EMPTY || cell == CELL_OFF) continue;
    occupied++;
    n += CELL_COLOUR(cell) == c && IS_SET(v->goal_types, CELL_TYPE(cell));
  }
  int count = v->goal_count > 0 ? v->goal_count : 1;
  if (!n || (n < count && !(v->goal_blocked && occupied == v->ngoal[c]))) return 0;
  if (safe && n == count)
    for (int i = 0; i < v->ngoal[c]; i++) {
      int sq = v->goal_sq[c][i];
      uint8_t cell = p->board[sq];
      if (cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c &&
          IS_SET(v->goal_types, CELL_TYPE(cell)) && attacked(p, sq, c ^ 1))
        return 0;
    }
  return 1;
}

static int legal_of(Position *p, Move *list, int n);
static int without_checks(Position *p, Move *list, int n);

/* With a reply (Variant.goal_reply): may the side to move bring one of its
** goal pieces onto its goal now, by a legal move? If not, the opponent's
** goal counts at once (Racing Kings: Black's king cannot follow). */
static int goal_reply_possible(const Position *p) {
  const Variant *v = p->v;
  Position q = *p;
  Move list[MAX_MOVES];
  int c = p->side, n = gen_pseudo(&q, list), k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), to = move_destination(&q, m), t;
    /* the type that lands on to (a castling's: the king's) */
    if (flag == MF_DROP || flag == MF_PROMO) t = MOVE_PROMO(m) - 1;
    else if (flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_EP || flag == MF_CASTLE)
      t = CELL_TYPE(q.board[MOVE_FROM(m)]);
    else continue;
    if (!IS_SET(v->goal_types, t)) continue;
    for (int j = 0; j < v->ngoal[c]; j++)
      if (v->goal_sq[c][j] == to) {
        list[k++] = m;
        break;
      }
  }
  if (k) k = legal_of(&q, list, k);
  if (k && v->no_check) k = without_checks(&q, list, k);
  return k > 0;
}

/* Colour c's pieces of type t on the board and in the pocket, with the
** types counted as it (counts_as). */
static int count_with_pocket(const Position *p, int c, int t) {
  uint32_t with = p->v->counted_with[t];
  if (with == 1u << t) return p->count[c][t] + p->pocket[c][t];
  int n = 0;
  for (; with; with &= with - 1) n += p->count[c][__builtin_ctz(with)] + p->pocket[c][__builtin_ctz(with)];
  return n;
}

int pos_terminal(const Position *p, int *result) {
  const Variant *v = p->v;
  int us = p->side;
  /* a placement or relocation step still to come finishes the turn
  ** first, as in Fairy-Stockfish, whose move holds both */
  if (p->phase && v->phase[p->phase].kind == PHASE_RELOCATE) return 0;
  if (v->royal_capture && v->royal_mask) {
    if (royal_count(p, us) == 0) {
      *result = RESULT_LOSS;
      return END_ROYAL_CAPTURED;
    }
  }
  /* (the common case first: while each type counted on its own has more
  ** than extinction_count pieces on both sides, no side is extinct) */
  int extinction = v->extinction != RESULT_NONE;
  if (extinction && !v->extinction_together && !v->extinction_all) {
    int maybe = 0;
    uint32_t types = v->extinction_types & (v->ntypes < 32 ? (1u << v->ntypes) - 1 : ~0u);
    for (; types && !maybe; types &= types - 1) {
      int t = __builtin_ctz(types);
      maybe = p->count[WHITE][t] + p->pocket[WHITE][t] <= v->extinction_count ||
              p->count[BLACK][t] + p->pocket[BLACK][t] <= v->extinction_count;
    }
    extinction = maybe;
  }
  if (extinction) {
    /* As Fairy-Stockfish: the side that just moved first, then the side to
    ** move, which is only extinct against one more opponent piece when
    ** extinction must be claimed. */
    int order[2] = {us ^ 1, us};
    for (int i = 0; i < 2; i++) {
      int c = order[i], need = v->extinction_opponent + (v->extinction_claim && c == us);
      if (v->extinction_together) {
        int mine = 0, theirs = 0;
        uint32_t counted = 0; /* the types and those counted as them (counts_as) */
        for (int t = 0; t < v->ntypes; t++)
          if (IS_SET(v->extinction_types, t)) counted |= v->counted_with[t];
        for (int t = 0; t < v->ntypes; t++)
          if (IS_SET(counted, t)) {
            mine += p->count[c][t] + p->pocket[c][t];
            theirs += p->count[c ^ 1][t] + p->pocket[c ^ 1][t];
          }
        if (mine <= v->extinction_count && theirs >= need) {
          *result = c == us ? v->extinction : invert_result(v->extinction);
          return END_EXTINCTION;
        }
        continue;
      }
      /* every piece ("*"), then each type named (its set bits, of the
      ** variant's types) */
      uint32_t named = v->extinction_types & (v->ntypes < 32 ? (1u << v->ntypes) - 1 : ~0u);
      for (uint32_t types = named, all = (uint32_t)v->extinction_all; all || types;) {
        int mine, theirs;
        if (all) {
          all = 0;
          /* pieces in hand count too */
          mine = p->npieces[c] + pos_pocket_size(p, c);
          theirs = p->npieces[c ^ 1] + pos_pocket_size(p, c ^ 1);
        } else {
          int t = __builtin_ctz(types);
          types &= types - 1;
          mine = count_with_pocket(p, c, t);
          theirs = count_with_pocket(p, c ^ 1, t);
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
  /* a full board (Variant.full_board), as Fairy-Stockfish's
  ** adjudicateFullBoard: the end even where a pass is left */
  if (v->full_board != RESULT_NONE &&
      v->geo.files * v->geo.ranks - v->geo.nholes - p->npieces[0] - p->npieces[1] - p->npieces[2] <= 0) {
    *result = v->full_board;
    return END_FULL_BOARD;
  }
  if (v->goal != RESULT_NONE && v->goal_safe) {
    /* Fairy-Stockfish's flagPieceSafe: the pieces on the goal count when
    ** the opponent does not attack them; then the side to move wins by
    ** its own (a draw if the opponent's stand safe too, without a reply;
    ** with one, the side to move's are not asked to be safe), and loses
    ** by the opponent's */
    int ours = goal_reached(p, us, !v->goal_reply), theirs = goal_reached(p, us ^ 1, 1);
    if (ours) {
      *result = !v->goal_reply && theirs ? RESULT_DRAW : v->goal;
      return END_GOAL;
    }
    if (theirs) {
      *result = invert_result(v->goal);
      return END_GOAL;
    }
  } else if (v->goal != RESULT_NONE) {
    /* As Fairy-Stockfish's flag rule: the side that has just moved has
    ** reached its goal. With a reply, the goal counts when its side is to
    ** move again (a draw if Black's reply reached Black's goal too); where
    ** the goal pieces are royal, Fairy-Stockfish's early end: White's
    ** goal waits for Black's reply only where Black can reach its own
    ** goal with it, and Black, who moves second, wins by reaching its goal
    ** first at once. */
    int reached[2];
    reached[us ^ 1] = goal_reached(p, us ^ 1, 0);
    if (!v->goal_reply && reached[us ^ 1]) {
      *result = invert_result(v->goal);
      return END_GOAL;
    }
    /* (the side to move's goal is asked with a reply only) */
    reached[us] = v->goal_reply ? goal_reached(p, us, 0) : 0;
    if (v->goal_reply && reached[us]) {
      *result = reached[us ^ 1] && us == WHITE ? RESULT_DRAW : v->goal;
      return END_GOAL;
    }
    if (v->goal_reply == 1 && reached[us ^ 1] && !(v->goal_types & ~v->royal_mask) &&
        (us == WHITE || !goal_reply_possible(p))) {
      *result = invert_result(v->goal);
      return END_GOAL;
    }
  }
  if (v->castle_wins) {
    /* As Fairy-Stockfish's castlingWins: castling by one of the rights
    ** wins; a side that has lost all of its own loses (the side that has
    ** just moved asked first: a rook taking a rook takes both) */
    if (p->castled_win) {
      *result = RESULT_LOSS;
      return END_CASTLING;
    }
    for (int i = 0; i < 2; i++) {
      int c = i ? us : us ^ 1, mine = v->castle_wins >> (c * 2) & 3;
      if (mine && !(p->castle >> (c * 2) & mine)) {
        *result = c == us ? RESULT_LOSS : RESULT_WIN;
        return END_CASTLING;
      }
    }
  }
  if (v->connect != RESULT_NONE && connect_made(p, us ^ 1)) {
    *result = invert_result(v->connect); /* the result is the connecting side's */
    return END_CONNECT;
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

/* Is sq attacked by colour by along one of its rays that passes one of
** the squares e[0..n) short of the ray's reach (a rider's line through
** them: Variant.ray_through)? attacked() where no other ray can have
** changed since sq stood unattacked. */
static int attacked_through(const Position *p, int sq, int by, const int16_t *e, int n) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  uint64_t rays = 0;
  for (int i = 0; i < n; i++)
    for (uint64_t r = v->ray_through[by][e[i] - sq + MAX_SQUARES]; r; r &= r - 1) {
      const Ray *ray = &v->ray[by][__builtin_ctzll(r)];
      if ((e[i] - sq) / ray->off < ray->reach) rays |= r & -r;
    }
  for (; rays; rays &= rays - 1) {
    const Ray *r = &v->ray[by][__builtin_ctzll(rays)];
    int to = sq;
    for (int k = 1; k <= r->reach; k++) {
      to += r->off;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c != CELL_OFF && CELL_COLOUR(c) == by && IS_SET(r->mask[k], CELL_TYPE(c))) return 1;
      break;
    }
  }
  return 0;
}

/* Where captures blast: is capture m (an ordinary move, en passant or a
** promotion that takes) legal, as survives() would judge it by making it?
** Tried on the board alone: the mover goes, the captured piece and the
** blast's pieces leave (the capturer too, but a survivor), and the
** board is put back. Illegal when the blast takes a royal piece of the
** mover's; legal when it takes one of the opponent's; else when no royal
** piece of the mover's is left attacked but one beside an enemy royal
** piece (taking it would blow up the taker's own). quiet: the mover's
** one royal piece stands there unattacked, and the opponent attacks only
** along rays (SQ_NONE: not known); where it stays, only a line through a
** square the capture empties, toward a rider beyond, could attack it
** afterwards (Variant.ray_through), and elsewhere the attack test is
** spared. */
static int blast_trial(Position *p, Move m, int quiet) {
  const Variant *v = p->v;
  uint8_t *b = p->board;
  int us = p->side, them = us ^ 1, from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int capsq = flag == MF_EP ? p->ep_victim : to;
  int16_t sq[MAX_BLAST + 2];
  uint8_t cell[MAX_BLAST + 2];
  int ns = 0, idx = p->pidx[from], ours = 0, theirs = 0;
  uint8_t mover = flag == MF_PROMO ? MAKE_CELL(us, MOVE_PROMO(m) - 1) : b[from];
  sq[ns] = (int16_t)from, cell[ns++] = b[from];
  if (capsq != to) sq[ns] = (int16_t)capsq, cell[ns++] = b[capsq];
  sq[ns] = (int16_t)to, cell[ns++] = b[to];
  theirs = (v->royal_mask >> CELL_TYPE(b[capsq]) & 1) != 0; /* taking a royal piece */
  b[from] = CELL_EMPTY;
  b[capsq] = CELL_EMPTY;
  b[to] = mover;
  p->plist[us][idx] = (uint16_t)to;
  for (int i = 0; i < v->nblast; i++) {
    int at = to + v->blast_off[i];
    uint8_t c = b[at];
    if (c == CELL_EMPTY || c == CELL_OFF || CELL_COLOUR(c) == NEUTRAL) continue;
    if (i > 0 && (v->blast_immune >> CELL_TYPE(c) & 1)) continue;
    if (i == 0 && (v->blast_survivors >> CELL_TYPE(c) & 1)) continue;
    if (i > 0) sq[ns] = (int16_t)at, cell[ns++] = c;
    if (v->royal_mask >> CELL_TYPE(c) & 1) {
      if (CELL_COLOUR(c) == us) ours = 1;
      else theirs = 1;
    }
    b[at] = CELL_EMPTY;
  }
  int ok = !ours, royals = 0;
  for (uint32_t rt = v->royal_mask; rt && royals < 2; rt &= rt - 1) royals += p->count[us][__builtin_ctz(rt)];
  if (ok && !theirs && royals == 1 && p->royal[us] != SQ_NONE) {
    /* the one royal piece (followed if it moved: a survivor of its blast) */
    int at = p->royal[us] == from ? to : p->royal[us];
    uint8_t c = b[at];
    if (c != CELL_EMPTY && c != CELL_OFF && CELL_COLOUR(c) == us && (v->royal_mask >> CELL_TYPE(c) & 1) &&
        (at == quiet ? attacked_through(p, at, them, sq, ns) : attacked(p, at, them)) && !blast_shielded(p, at, us))
      ok = 0;
  } else if (ok && !theirs)
    for (int i = 0; i < p->npieces[us] && ok; i++) {
      int at = p->plist[us][i];
      uint8_t c = b[at];
      if (c != CELL_EMPTY && CELL_COLOUR(c) == us && (v->royal_mask >> CELL_TYPE(c) & 1) &&
          !blast_shielded(p, at, us) && attacked(p, at, them))
        ok = 0;
    }
  p->plist[us][idx] = (uint16_t)from;
  while (ns--) b[sq[ns]] = cell[ns];
  return ok;
}

static int counted_survives(Position *p, Move m);

/* Tries the move on the board. */
static int survives(Position *p, Move m) {
  Undo u;
  int us = p->side;
  if (p->v->counted_royals) return counted_survives(p, m);
  if (!p->v->gate_shields) { /* judged as the move without its gated piece */
    if (MOVE_FLAG(m) == MF_GATE) m = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_NORMAL, 0);
    if (MOVE_FLAG(m) == MF_CASTLE) m = MAKE_MOVE(MOVE_FROM(m), MOVE_TO(m), MF_CASTLE, CASTLE_SIDE(m));
  }
  if (p->v->nblast) {
    if (MOVE_FLAG(m) == MF_CASTLE && !blast_castle_path(p, m)) return 0;
    if ((MOVE_FLAG(m) == MF_NORMAL || MOVE_FLAG(m) == MF_EP || MOVE_FLAG(m) == MF_PROMO) &&
        !p->v->has_owner && move_captures(p, m))
      return blast_trial(p, m, SQ_NONE);
    /* A blast may not take a royal piece of the mover's; taking one of the
    ** opponent's wins, whatever it leaves attacked. */
    int ours = royal_count(p, us), theirs = royal_count(p, us ^ 1), to = move_destination(p, m);
    pos_make(p, m, &u);
    /* The wall a capturer leaves where it took (petrify) shields nothing
    ** here: as Fairy-Stockfish judges it, the blast emptied that square. */
    uint8_t stone = u.captured != CELL_EMPTY && p->board[to] != CELL_EMPTY && p->board[to] != CELL_OFF &&
                    CELL_COLOUR(p->board[to]) == NEUTRAL ? p->board[to] : CELL_EMPTY;
    if (stone) p->board[to] = CELL_EMPTY;
    int ok = royal_count(p, us) == ours &&
             (royal_count(p, us ^ 1) < theirs || !royal_attacked(p, us));
    if (stone) p->board[to] = stone;
    pos_unmake(p, m, &u);
    return ok;
  }
  pos_make(p, m, &u);
  int ok = !royal_attacked(p, us);
  pos_unmake(p, m, &u);
  return ok;
}

/* Phase.shields: the check rule judges a move with the neutral piece
** that the next step relocates where that step puts it, and the
** relocations with the move made, as Fairy-Stockfish's legal() judges a
** move with its wall (the old one lifted, the new one placed). */

/* The square of the neutral piece of type t, or SQ_NONE. */
static int neutral_square(const Position *p, int t) {
  uint8_t cell = MAKE_CELL(NEUTRAL, t);
  for (int i = 0; i < p->npieces[NEUTRAL]; i++)
    if (p->board[p->plist[NEUTRAL][i]] == cell) return p->plist[NEUTRAL][i];
  return SQ_NONE;
}

/* Lifts the neutral piece of type t from old (SQ_NONE: none) and puts it
** on at (SQ_NONE: nowhere), or (back) undoes that. */
static void shift_neutral(Position *p, int t, int old, int at, int back) {
  uint8_t cell = MAKE_CELL(NEUTRAL, t);
  if (!back) {
    if (old != SQ_NONE) remove_piece(p, old);
    if (at != SQ_NONE) put_piece(p, at, cell);
  } else {
    if (at != SQ_NONE) remove_piece(p, at);
    if (old != SQ_NONE) put_piece(p, old, cell);
  }
}

/* Is colour us's royal piece safe with the neutral piece of type t lifted
** from old and put on at? */
static int safe_with(Position *p, int us, int t, int old, int at) {
  shift_neutral(p, t, old, at, 0);
  int ok = !royal_attacked(p, us);
  shift_neutral(p, t, old, at, 1);
  return ok;
}

/* After a castling (Position.castled_from): is the king's path safe, as
** Fairy-Stockfish judges it before the move (king lifted, the rook on its
** square), with the neutral piece of type t lifted from old and put on
** at? The squares from the king's to where it stands, each attacked
** unless an enemy royal piece stands beside it where captures blast. */
static int castle_path_with(Position *p, int t, int old, int at) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, from = p->castled_from - 1, rook_from = p->castled_rook - 1;
  int kto = p->anchor, rto = kto + (kto > from ? -1 : 1);
  uint8_t king = p->board[kto], rook = p->board[rto];
  remove_piece(p, kto);
  remove_piece(p, rto);
  int rook_back = p->board[rook_from] == CELL_EMPTY;
  if (rook_back) put_piece(p, rook_from, rook);
  int free = at != SQ_NONE && p->board[at] == CELL_EMPTY ? at : SQ_NONE;
  shift_neutral(p, t, old, free, 0);
  int ok = 1, dir = kto > from ? 1 : -1;
  for (int sq = from; ok; sq += dir) {
    if (!(v->nblast && blast_shielded(p, sq, us)) && attacked(p, sq, them)) ok = 0;
    if (sq == kto) break;
  }
  shift_neutral(p, t, old, free, 1);
  if (rook_back) remove_piece(p, rook_from);
  put_piece(p, rto, rook);
  put_piece(p, kto, king);
  return ok;
}

/* Of the relocations list[0..n) of the step after a move (the move made),
** those that leave the mover's royal piece safe: all where the opponent
** has none left (a blast took it) or where it is safe with the piece
** lifted (a piece placed only blocks); after a castling, those under
** which the king's path was safe too. */
static int shielding_relocations(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side, t = v->phase[p->phase].piece, k = 0;
  if (!royal_count(p, us ^ 1) || !royal_count(p, us)) return n;
  int old = neutral_square(p, t), castled = p->castled_from != 0;
  if (!castled && safe_with(p, us, t, old, SQ_NONE)) return n;
  if (castled && safe_with(p, us, t, old, SQ_NONE) && castle_path_with(p, t, old, SQ_NONE)) return n;
  for (int i = 0; i < n; i++) {
    int at = MOVE_TO(list[i]);
    if (safe_with(p, us, t, old, at) && (!castled || castle_path_with(p, t, old, at))) list[k++] = list[i];
  }
  return k;
}

/* The moves of list[0..n) (a step followed by a shields relocation) that
** some relocation makes legal: a move that blows up none of the mover's
** royal pieces, after which a relocation is left. */
static int legal_shielded(Position *p, Move *list, int n) {
  int us = p->side, k = 0, ours = royal_count(p, us);
  Move places[MAX_MOVES];
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    Undo u;
    pos_make(p, m, &u);
    int ok = royal_count(p, us) == ours;
    if (ok) {
      /* most moves leave the royal piece safe whatever the relocation:
      ** then any square will do (a relocation goes to any empty square
      ** but those a blast emptied) */
      const Variant *v = p->v;
      int t = v->phase[p->phase].piece, quick = v->phase[p->phase].place == PLACE_MOVE && !p->castled_from &&
                                                (!royal_count(p, us ^ 1) || safe_with(p, us, t, neutral_square(p, t), SQ_NONE));
      if (quick) ok = pos_empty_squares(p) > __builtin_popcount(p->blasted_at ? p->blasted : 0);
      else ok = shielding_relocations(p, places, gen_pseudo(p, places)) > 0;
    }
    pos_unmake(p, m, &u);
    if (ok) list[k++] = m;
  }
  return k;
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
static inline __attribute__((always_inline)) int king_rays_of(const Position *p, int ksq, uint64_t *watch, int *pins,
                                                           int masked) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int us = p->side, them = us ^ 1;
  const Ray *r = v->ray[them], *end = r + v->nrays[them], *r0 = r;
  uint64_t on = masked ? v->ray_on[them][v->packed_bit[ksq]] : 0;
  for (; masked ? on != 0 : r < end; masked ? (void)(on &= on - 1) : (void)r++) {
    if (masked) r = r0 + __builtin_ctzll(on);
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

/* king_rays() from the bits (Variant.attack_dense): a piece of theirs
** that attacks from one step away checks; one further away checks where
** nothing stands between, and pins what stands there if that is one
** piece of ours. */
static int king_rays_dense(const Position *p, int ksq, uint64_t *watch, int *pins) {
  const Variant *v = p->v;
  int us = p->side, b = v->dense_bit[ksq];
  uint64_t close, beyond, occupied = ~pos_empty_bits(p);
  dense_attackers(p, b, us ^ 1, &close, &beyond);
  if (close) return 1;
  for (; beyond; beyond &= beyond - 1) {
    uint64_t between = v->between_dense[b][__builtin_ctzll(beyond)] & occupied;
    if (!between) return 1;
    if (!(between & (between - 1)) && (between & p->bits[us])) {
      WATCH(watch, v->dense_sq[__builtin_ctzll(between)]);
      *pins = 1;
    }
  }
  return 0;
}

/* (masked: Variant.ray_masks, only the rays whose first square is on the
** board; a copy apart, so that chess's stays as it was) */
static __attribute__((noinline)) int king_rays_masked(const Position *p, int ksq, uint64_t *watch, int *pins) {
  return king_rays_of(p, ksq, watch, pins, 1);
}

static __attribute__((noinline)) int king_rays(const Position *p, int ksq, uint64_t *watch, int *pins) {
  return king_rays_of(p, ksq, watch, pins, 0);
}

/* In check along the rays alone: the squares where a piece of the side's,
** put there, would stand between the king on ksq and every piece that
** checks it (block: the empty squares before the checker on each checking
** ray, those of all of them), and where a piece that moves there would
** block or take every checker (stop: block and the checkers' squares); none
** where two leaps check. As attacked_after() would find a drop or a move
** there, with no special attackers: a piece that lands elsewhere leaves
** every checking ray as it was (the square it leaves only opens lines).
** Returns 0 where no ray checks (the caller tries each move). */
static int check_blocks(const Position *p, int ksq, uint64_t *block, uint64_t *stop) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int them = p->side ^ 1, first = 1;
  const Ray *r = v->ray[them], *end = r + v->nrays[them];
  for (; r < end; r++) {
    int to = ksq;
    for (int k = 1; k <= r->reach; k++) {
      to += r->off;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c != CELL_OFF && CELL_COLOUR(c) == them && IS_SET(r->mask[k], CELL_TYPE(c))) {
        uint64_t line[(MAX_SQUARES + 63) / 64] = {0};
        for (int sq = ksq + r->off; sq != to; sq += r->off) WATCH(line, sq);
        for (int w = 0; w < (MAX_SQUARES + 63) / 64; w++) {
          uint64_t at = w == (to >> 6) ? 1ull << (to & 63) : 0;
          block[w] = first ? line[w] : block[w] & line[w];
          stop[w] = first ? line[w] | at : stop[w] & (line[w] | at);
        }
        first = 0;
      }
      break;
    }
  }
  return !first; /* (0: in check by no ray, nothing known) */
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

/* A move (board_trial) played on the board alone: the board, the piece
** lists and the moving piece's attribute, as pos_make would leave them for
** the attack test (a piece taken stays listed, and attacked() passes it
** over); trial_undo() puts them back. What the attacked_after() family
** shares. */
typedef struct {
  int from, to, moved, idx;
  uint8_t fc, tc, fa, ta;
} Trial;

static inline __attribute__((always_inline)) void trial_play(Position *p, Move m, Trial *t) {
  int flag = MOVE_FLAG(m), us = p->side;
  uint8_t *b = p->board;
  t->from = MOVE_FROM(m), t->to = MOVE_TO(m);
  t->fc = b[t->from], t->tc = b[t->to], t->fa = p->attr[t->from], t->ta = p->attr[t->to];
  t->moved = flag != MF_DROP && t->from != t->to;
  t->idx = t->moved ? p->pidx[t->from] : 0;
  b[t->from] = CELL_EMPTY;
  b[t->to] = flag == MF_PROMO || flag == MF_DROP ? MAKE_CELL(us, MOVE_PROMO(m) - 1) : t->fc;
  p->attr[t->to] = flag == MF_PROMO ? (uint8_t)p->v->promoted_bit
                   : flag == MF_DROP ? 0 : (uint8_t)(t->fa & ~UNMOVED_BIT);
  if (t->moved) p->plist[us][t->idx] = (uint16_t)t->to;
}

static inline __attribute__((always_inline)) void trial_undo(Position *p, const Trial *t) {
  if (t->moved) p->plist[p->side][t->idx] = (uint16_t)t->from;
  p->attr[t->to] = t->ta;
  p->attr[t->from] = t->fa;
  p->board[t->to] = t->tc;
  p->board[t->from] = t->fc;
}

/* Is sq, or where the piece on sq goes when m moves it, attacked by
** colour by once m (board_trial) is played? */
static int attacked_after(Position *p, Move m, int sq, int by) {
  const Variant *v = p->v;
  if (v->attack_dense) {
    /* from the bits, the move's two squares changed in them alone; the
    ** board is played only for the special attackers */
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    uint64_t occupied = ~pos_empty_bits(p), gone = 0;
    if (MOVE_FLAG(m) == MF_DROP || from != to) {
      uint64_t fb = MOVE_FLAG(m) == MF_DROP ? 0 : 1ull << v->dense_bit[from];
      gone = 1ull << v->dense_bit[to];
      occupied = (occupied & ~fb) | gone;
      if (sq == from) sq = to;
    }
    if (attacked_dense(p, sq, by, occupied, gone)) return 1;
    if (!v->special_attackers[by]) return 0;
  }
  Trial t;
  trial_play(p, m, &t);
  int at = sq == t.from ? t.to : sq;
  /* (the rays answered above where the attack is read from the bits) */
  int hit = v->attack_dense ? attacked_specially(p, at, by) : attacked(p, at, by);
  trial_undo(p, &t);
  return hit;
}

/* Does move m leave the side's one royal piece, on ksq, unattacked? For
** legal_of(), where owners of squares are ruled out: in check every move
** is tried; out of it, the royal piece's moves and those that leave or
** enter a square of watch (NULL: none). Where captures blast (blast:
** v->nblast, read once by legal_of), a capture is made; a move that takes
** nothing changes no square but its own two, and a royal piece next to an
** enemy royal one is not in check (taking it would blow up the taker's
** own). */
static inline int move_survives(Position *p, Move m, int ksq, int in_check, const uint64_t *watch, int blast) {
  int from = MOVE_FROM(m), flag = MOVE_FLAG(m);
  if (!(BOARD_TRIAL_FLAGS >> flag & 1) ||
      ((flag == MF_PROMO || flag == MF_DROP) && IS_SET(p->v->royal_mask, MOVE_PROMO(m) - 1)))
    return survives(p, m);
  /* (move_captures(), inline: a capture where captures blast) */
  if (blast && (flag == MF_NORMAL || flag == MF_PROMO) && p->v->enemy[p->side][p->board[MOVE_TO(m)]])
    return blast_trial(p, m, in_check || p->v->special_attackers[p->side ^ 1] ? SQ_NONE : ksq);
  if (in_check || from == ksq ||
      (watch && (IS_WATCHED(watch, from) || IS_WATCHED(watch, MOVE_TO(m)))))
    return !attacked_after(p, m, ksq, p->side ^ 1) ||
           (blast && blast_shielded(p, from == ksq ? MOVE_TO(m) : ksq, p->side));
  return 1;
}

/* king_rays() where the board wraps: each ray through the step tables,
** ending where it would come back to the king. */
static int king_rays_wrapped(const Position *p, int ksq, uint64_t *watch, int *pins) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int us = p->side, them = us ^ 1;
  const Ray *r = v->ray[them], *end = r + v->wrap_nrays[them];
  for (; r < end; r++) {
    const int16_t *next = topo_table(v, r->off);
    int reach = r->reach == MAX_REACH ? 255 : r->reach, to = ksq, own = SQ_NONE;
    for (int k = 1; k <= reach; k++) {
      to = next[to];
      if (to == ksq) break;
      uint8_t c = b[to];
      if (c == CELL_EMPTY) continue;
      if (c == CELL_OFF) break;
      int hit = CELL_COLOUR(c) == them && IS_SET(r->mask[k < MAX_REACH ? k : MAX_REACH], CELL_TYPE(c));
      if (own == SQ_NONE) {
        if (hit) return 1;
        if (CELL_COLOUR(c) != us) break;
        own = to;
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

/* legal_of() where the board wraps, the side has one royal piece and
** every enemy attack is along a ray: the pins found through the step
** tables, then only the moves that could uncover the king are tried. */
static int legal_wrapped(Position *p, Move *list, int n, int ksq) {
  uint64_t watch[(MAX_SQUARES + 63) / 64];
  int pins = 0, k = 0;
  memset(watch, 0, sizeof watch);
  int in_check = king_rays_wrapped(p, ksq, watch, &pins);
  for (int i = 0; i < n; i++)
    if (move_survives(p, list[i], ksq, in_check, pins ? watch : NULL, 0)) list[k++] = list[i];
  return k;
}

/* Is any of the nr royal pieces on rsq attacked by colour by once m
** (board_trial) is played? attacked_after() with the royal pieces tested
** on the one trial board: the one m moves at its destination, and the
** others where all is set (else only the moving one). */
static int any_attacked_after(Position *p, Move m, const int *rsq, int nr, int by, int all) {
  Trial t;
  trial_play(p, m, &t);
  int hit = 0;
  for (int i = 0; i < nr && !hit; i++) {
    if (rsq[i] == t.from && t.moved) hit = attacked(p, t.to, by);
    else if (all) hit = attacked(p, rsq[i], by);
  }
  trial_undo(p, &t);
  return hit;
}

/* Is move m of the side to move legal, where its nr royal pieces stand on
** rsq (and are marked in royals) and watch holds the squares watched for
** them? For legal_royals. */
static inline int royals_survive(Position *p, Move m, const int *rsq, int nr, const uint64_t *royals,
                                 const uint64_t *watch, int in_check) {
  int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m);
  int royal_from = flag != MF_DROP && IS_WATCHED(royals, from);
  if (!(BOARD_TRIAL_FLAGS >> flag & 1) ||
      ((flag == MF_PROMO || flag == MF_DROP) &&
       (royal_from || IS_SET(p->v->royal_mask, MOVE_PROMO(m) - 1))))
    return survives(p, m);
  int watched = in_check || IS_WATCHED(watch, from) || IS_WATCHED(watch, to);
  if (!royal_from && !watched) return 1;
  return !any_attacked_after(p, m, rsq, nr, p->side ^ 1, watched);
}

/* The side to move's royal pieces: their squares in rsq, marked in
** royals (cleared first); returns how many. */
static int find_royals(const Position *p, int *rsq, uint64_t *royals) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int us = p->side, nr = 0;
  memset(royals, 0, (MAX_SQUARES + 63) / 64 * sizeof *royals);
  for (int i = 0; i < p->npieces[us]; i++) {
    int sq = p->plist[us][i];
    if (IS_SET(v->royal_mask, CELL_TYPE(b[sq]))) {
      rsq[nr++] = sq;
      WATCH(royals, sq);
    }
  }
  return nr;
}

/* The watched squares of the nr royal pieces on rsq (king_rays' and the
** special lines', marked in watch; *watching set where any is): is one of
** them in check? (In check, the marking stops: every move is tried.) */
static int royals_watch(const Position *p, const int *rsq, int nr, uint64_t *watch, int *watching) {
  int them = p->side ^ 1, in_check = 0;
  for (int i = 0; i < nr && !in_check; i++)
    in_check = king_rays(p, rsq[i], watch, watching) || attacked_specially(p, rsq[i], them);
  if (!in_check && p->v->special_attackers[them])
    for (int i = 0; i < nr; i++) *watching |= mark_special_lines(p, rsq[i], watch);
  return in_check;
}

/* legal_of() where the side has several royal pieces and the check rule
** protects each of them (ROYALS_EACH), on a board that neither wraps nor
** has owners of squares and where captures do not blast: the scheme of
** one royal piece, with each royal piece's rays walked. The side is in
** check when any of them is attacked, and then every move is tried
** against every royal piece. Out of check, a move can leave a royal
** piece attacked only if it moves one (tried at its destination) or
** leaves or enters a square watched for one of them (the union of their
** pinned pieces and special lines: tried against each). The trials are
** on the board alone; a promotion to a royal type, or of a royal piece,
** and the rarer flags are made in full (survives). */
static int legal_royals(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int rsq[MAX_PIECES];
  uint64_t watch[(MAX_SQUARES + 63) / 64], royals[(MAX_SQUARES + 63) / 64];
  memset(watch, 0, sizeof watch);
  int nr = find_royals(p, rsq, royals);
  int watching = 0, in_check = royals_watch(p, rsq, nr, watch, &watching);
  int k = 0;
  if (!in_check && !watching) {
    /* nothing pinned, no special line, no check: only the royal pieces'
    ** moves and the rarer flags are tried */
    for (int i = 0; i < n; i++) {
      Move m = list[i];
      if (((1u << MF_NORMAL | 1u << MF_DOUBLE) >> MOVE_FLAG(m) & 1) &&
          !IS_SET(v->royal_mask, CELL_TYPE(b[MOVE_FROM(m)])))
        list[k++] = m;
      else if (royals_survive(p, m, rsq, nr, royals, watch, 0))
        list[k++] = m;
    }
    return k;
  }
  for (int i = 0; i < n; i++)
    if (royals_survive(p, list[i], rsq, nr, royals, watch, in_check)) list[k++] = list[i];
  return k;
}

/* Are all of the nr royal pieces on rsq attacked by colour by once m
** (board_trial) is played, the one m moves at its destination? */
static int all_attacked_after(Position *p, Move m, const int *rsq, int nr, int by) {
  Trial t;
  trial_play(p, m, &t);
  int all = 1;
  for (int i = 0; i < nr && all; i++) all = attacked(p, rsq[i] == t.from && t.moved ? t.to : rsq[i], by);
  trial_undo(p, &t);
  return all;
}

#define MAX_SAFE_ROYALS 4
/* legal_of() where the side has several royal pieces and only leaving
** every one attacked is illegal (ROYALS_ALL, a duple check), on a board
** that neither wraps nor has owners of squares and where captures do not
** blast. A royal piece that stands unattacked now stays so after any move
** that neither moves it nor leaves or enters a square watched for it (its
** pinned pieces and special lines, as for one royal piece): such a move
** is legal at once. The others are tried on the board alone against every
** royal piece (the moving one at its destination); a promotion to a royal
** type, or of a royal piece, and the rarer flags are made in full
** (survives). Only the first MAX_SAFE_ROYALS unattacked ones are watched. */
static int legal_royals_all(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int them = p->side ^ 1, rsq[MAX_PIECES], safe[MAX_SAFE_ROYALS], ns = 0;
  uint64_t watch[MAX_SAFE_ROYALS][(MAX_SQUARES + 63) / 64], royals[(MAX_SQUARES + 63) / 64];
  int nr = find_royals(p, rsq, royals);
  for (int i = 0; i < nr && ns < MAX_SAFE_ROYALS; i++) {
    int pins = 0;
    memset(watch[ns], 0, sizeof watch[ns]);
    if (king_rays(p, rsq[i], watch[ns], &pins) || attacked_specially(p, rsq[i], them)) continue;
    if (v->special_attackers[them]) mark_special_lines(p, rsq[i], watch[ns]);
    safe[ns++] = rsq[i];
  }
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int from = MOVE_FROM(m), to = MOVE_TO(m), flag = MOVE_FLAG(m), ok = 0;
    int royal_from = flag != MF_DROP && IS_WATCHED(royals, from);
    if (!(BOARD_TRIAL_FLAGS >> flag & 1) ||
        ((flag == MF_PROMO || flag == MF_DROP) &&
         (royal_from || IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)))) {
      ok = survives(p, m);
    } else {
      for (int j = 0; j < ns && !ok; j++)
        ok = (flag == MF_DROP || from != safe[j]) && !IS_WATCHED(watch[j], from) && !IS_WATCHED(watch[j], to);
      if (!ok) ok = !all_attacked_after(p, m, rsq, nr, them);
    }
    if (ok) list[k++] = m;
  }
  return k;
}

/* The legal moves of n where the side has one royal piece the check rule
** protects, on ksq, on a board that neither wraps nor has owners of
** squares: legal_of's fast path (and legal_counted's, where one counted
** royal piece is protected). */
static inline __attribute__((always_inline)) int legal_one(Position *p, Move *list, int n, int ksq) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1;
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
  int in_check = (v->attack_dense ? king_rays_dense(p, ksq, watch, &watching)
                  : v->ray_masks ? king_rays_masked(p, ksq, watch, &watching)
                                 : king_rays(p, ksq, watch, &watching)) ||
                 attacked_specially(p, ksq, them);
  if (!in_check && v->special_attackers[them]) watching |= mark_special_lines(p, ksq, watch);
  int k = 0, blast = v->nblast > 0;
  if (!in_check && !watching) {
    if (!blast) {
      /* the common case: only the king's moves and the rarer flags are
      ** tried (where captures blast, the loop below tries each capture
      ** too: a test for it here cost chess perft 2% more instructions) */
      for (int i = 0; i < n; i++) {
        Move m = list[i];
        if (MOVE_FROM(m) != ksq && ((1u << MF_NORMAL | 1u << MF_DOUBLE) >> MOVE_FLAG(m) & 1))
          list[k++] = m;
        else if (move_survives(p, m, ksq, 0, NULL, 0))
          list[k++] = m;
      }
      return k;
    }
    /* ... and where captures blast, the captures too */
    const uint8_t *enemy = v->enemy[us], *b = p->board;
    for (int i = 0; i < n; i++) {
      Move m = list[i];
      if (MOVE_FROM(m) != ksq && ((1u << MF_NORMAL | 1u << MF_DOUBLE) >> MOVE_FLAG(m) & 1) &&
          !enemy[b[MOVE_TO(m)]])
        list[k++] = m;
      else if (move_survives(p, m, ksq, 0, NULL, 1))
        list[k++] = m;
    }
    return k;
  }
  uint64_t block[(MAX_SQUARES + 63) / 64], stop[(MAX_SQUARES + 63) / 64];
  if (in_check && !blast && !v->special_attackers[them] && check_blocks(p, ksq, block, stop)) {
    /* in check: a drop only where it blocks every check, a piece other
    ** than the king tried only where it lands on a square that blocks or
    ** takes every checker (check_blocks); elsewhere it leaves the check as
    ** it was. A royal piece's drop, and a promotion into a royal type
    ** (which may take the protection from the king: counted royals), are
    ** still made. */
    for (int i = 0; i < n; i++) {
      Move m = list[i];
      int flag = MOVE_FLAG(m);
      if (flag == MF_DROP && !IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)) {
        if (IS_WATCHED(block, MOVE_TO(m))) list[k++] = m;
        continue;
      }
      if (MOVE_FROM(m) != ksq && (flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_PROMO) &&
          !(flag == MF_PROMO && IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)) && !IS_WATCHED(stop, MOVE_TO(m)))
        continue;
      if (move_survives(p, m, ksq, 1, watching ? watch : NULL, 0)) list[k++] = m;
    }
    return k;
  }
  for (int i = 0; i < n; i++)
    if (move_survives(p, list[i], ksq, in_check, watching ? watch : NULL, blast)) list[k++] = list[i];
  return k;
}

/* Royal pieces "counted" (Variant.counted_royals), as Fairy-Stockfish
** judges its pseudo-royal pieces (position.cpp, legal): the pieces the
** check rule protects are those of the position before the move (a
** counted type's while its side has one of it), followed as they move; a
** piece dropped of a royal type is protected too, and one a promotion
** choice makes is protected while its side had none of the type, else
** that promotion takes the protection from the others of the type. A
** move that takes a protected counted piece of the opponent's en passant
** is legal whatever it leaves attacked, but for the pieces always royal. */
typedef struct Guarded {
  int n;
  int16_t sq[MAX_PIECES];
  uint8_t counted[MAX_PIECES]; /* of a counted type (the capture above frees it) */
} Guarded;

/* The side to move's protected royal pieces before a move. */
static void guarded_now(const Position *p, Guarded *g) {
  const Variant *v = p->v;
  int us = p->side;
  g->n = 0;
  for (int i = 0; i < p->npieces[us]; i++) {
    int sq = p->plist[us][i], t = CELL_TYPE(p->board[sq]);
    if (IS_SET(v->royal_mask, t) && pos_royal_protected(p, us, t)) {
      g->sq[g->n] = (int16_t)sq;
      g->counted[g->n++] = IS_SET(v->counted_royals, t);
    }
  }
}

/* Does m take a protected counted piece of the opponent's from a square
** it does not land on (en passant)? Fairy-Stockfish leaves the check
** rule's test out then: the piece taken is gone from the board it tests,
** where a piece taken on the square the mover lands on is not. */
static int takes_counted(const Position *p, Move m) {
  const Variant *v = p->v;
  if (MOVE_FLAG(m) != MF_EP) return 0;
  uint8_t c = p->board[p->ep_victim];
  if (c == CELL_EMPTY || c == CELL_OFF || CELL_COLOUR(c) != (p->side ^ 1)) return 0;
  int t = CELL_TYPE(c);
  return IS_SET(v->counted_royals, t) && pos_royal_protected(p, p->side ^ 1, t);
}

/* Is move m legal where some royal pieces are counted? Made on the board. */
static int counted_survives(Position *p, Move m) {
  const Variant *v = p->v;
  Guarded g;
  guarded_now(p, &g);
  int us = p->side, them = us ^ 1, flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m);
  int free = takes_counted(p, m);
  if (flag != MF_DROP && flag != MF_PLACE && flag != MF_PASS)
    for (int i = 0; i < g.n; i++)
      if (g.sq[i] == from) g.sq[i] = (int16_t)move_destination(p, m);
  if (flag == MF_DROP && IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)) {
    g.sq[g.n] = (int16_t)to;
    g.counted[g.n++] = IS_SET(v->counted_royals, MOVE_PROMO(m) - 1);
  }
  if (flag == MF_PROMO) {
    int mt = CELL_TYPE(p->board[from]), tt = MOVE_PROMO(m) - 1;
    int choice = v->promo_to[mt] != MOVE_PROMO(m) && !v->demote_to[mt];
    if (choice && IS_SET(v->counted_royals, tt)) {
      int as = v->counted_as[tt];
      if (pos_count_as(p, us, as) >= 1) { /* more than one now: none of them protected */
        int k = 0;
        for (int i = 0; i < g.n; i++) {
          uint8_t c = p->board[g.sq[i] == to ? from : g.sq[i]];
          if (g.sq[i] != to && c != CELL_EMPTY && v->counted_as[CELL_TYPE(c)] == as) continue;
          g.sq[k] = g.sq[i], g.counted[k++] = g.counted[i];
        }
        g.n = k;
      } else {
        g.sq[g.n] = (int16_t)to;
        g.counted[g.n++] = 1;
      }
    } else if (choice && IS_SET(v->royal_mask, tt)) {
      g.sq[g.n] = (int16_t)to;
      g.counted[g.n++] = 0;
    }
  }
  Undo u;
  pos_make(p, m, &u);
  int ok = 1;
  for (int i = 0; i < g.n && ok; i++)
    if (!(free && g.counted[i]) && attacked(p, g.sq[i], them)) ok = 0;
  pos_unmake(p, m, &u);
  return ok;
}

/* legal_of() where some royal pieces are counted: legal_royals()'s
** scheme, with the pieces protected now. Out of check, a move can leave
** one attacked only if it moves one (tried at its destination) or leaves
** or enters a square watched for one; in check every move is tried,
** against each. On the board alone, but a drop or a promotion choice of
** a royal type (which changes what is protected) and the rarer flags,
** which are made (counted_survives). */
static int legal_counted(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  /* one royal piece: protected whatever its type (the common case) */
  if (royal_count(p, p->side) == 1) return legal_one(p, list, n, p->royal[p->side]);
  Guarded g;
  guarded_now(p, &g);
  int us = p->side, them = us ^ 1, rsq[MAX_PIECES], nr = g.n;
  /* one protected: the fast path of one royal piece (what it leaves to
  ** survives(), counted_survives() judges) */
  if (nr == 1) return legal_one(p, list, n, g.sq[0]);
  if (nr == 0) { /* nothing protected: only what may protect a piece */
    int k = 0;
    for (int i = 0; i < n; i++) {
      Move m = list[i];
      int flag = MOVE_FLAG(m);
      if (((1u << MF_NORMAL | 1u << MF_DOUBLE | 1u << MF_PASS) >> flag & 1) ||
          ((flag == MF_DROP || flag == MF_PROMO) && !IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)) ||
          counted_survives(p, m))
        list[k++] = m;
    }
    return k;
  }
  uint64_t watch[(MAX_SQUARES + 63) / 64], royals[(MAX_SQUARES + 63) / 64];
  memset(watch, 0, sizeof watch);
  memset(royals, 0, sizeof royals);
  for (int i = 0; i < nr; i++) {
    rsq[i] = g.sq[i];
    WATCH(royals, rsq[i]);
  }
  int watching = 0, in_check = royals_watch(p, rsq, nr, watch, &watching);
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m);
    int ok;
    if (!(BOARD_TRIAL_FLAGS >> flag & 1) ||
        ((flag == MF_DROP || flag == MF_PROMO) && IS_SET(v->royal_mask, MOVE_PROMO(m) - 1)))
      ok = counted_survives(p, m);
    else {
      int royal_from = flag != MF_DROP && IS_WATCHED(royals, from);
      int watched = in_check || IS_WATCHED(watch, from) || IS_WATCHED(watch, to);
      ok = (!royal_from && !watched) || !any_attacked_after(p, m, rsq, nr, them, watched);
    }
    if (ok) list[k++] = m;
  }
  return k;
}

/* legal_of() where the fast path of one royal piece on a plain board does
** not apply: a board that wraps (legal_wrapped), several royal pieces each
** protected (legal_royals), else every move made and tested. (Apart from
** legal_of, whose code for chess stays as small as it was.) */
static __attribute__((noinline)) int legal_apart_of(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1, ksq = p->royal[us];
  if (p->phase + 1 < v->nphases && v->phase[p->phase + 1].shields) return legal_shielded(p, list, n);
  if (v->counted_royals) return legal_counted(p, list, n);
  if (v->geo.wrap && !v->has_owner && !v->wrap_special[them] && !v->nblast &&
      royal_count(p, us) == 1)
    return legal_wrapped(p, list, n, ksq);
  if (!v->legal_apart && !v->nblast && v->royals == ROYALS_EACH) return legal_royals(p, list, n);
  if (!v->legal_apart && !v->nblast && v->royals == ROYALS_ALL) return legal_royals_all(p, list, n);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (survives(p, list[i])) list[k++] = list[i];
  return k;
}

/* Of the n pseudo-legal moves in list, the legal ones of the side's
** pieces (or the relocations of a relocation step). */
static int legal_of(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int us = p->side;
  if (v->royal_capture || v->phase[p->phase].kind == PHASE_RELOCATE ||
      v->phase[p->phase].kind == PHASE_DRAW)
    return v->phase[p->phase].shields && !v->royal_capture ? shielding_relocations(p, list, n) : n;
  if (p->royal[us] == SQ_NONE) {
    /* No royal piece on the board yet (one in hand, as in a placement
    ** phase): a royal piece may not be dropped, or promoted to, where it
    ** stands attacked. A variant without royal pieces (antichess) has
    ** nothing to look at. */
    if (!v->royal_mask) return n;
    int k = 0;
    for (int i = 0; i < n; i++) {
      int flag = MOVE_FLAG(list[i]);
      if ((flag == MF_DROP || flag == MF_PROMO) && IS_SET(v->royal_mask, MOVE_PROMO(list[i]) - 1) &&
          !survives(p, list[i]))
        continue;
      list[k++] = list[i];
    }
    return k;
  }

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
  /* (where the board wraps, pins and watched squares are not found along
  ** straight lines: every move is tried) */
  if (v->legal_apart || royal_count(p, us) != 1) return legal_apart_of(p, list, n);

  return legal_one(p, list, n, ksq);
}

/* Which moves give check, for legal_on "checks", without making each:
** where the ordinary attack is the rules' (no attacked hook, no piece of
** the mover's that attacks through others, one enemy royal piece), a move
** can give check only if its piece could attack the royal piece from where
** it lands (capture_offset), or it empties the first piece of one of the
** royal piece's attack rays beyond which a piece of the mover's attacks
** along it (a discovered check); those few are tested on the board changed
** in place. Elsewhere each move is made and tested. */
typedef struct CheckScan {
  int fast, ksq;
  uint64_t first[(MAX_SQUARES + 63) / 64];
} CheckScan;

static __attribute__((noinline)) void check_scan(const Position *p, CheckScan *c) {
  const Variant *v = p->v;
  int us = p->side, them = us ^ 1;
  c->ksq = p->royal[them];
  c->fast = !v->rules->attacked && !v->geo.wrap && !v->special_attackers[us] && !v->nblast &&
            !v->facing_illegal && c->ksq != SQ_NONE && royal_count(p, them) == 1;
  if (!c->fast) return;
  ray_screens(p, c->ksq, us, c->first);
}

static int gives_check(Position *p, Move m, const CheckScan *c) {
  const Variant *v = p->v;
  int flag = MOVE_FLAG(m), from = MOVE_FROM(m), to = MOVE_TO(m), us = p->side;
  if (!c->fast || !(flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_EP || flag == MF_PROMO)) {
    Undo u;
    move_make(p, m, &u);
    int check = royal_attacked(p, us ^ 1);
    move_unmake(p, m, &u);
    return check;
  }
  uint8_t *b = p->board, cell = b[from];
  uint8_t now = flag == MF_PROMO ? MAKE_CELL(us, MOVE_PROMO(m) - 1) : cell;
  int victim = flag == MF_EP ? p->ep_victim : SQ_NONE;
#define FIRST(sq) (c->first[(sq) >> 6] >> ((sq) & 63) & 1)
  if (!IS_SET(v->capture_offset[us][MAX_SQUARES + c->ksq - to], CELL_TYPE(now)) && !FIRST(from) &&
      (victim == SQ_NONE || !FIRST(victim)))
    return 0;
#undef FIRST
  uint8_t there = b[to], sv = victim != SQ_NONE ? b[victim] : 0;
  b[from] = CELL_EMPTY;
  b[to] = now;
  if (victim != SQ_NONE) b[victim] = CELL_EMPTY;
  int check = attacked(p, c->ksq, us);
  if (victim != SQ_NONE) b[victim] = sv;
  b[to] = there;
  b[from] = cell;
  return check;
}

/* Does m move a royal piece (castling included)? legal_on "royal". */
static int royal_move(const Position *p, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_SCRIPT || (flag >= MF_PLACE && flag <= MF_DRAW) || flag == MF_DROP) return 0;
  uint8_t cell = p->board[MOVE_FROM(m)];
  return cell != CELL_EMPTY && cell != CELL_OFF && IS_SET(p->v->royal_mask, CELL_TYPE(cell));
}

/* The legal moves where a script writes rules: the hooks may end the
** game, take moves from the core's and add their own; every move is then
** made with its effects and judged by the hooks' legality, or by whether
** it leaves a royal piece of the mover's attacked as the hooks judge
** attack. */
static int hooked_legal_of(Position *p, Move *list, int n, int check_rule);

static int rules_legal_moves(Position *p, Move *list) {
  const Variant *v = p->v;
  const RuleHooks *r = v->rules;
  int result, us = p->side, kind = v->phase[p->phase].kind;
  if (r->failed) return 0;
  if (v->has_terminal && pos_terminal(p, &result)) return 0;
  if (r->terminal && r->terminal(r->ctx, p, NULL, 0)) return 0;
  int n = r->generate ? r->generate(r->ctx, p, list) : -1;
  if (n < 0) {
    n = gen_pseudo(p, list);
    if (n == 0 && v->must_drop && v->drops) n = gen_pseudo_all(p, list);
    if (r->castling && v->castling && (p->castle >> (us * 2) & 3)) n = castling_by_hook(p, list, n);
  }
  if (r->moves && !r->failed) n = r->moves(r->ctx, p, list, n);
  if (r->failed) return 0;
  int judged = kind != PHASE_RELOCATE && kind != PHASE_DRAW;
  int check_rule = !v->royal_capture && v->royal_mask;
  if (!judged || (!r->legal && !check_rule)) return n;
  if (r->judge) {
    int k = r->judge(r->ctx, p, list, n);
    if (k >= 0 || r->failed) return r->failed ? 0 : k;
  }
  return hooked_legal_of(p, list, n, check_rule);
}

/* The legal moves of list[0..n), the step's moves as the hooks gave them,
** where a script writes rules. (Apart from the generation above, so that
** the registers of its loops stay their own.) */
static int hooked_legal_of(Position *p, Move *list, int n, int check_rule) {
  const RuleHooks *r = p->v->rules;
  int us = p->side;
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
    int marked = r->effects_attr && (MOVE_FLAG(m) < MF_PLACE || MOVE_FLAG(m) > MF_DRAW) &&
                 (p->attr[MOVE_FROM(m)] & r->effects_attr);
    int by_hook = MOVE_FLAG(m) == MF_SCRIPT || (r->attacked && r->attacked_all) || (r->effects && marked) ||
                  (r->legal && r->legal_on == HOOK_ON_ROYAL && royal_move(p, m)) ||
                  (r->legal && (r->legal_on == HOOK_ON_ALL || (r->legal_on == HOOK_ON_CAPTURES && capture))) ||
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
    /* legal_on "checks": of the moves the check rule allows, those that
    ** give check are the hook's to refuse; the others it is not asked */
    if (r->legal && r->legal_on == HOOK_ON_CHECKS) {
      int kk = 0;
      CheckScan cs;
      check_scan(p, &cs);
      for (int i = 0; i < k && !r->failed; i++) {
        Undo u;
        Move m = list[i];
        int ok = 1;
        if (gives_check(p, m, &cs)) {
          move_make(p, m, &u);
          ok = !royal_attacked(p, us ^ 1) || r->legal(r->ctx, p, m, us) != 0;
          move_unmake(p, m, &u);
        }
        if (ok) list[kk++] = m;
      }
      k = kk;
    }
  }
  for (int i = 0; i < ns && !r->failed; i++) {
    Undo u;
    Move m = special[i];
    int royal = r->legal_on == HOOK_ON_ROYAL && royal_move(p, m);
    move_make(p, m, &u);
    /* legal_on "captures": the captures, and the script's own moves (whose
    ** effects may capture); "royal": the moves of royal pieces */
    int asked = r->legal && (r->legal_on == HOOK_ON_ALL || royal ||
                             (r->legal_on == HOOK_ON_CAPTURES && (u.captured != CELL_EMPTY || MOVE_FLAG(m) == MF_SCRIPT)));
    int ok = asked ? r->legal(r->ctx, p, m, us) : -1;
    if (ok < 0) ok = !check_rule || !royal_attacked(p, us);
    if (ok && !asked && r->legal && r->legal_on == HOOK_ON_CHECKS && royal_attacked(p, us ^ 1))
      ok = r->legal(r->ctx, p, m, us) != 0;
    move_unmake(p, m, &u);
    if (ok) list[k++] = m;
  }
  return r->failed ? 0 : k;
}

/* Variant.pass_stuck: the side to move, left without a legal move, passes
** if it has a piece on the board and no royal piece in check. The pass is
** written from and to its royal piece's square, or its first piece's (a1,
** b1, ... a2, ...), as Fairy-Stockfish writes it. */
static int stuck_pass(Position *p, Move *list) {
  int us = p->side, first = SQ_NONE;
  for (int i = 0; i < p->npieces[us]; i++)
    if (first == SQ_NONE || p->plist[us][i] < first) first = p->plist[us][i];
  if (p->royal[us] != SQ_NONE) first = p->royal[us]; /* a king passes on its square */
  if (first == SQ_NONE || (p->v->royal_mask && royal_attacked(p, us))) return 0;
  list[0] = MAKE_MOVE(first, first, MF_PASS, 0);
  return 1;
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
  if (n == 0 && v->pass_stuck[p->side]) n = stuck_pass(p, list);
  return n;
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

/* Does a piece of colour by and type t, standing on to, attack ksq along
** one of by's rays (Variant.ray), the squares between empty but for
** `vacated`, taken as empty (the square a move leaves; SQ_NONE: none)?
** Only the rays whose line from ksq passes to are walked
** (Variant.ray_through: to - ksq a multiple k of the ray's offset, k
** within its reach; a line that leaves the board on the way finds the
** padding's CELL_OFF). */
static int ray_attacks_from(const Position *p, int ksq, int by, int to, int t, int vacated) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int d = to - ksq;
  for (uint64_t m = v->ray_through[by][d + MAX_SQUARES]; m; m &= m - 1) {
    const Ray *r = &v->ray[by][__builtin_ctzll(m)];
    int k = d / r->off;
    if (!IS_SET(r->mask[k], t)) continue;
    int sq = ksq + r->off, j = 1;
    for (; j < k && (b[sq] == CELL_EMPTY || sq == vacated); j++, sq += r->off) {}
    if (j == k) return 1;
  }
  return 0;
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
      else if (lines && flag != MF_PASS && !IS_WATCHED(watch, from))
        /* nothing uncovered: only the piece that lands can check (a
        ** piece taken on to leaves it blocked), along the rays alone */
        check = ray_attacks_from(p, ksq, us, to, t, flag == MF_DROP ? SQ_NONE : from);
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

/* Drops that check (drops.no_check), or checkmate with drop_no_mate's
** type, are illegal. */
static inline __attribute__((always_inline)) int drop_filters(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int k = 0, them = p->side ^ 1;
  if (!v->royal_mask) return n; /* no royal piece to check, nor to mate */
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

/* Promotions into a type promotion.by_side does not give the side, that
** give check (promotion.no_check), or whose new piece attacks a piece of
** the opponent where it lands (promotion.no_attack), are illegal. Taking
** out a choice never takes out the move's last one: by_side leaves each
** side at least one. */
static int promotion_filters(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  int k = 0, them = p->side ^ 1;
  uint32_t allowed = v->promo_side_mask[p->side];
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int ok = 1;
    if (MOVE_FLAG(m) == MF_PROMO && !(allowed >> (MOVE_PROMO(m) - 1) & 1)) {
      ok = 0;
    } else if (MOVE_FLAG(m) == MF_PROMO && (v->promo_no_check || v->promo_no_attack)) {
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

/* Where the place step after this move step can be left without a square
** (Phase.place with a region, or a piece that cannot come back): of the n
** moves in list, those after which it has one. A step between squares of
** a place anywhere needs no trial: the empty squares of the region before
** it, plus the one it leaves, minus the one it takes. */
static int with_placement(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  const Phase *next = &v->phase[p->phase + 1];
  Move places[MAX_MOVES];
  int k = 0, empty = -1;
  if (next->place == PLACE_ANYWHERE) {
    empty = 0;
    for (int r = 0; r < v->geo.ranks; r++)
      for (int f = 0; f < v->geo.files; f++)
        if (p->board[board_square(&v->geo, f, r)] == CELL_EMPTY && (next->region[r] >> f & 1)) empty++;
  }
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int ok, flag = MOVE_FLAG(m);
    if (next->instead) {
      /* the turn ends with a move; the pass changes nothing on the board */
      if (flag != MF_PASS) ok = 1;
      else if (!v->rules) ok = gen_place_of(p, p->phase + 1, places) > 0;
      else {
        Undo u;
        move_make(p, m, &u);
        ok = p->phase == 0 || gen_legal(p, places) > 0;
        move_unmake(p, m, &u);
      }
    } else if (empty >= 0 && (flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_PROMO)) {
      int from = MOVE_FROM(m), to = MOVE_TO(m);
      int left = next->region[v->sq_rank[from]] >> board_file(&v->geo, from) & 1;
      int taken = p->board[to] == CELL_EMPTY && (next->region[v->sq_rank[to]] >> board_file(&v->geo, to) & 1);
      ok = empty + left - taken > 0;
    } else {
      Undo u;
      move_make(p, m, &u);
      ok = p->phase == 0 || gen_legal(p, places) > 0;
      move_unmake(p, m, &u);
    }
    if (ok) list[k++] = m;
  }
  return k;
}

/* Variant.mutual_immune: no capture of a piece by one of its own type.
** Only where a piece of such a type of the side to move stands where a
** capture could reach an enemy one of its type (Variant.capture_offset:
** as if nothing stood between) are the moves looked at. */
static inline __attribute__((always_inline)) int without_mutual_captures(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  const uint8_t *b = p->board;
  int k = 0, us = p->side, them = us ^ 1, near = 0;
  uint32_t both = 0;
  for (uint32_t m = v->mutual_immune; m; m &= m - 1) {
    int t = __builtin_ctz(m);
    if (t < v->ntypes && p->count[us][t] && p->count[them][t]) both |= 1u << t;
  }
  for (; both && !near; both &= both - 1) {
    /* the squares of the type's pieces of each side, each list walked
    ** until its count is found */
    int t = __builtin_ctz(both), sq[2][8], ns[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
      uint8_t cell = MAKE_CELL(c, t);
      int want = p->count[c][t] < 8 ? p->count[c][t] : 8;
      for (int i = 0; i < p->npieces[c] && ns[c] < want; i++)
        if (b[p->plist[c][i]] == cell) sq[c][ns[c]++] = p->plist[c][i];
    }
    if (p->count[us][t] > 8 || p->count[them][t] > 8) near = 1; /* (not listed: every move looked at) */
    for (int i = 0; i < ns[us] && !near; i++)
      for (int j = 0; j < ns[them] && !near; j++)
        near = IS_SET(v->capture_offset[us][MAX_SQUARES + sq[them][j] - sq[us][i]], t);
  }
  if (!near) return n;
  for (int i = 0; i < n; i++) {
    Move m = list[i];
    int flag = MOVE_FLAG(m);
    uint8_t mover = p->board[MOVE_FROM(m)], target = p->board[MOVE_TO(m)];
    int same = (flag == MF_NORMAL || flag == MF_PROMO) && mover != CELL_EMPTY && mover != CELL_OFF &&
               target != CELL_EMPTY && target != CELL_OFF && CELL_COLOUR(target) == (p->side ^ 1) &&
               CELL_TYPE(mover) == CELL_TYPE(target) && (v->mutual_immune >> CELL_TYPE(mover) & 1);
    if (!same) list[k++] = m;
  }
  return k;
}

/* The legal moves' filters after the check rule (Variant.legal_filters),
** compulsory capture aside: each keeps or drops a move by itself. */
static inline __attribute__((always_inline)) int filters_after_check(Position *p, Move *list, int n) {
  const Variant *v = p->v;
  if (v->drop_no_mate || v->drop_no_check) n = drop_filters(p, list, n);
  if (v->promo_no_check || v->promo_no_attack || v->promo_by_side) n = promotion_filters(p, list, n);
  if (v->mutual_immune) n = without_mutual_captures(p, list, n);
  if (v->no_check) n = without_checks(p, list, n);
  if (v->king_held) n = king_held(p, list, n);
  if (v->place_can_fail[p->phase]) n = with_placement(p, list, n);
  return n;
}

/* (under compulsory capture, out of line; gen_legal has them inline for
** the others) */
static __attribute__((noinline)) int move_filters(Position *p, Move *list, int n) {
  return filters_after_check(p, list, n);
}

int gen_legal(Position *p, Move *list) {
  precondition(pos_playable(p) && list);
  int kind = p->v->phase[p->phase].kind;
  const Variant *v = p->v;
  if (kind == PHASE_MOVE && v->legal_filters) {
    int n = legal_moves(p, list);
    if (!v->must_capture) return filters_after_check(p, list, n);
    if (!v->move_filters && !v->place_can_fail[p->phase]) { /* compulsory capture alone */
      int k = 0;
      for (int i = 0; i < n; i++)
        if (move_captures(p, list[i])) list[k++] = list[i];
      return k ? k : n;
    }
    /* Compulsory capture (the captures alone, where one is legal): each
    ** filter keeps or drops a move on its own, so the captures are
    ** filtered first, and the other moves only where none is left. */
    Move rest[MAX_MOVES];
    int k = 0, r = 0;
    for (int i = 0; i < n; i++) {
      if (move_captures(p, list[i])) list[k++] = list[i];
      else rest[r++] = list[i];
    }
    if (k && (k = move_filters(p, list, k))) return k;
    memcpy(list, rest, (size_t)r * sizeof *list);
    return move_filters(p, list, r);
  }
  if (kind != PHASE_TARGET && kind != PHASE_CHOOSE) return legal_moves(p, list);
  Move moves[MAX_MOVES];
  int n = legal_moves(p, moves);
  return kind == PHASE_TARGET ? target_names(p, moves, n, list)
                              : target_choices(p, moves, n, list);
}

void rules_after_make(Position *p, Move m, Undo *u) {
  const RuleHooks *r = p->v->rules;
  if (r->terminal_after) { /* what terminal_on asks about */
    p->last_step = (uint8_t)((u->captured != CELL_EMPTY || MOVE_FLAG(m) == MF_SCRIPT ? LAST_CAPTURE : 0) |
                             (u->moved != CELL_EMPTY && IS_SET(p->v->royal_mask, CELL_TYPE(u->moved)) ? LAST_ROYAL : 0));
    if ((r->terminal_after & LAST_CHECK) && royal_attacked(p, u->side ^ 1)) p->last_step |= LAST_CHECK;
  }
  if (r->failed) return;
  if (r->effects &&
      (r->effects_on == HOOK_ON_ALL || MOVE_FLAG(m) == MF_SCRIPT || (u->moved_attr & r->effects_attr) ||
       (r->effects_on == HOOK_ON_CAPTURES ? u->captured != CELL_EMPTY
                                          : royal_attacked(p, u->side ^ 1)) ||
       (r->effects_continuing && u->phase > 0)))
    r->effects(r->ctx, p, m, u);
  if (r->turn_ends && !r->failed) {
    int asked = r->turn_ends_on == HOOK_ON_ALL || MOVE_FLAG(m) == MF_SCRIPT || u->captured != CELL_EMPTY;
    int ends = asked ? r->turn_ends(r->ctx, p, m, u) : 1;
    /* as the program says: the turn ends after its last step */
    if (ends < 0) ends = u->phase + 1 >= p->v->nphases;
    /* a turn program of one step cannot go on */
    if (ends || p->phase == 0) pos_end_turn(p);
    /* The same side moves again: the en passant square a double step set
    ** is dead (no side takes its own pawn, and the next move clears it),
    ** so it is forgotten now, and a FEN written between the steps reads
    ** back as the same position. */
    else if (p->v->phase[p->phase].kind == PHASE_MOVE) pos_clear_ep(p);
  }
}

int move_is_legal(Position *p, Move m) {
  Move list[MAX_MOVES];
  int n = gen_legal(p, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}


/* ---- a variant's facts that need its start position -------------------- */

static void add_problem(char *err, size_t errlen, int *nerr, const char *fmt, ...) {
  size_t used = strlen(err);
  va_list ap;
  if (used + 2 >= errlen) return;
  if (*nerr) err[used++] = '\n';
  va_start(ap, fmt);
  vsnprintf(err + used, errlen - used, fmt, ap);
  va_end(ap);
  (*nerr)++;
}

int rules_conclude(Variant *v, char *err, size_t errlen) {
  if (variant_conclude(v, err, errlen)) return -1;
  const Geometry *g = &v->geo;
  int nerr = 0;
  err[0] = '\0';
  /* Initial ranks: where each type stands in the start position. */
  Position *start = malloc(sizeof *start);
  char ferr[256];
  if (!start) return -1;
  memset(v->initial_ranks, 0, sizeof v->initial_ranks);
  for (int i = 0; i < 4; i++) v->castle_start_rook[i] = SQ_NONE;
  v->castle_start_king[0] = v->castle_start_king[1] = SQ_NONE;
  if (pos_set_fen(start, v, v->start_fen, ferr, sizeof ferr)) {
    add_problem(err, errlen, &nerr, "start: %s", ferr);
  } else {
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < start->npieces[c]; i++) {
        int sq = start->plist[c][i];
        v->initial_ranks[c][CELL_TYPE(start->board[sq])] |=
            (uint16_t)(1u << board_rank(g, sq));
      }
    if (v->castle_always) {
      for (int i = 0; i < 4; i++) v->castle_start_rook[i] = start->castle_rook[i];
      for (int c = 0; c < 2; c++) v->castle_start_king[c] = start->castle_king[c];
    }
    /* Ranks the script gives replace those of the start position. */
    for (int t = 0; t < v->ntypes; t++)
      if (v->type[t].initial_by_side) {
        v->initial_ranks[WHITE][t] = v->type[t].initial_ranks;
        v->initial_ranks[BLACK][t] = v->type[t].initial_ranks_black;
      } else if (v->type[t].initial_ranks)
        v->initial_ranks[0][t] = v->initial_ranks[1][t] = v->type[t].initial_ranks;
    for (int c = 0; c < 2; c++)
      if (v->royal_mask && start->royal[c] == SQ_NONE && !variant_kingless_allowed(v) &&
          !pos_royal_in_pocket(start, c))
        add_problem(err, errlen, &nerr, "start: %s has no royal piece", colour_title(c));
  }
  free(start);
  variant_find_sets(v);
  return nerr ? -1 : 0;
}

/* ---- a position from a FEN, with what the rules know of it -------------- */

/* The side to move's series of checks (Variant.mate_series_types): out of
** check, none; in check, one with a check by those types, if this is one
** or an earlier check of the series was. */
static void series_update(Position *p) {
  uint32_t checking = checking_types(p, p->side);
  p->series[p->side] = checking && (p->series[p->side] || (checking & p->v->mate_series_types));
}

int rules_set_fen(Position *p, const Variant *v, const char *fen, char *err, size_t errlen) {
  if (pos_set_fen(p, v, fen, err, errlen)) return -1;
  if (v->mate_series_types) series_update(p);
  return 0;
}

/* ---- making a move -------------------------------------------------------- */

/* ---- the counting rule (Variant.counting_rule) ------------------------------ */

/* Pieces of the counting rule's pawn types on the board, both sides'. */
static int counting_pawns(const Position *p) {
  const Counting *c = &p->v->counting_rule;
  for (int t = 0; t < p->v->ntypes; t++)
    if ((c->pawns >> t & 1) && (p->count[WHITE][t] || p->count[BLACK][t])) return 1;
  return 0;
}

int counting_limit(const Position *p, int side) {
  const Variant *v = p->v;
  const Counting *c = &v->counting_rule;
  int them = side ^ 1;
  if (!c->on || p->npieces[them] <= 1) return 0; /* nothing to count against */
  if (p->npieces[side] > 1) { /* the board's honour */
    if (!c->board || (c->board_most && p->npieces[side] > c->board_most)) return 0;
    return c->board_pawns && counting_pawns(p) ? 0 : c->board;
  }
  if (counting_pawns(p)) return 0; /* the pieces' honour, a king alone */
  for (int i = 0; i < c->nlimits; i++) {
    int t = 0;
    while (t < v->ntypes && p->count[them][t] >= c->limit[i].need[t]) t++;
    if (t == v->ntypes) return c->limit[i].moves;
  }
  return 0;
}

/* After a whole turn by the side that has just moved (u->side): the count
** goes on by a ply, and starts (again) where the rules say, as
** Fairy-Stockfish's do_move starts it: for the side to move, when no
** count runs yet, or when it has its king alone and the move captured or
** promoted; and, where the count starts from the pieces on the board,
** for the side that has just moved, its king alone, when it took the
** last pawn. A count is kept in plies: limit twice the moves, and a count
** from the pieces on the board starts at twice their number (its first
** move is the number plus one). */
static void counting_update(Position *p, Move m, const Undo *u) {
  const Counting *c = &p->v->counting_rule;
  int mover = u->side, side = p->side, limit;
  int all = p->npieces[WHITE] + p->npieces[BLACK];
  int captured = u->captured != CELL_EMPTY;
  if (p->count_limit) p->count_ply++;
  if (c->from_pieces && captured && (c->pawns >> CELL_TYPE(u->captured) & 1) &&
      p->npieces[mover] == 1 && !counting_pawns(p) && (limit = counting_limit(p, mover))) {
    p->count_limit = 2 * limit;
    p->count_ply = 2 * all - 1;
  }
  if ((!p->count_limit || ((captured || MOVE_FLAG(m) == MF_PROMO) && p->npieces[side] == 1)) &&
      (limit = counting_limit(p, side))) {
    p->count_limit = 2 * limit;
    p->count_ply = !c->from_pieces || p->npieces[side] > 1 ? 0 : 2 * all;
  }
}

int counting_over(const Position *p) {
  return p->v->counting && p->count_limit && p->count_ply > p->count_limit;
}

/* What move_make does after the board's part and a script's hooks, where
** the variant has any of it (Variant.after_make): a series of checks, a
** check counted, the counting rule. */
static __attribute__((noinline)) void make_after(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  if (v->mate_series_types && p->side != u->side) series_update(p);
  /* A check is counted when the turn is complete. */
  if (v->check_limit && p->phase == 0 && royal_attacked(p, p->side)) pos_count_check(p, p->side ^ 1);
  if (v->counting && p->side != u->side) counting_update(p, m, u);
}

void move_make(Position *p, Move m, Undo *u) {
  const Variant *v = p->v;
  pos_make_board(p, m, u);
  /* what only an attack test tells: a card earned by a check */
  pos_end_step(p, m, u, (v->draw_on & DRAW_ON_CHECK) && royal_attacked(p, u->side ^ 1));
  if (v->rules) rules_after_make(p, m, u); /* a script's effects and turns */
  if (v->after_make) make_after(p, m, u);
}
