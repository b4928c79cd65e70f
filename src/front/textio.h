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

/* Lines of a file descriptor (an engine's standard input), read whole
** through a buffer of its own, so that a program busy with something else
** (a search) can look whether a line has arrived without waiting for one.
** A line longer than limit bytes is not kept whole: its first bytes are,
** the rest is dropped up to its end, and it comes back marked. */
typedef struct TextInput {
  int fd;
  size_t limit;
  char *buf;
  size_t start, len, cap; /* buf[start..len) is read and not yet returned */
  int eof, over;
} TextInput;

enum { TEXTIO_LONG = 1, /* the line passed the limit (only its start is kept) */
       TEXTIO_NUL = 2   /* the line holds a NUL byte */ };

void textio_input_init(TextInput *in, int fd, size_t limit);
void textio_input_free(TextInput *in);
/* The next line, without its end of line ("\n" or "\r\n"), waiting for
** it; NULL at the end of the input (or when out of memory). *flags
** receives TEXTIO_* bits. The line stays valid until the next call. */
char *textio_input_line(TextInput *in, int *flags);
/* Has a whole line (or the end of the input) arrived? Reads what is there
** without waiting. */
int textio_input_ready(TextInput *in);

#endif
