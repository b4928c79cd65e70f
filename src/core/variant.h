/*
** variant.h - the rules of a variant as data.
**
** A Variant is filled from a script's table (binding.c), then
** variant_conclude() checks it and precomputes everything the hot loop
** needs: per-colour step tables, reverse attack rays, Zobrist keys and the
** flags that choose fast paths. After that it is read-only, so any number of
** games may share it.
*/
#ifndef varia_variant_h
#define varia_variant_h

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "piece.h"

#define MAX_TYPES 32
#define MAX_PROMO 16
#define MAX_RAYS 64
#define MAX_REACH 16 /* the most steps a rider can take on a 16x16 board */
#define MAX_BLAST_RADIUS 2
/* The steps of a wrapping board's tables: (dx, dy), |dx|, |dy| <= BOARD_PAD. */
#define TOPO_DIRS ((2 * BOARD_PAD + 1) * (2 * BOARD_PAD + 1))
#define TOPO_OFF_MID (BOARD_PAD * (MAX_FILES + 2 * BOARD_PAD) + BOARD_PAD)
#define TOPO_OFF_SPAN (2 * TOPO_OFF_MID + 1)
#define MAX_BLAST ((2 * MAX_BLAST_RADIUS + 1) * (2 * MAX_BLAST_RADIUS + 1))

/* rules.royals: with several royal pieces, the check rule protects each
** (none may be left attacked), only one that stands alone (a royal piece
** is protected while it is its side's only one: Fairy-Stockfish's
** pseudo-royal pieces), or all together (a move may not leave every one
** attacked: a duple check). */
enum { ROYALS_EACH = 0, ROYALS_ALONE, ROYALS_ALL };

/* PieceType.royal = ROYAL_COUNTED (a script's royal = "counted"): the
** check rule protects the piece only while its side has one piece of its
** type (those that count as it included, counts_as): Fairy-Stockfish's
** pseudo-royal pieces (extinctionPseudoRoyal). Variant.counted_royals
** holds these types; legality then goes by legal_counted() (rules.c). */
#define ROYAL_COUNTED 2

/* Variant.enclosing: a drop must land next to an own piece (ADJACENT), close
** a line of enemy pieces against an own one (LINE), or not land
** orthogonally next to an enemy piece (APART), land on the first rank or
** on a piece (FALL, Connect Four), or enter at an edge and slide along
** its rank or file until stopped (SLIDE). Variant.flip: the enemy
** pieces next to where a piece lands turn (ADJACENT; ADJACENT_JOINED: after a
** drop only where an own piece stands next to it), or those enclosed in
** a line between it and an own piece (LINE). */
enum { ENCLOSE_NONE = 0, ENCLOSE_ADJACENT, ENCLOSE_LINE, ENCLOSE_APART, ENCLOSE_FALL, ENCLOSE_SLIDE };
enum { FLIP_NONE = 0, FLIP_ADJACENT, FLIP_LINE, FLIP_ADJACENT_JOINED };

/* A board cell: 0 empty, CELL_OFF a sentinel, else 1 + colour * 32 + type. */
#define CELL_EMPTY 0
#define CELL_OFF 0xFF
#define MAKE_CELL(colour, type) ((uint8_t)(1 + (colour) * 32 + (type)))
#define CELL_COLOUR(c) (((c) - 1) >> 5)
#define CELL_TYPE(c) (((c) - 1) & 31)

/* Colours of cells: neutral pieces belong to nobody. */
enum { WHITE = 0, BLACK = 1, NEUTRAL = 2 };
#define NCOLOURS 3

/* The colours' names, the one place they are spelled: as scripts, files
** and protocols write them ("white", "black", "neutral"), and as a
** sentence names them ("White"). */
static inline const char *colour_name(int c) { return c == WHITE ? "white" : c == BLACK ? "black" : "neutral"; }
static inline const char *colour_title(int c) { return c == WHITE ? "White" : c == BLACK ? "Black" : "Neutral"; }
#define OWNER_NONE 0xFF

/* Variant.connect_dirs: the lines a connection may follow. */
enum { CONNECT_HORIZONTAL = 1, CONNECT_VERTICAL = 2, CONNECT_DIAGONAL = 4 };

/* Results, from the point of view of the side they happen to; POINTS
** means the side with more points wins. */
/* RESULT_POINTS: more points win (Variant.points_tie when equal);
** RESULT_FEWER: fewer pieces on the board win, equal is a draw. */
/* RESULT_MATERIAL: more material on the board wins, each piece counted
** at its PieceType.material, Black's with Variant.komi2 / 2 added. */
enum { RESULT_NONE = 0, RESULT_WIN, RESULT_LOSS, RESULT_DRAW, RESULT_POINTS, RESULT_FEWER,
       RESULT_MATERIAL };

/* A turn is a short program of steps by the same player. */
enum { PHASE_MOVE = 0, /* move one of the side's pieces */
       PHASE_RELOCATE, /* put a neutral piece on another empty square */
       PHASE_TARGET,   /* name a square one of the side's pieces can reach */
       PHASE_CHOOSE,   /* choose the move to the named square */
       PHASE_DRAW      /* draw the cards earned this turn (by chance) */ };
/* Who takes a step: the player whose turn it is, or the opponent. */
enum { OWNER_MOVER = 0, OWNER_OPPONENT, OWNER_CHANCE };

/* Ranks of the promotion zone. */
enum { PROMO_COMPULSORY = 1, PROMO_OPTIONAL = 2 };
#define PROMO_STAY 0xFF /* the choice not to promote */

#define MAX_CARD_VALUES 16
/* Events of a move that earn a card draw. */
enum { DRAW_ON_CAPTURE = 1, DRAW_ON_PROMOTION = 2, DRAW_ON_CHECK = 4 };
#define MAX_PHASES 4
/* Steps of one turn where the hooks end turns (turn_ends): each is a
** level of perft's and the search's recursion. */
#define MAX_TURN_STEPS 128

/* Rules a variant script writes as functions (its `hooks` table), called
** by the core through these pointers. The core knows no script: the layer
** that runs scripts fills one and points Variant.rules at it; a variant
** without hooks has rules NULL and pays one test per generated position.
** Each function is NULL where the script has no such hook. A hook that
** fails (an error, the budget spent, a malformed answer) sets failed; from
** then on every hook answers at once (no moves, nothing attacked) until
** the layer that runs scripts clears it and reports, so that a perft or a
** search in progress ends quickly and the game is left as it was. */
struct Position;
struct Undo;
enum { HOOK_ON_ALL = 0, HOOK_ON_CAPTURES, HOOK_ON_CHECKS, HOOK_ON_ROYAL };
/* What a step did (Position.last_step): a capture (or the script's own
** move, whose effects may capture), a royal piece's move (castling too),
** a check given (found only where RuleHooks.terminal_after asks). */
enum { LAST_CAPTURE = 1, LAST_ROYAL = 2, LAST_CHECK = 4 };
typedef struct RuleHooks {
  void *ctx;
  /* The moves of the step: the core's pseudo-legal moves list[0..n), which
  ** the hook may take from and add to (room for MAX_MOVES). Returns the
  ** new count. */
  int (*moves)(void *ctx, struct Position *p, uint32_t *list, int n);
  /* The step's pseudo-legal moves made by the layer that runs scripts
  ** itself, in place of the core's generation (and of castling_by_hook),
  ** where a declaration says what they are: returns their count, or -1
  ** for the core's. NULL: always the core's. The moves hook is then asked
  ** about the list as about the core's. */
  int (*generate)(void *ctx, struct Position *p, uint32_t *list);
  /* The legality of the moves list[0..n) (after the moves hook), judged
  ** in one call by the layer that runs scripts where its declarations say
  ** all there is to judge: keeps the legal ones in order and returns their
  ** count, or -1 to leave them to the core's loop. NULL: the core's. */
  int (*judge)(void *ctx, struct Position *p, uint32_t *list, int n);
  /* After move m of colour mover was made (effects included): 1 legal, 0
  ** refused, -1 the core decides (the mover's royal pieces are not in
  ** check). Asked for every move, for captures only, or (legal_on
  ** HOOK_ON_CHECKS) for the moves the check rule allows that give check,
  ** where only its 0 counts (it may refuse them, not allow others), or
  ** (HOOK_ON_ROYAL) for the moves of royal pieces, castling included. */
  int (*legal)(void *ctx, struct Position *p, uint32_t m, int mover);
  int legal_on;   /* HOOK_ON_* */
  /* The move's effects on the board, made after the core's part of move m
  ** through pos_set_cell() and pos_set_state(), which record them in u. */
  void (*effects)(void *ctx, struct Position *p, uint32_t m, struct Undo *u);
  /* For which moves: all, captures, or those that give check (which may
  ** change only the hook state, so that legality is not theirs to
  ** change); a script's own moves (MF_SCRIPT) always. */
  int effects_on; /* HOOK_ON_* */
  /* ... and for every move of a piece whose attribute has one of these
  ** bits (effects_attr; 0: none): a mark its effects keep up to date. */
  uint8_t effects_attr;
  /* ... and for every move of a turn's steps after its first (a
  ** continuation the effects of the step before owe), effects that
  ** change only the hook state: legality is not theirs, and such moves
  ** stay plain. */
  int effects_continuing;
  /* Does colour by attack sq, as the rules judge attack (check and
  ** castling)? Asked only where the core's attack finds one, to say
  ** whether it counts (attacked_all 0), or for every square (1). */
  int (*attacked)(void *ctx, const struct Position *p, int sq, int by);
  int attacked_all;
  /* After step m of a turn: 1 the turn ends, 0 it goes on (the program's
  ** last step repeats), -1 as the turn program says. Position.turn_steps
  ** counts the steps made in the turn; past MAX_TURN_STEPS of them the
  ** hook fails instead of going on, so that perft and searches, which
  ** follow a turn's steps at the same depth, end. */
  int (*turn_ends)(void *ctx, struct Position *p, uint32_t m, struct Undo *u);
  /* Asked after every step (HOOK_ON_ALL), or only after captures and the
  ** script's own moves (HOOK_ON_CAPTURES): after any other step the turn
  ** ends, which perft knows without making the move. */
  int turn_ends_on;
  /* Has the game ended here? 0, or an RESULT_* for the side to move, and
  ** the reason in reason (when not NULL; "" for none). */
  int (*terminal)(void *ctx, struct Position *p, char *reason, size_t len);
  /* LAST_* bits: terminal is asked only in a position whose last step did
  ** one of those things (0: in every position); the layer that runs
  ** scripts tests Position.last_step, which the core keeps. */
  int terminal_after;
  /* Why the rules refuse move m here (m a move of the core's that the
  ** moves or legal hook takes out): writes the reason into buf and returns
  ** 1, or 0 when they do not refuse it. */
  int (*refusal)(void *ctx, struct Position *p, uint32_t m, char *buf, size_t len);
  /* May the side to move castle on side (0: towards the higher files) as
  ** far as the squares between king and rook go? Asked, where the script
  ** has the hook, after the king, the right and the rook are found, in
  ** place of the core's test that those squares are empty: 1 they allow
  ** it (the attacks on the king's path are still judged, by `attacked`),
  ** 0 refused (the reason in reason, when not NULL), -1 the core's test.
  ** kto and rto are where king and rook land. */
  int (*castling)(void *ctx, const struct Position *p, int side, int kto, int rto, char *reason,
                  size_t len);
  /* The script's own name for move m here (SAN's place: the REPL, PGN,
  ** the browser, and read back by parse_move): 1 with the name in buf, 0
  ** when it names it not (standard SAN). */
  int (*notation)(void *ctx, struct Position *p, uint32_t m, char *buf, size_t len);
  int nkinds;            /* kinds of moves the script adds (MF_SCRIPT) */
  char kinds[16][16];    /* their names, index = MOVE_PROMO - 1 */
  volatile int failed;
} RuleHooks;

/* Where a relocation step puts its neutral piece. PLACE_MOVE moves the
** one piece of that type (a neutral piece both sides move); the others
** add a new piece each turn, which then stays (a wall, an arrow): on any
** empty square, on one the piece just moved reaches from where it stands
** by its moves (an arrow), or on the square that piece just left (a
** trail); PLACE_EDGE: an empty square on the board's edge or orthogonally
** next to a piece of that type (Atlantis). */
enum { PLACE_MOVE = 0, PLACE_ANYWHERE, PLACE_EDGE, PLACE_REACH, PLACE_LEFT };

typedef struct Phase {
  uint8_t kind;
  uint8_t piece; /* PHASE_RELOCATE: the neutral piece type */
  uint8_t owner; /* OWNER_MOVER or OWNER_OPPONENT */
  uint8_t place; /* PHASE_RELOCATE: PLACE_* */
  uint8_t has_region; /* PHASE_RELOCATE: only on region's squares */
  uint8_t shields; /* PHASE_RELOCATE after a move step: the check rule
                      judges the move with the neutral piece where this
                      step puts it (Fairy-Stockfish's walls in legal()) */
  uint8_t instead; /* PHASE_RELOCATE after a move step: in place of a move
                      (the move step's pass leads here; after any other
                      move the turn ends) */
  uint16_t region[MAX_RANKS]; /* files (bits) per rank */
} Phase;

/* The weights of the evaluation's terms, as a script's eval = { ... }
** gives them (src/lua/script.c reads it; src/engine/eval.c says what each
** term is and holds the defaults, used where a weight is not given). */
enum {
  EVAL_MOBILITY,     /* hundredths of a centipawn per half square reached */
  EVAL_CENTRE,       /* per cent of the centralisation bonus (pst.centre) */
  EVAL_ADVANCE,      /* per cent of the advancement bonus (pst.advance) */
  EVAL_PASSED,       /* per cent of the passed-pawn bonus */
  EVAL_DOUBLED,      /* centipawns off a doubled pawn */
  EVAL_ISOLATED,     /* centipawns off an isolated pawn */
  EVAL_COLOUR_PAIR,  /* centipawns for bound pieces on both colours */
  EVAL_SHIELD,       /* centipawns per own piece beside a royal piece (royal.shield) */
  EVAL_ATTACK,       /* per cent of the enemy pieces near it (royal.attack) */
  EVAL_ROYAL_EDGE,   /* centipawns per step off the centre, middle game (royal.edge) */
  EVAL_ROYAL_CENTRE, /* centipawns per step to the centre, endgame (royal.centre) */
  EVAL_GOAL,         /* per cent of the bonus for nearing a goal (pst.goal) */
  EVAL_CHECKS,       /* centipawns for a check short of check_limit (checks) */
  EVAL_NWEIGHTS
};

typedef struct PieceType {
  char letter; /* lowercase FEN letter; a neutral piece's symbol ('*') */
  char name[32];
  char betza[96];
  int value;   /* centipawns */
  uint8_t royal;    /* check / capture of it decides the game: 1, or
                       ROYAL_COUNTED */
  uint8_t promotes; /* promotes on reaching the promotion zone */
  uint8_t pawn;     /* written without a letter in SAN */
  uint8_t neutral;  /* belongs to nobody: not captured, not moved as a piece */
  char promotes_to; /* the letter of its one promoted form (0: none): it may
                       promote on a move that starts or ends in the zone */
  uint8_t unlettered; /* a promoted form without a letter of its own (a
                       script's pieces["+p"]): `letter` is its base's in
                       upper case, never read from a FEN, and it is
                       written '+' and its base's letter (type_text) */
  char counts_as;   /* the letter of the type it counts as (0: itself): a
                       promoted form that plays as that type, counted with
                       it by the promotion limit, the royal pieces' count
                       (royals "counted") and extinction */
  int points;       /* scored by whoever captures it */
  int material;     /* its weight when material is counted (RESULT_MATERIAL) */
  uint16_t initial_ranks; /* ranks (bits, from White's side) where i-moves
                             start; 0: where the type stands at the start */
  uint16_t initial_ranks_black; /* Black's, where the script gives each side
                             its own (initial_by_side): initial_ranks is White's */
  uint8_t initial_by_side;
  uint8_t has_region;     /* confined to region[colour] */
  uint8_t rotated;        /* Black's moves are White's turned half round
                             (left and right swap too), not mirrored */
  uint16_t region[2][MAX_RANKS]; /* where each colour's piece may stand
                                    (file bits per rank) */
  char extra_betza[96];   /* moves it has only on the extra squares ... */
  uint16_t extra[2][MAX_RANKS]; /* ... of each colour (file bits per rank),
                                   where those moves start and end */
  uint32_t no_capture;    /* types it may not capture */
  uint32_t no_screen;     /* types it may not jump over (the first piece
                             passed on a line) */
  uint8_t has_drop_region; /* dropped only on drop_region[colour] */
  uint16_t drop_region[2][MAX_RANKS]; /* files (bits) per rank */
  uint8_t petrify;         /* type + 1 of the neutral piece (a wall) it
                              turns into where it captures; 0: none */
  uint8_t initial_unmoved; /* i-moves while the piece has not moved
                              (UNMOVED_BIT) instead of by rank */
  uint32_t lined_up_by;    /* an enemy move of one of these types that ends
                              on the file or rank of an unmoved piece of
                              this type (whatever stands between) takes
                              its i-moves away */
  PieceMoves moves;       /* betza, then extra_betza (MoveRule.extra) */
} PieceType;

/* The attribute bit of a piece of an initial_unmoved type that has not
** moved yet; the FEN's castling field marks it by file letter. */
#define UNMOVED_BIT 0x80

/* One compiled step direction for one colour. */
typedef struct Step {
  int16_t off;
  uint8_t range, modes, path, nlame;
  uint8_t cond; /* STEP_*: when the step may be taken (0: always) */
  uint8_t counted; /* a hopper (PATH_HOP, PATH_GRASS) whose range counts
                      its whole move, screen included (pR2) */
  int16_t lame[2];
} Step;

/* Conditions on a step, tested by step_allowed(). */
enum {
  STEP_INITIAL = 1,  /* only from the ranks of Variant.initial_ranks */
  STEP_DIAGONAL = 2, /* diagonal: not once Variant.diagonal_once_bit is set */
  STEP_EXTRA = 4     /* only from the type's extra squares (Variant.extra_at) */
};

/* One step of a type whose moves are found a bitboard at a time
** (Variant.sets): the squares it may start from (its target, and a lame
** step's squares in between, on the board; an initial step's from the
** initial ranks too), and its displacement on the dense board. */
typedef struct SetStep {
  uint64_t from;
  int8_t d;          /* to's bit less from's */
  uint8_t modes;     /* MODE_* */
  uint8_t doubles;   /* an initial lame step en passant may answer (MF_DOUBLE) */
  uint8_t nlame;
  int8_t lame[2];    /* the squares in between, as displacements */
} SetStep;

#define MAX_SET_STEPS 32

/* A line of a type whose moves are found a bitboard at a time (Variant.
** slide_mask): the squares of its ride (slide_ray[ray], its range) from
** each square on an empty board; those beyond a square on it (slide_ray
** [beyond], the line unlimited), and just beyond ([next]); toward lower
** bits or higher (down: which end of the pieces on it is nearest). Along
** one line a type may ride (up to the first piece), and jump that piece
** as a grasshopper (to the square just beyond) and as a hopper (the
** cannon's move: anywhere beyond, up to the next piece): each with its
** modes, 0 where it has no such step. */
typedef struct SlideStep {
  uint8_t ray, beyond, next;
  uint8_t ride, grass, hop; /* MODE_MOVE, MODE_CAPTURE, both, or 0 */
  uint8_t down;
} SlideStep;

#define MAX_SLIDE_STEPS 16
#define MAX_SLIDE_RAYS 64

/* A reverse attack ray: pieces whose type bit is in mask[k] attack the
** origin from k steps away along off, if nothing stands between. */
typedef struct Ray {
  int16_t off;
  uint8_t reach;
  uint32_t mask[MAX_REACH + 1];
} Ray;

/* How a piece looks on a page (varia serve): the rules never read it.
** glyph: one of the standard shapes (VARIANT_GLYPHS) or one or two
** characters drawn on a disc; body and lines: the script's own drawing as
** SVG path data in a 100x100 box, body filled in the side's colour and
** lines stroked over it. Empty: not given. Kept apart from PieceType so
** that the move generator's data stays as compact as it was. */
typedef struct PieceLook {
  char glyph[16];
  char body[1024];
  char lines[512];
} PieceLook;

/* The standard shapes a piece's glyph may name. */
#define VARIANT_GLYPHS "king queen rook bishop knight pawn"

/* What other programs call a variant (its script's `names`): data that
** the protocols and the PGN reader read, never a rule of the game. */
#define MAX_OTHER_NAMES 8
#define OTHER_NAME_LEN 32
typedef struct VariantNames {
  char xboard[OTHER_NAME_LEN]; /* XBoard's own variant of this name, whose
                                  rules XBoard knows ("": none, and XBoard is
                                  sent varia's name and a setup) */
  char shuffled_from[48];      /* the variant whose shuffled start (Chess960)
                                  form this is: UCI_Chess960 chooses between
                                  them ("": none) */
  int nother;
  char other[MAX_OTHER_NAMES][OTHER_NAME_LEN]; /* other names for it in
                                  PGN [Variant] tags, as declared */
  int nalias;
  char alias[MAX_OTHER_NAMES][OTHER_NAME_LEN]; /* names that mean this
                                  variant wherever a variant's name is
                                  taken (Fairy-Stockfish's "normal" for
                                  chess), as declared */
} VariantNames;

/* Makruk's counting rules (Fairy-Stockfish's countingRule), as data: a
** count of moves that, when it passes its limit, draws the game (an end
** the player could claim, as the n-move rule). A side may count where
** the opponent has more than its king: on the board's honour while it
** has more than its king itself (a limit of `board` moves, for a side
** with at most board_most pieces, and only without pawns on the board
** where board_pawns), on the pieces' honour when it has its king alone
** and no pawn stands on the board (the first of limit[] whose pieces the
** opponent holds). Position.count_limit and count_ply keep the count;
** rules.c says when it starts (counting_update). */
#define MAX_COUNTING_LIMITS 12
typedef struct CountingLimit {
  uint8_t need[MAX_TYPES]; /* the opponent holds at least this many of each type */
  int moves;               /* the limit, in the counting side's moves */
} CountingLimit;
typedef struct Counting {
  int on;
  int board;        /* the board's honour count's limit in moves (0: none) */
  int board_most;   /* ... for a side with at most this many pieces (0: any) */
  int board_pawns;  /* pawns on the board stop the board's honour count too */
  uint32_t pawns;   /* the types whose pieces on the board stop a count */
  int from_pieces;  /* the pieces' honour count starts at the number of
                       pieces on the board (else at 0) */
  int nlimits;
  CountingLimit limit[MAX_COUNTING_LIMITS];
} Counting;

/* The chasing rule (Variant.chasing; chase.h says what a chase is): a
** repetition during which one side chased a piece of the other at each
** of its moves, and the other did not, ends with `result` for the side
** that chased (both: a draw), after perpetual check. */
typedef struct Chasing {
  int result;                   /* RESULT_NONE: no such rule */
  uint32_t unchased;            /* types chased only where they have their
                                   extra moves (a soldier across the river) */
  uint32_t not_by;              /* types whose attacks chase nothing */
  uint32_t stronger[MAX_TYPES]; /* by type: the types it chases even protected */
  int nmove_checks;             /* the checks of the side that gave more in
                                   the n-move count's span beyond this many
                                   lengthen it by a move each */
} Chasing;

typedef struct Variant {
  char name[48];
  char source[1100]; /* file or module name the rules came from, with options */
  char options[512]; /* the chosen options, "k=v,k=v" */
  Geometry geo;
  int ntypes;
  PieceType type[MAX_TYPES];
  char start_fen[512];

  /* promotion */
  int promo_zone; /* number of ranks at the far end */
  int promo_zone_squares; /* the zone is promo_zone_sq instead: a set of
                             squares per side, all compulsory */
  uint16_t promo_zone_sq[2][MAX_RANKS]; /* files (bits) per rank */
  int promo_compulsory; /* the zone's last ranks where a piece must promote;
                           on its others it may also stay as it is */
  int promo_optional;   /* no square of the zone is compulsory (promotion
                           compulsory = 0): a piece may stay as it is on
                           any of them, the last rank too */
  int promo_none;       /* promotion.pieces given empty: a piece with
                           `promotes` has no choice, so it cannot move
                           onto a compulsory square at all */
  uint8_t promo_limit[MAX_TYPES]; /* promotion into a type only while the side
                                     has fewer of it than this (0: no limit) */
  int has_promo_limit;
  int npromo;
  uint32_t promo_side_given[2]; /* promotion.by_side's letters (0: none) */
  uint32_t promo_side_mask[2]; /* the types a colour may promote into: those
                                  letters and every type not in promo_type
                                  (all types without by_side) */
  int promo_by_side;           /* by_side given: gen_legal filters */
  uint8_t promo_type[MAX_PROMO];
  /* promotion as a move of its own (promotion.by_move): a piece with
  ** `promotes` standing on by_move_sq[colour] turns into a promotion piece
  ** where it stands, or (by_move_step) as it makes a non-capturing move of
  ** the new piece; anywhere when it is the side's last such piece
  ** (by_move_last) */
  int by_move;
  int by_move_step;
  int by_move_last;
  uint16_t by_move_sq[2][MAX_RANKS]; /* files (bits) per rank */
  int promo_no_check;  /* a promotion may not give check */
  int promo_no_attack; /* a promoted piece may not attack an opponent's
                          piece from where it lands */

  /* turns */
  int nphases;
  Phase phase[MAX_PHASES];

  /* castling */
  int castling;
  int castle_king_type; /* the royal type unless the script names one */
  int castle_rook_type;  /* the first of castling.rook's letters */
  uint32_t castle_rook_mask; /* every type the king castles with (Perfect
                           chess: the rook and the chancellor) */
  int castle_always;    /* rights are never lost: king and rook on their
                           squares and an empty path are enough */
  int castle_start_king[2], castle_start_rook[4]; /* those squares, from
                           the start position (castle_always only) */
  int castle_king_file[2]; /* [0] king side, [1] queen side */
  int castle_rank;         /* the rank castling happens on, 0 for the first,
                              counted from each side */
  int castle_king_takes_rook; /* UCI as king-takes-rook (Chess960) */
  int castle_checked;      /* derived: the king may not castle out of,
                              through or into check (1; 2: while the check
                              rule protects it, a king counted) */
  int castle_drop_file;    /* a king dropped on this file of the castling
                              rank gains castling rights (-1: none) */
  int castle_opposite;     /* a castling takes the opponent's right on the
                              same side (castling.opposite) */
  int castle_wins;         /* rights (bit colour * 2 + side) whose castling
                              wins, and whose loss loses (castling.wins) */

  /* game end */
  int royal_capture; /* royal pieces may be captured; no check rule */
  int royals;        /* which of a side's royal pieces the check rule
                        protects, where it has several: ROYALS_* */
  RuleHooks *rules;  /* rules a script writes, NULL: none (see RuleHooks) */
  int checkmate;     /* result for the mated side */
  int mate_by;       /* result for a side mated by checkers all of
                        mate_by_types only (RESULT_NONE: no such rule) */
  uint32_t mate_by_types;
  int mate_series;   /* result for a side mated when no check of its series
                        (Position.series) came from mate_series_types
                        (RESULT_NONE: no such rule) */
  uint32_t mate_series_types;
  int stalemate;     /* result for the stalemated side */
  int nmove;         /* n-move rule in moves (0: none) */
  int nmove_result;  /* its result for the side to move */
  int nmove_captures_only; /* only captures restart its count, not the
                              moves of pawns and promoting pieces */
  uint32_t clock_mask; /* types whose moves restart the n-move count */
  uint16_t ep_ranks;   /* ranks (from the mover's side) where a double step's
                          passed square may be taken en passant; 0: all */
  int komi2;         /* twice the points added to Black's material */
  int repetition;    /* n-fold repetition (0: none) */
  int repetition_result;
  int perpetual_check; /* result for a side that checked at each of its turns
                          of a repetition, the other side not (RESULT_NONE:
                          repetition_result); both: a draw */
  int extinction;    /* result for the extinct side (RESULT_NONE: no rule) */
  uint32_t extinction_types; /* each type counted on its own ... */
  int extinction_all;         /* ... and all pieces together ("*") */
  int extinction_together;    /* the types are counted together, not each
                                 on its own (a king and a prince) */
  int extinction_count;     /* at or below this many, a side is extinct */
  int extinction_opponent;  /* ... if the opponent has at least this many */
  int extinction_claim;     /* the opponent's extinction only counts for the
                               side to move */
  int points_tie;           /* result of equal points (RESULT_DRAW) */
  int dead_position;        /* a draw when material alone rules out mate
                               (FIDE 5.2.2): dead_lone_types and
                               dead_colour_types say which material */
  uint32_t dead_lone_types; /* one such piece beside the royal ones */
  uint32_t dead_colour_types; /* such pieces, all on squares of one colour */
  int goal;                 /* result for a side that reaches its goal
                               (RESULT_NONE: no goal) */
  uint32_t goal_types;      /* the pieces that reach it */
  int ngoal[2];             /* each side's goal squares (goal_sq) */
  int goal_reply;           /* the goal counts when its side is to move again,
                               after the opponent's reply (1; 2: always,
                               without the early end of royal goal pieces) */
  int goal_count;           /* pieces a side needs on its goal squares (1 and up) */
  int goal_blocked;         /* ... or fewer, with every goal square occupied */
  int goal_safe;            /* pieces there only count when not attacked (if
                               no more than goal_count stand there); the side
                               to move may then win by them too */
  int connect;              /* result for a side whose move makes a connection
                               (RESULT_NONE: no such rule), as Fairy-Stockfish's
                               connectN, connectNxN and collinearN: ... */
  uint32_t connect_types;   /* ... of its pieces of these types ... */
  int connect_line;         /* ... this many in a row (0: no such rule) ... */
  int connect_square;       /* ... a block of this many by this many ... */
  int connect_collinear;    /* ... this many on one line, gaps allowed ... */
  int connect_dirs;         /* ... along CONNECT_* lines (rows and
                               collinear; a block has no direction) */
  int connect_join;         /* ... or a chain of them from the side's first
                               region to its second (connect_region[c][0],
                               [1]; file bits per rank), followed as
                               Fairy-Stockfish's connectRegion follows it */
  uint16_t connect_region[2][2][MAX_RANKS];
  int must_capture;         /* a capture, when there is one, is compulsory */
  int no_check;             /* a move that gives check is illegal */
  int king_held;            /* in check, a royal piece moves only to capture */
  int pass;                 /* a side with a royal piece may pass */
  int pass_moves;           /* the move generator adds passes: pass, or a
                               step whose next step puts a wall instead */
  int passes_end;           /* result of two passes in a row for the side
                               to move (RESULT_NONE: the game goes on) */
  int facing_illegal;       /* royal pieces of the two sides may not stand
                               on one file with nothing between them */
  int facing_break;         /* ... may, but the side to move must then break
                               the facing or pass, and a pass ends the game */
  int facing_result;        /* that end's result for the side to move */
  int facing_ranks;         /* they face each other on a rank too (a rook's
                               lines), not only on a file */
  int blast_radius;         /* a capture removes the capturer and the pieces
                               this many squares around (0: no blast) ... */
  uint32_t blast_immune;    /* ... except these types (the capturer and the
                               captured piece go whatever their type) */
  uint32_t blast_survivors; /* a capturer of these types stays on its square */
  uint32_t mutual_immune;   /* a piece of these types may not capture one of
                               its own type */
  int check_limit;          /* a side that gives this many checks wins (0: no
                               such rule); the checks are counted in Position */
  /* discs and clones (games of flips): where a drop may go, the enemy
  ** pieces a move turns, the pass of a side left without a move, and the
  ** end of a full board. All 0 / RESULT_NONE where unused, so that the
  ** other variants pay one test of flip per move made. */
  int drop_clock;           /* every drop restarts the n-move count (as
                               Fairy-Stockfish counts it), not only a pawn's */
  int drop_unlimited;       /* drops never empty a pocket: every type that
                               is not royal or neutral is always in hand,
                               and the FEN has no pocket */
  int enclosing;            /* ENCLOSE_*: the drops allowed (0: any) */
  int has_enclose_start;    /* while a square of enclose_start is empty, */
  uint16_t enclose_start[MAX_RANKS]; /* drops go there, and only there */
  int flip;                 /* FLIP_*: enemy pieces the mover's piece turns
                               where it lands (0: none) */
  uint8_t pass_stuck[2];    /* a side with a piece on the board and no
                               legal move passes (it may not otherwise) */
  int full_board;           /* result of a full board for the side to move
                               (RESULT_NONE: no such end) */
  int count_passes;         /* derived: Position.passes is kept */
  int landing_effects;      /* derived: flip or petrify_mask (pos_make) */

  /* ownership and memory of the previous move */
  int has_owner;
  int legal_apart; /* legal_of() leaves its fast path: owners of squares, or a board that wraps */
  uint8_t owner[MAX_SQUARES]; /* who owns a piece standing there */
  int no_takeback; /* a piece that changed owner may not go straight back */
  int agreement;   /* players may end the game by an offer and its acceptance */
  int unique_destination; /* a square more than one piece can reach may
                             not be named (PHASE_TARGET) */

  /* per-piece flags that change movement */
  int diagonal_once_bit; /* attribute bit set by a diagonal move, which then
                            forbids the piece's diagonal steps (0: none) */
  int promote_to_lost;   /* promotion only into a type the side has lost */
  int form_compulsory;   /* a piece with a promoted form must promote when
                            it can (otherwise only where it could never
                            move again, under no_immobile) */
  int promo_flip;        /* a move turns a piece over: a piece with a
                            promoted form promotes (in the zone), a promoted
                            piece returns to the form it came from; 1 on
                            every move, 2 on captures only */
  int no_immobile;       /* no move or drop may leave a piece where it could
                            never move again */

  /* pockets: pieces in hand (Position.pocket) */
  int drops;              /* a piece in the side's pocket may be dropped on
                             an empty square, as its move */
  int capture_to_pocket;  /* a captured piece joins the capturer's pocket */
  int keep_promoted;      /* ... as what it is even when it was promoted
                             (otherwise as the type that promoted) */
  int pawn_first_rank;    /* pawns may be dropped on their first rank */
  int pawn_zone;          /* pawns may be dropped where they would promote */
  int drop_promoted;      /* a piece may also be dropped as its promoted form */
  int drop_no_check;      /* a drop may not give check */
  int must_drop;          /* while the pocket holds pieces (1), a turn is a
                             drop; while it holds a piece of type
                             must_drop - 2 (2 and up), a drop of that type */
  int pockets;            /* the sides have pockets (the drops table) */
  int gating;             /* a piece from the pocket may enter a gate square
                             as the piece standing there first leaves it */
  int gate_shields;       /* the gated piece counts when judging whether the
                             move leaves the own king attacked */
  int drop_opposite;      /* type + 1 whose pieces must end on squares of
                             both colours (bishops), 0: none */
  int has_drop_region;    /* drops only on drop_region[colour] */
  uint16_t drop_region[2][MAX_RANKS]; /* files (bits) per rank */
  int drop_no_doubled;    /* type + 1 that may not be dropped on a file holding
                             one of the side's own of that type (0: none) */
  int drop_doubled_limit; /* ... holding this many of them (drops.doubled_limit,
                             1 by default; 2 lets a second one stand) */
  int drop_no_mate;       /* type + 1 whose drop may not checkmate (0: none) */
  int drop_mate_loses;    /* type + 1 whose drop may checkmate, but loses
                             for the dropper when it does (0: none) */
  int promoted_bit;       /* attribute bit of a promoted piece (0: none) */
  int unpromoted_type;    /* the type a promoted piece returns to */

  /* cards: values 1..ncard_values, card_copies of each */
  int ncard_values, card_copies;
  int deal;              /* cards dealt to each player at the start */
  int hand_max;          /* draws stop at this many cards in hand */
  int draw_on;           /* DRAW_ON_* events that earn one card each */
  int card_action;       /* two cards (rank, file) act on an own piece */
  uint8_t card_flip[MAX_TYPES]; /* a card play turns this type into type-1 */
  uint32_t card_exclude; /* types a card play may not target */
  int card_toggle_bit;   /* other types: the play toggles this attribute */

  /* hidden information */
  int visibility;  /* SEE_ALL or SEE_OWN (hidden.h) */
  int tries;       /* an illegal attempt is answered and retracted, and the
                      same player goes on, instead of being refused */

  /* derived by variant_conclude() */
  int nsteps[2][MAX_TYPES];
  int nplain[2][MAX_TYPES]; /* the steps before the extra ones (STEP_EXTRA) */
  Step step[2][MAX_TYPES][MAX_RULES];
  uint16_t initial_ranks[2][MAX_TYPES]; /* ranks where i-moves may start */
  int nrays[2];
  Ray ray[2][MAX_RAYS];
  uint32_t special_attackers[2]; /* types that attack through p, g, n or i */
  uint32_t unmoved_mask; /* types whose i-moves need UNMOVED_BIT */
  uint32_t lined_up_movers; /* the types of every type's lined_up_by */
  uint32_t royal_mask, promote_mask, ep_mask, neutral_mask, pawn_mask;
  uint32_t counted_royals; /* royal types protected only alone (ROYAL_COUNTED),
                              and the types counted as them */
  uint32_t confined_mask; /* types with a region (Variant.stand) */
  uint32_t drop_confined_mask; /* types with a drop_region of their own */
  uint32_t extra_mask;    /* types with extra moves (Variant.extra_at) */
  /* types whose moves gen_with_extra() writes: extra moves, or every type
  ** where the board wraps */
  uint32_t apart_mask;
  /* plain types: every step an unconditional slide or leap that moves,
  ** captures or both, no promotion, no extra moves; gen_pseudo() walks
  ** them without emit()'s questions, when plain_room more moves fit */
  uint32_t plain_mask[2];
  int plain_room[2][MAX_TYPES]; /* the most moves one such piece can have */
  /* pawn-like types: every step a leap (range 1) that moves, captures or
  ** takes en passant, or a lame leap over one or two squares, either
  ** perhaps only from the initial ranks (those steps last); promotion
  ** by choice on reaching the zone; not royal, no promoted form, no extra
  ** moves. gen_pseudo() walks them with one test per step, and emit()
  ** only for a move into the zone (plain_room bounds their moves too) */
  uint32_t simple_mask[2];
  uint32_t initial_step_mask[2]; /* simple types with an initial step */
  uint8_t simple_lead[2][MAX_TYPES]; /* a simple type's steps before its initial ones */
  uint32_t hop_limited_mask; /* types with no_capture or no_screen */
  uint8_t still[2];   /* no type of the colour has a step or an extra move:
                         gen_pseudo_all walks none of its pieces (discs,
                         stones) */
  int has_points;
  /* eval = { ... }: the weights given (bits of EVAL_*) and the pieces'
  ** endgame values given (bits of types; values_end) */
  uint32_t eval_given, value_end_given;
  int eval_weight[EVAL_NWEIGHTS];
  int value_end[MAX_TYPES];
  int has_terminal;    /* a rule can end the game before moves run out */
  int after_make;      /* move_make has more to do after the board's part
                          and a script's hooks: checks counted or in
                          series, the counting rule */
  int counting;        /* counting_rule.on, where the hot loop reads it */
  uint32_t petrify_mask; /* types with PieceType.petrify */
  int legal_filters;   /* a rule takes moves out of the legal ones after the
                          check rule (gen_legal) */
  int move_filters;    /* ... one of them other than compulsory capture and
                          place_can_fail */
  uint8_t place_can_fail[MAX_PHASES]; /* a move of this step may leave the
                          place step after it no square: such a move is
                          not legal (a region, or a piece that cannot
                          always come back the way it went) */
  int nblast;          /* the blast's squares: the centre first, then */
  int16_t blast_off[MAX_BLAST]; /* the offsets around it */
  uint8_t promo_rank_mask[2][MAX_RANKS]; /* 0, PROMO_COMPULSORY or PROMO_OPTIONAL; with
                          a zone of squares, a rank that holds one of them */
  uint8_t promo_sq[2][MAX_SQUARES]; /* the same for each square: what the
                          move generator reads */
  int npromo_choice[2];                  /* per kind of rank (mask - 1): */
  uint8_t promo_choice[2][MAX_PROMO + 1]; /* the types, then PROMO_STAY */
  uint8_t sq_rank[MAX_SQUARES]; /* rank of each array square */
  /* The packed board, where it fits one 64-bit word with a gap bit after
  ** each rank's files ((files + 1) * ranks <= 64): the squares as bits, a
  ** step along a rank a shift by 1, up a file by files + 1, and the gap
  ** bits, always clear, ending each rank (n in a row, falling drops). */
  int packed;                      /* the board fits */
  uint8_t packed_bit[MAX_SQUARES]; /* each square's bit (0 off the board) */
  int16_t packed_sq[64];           /* each bit's square */
  uint64_t packed_board;           /* the bits of the squares (not the holes) */
  uint64_t packed_first;           /* ... of the first rank */
  /* On a packed board where most steps fall off it (find_step_masks):
  ** the steps of each colour's type whose first square is on the board,
  ** from each square (bits of step indices, by the square's packed bit),
  ** which gen_pseudo_all walks in place of every step of a plain or
  ** pawn-like type. 0: not used (chess's boards). */
  int step_masks;
  int ray_masks; /* the same for the rays (ray_on): king_rays, attacked */
  uint16_t drop_ranks[2][MAX_TYPES]; /* ranks (bits) a type may be dropped on */
  uint8_t promo_to[MAX_TYPES];   /* type + 1 of the promoted form, 0: none */
  uint8_t demote_to[MAX_TYPES];  /* type + 1 a promoted form comes from, 0: none */
  uint8_t pocket_as[MAX_TYPES];  /* the type a captured piece joins a pocket as */
  uint8_t counted_as[MAX_TYPES]; /* the type each counts as (counts_as; itself) */
  uint32_t counted_with[MAX_TYPES]; /* the types counted as each (itself among
                                    them): pos_count_as() adds them up */
  uint32_t promo_to_mask;        /* types with a promoted form (and, under
                                    promo_flip, the promoted forms) */
  uint64_t mobile[2][MAX_TYPES][(MAX_SQUARES + 63) / 64]; /* squares where the
                                    type has a step on an empty board */
  uint8_t enemy[2][256]; /* cell holds a piece the colour may capture */
  const uint64_t *zobrist; /* [cell * nsq + sq], shared by every variant */
  uint64_t zobrist_side, zobrist_castle[16], zobrist_ep[MAX_FILES];
  uint64_t zobrist_phase[MAX_PHASES], zobrist_attr, zobrist_takeback, zobrist_target;
  uint64_t zobrist_cards, zobrist_lost, zobrist_pocket, zobrist_gate, zobrist_checks, zobrist_pass;

  /* large and cold: last, away from the tables generation reads */
  Counting counting_rule; /* Makruk's counting rules (on 0: none) */
  Chasing chasing;         /* the chasing rule (result RESULT_NONE: none) */
  uint16_t goal_sq[2][MAX_FILES * MAX_RANKS];
  uint32_t stand[2][MAX_SQUARES];    /* types of the colour that may stand there */
  uint32_t extra_at[2][MAX_SQUARES]; /* types with their extra moves there */
  /* types of the colour that may capture at this offset (to - from +
  ** MAX_SQUARES) if nothing stood in the way: a quick test before the
  ** special attackers' walk (offsets that alias on wide boards only cost
  ** a walk) */
  uint32_t capture_offset[2][2 * MAX_SQUARES];
  /* the rays of the colour (bits of ray[]) whose line from a square
  ** passes the square at this offset (to - from + MAX_SQUARES) within
  ** their reach: the rays one piece could attack along (not where the
  ** board wraps) */
  uint64_t ray_through[2][2 * MAX_SQUARES];
  /* Where the board wraps (geo.wrap): the square one step away from each
  ** square, in each of the TOPO_DIRS steps (dx, dy) with |dx|, |dy| <=
  ** BOARD_PAD, 0 (a sentinel square) where the step leaves the board or
  ** lands on a hole; topo_dir[off + TOPO_OFF_MID] is the step of offset
  ** off. The attack rays are set apart there (nrays 0, every type a
  ** special attacker) so that the plain code never walks them straight:
  ** wrap_nrays and wrap_special are what build_steps() found. */
  int8_t topo_dir[TOPO_OFF_SPAN];
  int16_t topo_next[TOPO_DIRS][MAX_SQUARES];
  int wrap_nrays[2];
  uint32_t wrap_special[2];
  /* gen_wrapped(): the types that would be plain on a plain board, and
  ** those that can reach one square by two paths (a rider along a line
  ** that wraps; any type on a board narrower than two leaps) */
  uint32_t wrap_plain_mask[2], wrap_twice_mask[2];
  /* on a flat board, the types two of whose steps reach one square (a
  ** leap on a slide's line): gen_with_extra() writes each move once */
  uint32_t twice_mask[2];
  /* types plain but for a promoted form (apart_mask): gen_with_extra()
  ** finds their moves as plain and promotes those that touch the zone */
  uint32_t form_plain_mask[2];
  uint64_t onboard[2][MAX_TYPES][64]; /* Variant.step_masks' table */
  uint64_t ray_on[2][64]; /* Variant.ray_masks': bits of ray[] by packed bit */
  /* Bitboard generation (variant_find_sets): on a flat board of at most
  ** 64 squares (a square's bit on the dense board: rank * files + file),
  ** the plain types (leaps and rides) and the pawn-like types whose
  ** steps are all single leaps have their moves found from bitboards of
  ** the empty squares and the capturable pieces, where the walk of each
  ** step costs about twenty instructions (most of them on small boards
  ** and among pawns):
  ** - a leaper (leap_mask: plain, no two steps alike) a piece at a time,
  **   its targets from the tables leap_move and leap_take by square;
  ** - a rider or a hopper (slide_mask: rides, grasshoppers' and hoppers'
  **   steps beside leaps, none of them conditional or promoting) a piece
  **   at a time, its leaps so, each line's squares from the first piece on
  **   it (slide, slide_ray);
  ** - a pawn-like type (set_mask: lame double steps, en passant and
  **   promotion allowed) a step at a time for all its pieces at once,
  **   their bitboard shifted (gen_set, set_step). */
  int dense;                      /* the board fits 64 bits: dense_bit holds, Position.bits kept */
  int sets;                       /* some type is found so (dense, flat) */
  uint32_t leap_mask[2], set_mask[2], slide_mask[2];
  uint32_t jump_mask[2]; /* of slide_mask, the types with a grasshopper's or hopper's line */
  uint8_t nslides[2][MAX_TYPES];
  SlideStep slide[2][MAX_TYPES][MAX_SLIDE_STEPS];
  int nslide_rays;
  uint64_t slide_ray[MAX_SLIDE_RAYS][64];
  int set_room[2];                /* the most moves one piece of the colour can have */
  uint8_t dense_bit[MAX_SQUARES]; /* each square's bit */
  int16_t dense_sq[64];           /* each bit's square */
  uint32_t dense_to[64];          /* each bit's square as a move's to (MAKE_MOVE) */
  uint32_t dense_same[64];        /* ... as its from and to (a drop's) */
  uint64_t dense_board;           /* the bits of the squares (not the holes) */
  uint64_t dense_promo[2];        /* the promotion zone (promo_sq) */
  SetStep set_step[2][MAX_TYPES][MAX_SET_STEPS]; /* by the type's step */
  uint64_t leap_move[2][MAX_TYPES][64], leap_take[2][MAX_TYPES][64]; /* by bit */
  /* The attack test on bits (attack_dense: a flat board where each pair
  ** of squares a ray joins beyond one step has one set of squares between
  ** them, whichever ray): by the attacked square's bit and the type, the
  ** squares from which a piece of the type attacks it in one step of a
  ** ray (attack_near), and in more (attack_far: if the squares between,
  ** between_dense, are empty); the walk of attacked_rays() costs about
  ** thirty instructions a ray, most of them on small boards. attack_types:
  ** the types of the colour on some ray. */
  int attack_dense;
  uint32_t attack_types[2];
  uint64_t attack_near[2][64][MAX_TYPES], attack_far[2][64][MAX_TYPES];
  uint64_t between_dense[64][64];
  /* where a type may be dropped as far as the square alone tells (its
  ** ranks, the drop regions, its own region, a square it can move from
  ** under no_immobile): gen_drops' squares on a dense board */
  uint64_t drop_dense[2][MAX_TYPES];
  uint64_t file_dense[MAX_FILES]; /* each file's squares */
  /* The connection rules on a dense board (connect.c): each line
  ** direction's shift and the squares a row of connect_line may start
  ** from; those a block of connect_square may; and the lines of at least
  ** connect_collinear squares (nline_masks -1: more than fit, walked) */
  int nconnect_dirs;
  int connect_every_type; /* connect_types has each type: the side's bits are the pieces */
  int8_t connect_shift[4];
  uint64_t connect_start[4], square_start;
  int nline_masks;
  uint64_t line_masks[64];
  PieceLook look[MAX_TYPES]; /* by type, as type[] */
  VariantNames names; /* other programs' names: never read in play */
} Variant;

/* Where the board wraps: the table of squares one step off away (see
** Variant.topo_next), and the square one step off from sq. */
static inline const int16_t *topo_table(const Variant *v, int off) {
  return v->topo_next[v->topo_dir[off + TOPO_OFF_MID]];
}
static inline int topo_step(const Variant *v, int sq, int off) {
  return topo_table(v, off)[sq];
}
/* The square one step off from sq, on any board. */
static inline int board_step(const Variant *v, int sq, int off) {
  return v->geo.wrap ? topo_step(v, sq, off) : sq + off;
}

/* May step s of the type t of colour c be taken from square from, whose
** attribute byte is attr? (Only called when s->cond is not 0.) */
static inline int step_allowed(const Variant *v, const Step *s, int c, int t, int from,
                               uint8_t attr) {
  if ((s->cond & STEP_INITIAL) &&
      !((v->unmoved_mask >> t & 1) ? (attr & UNMOVED_BIT) != 0
                                    : (v->initial_ranks[c][t] >> v->sq_rank[from] & 1)))
    return 0;
  if ((s->cond & STEP_DIAGONAL) && (attr & v->diagonal_once_bit)) return 0;
  if ((s->cond & STEP_EXTRA) && !(v->extra_at[c][from] >> t & 1)) return 0;
  return 1;
}

/* Are perpetual checks told from the other repetitions by the moves'
** checks alone? Where the rules give perpetual check a result and a turn
** is one move of the side to move (then a cycle's checks alternate by
** side); the game keeps each position's check (Game.checked) and the
** search scores such cycles only there. */
static inline int variant_scores_perpetual(const Variant *v) {
  return v->perpetual_check != RESULT_NONE && v->nphases == 1 && v->phase[0].kind == PHASE_MOVE &&
         v->phase[0].owner == OWNER_MOVER && !v->royal_capture;
}

/* The rank colour c castles on (castling.rank, counted from its side),
** which is also where its gates and unmoved pieces are marked. */
static inline int variant_castle_rank(const Variant *v, int c) {
  return c == WHITE ? v->castle_rank : v->geo.ranks - 1 - v->castle_rank;
}

/* How a piece of type t and colour c is written (FEN, SAN, a board's
** text): its letter, upper case for White, a neutral piece its symbol; a
** promoted form without a letter of its own as '+' and its base's letter.
** Writes at most 2 characters and a NUL into buf; returns the length. */
static inline int type_text(const Variant *v, int t, int c, char *buf) {
  const PieceType *pt = &v->type[t];
  int n = 0;
  char l = pt->letter;
  if (pt->unlettered) {
    buf[n++] = '+';
    l = (char)(l - 'A' + 'a');
  }
  buf[n++] = c == WHITE && l >= 'a' && l <= 'z' ? (char)(l - 'a' + 'A') : l;
  buf[n] = '\0';
  return n;
}

/* Sets every field to the orthodox defaults except the pieces and board. */
void variant_defaults(Variant *v);
/* Checks the variant and precomputes the derived tables. Returns 0, or -1
** with every problem found listed in err, one per line. */
int variant_conclude(Variant *v, char *err, size_t errlen);
/* Variant.sets, from the initial ranks (rules_conclude). */
void variant_find_sets(Variant *v);
void variant_free(Variant *v);
int variant_type_by_letter(const Variant *v, char letter);
/* May a side have no royal piece? Where losing every piece ends the game
** (a side of pawns alone), or losing the royal pieces does (a finished
** game), or every royal type is counted (ROYAL_COUNTED), yes; otherwise
** the check rule needs one. */
int variant_kingless_allowed(const Variant *v);

#endif
