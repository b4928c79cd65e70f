/*
** protocol.h - varia as an engine for GUIs and match runners: UCI (with
** Fairy-Stockfish's UCI_Variant and move conventions) and CECP/xboard (with
** engine-defined variants: setup and piece commands), and self-play.
*/
#ifndef varia_protocol_h
#define varia_protocol_h

#include "sandbox.h"

/* The engine loops, on standard input and output. first, when not NULL, is
** a command already read from the input (varia started without arguments
** sees "uci" and becomes a UCI engine), run before the next line. */
int protocol_uci(Sandbox *s, const char *first);
int protocol_xboard(Sandbox *s);
int cli_selfplay(Sandbox *s, int argc, char **argv);

#endif
