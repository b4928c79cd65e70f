/*
** search.c - alpha-beta over steps.
**
** Each node belongs to whoever decides its step: the side to move, the
** opponent (a "choose" step), or chance (a draw step, whose value is the
** average over the cards, weighted by their number). Scores are from the
** decider's point of view and change sign only when the decider changes,
** so that a turn of several steps by one player (a move, then a relocation) is searched
** as one player's plan. The transposition table keys on the position's
** hash, which covers the step of the turn.
**
** Below the nominal depth a quiescence search plays on the captures and
** promotions of a move step (every move when in check), so that a
** position is not judged in the middle of an exchange; a step of another
** kind there (a relocation, a choice, a card) is judged as it stands.
** Off the principal line, nodes are cut by a pass that still holds beta
** (null move, only where a pass is harmless to assume) or by a static
** score far above beta near the leaves, and quiet moves near the leaves
** that cannot reach alpha are not searched. Captures that lose material
** once the exchange on their square is played out (a static exchange
** evaluation) are tried last, and not in the quiescence search.
**
** More than one thread (lazy SMP): helper threads search the same root,
** each on its own copy of the position with its own stacks, killers and
** history, and share only the transposition table, whose entries are
** written and read word by word (relaxed atomics) with a check word, the
** key xor the others, so that an entry torn by two writers is not taken
** for a hit. The helpers begin their iterations at staggered depths and
** are stopped when the main thread, whose answer is the search's, ends.
** A variant whose rules are Lua hooks is searched by one thread: its Lua
** state must never be entered by two.
** The evaluation is eval.c's, built once per variant.
*/
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "hidden.h"
#include "rules.h"
#include "search.h"

/* The deepest step of any line: the nominal depth, the check extensions
** and the quiescence search together. */
#define PLY_LIMIT 128
/* Steps of quiescence search below the nominal depth. */
#define QUIESCENCE_LIMIT 10
#define INF (SCORE_MATE + 1)

/* An entry as three words, each read and written whole, so that threads
** may share the table without a lock: data holds the move (low half) and
** the score (high half); meta the depth (bits 0-15), the bound (16-23)
** and the search that wrote it (24-31, for hashfull); check the key xor
** the two, so that an entry half written by one thread and half by
** another, or a key that was never stored, does not read as a hit. */
typedef struct TTEntry {
  uint64_t check, data, meta;
} TTEntry;

/* What the table holds for a position. */
typedef struct TTHit {
  Move move;
  int score, depth, bound;
} TTHit;

enum { BOUND_NONE = 0, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };


/* Each ply's move list and order, on the heap: a line may be long, and a
** list holds up to MAX_MOVES steps. */
typedef struct PlyData {
  Move list[MAX_MOVES];
  int score[MAX_MOVES];
} PlyData;

struct Searcher {
  TTEntry *tt;                     /* a helper's is its main searcher's */
  size_t tt_mask;
  uint8_t gen;
  uint64_t nodes;
  /* threads: a main searcher's helpers (nthreads - 1 of them); a helper's
  ** index (0 for the main searcher), the flag that stops it, and its
  ** nodes as published for the main searcher to count */
  int nthreads, active;            /* helpers + 1; those of this search + 1 */
  Searcher *helper[SEARCH_MAX_THREADS - 1];
  int index;
  int *halt;
  int halt_helpers;                /* the main searcher's: set when it ends */
  uint64_t published;              /* read by another thread: atomics only */
  uint64_t helper_nodes;           /* the helpers' nodes, last counted */
  Position root;                   /* a helper's copy of the position */
  SearchLimits own;                /* a helper's limits */
  pthread_t thread;
  int running;                     /* the thread was started */
  const SearchLimits *limits;
  double start, deadline, soft_deadline;
  int pondered; /* pondering when the search began, the clock not yet started */
  int aborted;
  int seldepth, root_depth;
  Move excluded[SEARCH_MAX_LINES]; /* root moves of the lines already found */
  int nexcluded;
  uint64_t path[PLY_LIMIT];        /* the keys of the line being searched */
  uint8_t null_at[PLY_LIMIT];      /* a pass was searched at this ply */
  uint8_t checked[PLY_LIMIT];      /* the side to move at this ply was in check
                                      (kept where perpetual check is scored:
                                      repetition_score) */
  uint8_t no_null[PLY_LIMIT];      /* no pass at this ply (a verification) */
  int root_score;                  /* the score of pv[0][0], this iteration */
  Move killer[PLY_LIMIT][2];
  int history[2][MAX_TYPES][1024]; /* by decider, moving type, destination */
  int pv_len[PLY_LIMIT];
  Move pv[PLY_LIMIT][PLY_LIMIT];
  PlyData *ply;                    /* PLY_LIMIT of them */
  EvalTables eval;
  /* eval_build's scratch: each searcher its own, so that searchers in
  ** different threads never share it */
  int reach[2][MAX_TYPES][MAX_SQUARES];
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the table ------------------------------------------------------- */

static TTEntry *table_new(int megabytes, size_t *mask) {
  size_t n = 1;
  if (megabytes < 1) megabytes = 1;
  while (n * 2 * sizeof(TTEntry) <= (size_t)megabytes << 20) n *= 2;
  TTEntry *tt = calloc(n, sizeof(TTEntry));
  if (tt) *mask = n - 1;
  return tt;
}

void search_clock(SearchLimits *lim, double clock, int togo, double inc) {
  double share = clock / (togo > 0 ? togo : 30) + inc / 2;
  double hard = share * 2, soft = share * 0.6;
  if (hard > clock / 2) hard = clock / 2;
  if (soft > hard) soft = hard;
  if (!(hard > 0)) { /* no time: the first iteration's answer, at once */
    lim->depth = 1;
    lim->seconds = lim->soft_seconds = 0;
    return;
  }
  lim->seconds = hard;
  lim->soft_seconds = soft;
}

/* A searcher of its own table (tt_megabytes), or a helper of main's. */
static Searcher *searcher_new(int tt_megabytes, const Searcher *main) {
  Searcher *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->nthreads = 1;
  if (main) {
    s->tt = main->tt;
    s->tt_mask = main->tt_mask;
  } else s->tt = table_new(tt_megabytes, &s->tt_mask);
  s->ply = calloc(PLY_LIMIT, sizeof *s->ply);
  if (!s->tt || !s->ply) {
    if (main) s->tt = NULL;
    search_free(s);
    return NULL;
  }
  return s;
}

Searcher *search_new(int tt_megabytes) {
  return searcher_new(tt_megabytes, NULL);
}

int search_resize(Searcher *s, int megabytes) {
  size_t mask;
  TTEntry *tt = table_new(megabytes, &mask);
  if (!tt) return -1;
  free(s->tt);
  s->tt = tt;
  s->tt_mask = mask;
  for (int i = 0; i < s->nthreads - 1; i++) s->helper[i]->tt = tt, s->helper[i]->tt_mask = mask;
  return 0;
}

int search_set_threads(Searcher *s, int n) {
  if (n < 1) n = 1;
  if (n > SEARCH_MAX_THREADS) n = SEARCH_MAX_THREADS;
  int have = s->nthreads;
  for (int i = have - 1; i < n - 1; i++) {
    Searcher *h = searcher_new(0, s);
    if (!h) {
      for (int j = have - 1; j < i; j++) {
        s->helper[j]->tt = NULL;
        search_free(s->helper[j]);
      }
      return -1;
    }
    h->index = i + 1;
    h->halt = &s->halt_helpers;
    s->helper[i] = h;
  }
  for (int i = n - 1; i < have - 1; i++) {
    s->helper[i]->tt = NULL; /* main's */
    search_free(s->helper[i]);
  }
  s->nthreads = n;
  return 0;
}

int search_threads(const Searcher *s) {
  return s->nthreads;
}

void search_clear(Searcher *s) {
  memset(s->tt, 0, sizeof *s->tt * (s->tt_mask + 1));
  for (int i = 0; i < s->nthreads; i++) {
    Searcher *t = i ? s->helper[i - 1] : s;
    memset(t->history, 0, sizeof t->history);
    memset(t->killer, 0, sizeof t->killer);
  }
}

void search_free(Searcher *s) {
  if (!s) return;
  for (int i = 0; i < s->nthreads - 1; i++) {
    s->helper[i]->tt = NULL; /* main's */
    search_free(s->helper[i]);
  }
  free(s->tt);
  free(s->ply);
  free(s);
}

/* Mate scores are stored as distances from the node, read back as
** distances from the root. */
static int to_table(int score, int ply) {
  return score > SCORE_MATE_BOUND ? score + ply : score < -SCORE_MATE_BOUND ? score - ply : score;
}
static int from_table(int score, int ply) {
  return score > SCORE_MATE_BOUND ? score - ply : score < -SCORE_MATE_BOUND ? score + ply : score;
}

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

static void table_store(Searcher *s, uint64_t key, Move m, int score, int depth, int bound) {
  TTEntry *e = &s->tt[key & s->tt_mask];
  uint64_t data = (uint64_t)m | (uint64_t)(uint32_t)score << 32;
  uint64_t meta = (uint64_t)(uint16_t)depth | (uint64_t)bound << 16 | (uint64_t)s->gen << 24;
  STORE(e->data, data);
  STORE(e->meta, meta);
  STORE(e->check, key ^ data ^ meta);
}

/* Returns 1, with what the table holds for key in *h, or 0. */
static int table_probe(const Searcher *s, uint64_t key, TTHit *h) {
  TTEntry *e = &s->tt[key & s->tt_mask];
  uint64_t data = LOAD(e->data), meta = LOAD(e->meta), check = LOAD(e->check);
  h->bound = (int)(meta >> 16 & 0xff);
  if ((check ^ data ^ meta) != key || h->bound == BOUND_NONE) return 0;
  h->move = (Move)(uint32_t)data;
  h->score = (int32_t)(uint32_t)(data >> 32);
  h->depth = (int16_t)(uint16_t)meta;
  return 1;
}

static int hashfull(const Searcher *s) {
  size_t n = s->tt_mask + 1 < 1000 ? s->tt_mask + 1 : 1000, used = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t meta = LOAD(s->tt[i].meta);
    used += (meta >> 16 & 0xff) != BOUND_NONE && (uint8_t)(meta >> 24) == s->gen;
  }
  return (int)(used * 1000 / n);
}

static const EvalTables *tables(Searcher *s, const Variant *v) {
  EvalTables *e = &s->eval;
  if (!eval_made_for(e, v)) eval_build(e, s->reach, v);
  return e;
}

int search_piece_value(Searcher *s, const Variant *v, int t) {
  return t >= 0 && t < v->ntypes ? tables(s, v)->value[t] : 0;
}

const EvalTables *search_eval_tables(Searcher *s, const Variant *v) { return tables(s, v); }

/* ---- the evaluation --------------------------------------------------- */

/* Who decides the step at p: 0 White, 1 Black, 2 chance. */
static int decider(const Position *p) {
  const Phase *ph = &p->v->phase[p->phase];
  if (ph->owner == OWNER_CHANCE) return 2;
  return ph->owner == OWNER_OPPONENT ? p->side ^ 1 : p->side;
}

#define TEMPO 10 /* the side to move */

static int evaluate(Searcher *s, const Position *p, int who) {
  int w = eval_white(&s->eval, p); /* made for p's variant by search_best */
  return (who == BLACK ? -w : w) + (who == p->side ? TEMPO : -TEMPO);
}

/* ---- ordering ---------------------------------------------------------- */

/* The type that a capture by m takes, or -1. */
static int victim(const Position *p, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_EP) return p->ep_victim != SQ_NONE ? CELL_TYPE(p->board[p->ep_victim]) : 0;
  if (flag != MF_NORMAL && flag != MF_PROMO && flag != MF_GATE) return -1;
  if (MOVE_FROM(m) == MOVE_TO(m)) return -1; /* a promotion where it stands */
  uint8_t cell = p->board[MOVE_TO(m)];
  return p->v->enemy[p->side][cell] ? CELL_TYPE(cell) : -1;
}

/* The type of the piece m moves or puts down (for history). */
static int mover(const Position *p, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_DROP || flag == MF_PLACE) return (MOVE_PROMO(m) - 1) & 31;
  if (flag == MF_TARGET || flag == MF_CARD || flag == MF_DRAW || flag == MF_PASS) return 0;
  uint8_t cell = p->board[MOVE_FROM(m)];
  return cell != CELL_EMPTY && cell != CELL_OFF ? CELL_TYPE(cell) : 0;
}

/* What m gains at once: the victim and the promotion. */
static int gain(const Position *p, const EvalTables *e, Move m, int *tactical) {
  int t = victim(p, m), g = 0;
  *tactical = 0;
  if (t >= 0) {
    g += p->v->type[t].royal ? SCORE_MATE / 2 : e->value[t];
    *tactical = 1;
  }
  if (MOVE_FLAG(m) == MF_PROMO) {
    int to = MOVE_PROMO(m) - 1;
    if (to >= 0 && to < p->v->ntypes) g += e->value[to] - e->value[mover(p, m)];
    *tactical = 1;
  }
  return g;
}

/* What a royal piece weighs in an exchange: more than anything it could
** take, so that it captures only as the last piece. */
#define SEE_ROYAL (SCORE_MATE / 8)

/* The least valuable piece of colour side attacking sq, its square (and
** its worth in *worth), or -1. */
static int cheapest_attacker(const Position *p, const EvalTables *e, int sq, int side, int *worth) {
  int best = -1;
  for (int i = 0; i < p->npieces[side]; i++) {
    int f = p->plist[side][i];
    uint8_t c = p->board[f];
    if (f == sq || c == CELL_EMPTY || c == CELL_OFF || CELL_COLOUR(c) != side) continue; /* taken off */
    int t = CELL_TYPE(c), w = p->v->type[t].royal ? SEE_ROYAL : e->value[t];
    if ((best < 0 || w < *worth) && piece_attacks(p, f, sq)) best = f, *worth = w;
  }
  return best;
}

/* Static exchange evaluation of capture m, worth g at once, the piece
** left standing on the square worth worth: the exchange on that square
** played out, each side taking back with its least valuable attacker and
** free to stop when going on would lose (pins, and what a capture lets
** through to another square, are not seen). The board is changed as the
** exchange goes (pieces lifted, x-rays opened) and put back before
** returning: p is as it was. */
static int exchange(Position *p, const EvalTables *e, Move m, int g, int worth) {
  enum { SWAP_MAX = 32 };
  int to = MOVE_TO(m), from = MOVE_FROM(m), side = p->side ^ 1, d = 0, nlifted = 0;
  int swap[SWAP_MAX], lifted[SWAP_MAX];
  uint8_t cell[SWAP_MAX], at_from = p->board[from], at_to = p->board[to];
  swap[0] = g;
  p->board[from] = CELL_EMPTY;
  p->board[to] = at_from;
  while (d < SWAP_MAX - 1) {
    int w = 0, f = cheapest_attacker(p, e, to, side, &w);
    if (f < 0) break;
    d++;
    swap[d] = worth - swap[d - 1]; /* what side's capture gains, the rest after it */
    if (-swap[d - 1] > swap[d] && swap[d] < 0) break; /* side stops here either way */
    worth = w;
    lifted[nlifted] = f, cell[nlifted++] = p->board[f];
    p->board[to] = p->board[f];
    p->board[f] = CELL_EMPTY;
    side ^= 1;
  }
  while (nlifted--) p->board[lifted[nlifted]] = cell[nlifted];
  p->board[to] = at_to;
  p->board[from] = at_from;
  for (; d > 0; d--)
    if (-swap[d] < swap[d - 1]) swap[d - 1] = -swap[d];
  return swap[0];
}

/* Does capture m, worth g at once, lose material once the exchange on its
** square is played out (exchange above)? Only asked where the capturer is
** worth more than what it takes, and played out only where the opponent
** attacks the square. Such captures are searched last, and not at all in
** the quiescence search. */
static int losing_capture(const Position *p, const EvalTables *e, Move m, int g) {
  const Variant *v = p->v;
  int flag = MOVE_FLAG(m);
  if (flag != MF_NORMAL && flag != MF_PROMO) return 0;
  if (victim(p, m) < 0 || v->blast_radius) return 0; /* a blast takes the capturer anyway */
  int t = mover(p, m), worth = e->value[t];
  if (v->type[t].royal || g > SCORE_MATE / 4) return 0;
  if (flag == MF_PROMO && MOVE_PROMO(m) >= 1 && MOVE_PROMO(m) <= v->ntypes) worth = e->value[MOVE_PROMO(m) - 1];
  if (g >= worth || !attacked(p, MOVE_TO(m), p->side ^ 1)) return 0;
  /* the search's position, put back as it was */
  return exchange((Position *)p, e, m, g, worth) < 0;
}

#define ORDER_HINT (1 << 30)
#define ORDER_CAPTURE (1 << 26)
#define ORDER_KILLER (1 << 25)
#define ORDER_LOSING (-(1 << 25)) /* below every quiet move */

/* Scores the moves for the order of search: the table's move, captures
** (most valuable victim, least valuable attacker) and promotions, the
** killers of this ply, the rest by history, and last the captures that
** seem to lose material. */
static void score_moves(Searcher *s, const Position *p, PlyData *d, int n, Move hint, const Move *killer,
                        int who) {
  const EvalTables *e = &s->eval;
  for (int i = 0; i < n; i++) {
    Move m = d->list[i];
    int tactical, g = gain(p, e, m, &tactical), sc;
    if (m == hint) sc = ORDER_HINT;
    else if (tactical && losing_capture(p, e, m, g)) sc = ORDER_LOSING + g - e->value[mover(p, m)];
    else if (tactical) {
      if (g > SCORE_MATE / 4) g = SCORE_MATE / 4;
      sc = ORDER_CAPTURE + g * 16 - e->value[mover(p, m)] / 16;
    } else if (killer && m == killer[0]) sc = ORDER_KILLER + 1;
    else if (killer && m == killer[1]) sc = ORDER_KILLER;
    else sc = s->history[who & 1][mover(p, m)][MOVE_TO(m)];
    d->score[i] = sc;
  }
}

/* The best of the moves from i on, brought to i (selection: a cut-off
** usually comes early, and the rest need not be sorted). */
static void pick(PlyData *d, int i, int n) {
  int best = i;
  for (int j = i + 1; j < n; j++)
    if (d->score[j] > d->score[best]) best = j;
  if (best != i) {
    Move m = d->list[i];
    int sc = d->score[i];
    d->list[i] = d->list[best], d->score[i] = d->score[best];
    d->list[best] = m, d->score[best] = sc;
  }
}

void search_order(Searcher *s, Position *p, Move *list, int n) {
  PlyData *d = &s->ply[0];
  tables(s, p->v);
  if (n > MAX_MOVES) n = MAX_MOVES;
  memcpy(d->list, list, sizeof *list * (size_t)n);
  score_moves(s, p, d, n, MOVE_NONE, NULL, decider(p));
  for (int i = 0; i < n; i++) pick(d, i, n);
  memcpy(list, d->list, sizeof *list * (size_t)n);
}

/* ---- the search --------------------------------------------------------- */

/* The nodes the helpers have published (each every 256 nodes). */
static uint64_t helpers_nodes(const Searcher *s) {
  uint64_t n = 0;
  for (int i = 0; i < s->active - 1; i++) n += LOAD(s->helper[i]->published);
  return n;
}

static int out_of_time(Searcher *s) {
  const SearchLimits *l = s->limits;
  if (s->aborted) return 1;
  if (s->index) { /* a helper: until the main thread ends */
    if ((s->nodes & 255) == 0) {
      STORE(s->published, s->nodes);
      if (LOAD(*s->halt)) s->aborted = 1;
    }
    return s->aborted;
  }
  if (l->nodes && s->nodes + s->helper_nodes >= l->nodes) return s->aborted = 1;
  if ((s->nodes & 255) == 0) { /* a few hundred microseconds apart */
    if (s->active > 1) s->helper_nodes = helpers_nodes(s);
    if (l->poll) l->poll(l->poll_ctx);
    /* another thread may set it (CECP's reader): read as an atomic */
    if (l->stop && __atomic_load_n(l->stop, __ATOMIC_RELAXED)) return s->aborted = 1;
    if (s->pondered) {
      if (*l->pondering) return 0; /* no clock while pondering */
      /* the expected move was played: the clock starts now */
      s->pondered = 0;
      double t = now();
      s->deadline = t + (l->seconds >= 0 ? l->seconds : 0);
      s->soft_deadline = t + l->soft_seconds;
    }
    /* the first iteration always ends: an answer of one step searched */
    if (!(l->seconds == 0) && s->root_depth > 1 && now() > s->deadline) s->aborted = 1;
  }
  return s->aborted;
}

/* A result's score at ply for the side it is given to: a win or a loss
** there as a mate there, sooner being better. */
static int result_score(int res, int ply) {
  return res == RESULT_WIN ? SCORE_MATE - ply : res == RESULT_LOSS ? -SCORE_MATE + ply : 0;
}

/* The value of a position with no moves for the decider, by the rules. */
static int terminal_score(const Position *p, int ply) {
  const Variant *v = p->v;
  int result, res, mover = p->side;
  if (v->has_terminal && pos_terminal(p, &result)) res = result;
  else if (!v->royal_capture && royal_attacked((Position *)p, mover)) res = checkmate_result(p);
  else res = v->stalemate;
  int score = result_score(result_for(p, mover, res), ply);
  return decider(p) == mover ? score : -score;
}

/* Has the position at ply been seen before? The ply of the line where it
** was, REPEATED_IN_GAME + i where it was the game's position i before the
** search began (SearchLimits.history), -1 where never. */
#define REPEATED_IN_GAME PLY_LIMIT
static int repeated(const Searcher *s, uint64_t key, int ply) {
  for (int i = ply - 1; i >= 0; i--)
    if (s->path[i] == key) return i;
  const SearchLimits *l = s->limits;
  for (int i = l->nhistory - 1; i >= 0 && i >= l->nhistory - 100; i--)
    if (l->history[i] == key) return REPEATED_IN_GAME + i;
  return -1;
}

/* The value, for the side to move at ply, of its position repeated from
** `at` (repeated()'s answer): a draw, unless the rules score perpetual
** check and one side checked at each of its moves of the cycle and the
** other did not: then the checker has the rule's result (Xiangqi's: it
** loses; a search that called every repetition a draw lost such games
** to Sjaak II). The positions of the cycle are the line's back to the
** root, then the game's. A cycle through a pass is a draw. */
static int repetition_score(const Searcher *s, const Position *p, int at, int ply) {
  const Variant *v = p->v;
  const SearchLimits *l = s->limits;
  int in_game = at >= REPEATED_IN_GAME;
  if (!variant_scores_perpetual(v) || (in_game && !l->history_checked)) return 0;
  int checked[2] = {1, 1}; /* at each of their moves: the side to move's opponent, the side to move */
  int k = 0;               /* positions back from ply */
  for (int i = ply; i > (in_game ? -1 : at); i--, k++) {
    if (i > 0 && s->null_at[i - 1]) return 0;
    checked[k & 1] &= s->checked[i];
  }
  if (in_game)
    for (int i = l->nhistory - 1; i > at - REPEATED_IN_GAME; i--, k++) checked[k & 1] &= l->history_checked[i];
  if (checked[0] == checked[1]) return 0;
  int score = result_score(v->perpetual_check, ply); /* the checker's */
  return checked[1] ? score : -score;
}

static int search(Searcher *s, Position *p, int depth, int alpha, int beta, int ply);

/* The value for who of the position reached (a step just made), searched
** with the window alpha..beta of who's point of view: the child's own
** score as it is when who decides it too, negated when the opponent
** does, and a chance step's average as seen by the side it belongs to. */
static int child(Searcher *s, Position *p, int who, int depth, int alpha, int beta, int ply) {
  int c = decider(p);
  if (c == who) return search(s, p, depth, alpha, beta, ply);
  if (c == 2) {
    int v = search(s, p, depth, -INF, INF, ply);
    return p->side == who ? v : -v;
  }
  return -search(s, p, depth, -beta, -alpha, ply);
}

static void update_pv(Searcher *s, int ply, Move m) {
  s->pv[ply][ply] = m;
  int len = s->pv_len[ply + 1];
  for (int j = ply + 1; j < len; j++) s->pv[ply][j] = s->pv[ply + 1][j];
  s->pv_len[ply] = len > ply + 1 ? len : ply + 1;
}

/* Chance: the average over the cards, by their number, as seen by the
** side to move. */
static int chance(Searcher *s, Position *p, int depth, int ply) {
  PlyData *d = &s->ply[ply];
  int n = gen_legal(p, d->list);
  long total = 0, weight = 0;
  for (int i = 0; i < n; i++) {
    Undo u;
    Move m = d->list[i];
    int w = p->deck[MOVE_PROMO(m)];
    move_make(p, m, &u);
    int c = decider(p), v = search(s, p, depth - 1, -INF, INF, ply + 1);
    move_unmake(p, m, &u);
    if (s->aborted) return 0;
    total += (long)w * (c == p->side ? v : -v);
    weight += w;
  }
  return weight ? (int)(total / weight) : n ? 0 : terminal_score(p, ply);
}

/* Below the nominal depth (depth 0, -1, ...): captures and promotions of
** a move step, every move when in check. */
static int quiescence(Searcher *s, Position *p, int depth, int alpha, int beta, int ply) {
  const Variant *v = p->v;
  int who = decider(p), result;
  if (v->phase[p->phase].kind != PHASE_MOVE || who != p->side) {
    /* another kind of step: judged as it stands */
    if (v->has_terminal && pos_terminal(p, &result)) return terminal_score(p, ply);
    return evaluate(s, p, who);
  }
  PlyData *d = &s->ply[ply];
  int n = gen_legal(p, d->list);
  if (n == 0) return terminal_score(p, ply);
  int in_check = !v->royal_capture && royal_attacked(p, p->side);
  int stand = evaluate(s, p, who), best = -INF;
  if (!in_check) {
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    best = stand;
  }
  if (-depth >= QUIESCENCE_LIMIT || ply >= PLY_LIMIT - 1) return in_check ? stand : best;
  const EvalTables *e = &s->eval;
  /* keep the moves to search, with their order */
  int k = 0;
  for (int i = 0; i < n; i++) {
    Move m = d->list[i];
    int tactical, g = gain(p, e, m, &tactical);
    if (!tactical && !in_check) continue;
    /* a capture that cannot lift the score near alpha is not tried, nor
    ** one that seems to lose material */
    if (!in_check && g < SCORE_MATE / 4 && stand + g + 200 <= alpha) continue;
    if (!in_check && losing_capture(p, e, m, g)) continue;
    if (g > SCORE_MATE / 4) g = SCORE_MATE / 4;
    d->list[k] = m;
    d->score[k++] = tactical ? ORDER_CAPTURE + g * 16 - e->value[mover(p, m)] / 16 : 0;
  }
  for (int i = 0; i < k; i++) {
    Undo u;
    pick(d, i, k);
    Move m = d->list[i];
    move_make(p, m, &u);
    int val = child(s, p, who, depth - 1, alpha, beta, ply + 1);
    move_unmake(p, m, &u);
    if (s->aborted) return 0;
    if (val > best) best = val;
    if (val > alpha) {
      alpha = val;
      update_pv(s, ply, m);
      if (alpha >= beta) break;
    }
  }
  return best;
}

/* ---- pruning ------------------------------------------------------------ */

/* Reverse futility: at the last steps, a static score this far above beta
** per step left is taken as a cut-off. */
#define RFP_DEPTH 6
#define RFP_MARGIN 90
/* Futility: at the last steps, quiet moves that cannot bring the static
** score up to alpha with this margin per step are not searched. */
#define FUTILITY_DEPTH 3
#define FUTILITY_MARGIN 120
/* Null move: searched this much shallower (plus a step every
** NULL_DEPTH_STEP), and checked by a search without it from
** NULL_VERIFY_DEPTH on. */
#define NULL_MIN_DEPTH 3
#define NULL_REDUCTION 3
#define NULL_DEPTH_STEP 6
#define NULL_VERIFY_DEPTH 7
#define NULL_MIN_PIECES 2
/* Late-move pruning: within LMP_DEPTH steps of the leaves, quiet moves
** after the 3 + depth^2 first are not searched. */
#define LMP_DEPTH 3

/* May the side to move pass, as a test of its position (null move)? Only
** where a pass says something: a turn of one step that the mover decides,
** no cards, hooks that end turns, or hidden pieces; a royal piece to keep,
** a draw for a side with no move, and no compulsory capture (in such
** variants being obliged to move is the game); material besides pawns and
** royal pieces, two pieces at least (with pawns alone, or a single piece
** that may have nowhere to go, having to move often loses: zugzwang);
** never two passes in a row. */
static int null_allowed(const Searcher *s, const Position *p, int ply) {
  const Variant *v = p->v;
  const EvalTables *e = &s->eval;
  if (v->nphases != 1 || v->phase[0].kind != PHASE_MOVE || v->phase[0].owner != OWNER_MOVER) return 0;
  if (v->ncard_values || (v->rules && v->rules->turn_ends) || v->visibility != SEE_ALL) return 0;
  if (v->must_capture || v->stalemate != RESULT_DRAW || p->royal[p->side] == SQ_NONE) return 0;
  if (s->no_null[ply] || (ply > 0 && s->null_at[ply - 1])) return 0;
  int pieces = 0;
  for (int t = 0; t < v->ntypes; t++)
    if (!v->type[t].royal && !(e->minor_mask >> t & 1) && e->value[t] > 0)
      pieces += p->count[p->side][t] + p->pocket[p->side][t];
  return pieces >= NULL_MIN_PIECES;
}

/* Late-move reductions by depth and the number of moves searched before:
** about log(depth) * log(moves) / 2, as in most engines (computed where
** asked: a table would be state shared by the searchers of threads). */
static int lmr(int depth, int searched) {
  return (int)(0.5 + log(depth) * log(searched) / 2.0);
}

static int search(Searcher *s, Position *p, int depth, int alpha, int beta, int ply) {
  const Variant *v = p->v;
  s->nodes++;
  s->pv_len[ply] = ply;
  s->null_at[ply] = 0;
  if (ply > s->seldepth) s->seldepth = ply;
  if (out_of_time(s)) return 0;
  s->path[ply] = p->key;
  int track = variant_scores_perpetual(v);
  if (track) s->checked[ply] = (uint8_t)royal_attacked(p, p->side);
  if (ply > 0) {
    int at = repeated(s, p->key, ply);
    if (at >= 0) return repetition_score(s, p, at, ply);
  }
  int who = decider(p);
  if (who == 2) {
    if (depth <= 0 || ply >= PLY_LIMIT - 1) {
      int result;
      if (v->has_terminal && pos_terminal(p, &result)) return terminal_score(p, ply);
      return evaluate(s, p, p->side);
    }
    return chance(s, p, depth, ply);
  }
  if (depth <= 0 || ply >= PLY_LIMIT - 1) return quiescence(s, p, depth < 0 ? depth : 0, alpha, beta, ply);

  PlyData *d = &s->ply[ply];
  int n = gen_legal(p, d->list);
  if (n == 0) return terminal_score(p, ply);

  TTHit e;
  Move hint = MOVE_NONE;
  if (table_probe(s, p->key, &e)) {
    hint = e.move;
    int sc = from_table(e.score, ply);
    if (e.depth >= depth && ply > 0) {
      if (e.bound == BOUND_EXACT) return sc;
      if (e.bound == BOUND_LOWER && sc >= beta) return sc;
      if (e.bound == BOUND_UPPER && sc <= alpha) return sc;
    }
  }
  int move_step = v->phase[p->phase].kind == PHASE_MOVE && who == p->side;
  int in_check = move_step && !v->royal_capture && (track ? s->checked[ply] : royal_attacked(p, p->side));
  int pv_node = beta - alpha > 1;
  /* the static score, where the pruning below may use it: a move step
  ** of a window of one, not in check, with no mate in sight */
  int prune = !pv_node && move_step && !in_check && ply > 0 && beta < SCORE_MATE_BOUND &&
              beta > -SCORE_MATE_BOUND;
  int static_eval = prune ? evaluate(s, p, who) : 0;
  if (prune && depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta) return static_eval;
  /* late-move pruning (below) only where a turn is one step (where it is
  ** several, a move and then a piece relocated, it lost every decided
  ** game of a variant so built), and where royal pieces are captured rather than checked, not
  ** while the mover's is attacked (no check, but its way out must not be
  ** pruned) */
  int lmp_ok = prune && depth <= LMP_DEPTH && v->nphases == 1 &&
               !(v->royal_capture && royal_attacked(p, p->side));
  if (prune && depth >= NULL_MIN_DEPTH && static_eval >= beta && null_allowed(s, p, ply)) {
    /* if passing still holds beta, a move will (unless every move spoils
    ** the position: zugzwang, which the verification below catches at
    ** depth) */
    int r = NULL_REDUCTION + depth / NULL_DEPTH_STEP;
    NullUndo nu;
    pos_make_null(p, &nu);
    s->null_at[ply] = 1;
    int val = -search(s, p, depth - 1 - r, -beta, -beta + 1, ply + 1);
    pos_unmake_null(p, &nu);
    if (s->aborted) return 0;
    if (val >= beta) {
      if (val > SCORE_MATE_BOUND) val = beta; /* a mate after a pass proves nothing */
      if (depth < NULL_VERIFY_DEPTH) return val;
      /* verified by a search of this node as shallow, without a pass */
      s->no_null[ply] = 1;
      int check = search(s, p, depth - r, beta - 1, beta, ply);
      s->no_null[ply] = 0;
      if (s->aborted) return 0;
      if (check >= beta) return val;
      /* the verification searched this ply's list: make it again */
      n = gen_legal(p, d->list);
    }
    s->null_at[ply] = 0;
  }
  score_moves(s, p, d, n, hint, s->killer[ply], who);
  int best = -INF, a0 = alpha, searched = 0;
  Move best_move = MOVE_NONE;
  for (int i = 0; i < n; i++) {
    Undo u;
    pick(d, i, n);
    Move m = d->list[i];
    if (ply == 0) { /* the lines already found (MultiPV) */
      int skip = 0;
      for (int j = 0; j < s->nexcluded; j++) skip |= s->excluded[j] == m;
      if (skip) continue;
    }
    int tactical;
    gain(p, &s->eval, m, &tactical);
    /* neither the table's move nor a killer: reduced when late */
    int late = d->score[i] < ORDER_KILLER && !tactical;
    move_make(p, m, &u);
    /* a check given is searched a step deeper (not without end: at most
    ** as many steps again as the iteration's depth) */
    int check = p->phase == 0 && !v->royal_capture && royal_attacked(p, p->side);
    /* late-move pruning: near the leaves, the quiet moves that give no
    ** check after the first 3 + depth^2 are not searched at all */
    if (lmp_ok && late && !check && searched >= 3 + depth * depth) {
      move_unmake(p, m, &u);
      continue;
    }
    /* futility: near the leaves, a quiet move that gives no check cannot
    ** lift a static score far below alpha */
    if (prune && late && !check && searched > 0 && depth <= FUTILITY_DEPTH &&
        static_eval + FUTILITY_MARGIN * depth <= alpha) {
      move_unmake(p, m, &u);
      if (static_eval + FUTILITY_MARGIN * depth > best) best = static_eval + FUTILITY_MARGIN * depth;
      continue;
    }
    int next = depth - 1 + (check && ply < 2 * s->root_depth);
    int val;
    if (searched == 0) {
      val = child(s, p, who, next, alpha, beta, ply + 1);
    } else {
      /* late quiet moves are searched less deep first, then again
      ** where they prove better than expected */
      int r = 0;
      if (depth >= 3 && ply > 0 && searched >= 3 && late && !in_check && !check) {
        r = lmr(depth, searched) + !pv_node;
        if (r > next - 1) r = next - 1;
        if (r < 0) r = 0;
      }
      val = child(s, p, who, next - r, alpha, alpha + 1, ply + 1);
      if (r && val > alpha && !s->aborted) val = child(s, p, who, next, alpha, alpha + 1, ply + 1);
      if (val > alpha && val < beta && !s->aborted) val = child(s, p, who, next, alpha, beta, ply + 1);
    }
    move_unmake(p, m, &u);
    if (s->aborted) return 0;
    searched++;
    if (val > best) {
      best = val;
      best_move = m;
    }
    if (val > alpha) {
      alpha = val;
      update_pv(s, ply, m);
      if (ply == 0) s->root_score = val;
    }
    if (alpha >= beta) {
      if (!tactical) {
        if (s->killer[ply][0] != m) {
          s->killer[ply][1] = s->killer[ply][0];
          s->killer[ply][0] = m;
        }
        int *h = &s->history[who & 1][mover(p, m)][MOVE_TO(m)];
        *h += depth * depth;
        if (*h > ORDER_KILLER / 2) /* keep history below the killers */
          for (int c = 0; c < 2; c++)
            for (int t = 0; t < MAX_TYPES; t++)
              for (int q = 0; q < 1024; q++) s->history[c][t][q] /= 2;
      }
      break;
    }
  }
  if (searched == 0) return ply == 0 ? -INF : best; /* every root move excluded, or futile */
  if (ply > 0 || s->nexcluded == 0) {
    table_store(s, p->key, best_move, to_table(best, ply), depth,
                best <= a0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT);
  }
  return best;
}

/* ---- iterative deepening ------------------------------------------------ */

/* The first iteration searched with a window around the score before, and
** its half-width in centipawns. */
#define ASPIRATION_DEPTH 4
#define ASPIRATION_WINDOW 35

static void fill_result(Searcher *s, SearchResult *r, int score, int depth, int line) {
  r->score = score;
  r->depth = depth;
  r->seldepth = s->seldepth;
  r->line = line;
  r->nodes = s->nodes + helpers_nodes(s);
  r->seconds = now() - s->start;
  r->hashfull = hashfull(s);
  r->npv = s->pv_len[0] < SEARCH_MAX_PV ? s->pv_len[0] : SEARCH_MAX_PV;
  memcpy(r->pv, s->pv[0], sizeof(Move) * (size_t)r->npv);
  if (r->npv) r->best = r->pv[0];
}

/* Starts a search: what it counts set to zero, what earlier searches
** learnt of the order (history) made to weigh less. */
static void search_begin(Searcher *s, const SearchLimits *limits) {
  s->limits = limits;
  s->nodes = 0;
  s->helper_nodes = 0;
  s->aborted = 0;
  s->start = now();
  /* A negative or NaN time is no time left (a GUI's clock past zero), not
  ** a search without end: the deadline is now. */
  s->deadline = s->start + (limits->seconds >= 0 ? limits->seconds : 0);
  s->soft_deadline = s->start + limits->soft_seconds;
  s->pondered = limits->pondering && *limits->pondering;
  memset(s->killer, 0, sizeof s->killer);
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < MAX_TYPES; t++)
      for (int q = 0; q < 1024; q++) s->history[c][t][q] /= 4;
}

/* Does helper k skip iteration d? Odd helpers search every other depth,
** each pair one step apart from the next, so that the threads are not all
** at one depth and a helper's deeper results reach the table first. */
static int helper_skips(int k, int d) {
  int step = 1 + k % 2, phase = k / 2;
  return k > 0 && d > 1 && (d + phase) % step != 0;
}

/* Iterative deepening of p to depth, lines lines (MultiPV). */
static SearchResult deepen(Searcher *s, Position *p, int depth, int lines) {
  const SearchLimits *limits = s->limits;
  SearchResult r;
  memset(&r, 0, sizeof r);
  PlyData *root = &s->ply[0];
  int n = gen_legal(p, root->list);
  if (n == 0) return r;
  r.best = root->list[0];
  if (lines > n) lines = n;
  if (decider(p) == 2) lines = 1;
  for (int d = 1; d <= depth; d++) {
    SearchResult found[SEARCH_MAX_LINES];
    int nfound = 0;
    if (helper_skips(s->index, d)) continue;
    s->root_depth = d;
    s->nexcluded = 0;
    s->seldepth = 0;
    for (int k = 0; k < lines; k++) {
      int score;
      if (k == 0 && lines == 1 && d >= ASPIRATION_DEPTH && decider(p) != 2 && r.score < SCORE_MATE_BOUND &&
          r.score > -SCORE_MATE_BOUND) {
        /* a window around the last iteration's score, widened on each
        ** side it fails */
        int lo = ASPIRATION_WINDOW, hi = ASPIRATION_WINDOW;
        for (;;) {
          int alpha = r.score - lo < -INF ? -INF : r.score - lo, beta = r.score + hi > INF ? INF : r.score + hi;
          s->root_score = -INF;
          score = search(s, p, d, alpha, beta, 0);
          if (s->aborted) break;
          if (score <= alpha && alpha > -INF) lo = lo * 4;
          else if (score >= beta && beta < INF) hi = hi * 4;
          else break;
        }
      } else {
        s->root_score = -INF;
        score = search(s, p, d, -INF, INF, 0);
      }
      if (s->aborted && k == 0 && lines == 1 && s->pv_len[0] > 0 && s->root_score > -INF &&
          (s->root_score > r.score - ASPIRATION_WINDOW || d == 1)) {
        /* the iteration did not finish, but the move it found first beat
        ** the last one's score (or a move that held as much): it is the better
        ** answer */
        fill_result(s, &r, s->root_score, d - 1, 1);
        break;
      }
      if (s->aborted || s->pv_len[0] == 0) break;
      fill_result(s, &found[nfound], score, d, k + 1);
      s->excluded[s->nexcluded++] = found[nfound++].best;
    }
    s->nexcluded = 0;
    if (nfound < lines) break; /* the iteration did not finish */
    r = found[0];
    if (limits->info)
      for (int k = 0; k < nfound; k++) limits->info(limits->info_ctx, &found[k]);
    if (r.score > SCORE_MATE_BOUND || r.score < -SCORE_MATE_BOUND) break; /* a forced end */
    if (n == 1 && limits->seconds != 0 && !s->pondered) break; /* nothing to choose */
    if (limits->soft_seconds > 0 && !s->pondered && now() > s->soft_deadline) break;
  }
  return r;
}

static void *helper_run(void *arg) {
  Searcher *h = arg;
  search_begin(h, &h->own);
  deepen(h, &h->root, SEARCH_MAX_DEPTH, 1);
  return NULL;
}

/* Starts the helpers of this search on copies of p: no limit of their own,
** the game's history for repetitions, the main searcher's tables. */
static void helpers_start(Searcher *s, const Position *p, const SearchLimits *limits) {
  STORE(s->halt_helpers, 0);
  for (int i = 0; i < s->active - 1; i++) {
    Searcher *h = s->helper[i];
    h->tt = s->tt;
    h->tt_mask = s->tt_mask;
    h->gen = s->gen;
    if (!eval_made_for(&h->eval, s->eval.v)) /* s->eval was just made for p */
      memcpy(&h->eval, &s->eval, sizeof h->eval);
    h->root = *p;
    memset(&h->own, 0, sizeof h->own);
    h->own.history = limits->history;
    h->own.history_checked = limits->history_checked;
    h->own.nhistory = limits->nhistory;
    h->published = 0;
    h->running = pthread_create(&h->thread, NULL, helper_run, h) == 0;
  }
}

/* Stops and waits for the helpers; returns their nodes. */
static uint64_t helpers_stop(Searcher *s) {
  uint64_t nodes = 0;
  STORE(s->halt_helpers, 1);
  for (int i = 0; i < s->active - 1; i++) {
    Searcher *h = s->helper[i];
    if (!h->running) continue;
    pthread_join(h->thread, NULL);
    h->running = 0;
    nodes += h->nodes;
  }
  return nodes;
}

SearchResult search_best(Searcher *s, Position *p, const SearchLimits *limits) {
  precondition(s && limits && pos_playable(p));
  board_ok(p);
  s->gen++;
  /* the Lua state of a variant's hooks is never entered by two threads */
  s->active = p->v->rules ? 1 : s->nthreads;
  search_begin(s, limits);
  tables(s, p->v);
  int depth = limits->depth < 1 ? 1 : limits->depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : limits->depth;
  int lines = limits->lines < 1 ? 1 : limits->lines > SEARCH_MAX_LINES ? SEARCH_MAX_LINES : limits->lines;
  if (s->active > 1) helpers_start(s, p, limits);
  SearchResult r = deepen(s, p, depth, lines);
  uint64_t helped = s->active > 1 ? helpers_stop(s) : 0;
  r.threads = s->active;
  s->active = 1;
  r.own_nodes = s->nodes;
  r.nodes = s->nodes + helped;
  r.seconds = now() - s->start;
  return r;
}
