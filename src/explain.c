/*
** explain.c - the rule that refuses a move, found by trying the move
** against each rule in turn: whose turn and step it is, what stands on the
** squares, how the piece moves on an empty board, what blocks it, the
** variant's own restrictions, and the check rule.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "movegen.h"
#include "notation.h"

static const char *colour_word(int c) { return c == WHITE ? "White" : "Black"; }

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
  if (!(v->drop_ranks[us][t] >> r & 1)) {
    snprintf(out, len, "a %s may not be dropped on its %s rank", piece,
             v->promo_rank_mask[us][r] ? "promotion" : "first");
    return;
  }
  if ((v->has_drop_region && !(v->drop_region[us][r] >> f & 1)) ||
      ((v->drop_confined_mask >> t & 1) && !(v->type[t].drop_region[us][r] >> f & 1))) {
    snprintf(out, len, "%s is outside the squares where %s may drop a %s", name, colour_word(us), piece);
    return;
  }
  if ((v->confined_mask >> t & 1) && !(v->stand[us][sq] >> t & 1)) {
    snprintf(out, len, "%s is outside the %s's region", name, piece);
    return;
  }
  if (t + 1 == v->drop_no_doubled)
    for (int rr = 0; rr < g->ranks; rr++)
      if (p->board[board_square(g, f, rr)] == MAKE_CELL(us, t)) {
        snprintf(out, len, "%s already has a %s on the %c-file", colour_word(us), piece, 'a' + f);
        return;
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
    snprintf(out, len, "it would leave %s's %s attacked", colour_word(us),
             v->type[__builtin_ctz(v->royal_mask)].name);
  else if (gives && v->drop_no_check)
    snprintf(out, len, "a drop may not give check");
  else if (gives && t + 1 == v->drop_no_mate)
    snprintf(out, len, "a %s drop may not give mate", piece);
  else
    snprintf(out, len, "illegal drop of a %s on %s in this position", piece, name);
}

int explain_move(Position *p, const char *text, char *out, size_t len) {
  const Variant *v = p->v;
  const Geometry *g = &v->geo;
  char err[256], name[4], sq[4];
  Move legal[MAX_MOVES], pseudo[MAX_MOVES], lone[MAX_MOVES];
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
    snprintf(out, len, "%s has no legal move: the game is over", colour_word(p->side));
    return 0;
  }
  int kind = v->phase[p->phase].kind;
  if (kind == PHASE_RELOCATE) {
    snprintf(out, len, "%s must now move the %s (to any empty square but its own): %s",
             colour_word(p->side), v->type[v->phase[p->phase].piece].name, err);
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
  if (from == SQ_NONE || to == SQ_NONE) {
    snprintf(out, len, "%s", err);
    return 0;
  }
  board_square_name(g, from, name);
  board_square_name(g, to, sq);
  uint8_t c = p->board[from];
  if (c == CELL_EMPTY) {
    snprintf(out, len, "there is no piece on %s", name);
    return 0;
  }
  int t = CELL_TYPE(c);
  const char *piece = v->type[t].name;
  if (CELL_COLOUR(c) != p->side) {
    snprintf(out, len, "the %s on %s is %s's, and %s is to move", piece, name,
             CELL_COLOUR(c) == NEUTRAL ? "nobody" : colour_word(CELL_COLOUR(c)),
             colour_word(p->side));
    return 0;
  }
  uint8_t there = p->board[to];
  if (there != CELL_EMPTY && CELL_COLOUR(there) == p->side) {
    snprintf(out, len, "%s holds %s's own %s", sq, colour_word(p->side), v->type[CELL_TYPE(there)].name);
    return 0;
  }
  if (there != CELL_EMPTY && CELL_COLOUR(there) == NEUTRAL) {
    snprintf(out, len, "%s holds the %s, which nothing may capture", sq, v->type[CELL_TYPE(there)].name);
    return 0;
  }
  /* The piece's geometry, alone on the board. */
  int k = lone_moves(p, from, lone, there != CELL_EMPTY, to);
  if (!contains(p, lone, k, from, to)) {
    int capture_only = there == CELL_EMPTY && contains(p, lone, lone_moves(p, from, lone, 1, to), from, to);
    if (capture_only)
      snprintf(out, len, "the %s on %s (%s) reaches %s only by capturing, and %s is empty",
               piece, name, v->type[t].betza, sq, sq);
    else if (!(v->stand[p->side][to] >> t & 1))
      snprintf(out, len, "the %s on %s may not leave its region, and %s is outside it",
               piece, name, sq);
    else if (v->diagonal_once_bit && (p->attr[from] & v->diagonal_once_bit))
      snprintf(out, len, "the %s on %s (%s) has moved diagonally and has lost its diagonal moves",
               piece, name, v->type[t].betza);
    else
      snprintf(out, len, "a %s (%s) cannot move from %s to %s", piece, v->type[t].betza, name, sq);
    return 0;
  }
  int np = gen_pseudo(p, pseudo);
  if (!contains(p, pseudo, np, from, to)) {
    if (p->takeback_from == from && p->takeback_to == to)
      snprintf(out, len, "the %s has just crossed the line and may not go straight back to %s", piece, sq);
    else if (v->promote_mask >> t & 1 && v->promo_rank_mask[p->side][v->sq_rank[to]] && v->promote_to_lost)
      snprintf(out, len, "a %s may promote only into a piece %s has lost, and none is left to choose",
               piece, colour_word(p->side));
    else if (v->promote_mask >> t & 1 && v->promo_rank_mask[p->side][v->sq_rank[to]] && v->has_promo_limit)
      snprintf(out, len, "a %s must promote on %s, and %s has as many of every promotion piece as "
               "the limit allows", piece, sq, colour_word(p->side));
    else
      snprintf(out, len, "the %s on %s cannot reach %s: the way is blocked", piece, name, sq);
    return 0;
  }
  /* Pseudo-legal but refused: a promotion piece, or the check rule. */
  for (int i = 0; i < np; i++) {
    if (MOVE_FROM(pseudo[i]) != from || move_destination(p, pseudo[i]) != to) continue;
    if (MOVE_FLAG(pseudo[i]) == MF_PROMO && strlen(text) == (size_t)(l1 + l2)) {
      if (v->promo_rank_mask[p->side][v->sq_rank[to]] == PROMO_OPTIONAL) continue; /* the plain move */
      snprintf(out, len, "a %s reaching %s must promote: add the piece (%s%c)", piece, sq, text,
               v->type[MOVE_PROMO(pseudo[i]) - 1].letter);
      return 0;
    }
    Undo u;
    int us = p->side;
    move_make(p, pseudo[i], &u);
    if (!v->royal_capture && royal_attacked(p, us)) {
      char by[4] = "?";
      const char *what = "a piece";
      int a[MAX_PIECES], ksq[MAX_PIECES];
      int n = royal_checkers(p, us, a, ksq, MAX_PIECES);
      if (n > MAX_PIECES) n = MAX_PIECES;
      if (n) { /* name the last checker found */
        board_square_name(g, a[n - 1], by);
        what = v->type[CELL_TYPE(p->board[a[n - 1]])].name;
      }
      move_unmake(p, pseudo[i], &u);
      snprintf(out, len, "it would leave %s's %s attacked (by the %s on %s)", colour_word(us),
               v->type[__builtin_ctz(v->royal_mask)].name, what, by);
      return 0;
    }
    move_unmake(p, pseudo[i], &u);
  }
  if (v->unique_destination) {
    snprintf(out, len, "more than one piece can reach %s, and such squares may not be named", sq);
    return 0;
  }
  if (v->must_capture && kind == PHASE_MOVE) {
    /* legal but for the compulsory capture: name one of the captures */
    for (int i = 0; i < np; i++)
      if (MOVE_FROM(pseudo[i]) == from && move_destination(p, pseudo[i]) == to) {
        char capture[64];
        move_to_san(p, legal[0], capture, sizeof capture);
        snprintf(out, len, "a capture is compulsory, and %s can capture (%s)", colour_word(p->side),
                 capture);
        return 0;
      }
  }
  snprintf(out, len, "%s", err);
  return 0;
}
