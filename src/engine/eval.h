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
  int16_t pst[2][MAX_TYPES][MAX_SQUARES]; /* centralisation and advancement */
  int16_t centre[MAX_SQUARES];            /* a royal piece's closeness to the centre */
  int start_material;                     /* both sides' pieces at the start, royal
                                             pieces and pawns left out */
  uint32_t minor_mask;                    /* pawns, left out of the material phase */
  uint32_t promoting;                     /* pawns that promote to something better */
  uint32_t colour_bound;                  /* pieces that keep to squares of one colour */
  int8_t dist[2][MAX_RANKS];              /* ranks from each side's promotion zone
                                             (the board's ranks: none) */
  int16_t passed[2][MAX_TYPES][MAX_RANKS]; /* a passed pawn's bonus, by rank */
} EvalTables;

/* Fills e for v. reach is scratch of the caller's (large: a searcher's
** own, so that threads never share it). */
void eval_build(EvalTables *e, int (*reach)[MAX_TYPES][MAX_SQUARES], const Variant *v);
/* Was e built for v as it is now (the same variant, not reloaded)? */
int eval_made_for(const EvalTables *e, const Variant *v);
/* The score of p from White's point of view; e was built for p's variant. */
int eval_white(const EvalTables *e, const Position *p);

#endif
