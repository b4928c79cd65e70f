/*
** eval.c - the static evaluation of any variant, from what its script
** declares: the piece values (estimated from the piece's moves on an
** empty board where the script gives none), the squares each piece
** reaches from each square of an empty board (centralisation), the
** distance to the promotion zone and to the goal squares of a piece that
** wins by reaching them, the pawns' files (passed, doubled, isolated),
** the colours of colour-bound pieces, the pieces around each royal
** piece, and the checks given where they win. What depends on the
** variant alone is computed once (eval_build); eval_white reads it for
** each position.
*/
#include <stdlib.h>
#include <string.h>

#include "eval.h"

/* A passed pawn's least bonus (see eval_build). */
#define PASSED_BASE 10
/* What a piece that wins by reaching a goal square is worth there, more
** than far from it (see goal_distance). */
#define GOAL_UNIT 200

/* The weights where the script gives none (Variant's EVAL_*): what the
** evaluation had as constants before they were a script's. */
static const int default_weight[EVAL_NWEIGHTS] = {
    [EVAL_MOBILITY] = 100, /* a centipawn per half square reached */
    [EVAL_CENTRE] = 100,     [EVAL_ADVANCE] = 100, [EVAL_PASSED] = 100,
    [EVAL_DOUBLED] = 12,     [EVAL_ISOLATED] = 10, [EVAL_COLOUR_PAIR] = 35,
    [EVAL_SHIELD] = 10,      [EVAL_ATTACK] = 100,  [EVAL_ROYAL_EDGE] = 2,
    [EVAL_ROYAL_CENTRE] = 3, [EVAL_GOAL] = 100,   [EVAL_CHECKS] = 500};

int eval_weight_scale(int i) {
  return i == EVAL_MOBILITY || i == EVAL_CENTRE || i == EVAL_ADVANCE || i == EVAL_PASSED ||
                 i == EVAL_ATTACK || i == EVAL_GOAL
             ? 100
             : 1;
}

/* Does the evaluation count this step in what a piece reaches: not a
** step with a condition (a first move's, an extra one), nor a hopper's,
** which needs a piece to jump. */
static inline int step_counted(const Step *st) {
  return !(st->cond & (STEP_INITIAL | STEP_EXTRA)) && st->path != PATH_HOP && st->path != PATH_GRASS;
}

/* Twice the number of squares a piece of type t and colour c reaches from
** sq on an empty board (a square where it only moves, or only captures,
** counts half): steps with a condition, and hoppers, which need a piece
** to jump, are left out. */
static int empty_board_reach(const Variant *v, int c, int t, int sq) {
  const Geometry *g = &v->geo;
  int reach = 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *st = &v->step[c][t][i];
    if (!step_counted(st)) continue;
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

/* How many of its own steps a piece of type t and colour c needs, on an
** empty board, from each square to the nearest of c's goal squares
** (rules.goal), in dist (-1: it never gets there): a search backwards
** from the goal squares, over the steps that move (the steps
** empty_board_reach counts, less those that only capture). Returns the
** most steps needed from any square it may stand on. */
static int goal_distance(const Variant *v, int c, int t, int8_t dist[MAX_SQUARES]) {
  const Geometry *g = &v->geo;
  int queue[MAX_SQUARES], head = 0, tail = 0, far = 0;
  memset(dist, -1, MAX_SQUARES);
  for (int i = 0; i < v->ngoal[c]; i++)
    if (dist[v->goal_sq[c][i]] < 0) dist[queue[tail++] = v->goal_sq[c][i]] = 0;
  while (head < tail) {
    int to = queue[head++];
    for (int i = 0; i < v->nsteps[c][t]; i++) {
      const Step *st = &v->step[c][t][i];
      if (!step_counted(st) || !(st->modes & MODE_MOVE)) continue;
      int from = to;
      for (int k = 0; k < (st->range == RANGE_INF ? MAX_REACH : st->range); k++) {
        from -= st->off;
        if (!board_inside(g, from)) break;
        if (dist[from] >= 0 || !(v->stand[c][from] >> t & 1)) continue;
        dist[from] = (int8_t)(dist[to] + 1 < 127 ? dist[to] + 1 : 127);
        if (dist[from] > far) far = dist[from];
        queue[tail++] = from;
      }
    }
  }
  return far;
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

/* A weighted table entry: large weights stop at what the table holds. */
static int16_t clamp16(long x) { return (int16_t)(x > 30000 ? 30000 : x < -30000 ? -30000 : x); }

void eval_build(EvalTables *e, int (*reach)[MAX_TYPES][MAX_SQUARES], const Variant *v) {
  const Geometry *g = &v->geo;
  int avg[MAX_TYPES]; /* sixteen times the average of twice the reach */
  memset(e, 0, sizeof *e);
  e->v = v;
  for (int i = 0; i < EVAL_NWEIGHTS; i++)
    e->w[i] = v->eval_given >> i & 1 ? v->eval_weight[i] : default_weight[i];
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
    e->value_end[t] = v->value_end_given >> t & 1 ? v->value_end[t] : e->value[t];
    if (e->value_end[t] != e->value[t]) e->has_end = 1;
  }
  /* a piece that wins by reaching a square: the square of the share of
  ** the way made times GOAL_UNIT (a race of kings, a hill), against it
  ** where reaching the goal loses */
  int goal_sign = v->goal == RESULT_WIN ? 1 : v->goal == RESULT_LOSS ? -1 : 0;
  for (int t = 0; t < v->ntypes; t++)
    for (int c = 0; c < 2 && goal_sign && (v->goal_types >> t & 1); c++) {
      int8_t dist[MAX_SQUARES];
      int far = goal_distance(v, c, t, dist);
      for (int sq = 0; sq < MAX_SQUARES; sq++)
        if (dist[sq] >= 0)
          e->pst_goal[c][t][sq] =
              (int16_t)(goal_sign * (far ? GOAL_UNIT * (far - dist[sq]) * (far - dist[sq]) / (far * far) : GOAL_UNIT));
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
            e->passed_unit[c][t][r] = (int16_t)(PASSED_BASE + gain * progress * progress / (6 * far * far));
            e->passed[c][t][r] = clamp16(e->w[EVAL_PASSED] * e->passed_unit[c][t][r] / 100);
          }
      for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
          int sq = board_square(g, f, r), centre = 0, advance = 0;
          if (!pt->royal && !pt->neutral) centre = 3 * (16 * reach[c][t][sq] - avg[t]) / 32;
          if (gain > 0 && far > 0 && dist[r] < g->ranks) {
            /* the cube of the progress made, an eighth of the gain: little
            ** for the first steps, much for the last */
            int progress = far - dist[r];
            advance = gain * progress * progress * progress / (8 * far * far * far);
          }
          e->pst_centre[c][t][sq] = (int16_t)centre;
          e->pst_advance[c][t][sq] = (int16_t)advance;
          e->pst[c][t][sq] = clamp16(e->w[EVAL_CENTRE] * centre / 100 + e->w[EVAL_ADVANCE] * advance / 100 +
                                     e->w[EVAL_GOAL] * e->pst_goal[c][t][sq] / 100);
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

/* The safety of c's royal piece on sq: own pieces around it count for
** it (*shield of them), enemy pieces within two squares against it, by
** their value (*attack: the sum of their value * (3 - distance) / 32). */
static void royal_safety(const Position *p, const EvalTables *e, int c, int sq, int *shield, int *attack,
                         int *attack_unit) {
  const Geometry *g = &p->v->geo;
  int f0 = board_file(g, sq), r0 = board_rank(g, sq);
  *shield = *attack = 0;
  for (int dr = -1; dr <= 1; dr++)
    for (int df = -1; df <= 1; df++) {
      int to = sq + board_offset(g, df, dr);
      uint8_t cell = p->board[to];
      if ((df || dr) && cell != CELL_EMPTY && cell != CELL_OFF && CELL_COLOUR(cell) == c) (*shield)++;
    }
  int them = c ^ 1;
  for (int i = 0; i < p->npieces[them]; i++) {
    int from = p->plist[them][i], t = CELL_TYPE(p->board[from]);
    int df = abs(board_file(g, from) - f0), dr = abs(board_rank(g, from) - r0);
    int d = df > dr ? df : dr;
    if (d <= 2 && !p->v->type[t].royal) {
      *attack += e->w[EVAL_ATTACK] * e->value[t] * (3 - d) / 3200;
      if (attack_unit) *attack_unit += e->value[t] * (3 - d) / 32;
    }
  }
}

/* Twice the squares the piece of colour c and type t on sq reaches now (a
** square it only moves to, or only captures on, counts half): the same
** steps as empty_board_reach, each walked until a piece stops it. */
static int mobility(const Position *p, int c, int t, int sq) {
  const Variant *v = p->v;
  int reach = 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *st = &v->step[c][t][i];
    if (!step_counted(st)) continue;
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

/* From White's point of view; with f, the features too (eval_features).
** Inlined into both callers: eval_white's, with no f, has no test of it
** left. */
static inline int evaluate(const EvalTables *e, const Position *p, double *f) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int score = 0, material[2] = {0, 0}, reach = 0, end_gain = 0;
  /* the pawns that promote, by file and rank; the colours of the squares
  ** of the colour-bound pieces */
  int npawn[2] = {0, 0}, bound[2] = {0, 0};
  uint8_t pawn_file[2][MAX_PIECES], pawn_rank[2][MAX_PIECES], pawn_type[2][MAX_PIECES];
  int count[MAX_TYPES]; /* White's less Black's, for f */
  if (f) {
    memset(f, 0, sizeof(double) * EVAL_NFEATURES);
    memset(count, 0, sizeof count);
  }
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1;
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i], t = CELL_TYPE(p->board[sq]);
      score += sign * (e->value[t] + e->pst[c][t][sq]);
      if (e->has_end) end_gain += sign * (e->value_end[t] - e->value[t]);
      if (f) {
        count[t] += sign;
        f[EVAL_CENTRE] += sign * e->pst_centre[c][t][sq];
        f[EVAL_ADVANCE] += sign * e->pst_advance[c][t][sq];
        f[EVAL_GOAL] += sign * e->pst_goal[c][t][sq];
      }
      if (e->minor_mask >> t & 1) {
        pawn_file[c][npawn[c]] = (uint8_t)board_file(g, sq);
        pawn_rank[c][npawn[c]] = (uint8_t)board_rank(g, sq);
        pawn_type[c][npawn[c]++] = (uint8_t)t;
      } else if (e->colour_bound >> t & 1)
        bound[c] |= 1 << ((board_file(g, sq) + board_rank(g, sq)) & 1);
      if (!v->type[t].royal && !(e->minor_mask >> t & 1)) {
        reach += sign * mobility(p, c, t, sq);
        material[c] += e->value[t];
      }
    }
    for (int t = 0; t < v->ntypes; t++)
      if (p->pocket[c][t]) {
        score += sign * p->pocket[c][t] * e->value[t];
        if (e->has_end) end_gain += sign * p->pocket[c][t] * (e->value_end[t] - e->value[t]);
        if (f) count[t] += sign * p->pocket[c][t];
        if (!(e->minor_mask >> t & 1)) material[c] += p->pocket[c][t] * e->value[t];
      }
  }
  score += e->w[EVAL_MOBILITY] * reach / 100;
  int full = e->start_material > 0 ? e->start_material : 1;
  /* how much of the pieces is left, 256 for all (passed pawns count more
  ** as they go) */
  int left = 256 * (material[0] + material[1]) / full;
  if (left > 256) left = 256;
  /* the pieces' values move from the middle game's to the endgame's as
  ** the pieces go */
  if (e->has_end) score += end_gain * (256 - left) / 256;
  if (f) {
    f[EVAL_MOBILITY] = reach;
    for (int t = 0; t < v->ntypes; t++) {
      f[EVAL_F_VALUE + t] = count[t] * left / 256.0;
      f[EVAL_F_END + t] = count[t] * (256 - left) / 256.0;
    }
  }
  for (int c = 0; c < 2; c++) {
    int sign = c == WHITE ? 1 : -1, term = 0;
    if (bound[c] == 3) {
      term += e->w[EVAL_COLOUR_PAIR];
      if (f) f[EVAL_COLOUR_PAIR] += sign;
    }
    for (int i = 0; i < npawn[c]; i++) {
      int fl = pawn_file[c][i], r = pawn_rank[c][i], t = pawn_type[c][i];
      if (!(e->promoting >> t & 1)) continue;
      int beside = 0, doubled = 0, passed = 1;
      for (int j = 0; j < npawn[c]; j++) {
        if (j == i) continue;
        int df = abs(pawn_file[c][j] - fl);
        beside |= df == 1;
        /* the one nearer its own side is the doubled one */
        doubled |= df == 0 && e->dist[c][pawn_rank[c][j]] < e->dist[c][r];
      }
      for (int j = 0; j < npawn[c ^ 1] && passed; j++)
        passed = !(abs(pawn_file[c ^ 1][j] - fl) <= 1 && e->dist[c][pawn_rank[c ^ 1][j]] < e->dist[c][r]);
      if (doubled) term -= e->w[EVAL_DOUBLED];
      if (!beside) term -= e->w[EVAL_ISOLATED];
      if (passed) term += e->passed[c][t][r] * (512 - left) / 256;
      if (f) {
        /* the penalties as features of their own sign: a positive weight
        ** takes off */
        f[EVAL_DOUBLED] -= sign * doubled;
        f[EVAL_ISOLATED] -= sign * !beside;
        if (passed) f[EVAL_PASSED] += sign * e->passed_unit[c][t][r] * (512 - left) / 256.0;
      }
    }
    score += sign * term;
  }
  /* royal pieces: sheltered and away from the centre while the opponent
  ** has pieces to attack with, central once few are left */
  for (int c = 0; c < 2; c++) {
    int sq = p->royal[c], sign = c == WHITE ? 1 : -1;
    if (sq == SQ_NONE) continue;
    int mg = 256 * material[c ^ 1] * 2 / full; /* the opponent's share */
    if (mg > 256) mg = 256;
    int shield, attack, attack_unit = 0;
    royal_safety(p, e, c, sq, &shield, &attack, f ? &attack_unit : NULL);
    int term = (mg * (e->w[EVAL_SHIELD] * shield - attack - e->w[EVAL_ROYAL_EDGE] * e->centre[sq]) +
                (256 - mg) * e->w[EVAL_ROYAL_CENTRE] * e->centre[sq]) /
               256;
    score += sign * term;
    if (f) {
      f[EVAL_SHIELD] += sign * mg * shield / 256.0;
      f[EVAL_ATTACK] -= sign * mg * attack_unit / 256.0;
      f[EVAL_ROYAL_EDGE] -= sign * mg * e->centre[sq] / 256.0;
      f[EVAL_ROYAL_CENTRE] += sign * (256 - mg) * e->centre[sq] / 256.0;
    }
  }
  /* Where giving check_limit checks wins: the checks given, the square of
  ** the share of the way (one check short of the limit the weight: the
  ** opponent must then meet every check as if it were mate) */
  if (v->check_limit > 1) {
    int short1 = (v->check_limit - 1) * (v->check_limit - 1);
    int given = p->checks[WHITE] * p->checks[WHITE] - p->checks[BLACK] * p->checks[BLACK];
    score += e->w[EVAL_CHECKS] * given / short1;
    if (f) f[EVAL_CHECKS] = (double)given / short1;
  }
  /* Where points decide, they count far more than what stands on the
  ** board (which may change hands). */
  if (v->has_points) {
    score = score / 10 + 1000 * (p->score[0] - p->score[1]);
    if (f) {
      for (int i = 0; i < EVAL_NFEATURES; i++) f[i] /= 10;
      f[EVAL_F_POINTS] = p->score[0] - p->score[1];
    }
  }
  return score;
}

int eval_white(const EvalTables *e, const Position *p) { return evaluate(e, p, NULL); }

int eval_features(const EvalTables *e, const Position *p, double f[EVAL_NFEATURES]) {
  return evaluate(e, p, f);
}

void eval_weights(const EvalTables *e, double w[EVAL_NFEATURES]) {
  memset(w, 0, sizeof(double) * EVAL_NFEATURES);
  for (int i = 0; i < EVAL_NWEIGHTS; i++) w[i] = (double)e->w[i] / eval_weight_scale(i);
  w[EVAL_F_POINTS] = 1000;
  for (int t = 0; t < e->v->ntypes; t++) {
    w[EVAL_F_VALUE + t] = e->value[t];
    w[EVAL_F_END + t] = e->value_end[t];
  }
}
