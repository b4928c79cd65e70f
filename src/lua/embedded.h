/*
** embedded.h - the Lua library (lua/) and shipped variants (variants/),
** compiled into the binary by tools/embed.c.
*/
#ifndef varia_embedded_h
#define varia_embedded_h

#include <stddef.h>

typedef struct EmbeddedFile {
  const char *path; /* "lua/std.lua", "variants/chess.lua" */
  const char *text;
  size_t len;
} EmbeddedFile;

extern const EmbeddedFile embedded_files[]; /* ends with a NULL path */

#endif
