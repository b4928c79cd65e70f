/*
** player.c - choosing a step, with or without hidden information.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hidden.h"
#include "rules.h"
#include "splitmix.h"
#include "notation.h"
#include "player.h"

#define SAMPLES 6         /* positions drawn from the view alone */
#define BELIEF_SAMPLES 8  /* positions drawn from the belief */
#define BELIEF_ALL 32     /* ... or all of them, when it holds fewer */
#define MATE_VOTE 1000    /* a mate in a sample from a belief: the lead and this */
#define RISK_SHARE 4      /* the share of a step's worst case over the average */
#define REPLY_WEIGHT 3    /* centipawns per legal reply left to the opponent */
#define MOPUP_MARGIN 400  /* material lead (centipawns) from which to hunt the king */
#define EDGE_WEIGHT 10    /* per step of the opponent's king from the centre */
#define BOX_WEIGHT 6      /* per square the opponent's king could reach unattacked */
#define NEAR_WEIGHT 4     /* per step the own king is nearer the opponent's */
#define REPEAT_WEIGHT 60  /* per earlier time the own pieces stood so, when ahead */

static int excluded(const char *const *exclude, const char *uci) {
  for (int i = 0; exclude && exclude[i]; i++)
    if (!strcmp(exclude[i], uci)) return 1;
  return 0;
}

/* A position consistent with what `me` sees: unseen squares hold the
** pieces the opponent had at the start, less as many as `me` has captured
** (the cheapest first), placed at random; the opponent's hand is dealt
** again from the cards `me` cannot see. */
static int determinize(const Game *g, int me, uint64_t *rng, Position *out) {
  const Variant *v = g->v;
  const Geometry *geo = &v->geo;
  Position start;
  char err[256], fen[4096];
  if (rules_set_fen(&start, v, v->start_fen, err, sizeof err)) return -1;
  *out = g->pos;
  if (v->visibility == SEE_OWN) {
    int them = me ^ 1;
    /* what the opponent may have: the start, less our captures */
    int have[MAX_TYPES] = {0}, captures = 0;
    for (int t = 0; t < v->ntypes; t++) have[t] = start.count[them][t];
    for (int i = 0; i < g->n; i++)
      if (!IS_GAME_ACTION(g->moves[i]) && g->undos[i].side == me && g->undos[i].captured != CELL_EMPTY)
        captures++;
    while (captures > 0) { /* remove the cheapest non-royal pieces */
      int best = -1;
      for (int t = 0; t < v->ntypes; t++)
        if (have[t] && !v->type[t].royal && (best < 0 || v->type[t].value < v->type[best].value)) best = t;
      if (best < 0) break;
      have[best]--;
      captures--;
    }
    /* the unseen squares */
    int unseen[MAX_SQUARES], nu = 0;
    for (int r = 0; r < geo->ranks; r++)
      for (int f = 0; f < geo->files; f++) {
        int sq = board_square(geo, f, r);
        if (!view_sees(&g->pos, me, sq)) unseen[nu++] = sq;
      }
    char board[MAX_SQUARES];
    memset(board, 0, sizeof board);
    for (int t = 0; t < v->ntypes; t++)
      for (int k = 0; k < have[t] && nu > 0; k++) {
        /* pawns not on the first or last rank */
        for (int tries = 0; tries < 50; tries++) {
          int i = (int)(splitmix_next(rng) % (uint64_t)nu), sq = unseen[i];
          int rank = board_rank(geo, sq);
          if (board[sq] || (v->type[t].pawn && (rank == 0 || rank == geo->ranks - 1))) continue;
          board[sq] = them == WHITE ? (char)toupper((unsigned char)v->type[t].letter) : v->type[t].letter;
          break;
        }
      }
    /* the FEN of the sample */
    size_t n = 0;
    for (int r = geo->ranks - 1; r >= 0; r--) {
      int empty = 0;
      for (int f = 0; f < geo->files; f++) {
        int sq = board_square(geo, f, r);
        uint8_t c = g->pos.board[sq];
        char ch[4] = {0};
        if (view_sees(&g->pos, me, sq)) {
          if (c != CELL_EMPTY) type_text(v, CELL_TYPE(c), CELL_COLOUR(c), ch);
        } else {
          ch[0] = board[sq];
        }
        if (!ch[0]) {
          empty++;
          continue;
        }
        if (empty) n += (size_t)sprintf(fen + n, "%d", empty);
        empty = 0;
        n += (size_t)sprintf(fen + n, "%s", ch);
      }
      if (empty) n += (size_t)sprintf(fen + n, "%d", empty);
      if (r) fen[n++] = '/';
    }
    snprintf(fen + n, sizeof fen - n, " %c - - 0 %d", g->pos.side == WHITE ? 'w' : 'b', g->pos.fullmove);
    if (rules_set_fen(out, v, fen, err, sizeof err)) return -1;
  }
  if (v->ncard_values) { /* deal the opponent's hand again from the unseen cards */
    int them = me ^ 1, held = 0;
    uint8_t pool[MAX_CARD_VALUES + 1];
    for (int val = 1; val <= v->ncard_values; val++) {
      pool[val] = (uint8_t)(out->deck[val] + out->hand[them][val]);
      held += out->hand[them][val];
      out->hand[them][val] = 0;
    }
    for (int k = 0; k < held; k++) {
      int total = 0;
      for (int val = 1; val <= v->ncard_values; val++) total += pool[val];
      if (!total) break;
      int pick = (int)(splitmix_next(rng) % (uint64_t)total);
      for (int val = 1; val <= v->ncard_values; val++) {
        if (pick < pool[val]) {
          pool[val]--;
          out->hand[them][val]++;
          break;
        }
        pick -= pool[val];
      }
    }
    for (int val = 1; val <= v->ncard_values; val++) out->deck[val] = pool[val];
    out->rng = splitmix_next(rng);
    out->key = pos_compute_key(out);
  }
  return 0;
}

static int compare_moves(const void *a, const void *b) {
  Move x = *(const Move *)a, y = *(const Move *)b;
  return x < y ? -1 : x > y;
}

/* Up to n positions the player may be in, from the player's belief (the
** positions consistent with everything the player has seen), or 0 when
** the game keeps no beliefs. */
static int believed(Game *g, int me, uint64_t *rng, Position *out, int n) {
  if (!g->hooks || !g->hooks->beliefs) return 0;
  return g->hooks->beliefs(g->hooks->ctx, g, me, out, n, rng);
}

/* My material less the opponent's, royal pieces aside (centipawns). */
static int material_lead(const Position *p, int me) {
  const Variant *v = p->v;
  int lead = 0;
  for (int t = 0; t < v->ntypes; t++)
    if (!v->type[t].royal) lead += (p->count[me][t] - p->count[me ^ 1][t]) * v->type[t].value;
  return lead;
}

/* The value for me of a sample in which the side to move has no legal
** step, by the variant's rules (a search of it has no step to search, and
** would call it even): checkmate, stalemate, or the variant's own end. */
static int ended_value(const Position *p, int me) {
  const Variant *v = p->v;
  int result, res;
  if (v->has_terminal && pos_terminal(p, &result)) res = result;
  else if (!v->royal_capture && royal_attacked(p, p->side)) res = checkmate_result(p);
  else res = v->stalemate;
  res = result_for(p, p->side, res);
  int score = res == RESULT_WIN ? SCORE_MATE : res == RESULT_LOSS ? -SCORE_MATE : 0;
  return p->side == me ? score : -score;
}

/* How many squares the opponent's royal piece at sq could reach by steps
** to a neighbouring square (a king's steps) through squares that my pieces
** do not attack: the box a hunter shrinks. Counting what is attacked is
** what tells one quiet step of the hunter from another; the distance to
** the edge alone does not move while the hunted king stands still. */
static int royal_box(const Position *p, int sq, int me) {
  const Geometry *geo = &p->v->geo;
  int queue[MAX_SQUARES], head = 0, tail = 0;
  uint8_t seen[MAX_SQUARES] = {0};
  seen[sq] = 1;
  queue[tail++] = sq;
  while (head < tail) {
    int at = queue[head++], f = board_file(geo, at), r = board_rank(geo, at);
    for (int df = -1; df <= 1; df++)
      for (int dr = -1; dr <= 1; dr++) {
        int nf = f + df, nr = r + dr;
        if ((!df && !dr) || nf < 0 || nr < 0 || nf >= geo->files || nr >= geo->ranks) continue;
        int to = board_square(geo, nf, nr);
        uint8_t c = p->board[to];
        if (seen[to] || c == CELL_OFF) continue;
        seen[to] = 1;
        if (c != CELL_EMPTY && CELL_COLOUR(c) == (me ^ 1)) continue;
        if (attacked(p, to, me)) continue;
        queue[tail++] = to;
      }
  }
  return tail;
}

/* Where the player is well ahead in material in a position it may be in,
** driving the opponent's king to the edge and the own king toward it: a
** search of two plies sees no mate ahead, and in a game where the pieces
** are unseen the lone king must be hunted by a plan, not found. Zero
** otherwise, and where a side has no single royal piece. */
static int mopup(const Position *p, int me) {
  const Geometry *geo = &p->v->geo;
  int ours = p->royal[me], theirs = p->royal[me ^ 1];
  if (material_lead(p, me) < MOPUP_MARGIN || ours == SQ_NONE || theirs == SQ_NONE) return 0;
  int tf = board_file(geo, theirs), tr = board_rank(geo, theirs);
  int of = board_file(geo, ours), orank = board_rank(geo, ours);
  /* twice the distance from the centre, so that even boards count alike */
  int edge = abs(2 * tf - (geo->files - 1)) + abs(2 * tr - (geo->ranks - 1));
  int apart = abs(tf - of) + abs(tr - orank);
  return EDGE_WEIGHT * edge / 2 + NEAR_WEIGHT * (geo->files + geo->ranks - 2 - apart) -
         BOX_WEIGHT * royal_box(p, theirs, me);
}

/* A signature of where player's own pieces stand: what the player knows
** of a position, to tell a step that brings them back where they stood. */
static uint64_t own_signature(const Position *p, int me) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (int i = 0; i < p->npieces[me]; i++) {
    int sq = p->plist[me][i];
    uint64_t x = (uint64_t)sq << 8 | p->board[sq];
    h ^= splitmix_next(&x); /* order-free: pieces are listed in any order */
  }
  return h;
}

/* The signatures of the own pieces after each of the player's earlier
** steps (the opponent to move), newest first; returns how many. The
** referee ends a game at a repetition the players cannot see coming, so a
** player ahead avoids standing as it stood. */
static int own_history(const Game *g, int me, uint64_t *out, int max) {
  Position q = g->pos;
  int k = 0;
  for (int i = g->n - 1; i >= 0 && k < max; i--) {
    if (IS_GAME_ACTION(g->moves[i])) continue;
    if (q.side != me && q.phase == 0) out[k++] = own_signature(&q, me);
    move_unmake(&q, g->moves[i], &g->undos[i]);
  }
  return k;
}

/* One step's votes over the sampled positions, for a hidden game. */
typedef struct Vote {
  char name[16]; /* the step in UCI */
  long total;    /* the sum of its values where it is legal */
  long worst;    /* the least of them */
  int legal;     /* in how many samples it is legal */
} Vote;

/* An offer of a draw: accepted when ahead on the board (with hidden
** information, on a sample of what the board may be). */
static void choose_answer(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng,
                          int player, char *out, size_t len) {
  Position p = g->pos;
  if (view_hides(g->v) && believed(g, player, rng, &p, 1) < 1 && determinize(g, player, rng, &p))
    p = g->pos;
  SearchLimits quick = {.depth = 1, .stop = limits->stop};
  SearchResult r = search_best(s, &p, &quick);
  snprintf(out, len, "%s", r.score * (p.side == player ? 1 : -1) > 0 ? "accept" : "decline");
}

/* Everything seen: the search's best move, knowing the game's positions
** before this one (repetitions). */
static int choose_open(Game *g, Searcher *s, const SearchLimits *limits, char *out, size_t len) {
  SearchLimits own = *limits;
  if (!own.history) {
    own.history = g->keys;
    own.history_checked = g->checked;
    own.nhistory = g->n;
  }
  SearchResult r = search_best(s, &g->pos, &own);
  if (r.best == MOVE_NONE) return -1;
  move_to_uci(&g->pos, r.best, out, len);
  return 0;
}

/* What the player may know when voting in a hidden game: who it is, how
** many positions it samples (npool of them drawn from its belief, or none:
** each drawn from the view), its own earlier standings, and the limits of
** each sample's look. */
typedef struct VoteContext {
  int me, npool, nsamples, nseen;
  const uint64_t *seen;
  SearchLimits each;
} VoteContext;

/* The value of the step just made in sample, from the player's side. */
static int sample_value(Searcher *s, Position *sample, const VoteContext *c) {
  int me = c->me, npool = c->npool;
  Move replies[MAX_MOVES];
  SearchLimits one = c->each;
  one.depth = c->each.depth > 1 ? c->each.depth - 1 : 1;
  /* Where the belief is down to a few positions, the time of the
  ** samples not needed goes to depth: a mate a few moves off is seen. */
  if (npool && npool <= 2) one.depth += 2;
  else if (npool && npool <= 4) one.depth += 1;
  int nreplies = gen_legal(sample, replies), v;
  if (nreplies == 0) {
    v = ended_value(sample, me); /* a mate the search below would call a draw */
    /* a draw thrown away from ahead costs what the lead was worth,
    ** so that a stalemate in a few of the samples outweighs the rest */
    if (v == 0) v = -material_lead(sample, me);
  } else {
    SearchResult r = search_best(s, sample, &one);
    v = sample->side == me ? r.score : -r.score;
  }
  int mate = v > SCORE_MATE_BOUND || v < -SCORE_MATE_BOUND;
  /* A mate in one position of many is worth a win's share, not a
  ** mate's score: averaged raw, a mate in one sample outweighs a queen
  ** lost in all the others (the queen goes next to the unseen king
  ** for a mate in one place it might stand). A mate counts as the
  ** lead on the board and MATE_VOTE more, less a little per ply. */
  if (npool && mate) {
    int plies = SCORE_MATE - (v > 0 ? v : -v), lead = abs(material_lead(sample, me));
    int worth = MATE_VOTE + lead - 10 * (plies < 50 ? plies : 50);
    v = v > 0 ? worth : -worth;
  }
  /* From consistent positions, fewer replies for the opponent is
  ** worth a little: it herds a king toward mate (material alone
  ** gives a lone king's hunter no direction). */
  if (npool && !mate && sample->side != me) v -= REPLY_WEIGHT * nreplies;
  if (npool && !mate) {
    v += mopup(sample, me);
    if (v > 0 && sample->side != me) {
      uint64_t sig = own_signature(sample, me);
      for (int h = 0; h < c->nseen; h++) v -= c->seen[h] == sig ? REPEAT_WEIGHT : 0;
    }
  }
  return v;
}

/* Adds one sample's values to the votes of the steps legal in it. */
static void vote_in_sample(Searcher *s, Position *sample, const VoteContext *c, Vote *votes, int n,
                           const char *const *exclude) {
  Move ml[MAX_MOVES];
  char uci[64];
  int nm = gen_legal(sample, ml);
  for (int j = 0; j < nm; j++) {
    Undo u;
    move_to_uci(sample, ml[j], uci, sizeof uci);
    int idx = -1;
    for (int i = 0; i < n; i++)
      if (!strcmp(votes[i].name, uci)) idx = i;
    if (idx < 0 || excluded(exclude, uci)) continue;
    /* a shallow look: the sample after the move, from our side */
    move_make(sample, ml[j], &u);
    int v = sample_value(s, sample, c);
    move_unmake(sample, ml[j], &u);
    votes[idx].total += v;
    if (!votes[idx].legal || v < votes[idx].worst) votes[idx].worst = v;
    votes[idx].legal++;
  }
}

/* The step the votes choose, or -1. The average over the samples where
** the step is legal, less a pawn's worth for each sample where it is not:
** a try likely to be refused gives the opponent information for nothing. */
static int elect(const Vote *votes, int n, const VoteContext *c, const char *const *exclude) {
  int best = -1;
  long best_value = 0;
  for (int i = 0; i < n; i++) {
    if (excluded(exclude, votes[i].name) || !votes[i].legal) continue;
    long mean = votes[i].total / votes[i].legal;
    long value = mean - 100L * (c->nsamples - votes[i].legal);
    /* From a belief, part of the worst case counts beside the average: a
    ** queen left where the unseen king may stand in one position of twenty
    ** is lost, sooner or later, to an opponent who tries every capture. */
    if (c->npool) value -= (mean - votes[i].worst) / RISK_SHARE;
    /* Ties go to the first name in order, not the first move generated:
    ** the order of generation follows how the position was reached, which
    ** is not part of what the player sees. */
    if (best < 0 || value > best_value || (value == best_value && strcmp(votes[i].name, votes[best].name) < 0))
      best = i, best_value = value;
  }
  if (best < 0)
    for (int i = 0; i < n; i++)
      if (!excluded(exclude, votes[i].name) && (best < 0 || strcmp(votes[i].name, votes[best].name) < 0)) best = i;
  return best;
}

/* Hidden information: vote over sampled positions; only moves the player
** could try count. The table starts empty: what earlier searches stored
** (of true positions, or of another player's samples) is no part of what
** this player knows, and would make the choice depend on it. */
static int choose_by_vote(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng, int me,
                          const char *const *exclude, char *out, size_t len) {
  Move list[MAX_MOVES];
  search_clear(s);
  /* consistent positions from the belief when it is kept; otherwise each
  ** sample is drawn from the view alone */
  /* A belief of a few dozen positions is searched whole: a piece left
  ** where the opponent's unseen king may take it is seen wherever that
  ** king may stand, not only in the eight positions drawn. */
  Position *pool = malloc(sizeof *pool * BELIEF_ALL);
  if (!pool) return -1;
  VoteContext c = {.me = me};
  c.npool = believed(g, me, rng, pool, BELIEF_ALL);
  if (c.npool == BELIEF_ALL) c.npool = BELIEF_SAMPLES;
  c.nsamples = c.npool ? c.npool : SAMPLES;
  Position *sample = malloc(sizeof *sample);
  if (!sample) {
    free(pool);
    return -1;
  }
  int n = g->v->visibility == SEE_OWN ? gen_conceivable(&g->pos, list) : gen_legal(&g->pos, list);
  Vote *votes = calloc((size_t)(n ? n : 1), sizeof *votes);
  if (!votes) {
    free(pool);
    free(sample);
    return -1;
  }
  /* In a fixed order: the order of generation follows the piece lists,
  ** whose order depends on what was made and taken back before, and the
  ** first of equal votes wins. */
  qsort(list, (size_t)n, sizeof *list, compare_moves);
  uint64_t seen[256];
  c.nseen = own_history(g, me, seen, 256);
  c.seen = seen;
  for (int i = 0; i < n; i++) move_to_uci(&g->pos, list[i], votes[i].name, sizeof votes[i].name);
  /* the time shared among every sample's look at every move; the looks at
  ** imagined positions report nothing */
  c.each = *limits;
  if (c.each.seconds > 0 && n > 0) c.each.seconds /= (double)c.nsamples * n;
  c.each.info = NULL;
  /* the game's true positions are no part of what the player knows */
  c.each.history = NULL;
  c.each.nhistory = 0;
  for (int sidx = 0; sidx < c.nsamples; sidx++) {
    if (c.npool) *sample = pool[sidx];
    else if (determinize(g, me, rng, sample)) continue;
    vote_in_sample(s, sample, &c, votes, n, exclude);
  }
  int best = elect(votes, n, &c, exclude);
  if (best >= 0) snprintf(out, len, "%s", votes[best].name);
  free(pool);
  free(sample);
  free(votes);
  return best >= 0 ? 0 : -1;
}

int player_choose(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng,
                  const char *const *exclude, char *out, size_t len) {
  Decision d = game_decision(g);
  if (d.kind == DECIDE_NONE) return -1;
  if (d.kind == DECIDE_ANSWER_OFFER) {
    choose_answer(g, s, limits, rng, d.player, out, len);
    return 0;
  }
  if (!view_hides(g->v)) return choose_open(g, s, limits, out, len);
  return choose_by_vote(g, s, limits, rng, d.player, exclude, out, len);
}

int player_move(Game *g, Searcher *s, const SearchLimits *limits, uint64_t *rng, char *out,
                size_t len) {
  char tried[64][16], err[256];
  const char *exclude[65];
  int ntried = 0;
  exclude[0] = NULL;
  for (;;) {
    if (player_choose(g, s, limits, rng, exclude, out, len)) {
      if (len) out[0] = '\0';
      return -1;
    }
    int played = 0, status = game_play_text(g, out, &played, err, sizeof err);
    if (status == 0) return 0;
    if (status < 0) { /* refused by the rules (a hook's error): say why */
      snprintf(out, len, "%s", err);
      return -1;
    }
    if (ntried >= 63) return -1;
    /* a try the referee refused: not again this turn */
    snprintf(tried[ntried], sizeof tried[ntried], "%s", out);
    exclude[ntried] = tried[ntried];
    exclude[++ntried] = NULL;
  }
}
