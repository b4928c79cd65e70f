/*
** eval.c - the static evaluation of any variant, from what its script
** declares: the piece values (estimated from the piece's moves on an
** empty board where the script gives none), the squares each piece
** reaches from each square of an empty board (centralisation), the
** distance to the promotion zone, the pawns' files (passed, doubled,
** isolated), the colours of colour-bound pieces, and the pieces around
** each royal piece. What depends on the variant alone is computed once
** (eval_build); eval_white reads it for each position.
*/
#include <stdlib.h>
#include <string.h>

#include "eval.h"

/* A passed pawn's least bonus (see eval_build). */
#define PASSED_BASE 10

/* Twice the number of squares a piece of type t and colour c reaches from
** sq on an empty board (a square where it only moves, or only captures,
** counts half): steps with a condition, and hoppers, which need a piece
** to jump, are left out. */
static int empty_board_reach(const Variant *v, int c, int t, int sq) {
  const Geometry *g = &v->geo;
  int reach = 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *st = &v->step[c][t][i];
    if ((st->cond & (STEP_INITIAL | STEP_EXTRA)) || st->path == PATH_HOP || st->path == PATH_GRASS)
      continue;
    int w = !!(st->modes & MODE_MOVE) + !!(st->modes & MODE_CAPTURE);
    int to = sq;
    for (int k = 0; k < (st->range == RANGE_INF ? MAX_REACH : st->range); k++) {
      to += st->off;
      if (!board_inside(g, to)) break;
      if (v->stand[c][to] >> t & 1) reach += w;
    }
  }
  return reach;
}

/* Does a piece of type t keep to squares of one colour: does every step
** of White's land on a square of the colour it leaves? A royal piece, one
** without steps, and any where pieces are dropped (anywhere) do not count. */
static int colour_bound(const Variant *v, int t) {
  const Geometry *g = &v->geo;
  int sq = board_square(g, g->files / 2, g->ranks / 2), any = 0;
  if (v->type[t].royal || v->nsteps[WHITE][t] == 0 || v->drops) return 0;
  for (int i = 0; i < v->nsteps[WHITE][t]; i++) {
    const Step *st = &v->step[WHITE][t][i];
    /* from the centre, or from a corner for a step longer than half
    ** the board */
    int from = sq, to = sq + st->off;
    for (int k = 0; k < 4 && !board_inside(g, to); k++) {
      from = board_square(g, k & 1 ? g->files - 1 : 0, k & 2 ? g->ranks - 1 : 0);
      to = from + st->off;
    }
    if (!board_inside(g, to)) return 0;
    if ((board_file(g, to) + board_rank(g, to) + board_file(g, from) + board_rank(g, from)) % 2 != 0) return 0;
    any = 1;
  }
  return any;
}

/* Estimated from how many squares the piece reaches, on average, on an
** empty board: fitted so that the orthodox pieces come out near their
** usual values (knight 250, bishop 370, rook 540, queen 830). */
static int estimated_value(int twice_reach_avg) {
  return 33 * twice_reach_avg / 2 / 16 + 80;
}

void eval_build(EvalTables *e, int (*reach)[MAX_TYPES][MAX_SQUARES], const Variant *v) {
  const Geometry *g = &v->geo;
  int avg[MAX_TYPES]; /* sixteen times the average of twice the reach */
  memset(e, 0, sizeof *e);
  e->v = v;
  memcpy(e->name, v->name, sizeof e->name);
  memcpy(e->source, v->source, sizeof e->source);
  for (int t = 0; t < v->ntypes; t++) {
    long sum = 0, squares = 0;
    for (int c = 0; c < 2; c++)
      for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
          int sq = board_square(g, f, r);
          reach[c][t][sq] = empty_board_reach(v, c, t, sq);
          if (v->stand[c][sq] >> t & 1) sum += reach[c][t][sq], squares++;
        }
    avg[t] = squares ? (int)(16 * sum / squares) : 0;
    const PieceType *pt = &v->type[t];
    e->value[t] = pt->value || pt->royal || pt->neutral ? pt->value : estimated_value(avg[t]);
    if (pt->pawn) e->minor_mask |= 1u << t;
  }
  for (int t = 0; t < v->ntypes; t++) {
    const PieceType *pt = &v->type[t];
    /* what reaching the zone is worth: the best promotion */
    int gain = 0;
    if (v->promote_mask >> t & 1)
      for (int i = 0; i < v->npromo; i++)
        if (e->value[v->promo_type[i]] - e->value[t] > gain) gain = e->value[v->promo_type[i]] - e->value[t];
    if (v->promo_to[t] && e->value[v->promo_to[t] - 1] - e->value[t] > gain)
      gain = e->value[v->promo_to[t] - 1] - e->value[t];
    if ((e->minor_mask >> t & 1) && gain > 0) e->promoting |= 1u << t;
    for (int c = 0; c < 2; c++) {
      /* ranks from the zone: the farthest rank a piece of c may stand on */
      int dist[MAX_RANKS], far = 0;
      for (int r = 0; r < g->ranks; r++) {
        dist[r] = g->ranks;
        for (int z = 0; z < g->ranks; z++)
          if (v->promo_rank_mask[c][z] && abs(z - r) < dist[r]) dist[r] = abs(z - r);
        e->dist[c][r] = (int8_t)dist[r];
      }
      for (int r = 0; r < g->ranks; r++)
        if (dist[r] < g->ranks && dist[r] > far) far = dist[r];
      /* a passed pawn: a tenth of a pawn, and the square of its progress
      ** times a sixth of what promotion gains (a chess pawn passed on the
      ** seventh rank about a pawn more) */
      if ((e->promoting >> t & 1) && far > 0)
        for (int r = 0; r < g->ranks; r++)
          if (dist[r] < g->ranks) {
            int progress = far - dist[r];
            e->passed[c][t][r] = (int16_t)(PASSED_BASE + gain * progress * progress / (6 * far * far));
          }
      for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
          int sq = board_square(g, f, r), score = 0;
          if (!pt->royal && !pt->neutral) score = 3 * (16 * reach[c][t][sq] - avg[t]) / 32;
          if (gain > 0 && far > 0 && dist[r] < g->ranks) {
            /* the cube of the progress made, an eighth of the gain: little
            ** for the first steps, much for the last */
            int progress = far - dist[r];
            score += gain * progress * progress * progress / (8 * far * far * far);
          }
          e->pst[c][t][sq] = (int16_t)score;
        }
    }
  }
  for (int t = 0; t < v->ntypes; t++)
    if (colour_bound(v, t)) e->colour_bound |= 1u << t;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++)
      e->centre[board_square(g, f, r)] =
          (int16_t)(-(abs(2 * f - (g->files - 1)) + abs(2 * r - (g->ranks - 1))));
  Position start;
  char err[64];
  if (pos_set_fen(&start, v, v->start_fen, err, sizeof err) == 0)
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < v->ntypes; t++)
        if (!v->type[t].royal && !(e->minor_mask >> t & 1))
          e->start_material += (start.count[c][t] + start.pocket[c][t]) * e->value[t];
}

int eval_made_for(const EvalTables *e, const Variant *v) {
  return e->v == v && !strcmp(e->name, v->name) && !strcmp(e->source, v->source);
}

#define SHIELD 10 /* an own piece beside a royal piece, in the middle game */
#define DOUBLED 12 /* a pawn (that promotes) behind another of its side */
#define ISOLATED 10 /* ... with none of its side on the files beside it */
#define COLOUR_PAIR 35 /* pieces bound to squares of each colour */


/* The safety of c's royal piece on sq: own pieces around it count for
** it, enemy pieces within two squares against it, by their value. */
static int royal_safety(const Position *p, const EvalTables *e, int c, int sq) {
  const Geometry *g = &p->v->geo;
  int score = 0, f0 = board_file(g, sq), r0 = board_rank(g, sq);
  for (int dr = -1; dr <= 1; dr++)
    for (int df = -1; df <= 1; df++) {
      int to = sq + board_offset(g, df, dr);
      uint8_t cell = p->board[to];
      if ((df || dr) && cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c) score += SHIELD;
    }
  int them = c ^ 1;
  for (int i = 0; i < p->npieces[them]; i++) {
    int from = p->plist[them][i], t = CELL_TYPE(p->board[from]);
    int df = abs(board_file(g, from) - f0), dr = abs(board_rank(g, from) - r0);
    int d = df > dr ? df : dr;
    if (d <= 2 && !p->v->type[t].royal) score -= e->value[t] * (3 - d) / 32;
  }
  return score;
}

/* Twice the squares the piece of colour c and type t on sq reaches now (a
** square it only moves to, or only captures on, counts half): the same
** steps as empty_board_reach, each walked until a piece stops it. */
static int mobility(const Position *p, int c, int t, int sq) {
  const Variant *v = p->v;
  int reach = 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *st = &v->step[c][t][i];
    if ((st->cond & (STEP_INITIAL | STEP_EXTRA)) || st->path == PATH_HOP || st->path == PATH_GRASS)
      continue;
    int move = !!(st->modes & MODE_MOVE), capture = !!(st->modes & MODE_CAPTURE);
    int to = sq;
    for (int k = 0; k < (st->range == RANGE_INF ? MAX_REACH : st->range); k++) {
      to += st->off;
      uint8_t cell = p->board[to];
      if (cell == CELL_OFF) break;
      if (cell == CELL_EMPTY) {
        reach += move + capture; /* a square it controls */
        continue;
      }
      if (v->enemy[c][cell]) reach += capture * 2;
      break;
    }
  }
  return reach;
}

#define MOBILITY 1 /* centipawns per half square reached */

/* From White's point of view. */
int eval_white(const EvalTables *e, const Position *p) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int score = 0, material[2] = {0, 0};
  /* the pawns that promote, by file and rank; the colours of the squares
  ** of the colour-bound pieces */
  int npawn[2] = {0, 0}, bound[2] = {0, 0};
  uint8_t pawn_file[2][MAX_PIECES], pawn_rank[2][MAX_PIECES], pawn_type[2][MAX_PIECES];
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i], t = CELL_TYPE(p->board[sq]);
      score += sign * (e->value[t] + e->pst[c][t][sq]);
      if (e->minor_mask >> t & 1) {
        pawn_file[c][npawn[c]] = (uint8_t)board_file(g, sq);
        pawn_rank[c][npawn[c]] = (uint8_t)board_rank(g, sq);
        pawn_type[c][npawn[c]++] = (uint8_t)t;
      } else if (e->colour_bound >> t & 1)
        bound[c] |= 1 << ((board_file(g, sq) + board_rank(g, sq)) & 1);
      if (!v->type[t].royal && !(e->minor_mask >> t & 1)) score += sign * MOBILITY * mobility(p, c, t, sq);
      if (!v->type[t].royal && !(e->minor_mask >> t & 1)) material[c] += e->value[t];
    }
    for (int t = 0; t < v->ntypes; t++)
      if (p->pocket[c][t]) {
        score += sign * p->pocket[c][t] * e->value[t];
        if (!(e->minor_mask >> t & 1)) material[c] += p->pocket[c][t] * e->value[t];
      }
  }
  int full = e->start_material > 0 ? e->start_material : 1;
  /* how much of the pieces is left, 256 for all (passed pawns count more
  ** as they go) */
  int left = 256 * (material[0] + material[1]) / full;
  if (left > 256) left = 256;
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1, term = 0;
    if (bound[c] == 3) term += COLOUR_PAIR;
    for (int i = 0; i < npawn[c]; i++) {
      int f = pawn_file[c][i], r = pawn_rank[c][i], t = pawn_type[c][i];
      if (!(e->promoting >> t & 1)) continue;
      int beside = 0, doubled = 0, passed = 1;
      for (int j = 0; j < npawn[c]; j++) {
        if (j == i) continue;
        int df = abs(pawn_file[c][j] - f);
        beside |= df == 1;
        /* the one nearer its own side is the doubled one */
        doubled |= df == 0 && e->dist[c][pawn_rank[c][j]] < e->dist[c][r];
      }
      for (int j = 0; j < npawn[c ^ 1] && passed; j++)
        passed = !(abs(pawn_file[c ^ 1][j] - f) <= 1 && e->dist[c][pawn_rank[c ^ 1][j]] < e->dist[c][r]);
      if (doubled) term -= DOUBLED;
      if (!beside) term -= ISOLATED;
      if (passed) term += e->passed[c][t][r] * (512 - left) / 256;
    }
    score += sign * term;
  }
  /* royal pieces: sheltered and away from the centre while the opponent
  ** has pieces to attack with, central once few are left */
  for (int c = 0; c < 2; c++) {
    int sq = p->royal[c];
    if (sq == SQ_NONE) continue;
    int mg = 256 * material[c ^ 1] * 2 / full; /* the opponent's share */
    if (mg > 256) mg = 256;
    int term = (mg * (royal_safety(p, e, c, sq) - 2 * e->centre[sq]) + (256 - mg) * 3 * e->centre[sq]) / 256;
    score += c == WHITE ? term : -term;
  }
  /* Where points decide, they count far more than what stands on the
  ** board (which may change hands). */
  if (v->has_points) score = score / 10 + 1000 * (p->score[0] - p->score[1]);
  return score;
}
