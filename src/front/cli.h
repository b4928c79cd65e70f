/*
** cli.h - the batch subcommands: perft, test, check, run, and the
** designer's lab (analyze, diff). varia list is in catalog.h.
*/
#ifndef varia_cli_h
#define varia_cli_h

#include "sandbox.h"

int cli_perft(Sandbox *s, int argc, char **argv);
int cli_test(Sandbox *s, int argc, char **argv);
int cli_check(Sandbox *s, int argc, char **argv);
int cli_run(Sandbox *s, int argc, char **argv);
/* The designer's lab: "analyze" or "diff", run by the built-in lua/lab.lua. */
int cli_lab(Sandbox *s, const char *command, int argc, char **argv);

#endif
