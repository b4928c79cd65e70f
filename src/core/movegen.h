/*
** movegen.h - move generation from the compiled step tables, and attack
** tests. Legality and the ends of games are the rules' (rules.h).
*/
#ifndef varia_movegen_h
#define varia_movegen_h

#include "position.h"

#define MAX_MOVES 4096

/* Is sq attacked by a piece of colour by? (The content of sq is ignored.) */
int attacked(const Position *p, int sq, int by);
/* attacked() along the rays, read from the bits (Variant.attack_dense),
** where the board may differ from them by a move being tried: occupied,
** the squares' bits where something stands; gone, those of pieces of
** by's that are taken. The special attackers (attacked_specially) are
** the caller's, on the board as it is then. */
int attacked_dense(const Position *p, int sq, int by, uint64_t occupied, uint64_t gone);
/* Colour by's pieces that attack the square of dense bit b along the
** rays on an empty board (Variant.attack_dense): from one step away
** (close: they attack), and from further (beyond: where nothing stands
** between, between_dense). attacked_dense's and the king's rays' reading. */
static inline __attribute__((always_inline)) void dense_attackers(const Position *p, int b, int by, uint64_t *close, uint64_t *beyond) {
  const Variant *v = p->v;
  const uint64_t *near = v->attack_near[by][b], *far = v->attack_far[by][b], *of = p->type_bits[by];
  uint64_t c = 0, f = 0;
  for (uint32_t ts = v->attack_types[by]; ts; ts &= ts - 1) {
    int t = __builtin_ctz(ts);
    c |= near[t] & of[t];
    f |= far[t] & of[t];
  }
  *close = c, *beyond = f;
}
/* Does the piece on from attack sq (could it capture there)? */
int piece_attacks(const Position *p, int from, int sq);
/* Marks in first (cleared first) the first piece on each of sq's attack
** rays beyond which a piece of colour by stands that attacks along the ray
** from there, were the squares between empty: the pieces whose leaving
** could open a line of by's onto sq (a discovered attack, or a pin). */
void ray_screens(const Position *p, int sq, int by, uint64_t *first);

/* The squares a castling spans, from *lo to *hi: the least and the
** greatest of the king's and the rook's squares, where each stands and
** where each lands (the squares between must be empty but for the two). */
static inline void castle_span(int king, int rook, int kto, int rto, int *lo, int *hi) {
  int a = king < rook ? king : rook, b = kto < rto ? kto : rto;
  int c = king > rook ? king : rook, d = kto > rto ? kto : rto;
  *lo = a < b ? a : b;
  *hi = c > d ? c : d;
}

/* Is a royal piece of colour c attacked? */
int royal_attacked(const Position *p, int c);
/* The opponent's pieces that attack c's royal pieces: the first max of
** them in from[] (and the royal square each attacks in royal[]); returns
** how many there are in all. */
int royal_checkers(const Position *p, int c, int *from, int *royal, int max);
/* Why the side to move may not castle on side (0: towards the higher
** files, 1: the lower) now: CASTLE_OK, or the first condition that fails,
** with the square concerned in *where (the rook's, the occupied or the
** attacked square; SQ_NONE for a missing king). One function serves move
** generation and the explanations of `why`. */
enum { CASTLE_OK, CASTLE_NO_KING, CASTLE_NO_RIGHT, CASTLE_NO_ROOK, CASTLE_OCCUPIED,
       CASTLE_IN_CHECK, CASTLE_ATTACKED, CASTLE_BY_HOOK /* the hooks' castling refuses it */ };
int castling_refusal(const Position *p, int side, int *where);
/* Where a script's castling hook judges castling (RuleHooks.castling):
** the core's moves list[0..n) with their castlings as the hook and
** castling_refusal() allow them (the core's generation does not ask it, so
** that a variant without the hook pays nothing). Returns the new count. */
int castling_by_hook(const Position *p, Move *list, int n);
/* The types of the pieces that attack colour c's royal pieces, one bit each. */
uint32_t checking_types(const Position *p, int c);
/* The moves a piece of type t of the side to move would have from square
** from, as if it stood there (a script's rules: a piece that moves as
** another). */
int gen_piece(const Position *p, int from, int t, Move *list);
/* ... with the promotions of type as (a pawn that moves as a knight
** promotes where its knight's move ends in its promotion zone; a knight
** that moves as a pawn does not). */
int gen_piece_as(const Position *p, int from, int t, int as, Move *list);
/* The pieces of colour by that attack sq, by the core's rules of attack:
** the first max of their squares in from[]; returns how many there are. */
int attackers_of(const Position *p, int sq, int by, int *from, int max);
/* Every move the pieces can make, ignoring the check rule. */
int gen_pseudo(const Position *p, Move *list);
/* The same without the compulsory drop (drops.must): every move of the
** pieces and every drop. */
int gen_pseudo_all(const Position *p, Move *list);
/* The squares a place step (Phase.place) of the turn's step phase would
** take on p's board as it stands, as its moves: for a step in place of a
** move (Phase.instead), whose pass changes nothing on the board, before
** the pass is made. */
int gen_place_of(const Position *p, int phase, Move *list);
/* How many squares a place step `phase` of PLACE_REACH offers from the
** piece on at (p's board as it stands, p->target aside), as gen_place_of
** would list them there; -1 where the piece's type is not plain (its
** moves found by the generator). */
int count_place_reach(const Position *p, int phase, int at);
/* Whether the special attackers of colour by (Variant.special_attackers:
** hoppers, lame leapers, conditional steps) attack sq. */
int attacked_specially(const Position *p, int sq, int by);
/* Is royal piece sq of colour c next to an enemy royal piece where
** captures blast (so that it cannot be taken)? */
int blast_shielded(const Position *p, int sq, int c);
/* Do squares a and b stand on one file (or, with ranks, on one rank) with
** nothing between them? */
int open_line_between(const Position *p, int a, int b, int ranks);
/* How many royal pieces colour c has on the board. */
int royal_count(const Position *p, int c);
/* Where a move takes the moving piece (the king's square for castling). */
int move_destination(const Position *p, Move m);
/* Does m capture an enemy piece (en passant included)? */
static inline int move_captures(const Position *p, Move m) {
  int flag = MOVE_FLAG(m);
  if (flag == MF_EP) return 1;
  if (flag != MF_NORMAL && flag != MF_PROMO) return 0; /* castling, drops, cards, ... */
  return p->v->enemy[p->side][p->board[MOVE_TO(m)]];
}

#endif
