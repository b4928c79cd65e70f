/*
** protocol.h - varia as an engine for GUIs and match runners: UCI (with
** Fairy-Stockfish's UCI_Variant and move conventions) and CECP/xboard (with
** engine-defined variants: setup and piece commands), and self-play.
*/
#ifndef varia_protocol_h
#define varia_protocol_h

#include "sandbox.h"

int protocol_uci(Sandbox *s, int argc, char **argv);
int protocol_xboard(Sandbox *s, int argc, char **argv);
int cli_selfplay(Sandbox *s, int argc, char **argv);

#endif
