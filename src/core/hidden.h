/*
** hidden.h - hidden information: what a player may see of the true
** position, and which moves a player could try without knowing the rest.
*/
#ifndef varia_hidden_h
#define varia_hidden_h

#include <stddef.h>

#include "position.h"

/* What a player sees of the board (Variant.visibility). */
enum { SEE_ALL = 0, /* everything: perfect information */
       SEE_OWN      /* own and neutral pieces; every other square unknown */ };

#define VIEW_UNKNOWN '?' /* a square whose content the player does not know */

/* Does the variant hide anything from a player (squares or cards)? */
int view_hides(const Variant *v);

/* Is square sq visible to player (WHITE or BLACK) in p? */
int view_sees(const Position *p, int player, int sq);

/* The player's view as a FEN: unknown squares are '?', and so are the
** fields the player cannot know (the opponent's castling rights, the en
** passant square, the halfmove clock); in the seventh field the player's
** own hand only, with the sizes of the opponent's hand and of the deck
** (hand=3,5;opponent_hand=2;deck=24). Returns the length. */
int view_fen(const Position *p, int player, char *buf, size_t len);

/* Moves the side to move could try knowing only its own pieces: every
** unknown square may be empty or hold an enemy piece, so sliders pass
** through them and captures may land on them. (Castling is included when
** the right exists and no own piece is in the way.) */
int gen_conceivable(const Position *p, Move *list);

/* A move written in SAN (Nf3, exd5, e8=Q, O-O) turned into the squares
** of an attempt, using only what the mover knows (gen_conceivable): the
** capture mark is ignored, and a text that fits none or several of the
** mover's conceivable moves is refused with a message that depends on the
** mover's own pieces only. Returns 1 with uci filled, 0 when text is not
** SAN, or -1 with err. */
int view_attempt(const Position *p, const char *text, char *uci, size_t len, char *err,
                 size_t errlen);

#endif
