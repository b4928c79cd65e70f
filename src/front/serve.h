/*
** serve.h - varia serve: the game in a web browser. A small HTTP server
** (libmicrohttpd) gives a page shipped inside the binary and a JSON API
** over the game; with --players each player has a secret link that shows
** that player's view only (hidden.h), never the truth.
*/
#ifndef varia_serve_h
#define varia_serve_h

#include "sandbox.h"
#include <stdint.h>

/* varia serve [VARIANT|FILE] [--port N] [--host H] [--players] [--seed N]:
** serves until SIGINT or SIGTERM. Returns the exit status. */
int serve_main(Sandbox *s, int argc, char **argv, uint64_t seed);

#endif
