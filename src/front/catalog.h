/*
** catalog.h - the variants the front ends can name: loading one for a
** command, printing their names, and varia list.
*/
#ifndef varia_catalog_h
#define varia_catalog_h

#include "sandbox.h"
#include "variant.h"

/* Prints the names of the variants varia can find: first before the first
** name, sep before the others, each renamed if rename is given. */
void cli_print_variants(Sandbox *s, const char *first, const char *sep,
                        const char *(*rename)(const char *));

/* Loads a variant for a command: pushes its userdata, or prints the error
** to stderr and returns NULL. [-0, +(1|0), m] */
const Variant *cli_variant(Sandbox *s, const char *spec);

/* varia list: each variant with the one-line description its script
** gives (or why its script does not load). */
int cli_list(Sandbox *s, int argc, char **argv);

#endif
