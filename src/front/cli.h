/*
** cli.h - the batch subcommands: perft, test, check, run, list, and the
** designer's lab (analyze, diff).
*/
#ifndef varia_cli_h
#define varia_cli_h

#include "sandbox.h"
#include "variant.h"

int cli_perft(Sandbox *s, int argc, char **argv);
int cli_test(Sandbox *s, int argc, char **argv);
int cli_check(Sandbox *s, int argc, char **argv);
int cli_run(Sandbox *s, int argc, char **argv);
int cli_list(Sandbox *s, int argc, char **argv);
/* The designer's lab: "analyze" or "diff", run by the built-in lua/lab.lua. */
int cli_lab(Sandbox *s, const char *command, int argc, char **argv);

/* Prints the names of the variants varia can find: first before the first
** name, sep before the others, each renamed if rename is given. */
void cli_print_variants(Sandbox *s, const char *first, const char *sep,
                        const char *(*rename)(const char *));

/* Loads a variant for a command: pushes its userdata, or prints the error
** to stderr and returns NULL. [-0, +(1|0), m] */
const Variant *cli_variant(Sandbox *s, const char *spec);

#endif
