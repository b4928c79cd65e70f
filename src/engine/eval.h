/*
** eval.h - the static evaluation: a score for a position of any variant,
** in centipawns from White's point of view, built from what the variant's
** script declares (see eval.c).
*/
#ifndef varia_eval_h
#define varia_eval_h

#include <stdint.h>

#include "position.h"

/* What the evaluation needs of a variant, computed once per variant. */
typedef struct EvalTables {
  const Variant *v;
  char name[48], source[1100];
  int value[MAX_TYPES];
  int16_t pst[2][MAX_TYPES][MAX_SQUARES]; /* centralisation, advancement, the goal */
  int16_t centre[MAX_SQUARES];            /* a royal piece's closeness to the centre */
  int start_material;                     /* both sides' pieces at the start, royal
                                             pieces and pawns left out */
  uint32_t minor_mask;                    /* pawns, left out of the material phase */
  uint32_t promoting;                     /* pawns that promote to something better */
  uint32_t colour_bound;                  /* pieces that keep to squares of one colour */
  int8_t dist[2][MAX_RANKS];              /* ranks from each side's promotion zone
                                             (the board's ranks: none) */
  int16_t passed[2][MAX_TYPES][MAX_RANKS]; /* a passed pawn's bonus, by rank */
  /* the weights (the script's eval = { ... } or the defaults); pst and
  ** passed above have theirs applied; the parts before they were, for
  ** eval_features */
  int w[EVAL_NWEIGHTS];
  int value_end[MAX_TYPES]; /* endgame values (value where none is given) */
  int has_end;              /* some endgame value differs */
  int16_t pst_centre[2][MAX_TYPES][MAX_SQUARES], pst_advance[2][MAX_TYPES][MAX_SQUARES];
  int16_t pst_goal[2][MAX_TYPES][MAX_SQUARES];
  int16_t passed_unit[2][MAX_TYPES][MAX_RANKS];
} EvalTables;

/* Fills e for v. reach is scratch of the caller's (large: a searcher's
** own, so that threads never share it). */
void eval_build(EvalTables *e, int (*reach)[MAX_TYPES][MAX_SQUARES], const Variant *v);
/* Was e built for v as it is now (the same variant, not reloaded)? */
int eval_made_for(const EvalTables *e, const Variant *v);
/* The score of p from White's point of view; e was built for p's variant. */
int eval_white(const EvalTables *e, const Position *p);

/* The evaluation as a sum of terms: a feature of the position (White's
** less Black's) times a weight, so that a fit of the weights (varia tune)
** is linear. The first EVAL_NWEIGHTS features go with the weights of the
** script's eval table (EVAL_*), then the points, then each type's count
** weighted by the middle game share, then by the endgame share. */
#define EVAL_F_POINTS EVAL_NWEIGHTS
#define EVAL_F_VALUE (EVAL_F_POINTS + 1)
#define EVAL_F_END (EVAL_F_VALUE + MAX_TYPES)
#define EVAL_NFEATURES (EVAL_F_END + MAX_TYPES)
/* Fills f with p's features and returns eval_white(e, p): the sum of f
** times eval_weights' weights, but for the rounding of the terms (under a
** centipawn each). */
int eval_features(const EvalTables *e, const Position *p, double f[EVAL_NFEATURES]);
/* The weight of each feature, in centipawns per unit of the feature. */
void eval_weights(const EvalTables *e, double w[EVAL_NFEATURES]);
/* A weight's unit in the script: the script's number for a weight of 1
** (100 for the weights in hundredths or per cent, else 1). */
int eval_weight_scale(int i);

#endif
