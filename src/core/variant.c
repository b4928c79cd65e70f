/*
** variant.c - defaults, checks and precomputed tables of a variant.
*/
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"
#include "splitmix.h"

void variant_defaults(Variant *v) {
  memset(v, 0, sizeof *v);
  board_geometry(&v->geo, 8, 8);
  v->promo_zone = 1;
  v->nphases = 1;
  v->phase[0].kind = PHASE_MOVE;
  v->castle_king_type = -1;
  v->castle_rook_type = -1;
  v->castle_drop_file = -1;
  v->drop_doubled_limit = 1;
  v->points_tie = RESULT_DRAW;
  memset(v->owner, OWNER_NONE, sizeof v->owner);
  v->castle_king_file[0] = 6;
  v->castle_king_file[1] = 2;
  v->checkmate = RESULT_LOSS;
  v->mate_by = RESULT_NONE;
  v->mate_series = RESULT_NONE;
  v->stalemate = RESULT_DRAW;
  v->nmove = 50;
  v->repetition = 3;
  v->repetition_result = RESULT_DRAW;
  v->extinction = RESULT_NONE;
  v->goal = RESULT_NONE;
  v->connect = RESULT_NONE;
  v->passes_end = RESULT_NONE;
  v->full_board = RESULT_NONE;
  v->facing_result = RESULT_DRAW;
  v->chasing.result = RESULT_NONE;
  v->nmove_result = RESULT_DRAW;
}

void variant_free(Variant *v) {
  v->zobrist = NULL; /* the keys are shared (zobrist_keys), not owned */
}

int variant_kingless_allowed(const Variant *v) {
  /* (royal pieces all counted: Fairy-Stockfish's pseudo-royal pieces,
  ** which a side may be without) */
  if (v->counted_royals && !(v->royal_mask & ~v->counted_royals)) return 1;
  return v->extinction != RESULT_NONE &&
         (v->extinction_all || (v->royal_mask && !(v->royal_mask & ~v->extinction_types)));
}

int variant_type_by_letter(const Variant *v, char letter) {
  for (int t = 0; t < v->ntypes; t++)
    if (v->type[t].letter == letter) return t;
  return -1;
}

/* The Zobrist keys of every variant: one fixed splitmix sequence, computed
** once. A variant of nsq squares takes the first 97 * nsq keys for its
** cells and the next ones for the rest of its state, so loading a variant
** neither allocates nor hashes 97 keys per square again. Computed under
** pthread_once: variants may be loaded by more than one thread. */
#define ZOBRIST_KEYS (97 * MAX_SQUARES + 64)
static uint64_t zobrist_table[ZOBRIST_KEYS];
static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

static void zobrist_fill(void) {
  uint64_t seed = 0x7661726961ull; /* "varia" */
  /* a fixed sequence: the same keys in every run */
  for (int i = 0; i < ZOBRIST_KEYS; i++) zobrist_table[i] = splitmix_next(&seed);
}

static const uint64_t *zobrist_keys(void) {
  pthread_once(&zobrist_once, zobrist_fill);
  return zobrist_table;
}

static void add_ray(Variant *v, int c, int off, int reach, int type) {
  Ray *r = NULL;
  for (int i = 0; i < v->nrays[c]; i++)
    if (v->ray[c][i].off == off) r = &v->ray[c][i];
  if (!r) {
    if (v->nrays[c] >= MAX_RAYS) return;
    r = &v->ray[c][v->nrays[c]++];
    memset(r, 0, sizeof *r);
    r->off = (int16_t)off;
  }
  if (reach > r->reach) r->reach = (uint8_t)reach;
  for (int k = 1; k <= reach; k++) r->mask[k] |= 1u << type;
}

/* Can a capture step of type t of colour c, from a square of its region,
** reach a square outside it? */
static int leaves_region(const Variant *v, int c, int t, const MoveRule *r) {
  const Geometry *g = &v->geo;
  if (!v->type[t].has_region) return 0;
  int rot = c == BLACK && v->type[t].rotated;
  int dy = c == WHITE ? r->dy : rot ? -r->dy : board_mirror_dy(g, r->dx, r->dy);
  int dx = rot ? -r->dx : r->dx;
  int range = r->range == RANGE_INF ? (g->files > g->ranks ? g->files : g->ranks) : r->range;
  for (int rank = 0; rank < g->ranks; rank++)
    for (int file = 0; file < g->files; file++) {
      if (!(v->type[t].region[c][rank] >> file & 1)) continue;
      for (int k = 1; k <= range; k++) {
        int f = file + k * dx, rk = rank + k * dy;
        if (f < 0 || f >= g->files || rk < 0 || rk >= g->ranks) break;
        if (!(v->type[t].region[c][rk] >> f & 1)) return 1;
      }
    }
  return 0;
}

/* Problems found while concluding, one per line in err. */
typedef struct Report {
  char *err;
  size_t len;
  int n;
} Report;

static void report(Report *r, const char *fmt, ...) {
  size_t used = strlen(r->err);
  va_list ap;
  if (used + 2 >= r->len) return;
  if (r->n) r->err[used++] = '\n';
  va_start(ap, fmt);
  vsnprintf(r->err + used, r->len - used, fmt, ap);
  va_end(ap);
  r->n++;
}

/* The piece types: letters, Betza, the masks of royal, promoting, neutral and pawn types. */
static void check_pieces(Variant *v, Report *r) {
  if (v->ntypes == 0) report(r, "pieces: none defined");
  v->royal_mask = v->promote_mask = v->ep_mask = v->neutral_mask = v->pawn_mask = 0;
  v->petrify_mask = 0;
  v->confined_mask = v->extra_mask = 0;
  v->has_points = 0;
  for (int t = 0; t < v->ntypes; t++) {
    PieceType *pt = &v->type[t];
    char perr[256];
    if (pt->neutral ? (pt->letter >= 'a' && pt->letter <= 'z') || pt->letter <= ' ' ||
                          pt->letter == '/' || (pt->letter >= '0' && pt->letter <= '9') || pt->unlettered
                    : pt->unlettered ? pt->letter < 'A' || pt->letter > 'Z'
                                     : pt->letter < 'a' || pt->letter > 'z')
      report(r, pt->neutral ? "pieces: a neutral piece needs a symbol "
                                                "that is not a letter, digit or '/' ('%c')"
                                              : "pieces: '%c' is not a lowercase letter",
              pt->letter);
    if (pt->neutral && (pt->royal || pt->promotes))
      report(r, "pieces.%c: a neutral piece can be neither royal nor promote",
              pt->letter);
    for (int u = 0; u < t; u++)
      if (v->type[u].letter == pt->letter)
        report(r, "pieces: letter '%c' is used twice", pt->letter);
    if (piece_compile_on(pt->betza, v->geo.hex, &pt->moves, perr, sizeof perr))
      report(r, "pieces.%c.betza: %s", pt->letter, perr);
    if (pt->extra_betza[0]) { /* appended, marked as extra */
      PieceMoves extra;
      if (piece_compile_on(pt->extra_betza, v->geo.hex, &extra, perr, sizeof perr))
        report(r, "pieces.%c.extra.betza: %s", pt->letter, perr);
      else if (pt->moves.n + extra.n > MAX_RULES)
        report(r, "pieces.%c.extra.betza: more than %d directions in all",
                pt->letter, MAX_RULES);
      else
        for (int i = 0; i < extra.n; i++) {
          pt->moves.rule[pt->moves.n] = extra.rule[i];
          pt->moves.rule[pt->moves.n++].extra = 1;
        }
    }
    if (pt->royal) v->royal_mask |= 1u << t;
    if (pt->promotes) v->promote_mask |= 1u << t;
    if (pt->neutral) v->neutral_mask |= 1u << t;
    if (pt->petrify && (pt->petrify > v->ntypes || !v->type[pt->petrify - 1].neutral))
      report(r, "pieces.%c.petrify: not a neutral piece", pt->letter);
    else if (pt->petrify && pt->neutral)
      report(r, "pieces.%c.petrify: a neutral piece captures nothing", pt->letter);
    else if (pt->petrify)
      v->petrify_mask |= 1u << t;
    if (pt->pawn) v->pawn_mask |= 1u << t;
    if (pt->points) v->has_points = 1;
  }
}

/* What resets the n-move clock; regions and extra squares as type bits per square. */
static void conclude_regions(Variant *v) {
  const Geometry *g = &v->geo;
  v->clock_mask = v->nmove_captures_only ? 0 : v->pawn_mask | v->promote_mask;

  /* Regions and extra squares as type bits per square. */
  for (int c = 0; c < 2; c++)
    for (int sq = 0; sq < g->nsq; sq++) {
      uint32_t stand = 0, extra = 0;
      if (board_inside(g, sq)) {
        int f = board_file(g, sq), r = board_rank(g, sq);
        for (int t = 0; t < v->ntypes; t++) {
          const PieceType *pt = &v->type[t];
          if (!pt->has_region || (pt->region[c][r] >> f & 1)) stand |= 1u << t;
          if (pt->extra_betza[0] && (pt->extra[c][r] >> f & 1)) extra |= 1u << t;
        }
      }
      v->stand[c][sq] = stand;
      v->extra_at[c][sq] = extra;
    }
  v->hop_limited_mask = 0;
  v->drop_confined_mask = 0;
  for (int t = 0; t < v->ntypes; t++) {
    if (v->type[t].has_region) v->confined_mask |= 1u << t;
    if (v->type[t].has_drop_region) v->drop_confined_mask |= 1u << t;
    if (v->type[t].extra_betza[0]) v->extra_mask |= 1u << t;
    if (v->type[t].no_capture || v->type[t].no_screen) v->hop_limited_mask |= 1u << t;
  }
}

/* Step tables per colour, attack rays, and the special attackers. */
static void build_steps(Variant *v) {
  const Geometry *g = &v->geo;
  int longest = g->files > g->ranks ? g->files : g->ranks;
  /* Where the board wraps, a ray may run round it (a torus's diagonal
  ** visits up to files x ranks cells): it ends at the piece's own square
  ** or a blocker, so its range only needs to be long enough. */
  int unbounded = g->wrap ? 255 : longest;
  /* Step tables per colour; Black's are White's mirrored in the ranks
  ** (and in the files too for a rotated type). */
  v->nrays[0] = v->nrays[1] = 0;
  memset(v->capture_offset, 0, sizeof v->capture_offset);
  v->special_attackers[0] = v->special_attackers[1] = 0;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) {
      const PieceMoves *pm = &v->type[t].moves;
      v->nsteps[c][t] = v->nplain[c][t] = pm->n;
      for (int i = 0; i < pm->n; i++) {
        const MoveRule *r = &pm->rule[i];
        int sy = c == WHITE ? 1 : -1, sx = c == BLACK && v->type[t].rotated ? -1 : 1;
        /* (on hexagonal cells Black's mirror image is not (dx, -dy):
        ** board_mirror_dy) */
        int hex_mirror = g->hex && c == BLACK && sx == 1;
        Step *s = &v->step[c][t][i];
        s->off = (int16_t)board_offset(g, r->dx * sx, hex_mirror ? board_mirror_dy(g, r->dx, r->dy) : r->dy * sy);
        s->range = r->range == RANGE_INF ? (uint8_t)unbounded : r->range;
        s->modes = r->modes;
        s->path = r->path;
        /* a hopper whose count limits its whole move (pR2) is walked
        ** with a count the unlimited ones do without */
        s->counted = (uint8_t)(r->range != RANGE_INF && (r->path == PATH_HOP || r->path == PATH_GRASS));
        int diagonal = r->dx != 0 && (r->dx == r->dy || r->dx == -r->dy);
        s->cond = (uint8_t)((r->initial ? STEP_INITIAL : 0) |
                            (diagonal && v->diagonal_once_bit ? STEP_DIAGONAL : 0) |
                            (r->extra ? STEP_EXTRA : 0));
        s->nlame = (uint8_t)r->nlame;
        for (int j = 0; j < r->nlame; j++)
          s->lame[j] = (int16_t)board_offset(g, r->lame[j][0] * sx,
                                             hex_mirror ? board_mirror_dy(g, r->lame[j][0], r->lame[j][1])
                                                        : r->lame[j][1] * sy);
        if (r->extra && i < v->nplain[c][t]) v->nplain[c][t] = i; /* extra steps come last */
        if (r->modes & MODE_EP) v->ep_mask |= 1u << t;
        if (!(r->modes & MODE_CAPTURE)) continue;
        int reach = s->range < longest ? s->range : longest; /* (a hopper's range counts its screen) */
        for (int k = r->path == PATH_HOP || r->path == PATH_GRASS ? 2 : 1;
             k <= reach && abs(k * s->off) < g->nsq; k++)
          v->capture_offset[c][k * s->off + MAX_SQUARES] |= 1u << t;
        /* A step a flag or the square can switch off is checked piece by
        ** piece, as is a step that can leave the piece's region. */
        if (r->path != PATH_SLIDE || s->cond || (v->hop_limited_mask >> t & 1) ||
            leaves_region(v, c, t, r))
          v->special_attackers[c] |= 1u << t;
        else
          add_ray(v, c, -s->off, s->range > MAX_REACH ? MAX_REACH : s->range, t);
      }
    }
  if (v->facing_illegal) /* a royal piece attacks the other side's along the file
                           (and the rank, facing_ranks) */
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < v->ntypes; t++)
        if (v->royal_mask >> t & 1) {
          int reach = g->ranks - 1 > MAX_REACH ? MAX_REACH : g->ranks - 1;
          add_ray(v, c, board_offset(g, 0, 1), reach, t);
          add_ray(v, c, board_offset(g, 0, -1), reach, t);
          if (!v->facing_ranks) continue;
          reach = g->files - 1 > MAX_REACH ? MAX_REACH : g->files - 1;
          add_ray(v, c, board_offset(g, 1, 0), reach, t);
          add_ray(v, c, board_offset(g, -1, 0), reach, t);
        }
  /* the rays whose line passes each offset within reach (ray_through) */
  for (int c = 0; c < 2; c++) /* (read only between two squares: |offset| < nsq) */
    memset(v->ray_through[c] + MAX_SQUARES - g->nsq, 0, 2 * (size_t)g->nsq * sizeof v->ray_through[c][0]);
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < v->nrays[c]; i++) {
      const Ray *ray = &v->ray[c][i];
      for (int k = 1; k <= ray->reach && abs(k * ray->off) < g->nsq; k++)
        v->ray_through[c][k * ray->off + MAX_SQUARES] |= 1ull << i;
    }
  if (g->wrap) /* the rays set apart for the wrapped walk (Variant.topo_next) */
    for (int c = 0; c < 2; c++) {
      v->wrap_nrays[c] = v->nrays[c];
      v->wrap_special[c] = v->special_attackers[c];
      v->nrays[c] = 0;
      v->special_attackers[c] = v->ntypes >= 32 ? ~0u : (1u << v->ntypes) - 1;
      for (int i = 0; i < 2 * MAX_SQUARES; i++) v->capture_offset[c][i] = ~0u;
    }
}

/* The step tables of a board whose edges wrap (Variant.topo_next), and
** what such a board does not do yet. */
static void conclude_topology(Variant *v, Report *r) {
  const Geometry *g = &v->geo;
  if (!g->wrap) return;
  memset(v->topo_dir, 0, sizeof v->topo_dir);
  for (int dy = -BOARD_PAD; dy <= BOARD_PAD; dy++)
    for (int dx = -BOARD_PAD; dx <= BOARD_PAD; dx++) {
      int d = (dy + BOARD_PAD) * (2 * BOARD_PAD + 1) + dx + BOARD_PAD;
      v->topo_dir[board_offset(g, dx, dy) + TOPO_OFF_MID] = (int8_t)d;
      int16_t *next = v->topo_next[d];
      memset(next, 0, sizeof v->topo_next[d]);
      for (int sq = 0; sq < g->nsq; sq++) {
        if (!board_inside(g, sq)) continue;
        int f = board_file(g, sq) + dx, rk = board_rank(g, sq) + dy;
        if (g->wrap & WRAP_FILES) f = ((f % g->files) + g->files) % g->files;
        if (g->wrap & WRAP_RANKS) rk = ((rk % g->ranks) + g->ranks) % g->ranks;
        if (f < 0 || f >= g->files || rk < 0 || rk >= g->ranks || board_is_hole(g, f, rk)) continue;
        next[sq] = (int16_t)board_square(g, f, rk);
      }
    }
  /* These walk the board in straight lines of squares still. */
  if (v->blast_radius) report(r, "topology: a board that wraps cannot have rules.blast yet");
  if (v->by_move_step) report(r, "topology: a board that wraps cannot have promotion.by_move step yet");
  if (v->visibility) report(r, "topology: a board that wraps cannot have visibility = \"own\" yet");
  for (int t = 0; t < v->ntypes; t++)
    if (v->type[t].no_screen)
      report(r, "topology: a board that wraps cannot have pieces.%c.no_screen yet", v->type[t].letter);
}

/* The blast of a capture, and the types whose first moves wait for the piece's first move. */
static void conclude_blast(Variant *v, Report *r) {
  const Geometry *g = &v->geo;
  /* The blast: its centre, then the squares around it. */
  v->nblast = 0;
  if (v->blast_radius < 0 || v->blast_radius > MAX_BLAST_RADIUS)
    report(r, "rules.blast.radius: %d is out of range (1 to %d)", v->blast_radius,
            MAX_BLAST_RADIUS);
  else if (v->blast_radius) {
    v->blast_off[v->nblast++] = 0;
    for (int dy = -v->blast_radius; dy <= v->blast_radius; dy++)
      for (int dx = -v->blast_radius; dx <= v->blast_radius; dx++)
        if (dx || dy) v->blast_off[v->nblast++] = (int16_t)board_offset(g, dx, dy);
  }
  if (v->blast_radius && v->promote_to_lost)
    report(r, "rules.blast: not with promote_to_lost (blasted pieces are not counted as lost)");
  v->unmoved_mask = v->lined_up_movers = 0;
  for (int t = 0; t < v->ntypes; t++) {
    if (v->type[t].initial_unmoved) v->unmoved_mask |= 1u << t;
    v->lined_up_movers |= v->type[t].lined_up_by;
  }
}

/* Promotion: its zone, choices and limits. */
static void conclude_promotion(Variant *v, Report *r) {
  const Geometry *g = &v->geo;
  /* Promotion. */
  if (v->promote_mask && v->npromo == 0 && !v->promo_none)
    report(r, "promotion: pieces promote but no promotion pieces are given");
  if (v->promo_zone < 0 || v->promo_zone > g->ranks)
    report(r, "promotion: zone of %d ranks does not fit the board", v->promo_zone);
  for (int i = 0; i < v->npromo; i++)
    if (v->promo_type[i] >= v->ntypes)
      report(r, "promotion: unknown piece type");
  memset(v->promo_rank_mask, 0, sizeof v->promo_rank_mask);
  for (int sq = 0; sq < g->nsq; sq++) {
    int rank = board_rank(g, sq);
    v->sq_rank[sq] = (uint8_t)(rank < 0 || rank >= g->ranks ? 0 : rank);
  }
  if (v->promo_compulsory == 0) v->promo_compulsory = v->promo_zone;
  if (v->promo_optional) v->promo_compulsory = 0;
  else if (v->promo_zone && (v->promo_compulsory < 1 || v->promo_compulsory > v->promo_zone))
    report(r, "promotion.compulsory: %d ranks, the zone has %d", v->promo_compulsory,
            v->promo_zone);
  for (int rank = 0; rank < g->ranks; rank++) {
    int far = g->ranks - 1 - rank; /* ranks from the far end, for White */
    v->promo_rank_mask[WHITE][rank] = far >= v->promo_zone ? 0
                                   : far < v->promo_compulsory ? PROMO_COMPULSORY : PROMO_OPTIONAL;
    v->promo_rank_mask[BLACK][g->ranks - 1 - rank] = v->promo_rank_mask[WHITE][rank];
  }
  /* a zone of squares per side: compulsory on each of them */
  if (v->promo_zone_squares)
    for (int c = 0; c < 2; c++)
      for (int rank = 0; rank < g->ranks; rank++)
        v->promo_rank_mask[c][rank] = !v->promo_zone_sq[c][rank] ? 0
                                      : v->promo_optional ? PROMO_OPTIONAL : PROMO_COMPULSORY;
  memset(v->promo_sq, 0, sizeof v->promo_sq);
  for (int sq = 0; sq < g->nsq; sq++) {
    int rank = board_rank(g, sq), file = board_file(g, sq);
    if (rank < 0 || rank >= g->ranks || file < 0 || file >= g->files) continue;
    for (int c = 0; c < 2; c++)
      v->promo_sq[c][sq] = !v->promo_zone_squares ? v->promo_rank_mask[c][rank]
                           : !(v->promo_zone_sq[c][rank] >> file & 1) ? 0
                           : v->promo_optional ? PROMO_OPTIONAL : PROMO_COMPULSORY;
  }
  for (int k = 0; k < 2; k++) {
    memcpy(v->promo_choice[k], v->promo_type, sizeof v->promo_type);
    v->npromo_choice[k] = v->npromo;
  }
  v->promo_choice[1][v->npromo_choice[1]++] = PROMO_STAY;
  /* promotion.by_side: the side's letters, and every type that is not
  ** one of promotion.pieces (a promoted form, promoted to by MF_PROMO too) */
  uint32_t listed = 0;
  for (int i = 0; i < v->npromo; i++) listed |= 1u << v->promo_type[i];
  v->promo_by_side = v->promo_side_given[0] || v->promo_side_given[1];
  for (int c = 0; c < 2; c++)
    v->promo_side_mask[c] = v->promo_side_given[c] ? v->promo_side_given[c] | ~listed : ~0u;

  v->has_promo_limit = 0;
  for (int t = 0; t < v->ntypes; t++)
    if (v->promo_limit[t]) v->has_promo_limit = 1;
  if (v->drop_confined_mask && !v->pockets)
    report(r, "pieces.%c.drop_region: the variant has no drops",
            v->type[__builtin_ctz(v->drop_confined_mask)].letter);
  if (v->by_move && !v->promote_mask)
    report(r, "promotion.by_move: no piece type promotes (pieces.X.promotes)");
  /* a flip turns a piece over in place: a royal piece would change sides,
  ** and the lines and neighbours it walks are those of a plain board */
  if (v->flip && v->royal_mask) report(r, "rules.flip: not with royal pieces (a flip would change their side)");
  if ((v->flip || v->enclosing) && v->geo.wrap)
    report(r, "%s: not on a board that wraps", v->flip ? "rules.flip" : "drops.enclosing");
  if ((v->enclosing || v->has_enclose_start || v->drop_unlimited) && !v->drops)
    report(r, "drops.enclosing, drops.start and drops.unlimited: the variant has no drops");
}

/* Promoted forms (promotes_to) and what a captured piece joins a pocket as. */
static void conclude_promoted_forms(Variant *v, Report *r) {
  /* Pockets. A promoted piece is marked, where a capture sends it back to
  ** the pocket as the type that promoted. Pawns are never dropped where
  ** they would promote, nor on their first rank unless the variant says. */
  /* One promoted form per type (promotes_to), which returns to the pocket
  ** as the type it came from. */
  memset(v->promo_to, 0, sizeof v->promo_to);
  memset(v->demote_to, 0, sizeof v->demote_to);
  v->promo_to_mask = 0;
  for (int t = 0; t < v->ntypes; t++) {
    if (!v->type[t].promotes_to) continue;
    int to = variant_type_by_letter(v, v->type[t].promotes_to);
    if (to < 0 || to == t)
      report(r, "pieces.%c.promotes_to: '%c' is not another of the pieces",
              v->type[t].letter, v->type[t].promotes_to);
    else if (v->demote_to[to])
      report(r, "pieces.%c.promotes_to: '%c' is already the promoted form of '%c'",
              v->type[t].letter, v->type[t].promotes_to, v->type[v->demote_to[to] - 1].letter);
    else { /* with promotes too, the form is one more choice on reaching the zone */
      v->promo_to[t] = (uint8_t)(to + 1);
      v->demote_to[to] = (uint8_t)(t + 1);
      v->promo_to_mask |= 1u << t;
    }
  }
  for (int t = 0; t < v->ntypes; t++) {
    v->pocket_as[t] = (uint8_t)(v->demote_to[t] ? v->demote_to[t] - 1 : t);
    if (v->promo_flip && v->demote_to[t]) v->promo_to_mask |= 1u << t;
  }
  /* counts_as: a type counted as another (one step: the other counts as
  ** itself), of the same kind (neither neutral) */
  for (int t = 0; t < v->ntypes; t++) {
    v->counted_as[t] = (uint8_t)t;
    v->counted_with[t] = 1u << t;
  }
  for (int t = 0; t < v->ntypes; t++) {
    char as = v->type[t].counts_as;
    if (!as) continue;
    int to = variant_type_by_letter(v, as);
    if (to < 0 || to == t)
      report(r, "pieces.%c.counts_as: '%c' is not another of the pieces", v->type[t].letter, as);
    else if (v->type[to].counts_as)
      report(r, "pieces.%c.counts_as: '%c' counts as '%c' itself (name that type)", v->type[t].letter, as,
             v->type[to].counts_as);
    else if (v->type[t].neutral || v->type[to].neutral)
      report(r, "pieces.%c.counts_as: not with a neutral piece", v->type[t].letter);
    else {
      v->counted_as[t] = (uint8_t)to;
      v->counted_with[to] |= 1u << t;
    }
  }
  /* a type counted as another is counted with it: the same set */
  for (int t = 0; t < v->ntypes; t++) v->counted_with[t] = v->counted_with[v->counted_as[t]];
  /* royal = "counted": the type and those counted as it are royal, each
  ** protected while its side has one of them; legality apart */
  v->counted_royals = 0;
  for (int t = 0; t < v->ntypes; t++)
    if (v->type[v->counted_as[t]].royal == ROYAL_COUNTED) v->counted_royals |= 1u << t;
  for (int t = 0; t < v->ntypes; t++)
    if (v->type[t].royal == ROYAL_COUNTED && v->counted_as[t] != t)
      report(r, "pieces.%c.royal: \"counted\" counts the pieces of '%c', which it counts as: give it there",
             v->type[t].letter, v->type[v->counted_as[t]].letter);
  v->royal_mask |= v->counted_royals;
  if (v->counted_royals) {
    if (v->royals != ROYALS_EACH) report(r, "pieces: a royal piece \"counted\" only with rules.royals \"each\"");
    if (v->nblast || v->royal_capture)
      report(r, "pieces: a royal piece \"counted\" not with rules.blast or rules.king_capture");
  }
  for (int t = 0; t < v->ntypes; t++)
    if (v->counted_as[t] != t && v->promo_limit[t])
      report(r, "promotion.limit.%c: '%c' counts as '%c', whose limit bounds it", v->type[t].letter,
             v->type[t].letter, v->type[v->counted_as[t]].letter);
}

/* Where a piece has a step on an empty board (no_immobile). */
static void find_mobile(Variant *v) {
  const Geometry *g = &v->geo;
  memset(v->mobile, 0, sizeof v->mobile);
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++)
      for (int sq = 0; sq < g->nsq; sq++) {
        if (!board_inside(g, sq)) continue;
        for (int i = 0; i < v->nsteps[c][t]; i++) {
          int to = sq + v->step[c][t][i].off;
          if (to >= 0 && to < g->nsq && board_inside(g, to)) {
            v->mobile[c][t][sq / 64] |= 1ull << (sq % 64);
            break;
          }
        }
      }
}

/* Where no_immobile forbids a move: can a piece of colour c and type t
** stand on a square of the board where it could never move again? */
static int immobile_somewhere(const Variant *v, int c, int t) {
  if (!v->no_immobile) return 0;
  for (int sq = 0; sq < v->geo.nsq; sq++)
    if (board_inside(&v->geo, sq) && !(v->mobile[c][t][sq / 64] >> (sq % 64) & 1)) return 1;
  return 0;
}

/* The types whose moves gen_pseudo() writes straight into the list. */
static void find_plain_types(Variant *v) {
  find_mobile(v);
  /* Plain types (Variant.plain_mask), whose moves gen_pseudo() writes
  ** straight into the list. */
  v->apart_mask = v->extra_mask;
  /* a counted hopper's steps are walked by gen_steps, not the generator
  ** of plain types, which then does without the count */
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++)
      for (int i = 0; i < v->nsteps[c][t]; i++)
        if (v->step[c][t][i].counted) v->apart_mask |= 1u << t;
  if (v->geo.wrap) v->apart_mask = ~0u; /* every step through the tables */
  for (int c = 0; c < 2; c++) {
    v->plain_mask[c] = v->wrap_plain_mask[c] = v->wrap_twice_mask[c] = v->simple_mask[c] = 0;
    v->initial_step_mask[c] = v->twice_mask[c] = v->form_plain_mask[c] = 0;
    for (int t = 0; t < v->ntypes; t++) {
      /* (under no_immobile, a type that can move from every square is
      ** not asked where it lands) */
      int mobile = !immobile_somewhere(v, c, t);
      int plain = !(v->extra_mask >> t & 1) && !(v->promote_mask >> t & 1) &&
                  !(v->promo_to_mask >> t & 1) && mobile, room = 0;
      int simple = !(v->extra_mask >> t & 1) && !(v->promo_to_mask >> t & 1) && mobile &&
                   !(v->royal_mask >> t & 1) && !(v->apart_mask >> t & 1);
      const Geometry *g = &v->geo;
      int twice = ((g->wrap & WRAP_FILES) && g->files <= 2 * BOARD_PAD) ||
                  ((g->wrap & WRAP_RANKS) && g->ranks <= 2 * BOARD_PAD);
      for (int i = 0; i < v->nsteps[c][t]; i++) {
        const Step *s = &v->step[c][t][i];
        if (s->path != PATH_SLIDE || s->cond || (s->modes & ~(MODE_MOVE | MODE_CAPTURE))) plain = 0;
        if (s->cond & STEP_INITIAL) v->initial_step_mask[c] |= 1u << t;
        if (s->cond & ~STEP_INITIAL) simple = 0;
        /* (the initial steps last: a piece off its initial ranks stops before them) */
        if (!s->cond && i > 0 && v->step[c][t][i - 1].cond) simple = 0;
        else if (s->path == PATH_SLIDE) simple &= s->range == 1;
        else simple &= s->path == PATH_LAME && (s->nlame == 1 || s->nlame == 2) &&
                       !(s->modes & MODE_EP) && s->range == 1;
        /* (a ray round a wrapped board gives at most one move a cell) */
        room += g->wrap && s->range > g->files * g->ranks ? g->files * g->ranks : s->range;
        int d = g->wrap ? v->topo_dir[s->off + TOPO_OFF_MID] : 0; /* (its step, decoded) */
        int dx = d % (2 * BOARD_PAD + 1) - BOARD_PAD, dy = d / (2 * BOARD_PAD + 1) - BOARD_PAD;
        if (s->path != PATH_SLIDE || s->range > 1)
          twice |= ((g->wrap & WRAP_FILES) && dx) || ((g->wrap & WRAP_RANKS) && dy);
      }
      /* on a flat board, two steps that reach one square (a leap on a
      ** slide's line, QA's c3): the type's moves are found apart
      ** (apart_mask, gen_with_extra) and each written once, as a move is
      ** its squares, not its path (Fairy-Stockfish's QNAD) */
      for (int i = 0; i < v->nsteps[c][t] && !g->wrap; i++)
        for (int j = i + 1; j < v->nsteps[c][t]; j++) {
          const Step *a = &v->step[c][t][i], *b = &v->step[c][t][j];
          if ((a->path != PATH_SLIDE && a->path != PATH_LAME) || (b->path != PATH_SLIDE && b->path != PATH_LAME) ||
              !(a->modes & b->modes & (MODE_MOVE | MODE_CAPTURE)))
            continue;
          int ra = a->path == PATH_LAME ? 1 : a->range, rb = b->path == PATH_LAME ? 1 : b->range;
          if (ra > MAX_REACH) ra = MAX_REACH;
          if (rb > MAX_REACH) rb = MAX_REACH;
          /* (the same square: the same displacement on the board, which
          ** the array's offsets alone do not tell: on a 7x7 board, six
          ** steps north-east and seven north-west land on one array
          ** square, but seven do not fit) */
          int half = g->stride / 2;
          int ax = ((a->off % g->stride) + g->stride + half) % g->stride - half, ay = (a->off - ax) / g->stride;
          int bx = ((b->off % g->stride) + g->stride + half) % g->stride - half, by = (b->off - bx) / g->stride;
          for (int x = 1; x <= ra; x++)
            for (int y = 1; y <= rb; y++)
              if (x * ax == y * bx && x * ay == y * by && abs(x * ax) < g->files && abs(x * ay) < g->ranks) {
                plain = simple = 0;
                v->twice_mask[c] |= 1u << t;
                v->apart_mask |= 1u << t;
              }
        }
      /* plain but for a promoted form (backrank's pieces): found as
      ** plain, then promoted where the zone is touched (gen_with_extra) */
      int form_plain = !(v->extra_mask >> t & 1) && !(v->promote_mask >> t & 1) &&
                       (v->promo_to_mask >> t & 1) && mobile && !v->promo_flip && !g->wrap &&
                       !(v->twice_mask[c] >> t & 1) && !(v->apart_mask >> t & 1);
      for (int i = 0; i < v->nsteps[c][t] && form_plain; i++) {
        const Step *s = &v->step[c][t][i];
        if (s->path != PATH_SLIDE || s->cond || (s->modes & ~(MODE_MOVE | MODE_CAPTURE))) form_plain = 0;
      }
      if (form_plain) v->form_plain_mask[c] |= 1u << t;
      v->plain_room[c][t] = room;
      if (plain && !g->wrap) v->plain_mask[c] |= 1u << t;
      if (simple && !plain && !g->wrap) {
        v->simple_mask[c] |= 1u << t;
        int lead = 0;
        while (lead < v->nsteps[c][t] && !v->step[c][t][lead].cond) lead++;
        v->simple_lead[c][t] = (uint8_t)lead;
        v->plain_room[c][t] = room * (MAX_PROMO + 2); /* each step's promotion choices */
      }
      if (plain && g->wrap) v->wrap_plain_mask[c] |= 1u << t;
      if (twice && g->wrap) v->wrap_twice_mask[c] |= 1u << t;
    }
  }
  v->apart_mask |= v->form_plain_mask[0] | v->form_plain_mask[1];
}

/* Where pieces can move on an empty board; the promoted mark of pockets; the ranks of drops. */
static void conclude_drops(Variant *v, Report *r) {
  const Geometry *g = &v->geo;
  v->promoted_bit = 0;
  v->unpromoted_type = 0;
  if (v->capture_to_pocket && !v->keep_promoted && v->promote_mask) {
    v->promoted_bit = 0x80;
    v->unpromoted_type = __builtin_ctz(v->promote_mask);
    if (v->card_toggle_bit & 0x80 || v->diagonal_once_bit & 0x80 || v->unmoved_mask)
      report(r, "drops: promoted pieces need attribute bit 128, which another rule uses");
  }
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) {
      uint16_t ranks = (uint16_t)((1u << g->ranks) - 1);
      if (v->type[t].pawn && v->type[t].promotes) {
        for (int rank = 0; rank < g->ranks && !v->pawn_zone; rank++)
          if (v->promo_rank_mask[c][rank]) ranks &= (uint16_t)~(1u << rank);
        if (!v->pawn_first_rank) ranks &= (uint16_t)~(1u << (c == WHITE ? 0 : g->ranks - 1));
      }
      /* drops.region's empty ranks, which gen_drops need not walk
      ** (Dragon chess: the first rank only) */
      for (int rank = 0; rank < g->ranks && v->has_drop_region; rank++)
        if (!v->drop_region[c][rank]) ranks &= (uint16_t)~(1u << rank);
      v->drop_ranks[c][t] = ranks;
    }
}

/* The turn's program of steps. */
static void check_turns(Variant *v, Report *r) {
  /* Turns. */
  if (v->nphases < 1 || v->nphases > MAX_PHASES)
    report(r, "turn: between 1 and %d steps", MAX_PHASES);
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_TARGET &&
        (i + 1 >= v->nphases || v->phase[i + 1].kind != PHASE_CHOOSE))
      report(r, "turn[%d]: a target step must be followed by a choose step", i + 1);
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_RELOCATE &&
        (v->phase[i].piece >= v->ntypes || !v->type[v->phase[i].piece].neutral))
      report(r, "turn[%d]: only a neutral piece can be relocated", i + 1);
  /* a place measured from the previous step needs that step to be a move */
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_RELOCATE &&
        (v->phase[i].place == PLACE_REACH || v->phase[i].place == PLACE_LEFT) &&
        (i == 0 || v->phase[i - 1].kind != PHASE_MOVE))
      report(r, "turn[%d]: at = \"%s\" must follow a \"move\" step", i + 1,
             v->phase[i].place == PLACE_REACH ? "reach" : "left");
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_RELOCATE && v->phase[i].shields && (i == 0 || v->phase[i - 1].kind != PHASE_MOVE))
      report(r, "turn[%d]: shields needs a relocation after a \"move\" step", i + 1);
  /* a wall instead of a move: after the move step, the turn's last step,
  ** measured from nothing the pass did */
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_RELOCATE && v->phase[i].instead &&
        (i == 0 || v->phase[i - 1].kind != PHASE_MOVE || i + 1 != v->nphases ||
         (v->phase[i].place != PLACE_ANYWHERE && v->phase[i].place != PLACE_EDGE)))
      report(r, "turn[%d]: instead needs a place step at \"anywhere\" or \"edge\", the turn's last, after a \"move\" step", i + 1);
}

/* Cards. */
static void check_cards(Variant *v, Report *r) {
  /* Cards. */
  if (v->ncard_values < 0 || v->ncard_values > MAX_CARD_VALUES)
    report(r, "cards: values from 1 to at most %d", MAX_CARD_VALUES);
  if (v->ncard_values && (v->card_copies < 1 || v->card_copies > 64))
    report(r, "cards: copies must be 1 to 64");
  if (v->ncard_values && 2 * v->deal > v->ncard_values * v->card_copies)
    report(r, "cards: not enough cards to deal");
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].kind == PHASE_DRAW && !v->ncard_values)
      report(r, "turn[%d]: a draw step needs cards", i + 1);
}

/* Castling's pieces and files, and results that contradict each other. */
static void check_castling_and_results(Variant *v, Report *r) {
  const Geometry *g = &v->geo;
  /* Castling. */
  if (v->castling) {
    if (v->castle_king_type < 0 && v->royal_mask)
      v->castle_king_type = __builtin_ctz(v->royal_mask);
    if (v->castle_rook_type < 0 || v->castle_rook_type >= v->ntypes)
      report(r, "castling: no castling rook piece");
    else if (!v->castle_rook_mask) /* a variant built in C names one type */
      v->castle_rook_mask = 1u << v->castle_rook_type;
    if (v->castle_king_type < 0 || v->castle_king_type >= v->ntypes)
      report(r, "castling: no king piece (no royal piece, and castling.king not given)");
    /* the king may not castle out of, through or into check: where it is
    ** royal under the check rule (and, counted, while protected) */
    else
      v->castle_checked = v->royal_capture || v->nblast || !(v->royal_mask >> v->castle_king_type & 1) ? 0
                          : (v->counted_royals >> v->castle_king_type & 1) ? 2 : 1;
    for (int s = 0; s < 2; s++) {
      int kf = v->castle_king_file[s], rf = kf + (s == 0 ? -1 : 1);
      if (kf < 0 || kf >= g->files || rf < 0 || rf >= g->files)
        report(r, "castling: the %s king file is off the board", s == 0 ? "king-side" : "queen-side");
    }
  }
  if (v->check_limit && (v->royal_capture || !v->royal_mask))
    report(r, "rules.check_limit: checks need a royal piece and the check rule "
                                "(not king_capture)");
  if (v->royal_capture && v->checkmate != RESULT_LOSS)
    report(r, "rules: checkmate result has no meaning when kings are captured");
  if (v->royal_capture && (v->mate_by != RESULT_NONE || v->mate_series != RESULT_NONE))
    report(r, "rules: checkmate_by and checkmate_series have no meaning when kings are captured");
  if (v->chasing.result != RESULT_NONE && (!v->repetition || v->nphases > 1 || g->wrap))
    report(r, "rules.chasing: needs repetitions (rules.repetition), turns of one step and a board "
              "that does not wrap");
}

/* The flags that choose fast paths, and who may capture what. */
/* Can every piece go back to where its move started, by a move of its own
** (a leap or a ride, which the way there leaves open)? Then a place on a
** square the moved piece reaches always has one: the square it left. */
static int moves_reversible(const Variant *v) {
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) {
      if (!(v->plain_mask[c] >> t & 1)) {
        if (v->nsteps[c][t] && !v->type[t].neutral) return 0;
        continue;
      }
      for (int i = 0; i < v->nsteps[c][t]; i++) {
        const Step *s = &v->step[c][t][i];
        int back = 0;
        if (!(s->modes & MODE_MOVE)) continue;
        for (int j = 0; j < v->nsteps[c][t]; j++) {
          const Step *b = &v->step[c][t][j];
          if (b->off == -s->off && b->range >= s->range && (b->modes & MODE_MOVE)) back = 1;
        }
        if (!back) return 0;
      }
    }
  return 1;
}

static void find_fast_paths(Variant *v) {
  v->count_passes = v->pass || v->pass_stuck[0] || v->pass_stuck[1];
  for (int c = 0; c < 2; c++) {
    v->still[c] = !v->apart_mask && !v->extra_mask;
    for (int t = 0; t < v->ntypes; t++)
      if (v->nsteps[c][t]) v->still[c] = 0;
  }
  v->pass_moves = v->pass;
  for (int i = 0; i + 1 < v->nphases; i++)
    if (v->phase[i + 1].kind == PHASE_RELOCATE && v->phase[i + 1].instead) v->pass_moves = 1;
  v->landing_effects = v->flip || v->petrify_mask;
  v->has_terminal = (v->extinction != RESULT_NONE &&
                     (v->extinction_types || v->extinction_all)) ||
                    (v->royal_capture && v->royal_mask) ||
                    (v->goal != RESULT_NONE && v->goal_types) || v->check_limit ||
                    (v->count_passes && v->passes_end != RESULT_NONE) || v->facing_break ||
                    v->full_board != RESULT_NONE || (v->castling && v->castle_wins) ||
                    (v->connect != RESULT_NONE && v->connect_types &&
                     (v->connect_line || v->connect_square || v->connect_collinear || v->connect_join));
  /* the packed board (Variant.packed), where it fits */
  v->packed = (v->geo.files + 1) * v->geo.ranks <= 64;
  memset(v->packed_bit, 0, sizeof v->packed_bit);
  memset(v->packed_sq, 0, sizeof v->packed_sq);
  v->packed_board = v->packed_first = 0;
  if (v->packed)
    for (int r = 0; r < v->geo.ranks; r++)
      for (int f = 0; f < v->geo.files; f++) {
        int sq = board_square(&v->geo, f, r), bit = r * (v->geo.files + 1) + f;
        v->packed_bit[sq] = (uint8_t)bit;
        v->packed_sq[bit] = (int16_t)sq;
        if (board_is_hole(&v->geo, f, r)) continue;
        v->packed_board |= 1ull << bit;
        if (r == 0) v->packed_first |= 1ull << bit;
      }
  v->counting = v->counting_rule.on;
  v->after_make = v->mate_series_types || v->check_limit || v->counting;
  v->legal_apart = v->has_owner || v->geo.wrap || v->counted_royals;
  for (int i = 0; i < v->nphases; i++)
    if (v->phase[i].shields) v->legal_apart = 1; /* the move step: legal_shielded */
  v->move_filters = v->mutual_immune || v->no_check || v->king_held || v->drop_no_mate ||
                    v->drop_no_check || v->promo_no_check || v->promo_no_attack || v->promo_by_side;
  v->legal_filters = v->must_capture || v->move_filters;
  for (int i = 0; i + 1 < v->nphases; i++) {
    const Phase *next = &v->phase[i + 1];
    v->place_can_fail[i] = 0;
    if (v->phase[i].kind != PHASE_MOVE || next->kind != PHASE_RELOCATE || next->place == PLACE_MOVE)
      continue;
    v->place_can_fail[i] = next->has_region || (next->place == PLACE_REACH && !moves_reversible(v)) ||
                           v->drops || next->instead || next->place == PLACE_EDGE;
    v->legal_filters |= v->place_can_fail[i];
  }
  for (int c = 0; c < 2; c++)
    for (int cell = 0; cell < 256; cell++)
      v->enemy[c][cell] = cell != CELL_EMPTY && cell != CELL_OFF &&
                          CELL_COLOUR(cell) <= 1 && CELL_COLOUR(cell) != c;
}

/* Variant.step_masks and its table: on a packed board, where at least a
** third of the steps of the plain and pawn-like types, counted from every
** square, fall off the board at once (their first square off it or a
** hole), the generator walks only the steps that stay on: a mask per
** square costs a few instructions a step kept, a step tried costs more,
** and on a large board (chess's) nearly every step stays on. */
static void find_step_masks(Variant *v) {
  const Geometry *g = &v->geo;
  long kept = 0, all = 0;
  v->step_masks = 0;
  if (!v->packed || g->wrap) return;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++)
      for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
          if (board_is_hole(g, f, r)) continue;
          int sq = board_square(g, f, r);
          uint64_t m = 0;
          for (int i = 0; i < v->nsteps[c][t]; i++)
            if (board_inside(g, sq + v->step[c][t][i].off))
              m |= 1ull << i;
          v->onboard[c][t][v->packed_bit[sq]] = m;
          if ((v->plain_mask[c] | v->simple_mask[c]) >> t & 1) {
            kept += __builtin_popcountll(m);
            all += v->nsteps[c][t];
          }
        }
  v->step_masks = all && 3 * (all - kept) >= all;
  /* the rays the same way (Variant.ray_masks) */
  kept = all = 0;
  for (int c = 0; c < 2; c++)
    for (int r = 0; r < g->ranks; r++)
      for (int f = 0; f < g->files; f++) {
        if (board_is_hole(g, f, r)) continue;
        int sq = board_square(g, f, r);
        uint64_t m = 0;
        for (int i = 0; i < v->nrays[c]; i++)
          if (board_inside(g, sq + v->ray[c][i].off)) m |= 1ull << i;
        v->ray_on[c][v->packed_bit[sq]] = m;
        kept += __builtin_popcountll(m);
        all += v->nrays[c];
      }
  v->ray_masks = all && 3 * (all - kept) >= all;
}

/* The displacement of a step's offset on the dense board. */
static int dense_offset(const Geometry *g, int off) {
  int half = g->stride / 2, dx = ((off % g->stride) + g->stride + half) % g->stride - half;
  return (off - dx) / g->stride * g->files + dx;
}

/* A plain type whose steps are single leaps, no two of them to one
** square: its moves from each square are the tables' (leap_move,
** leap_take). Two steps alike would write a move twice, as the walk does.
** rides: its other steps are let be (a slider's leaps, find_slider, of a
** type moves_from_lines() allows). */
static int find_leaper(Variant *v, int c, int t, int rides) {
  const Geometry *g = &v->geo;
  if (!rides && !(v->plain_mask[c] >> t & 1)) return 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if (s->range != 1 || s->path != PATH_SLIDE) {
      if (!rides) return 0;
      continue; /* (find_slider's) */
    }
    for (int j = 0; j < i; j++)
      if (v->step[c][t][j].off == s->off) return 0;
  }
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      if (board_is_hole(g, f, r)) continue;
      int sq = board_square(g, f, r), bit = v->dense_bit[sq];
      v->leap_move[c][t][bit] = v->leap_take[c][t][bit] = 0;
      for (int i = 0; i < v->nsteps[c][t]; i++) {
        const Step *s = &v->step[c][t][i];
        if (s->range != 1 || s->path != PATH_SLIDE || !board_inside(g, sq + s->off)) continue;
        uint64_t to = 1ull << v->dense_bit[sq + s->off];
        if (s->modes & MODE_MOVE) v->leap_move[c][t][bit] |= to;
        if (s->modes & MODE_CAPTURE) v->leap_take[c][t][bit] |= to;
      }
    }
  return 1;
}

/* The index in Variant.slide_ray of the ride along off of up to range
** steps (range 0: unlimited), added if new; -1 where the table is full. */
static int slide_ray_of(Variant *v, int off, int range, int16_t *offs, uint8_t *ranges) {
  const Geometry *g = &v->geo;
  if (range == 0 || range > MAX_REACH) range = MAX_REACH; /* (RANGE_INF too) */
  for (int i = 0; i < v->nslide_rays; i++)
    if (offs[i] == off && ranges[i] == range) return i;
  if (v->nslide_rays >= MAX_SLIDE_RAYS) return -1;
  int i = v->nslide_rays++;
  offs[i] = (int16_t)off, ranges[i] = (uint8_t)range;
  for (uint64_t on = v->dense_board; on; on &= on - 1) {
    int b = __builtin_ctzll(on);
    uint64_t m = 0;
    for (int k = 1, to = v->dense_sq[b] + off; k <= range && board_inside(g, to); k++, to += off)
      m |= 1ull << v->dense_bit[to];
    v->slide_ray[i][b] = m;
  }
  return i;
}

/* Are type t's moves (colour c's) its steps' squares and nothing more: a
** plain type, or one whose steps are leaps, rides and uncounted hops and
** grasshoppers' steps, with no condition, promotion or extra square (what
** gen_pieces' walk of such a type finds, step by step)? */
static int moves_from_lines(const Variant *v, int c, int t) {
  if (v->plain_mask[c] >> t & 1) return 1;
  if ((v->apart_mask | v->extra_mask | v->promote_mask | v->promo_to_mask) >> t & 1 || v->no_immobile ||
      (v->simple_mask[c] >> t & 1) || v->type[t].no_screen)
    return 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if (s->cond || s->counted || (s->modes & ~(MODE_MOVE | MODE_CAPTURE)) ||
        (s->path != PATH_SLIDE && s->path != PATH_HOP && s->path != PATH_GRASS))
      return 0;
  }
  return 1;
}

/* A type with rides or hops (its leaps find_leaper's tables), as
** moves_from_lines() allows: its lines for gen_pieces (Variant.slide), a
** step's line shared by the others along it. offs and ranges: the rays'
** lines. */
static int find_slider(Variant *v, int c, int t, int16_t *offs, uint8_t *ranges) {
  if (!moves_from_lines(v, c, t)) return 0;
  int n = 0;
  int16_t line_off[MAX_SLIDE_STEPS];
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    if (s->range == 1 && s->path == PATH_SLIDE) continue;
    int j = 0;
    while (j < n && line_off[j] != s->off) j++;
    SlideStep *e = &v->slide[c][t][j];
    if (j == n) {
      if (n >= MAX_SLIDE_STEPS) return 0;
      int beyond = slide_ray_of(v, s->off, 0, offs, ranges), next = slide_ray_of(v, s->off, 1, offs, ranges);
      if (beyond < 0 || next < 0) return 0;
      memset(e, 0, sizeof *e);
      e->beyond = (uint8_t)beyond, e->next = (uint8_t)next;
      e->down = dense_offset(&v->geo, s->off) < 0;
      line_off[n++] = s->off;
    }
    if (s->path == PATH_GRASS) e->grass |= s->modes;
    else if (s->path == PATH_HOP) e->hop |= s->modes; /* (a hop's range is not counted: to the edge) */
    else {
      /* two rides of one line: of one range, one ray (else walked) */
      int ray = slide_ray_of(v, s->off, s->range, offs, ranges);
      if (ray < 0 || (e->ride && e->ray != ray)) return 0;
      e->ray = (uint8_t)ray;
      e->ride |= s->modes;
    }
  }
  if (!n || !find_leaper(v, c, t, 1)) return 0;
  v->nslides[c][t] = (uint8_t)n;
  for (int j = 0; j < n; j++)
    if (v->slide[c][t][j].grass || v->slide[c][t][j].hop) v->jump_mask[c] |= 1u << t;
  return 1;
}

/* A pawn-like type whose steps are single leaps (lame ones with their
** squares in between) and whose initial steps start from ranks, not from
** a piece's unmoved mark: its steps for gen_set. */
static int find_set_type(Variant *v, int c, int t) {
  const Geometry *g = &v->geo;
  if (!(v->simple_mask[c] >> t & 1) || v->nsteps[c][t] > MAX_SET_STEPS) return 0;
  if ((v->initial_step_mask[c] >> t & 1) && (v->unmoved_mask >> t & 1)) return 0;
  for (int i = 0; i < v->nsteps[c][t]; i++) {
    const Step *s = &v->step[c][t][i];
    SetStep *e = &v->set_step[c][t][i];
    if (s->range != 1 || (s->path != PATH_SLIDE && s->path != PATH_LAME)) return 0;
    memset(e, 0, sizeof *e);
    e->d = (int8_t)dense_offset(g, s->off);
    e->modes = s->modes;
    e->nlame = s->path == PATH_LAME ? s->nlame : 0;
    e->doubles = s->path == PATH_LAME && s->cond && v->ep_mask;
    for (int l = 0; l < e->nlame; l++) e->lame[l] = (int8_t)dense_offset(g, s->lame[l]);
    for (int r = 0; r < g->ranks; r++)
      for (int f = 0; f < g->files; f++) {
        int sq = board_square(g, f, r), inside = 1;
        if (board_is_hole(g, f, r) || !board_inside(g, sq + s->off)) continue;
        if ((s->cond & STEP_INITIAL) && !(v->initial_ranks[c][t] >> v->sq_rank[sq] & 1)) continue;
        for (int l = 0; l < e->nlame; l++) inside &= board_inside(g, sq + s->lame[l]);
        if (inside) e->from |= 1ull << v->dense_bit[sq];
      }
  }
  return 1;
}

/* The squares of the dense board from which k steps of (dx, dy), k < n,
** stay on it. */
static uint64_t dense_starts(const Geometry *g, int dx, int dy, int n) {
  uint64_t m = 0;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      int lf = f + (n - 1) * dx, lr = r + (n - 1) * dy;
      if (lf >= 0 && lf < g->files && lr >= 0 && lr < g->ranks) m |= 1ull << (r * g->files + f);
    }
  return m;
}

/* Variant.connect_shift and the masks the connection rules read on a
** dense board (see there). */
static void find_dense_connections(Variant *v) {
  const Geometry *g = &v->geo;
  static const struct { int dx, dy, dirs; } lines[] = {
    {1, 0, CONNECT_HORIZONTAL}, {0, 1, CONNECT_VERTICAL},
    {1, 1, CONNECT_DIAGONAL}, {-1, 1, CONNECT_DIAGONAL},
  };
  v->nconnect_dirs = v->nline_masks = 0;
  uint32_t every = v->ntypes >= 32 ? ~0u : (1u << v->ntypes) - 1;
  v->connect_every_type = (v->connect_types & every) == every;
  v->square_start = v->connect_square ? dense_starts(g, 1, 1, v->connect_square) : 0;
  for (int d = 0; d < 4; d++) {
    if (!(v->connect_dirs & lines[d].dirs)) continue;
    int i = v->nconnect_dirs++;
    v->connect_shift[i] = (int8_t)(lines[d].dy * g->files + lines[d].dx);
    v->connect_start[i] = v->connect_line ? dense_starts(g, lines[d].dx, lines[d].dy, v->connect_line) : 0;
    if (!v->connect_collinear) continue;
    /* the lines of direction d: from each square with none behind it */
    for (int r = 0; r < g->ranks; r++)
      for (int f = 0; f < g->files; f++) {
        int bf = f - lines[d].dx, br = r - lines[d].dy;
        if (bf >= 0 && bf < g->files && br >= 0 && br < g->ranks) continue;
        uint64_t m = 0;
        for (int x = f, y = r; x >= 0 && x < g->files && y < g->ranks; x += lines[d].dx, y += lines[d].dy)
          m |= 1ull << (y * g->files + x);
        m &= v->dense_board;
        if (__builtin_popcountll(m) < v->connect_collinear) continue;
        if (v->nline_masks >= 0 && v->nline_masks < 64) v->line_masks[v->nline_masks++] = m;
        else v->nline_masks = -1;
      }
  }
}

/* Variant.attack_dense and its tables (see there), from the rays: each
** ray walked from each square as attacked_rays() walks it, to the board's
** edge or a hole (which are fixed), within its reach. */
static void find_dense_attacks(Variant *v) {
  const Geometry *g = &v->geo;
  uint64_t known[64] = {0}; /* the pairs whose between_dense is set */
  v->attack_types[0] = v->attack_types[1] = 0;
  memset(v->attack_near, 0, sizeof v->attack_near);
  memset(v->attack_far, 0, sizeof v->attack_far);
  memset(v->between_dense, 0, sizeof v->between_dense);
  for (int c = 0; c < 2; c++)
    for (uint64_t on = v->dense_board; on; on &= on - 1) {
      int b = __builtin_ctzll(on);
      for (const Ray *r = v->ray[c], *end = r + v->nrays[c]; r < end; r++) {
        uint64_t between = 0;
        for (int k = 1, to = v->dense_sq[b] + r->off; k <= r->reach && board_inside(g, to); k++, to += r->off) {
          int tb = v->dense_bit[to];
          uint64_t (*into)[MAX_TYPES] = k == 1 ? v->attack_near[c] : v->attack_far[c];
          for (uint32_t ts = r->mask[k]; ts; ts &= ts - 1) into[b][__builtin_ctz(ts)] |= 1ull << tb;
          v->attack_types[c] |= r->mask[k];
          if (k > 1 && r->mask[k]) {
            if ((known[b] >> tb & 1) && v->between_dense[b][tb] != between) return; /* two lines: walked */
            known[b] |= 1ull << tb;
            v->between_dense[b][tb] = between;
          }
          between |= 1ull << tb;
        }
      }
    }
  v->attack_dense = 1;
}

/* Variant.sets and its tables, from the initial ranks (rules_conclude
** calls it once they are known). The moves are those the walk of each
** piece's steps writes; their order is another. */
void variant_find_sets(Variant *v) {
  const Geometry *g = &v->geo;
  v->sets = v->dense = v->attack_dense = 0;
  v->leap_mask[0] = v->leap_mask[1] = v->set_mask[0] = v->set_mask[1] = 0;
  v->slide_mask[0] = v->slide_mask[1] = v->jump_mask[0] = v->jump_mask[1] = 0;
  memset(v->dense_bit, 0, sizeof v->dense_bit);
  memset(v->dense_sq, 0, sizeof v->dense_sq);
  memset(v->dense_to, 0, sizeof v->dense_to);
  memset(v->dense_same, 0, sizeof v->dense_same);
  memset(v->drop_dense, 0, sizeof v->drop_dense);
  memset(v->file_dense, 0, sizeof v->file_dense);
  v->dense_board = v->dense_promo[0] = v->dense_promo[1] = 0;
  if (g->files * g->ranks > 64) return;
  v->dense = 1;
  for (int r = 0; r < g->ranks; r++)
    for (int f = 0; f < g->files; f++) {
      if (board_is_hole(g, f, r)) continue;
      int sq = board_square(g, f, r), bit = r * g->files + f;
      v->dense_bit[sq] = (uint8_t)bit;
      v->dense_sq[bit] = (int16_t)sq;
      v->dense_to[bit] = (uint32_t)sq << 10; /* (MAKE_MOVE's to) */
      v->dense_same[bit] = (uint32_t)sq | (uint32_t)sq << 10; /* (MAKE_MOVE(sq, sq, 0, 0)) */
      v->dense_board |= 1ull << bit;
      v->file_dense[f] |= 1ull << bit;
      for (int c = 0; c < 2; c++) {
        if (v->promo_sq[c][sq]) v->dense_promo[c] |= 1ull << bit;
        for (int t = 0; t < v->ntypes; t++) {
          int ok = (v->drop_ranks[c][t] >> r & 1) && (!v->has_drop_region || (v->drop_region[c][r] >> f & 1)) &&
                   (!(v->confined_mask >> t & 1) || (v->stand[c][sq] >> t & 1)) &&
                   (!(v->drop_confined_mask >> t & 1) || (v->type[t].drop_region[c][r] >> f & 1)) &&
                   (!v->no_immobile || (v->mobile[c][t][sq / 64] >> (sq % 64) & 1));
          if (ok) v->drop_dense[c][t] |= 1ull << bit;
        }
      }
    }
  find_dense_connections(v);
  if (g->wrap) return;
  find_dense_attacks(v);
  int16_t offs[MAX_SLIDE_RAYS];
  uint8_t ranges[MAX_SLIDE_RAYS];
  v->nslide_rays = 0;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < v->ntypes; t++) {
      v->nslides[c][t] = 0;
      if (find_slider(v, c, t, offs, ranges)) v->slide_mask[c] |= 1u << t;
      else if (find_leaper(v, c, t, 0)) v->leap_mask[c] |= 1u << t;
      else if (find_set_type(v, c, t)) v->set_mask[c] |= 1u << t;
    }
  /* the bound gen_pieces checks: a pawn-like type's plain_room has its
  ** promotions, another promoting type's does not */
  for (int c = 0; c < 2; c++) {
    v->set_room[c] = 0;
    for (int t = 0; t < v->ntypes; t++) {
      int room = v->plain_room[c][t];
      if (!((v->plain_mask[c] | v->simple_mask[c]) >> t & 1)) room *= MAX_PROMO + 2;
      if (v->slide_mask[c] >> t & 1) room = 64; /* (each move once: a square) */
      if (room > v->set_room[c]) v->set_room[c] = room;
    }
  }
  v->sets = (v->leap_mask[0] | v->leap_mask[1] | v->set_mask[0] | v->set_mask[1] | v->slide_mask[0] |
             v->slide_mask[1]) != 0;
}

/* Zobrist keys, room for three colours of cells. */
static void take_keys(Variant *v) {
  const Geometry *g = &v->geo;
  /* Zobrist keys, room for three colours of cells. */
  const uint64_t *key = zobrist_keys();
  v->zobrist = key;
  key += 97 * g->nsq;
#define next_key() (*key++)
  v->zobrist_side = next_key();
  v->zobrist_castle[0] = 0;
  uint64_t ck[4];
  for (int i = 0; i < 4; i++) ck[i] = next_key();
  for (int m = 1; m < 16; m++) {
    v->zobrist_castle[m] = 0;
    for (int i = 0; i < 4; i++)
      if (m >> i & 1) v->zobrist_castle[m] ^= ck[i];
  }
  for (int f = 0; f < MAX_FILES; f++) v->zobrist_ep[f] = next_key();
  v->zobrist_phase[0] = 0;
  for (int i = 1; i < MAX_PHASES; i++) v->zobrist_phase[i] = next_key();
  v->zobrist_attr = next_key() | 1;
  v->zobrist_takeback = next_key() | 1;
  v->zobrist_target = next_key() | 1;
  v->zobrist_cards = next_key();
  v->zobrist_lost = next_key();
  v->zobrist_pocket = next_key();
  v->zobrist_gate = next_key();
  v->zobrist_checks = next_key();
  v->zobrist_pass = next_key() | 1;
#undef next_key
}

/* The steps, in order: the piece types first, since every later step reads
** their masks and compiled moves. */
int variant_conclude(Variant *v, char *err, size_t errlen) {
  Report r = {err, errlen, 0};
  err[0] = '\0';
  check_pieces(v, &r);
  if (r.n) return -1;
  conclude_regions(v);
  conclude_topology(v, &r);
  build_steps(v);
  conclude_blast(v, &r);
  conclude_promotion(v, &r);
  conclude_promoted_forms(v, &r);
  find_plain_types(v);
  conclude_drops(v, &r);
  check_turns(v, &r);
  check_cards(v, &r);
  check_castling_and_results(v, &r);
  find_fast_paths(v);
  find_step_masks(v);
  take_keys(v);
  return r.n ? -1 : 0;
}
