/*
** game.c - move history and results.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "chase.h"
#include "hidden.h"
#include "rules.h"
#include "notation.h"
#include "splitmix.h"

int game_init(Game *g, const Variant *v, const char *fen, char *err,
              size_t errlen) {
  memset(g, 0, sizeof *g);
  g->v = v;
  if (!fen) fen = v->start_fen;
  if (rules_set_fen(&g->pos, v, fen, err, errlen)) {
    char ignored[8];
    rules_set_fen(&g->pos, v, v->start_fen, ignored, sizeof ignored);
    fen = v->start_fen;
    snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
    return -1;
  }
  snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
  return 0;
}

static void drop_message(Game *g) {
  Message *m = &g->msgs[--g->nmsgs];
  free(m->type);
  free(m->text);
  free(m->fields);
}

static void drop_messages(Game *g, int index) {
  while (g->nmsgs && g->msgs[g->nmsgs - 1].index > index) drop_message(g);
}

void game_rollback(Game *g, int n, int nmsgs) {
  while (g->n > n) game_undo(g);
  /* Undo drops what the steps announced; this drops what was announced
  ** without a step of its own (a result hook), which only appends. */
  while (g->nmsgs > nmsgs) drop_message(g);
}

void game_free(Game *g) {
  while (g->n) game_undo(g);
  drop_messages(g, -1);
  free(g->moves);
  free(g->undos);
  free(g->keys);
  free(g->checked);
  free(g->texts);
  free(g->msgs);
  g->moves = NULL;
  g->undos = NULL;
  g->keys = NULL;
  g->checked = NULL;
  g->texts = NULL;
  g->msgs = NULL;
  g->n = g->cap = g->nmsgs = g->msgcap = 0;
}

int game_announce(Game *g, int audience, const char *type, const char *text) {
  return game_announce_fields(g, audience, type, text, NULL);
}

int game_announce_fields(Game *g, int audience, const char *type, const char *text,
                         const char *fields) {
  if (g->nmsgs == g->msgcap) {
    int cap = g->msgcap ? g->msgcap * 2 : 32;
    Message *m = realloc(g->msgs, sizeof *m * (size_t)cap);
    if (!m) return -1;
    g->msgs = m;
    g->msgcap = cap;
  }
  Message *m = &g->msgs[g->nmsgs];
  m->index = g->n;
  m->audience = audience;
  m->type = strdup(type);
  m->text = strdup(text);
  m->fields = fields && *fields ? strdup(fields) : NULL;
  if (!m->type || !m->text || (fields && *fields && !m->fields)) {
    free(m->type);
    free(m->text);
    free(m->fields);
    return -1;
  }
  g->nmsgs++;
  return 0;
}

const char *game_entry_text(const Game *g, int i) {
  return i >= 0 && i < g->n && g->texts ? g->texts[i] : NULL;
}

/* A card drawn at random from the deck, each card equally likely, from
** the position's generator (the draw itself then advances it). */
static int pick_card(const Position *p) {
  int total = cards_in(p->deck, p->v->ncard_values);
  if (!total) return 0;
  int k = (int)(splitmix_mix(p->rng + SPLITMIX_GAMMA) % (uint64_t)total);
  for (int val = 1; val <= p->v->ncard_values; val++) {
    if (k < p->deck[val]) return val;
    k -= p->deck[val];
  }
  return 0;
}

void game_seed(Game *g, uint64_t seed) {
  const Variant *v = g->v;
  Position *p = &g->pos;
  char err[64];
  p->rng = seed;
  if (v->deal && g->n == 0 && !strcmp(g->start_fen, v->start_fen) &&
      !cards_in(p->hand[0], v->ncard_values) && !cards_in(p->hand[1], v->ncard_values)) {
    for (int c = 0; c < 2; c++)
      for (int k = 0; k < v->deal; k++) {
        int val = pick_card(p);
        p->deck[val]--;
        p->hand[c][val]++;
        p->rng = p->rng * 6364136223846793005ull + 1442695040888963407ull;
      }
  }
  p->key = pos_compute_key(p);
  /* The dealt position is where the game starts (undo goes back to it). */
  pos_fen(p, g->start_fen, sizeof g->start_fen);
  (void)err;
}

int game_play(Game *g, Move m) {
  if (g->n == g->cap) {
    int cap = g->cap ? g->cap * 2 : 64;
    Move *mv = realloc(g->moves, sizeof *mv * (size_t)cap);
    if (!mv) return -1;
    g->moves = mv;
    Undo *u = realloc(g->undos, sizeof *u * (size_t)cap);
    if (!u) return -1;
    g->undos = u;
    uint64_t *k = realloc(g->keys, sizeof *k * (size_t)cap);
    if (!k) return -1;
    g->keys = k;
    uint8_t *c = realloc(g->checked, (size_t)cap);
    if (!c) return -1;
    g->checked = c;
    char **t = realloc(g->texts, sizeof *t * (size_t)cap);
    if (!t) return -1;
    g->texts = t;
    g->cap = cap;
  }
  g->keys[g->n] = g->pos.key;
  const Variant *v = g->v;
  g->checked[g->n] = (uint8_t)(variant_scores_perpetual(v) && royal_attacked(&g->pos, g->pos.side));
  g->moves[g->n] = m;
  g->texts[g->n] = NULL;
  if (!IS_GAME_ACTION(m)) move_make(&g->pos, m, &g->undos[g->n]);
  g->n++;
  return 0;
}


/* Takes *p, the position before entry `at`, back to the one before entry i. */
static void take_back_to(const Game *g, Position *p, int at, int i) {
  while (at > i) {
    at--;
    if (!IS_GAME_ACTION(g->moves[at])) move_unmake(p, g->moves[at], &g->undos[at]);
  }
}

void game_replay_start(GameReplay *r, const Game *g, Position *marks, int nmarks) {
  r->g = g;
  r->marks = marks;
  r->every = g->n / nmarks + 1; /* so that g->n / every < nmarks */
  r->last = g->n / r->every;
  const Position *from = &g->pos;
  int at = g->n;
  for (int k = r->last; k >= 0; k--) {
    marks[k] = *from;
    take_back_to(g, &marks[k], at, k * r->every);
    at = k * r->every;
    from = &marks[k];
  }
}

void game_replay_before(const GameReplay *r, int i, Position *out) {
  int k = i / r->every;
  if (i == k * r->every) {
    *out = r->marks[k];
  } else if (k + 1 <= r->last) {
    *out = r->marks[k + 1];
    take_back_to(r->g, out, (k + 1) * r->every, i);
  } else {
    *out = r->g->pos;
    take_back_to(r->g, out, r->g->n, i);
  }
}

void game_position_before(const Game *g, int i, Position *out) {
  *out = g->pos;
  take_back_to(g, out, g->n, i);
}

static int last_action(const Game *g) {
  return g->n && IS_GAME_ACTION(g->moves[g->n - 1]) ? MOVE_PROMO(g->moves[g->n - 1]) : 0;
}

static GameResult result_of(Game *g, int claims);

/* The decision; with play_on, a claimable end is passed over (the claim
** not made), as when a move is played after it. */
static Decision decision_of(Game *g, int play_on) {
  Decision d = {g->pos.side, DECIDE_MOVE, 0};
  int last = last_action(g);
  if (result_of(g, !play_on).over) {
    d.kind = DECIDE_NONE;
  } else if (last == ACT_OFFER) {
    d.player = g->pos.side ^ 1;
    d.kind = DECIDE_ANSWER_OFFER;
  } else {
    static const int kinds[] = {DECIDE_MOVE, DECIDE_RELOCATE, DECIDE_TARGET, DECIDE_CHOOSE,
                                DECIDE_CHANCE};
    const Phase *ph = &g->v->phase[g->pos.phase];
    d.kind = kinds[ph->kind];
    if (ph->owner == OWNER_OPPONENT) d.player = g->pos.side ^ 1;
    /* One offer per turn, at its start. */
    d.can_offer = g->v->agreement && g->pos.phase == 0 && last != ACT_DECLINE;
  }
  return d;
}

Decision game_decision(Game *g) { return decision_of(g, 0); }

int game_act(Game *g, int action) {
  Decision d = game_decision(g);
  if (action == ACT_OFFER ? !d.can_offer : d.kind != DECIDE_ANSWER_OFFER) return -1;
  return game_play(g, GAME_ACTION(action));
}

int game_undo(Game *g) {
  if (g->n == 0) return -1;
  g->n--;
  if (!IS_GAME_ACTION(g->moves[g->n])) move_unmake(&g->pos, g->moves[g->n], &g->undos[g->n]);
  free(g->texts[g->n]);
  g->texts[g->n] = NULL;
  drop_messages(g, g->n);
  return 0;
}

int game_take_back(Game *g) {
  if (g->n == 0) return -1;
  uint64_t rng = g->pos.rng;
  while (g->n && MOVE_FLAG(g->moves[g->n - 1]) == MF_DRAW) game_undo(g);
  if (g->n) game_undo(g);
  /* The generator goes on from where it was: drawing again after a take-
  ** back is a new draw, not the card already seen. (pgn_write notes the
  ** state where it no longer follows from the start.) */
  g->pos.rng = rng;
  return 0;
}

/* The winner for a result seen from side; points decide RESULT_POINTS. */
static int winner_of(const Position *p, int side, int result) {
  result = result_for(p, side, result);
  if (result == RESULT_WIN) return side;
  if (result == RESULT_LOSS) return side ^ 1;
  return -1;
}

/* A dead position by material alone (FIDE 5.2.2, rules.dead_position):
** nothing in hand, no neutral piece, and beside the royal pieces either
** nothing, a single piece of a lone type, or only pieces of same-colour
** types, all on squares of one colour (bishops that can never cover a
** mating net between them). */
static int dead_position(const Position *p) {
  const Variant *v = p->v;
  if (p->npieces[2] || pos_pocket_size(p, WHITE) || pos_pocket_size(p, BLACK)) return 0;
  int others = 0, lone = 0, colours = 0;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < p->npieces[c]; i++) {
      int sq = p->plist[c][i], t = CELL_TYPE(p->board[sq]);
      if (v->royal_mask >> t & 1) continue;
      others++;
      if (v->dead_lone_types >> t & 1) lone++;
      if (!(v->dead_colour_types >> t & 1)) colours = 4; /* not of such a type */
      else colours |= 1 << ((board_file(&v->geo, sq) + board_rank(&v->geo, sq)) & 1);
    }
  return others == 0 || (others == 1 && lone == 1) || colours == 1 || colours == 2;
}

/* Variant.perpetual_check, as Fairy-Stockfish's perpetualCheckIllegal:
** the positions from entry first (the earliest occurrence the repetition
** counts) to now; a side in check at each of its turns there was given
** perpetual check. Returns the result for the side to move, or
** RESULT_NONE when neither side checked throughout. */
static int perpetual_result(const Game *g, int first) {
  const Position *p = &g->pos;
  Position q = *p;
  int checked[2] = {1, 1}; /* colour c was in check at each of its turns */
  for (int at = g->n;; at--) {
    if (q.phase == 0 && !royal_attacked(&q, q.side)) checked[q.side] = 0;
    if (at <= first) break;
    if (!IS_GAME_ACTION(g->moves[at - 1])) move_unmake(&q, g->moves[at - 1], &g->undos[at - 1]);
  }
  int us = p->side, checker = g->v->perpetual_check;
  if (checked[us] && checked[us ^ 1]) return RESULT_DRAW;
  if (checked[us]) /* the opponent checked: the checker's result, seen from here */
    return checker == RESULT_WIN ? RESULT_LOSS : checker == RESULT_LOSS ? RESULT_WIN : checker;
  if (checked[us ^ 1]) return checker;
  return RESULT_NONE;
}

/* Variant.chasing, as Fairy-Stockfish scores a repetition (its
** position.cpp, is_optional_game_end): the pieces chased by each move of
** the side that has just moved, from the move that made the earliest
** occurrence the repetition counts (entry first - 1, where there is one)
** to the last, each followed back to where it stood through the moves
** between; and the same for the other side's moves after that
** occurrence. A side that chased some piece at each of its moves there
** chased it throughout. Returns the result for the side to move, or
** RESULT_NONE when neither side chased throughout. */
static int chase_result(const Game *g, int first) {
  int n = g->n, span = n - first + 1;
  ChaseSet *set = malloc(sizeof *set * (size_t)span); /* set[k - first]: the move into k's */
  Position *at = malloc(sizeof *at * 2);
  if (!set || !at) {
    free(set);
    free(at);
    return RESULT_NONE;
  }
  Position *after = &at[0], *before = &at[1];
  *after = g->pos;
  for (int k = n; k >= first && k >= 1; k--) {
    Move m = g->moves[k - 1];
    if (IS_GAME_ACTION(m)) { /* (an action between the positions: no chases followed) */
      free(set);
      free(at);
      return RESULT_NONE;
    }
    *before = *after;
    move_unmake(before, m, &g->undos[k - 1]);
    chase_set(after, before, m, &set[k - first]);
    *after = *before;
  }
  /* the side that has just moved: into n, n - 2, ..., first (the move into
  ** the first occurrence too, where the history has it) */
  ChaseSet them = set[n - first], us = set[n - 1 - first];
  for (int k = n - 2; k >= first; k -= 2) {
    if (k == 0) break; /* no move led to the start */
    chase_undo_move(&them, g->moves[k]);
    chase_and(&them, &set[k - first]);
  }
  /* the side to move: into n - 1, n - 3, ..., first + 1 */
  for (int k = n - 3; k > first; k -= 2) {
    chase_undo_move(&us, g->moves[k]);
    chase_and(&us, &set[k - first]);
  }
  free(set);
  free(at);
  int chased_them = !chase_empty(&them), chased_us = !chase_empty(&us);
  int chaser = g->v->chasing.result;
  if (chased_them && chased_us) return RESULT_DRAW;
  if (chased_them) /* the opponent chased: the chaser's result, seen from here */
    return chaser == RESULT_WIN ? RESULT_LOSS : chaser == RESULT_LOSS ? RESULT_WIN : chaser;
  if (chased_us) return chaser;
  return RESULT_NONE;
}

/* Where the chasing rule plays (the Asian Xiangqi Federation's rules, as
** Fairy-Stockfish reads them: its is_optional_game_end), the checks of
** the side that gave more of them in the n-move count's span, beyond
** Variant.chasing.nmove_checks, lengthen the count by a move each, once
** 20 plies of the game are known: the plies to add. */
static int nmove_extension(const Game *g) {
  const Position *p = &g->pos;
  int end = p->halfmove < g->n ? p->halfmove : g->n;
  if (g->n < 20 || end < 1) return 0;
  int last = (end - 1) - (end - 1) % 2 + 1; /* plies back to look at */
  int checks[2] = {0, 0};
  Position q = *p;
  for (int j = 0; j <= last && j <= g->n; j++) {
    if (j) {
      Move m = g->moves[g->n - j];
      if (IS_GAME_ACTION(m)) return 0;
      move_unmake(&q, m, &g->undos[g->n - j]);
    }
    checks[j % 2] += royal_attacked(&q, q.side) != 0;
  }
  int most = checks[0] > checks[1] ? checks[0] : checks[1];
  return most > g->v->chasing.nmove_checks ? 2 * (most - g->v->chasing.nmove_checks) : 0;
}

/* The result by the rules; claims: whether the ends a player may claim
** (the n-move rule, repetition) count. */
static GameResult result_of(Game *g, int claims) {
  GameResult r = {0, -1, NULL, 0};
  const Variant *v = g->v;
  Position *p = &g->pos;
  Move list[MAX_MOVES];
  int res;
  if (last_action(g) == ACT_ACCEPT) {
    r.over = 1;
    r.winner = v->has_points ? winner_of(p, WHITE, RESULT_POINTS) : -1;
    r.reason = "agreement";
    return r;
  }
  if (last_action(g) == ACT_RESIGN) {
    r.over = 1;
    r.winner = MOVE_FROM(g->moves[g->n - 1]) ^ 1;
    r.reason = "resignation";
    return r;
  }
  int end = v->has_terminal ? pos_terminal(p, &res) : 0;
  if (end) {
    r.over = 1;
    r.winner = winner_of(p, p->side, res);
    r.reason = end == END_ROYAL_CAPTURED ? "king captured" : end == END_GOAL ? "goal"
             : end == END_CHECKS ? "check limit" : end == END_PASSES ? "passes"
             : end == END_FACING ? "facing kings" : end == END_CONNECT ? "connection"
             : end == END_FULL_BOARD ? "board full" : end == END_CASTLING ? "castling" : "extinction";
    return r;
  }
  const RuleHooks *rules = v->rules;
  if (rules && rules->terminal && (res = rules->terminal(rules->ctx, p, g->rule_reason, sizeof g->rule_reason))) {
    r.over = 1;
    r.winner = winner_of(p, p->side, res);
    r.reason = g->rule_reason[0] ? g->rule_reason : "rule";
    return r;
  }
  if (gen_legal(p, list) == 0) {
    int check = !v->royal_capture && royal_attacked(p, p->side);
    r.over = 1;
    r.winner = winner_of(p, p->side, check ? checkmate_result(p) : v->stalemate);
    r.reason = check ? "checkmate" : "stalemate";
    return r;
  }
  if (v->dead_position && dead_position(p)) {
    r.over = 1;
    r.reason = "dead position";
    return r;
  }
  /* Where the players cannot see the board, they cannot claim what they
  ** cannot see: the referee, who sees it, ends the game for them. */
  int referee = v->visibility != SEE_ALL;
  if (referee) claims = 1;
  if (claims && v->nmove && p->halfmove >= 2 * v->nmove &&
      (v->chasing.result == RESULT_NONE || p->halfmove - nmove_extension(g) >= 2 * v->nmove)) {
    r.over = 1;
    r.winner = winner_of(p, p->side, v->nmove_result);
    r.reason = "n-move rule";
    r.claimable = !referee;
    return r;
  }
  if (claims && v->repetition) {
    /* The key covers side, phase, rights and en passant, so equal keys are
    ** the same position; moves since the last irreversible one suffice. */
    int seen = 1, first = -1;
    for (int i = g->n - 1; i >= 0; i--)
      if (!IS_GAME_ACTION(g->moves[i]) && g->keys[i] == p->key && ++seen == v->repetition) first = i;
    if (seen >= v->repetition) {
      int perpetual = v->perpetual_check != RESULT_NONE ? perpetual_result(g, first) : RESULT_NONE;
      /* no perpetual check: a chase, where the rule is */
      int chase = perpetual == RESULT_NONE && v->chasing.result != RESULT_NONE ? chase_result(g, first)
                                                                             : RESULT_NONE;
      int rep = perpetual != RESULT_NONE ? perpetual : chase != RESULT_NONE ? chase : v->repetition_result;
      r.over = 1;
      r.winner = winner_of(p, p->side, rep);
      r.reason = perpetual != RESULT_NONE && perpetual != RESULT_DRAW ? "perpetual check"
               : chase != RESULT_NONE && chase != RESULT_DRAW ? "chase" : "repetition";
      r.claimable = !referee;
    }
  }
  /* the counting rule's count past its limit: drawn, as a claim */
  if (claims && !r.over && counting_over(p)) {
    r.over = 1;
    r.reason = "counting";
    r.claimable = !referee;
  }
  if (!r.over && g->hooks && g->hooks->result) {
    g->in_hook++;
    g->hooks->result(g->hooks->ctx, g, &r);
    g->in_hook--;
  }
  return r;
}

/* Repetition and the n-move rule end the game when it is asked for its
** result: varia claims for the player. Whether the game goes on past them
** is decided by the next move (game_play_text), not here. */
GameResult game_result(Game *g) { return result_of(g, 1); }

const char *const game_action_names[] = {"", "offer", "accept", "decline", "try", "resign"};

/* A try must name squares of the board: e2e4 or e7e8q. (SAN names a
** piece by what it can reach, which the player cannot know.) */
static int looks_like_attempt(const Game *g, const char *text) {
  int l1 = 0, l2 = 0;
  const Geometry *geo = &g->v->geo;
  if (board_parse_square(geo, text, &l1) == SQ_NONE) return 0;
  if (board_parse_square(geo, text + l1, &l2) == SQ_NONE) return 0;
  const char *rest = text + l1 + l2;
  return *rest == '\0' || (rest[1] == '\0' && variant_type_by_letter(g->v, rest[0]) >= 0);
}

/* Records an attempt that is not a legal move, with the referee's answer. */
static int answer_attempt(Game *g, const char *text, int *played, char *err, size_t errlen) {
  char answer[128] = "Illegal";
  if (game_play(g, GAME_ACTION(ACT_TRY))) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  g->texts[g->n - 1] = strdup(text);
  (*played)++;
  if (g->hooks && g->hooks->attempt) {
    g->in_hook++;
    int bad = g->hooks->attempt(g->hooks->ctx, g, text, answer, sizeof answer, err, errlen);
    g->in_hook--;
    if (bad) return -1;
  } else if (game_announce(g, g->pos.side == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, "illegal",
                           answer)) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  snprintf(err, errlen, "%s", answer);
  return 1;
}

static int play_step(Game *g, Move m, int *played, char *err, size_t errlen);

/* Steps nobody needs to decide, after the last one typed: a named square
** only one move reaches is played at once, so is the piece a move leaves
** on the square it left (a trail), and chance draws at once from the
** game's generator. */
static int finish_automatic_steps(Game *g, int *played, char *err, size_t errlen) {
  Move only[MAX_MOVES];
  for (;;) {
    int kind = g->v->phase[g->pos.phase].kind;
    const Phase *ph = &g->v->phase[g->pos.phase];
    if ((kind == PHASE_CHOOSE || (kind == PHASE_RELOCATE && ph->place == PLACE_LEFT)) &&
        gen_legal(&g->pos, only) == 1) {
      if (play_step(g, only[0], played, err, errlen)) return -1;
    } else if (kind == PHASE_DRAW) {
      if (play_step(g, MAKE_MOVE(0, 0, MF_DRAW, pick_card(&g->pos)), played, err, errlen))
        return -1;
    } else {
      return 0;
    }
  }
}

/* Plays one legal step and runs the variant's hook after it. */
static int play_step(Game *g, Move m, int *played, char *err, size_t errlen) {
  if (game_play(g, m)) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  (*played)++;
  if (g->hooks && g->hooks->after_step) {
    g->in_hook++;
    int bad = g->hooks->after_step(g->hooks->ctx, g, m, err, errlen);
    g->in_hook--;
    if (bad) return -1;
  }
  return 0;
}

/* In a target step, a whole move (e2e4) names its square when it is the only
** move there; otherwise the square must be named and the opponent chooses. */
static int play_unambiguous(Game *g, const char *text, int *played, char *err, size_t errlen) {
  Move names[MAX_MOVES], choices[MAX_MOVES];
  char buf[64], why[256];
  int n = gen_legal(&g->pos, names);
  for (int i = 0; i < n; i++) {
    Undo u;
    move_make(&g->pos, names[i], &u);
    int k = gen_legal(&g->pos, choices), found = -1;
    for (int j = 0; j < k; j++) {
      move_to_uci(&g->pos, choices[j], buf, sizeof buf);
      if (strcmp(buf, text) == 0) found = j;
    }
    if (found < 0) { /* SAN too */
      Move m = parse_move(&g->pos, text, why, sizeof why);
      for (int j = 0; j < k; j++)
        if (choices[j] == m) found = j;
    }
    move_unmake(&g->pos, names[i], &u);
    if (found < 0) continue;
    move_to_uci(&g->pos, names[i], buf, sizeof buf);
    if (k > 1) {
      snprintf(err, errlen, "%s: %d pieces can reach %s; name the square (%s) and the opponent "
               "chooses", text, k, buf, buf);
      return -1;
    }
    if (play_step(g, names[i], played, err, errlen)) return -1;
    if (play_step(g, choices[found], played, err, errlen)) return -1;
    return finish_automatic_steps(g, played, err, errlen);
  }
  return -1; /* err holds parse_move's message */
}

static int play_text(Game *g, const char *text, int *played, char *err, size_t errlen) {
  if (strcmp(text, game_action_names[ACT_RESIGN]) == 0) { /* the player who decides now */
    Decision d = game_decision(g);
    if (d.kind == DECIDE_NONE) {
      snprintf(err, errlen, "resign: the game is over");
      return -1;
    }
    if (game_play(g, MAKE_MOVE(d.player, 0, MF_GAME, ACT_RESIGN))) {
      snprintf(err, errlen, "resign: out of memory");
      return -1;
    }
    (*played)++;
    return 0;
  }
  if (strcmp(text, game_action_names[ACT_OFFER]) == 0 && !g->v->agreement) {
    snprintf(err, errlen, "offer: %s has no offers to end the game by agreement (resign ends it)",
             g->v->name);
    return -1;
  }
  for (int a = ACT_OFFER; a <= ACT_DECLINE; a++)
    if (strcmp(text, game_action_names[a]) == 0) {
      if (game_act(g, a)) {
        snprintf(err, errlen, "%s: not possible now (%s)", text,
                 a == ACT_OFFER ? "offers are made at the start of one's turn, once"
                                : "there is no offer to answer");
        return -1;
      }
      (*played)++;
      return 0;
    }
  /* a move after a claimable end: the claim was not made, play goes on */
  Decision d = decision_of(g, 1);
  if (d.kind == DECIDE_ANSWER_OFFER) {
    snprintf(err, errlen, "%s: an offer to end the game waits for accept or decline", text);
    return -1;
  }
  if (d.kind == DECIDE_NONE) {
    GameResult r = game_result(g);
    snprintf(err, errlen, "%s: the game is over (%s)", text, r.reason ? r.reason : "no moves");
    return -1;
  }
  char step[128];
  const char *s = text;
  do {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    if (n >= sizeof step) { /* no move is that long: refused whole, never cut */
      snprintf(err, errlen, "\"%.20s...\" (%zu characters) is not a move", s, n);
      return -1;
    }
    memcpy(step, s, n);
    step[n] = '\0';
    /* Where the mover does not see the board, SAN is read with what the
    ** mover knows (a reading against the true position would tell whether
    ** an unseen square is occupied), and becomes an attempt like any other. */
    int unseen = g->v->visibility != SEE_ALL && g->v->phase[g->pos.phase].kind == PHASE_MOVE;
    if (unseen && !looks_like_attempt(g, step)) {
      char squares[64];
      int read = view_attempt(&g->pos, step, squares, sizeof squares, err, errlen);
      if (read < 0) return -1;
      if (read > 0) snprintf(step, sizeof step, "%s", squares);
    }
    Move m = parse_move(&g->pos, step, err, errlen);
    if (m == MOVE_NONE && g->v->phase[g->pos.phase].kind == PHASE_TARGET) {
      /* A whole move where a square is to be named: fine when that move
      ** is the only way to reach its square (nothing for anyone to choose). */
      if (play_unambiguous(g, step, played, err, errlen) == 0) {
        s = comma ? comma + 1 : NULL;
        continue;
      }
      return -1;
    }
    if (m == MOVE_NONE) {
      if (g->v->tries && looks_like_attempt(g, step)) return answer_attempt(g, step, played, err, errlen);
      /* without a referee to answer: refused, saying no more than that */
      if (unseen && looks_like_attempt(g, step)) snprintf(err, errlen, "illegal move %s", step);
      return -1;
    }
    /* a move where a wall could have come instead, written as
    ** Fairy-Stockfish writes it (e2e4,e4a1): the wall part is read too */
    char suffix[16];
    int skip = comma && g->v->pass_moves ? move_instead_suffix(&g->pos, m, suffix, sizeof suffix) : 0;
    if (play_step(g, m, played, err, errlen)) return -1;
    if (skip && strncmp(comma, suffix, (size_t)skip) == 0 && (comma[skip] == ',' || !comma[skip]))
      comma = comma[skip] ? comma + skip : NULL;
    if (!comma && finish_automatic_steps(g, played, err, errlen)) return -1;
    s = comma ? comma + 1 : NULL;
  } while (s);
  return 0;
}

/* All or nothing: a text refused halfway (a later step illegal, a hook
** that fails) takes back what it played and announced, so that the game
** is as it was before the call. */
int game_play_text(Game *g, const char *text, int *played, char *err, size_t errlen) {
  int n = g->n, nmsgs = g->nmsgs, before = *played;
  int status = play_text(g, text, played, err, errlen);
  if (status < 0) {
    game_rollback(g, n, nmsgs);
    *played = before;
  }
  return status;
}
