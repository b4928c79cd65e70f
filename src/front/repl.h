/*
** repl.h - the interactive loop: show the board, list and play moves,
** undo, FEN, perft. From a terminal it prompts and keeps readline history;
** from a pipe it runs the same commands without prompts.
*/
#ifndef varia_repl_h
#define varia_repl_h

#include "sandbox.h"

#include <stdint.h>

/* seed: the generator of games with chance (cards). open, when not NULL,
** is what the REPL's open takes ("FILE.pgn" or "FILE.pgn N"), opened
** before the first command; the REPL ends with status 1 if it fails.
** start, when not NULL, is the beginning of the first line of a pipe,
** already read (main() looks for a GUI's "uci" or "xboard"). */
int repl_main(Sandbox *s, const char *variant, const char *open, uint64_t seed, const char *start);

#endif
