/*
** xbetza.h - a piece's moves in the Betza dialect XBoard reads (CECP's
** piece command).
**
** varia's Betza (piece.c) and XBoard's differ: XBoard's L is the zebra and
** J the camel, its fN the two narrow forward knight leaps only, its fK one
** step forward, its i must come first and its modifiers in the order
** direction, m c e, p g n. So XBoard is not sent a script's text: the
** compiled moves (PieceType.moves) are written out again, one atom at a
** time, in the letters XBoard 4.9's move generator (moves.c) reads.
*/
#ifndef varia_xbetza_h
#define varia_xbetza_h

#include <stddef.h>

#include "variant.h"

/* What XBoard cannot be told of a piece's moves (bits): it is told more
** moves than the piece has, or fewer. */
enum {
  XBETZA_LAME_FAR = 1,  /* a lame leap past two squares: XBoard checks one */
  XBETZA_EXTRA = 2,     /* moves from some squares only: told as from all */
  XBETZA_REGION = 4,    /* confined to a region */
  XBETZA_NO_CAPTURE = 8, /* types it may not capture, or jump over */
  XBETZA_INITIAL = 16,  /* first moves (i) from ranks, not only from the
                           piece's start square as XBoard allows them */
  XBETZA_TRUNCATED = 32, /* longer than the room given */
  XBETZA_ASIDE = 64     /* XBoard's pawn (P) stepping aside onto an empty
                           square: XBoard 4.9 takes it for an en-passant
                           capture and removes the piece behind it */
};

/* Writes the moves of type t of v in XBoard's Betza into out (len bytes,
** at least 1). Returns the XBETZA_* bits of what the text does not tell. */
unsigned xbetza_describe(const Variant *v, int t, char *out, size_t len);

/* The reasons in bits, as a phrase ("a lame leap past two squares"),
** into out. */
void xbetza_reasons(unsigned bits, char *out, size_t len);

#endif
