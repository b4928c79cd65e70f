/*
** import.h - varia import: Fairy-Stockfish variant files as variant scripts.
*/
#ifndef varia_import_h
#define varia_import_h

#include "sandbox.h"

/* varia import [-o DIR] [--force] FILE.ini [SECTION...]; returns the exit
** status. */
int cli_import(Sandbox *s, int argc, char **argv);

#endif
