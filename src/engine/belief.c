/*
** belief.c - the positions a player of a hidden-information game may be in.
**
** The game's history is read as the player saw it: a list of observations,
** one per history entry (the player's own step and its UCI, the player's
** own try and its text, or the opponent's step or try, unseen), each with
** what the player was told after it and the player's view after it. A
** candidate position is advanced through an observation by every step it
** allows (the named one for the player's own steps, every legal one for
** the opponent's) and kept when the player's view of the result is the
** player's real view and the referee, asked through the oracle, tells the
** player exactly what the player was told. The truth itself is read only
** through the player's view.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "belief.h"
#include "hidden.h"
#include "rules.h"
#include "splitmix.h"
#include "notation.h"

enum { OBS_SKIP, OBS_OWN_STEP, OBS_OWN_TRY, OBS_OTHER_STEP, OBS_OTHER_TRY };

#define VIEW_HIDDEN 0xFE /* a square the player does not see */
#define HEARD_MAX 4096
#define REGEN_BUDGET 20000 /* candidate expansions per regeneration */
#define RING 16

/* One history entry as the player saw it. */
typedef struct Obs {
  int kind;
  Move move;      /* the entry, to notice an undo that changed it */
  char text[48];  /* the own step's UCI, or a try's text */
  char *heard;    /* what the player was told after it ("type: text\n"...) */
  uint8_t view[MAX_SQUARES], vattr[MAX_SQUARES]; /* the board as seen after it */
  uint8_t hand[MAX_CARD_VALUES + 1], pocket[MAX_TYPES];
  int side, phase;
} Obs;

/* Distinct positions by key (open addressing; 0 marks a free slot). */
typedef struct KeySet {
  uint64_t *slot;
  size_t cap, n;
} KeySet;

struct Belief {
  int player, cap, particles;
  char start[512]; /* the game's start, which every player knows */
  uint64_t rng;
  Obs *obs;
  int nobs, obscap;
  Position *set; /* the exact set, or the particles */
  int n;
  int exact;
  int dirty; /* an update did not finish (an error): start again */
  double count;
  /* sampling: the last exact set and where it stood in the observations */
  Position *anchor;
  int nanchor, anchor_at;
  /* sampling: the particles before each of the last RING observations, to
  ** draw again from a few steps back before going back to the anchor */
  Position *ring[RING];
  int ring_n[RING], ring_at[RING];
  /* sampling: the newest particles that were not none */
  Position *last;
  int nlast;
  BeliefStats stats;
  /* the referee calls the observation being taken in may still make
  ** (BELIEF_OBSERVATION_CALLS), and whether they ran out */
  long calls_left;
  int cut;
  char heard[HEARD_MAX]; /* scratch for the oracle's answers */
};

/* The position's identity: its hash, and the clock the hash leaves out. */
static uint64_t identity(const Position *p) {
  uint64_t k = p->key ^ ((uint64_t)p->halfmove + 1) * 0xD6E8FEB86659FD93ull;
  return k ? k : 1;
}

static int keyset_add(KeySet *s, uint64_t k) {
  if (2 * (s->n + 1) > s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 1024;
    uint64_t *slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < s->cap; i++)
      if (s->slot[i]) {
        size_t j = s->slot[i] & (cap - 1);
        while (slot[j]) j = (j + 1) & (cap - 1);
        slot[j] = s->slot[i];
      }
    free(s->slot);
    s->slot = slot;
    s->cap = cap;
  }
  size_t j = k & (s->cap - 1);
  while (s->slot[j]) {
    if (s->slot[j] == k) return 0;
    j = (j + 1) & (s->cap - 1);
  }
  s->slot[j] = k;
  s->n++;
  return 1;
}

Belief *belief_new(int player, int cap, int particles, uint64_t seed) {
  Belief *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->player = player;
  b->cap = cap > 0 ? cap : BELIEF_CAP;
  b->particles = particles > 0 ? particles : BELIEF_PARTICLES;
  b->rng = seed;
  b->exact = 1;
  return b;
}

static void forget(Belief *b) {
  for (int i = 0; i < b->nobs; i++) free(b->obs[i].heard);
  b->nobs = 0;
  free(b->set);
  free(b->anchor);
  free(b->last);
  b->set = b->anchor = b->last = NULL;
  b->nlast = 0;
  for (int i = 0; i < RING; i++) {
    free(b->ring[i]);
    b->ring[i] = NULL;
    b->ring_n[i] = 0;
  }
  b->n = b->nanchor = 0;
  b->exact = 1;
  b->count = 0;
  b->stats.approximate = 0;
}

void belief_free(Belief *b) {
  if (!b) return;
  forget(b);
  free(b->obs);
  free(b);
}

int belief_size(const Belief *b) { return b->n; }
const Position *belief_position(const Belief *b, int i) { return &b->set[i]; }
int belief_exact(const Belief *b) { return b->exact; }
double belief_count(const Belief *b) { return b->count; }
BeliefStats belief_stats(const Belief *b) { return b->stats; }

/* ---- observations -------------------------------------------------------- */

static void record_view(Obs *o, const Position *truth, int player) {
  const Variant *v = truth->v;
  memset(o->view, CELL_OFF, sizeof o->view);
  for (int sq = 0; sq < v->geo.nsq; sq++) {
    if (truth->board[sq] == CELL_OFF) continue;
    int sees = view_sees(truth, player, sq);
    o->view[sq] = sees ? truth->board[sq] : VIEW_HIDDEN;
    o->vattr[sq] = sees ? truth->attr[sq] : 0;
  }
  memcpy(o->hand, truth->hand[player], sizeof o->hand);
  memcpy(o->pocket, truth->pocket[player], sizeof o->pocket);
  o->side = truth->side;
  o->phase = truth->phase;
}

/* Does the player see in p what the observation recorded? */
static int view_matches(const Position *p, const Obs *o, int player) {
  const Variant *v = p->v;
  if (p->side != o->side || p->phase != o->phase) return 0;
  for (int sq = 0; sq < v->geo.nsq; sq++) {
    uint8_t want = o->view[sq];
    if (want == CELL_OFF) continue;
    int sees = view_sees(p, player, sq);
    if (sees != (want != VIEW_HIDDEN)) return 0;
    if (sees && (p->board[sq] != want || p->attr[sq] != o->vattr[sq])) return 0;
  }
  return !memcmp(p->hand[player], o->hand, sizeof o->hand) &&
         !memcmp(p->pocket[player], o->pocket, sizeof o->pocket);
}

/* The announcements to player made right after history entry i. */
static char *heard_after(const Game *g, int i, int player, int *next_msg) {
  int bit = player == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK;
  size_t n = 0;
  char buf[HEARD_MAX];
  buf[0] = '\0';
  while (*next_msg < g->nmsgs && g->msgs[*next_msg].index <= i) (*next_msg)++;
  for (; *next_msg < g->nmsgs && g->msgs[*next_msg].index == i + 1; (*next_msg)++) {
    const Message *m = &g->msgs[*next_msg];
    if ((m->audience & bit) && n < sizeof buf)
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%s: %s\n", m->type, m->text);
  }
  return strdup(buf);
}

/* Who decides the step at p: a player, or -1 for chance. */
static int decider(const Position *p) {
  const Phase *ph = &p->v->phase[p->phase];
  if (ph->owner == OWNER_CHANCE || ph->kind == PHASE_DRAW) return -1;
  return ph->owner == OWNER_OPPONENT ? p->side ^ 1 : p->side;
}

/* ---- advancing one candidate through one observation --------------------- */

/* Receives each consistent successor; returns nonzero to stop. */
typedef int (*Sink)(void *ctx, const Position *p);

static int heard_same(Belief *b, const BeliefOracle *o, const Position *before, Move m,
                      const char *text, const Obs *ob, char *err, size_t errlen) {
  int r;
  if (b->calls_left <= 0) { /* the observation's calls are spent: not shown consistent */
    b->cut = 1;
    return 0;
  }
  b->calls_left--;
  b->stats.oracle_calls++;
  r = text ? o->attempt(o->ctx, before, text, b->player, b->heard, sizeof b->heard)
           : o->step(o->ctx, before, m, b->player, b->heard, sizeof b->heard);
  if (r) {
    snprintf(err, errlen, "%s", b->heard);
    return -1;
  }
  return strcmp(b->heard, ob->heard) == 0;
}

/* Which tries some_try_matches looks through. */
enum { TRY_CONCEIVABLE = 1, TRY_PAIRS = 2, TRY_ALL = 3 };

/* A try the opponent could have made at p that the referee answers as the
** player heard: first the moves the opponent could conceive of that are
** not legal, then any pair of squares (those of `which`). */
static int some_try_matches(Belief *b, const BeliefOracle *o, Position *p, const Obs *ob, int which,
                            char *err, size_t errlen) {
  Move *list = malloc(sizeof *list * 2 * MAX_MOVES), *legal = list + MAX_MOVES;
  char (*names)[16] = malloc(sizeof *names * MAX_MOVES);
  char uci[48];
  const Geometry *geo = &p->v->geo;
  if (!list || !names) {
    free(list);
    free(names);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int n = which & TRY_CONCEIVABLE ? gen_conceivable(p, list) : 0, nl = gen_legal(p, legal), found = 0;
  for (int j = 0; j < nl; j++) move_to_uci_among(p, legal[j], legal, nl, names[j], sizeof names[j]);
  for (int i = 0; i < n && !found; i++) {
    int is_legal = 0;
    move_to_uci(p, list[i], uci, sizeof uci);
    for (int j = 0; j < nl && !is_legal; j++) is_legal = !strcmp(names[j], uci);
    if (!is_legal) found = heard_same(b, o, p, MOVE_NONE, uci, ob, err, errlen);
  }
  for (int f1 = 0; f1 < geo->files && !found && (which & TRY_PAIRS) && !b->cut; f1++)
    for (int r1 = 0; r1 < geo->ranks && !found; r1++)
      for (int f2 = 0; f2 < geo->files && !found; f2++)
        for (int r2 = 0; r2 < geo->ranks && !found; r2++) {
          char a[8], c[8];
          int is_legal = 0;
          board_square_name(geo, board_square(geo, f1, r1), a);
          board_square_name(geo, board_square(geo, f2, r2), c);
          snprintf(uci, sizeof uci, "%s%s", a, c);
          for (int j = 0; j < nl && !is_legal; j++) is_legal = !strcmp(names[j], uci);
          if (!is_legal) found = heard_same(b, o, p, MOVE_NONE, uci, ob, err, errlen);
        }
  free(list);
  free(names);
  return found;
}

/* Feeds sink each successor of p consistent with ob, in random order when
** rng is given. Returns 1 when the sink stopped, 0, or -1 with err. */
static int advance(Belief *b, const BeliefOracle *o, const Position *p0, const Obs *ob,
                   uint64_t *rng, Sink sink, void *ctx, char *err, size_t errlen) {
  Position *p = malloc(2 * sizeof *p), *next = p + 1;
  Move *list = malloc(sizeof *list * MAX_MOVES);
  char uci[48], why[8];
  int r = 0;
  if (!p || !list) {
    free(p);
    free(list);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  *p = *p0;
  switch (ob->kind) {
  case OBS_SKIP:
    r = sink(ctx, p) ? 1 : 0;
    break;
  case OBS_OWN_TRY:
    /* the try was refused, so it is no legal step here */
    if (parse_move(p, ob->text, why, sizeof why) != MOVE_NONE) break;
    r = heard_same(b, o, p, MOVE_NONE, ob->text, ob, err, errlen);
    if (r == 1) r = sink(ctx, p) ? 1 : 0;
    break;
  case OBS_OTHER_TRY:
    r = some_try_matches(b, o, p, ob, TRY_ALL, err, errlen);
    if (r == 1) r = sink(ctx, p) ? 1 : 0;
    break;
  case OBS_OWN_STEP:
  case OBS_OTHER_STEP: {
    int n = gen_legal(p, list);
    if (rng)
      for (int i = n - 1; i > 0; i--) {
        int j = (int)(splitmix_next(rng) % (uint64_t)(i + 1));
        Move t = list[i];
        list[i] = list[j];
        list[j] = t;
      }
    for (int i = 0; i < n && r == 0; i++) {
      Undo u;
      if (ob->kind == OBS_OWN_STEP) {
        move_to_uci(p, list[i], uci, sizeof uci);
        if (strcmp(uci, ob->text)) continue;
      }
      *next = *p;
      move_make(next, list[i], &u);
      if (!view_matches(next, ob, b->player)) continue;
      int same = heard_same(b, o, p, list[i], NULL, ob, err, errlen);
      if (same < 0) r = -1;
      else if (same && sink(ctx, next)) r = 1;
    }
    break;
  }
  }
  free(p);
  free(list);
  return r < 0 ? -1 : r;
}

/* ---- the exact set and the particles -------------------------------------- */

typedef struct Collect {
  Belief *b;
  KeySet seen;
  Position *kept;    /* every distinct successor while at most cap */
  int nkept, keptcap;
  Position *sample;  /* a uniform sample of the distinct successors */
  int nsample, want;
  long distinct, total;
  int oom;
} Collect;

static int collect(void *ctx, const Position *p) {
  Collect *c = ctx;
  c->total++;
  int fresh = keyset_add(&c->seen, identity(p));
  if (fresh < 0) c->oom = 1;
  if (fresh <= 0) return c->oom;
  c->distinct++;
  if (c->kept && c->nkept <= c->b->cap) {
    if (c->nkept == c->keptcap) {
      int cap = c->keptcap ? c->keptcap * 2 : 64;
      Position *k = realloc(c->kept, sizeof *k * (size_t)cap);
      if (!k) return c->oom = 1;
      c->kept = k;
      c->keptcap = cap;
    }
    c->kept[c->nkept++] = *p;
  }
  /* reservoir sampling over the distinct successors */
  if (c->nsample < c->want) c->sample[c->nsample++] = *p;
  else {
    long j = (long)(splitmix_next(&c->b->rng) % (uint64_t)c->distinct);
    if (j < c->want) c->sample[j] = *p;
  }
  return 0;
}

/* A random history from p through observations [j, end): depth first, the
** steps in random order, within *budget expansions. */
static int draw_history(Belief *b, const BeliefOracle *o, const Position *p, int j, int end,
                        Position *out, long *budget, char *err, size_t errlen);

typedef struct Deeper {
  Belief *b;
  const BeliefOracle *o;
  int j, end;
  Position *out;
  long *budget;
  char *err;
  size_t errlen;
  int status;
} Deeper;

static int go_deeper(void *ctx, const Position *p) {
  Deeper *d = ctx;
  if (*d->budget <= 0) return 1;
  int r = draw_history(d->b, d->o, p, d->j + 1, d->end, d->out, d->budget, d->err, d->errlen);
  if (r != 0) d->status = r;
  return r != 0;
}

static int draw_history(Belief *b, const BeliefOracle *o, const Position *p, int j, int end,
                        Position *out, long *budget, char *err, size_t errlen) {
  if (j == end) {
    *out = *p;
    return 1;
  }
  if (--*budget < 0) return 0;
  Deeper d = {b, o, j, end, out, budget, err, errlen, 0};
  if (advance(b, o, p, &b->obs[j], &b->rng, go_deeper, &d, err, errlen) < 0) return -1;
  return d.status;
}

/* Histories drawn from random members of start (consistent with the
** observations before at) through the rest, added to out. */
static int draw_from(Belief *b, const BeliefOracle *o, const Position *start, int nstart, int at,
                     Position *out, int *n, KeySet *seen, long budget, char *err, size_t errlen) {
  for (int tries = 0; *n < b->particles && budget > 0 && nstart && tries < 2 * b->particles;
       tries++) {
    const Position *from = &start[splitmix_next(&b->rng) % (uint64_t)nstart];
    int r = draw_history(b, o, from, at, b->nobs, &out[*n], &budget, err, errlen);
    if (r < 0) return -1;
    if (r == 1) {
      int fresh = keyset_add(seen, identity(&out[*n]));
      if (fresh < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
      *n += fresh;
    }
  }
  return 0;
}

/* Forgets an en passant square that an edit of the board has made
** stale: its pawn gone (or no longer the opponent's of the side to move),
** or the square it passed taken. An en passant capture of it is no step. */
static void clear_stale_ep(Position *p) {
  if (p->ep == SQ_NONE) return;
  int victim = p->ep_victim == SQ_NONE ? CELL_EMPTY : p->board[p->ep_victim];
  if (victim == CELL_EMPTY || victim == CELL_OFF || CELL_COLOUR(victim) == p->side ||
      p->board[p->ep] != CELL_EMPTY)
    pos_clear_ep(p);
}

/* One of the opponent's pieces in p moved to another square the player
** does not see, as the player saw the board after observation at - 1 (the
** jitter of a particle filter): positions near a particle that went wrong,
** to draw the latest observations from again. Returns 0 when none was
** found. A pawn does not go to its first or last rank; the side not to
** move is not left in check. */
static int perturb(Belief *b, const Position *p, int at, Position *out) {
  const Variant *v = p->v;
  const Geometry *geo = &v->geo;
  int them = b->player ^ 1;
  if (p->npieces[them] == 0) return 0;
  for (int tries = 0; tries < 16; tries++) {
    int from = p->plist[them][splitmix_next(&b->rng) % (uint64_t)p->npieces[them]];
    int to = (int)(splitmix_next(&b->rng) % (uint64_t)geo->nsq);
    uint8_t cell = p->board[from];
    int rank = board_rank(geo, to);
    Undo u;
    if (p->board[to] != CELL_EMPTY || view_sees(p, b->player, from)) continue;
    if (v->type[CELL_TYPE(cell)].pawn && (rank == 0 || rank == geo->ranks - 1)) continue;
    *out = *p;
    u.neffects = 0;
    if (pos_set_cell(out, from, CELL_EMPTY, 0, &u) ||
        pos_set_cell(out, to, cell, p->attr[from], &u))
      continue;
    clear_stale_ep(out); /* the piece moved may be the pawn, or stand where it passed */
    if (!v->royal_capture && royal_attacked(out, out->side ^ 1)) continue;
    if (at > 0 && !view_matches(out, &b->obs[at - 1], b->player)) continue;
    return 1;
  }
  return 0;
}

/* Histories drawn through observations [at, nobs) from positions near
** start (perturb), added to out within budget expansions. They agree with
** what the player saw since at, not necessarily before. */
static int draw_near(Belief *b, const BeliefOracle *o, const Position *start, int nstart, int at,
                     Position *out, int *n, KeySet *seen, long budget, char *err, size_t errlen) {
  Position *near = malloc(sizeof *near);
  if (!near) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (int tries = 0; *n < b->particles && budget > 0 && nstart && tries < 4 * b->particles;
       tries++) {
    if (!perturb(b, &start[splitmix_next(&b->rng) % (uint64_t)nstart], at, near)) continue;
    int r = draw_history(b, o, near, at, b->nobs, &out[*n], &budget, err, errlen);
    if (r < 0) {
      free(near);
      return -1;
    }
    if (r == 1) {
      int fresh = keyset_add(seen, identity(&out[*n]));
      if (fresh < 0) {
        free(near);
        snprintf(err, errlen, "out of memory");
        return -1;
      }
      *n += fresh;
    }
  }
  free(near);
  return 0;
}

/* More particles, added to those still held: histories drawn through the
** latest observations from the particles of 2, 4, 8 and 16 observations
** back, then from the last exact set through the whole backlog, each
** within a share of budget expansions; when too few are found, histories
** drawn from positions near the particles of 2, 4 and 8 observations back
** (which need not agree with what the player saw before them: the belief
** is then approximate). */
static int regenerate(Belief *b, const BeliefOracle *o, long budget, char *err, size_t errlen) {
  Position *out = malloc(sizeof *out * (size_t)b->particles);
  KeySet seen = {0};
  int n = 0, bad = 0;
  if (!out) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  b->stats.regenerations++;
  for (int i = 0; i < b->n && n < b->particles; i++)
    if (keyset_add(&seen, identity(&b->set[i])) == 1) out[n++] = b->set[i];
  for (int back = 2; back <= RING && n < b->particles / 2 && !bad; back *= 2) {
    int at = b->nobs - back, slot = at >= 0 ? at % RING : 0;
    if (at < b->anchor_at || !b->ring[slot] || b->ring_at[slot] != at) continue;
    bad = draw_from(b, o, b->ring[slot], b->ring_n[slot], at, out, &n, &seen, budget / 6, err,
                    errlen);
  }
  if (!bad && n < b->particles / 2)
    bad = draw_from(b, o, b->anchor, b->nanchor, b->anchor_at, out, &n, &seen, budget / 3, err,
                    errlen);
  int before = n;
  for (int back = 2; back <= 8 && n < b->particles / 2 && !bad; back *= 2) {
    int at = b->nobs - back, slot = at >= 0 ? at % RING : 0;
    if (at < b->anchor_at || !b->ring[slot] || b->ring_at[slot] != at) continue;
    bad = draw_near(b, o, b->ring[slot], b->ring_n[slot], at, out, &n, &seen, budget / 6, err,
                    errlen);
  }
  if (n > before) b->stats.approximate = 1;
  free(seen.slot);
  if (bad) {
    free(out);
    return -1;
  }
  free(b->set);
  b->set = out;
  b->n = n;

  return 0;
}

static int own_piece(const Position *p, int sq, int player) {
  uint8_t c = p->board[sq];
  return c != CELL_EMPTY && c != CELL_OFF && CELL_COLOUR(c) == player;
}

static int royal_on(const Position *p, int sq) {
  uint8_t c = p->board[sq];
  return c != CELL_EMPTY && c != CELL_OFF && p->v->type[CELL_TYPE(c)].royal;
}

/* p with the squares the player sees made as the observation saw them:
** the player's own pieces where the view has them and nowhere else, the
** opponent's pieces kept on the squares the player does not see. A
** position for the player to go on from once its belief holds nothing
** that even the view allows (its particles had the opponent's pieces
** elsewhere): the opponent's army as last believed, around the player's
** true one. Returns 0 when the result is no position the player could be
** in (a royal piece lost, the side not to move in check, another view). */
static int graft(Position *p, const Obs *ob, int player) {
  const Variant *v = p->v;
  int royal_before[2] = {p->royal[0], p->royal[1]};
  for (int sq = 0; sq < v->geo.nsq; sq++) {
    uint8_t want = ob->view[sq], have = p->board[sq];
    Undo u;
    u.neffects = 0;
    if (want == CELL_OFF) continue;
    if (want == VIEW_HIDDEN) {
      if (have != CELL_EMPTY && have != CELL_OFF && CELL_COLOUR(have) == player &&
          pos_set_cell(p, sq, CELL_EMPTY, 0, &u))
        return 0;
    } else if ((have != want || p->attr[sq] != ob->vattr[sq]) &&
               pos_set_cell(p, sq, want, ob->vattr[sq], &u)) {
      return 0;
    }
  }
  clear_stale_ep(p); /* the graft may have taken the pawn away */
  for (int c = 0; c < 2; c++)
    if (p->royal[c] == SQ_NONE && royal_before[c] != SQ_NONE) return 0;
  if (!v->royal_capture && royal_attacked(p, p->side ^ 1)) return 0;
  return view_matches(p, ob, player);
}

/* The successors of p that the player's view allows, whatever the referee
** said: the last resort when no position consistent with every
** observation can be found. The player's own step is made even where p
** would not allow it (a piece in the way that the truth does not have).
** When grafting, each successor is made to agree with the view (graft)
** instead of being dropped when it does not; p0 itself is grafted when it
** is already at the observation's turn (an older set carried forward). */
static void relaxed(Belief *b, const Position *p0, const Obs *ob, Collect *c, int grafting) {
  Position *p = malloc(2 * sizeof *p), *next = p + 1;
  Move *list = malloc(sizeof *list * MAX_MOVES);
  char uci[48];
  if (!p || !list) {
    free(p);
    free(list);
    c->oom = 1;
    return;
  }
  *p = *p0;
  if (grafting && p->side == ob->side && p->phase == ob->phase) {
    if (graft(p, ob, b->player)) collect(c, p);
  } else if (ob->kind == OBS_OWN_STEP || ob->kind == OBS_OTHER_STEP) {
    int n = gen_legal(p, list), made = 0;
    for (int i = 0; i < n; i++) {
      Undo u;
      if (ob->kind == OBS_OWN_STEP) {
        move_to_uci(p, list[i], uci, sizeof uci);
        if (strcmp(uci, ob->text)) continue;
      }
      *next = *p;
      move_make(next, list[i], &u);
      made = 1;
      if (grafting ? graft(next, ob, b->player) : view_matches(next, ob, b->player))
        collect(c, next);
    }
    int flag = MOVE_FLAG(ob->move);
    if (ob->kind == OBS_OWN_STEP && !made &&
        (flag == MF_NORMAL || flag == MF_DOUBLE || flag == MF_PROMO) &&
        own_piece(p, MOVE_FROM(ob->move), b->player) && !royal_on(p, MOVE_TO(ob->move))) {
      Undo u;
      *next = *p;
      move_make(next, ob->move, &u);
      if (grafting ? graft(next, ob, b->player) : view_matches(next, ob, b->player))
        collect(c, next);
    }
  } else if (!grafting || graft(p, ob, b->player)) {
    collect(c, p);
  }
  free(p);
  free(list);
}

/* The exact set, no longer exact: the positions before observation j are
** the anchor, and set (n of them, all consistent) the particles; count is
** the estimate. */
static void turn_to_sampling(Belief *b, int j, Position *set, int n, double count) {
  free(b->anchor);
  b->anchor = b->set;
  b->nanchor = b->n;
  b->anchor_at = j;
  b->set = set;
  b->n = n;
  b->exact = 0;
  b->count = count;
}

/* An opponent's try the player heard of, taken into an exact set: first
** the tries each candidate's opponent could conceive of (a few dozen
** referee calls a candidate), then, for the candidates none of those
** explains, every pair of squares (thousands of calls each), in random
** order, while the observation's calls last. Candidates left unchecked
** when they are spent end the exact set: the particles are then those
** shown consistent, and the count an estimate. */
static int exact_try_update(Belief *b, const BeliefOracle *o, int j, char *err, size_t errlen) {
  const Obs *ob = &b->obs[j];
  int n = b->n, nkept = 0, nunknown = 0, checked = 0, matched = 0;
  signed char *state = malloc((size_t)n + 1); /* 1 consistent, -1 not, 0 not known */
  int *unknown = malloc(sizeof *unknown * ((size_t)n + 1));
  Position *kept = malloc(sizeof *kept * ((size_t)n + 1));
  if (!state || !unknown || !kept) {
    free(state), free(unknown), free(kept);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int bad = 0;
  for (int i = 0; i < n && !bad; i++) {
    int r = b->cut ? 0 : some_try_matches(b, o, &b->set[i], ob, TRY_CONCEIVABLE, err, errlen);
    bad = r < 0;
    state[i] = r == 1 ? 1 : 0;
    if (r == 0) unknown[nunknown++] = i;
  }
  for (int i = nunknown - 1; i > 0 && !bad; i--) { /* those checked are a uniform sample */
    int k = (int)(splitmix_next(&b->rng) % (uint64_t)(i + 1)), t = unknown[i];
    unknown[i] = unknown[k];
    unknown[k] = t;
  }
  for (int i = 0; i < nunknown && !bad && !b->cut; i++) {
    int r = some_try_matches(b, o, &b->set[unknown[i]], ob, TRY_ALL, err, errlen);
    bad = r < 0;
    if (b->cut || bad) break; /* cut short: not known */
    state[unknown[i]] = r == 1 ? 1 : -1;
    checked++;
    matched += r == 1;
  }
  if (bad) {
    free(state), free(unknown), free(kept);
    return -1;
  }
  int unresolved = 0;
  for (int i = 0; i < n; i++) {
    if (state[i] == 1) kept[nkept++] = b->set[i];
    unresolved += state[i] == 0;
  }
  free(state);
  free(unknown);
  if (!unresolved) { /* still exact */
    free(b->set);
    b->set = kept;
    b->n = nkept;
    b->count = nkept;
    return 0;
  }
  /* the unchecked explained at the rate of those checked (none checked:
  ** all of them, the most there may be) */
  double count = nkept + (checked ? (double)matched / checked : 1.0) * unresolved;
  if (!nkept) { /* none shown consistent yet: the unchecked, unsure */
    for (int i = 0, k = 0; i < n && k < b->particles; i++) kept[k++] = b->set[i], nkept = k;
    b->stats.approximate = 1;
  }
  turn_to_sampling(b, j, kept, nkept, count);
  return 0;
}

/* Takes observation j (the last one recorded) into account, within
** BELIEF_OBSERVATION_CALLS referee calls. */
static int update(Belief *b, const BeliefOracle *o, int j, char *err, size_t errlen) {
  b->calls_left = BELIEF_OBSERVATION_CALLS;
  b->cut = 0;
  if (b->exact && b->obs[j].kind == OBS_OTHER_TRY) return exact_try_update(b, o, j, err, errlen);
  Collect c = {.b = b, .want = b->particles};
  c.sample = malloc(sizeof *c.sample * (size_t)b->particles);
  if (b->exact) {
    c.kept = malloc(sizeof *c.kept * 64);
    c.keptcap = 64;
  }
  if (!c.sample || (b->exact && !c.kept)) {
    free(c.sample);
    free(c.kept);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int done = 0; /* candidates taken through the observation whole */
  for (int i = 0; i < b->n && !b->cut; i++, done += !b->cut)
    if (advance(b, o, &b->set[i], &b->obs[j], NULL, collect, &c, err, errlen) < 0 || c.oom) {
      if (c.oom) snprintf(err, errlen, "out of memory");
      free(c.sample);
      free(c.kept);
      free(c.seen.slot);
      return -1;
    }
  free(c.seen.slot);
  if (b->exact && b->cut) { /* the calls ran out: the successors found are a sample */
    free(c.kept);
    turn_to_sampling(b, j, c.sample, c.nsample, done ? (double)c.distinct * b->n / done : (double)c.distinct);
    if (!b->n) b->stats.approximate = 1; /* nothing shown consistent: the view alone, below */
    return 0;
  }
  if (b->exact && c.nkept <= b->cap) { /* still exact */
    free(c.sample);
    free(b->set);
    b->set = c.kept;
    b->n = c.nkept;
    b->count = c.nkept;
    return 0;
  }
  if (b->exact) { /* too many: the set before this observation is the anchor */
    free(c.kept);
    turn_to_sampling(b, j, c.sample, c.nsample, (double)c.distinct);
    return 0;
  }
  /* sampling: the particles' consistent successors, and the branching
  ** they show as the estimate's factor */
  if (b->n && c.total) b->count *= (double)c.total / b->n;
  int slot = j % RING; /* the particles before observation j */
  free(b->ring[slot]);
  b->ring[slot] = b->set;
  b->ring_n[slot] = b->n;
  b->ring_at[slot] = j;
  b->set = c.sample;
  b->n = c.nsample;
  /* Few particles left: more are drawn from the backlog (many expansions
  ** when none is left, a few otherwise; once approximate, a few). */
  if (b->n < b->particles / 2) {
    long budget = b->n ? REGEN_BUDGET / 10 : REGEN_BUDGET;
    if (regenerate(b, o, budget, err, errlen)) return -1;
    if (b->count < b->n) b->count = b->n;
  }
  if (b->n == 0) { /* nothing consistent found: carried on the view alone */
    Collect r = {.b = b, .want = b->particles};
    r.sample = malloc(sizeof *r.sample * (size_t)b->particles);
    if (!r.sample) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    for (int i = 0; i < b->ring_n[slot] && !r.oom; i++)
      relaxed(b, &b->ring[slot][i], &b->obs[j], &r, 0);
    /* Not even the view allows one: the opponent's pieces as last
    ** believed, around the player's own as they truly stand. Without it
    ** an empty belief would stay empty for the rest of the game. */
    for (int i = 0; r.nsample == 0 && i < b->ring_n[slot] && !r.oom; i++)
      relaxed(b, &b->ring[slot][i], &b->obs[j], &r, 1);
    for (int i = 0; r.nsample == 0 && i < b->nlast && !r.oom; i++)
      relaxed(b, &b->last[i], &b->obs[j], &r, 1);
    free(r.seen.slot);
    if (r.oom) {
      free(r.sample);
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    free(b->set);
    b->set = r.sample;
    b->n = r.nsample;
    b->stats.approximate = 1;
  }
  if (b->n) { /* the newest positions held, for a belief that empties */
    Position *last = realloc(b->last, sizeof *last * (size_t)b->n);
    if (!last) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    memcpy(last, b->set, sizeof *last * (size_t)b->n);
    b->last = last;
    b->nlast = b->n;
  }
  return 0;
}

/* ---- synchronising with the game ------------------------------------------ */

static int add_obs(Belief *b, Obs **out) {
  if (b->nobs == b->obscap) {
    int cap = b->obscap ? b->obscap * 2 : 64;
    Obs *o = realloc(b->obs, sizeof *o * (size_t)cap);
    if (!o) return -1;
    b->obs = o;
    b->obscap = cap;
  }
  *out = &b->obs[b->nobs];
  memset(*out, 0, sizeof **out);
  return 0;
}

/* Does what b has seen still stand at the start of g's history? */
static int same_prefix(const Belief *b, const Game *g, int upto) {
  if (b->nobs > upto) return 0;
  for (int i = 0; i < b->nobs; i++) {
    if (g->moves[i] != b->obs[i].move) return 0;
    const char *t = game_entry_text(g, i);
    if (IS_GAME_ACTION(g->moves[i]) && t && strcmp(t, b->obs[i].text)) return 0;
  }
  return 1;
}

int belief_sync(Belief *b, Game *g, const BeliefOracle *o, char *err, size_t errlen) {
  const Variant *v = g->v;
  int upto = g->n;
  if (upto && game_result(g).over) upto--; /* the game is over: nothing to decide */
  if (b->dirty || !same_prefix(b, g, upto) || strcmp(b->start, g->start_fen)) forget(b);
  b->dirty = 0;
  snprintf(b->start, sizeof b->start, "%s", g->start_fen);
  if (!b->set && !b->anchor) {
    b->set = malloc(sizeof *b->set);
    if (!b->set || rules_set_fen(b->set, v, g->start_fen, err, errlen)) return -1;
    b->n = 1;
    b->count = 1;
  }
  if (b->nobs == upto) return 0;
  /* The truth, read only through the view: each position taken back from
  ** the game's (game_position_before), never made again, so that it is the
  ** game played whatever the hooks would answer now. */
  Position *truth = malloc(sizeof *truth);
  if (!truth) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int next_msg = 0;
  for (int i = 0; i < upto; i++) {
    Move m = g->moves[i];
    Obs *ob = NULL;
    int recording = i >= b->nobs;
    if (recording && add_obs(b, &ob)) {
      free(truth);
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    if (!recording) continue;
    game_position_before(g, i, truth);
    ob->move = m;
    ob->kind = OBS_SKIP;
    if (IS_GAME_ACTION(m)) {
      if (MOVE_PROMO(m) == ACT_TRY && game_entry_text(g, i)) {
        snprintf(ob->text, sizeof ob->text, "%s", game_entry_text(g, i));
        ob->kind = truth->side == b->player ? OBS_OWN_TRY : OBS_OTHER_TRY;
      }
    } else {
      int who = decider(truth);
      move_to_uci(truth, m, ob->text, sizeof ob->text);
      ob->kind = who == b->player ? OBS_OWN_STEP : OBS_OTHER_STEP;
      game_position_before(g, i + 1, truth);
    }
    ob->heard = heard_after(g, i, b->player, &next_msg);
    record_view(ob, truth, b->player);
    if (!ob->heard) {
      free(truth);
      b->dirty = 1;
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    /* an unseen try the player was told nothing of is no observation */
    if (ob->kind == OBS_OTHER_TRY && !ob->heard[0]) ob->kind = OBS_SKIP;
    b->nobs++;
    b->dirty = 1; /* until the update is done (an error may leave it half done) */
    if (update(b, o, b->nobs - 1, err, errlen)) {
      free(truth);
      return -1;
    }
    b->dirty = 0;
  }
  free(truth);
  return 0;
}
