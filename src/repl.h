/*
** repl.h - the interactive loop: show the board, list and play moves,
** undo, FEN, perft. From a terminal it prompts and keeps readline history;
** from a pipe it runs the same commands without prompts.
*/
#ifndef varia_repl_h
#define varia_repl_h

#include "sandbox.h"

#include <stdint.h>

/* seed: the generator of games with chance (cards). */
int repl_main(Sandbox *s, const char *variant, uint64_t seed);

#endif
