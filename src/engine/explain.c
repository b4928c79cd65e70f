/*
** explain.c - the rule that refuses a move, found by trying the move
** against each rule in turn: whose turn and step it is, what stands on the
** squares, how the piece moves on an empty board, what blocks it, the
** variant's own restrictions, and the check rule.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "rules.h"
#include "notation.h"

static int contains(const Position *p, const Move *list, int n, int from, int to) {
  for (int i = 0; i < n; i++)
    if (MOVE_FROM(list[i]) == from && move_destination(p, list[i]) == to) return 1;
  return 0;
}

/* Moves of the piece on from alone on the board: its geometry. */
static int lone_moves(const Position *p, int from, Move *list, int with_capture_target, int to) {
  Position scratch = *p;
  const Geometry *g = &p->v->geo;
  for (int sq = 0; sq < g->nsq; sq++)
    if (board_inside(g, sq) && sq != from) scratch.board[sq] = CELL_EMPTY;
  /* a target to capture, so that capture-only steps show too */
  if (with_capture_target) scratch.board[to] = MAKE_CELL(p->side ^ 1, 0);
  scratch.npieces[0] = scratch.npieces[1] = scratch.npieces[2] = 0;
  scratch.plist[p->side][0] = (uint16_t)from;
  scratch.pidx[from] = 0;
  scratch.npieces[p->side] = 1;
  scratch.castle = 0;
  scratch.takeback_from = SQ_NONE;
  /* every promotion open: what limits them is not geometry */
  memset(scratch.count, 0, sizeof scratch.count);
  memset(scratch.lost, 1, sizeof scratch.lost);
  pos_sync_bits(&scratch);
  return gen_pseudo(&scratch, list);
}

/* Why a drop ("N@f3") is refused: the square, the drop rules in the order
** gen_drops applies them, then what only making it can tell. */
static void explain_drop(Position *p, int t, int sq, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int us = p->side, f = board_file(g, sq), r = board_rank(g, sq);
  const char *piece = v->type[t].name;
  char name[4];
  Move pseudo[MAX_MOVES];
  board_square_name(g, sq, name);
  if (p->board[sq] != CELL_EMPTY) {
    snprintf(out, len, "%s is occupied: a piece is dropped on an empty square", name);
    return;
  }
  if (!v->drops) {
    snprintf(out, len, "pieces in the pocket enter only by gating, as a piece leaves its first square");
    return;
  }
  /* (the region first: the ranks it leaves empty are left out of a
  ** type's drop ranks too, where the region is the reason) */
  if ((v->has_drop_region && !(v->drop_region[us][r] >> f & 1)) ||
      ((v->drop_confined_mask >> t & 1) && !(v->type[t].drop_region[us][r] >> f & 1))) {
    snprintf(out, len, "%s is outside the squares where %s may drop a %s", name, colour_title(us), piece);
    return;
  }
  if (!(v->drop_ranks[us][t] >> r & 1)) {
    snprintf(out, len, "a %s may not be dropped on its %s rank", piece,
             v->promo_rank_mask[us][r] ? "promotion" : "first");
    return;
  }
  if ((v->confined_mask >> t & 1) && !(v->stand[us][sq] >> t & 1)) {
    snprintf(out, len, "%s is outside the %s's region", name, piece);
    return;
  }
  if (t + 1 == v->drop_no_doubled) {
    int on_file = 0;
    for (int rr = 0; rr < g->ranks; rr++)
      on_file += p->board[board_square(g, f, rr)] == MAKE_CELL(us, t);
    if (on_file >= v->drop_doubled_limit) {
      if (v->drop_doubled_limit == 0)
        snprintf(out, len, "a %s is never dropped", piece);
      else if (v->drop_doubled_limit == 1)
        snprintf(out, len, "%s already has a %s on the %c-file", colour_title(us), piece, 'a' + f);
      else
        snprintf(out, len, "%s already has %d of its %ss on the %c-file", colour_title(us), on_file, piece, 'a' + f);
      return;
    }
  }
  if (v->no_immobile && !(v->mobile[us][t][sq / 64] >> (sq % 64) & 1)) {
    snprintf(out, len, "a %s on %s could never move", piece, name);
    return;
  }
  int np = gen_pseudo(p, pseudo), found = 0;
  Move m = MAKE_MOVE(sq, sq, MF_DROP, t + 1);
  for (int i = 0; i < np; i++) found |= pseudo[i] == m;
  if (!found) {
    snprintf(out, len, v->drop_opposite == t + 1
                           ? "a %s must stand on the other colour from the one already placed"
                           : "the %s may not be dropped there now (another drop must come first, or "
                             "the remaining squares are needed)", piece);
    return;
  }
  Undo u;
  move_make(p, m, &u);
  int own = !v->royal_capture && royal_attacked(p, us), gives = royal_attacked(p, us ^ 1);
  move_unmake(p, m, &u);
  if (own)
    snprintf(out, len, "it would leave %s's %s attacked", colour_title(us),
             v->type[__builtin_ctz(v->royal_mask)].name);
  else if (gives && v->drop_no_check)
    snprintf(out, len, "a drop may not give check");
  else if (gives && t + 1 == v->drop_no_mate)
    snprintf(out, len, "a %s drop may not give mate", piece);
  else
    snprintf(out, len, "illegal drop of a %s on %s in this position", piece, name);
}

/* Why castling on side (0: O-O, towards the higher files) is refused,
** from the one list of its conditions that generation uses. */
static void explain_castling(Position *p, int side, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int us = p->side, where = SQ_NONE;
  int why = v->castling ? castling_refusal(p, side, &where) : CASTLE_NO_KING;
  const char *name = side == 0 ? "O-O" : "O-O-O";
  const char *king = v->type[v->castling ? v->castle_king_type : 0].name;
  char sq[4] = "", what[64];
  if (where != SQ_NONE) board_square_name(g, where, sq);
  switch (why) {
  case CASTLE_NO_KING:
    if (!v->castling) snprintf(out, len, "%s has no castling", v->name);
    else snprintf(out, len, "castling (%s) needs %s's %s on its castling square", name,
                  colour_title(us), king);
    return;
  case CASTLE_NO_RIGHT:
    snprintf(out, len, "%s has lost the right to castle %s (the %s or that rook has moved)",
             colour_title(us), name, king);
    return;
  case CASTLE_NO_ROOK:
    snprintf(out, len, "castling (%s) needs %s's %s on %s", name, colour_title(us),
             v->type[v->castle_rook_type].name, sq);
    return;
  case CASTLE_OCCUPIED:
    describe_cell(p, where, what, sizeof what);
    snprintf(out, len, "castling (%s) needs %s empty, and %s holds %s", name, sq, sq, what);
    return;
  case CASTLE_IN_CHECK:
    snprintf(out, len, "%s may not castle out of check", colour_title(us));
    return;
  case CASTLE_ATTACKED:
    snprintf(out, len, "castling (%s): the %s may not cross %s, which %s attacks", name, king, sq,
             colour_title(us ^ 1));
    return;
  case CASTLE_BY_HOOK: { /* the script's castling hook, asked again for its reason */
    const RuleHooks *r = v->rules;
    int ksq = p->castle_king[us];
    int kt = board_square(g, v->castle_king_file[side], v->sq_rank[ksq]);
    char reason[200] = "";
    r->castling(r->ctx, p, side, kt, kt + (side == 0 ? -1 : 1), reason, sizeof reason);
    if (reason[0]) snprintf(out, len, "castling (%s): %s", name, reason);
    else snprintf(out, len, "castling (%s): the variant's rules (hooks.castling) do not allow it", name);
    return;
  }
  default:
    snprintf(out, len, "castling (%s) would leave %s's %s attacked", name, colour_title(us), king);
  }
}

/* The castling side a coordinate move from-to asks for, or -1: the king
** on its castling square going to its castling destination, or onto one of
** its own rooks on that rank (king takes rook). */
static int castling_intent(const Position *p, int from, int to) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int us = p->side;
  if (!v->castling || from != p->castle_king[us] ||
      p->board[from] != MAKE_CELL(us, v->castle_king_type) || board_rank(g, to) != board_rank(g, from))
    return -1;
  /* a king's step next door to its castling square is a step, unless
  ** that castling is still allowed (h8-g8 with no rights is a step) */
  int next_door = abs(board_file(g, to) - board_file(g, from)) <= 1;
  for (int side = 0; side < 2; side++)
    if (to == board_square(g, v->castle_king_file[side], board_rank(g, from)) && to != from &&
        !(next_door && !(p->castle >> (us * 2 + side) & 1)))
      return side;
  if (p->board[to] != CELL_EMPTY && p->board[to] != CELL_OFF && CELL_COLOUR(p->board[to]) == us &&
      (v->castle_rook_mask >> CELL_TYPE(p->board[to]) & 1))
    return board_file(g, to) > board_file(g, from) ? 0 : 1;
  return -1;
}

enum { NOT_ITS_MOVE = 0, REFUSED = 1 };

/* Why the piece on from may not go to to: what stands there, how the piece
** moves, what blocks it, the variant's restrictions, the check rule.
** Returns NOT_ITS_MOVE when the piece cannot move that way even on an
** empty board, else REFUSED. promo_given: the text names a promotion. */
static int explain_step(Position *p, int from, int to, int promo_given, const char *fallback,
                        const Move *legal, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  Move pseudo[MAX_MOVES], lone[MAX_MOVES];
  char name[4], sq[4], what[64];
  board_square_name(g, from, name);
  board_square_name(g, to, sq);
  uint8_t c = p->board[from];
  if (c == CELL_EMPTY) {
    snprintf(out, len, "there is no piece on %s", name);
    return REFUSED;
  }
  int t = CELL_TYPE(c), kind = v->phase[p->phase].kind;
  const char *piece = v->type[t].name;
  if (CELL_COLOUR(c) != p->side) {
    snprintf(out, len, "the %s on %s is %s's, and %s is to move", piece, name,
             CELL_COLOUR(c) == NEUTRAL ? "nobody" : colour_title(CELL_COLOUR(c)),
             colour_title(p->side));
    return REFUSED;
  }
  /* A move the core allows and the variant's rule hooks refuse: their
  ** reason. */
  if (v->rules && v->rules->refusal) {
    int np = gen_pseudo(p, pseudo);
    for (int i = 0; i < np; i++)
      if (MOVE_FROM(pseudo[i]) == from && move_destination(p, pseudo[i]) == to &&
          v->rules->refusal(v->rules->ctx, p, pseudo[i], out, len))
        return REFUSED;
  }
  int castle = castling_intent(p, from, to);
  if (castle >= 0) {
    explain_castling(p, castle, out, len);
    return REFUSED;
  }
  uint8_t there = p->board[to];
  if (there != CELL_EMPTY && CELL_COLOUR(there) == p->side) {
    snprintf(out, len, "%s holds %s's own %s", sq, colour_title(p->side), v->type[CELL_TYPE(there)].name);
    return REFUSED;
  }
  if (there != CELL_EMPTY && CELL_COLOUR(there) == NEUTRAL) {
    snprintf(out, len, "%s holds the %s, which nothing may capture", sq, v->type[CELL_TYPE(there)].name);
    return REFUSED;
  }
  /* The piece's geometry, alone on the board: with a piece to capture on
  ** the destination, and without. */
  int k = lone_moves(p, from, lone, there != CELL_EMPTY, to);
  if (!contains(p, lone, k, from, to)) {
    int other = contains(p, lone, lone_moves(p, from, lone, there == CELL_EMPTY, to), from, to);
    if (other && there == CELL_EMPTY) {
      snprintf(out, len, "the %s on %s reaches %s only by capturing, and %s is empty", piece, name,
               sq, sq);
      return REFUSED;
    }
    if (other) {
      describe_cell(p, to, what, sizeof what);
      snprintf(out, len, "the %s on %s is blocked: it moves to %s only when %s is empty, and %s "
               "holds %s", piece, name, sq, sq, sq, what);
      return REFUSED;
    }
    if (!(v->stand[p->side][to] >> t & 1))
      snprintf(out, len, "the %s on %s may not leave its region, and %s is outside it",
               piece, name, sq);
    else if (v->diagonal_once_bit && (p->attr[from] & v->diagonal_once_bit))
      snprintf(out, len, "the %s on %s has moved diagonally once and so has lost its diagonal "
               "moves", piece, name);
    else
      snprintf(out, len, "a %s cannot move from %s to %s", piece, name, sq);
    return NOT_ITS_MOVE;
  }
  int np = gen_pseudo(p, pseudo);
  if (!contains(p, pseudo, np, from, to)) {
    if (p->takeback_from == from && p->takeback_to == to)
      snprintf(out, len, "the %s has just crossed the line and may not go straight back to %s", piece, sq);
    else if (v->promote_mask >> t & 1 && v->promo_sq[p->side][to] && v->promote_to_lost)
      snprintf(out, len, "a %s may promote only into a piece %s has lost, and none is left to choose",
               piece, colour_title(p->side));
    else if (v->promote_mask >> t & 1 && v->promo_sq[p->side][to] && v->has_promo_limit)
      snprintf(out, len, "a %s must promote on %s, and %s has as many of every promotion piece as "
               "the limit allows", piece, sq, colour_title(p->side));
    else {
      /* the first occupied square on the way, where the lone piece's moves
      ** and the real ones part */
      int block = SQ_NONE, df = board_file(g, to) - board_file(g, from),
          dr = board_rank(g, to) - board_rank(g, from);
      int steps = abs(df) > abs(dr) ? abs(df) : abs(dr);
      if (steps > 1 && (df == 0 || dr == 0 || abs(df) == abs(dr)))
        for (int i = 1; i < steps && block == SQ_NONE; i++) {
          int s2 = board_square(g, board_file(g, from) + i * (df > 0) - i * (df < 0),
                                board_rank(g, from) + i * (dr > 0) - i * (dr < 0));
          if (p->board[s2] != CELL_EMPTY) block = s2;
        }
      if (block != SQ_NONE) {
        char bsq[4];
        board_square_name(g, block, bsq);
        describe_cell(p, block, what, sizeof what);
        snprintf(out, len, "the %s on %s cannot reach %s: %s holds %s, in the way", piece, name,
                 sq, bsq, what);
      } else {
        snprintf(out, len, "the %s on %s cannot reach %s from here: the pieces around it block "
                 "that move", piece, name, sq);
      }
    }
    return REFUSED;
  }
  /* Pseudo-legal but refused: a promotion piece, or the check rule. */
  for (int i = 0; i < np; i++) {
    if (MOVE_FROM(pseudo[i]) != from || move_destination(p, pseudo[i]) != to) continue;
    if (MOVE_FLAG(pseudo[i]) == MF_PROMO && !promo_given) {
      if (v->promo_sq[p->side][to] == PROMO_OPTIONAL) continue; /* the plain move */
      char promo[4];
      type_text(v, MOVE_PROMO(pseudo[i]) - 1, BLACK, promo);
      snprintf(out, len, "a %s reaching %s must promote: add the piece (%s%s%s)", piece, sq, name, sq, promo);
      return REFUSED;
    }
    Undo u;
    int us = p->side;
    move_make(p, pseudo[i], &u);
    if (!v->royal_capture && royal_attacked(p, us)) {
      char by[4] = "?";
      const char *who = "a piece";
      int a[MAX_PIECES], ksq[MAX_PIECES];
      int n = royal_checkers(p, us, a, ksq, MAX_PIECES);
      if (n > MAX_PIECES) n = MAX_PIECES;
      if (n) { /* name the last checker found */
        board_square_name(g, a[n - 1], by);
        who = v->type[CELL_TYPE(p->board[a[n - 1]])].name;
      }
      move_unmake(p, pseudo[i], &u);
      snprintf(out, len, "it would leave %s's %s attacked (by the %s on %s)", colour_title(us),
               v->type[__builtin_ctz(v->royal_mask)].name, who, by);
      return REFUSED;
    }
    move_unmake(p, pseudo[i], &u);
  }
  if (v->unique_destination) {
    snprintf(out, len, "more than one piece can reach %s, and such squares may not be named", sq);
    return REFUSED;
  }
  if (v->must_capture && kind == PHASE_MOVE) {
    /* legal but for the compulsory capture: name one of the captures */
    for (int i = 0; i < np; i++)
      if (MOVE_FROM(pseudo[i]) == from && move_destination(p, pseudo[i]) == to) {
        char capture[64];
        move_to_san(p, legal[0], capture, sizeof capture);
        snprintf(out, len, "a capture is compulsory, and %s can capture (%s)", colour_title(p->side),
                 capture);
        return REFUSED;
      }
  }
  snprintf(out, len, "%s", fallback);
  return REFUSED;
}

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

/* Why a move written in SAN is refused: castling by its conditions; a
** piece move by the pieces of that kind that could be meant, each with
** its reason; ambiguous when several could make it. */
static void explain_san(Position *p, const char *text, const SanParts *sp, const char *fallback,
                        const Move *legal, int n, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  int us = p->side;
  char sq[4];
  if (sp->castle >= 0) {
    explain_castling(p, sp->castle, out, len);
    return;
  }
  if (sp->type == -2) {
    snprintf(out, len, "%s: '%c' is not a piece of %s", text, text[0], v->name);
    return;
  }
  if (sp->promo == -2) {
    snprintf(out, len, "%s: the promotion piece is not a piece of %s", text, v->name);
    return;
  }
  board_square_name(g, sp->to, sq);
  uint32_t types = sp->type >= 0 ? 1u << sp->type : v->pawn_mask;
  const char *kind = sp->type >= 0 ? v->type[sp->type].name : "pawn";
  /* Several legal moves of that kind to that square: SAN must say which
  ** (listed in alphabetical order, whatever the order of generation). */
  char list[256] = "", sans[8][64];
  int ambiguous = 0;
  size_t used = 0;
  for (int i = 0; i < n; i++) {
    int f = MOVE_FROM(legal[i]);
    if (MOVE_FLAG(legal[i]) == MF_DROP || MOVE_FLAG(legal[i]) == MF_CASTLE ||
        move_destination(p, legal[i]) != sp->to || !(types >> CELL_TYPE(p->board[f]) & 1) ||
        (sp->from_file >= 0 && board_file(g, f) != sp->from_file) ||
        (sp->from_rank >= 0 && board_rank(g, f) != sp->from_rank) ||
        (sp->promo >= 0 && MOVE_PROMO(legal[i]) != sp->promo + 1))
      continue;
    if (ambiguous < 8) move_to_san(p, legal[i], sans[ambiguous], sizeof sans[0]);
    ambiguous++;
  }
  int shown = ambiguous < 8 ? ambiguous : 8;
  qsort(sans, (size_t)shown, sizeof sans[0], compare_text);
  for (int i = 0; i < shown; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? " or " : "", sans[i]);
  if (ambiguous > 1) {
    snprintf(out, len, "%s is ambiguous: %s", text, list);
    return;
  }
  if (ambiguous == 1) {
    snprintf(out, len, "%s is not how that move is written: %s", text, list);
    return;
  }
  /* The pieces that could be meant, and why each may not go. */
  int cand[MAX_PIECES], nc = 0, any = 0;
  for (int i = 0; i < p->npieces[us]; i++) {
    int f = p->plist[us][i];
    if (!(types >> CELL_TYPE(p->board[f]) & 1)) continue;
    any = 1;
    if ((sp->from_file >= 0 && board_file(g, f) != sp->from_file) ||
        (sp->from_rank >= 0 && board_rank(g, f) != sp->from_rank))
      continue;
    cand[nc++] = f;
  }
  if (!nc) {
    snprintf(out, len, any ? "%s: no %s of %s's stands where %s says" : "%s: %s has no %s", text,
             any ? kind : colour_title(us), any ? colour_title(us) : kind, text);
    return;
  }
  char reason[MAX_PIECES][256];
  int reach[MAX_PIECES], nreach = 0;
  for (int i = 0; i < nc; i++) {
    reach[i] = explain_step(p, cand[i], sp->to, sp->promo >= 0, fallback, legal, reason[i],
                            sizeof reason[i]) != NOT_ITS_MOVE;
    nreach += reach[i];
  }
  if (nc == 1) {
    snprintf(out, len, "%s: %s", text, reason[0]);
    return;
  }
  if (!nreach) {
    snprintf(out, len, "%s: no %s of %s's can move to %s", text, kind, colour_title(us), sq);
    return;
  }
  used = (size_t)snprintf(out, len, "%s:", text);
  for (int i = 0, k = 0; i < nc && used < len; i++) {
    int seen = 0; /* a reason about the destination is the same for all */
    for (int j = 0; j < i; j++) seen |= reach[j] && !strcmp(reason[j], reason[i]);
    if (reach[i] && !seen)
      used += (size_t)snprintf(out + used, len - used, "%s %s", k++ ? ";" : "", reason[i]);
  }
}

int explain_move(Position *p, const char *text, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char err[256];
  Move legal[MAX_MOVES];
  Move m = parse_move(p, text, err, sizeof err);
  int n = gen_legal(p, legal), result;
  if (m != MOVE_NONE) {
    char san[64];
    move_to_san(p, m, san, sizeof san);
    snprintf(out, len, "%s is legal (%s)", text, san);
    return 1;
  }
  if (v->has_terminal && pos_terminal(p, &result)) {
    snprintf(out, len, "the game is over: no moves");
    return 0;
  }
  if (n == 0) {
    snprintf(out, len, "%s has no legal move: the game is over", colour_title(p->side));
    return 0;
  }
  int kind = v->phase[p->phase].kind;
  if (kind == PHASE_RELOCATE) {
    snprintf(out, len, "%s must now move the %s (to any empty square but its own): %s",
             colour_title(p->side), v->type[v->phase[p->phase].piece].name, err);
    return 0;
  }
  if (kind == PHASE_TARGET || kind == PHASE_CHOOSE) {
    snprintf(out, len, "%s: %s", kind == PHASE_TARGET ? "a square is to be named" :
             "the opponent chooses among the moves to the named square", err);
    return 0;
  }
  if (v->pockets && text[0] && text[1] == '@') { /* a drop */
    int dl = 0, dsq = board_parse_square(g, text + 2, &dl);
    int dt = variant_type_by_letter(v, (char)tolower((unsigned char)text[0]));
    if (dsq != SQ_NONE && !text[2 + dl] && dt >= 0 && p->pocket[p->side][dt]) {
      explain_drop(p, dt, dsq, out, len);
      return 0;
    }
  }
  int l1 = 0, l2 = 0, from = board_parse_square(g, text, &l1);
  int to = from == SQ_NONE ? SQ_NONE : board_parse_square(g, text + l1, &l2);
  if (from != SQ_NONE && to != SQ_NONE) {
    explain_step(p, from, to, strlen(text) > (size_t)(l1 + l2), err, legal, out, len);
    return 0;
  }
  SanParts sp;
  if (san_parse(p, text, &sp) == 0) {
    explain_san(p, text, &sp, err, legal, n, out, len);
    return 0;
  }
  snprintf(out, len, "%s", err);
  return 0;
}
