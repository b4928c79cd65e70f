/*
** textio.h - text files read and written whole: a line is never split
** into two (a long line's tail must not run as a command of its own), and
** a file saved is never left half written (write beside, then rename).
*/
#ifndef varia_textio_h
#define varia_textio_h

#include <stddef.h>
#include <stdio.h>

/* Reads one line of f into buf (cap bytes, at least 2), without its end of
** line ("\n" or "\r\n"). Returns 1 for a line, 0 at the end of the input,
** or -1 for a line longer than cap - 1 bytes: its text is read and
** dropped up to its end, buf holds its beginning, and *len (if not NULL)
** receives its whole length. */
int textio_line(FILE *f, char *buf, size_t cap, size_t *len);

/* Saves text (n bytes) as the file path. The text goes to a new file in
** the folder of path, which then replaces path in one step (rename),
** keeping path's permissions; a symbolic link is followed and its target
** replaced, the link kept. Where the folder takes no new file (read-only,
** not ours) but path itself is writable, path is written in place. A path
** the user may not write is refused. Returns 0, or -1 with err naming path
** and the system's reason. */
int textio_save(const char *path, const char *text, size_t n, char *err, size_t errlen);

#endif
