/*
** textio.c - text files read and written whole.
*/
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "textio.h"

int textio_line(FILE *f, char *buf, size_t cap, size_t *len) {
  size_t n = 0;
  int c, overflow = 0;
  while ((c = getc(f)) != EOF && c != '\n') {
    if (n + 1 < cap) buf[n] = (char)c;
    else overflow = 1;
    n++;
  }
  if (c == EOF && n == 0) return 0;
  size_t kept = n < cap ? n : cap - 1;
  if (!overflow && kept && buf[kept - 1] == '\r') kept--;
  buf[kept] = '\0';
  if (len) *len = n;
  return overflow ? -1 : 1;
}

/* Where a symbolic link chain ends (path itself when it is no link);
** a relative link is read from its own folder. */
static int final_target(const char *path, char *out, size_t len) {
  char link[4096];
  snprintf(out, len, "%s", path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat st;
    if (lstat(out, &st) != 0 || !S_ISLNK(st.st_mode)) return 0;
    ssize_t k = readlink(out, link, sizeof link - 1);
    if (k < 0) return -1;
    link[k] = '\0';
    char *slash = strrchr(out, '/');
    if (link[0] == '/' || !slash) snprintf(out, len, "%s", link);
    else {
      char dir[4096];
      snprintf(dir, sizeof dir, "%.*s", (int)(slash - out), out);
      if ((size_t)snprintf(out, len, "%s/%s", dir, link) >= len) {
        errno = ENAMETOOLONG;
        return -1;
      }
    }
  }
  errno = ELOOP;
  return -1;
}

static int write_all(int fd, const char *text, size_t n) {
  while (n) {
    ssize_t k = write(fd, text, n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return -1;
    text += k;
    n -= (size_t)k;
  }
  return 0;
}

static int fail(char *err, size_t errlen, const char *path, const char *target, int e) {
  if (strcmp(path, target))
    snprintf(err, errlen, "cannot save %s (a link to %s): %s", path, target, strerror(e));
  else snprintf(err, errlen, "cannot save %s: %s", path, strerror(e));
  return -1;
}

/* The text over path's own bytes, when no new file can go beside it. */
static int save_in_place(const char *target, const char *text, size_t n) {
  int fd = open(target, O_WRONLY);
  if (fd < 0) return -1;
  if (write_all(fd, text, n) || ftruncate(fd, (off_t)n) || fsync(fd)) {
    int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  return close(fd);
}

int textio_save(const char *path, const char *text, size_t n, char *err, size_t errlen) {
  char target[4096], tmp[4200];
  struct stat st;
  if (final_target(path, target, sizeof target)) return fail(err, errlen, path, path, errno);
  int exists = stat(target, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return fail(err, errlen, path, target, EISDIR);
  /* A file the user may not write stays as it is, as with any editor that
  ** does not ask: replacing it through its folder would defeat that. */
  if (exists && access(target, W_OK) != 0) return fail(err, errlen, path, target, errno);
  snprintf(tmp, sizeof tmp, "%s.XXXXXX", target);
  int fd = mkstemp(tmp), e = errno;
  if (fd < 0) {
    /* A folder that takes no new file: a file there that we may write is
    ** written in place. */
    if (!exists || save_in_place(target, text, n)) return fail(err, errlen, path, target, exists ? errno : e);
    return 0;
  }
  mode_t mode;
  if (exists) mode = st.st_mode & 07777;
  else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  int bad = fchmod(fd, mode) || write_all(fd, text, n) || fsync(fd);
  e = errno;
  if (close(fd) && !bad) bad = 1, e = errno;
  if (!bad && rename(tmp, target)) bad = 1, e = errno;
  if (bad) {
    unlink(tmp);
    return fail(err, errlen, path, target, e);
  }
  return 0;
}

/* ---- lines of a file descriptor ----------------------------------------- */

#define INPUT_KEEP 256 /* bytes kept of a line past the limit */
#define INPUT_CHUNK 65536

void textio_input_init(TextInput *in, int fd, size_t limit) {
  memset(in, 0, sizeof *in);
  in->fd = fd;
  in->limit = limit < INPUT_KEEP ? INPUT_KEEP : limit;
}

void textio_input_free(TextInput *in) {
  free(in->buf);
  in->buf = NULL;
  in->start = in->len = in->cap = 0;
}

/* The first line in the buffer, if it has passed the limit: its first
** bytes are kept, and whatever follows its end; the rest of it goes. */
static void bound_line(TextInput *in) {
  char *b = in->buf + in->start;
  size_t n = in->len - in->start;
  char *nl = memchr(b, '\n', n);
  size_t line = nl ? (size_t)(nl - b) : n;
  if (line > in->limit) in->over = 1;
  if (in->over && line > INPUT_KEEP) {
    memmove(b + INPUT_KEEP, b + line, n - line);
    in->len -= line - INPUT_KEEP;
  }
}

/* Reads what has arrived (waiting for it when wait is set). Returns 1
** when bytes were read, 0 at the end of the input or when nothing came. */
static int input_fill(TextInput *in, int wait) {
  if (in->eof) return 0;
  if (!wait) {
    struct pollfd pf = {in->fd, POLLIN, 0};
    if (poll(&pf, 1, 0) <= 0) return 0;
  }
  if (in->start) { /* what was returned goes */
    memmove(in->buf, in->buf + in->start, in->len - in->start);
    in->len -= in->start;
    in->start = 0;
  }
  if (in->cap - in->len < INPUT_CHUNK / 2) {
    size_t cap = in->cap ? in->cap * 2 : INPUT_CHUNK;
    char *b = realloc(in->buf, cap);
    if (!b) { /* no room: the input ends here rather than half a line */
      in->eof = 1;
      return 0;
    }
    in->buf = b;
    in->cap = cap;
  }
  ssize_t k;
  do k = read(in->fd, in->buf + in->len, in->cap - in->len - 1); /* room for a NUL */
  while (k < 0 && errno == EINTR);
  if (k <= 0) {
    in->eof = 1;
    return 0;
  }
  in->len += (size_t)k;
  bound_line(in);
  return 1;
}

/* Is a whole line in the buffer (or its last one, at the end)? */
static int have_line(const TextInput *in) {
  size_t n = in->len - in->start;
  return (n && memchr(in->buf + in->start, '\n', n)) || (in->eof && n);
}

int textio_input_ready(TextInput *in) {
  while (!have_line(in) && input_fill(in, 0)) continue;
  return have_line(in) || in->eof;
}

char *textio_input_line(TextInput *in, int *flags) {
  *flags = 0;
  while (!have_line(in))
    if (!input_fill(in, 1)) break;
  if (!have_line(in)) return NULL;
  char *b = in->buf + in->start;
  size_t n = in->len - in->start;
  char *nl = memchr(b, '\n', n);
  size_t line = nl ? (size_t)(nl - b) : n; /* the last line may have no end */
  b[line] = '\0'; /* on the '\n', or in the byte kept free at the end */
  in->start += nl ? line + 1 : line;
  if (memchr(b, '\0', line)) *flags |= TEXTIO_NUL;
  if (in->over) *flags |= TEXTIO_LONG;
  in->over = 0;
  while (line && b[line - 1] == '\r') b[--line] = '\0';
  return b;
}
