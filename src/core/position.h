/*
** position.h - the state of a game at one moment: board, piece lists, side
** to move, castling, en passant, counters and Zobrist hash; make/unmake
** with an undo record; FEN in and out.
*/
#ifndef varia_position_h
#define varia_position_h

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "variant.h"

#define MAX_PIECES (MAX_FILES * MAX_RANKS)

/* A move: from, to, a flag and a promotion type (+1, 0 for none). For a
** castling move, to is the rook's square and promo is the side (0 king
** side, 1 queen side). For a relocation (MF_PLACE), from is the neutral
** piece's square (PLACE_FROM_NONE when it enters) and promo its type + 1. */
typedef uint32_t Move;
enum { MF_NORMAL = 0, MF_DOUBLE, MF_EP, MF_CASTLE, MF_PROMO, MF_PLACE,
       MF_TARGET, /* names the square to (and a promotion piece) */
       MF_CARD,   /* plays the two cards naming square to */
       MF_DRAW,   /* draws a card of value promo from the deck */
       MF_DROP,   /* puts a piece of type promo - 1 from the pocket on to
                     (from is to as well: no square is left) */
       MF_GATE,   /* an ordinary move, and a piece of type promo - 1 from
                     the pocket enters the square left (gating) */
       MF_PASS,   /* nothing moves; from and to are the royal piece's square */
       MF_SCRIPT  /* a move a variant's hooks add: the core moves nothing,
                     the hooks' effects do it all; promo is the kind + 1
                     (RuleHooks.kinds) */ };
/* Castling keeps its side in bit 0 of promo; a piece gated in with it is
** type + 1 in the bits above, on the king's square, or on the rook's when
** MOVE_GATE_ON_ROOK is set. */
#define MOVE_GATE_ON_ROOK (1u << 30)
#define CASTLE_SIDE(m) (MOVE_PROMO(m) & 1)
#define CASTLE_GATE(m) (MOVE_PROMO(m) >> 1)
#define PLACE_FROM_NONE 0x3FF
#define MOVE_NONE 0u
#define MAKE_MOVE(from, to, flag, promo)                                  \
  ((Move)(from) | ((Move)(to) << 10) | ((Move)(flag) << 20) |             \
   ((Move)(promo) << 24))
#define MOVE_FROM(m) ((int)((m) & 0x3FF))
#define MOVE_TO(m) ((int)(((m) >> 10) & 0x3FF))
#define MOVE_FLAG(m) ((int)(((m) >> 20) & 0xF))
#define MOVE_PROMO(m) ((int)(((m) >> 24) & 0x3F))

#define POS_STATE_SLOTS 4
#define MAX_EFFECTS 64 /* cells a move's flips and hooks may change (flips on
                          a 16x16 board: 52 at most) */

/* What a move changes that unmake puts back as it was, whatever the
** move: one block, declared alike in Position and in Undo (so that make
** saves it and unmake restores it in one copy, POS_RESTORED_SIZE). */
#define POS_RESTORED                                                            \
  uint64_t key;                                                                 \
  uint64_t rng; /* the game's generator (chance steps) */                       \
  int royal[2]; /* a royal piece's square, SQ_NONE without one */               \
  int side;                                                                     \
  int phase;    /* step of the turn (Variant.phase) */                          \
  int score[2]; /* points of captured pieces */                                 \
  int takeback_from, takeback_to; /* the move no_takeback forbids, or SQ_NONE */ \
  int passes;   /* passes in a row just made (not in the FEN) */                \
  int anchor;   /* where this turn's previous step ended (for notation) */      \
  int target, target_promo; /* the square named (PHASE_TARGET), SQ_NONE */      \
  int pending_draws; /* cards earned and not yet drawn */                       \
  int castle;   /* rights: bit colour * 2 + side */                             \
  int ep, ep_victim; /* en passant square and the piece it captures */          \
  int ep2;      /* a second square the same step passed (a triple step's;       \
                   SQ_NONE unless ep is set too): captured the same way */      \
  int halfmove, fullmove;                                                       \
  /* Variant.counting_rule: the count's limit and its count so far, in          \
  ** plies (0: no count runs), as Fairy-Stockfish keeps them; kept out of       \
  ** the key, as the n-move count is, and written in the FEN in place of        \
  ** the en passant square and the halfmove clock. move_make starts and         \
  ** advances the count (pos_make leaves it). */                                \
  int count_limit, count_ply;                                                   \
  uint16_t gates[2]; /* files of each side's castling rank where a piece        \
                        from the pocket may enter when the piece there          \
                        first leaves (gating) */                                \
  uint8_t checks[2]; /* checks each side has given (check_limit) */             \
  /* Variant.mate_series_types: 1 when colour c has been in check at each of    \
  ** its turns since a check by one of those types (kept out of the key and     \
  ** the FEN, like the history it stands for) */                                \
  uint8_t series[2];                                                            \
  uint8_t dropped; /* type + 1 of the piece the last move dropped, or 0 */      \
  uint8_t restored_end

typedef struct Position {
  const Variant *v;
  uint8_t board[MAX_SQUARES];
  uint16_t plist[NCOLOURS][MAX_PIECES];
  uint16_t pidx[MAX_SQUARES];
  int npieces[NCOLOURS];
  uint8_t count[NCOLOURS][MAX_TYPES];
  /* The pieces as bits of the dense board (Variant.sets; where the board
  ** has more than 64 squares, bit 0 for each, never read): by colour, and
  ** by colour and type. put_piece and remove_piece keep them. */
  uint64_t bits[NCOLOURS];
  uint64_t type_bits[NCOLOURS][MAX_TYPES];
  uint8_t attr[MAX_SQUARES]; /* per-piece state; travels with the piece */
  /* cards, counted per value (index = value) */
  uint8_t deck[MAX_CARD_VALUES + 1], discard[MAX_CARD_VALUES + 1];
  uint8_t hand[2][MAX_CARD_VALUES + 1];
  uint8_t lost[2][MAX_TYPES];  /* pieces of each side captured, by type */
  uint8_t pocket[2][MAX_TYPES]; /* pieces in each side's hand, by type */
  uint8_t last_step; /* where a script writes rules: what the turn's last
                        step did (LAST_*, those RuleHooks.terminal_after
                        asks for), every bit in a position set up from a
                        FEN: what led to it is not known */
  int turn_steps;       /* steps made in this turn, where the hooks end
                           turns (else 0): at most MAX_TURN_STEPS */
  int32_t state[POS_STATE_SLOTS]; /* what a variant's hooks keep (hashed,
                                     in the FEN, undone by unmake) */
  int castle_rook[4];   /* the rook of each right */
  int castle_king[2];   /* the castling king's square of each colour */
  uint8_t castle_clear[MAX_SQUARES]; /* rights lost when a square changes */
  int16_t blasted_at;   /* 1 + the square of this turn's blast (0: none),
                           cleared by the place or relocation step after
                           it: the squares it emptied (bits of
                           Variant.blast_off in blasted) take no wall, as
                           Fairy-Stockfish measures a wall's squares
                           before the move (not in the key or the FEN) */
  uint32_t blasted;
  int16_t castled_from, castled_rook; /* 1 + the squares king and rook
                           castled from this turn, before a relocation that
                           shields (0: none), cleared as blasted_at is */
  uint8_t castled_win;  /* the last move castled by a right of
                           Variant.castle_wins (not in the key or the FEN:
                           the game is over) */
  POS_RESTORED;
} Position;

/* Colour c's pieces on the board of type t and of the types counted
** with it (PieceType.counts_as: a type and those that count as it). */
static inline int pos_count_as(const Position *p, int c, int t) {
  uint32_t with = p->v->counted_with[t];
  if (with == 1u << t) return p->count[c][t];
  int n = 0;
  for (; with; with &= with - 1) n += p->count[c][__builtin_ctz(with)];
  return n;
}

/* Does the check rule protect colour c's royal pieces of type t now?
** Always, but for a royal type "counted" (ROYAL_COUNTED): while c has
** one piece of it (counted with those counted as it). */
static inline int pos_royal_protected(const Position *p, int c, int t) {
  return !(p->v->counted_royals >> t & 1) || pos_count_as(p, c, t) <= 1;
}

typedef struct Undo {
  int turn_steps; /* where the hooks end turns */
  int32_t state[POS_STATE_SLOTS];
  uint8_t neffects; /* cells the hooks changed: where, what, attribute */
  int16_t effect_sq[MAX_EFFECTS];
  uint8_t effect_cell[MAX_EFFECTS], effect_attr[MAX_EFFECTS];
  int8_t consumed; /* the lost type a promotion used, or -1 */
  uint8_t last_step;
  uint8_t captured, captured_attr;
  uint8_t moved, moved_attr;
  uint8_t rook_attr;
  int16_t blasted_at; /* Position.blasted_at and blasted before a place step */
  uint32_t blasted;
  int16_t castled_from, castled_rook;
  uint8_t nblast; /* pieces a capture's blast removed: where, what, attribute */
  int16_t blast_sq[MAX_BLAST];
  uint8_t blast_cell[MAX_BLAST], blast_attr[MAX_BLAST];
  POS_RESTORED; /* as in Position */
} Undo;

/* POS_RESTORED's size, from key to restored_end: the same in both (one
** declaration, both blocks starting at a multiple of 8). */
#define POS_RESTORED_SIZE (offsetof(Position, restored_end) - offsetof(Position, key))
_Static_assert(offsetof(Undo, restored_end) - offsetof(Undo, key) == POS_RESTORED_SIZE,
               "Position's and Undo's restored blocks are alike");

/* Sets up pos from a FEN (4 to 6 fields). Returns 0, or -1 with a message
** naming the field and the problem. pos is unchanged on failure. */
int pos_set_fen(Position *pos, const Variant *v, const char *fen, char *err,
                size_t errlen);
/* Writes the FEN of pos into buf; returns its length. */
int pos_fen(const Position *pos, char *buf, size_t len);
/* fen (varia's, whose board leaves holes out) in XBoard's form, each rank
** in its full width and a hole written '*'; pos_set_fen reads both. */
int fen_holes_marked(const Variant *v, const char *fen, char *out, size_t len);

/* The board's part of a move. Games, searches and perft play moves with
** move_make() (rules.h), which adds what only attack tests can tell:
** pos_make_board(), then pos_end_step() told whether the move gave check
** (a card earned), then the rest. pos_make() is the two, with no check:
** enough for a legality test, which asks only about the board. */
void pos_make(Position *pos, Move m, Undo *u);
void pos_make_board(Position *pos, Move m, Undo *u);
void pos_end_step(Position *pos, Move m, Undo *u, int gives_check);
void pos_unmake(Position *pos, Move m, const Undo *u);
/* A pass, the search's null move: the other side moves, the en passant
** square is forgotten, nothing else changes (the search allows it only
** in one-step turns). pos_unmake_null() puts back what NullUndo keeps. */
typedef struct NullUndo {
  uint64_t key;
  int ep, ep_victim, ep2, fullmove;
} NullUndo;
void pos_make_null(Position *pos, NullUndo *u);
void pos_unmake_null(Position *pos, const NullUndo *u);
/* A placement from nowhere (MF_PLACE from PLACE_FROM_NONE, onto an empty
** square), made as pos_make() makes it, keeping in PlaceUndo only what a
** placement changes: perft's walls on the square left. Only where no hook
** ends turns (a placement then changes nothing else: no capture, no
** castling right, no card). pos_unmake_place() takes it back. */
typedef struct PlaceUndo {
  uint64_t key;
  int phase, side, fullmove, anchor, target, target_promo, passes, pending_draws;
  uint8_t dropped;
  int16_t blasted_at;
  uint32_t blasted;
} PlaceUndo;
void pos_make_place(Position *pos, Move m, PlaceUndo *w);
void pos_unmake_place(Position *pos, Move m, const PlaceUndo *w);
/* A hook's effect during a move's make: sets the cell and attribute of
** square sq (CELL_EMPTY removes the piece), keeping the piece lists, the
** counts, the royal squares, the castling rights of the square and the
** hash right, and records the old ones in u for pos_unmake. Returns -1
** when u has no room left (MAX_EFFECTS), 0 otherwise. */
int pos_set_cell(Position *pos, int sq, uint8_t cell, uint8_t attr, Undo *u);
/* Forgets the en passant square (hashed; the Undo of the move that set it
** brings it back). */
void pos_clear_ep(Position *pos);
/* Sets a hook's state slot (hashed; u, filled by pos_make, restores it). */
void pos_set_state(Position *pos, int slot, int32_t value);
/* Ends the turn now: the other side moves, at the first step. For turns
** whose end the hooks decide (RuleHooks.turn_ends), after pos_make. */
void pos_end_turn(Position *pos);
/* Counts a check given by colour c (after pos_make; the Undo that
** pos_make filled restores the count). */
void pos_count_check(Position *pos, int c);

#define MAX_POCKET 128 /* pieces of one type in one pocket (a 10x10 game of discs
                          starts with 100 discs a side in hand) */

/* May the piece of colour c and type t on from make its i-moves: from
** one of the type's initial ranks, or, for a type with initial_unmoved,
** while the piece has not moved? */
static inline int initial_allowed(const Position *p, int c, int t, int from) {
  const Variant *v = p->v;
  if (v->unmoved_mask >> t & 1) return (p->attr[from] & UNMOVED_BIT) != 0;
  return v->initial_ranks[c][t] >> v->sq_rank[from] & 1;
}

/* Cards in a zone. */
static inline int cards_in(const uint8_t *zone, int nvalues) {
  int n = 0;
  for (int v = 1; v <= nvalues; v++) n += zone[v];
  return n;
}

/* How many pieces colour c holds in its pocket (an empty pocket, the
** common case, told by its bytes read as words). */
static inline int pos_pocket_any(const Position *p, int c) {
  uint64_t w[MAX_TYPES / 8], any = 0;
  memcpy(w, p->pocket[c], sizeof w);
  for (int i = 0; i < MAX_TYPES / 8; i++) any |= w[i];
  return any != 0;
}
static inline int pos_pocket_size(const Position *p, int c) {
  if (!pos_pocket_any(p, c)) return 0;
  int n = 0;
  for (int t = 0; t < p->v->ntypes; t++) n += p->pocket[c][t];
  return n;
}

/* Does colour c hold a royal piece in its pocket (not yet placed)? */
static inline int pos_royal_in_pocket(const Position *p, int c) {
  for (int t = 0; t < p->v->ntypes; t++)
    if ((p->v->royal_mask >> t & 1) && p->pocket[c][t]) return 1;
  return 0;
}

/* The number of empty squares (a relocation's choices, in O(1)). */
static inline int pos_empty_squares(const Position *p) {
  return p->v->geo.files * p->v->geo.ranks - p->npieces[0] - p->npieces[1] -
         p->npieces[2];
}

/* The values of the two cards (rank, file) that name sq for colour c. */
void pos_card_values(const Position *p, int c, int sq, int *rank_value, int *file_value);

/* The empty squares of a dense board (Variant.dense) as bits. */
static inline uint64_t pos_empty_bits(const Position *p) {
  return p->v->dense_board & ~(p->bits[WHITE] | p->bits[BLACK] | p->bits[NEUTRAL]);
}

/* Position.bits and type_bits anew from the board (what the generator
** reads of a piece's square): after the board was changed in place (a
** view's scratch copy, a layer shown alone), before generating. */
void pos_sync_bits(Position *p);

/* The hash computed from scratch, for checking the incremental one. */
uint64_t pos_compute_key(const Position *pos);
/* Checks every invariant; returns NULL, or what is broken. */
const char *pos_check(const Position *pos);

#ifdef VARIA_DEBUG
#include <assert.h>
#define board_ok(pos) assert(pos_check(pos) == NULL)
/* The preconditions of the hot path's entry points (pos_make, gen_legal,
** perft...), checked in DEBUG=1 builds only: a caller's mistake is then
** stopped where it is made, not some moves later, and the normal build
** pays nothing (neither the macro nor the helpers below exist in it). */
#define precondition(cond) assert(cond)

/* A position generation and make can work on: a variant, White or Black
** to move, a step of the turn the variant has. */
static inline int pos_playable(const Position *p) {
  return p && p->v && (p->side == WHITE || p->side == BLACK) && p->phase >= 0 &&
         p->phase < p->v->nphases;
}

/* A move pos_make can make in p: not MOVE_NONE, and where the move takes
** a piece from its square (a step, a double step, en passant, castling, a
** promotion, a gating move), a piece of the side to move on a square of
** the board. (Drops, draws, relocations, cards, passes and the hooks'
** moves name no piece of their own to check here.) */
static inline int pos_move_makeable(const Position *p, Move m) {
  if (m == MOVE_NONE) return 0;
  switch (MOVE_FLAG(m)) {
  case MF_NORMAL: case MF_DOUBLE: case MF_EP: case MF_CASTLE: case MF_PROMO: case MF_GATE: {
    int from = MOVE_FROM(m), to = MOVE_TO(m);
    uint8_t c = board_inside(&p->v->geo, from) ? p->board[from] : CELL_EMPTY;
    return board_inside(&p->v->geo, to) && c != CELL_EMPTY && CELL_COLOUR(c) == p->side;
  }
  default:
    return 1;
  }
}
#else
#define board_ok(pos) ((void)0)
#define precondition(cond) ((void)0)
#endif

#endif
