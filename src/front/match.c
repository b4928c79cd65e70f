/*
** match.c - games between two engines, refereed by varia.
**
** The parent process schedules games and keeps the score; each game runs
** in a child process (a worker) that starts the two engines afresh, plays
** the game on its own copy of the variant, and writes back one line of
** result and the game's PGN. A worker is cheap (fork of a process whose
** state is copied on write) and it isolates the match from what an engine
** or the search may do: hang, crash, or leave pipes half-read.
*/
#define _GNU_SOURCE /* pipe2, strsignal */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "match.h"
#include "splitmix.h"
#include "rules.h"
#include "notation.h"
#include "pgn.h"
#include "player.h"
#include "script.h"
#include "search.h"
#include "wire.h"

#define STARTUP_SECONDS 10.0 /* uci/uciok, protover/done, isready/readyok */
#define DEFAULT_MAX_PLIES 1000
#define LINE_MAX_LEN 8192

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- an engine process: pipes and a line reader with a deadline -------- */

typedef struct Proc {
  pid_t pid;
  int to, from;            /* the engine's standard input and output */
  char buf[LINE_MAX_LEN];
  size_t len;
  int eof;
  const char *name;
  int debug;
} Proc;

/* Starts cmd through the shell in a process group of its own (a Ctrl-C at
** the terminal reaches varia, which ends the engines itself). */
static int proc_start(Proc *p, const char *cmd, char *err, size_t errlen) {
  int in[2], out[2];
  p->pid = -1;
  p->to = p->from = -1;
  p->len = 0;
  p->eof = 0;
  if (pipe2(in, O_CLOEXEC)) goto fail;
  if (pipe2(out, O_CLOEXEC)) {
    close(in[0]);
    close(in[1]);
    goto fail;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    goto fail;
  }
  if (pid == 0) {
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid); /* both sides set it: whichever runs first */
  close(in[0]);
  close(out[1]);
  p->pid = pid;
  p->to = in[1];
  p->from = out[0];
  return 0;
fail:
  snprintf(err, errlen, "cannot start '%s': %s", cmd, strerror(errno));
  return -1;
}

/* How the process ended, once it has: "exited with status 1", "killed by
** signal 11"; "" while it runs. */
static void proc_status(Proc *p, char *out, size_t len) {
  int st;
  out[0] = '\0';
  if (p->pid <= 0) return;
  pid_t r = waitpid(p->pid, &st, WNOHANG);
  if (r == 0) {
    /* the output is closed but the process not yet gone: a moment more */
    usleep(50000);
    r = waitpid(p->pid, &st, WNOHANG);
  }
  if (r != p->pid) return;
  p->pid = -1;
  if (WIFEXITED(st)) snprintf(out, len, "exited with status %d", WEXITSTATUS(st));
  else if (WIFSIGNALED(st)) snprintf(out, len, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
}

/* Ends the engine: "quit" was sent or not, it has a moment, then SIGKILL
** for its whole process group. */
static void proc_stop(Proc *p) {
  if (p->to >= 0) close(p->to);
  if (p->from >= 0) close(p->from);
  p->to = p->from = -1;
  if (p->pid > 0) {
    for (int i = 0; i < 20; i++) {
      if (waitpid(p->pid, NULL, WNOHANG) == p->pid) {
        p->pid = -1;
        break;
      }
      usleep(10000);
    }
    if (p->pid > 0) {
      kill(-p->pid, SIGKILL);
      kill(p->pid, SIGKILL);
      waitpid(p->pid, NULL, 0);
      p->pid = -1;
    }
  }
}

/* Sends one line. Returns 0, or -1 when the engine no longer reads. */
static int proc_send(Proc *p, const char *fmt, ...) {
  char line[LINE_MAX_LEN];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(line, sizeof line - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return -1;
  if ((size_t)n > sizeof line - 2) n = (int)sizeof line - 2;
  if (p->debug) fprintf(stderr, "%s < %s\n", p->name, line);
  line[n++] = '\n';
  for (int done = 0; done < n;) {
    ssize_t w = write(p->to, line + done, (size_t)(n - done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    done += (int)w;
  }
  return 0;
}

enum { LINE_OK = 1, LINE_TIMEOUT = 0, LINE_EOF = -1, LINE_STOPPED = -2 };

/* The next line of the engine's output (without its end of line) by the
** deadline. A line longer than the buffer is cut there. stop is polled
** (Ctrl-C). */
static int proc_line(Proc *p, double deadline, volatile sig_atomic_t *stop, char *out, size_t n) {
  for (;;) {
    char *nl = memchr(p->buf, '\n', p->len);
    if (nl || p->len == sizeof p->buf || (p->eof && p->len)) {
      size_t k = nl ? (size_t)(nl - p->buf) : p->len;
      size_t c = k < n - 1 ? k : n - 1;
      memcpy(out, p->buf, c);
      out[c] = '\0';
      while (c && (out[c - 1] == '\r')) out[--c] = '\0';
      size_t used = nl ? k + 1 : k;
      memmove(p->buf, p->buf + used, p->len - used);
      p->len -= used;
      if (p->debug) fprintf(stderr, "%s > %s\n", p->name, out);
      return LINE_OK;
    }
    if (p->eof) return LINE_EOF;
    if (stop && *stop) return LINE_STOPPED;
    double left = deadline - now();
    if (left <= 0) return LINE_TIMEOUT;
    struct pollfd pf = {p->from, POLLIN, 0};
    int ms = left > 0.1 ? 100 : (int)(left * 1000) + 1; /* wakes to see stop */
    int r = poll(&pf, 1, ms);
    if (r < 0 && errno != EINTR) return LINE_EOF;
    if (r <= 0) continue;
    ssize_t got = read(p->from, p->buf + p->len, sizeof p->buf - p->len);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) p->eof = 1;
    else p->len += (size_t)got;
  }
}

/* ---- engine arguments ---------------------------------------------------- */

int match_parse_engine(const char *arg, MatchEngine *e, char *err, size_t errlen) {
  memset(e, 0, sizeof *e);
  const char *cmd = NULL;
  if (!strcmp(arg, "varia")) {
    e->kind = MATCH_INPROC;
    snprintf(e->name, sizeof e->name, "varia");
    return 0;
  }
  if (!strncmp(arg, "uci:", 4)) e->kind = MATCH_UCI, cmd = arg + 4;
  else if (!strncmp(arg, "cecp:", 5)) e->kind = MATCH_CECP, cmd = arg + 5;
  else if (!strncmp(arg, "xboard:", 7)) e->kind = MATCH_CECP, cmd = arg + 7;
  else {
    snprintf(err, errlen, "engine '%s': expected varia, uci:COMMAND or cecp:COMMAND", arg);
    return -1;
  }
  while (isspace((unsigned char)*cmd)) cmd++;
  if (!*cmd) {
    snprintf(err, errlen, "engine '%s': the command is empty", arg);
    return -1;
  }
  e->command = cmd;
  /* the name: the program's base name */
  size_t len = strcspn(cmd, " \t");
  const char *base = cmd;
  for (const char *c = cmd; c < cmd + len; c++)
    if (*c == '/') base = c + 1;
  snprintf(e->name, sizeof e->name, "%.*s", (int)(cmd + len - base), base);
  return 0;
}

int match_parse_tc(const char *s, int *moves, double *seconds, double *inc) {
  char *end;
  *moves = 0;
  *inc = 0;
  const char *slash = strchr(s, '/');
  if (slash) {
    long m = strtol(s, &end, 10);
    if (end != slash || m < 1 || m > 1000) return -1;
    *moves = (int)m;
    s = slash + 1;
  }
  *seconds = strtod(s, &end);
  if (end == s || !isfinite(*seconds) || *seconds <= 0 || *seconds > 86400) return -1;
  if (*end == '+') {
    const char *i = end + 1;
    *inc = strtod(i, &end);
    if (end == i || !isfinite(*inc) || *inc < 0 || *inc > 3600) return -1;
  }
  return *end ? -1 : 0;
}

/* ---- Elo ---------------------------------------------------------------- */

static double elo_of(double score) { return score == 0.5 ? 0.0 : -400.0 * log10(1.0 / score - 1.0); }

int match_elo(const MatchScore *s, double *elo, double *margin) {
  int n = s->wins + s->losses + s->draws;
  *elo = *margin = NAN;
  if (n == 0) return -1;
  double score = (s->wins + 0.5 * s->draws) / n;
  if (score <= 0 || score >= 1) return -1;
  double var = (s->wins * (1 - score) * (1 - score) + s->draws * (0.5 - score) * (0.5 - score) +
                s->losses * score * score) / n;
  double dev = 1.959964 * sqrt(var / n);
  *elo = elo_of(score);
  double lo = score - dev, hi = score + dev;
  *margin = lo <= 0 || hi >= 1 ? INFINITY : (elo_of(hi) - elo_of(lo)) / 2;
  return 0;
}

void match_score_line(const MatchConfig *c, const MatchScore *s, char *out, size_t len) {
  int n = s->wins + s->losses + s->draws;
  double elo, margin;
  int k = snprintf(out, len, "Score of %s vs %s: %d - %d - %d [%.3f] %d", c->engine[0].name,
                   c->engine[1].name, s->wins, s->losses, s->draws,
                   n ? (s->wins + 0.5 * s->draws) / n : 0.0, n);
  if (k < 0 || (size_t)k >= len) return;
  if (match_elo(s, &elo, &margin) == 0) {
    if (isinf(margin)) snprintf(out + k, len - k, ", Elo %+.1f +/- inf", elo);
    else snprintf(out + k, len - k, ", Elo %+.1f +/- %.1f", elo, margin);
  } else {
    snprintf(out + k, len - k, ", Elo n/a");
  }
}

/* ---- one game ------------------------------------------------------------ */

typedef struct Player {
  const MatchEngine *e;
  Sandbox *s;
  Proc proc;
  /* varia in this process */
  Searcher *searcher;
  uint64_t rng;
  int depth;
  /* CECP */
  int usermove, setboard, force, sent, ranks;
  /* the engine's score for its last move (UCI info score, CECP thinking),
  ** in centipawns for the side that moved */
  int has_score, score;
} Player;

typedef struct History {
  char **text; /* each turn as played, in varia's UCI notation */
  int n, cap;
} History;

typedef struct GameRun {
  Sandbox *s;
  const MatchConfig *c;
  Game *g;
  const char *root_fen;  /* NULL: the variant's start */
  History h;
  Player pl[2];          /* by engine index */
  double clock[2];       /* by engine index */
  int moves_made[2];
  char result[8], reason[256];
  char fatal[512];       /* an engine would not start: the match stops */
} GameRun;

static int history_push(History *h, const char *text) {
  if (h->n == h->cap) {
    int cap = h->cap ? h->cap * 2 : 64;
    char **t = realloc(h->text, (size_t)cap * sizeof *t);
    if (!t) return -1;
    h->text = t;
    h->cap = cap;
  }
  h->text[h->n] = strdup(text);
  if (!h->text[h->n]) return -1;
  h->n++;
  return 0;
}

static void history_free(History *h) {
  for (int i = 0; i < h->n; i++) free(h->text[i]);
  free(h->text);
  h->text = NULL;
  h->n = h->cap = 0;
}

/* The variant's name for external engines: the configured one, or varia's
** name without options; a CECP engine is given the XBoard name the script
** declares (names.xboard), if it declares one. */
static void engine_variant(lua_State *L, const MatchConfig *c, int kind, char *out, size_t len) {
  if (c->engine_variant) {
    snprintf(out, len, "%s", c->engine_variant);
    return;
  }
  snprintf(out, len, "%s", c->variant);
  out[script_name_len(out)] = '\0';
  int top = lua_gettop(L);
  const Variant *v = kind == MATCH_CECP ? binding_variant(L, out, 0) : NULL;
  if (v && v->names.xboard[0]) snprintf(out, len, "%s", v->names.xboard);
  lua_settop(L, top);
}

static int option_split(const char *opt, char *name, size_t nlen, const char **value) {
  const char *eq = strchr(opt, '=');
  if (!eq || eq == opt) return -1;
  snprintf(name, nlen, "%.*s", (int)(eq - opt), opt);
  *value = eq + 1;
  return 0;
}

/* Starts and greets the engine. Returns 0, or -1 with the reason in err. */
static int player_start(GameRun *run, Player *p, int index, char *err, size_t errlen) {
  const MatchEngine *e = p->e;
  Sandbox *s = run->s;
  char line[LINE_MAX_LEN], name[128], var[128];
  const char *value;
  p->proc.pid = -1;
  p->proc.to = p->proc.from = -1;
  if (e->kind == MATCH_INPROC) {
    int mb = 16, threads = 1;
    for (int i = 0; i < e->noptions; i++) {
      if (option_split(e->option[i], name, sizeof name, &value) == 0 && !strcasecmp(name, "Hash")) mb = atoi(value);
      else if (option_split(e->option[i], name, sizeof name, &value) == 0 && !strcasecmp(name, "Depth")) p->depth = atoi(value);
      else if (option_split(e->option[i], name, sizeof name, &value) == 0 && !strcasecmp(name, "Threads"))
        threads = atoi(value);
      else {
        snprintf(err, errlen, "varia's option '%s': expected Hash=MB, Depth=N or Threads=N", e->option[i]);
        return -1;
      }
    }
    if (mb < 1 || mb > 4096) {
      snprintf(err, errlen, "varia's Hash: from 1 to 4096 (MB)");
      return -1;
    }
    if (threads < 1 || threads > SEARCH_MAX_THREADS) {
      snprintf(err, errlen, "varia's Threads: from 1 to %d", SEARCH_MAX_THREADS);
      return -1;
    }
    if (p->depth < 0 || p->depth > SEARCH_MAX_DEPTH) p->depth = 0;
    p->searcher = search_new(mb);
    if (!p->searcher) {
      snprintf(err, errlen, "varia: out of memory for a %d MB table", mb);
      return -1;
    }
    if (search_set_threads(p->searcher, threads)) {
      snprintf(err, errlen, "varia: out of memory for %d threads", threads);
      return -1;
    }
    p->rng = run->c->seed * 2 + (uint64_t)index + 1;
    return 0;
  }
  p->proc.name = e->name;
  p->proc.debug = run->c->progress < 0;
  if (proc_start(&p->proc, e->command, err, errlen)) return -1;
  double deadline = now() + STARTUP_SECONDS;
  engine_variant(s->L, run->c, e->kind, var, sizeof var);
  int got;
  if (e->kind == MATCH_UCI) {
    /* an engine given UCI_Variant=VALUE plays that (a script's tuned copy
    ** against the script: docs/cli.md), whatever it offers */
    const char *own = NULL;
    for (int i = 0; i < e->noptions; i++)
      if (option_split(e->option[i], name, sizeof name, &value) == 0 && !strcasecmp(name, "UCI_Variant")) own = value;
    int has_variant = !strcmp(var, "chess") || own;
    if (proc_send(&p->proc, "uci")) goto dead;
    while ((got = proc_line(&p->proc, deadline, &s->interrupted, line, sizeof line)) == LINE_OK) {
      if (!strcmp(line, "uciok")) break;
      if (!strncmp(line, "option name UCI_Variant ", 24)) {
        char want[160];
        snprintf(want, sizeof want, " var %s", var);
        for (char *at = strstr(line, want); at; at = strstr(at + 1, want))
          if (at[strlen(want)] == '\0' || at[strlen(want)] == ' ') has_variant = 1;
      }
    }
    if (got != LINE_OK) goto silent;
    if (!has_variant) {
      snprintf(err, errlen, "%s does not offer the variant '%s' (UCI_Variant)", e->name, var);
      return -1;
    }
    for (int i = 0; i < e->noptions; i++) {
      if (option_split(e->option[i], name, sizeof name, &value)) {
        snprintf(err, errlen, "%s's option '%s': expected NAME=VALUE", e->name, e->option[i]);
        return -1;
      }
      if (proc_send(&p->proc, "setoption name %s value %s", name, value)) goto dead;
    }
    if (!own && strcmp(var, "chess") && proc_send(&p->proc, "setoption name UCI_Variant value %s", var)) goto dead;
    return 0;
  }
  /* CECP: the features come after protover 2; done=1 ends them */
  if (proc_send(&p->proc, "xboard") || proc_send(&p->proc, "protover 2")) goto dead;
  int has_variant = !strcmp(var, "normal"), done = 0;
  while (!done && (got = proc_line(&p->proc, deadline, &s->interrupted, line, sizeof line)) == LINE_OK) {
    if (strncmp(line, "feature ", 8)) continue;
    /* key=value pairs, values quoted or not */
    for (char *c = line + 8; *c;) {
      while (*c == ' ') c++;
      char *key = c, *eq = strchr(c, '=');
      if (!eq) break;
      *eq = '\0';
      char *val = eq + 1, *end;
      if (*val == '"') {
        val++;
        end = strchr(val, '"');
        if (!end) end = val + strlen(val);
      } else {
        end = val + strcspn(val, " ");
      }
      char after = *end;
      *end = '\0';
      int on = !strcmp(val, "1");
      if (!strcmp(key, "done")) {
        if (on) done = 1;
        else deadline = now() + STARTUP_SECONDS * 6; /* done=0: more time asked */
      } else if (!strcmp(key, "san") && on) {
        proc_send(&p->proc, "rejected san"); /* coordinates, please */
      } else {
        if (!strcmp(key, "usermove")) p->usermove = on;
        if (!strcmp(key, "setboard")) p->setboard = on;
        if (!strcmp(key, "variants")) {
          char list[LINE_MAX_LEN];
          snprintf(list, sizeof list, ",%s,", val);
          char want[160];
          snprintf(want, sizeof want, ",%s,", var);
          for (char *w = list; *w; w++)
            if (*w == ' ') memmove(w, w + 1, strlen(w)); /* "a, b" lists */
          if (strstr(list, want)) has_variant = 1;
        }
        proc_send(&p->proc, "accepted %s", key);
      }
      c = after ? end + 1 : end;
    }
  }
  if (!done && got == LINE_TIMEOUT) {
    /* protocol 1 (no features): nothing more to learn */
  } else if (got != LINE_OK) {
    goto silent;
  }
  if (!has_variant) {
    snprintf(err, errlen, "%s does not offer the variant '%s' (its variants feature)", e->name, var);
    return -1;
  }
  return 0;
silent:
  if (got == LINE_STOPPED) {
    snprintf(err, errlen, "interrupted");
    return -1;
  }
  if (got == LINE_TIMEOUT) {
    snprintf(err, errlen, "%s (%s) did not answer %s within %.0f s", e->name, e->command,
             e->kind == MATCH_UCI ? "uci" : "protover 2", STARTUP_SECONDS);
    return -1;
  }
dead: {
  char st[128];
  proc_status(&p->proc, st, sizeof st);
  snprintf(err, errlen, "%s (%s) ended before answering %s%s%s", e->name, e->command,
           e->kind == MATCH_UCI ? "uci" : "protover 2", *st ? ": " : "", st);
  return -1;
}
}

/* The game begins: each engine learns the variant, the start and the
** time control. Returns 0, or -1 with err. */
static int player_new_game(GameRun *run, Player *p, char *err, size_t errlen) {
  const MatchConfig *c = run->c;
  char line[LINE_MAX_LEN], var[128];
  if (p->e->kind == MATCH_INPROC) return 0;
  engine_variant(run->s->L, c, p->e->kind, var, sizeof var);
  if (p->e->kind == MATCH_UCI) {
    if (proc_send(&p->proc, "ucinewgame") || proc_send(&p->proc, "isready")) goto dead;
    int got;
    double deadline = now() + STARTUP_SECONDS;
    while ((got = proc_line(&p->proc, deadline, &run->s->interrupted, line, sizeof line)) == LINE_OK)
      if (!strcmp(line, "readyok")) return 0;
    if (got == LINE_TIMEOUT) {
      snprintf(err, errlen, "%s did not answer isready within %.0f s", p->e->name, STARTUP_SECONDS);
      return -1;
    }
    goto dead;
  }
  for (int i = 0; i < p->e->noptions; i++)
    if (proc_send(&p->proc, "option %s", p->e->option[i])) goto dead;
  if (proc_send(&p->proc, "new") || proc_send(&p->proc, "easy") || proc_send(&p->proc, "force")) goto dead;
  if (strcmp(var, "normal") && proc_send(&p->proc, "variant %s", var)) goto dead;
  p->ranks = run->g->v->geo.ranks;
  if (c->move_seconds > 0) {
    if (proc_send(&p->proc, "st %d", (int)c->move_seconds)) goto dead;
  } else {
    int base = (int)c->tc_seconds;
    if (proc_send(&p->proc, "level %d %d:%02d %g", c->tc_moves, base / 60, base % 60, c->tc_inc)) goto dead;
  }
  if (c->depth > 0 && proc_send(&p->proc, "sd %d", c->depth)) goto dead;
  if (c->post && proc_send(&p->proc, "post")) goto dead;
  if (run->root_fen) {
    if (!p->setboard) {
      snprintf(err, errlen, "%s cannot start from a FEN (no setboard feature)", p->e->name);
      return -1;
    }
    char fen[1024]; /* holes as CECP writes them ('*') */
    fen_holes_marked(run->g->v, run->root_fen, fen, sizeof fen);
    if (proc_send(&p->proc, "setboard %s", fen)) goto dead;
  }
  p->force = 1;
  p->sent = 0;
  return 0;
dead: {
  char st[128];
  proc_status(&p->proc, st, sizeof st);
  snprintf(err, errlen, "%s ended at the start of the game%s%s", p->e->name, *st ? ": " : "", st);
  return -1;
}
}

static void set_result(GameRun *run, int winner, const char *fmt, ...) {
  va_list ap;
  snprintf(run->result, sizeof run->result, "%s", winner == WHITE ? "1-0" : winner == BLACK ? "0-1" : "1/2-1/2");
  va_start(ap, fmt);
  vsnprintf(run->reason, sizeof run->reason, fmt, ap);
  va_end(ap);
}

/* A mate in n (n > 0: giving it; n < 0: taken), as a score beyond any
** material: the lab's chances scale puts it at certainty. */
#define MATE_SCORE 100000

/* The score of a UCI info line ("... score cp 31 ..." or "score mate -3"),
** kept as the engine's latest. */
static void uci_score(Player *p, const char *line) {
  const char *at = strstr(line, " score ");
  long v;
  char *end;
  if (!at) return;
  at += 7;
  if (!strncmp(at, "cp ", 3)) {
    v = strtol(at + 3, &end, 10);
    if (end == at + 3) return;
  } else if (!strncmp(at, "mate ", 5)) {
    v = strtol(at + 5, &end, 10);
    if (end == at + 5) return;
    v = v > 0 ? MATE_SCORE - v : v < 0 ? -MATE_SCORE - v : -MATE_SCORE;
  } else {
    return;
  }
  if (v > MATE_SCORE) v = MATE_SCORE;
  if (v < -MATE_SCORE) v = -MATE_SCORE;
  p->score = (int)v;
  p->has_score = 1;
}

/* The score of a CECP thinking line, "PLY SCORE TIME NODES PV": centipawns
** for the engine, its latest line the one that counts. */
static void cecp_score(Player *p, const char *line) {
  char *end;
  strtol(line, &end, 10);
  if (end == line) return;
  while (*end && *end != ' ') end++; /* "7." or "7&": marks of some engines */
  const char *at = end;
  long v = strtol(at, &end, 10);
  if (end == at || (*end != ' ' && *end != '\0')) return;
  if (v > MATE_SCORE) v = MATE_SCORE;
  if (v < -MATE_SCORE) v = -MATE_SCORE;
  p->score = (int)v;
  p->has_score = 1;
}

/* The time the side to move may use for this move, and the moves to go. */
static double allowance(GameRun *run, int idx, int *togo) {
  const MatchConfig *c = run->c;
  *togo = 0;
  if (c->move_seconds > 0) return c->move_seconds;
  if (c->tc_moves) *togo = c->tc_moves - run->moves_made[idx] % c->tc_moves;
  return run->clock[idx];
}

/* What asking a player for its move came to. */
typedef enum {
  ASK_MOVE,    /* the move is in move */
  ASK_DECIDED, /* the game's result is set: a resignation, a false claim, a refusal, no move */
  ASK_STOPPED, /* interrupted (Ctrl-C) */
  ASK_TIMEOUT, /* no move within the time and the margin */
  ASK_DEAD     /* the engine's output closed, or it takes no more input */
} Asked;

/* varia's own search plays the step (and the rest of its turn) in the
** game itself; move gets the steps joined by commas. */
static Asked ask_inproc(GameRun *run, int idx, int side, double allowed, int togo, char *move,
                        size_t len) {
  const MatchConfig *c = run->c;
  Player *p = &run->pl[idx];
  SearchLimits lim = {.depth = p->depth ? p->depth : SEARCH_MAX_DEPTH, .seconds = allowed,
                      .stop = (volatile int *)&run->s->interrupted};
  if (c->nodes) lim.nodes = c->nodes; /* the time stays only as a bound */
  else if (c->move_seconds <= 0) search_clock(&lim, allowed, togo, c->tc_inc);
  Game *g = run->g;
  size_t n = 0;
  char step[64];
  do {
    if (player_move(g, p->searcher, &lim, &p->rng, step, sizeof step)) break;
    n += (size_t)snprintf(move + n, len - n, "%s%s", n ? "," : "", step);
  } while (g->pos.side == side && g->pos.phase != 0 && game_decision(g).player == side &&
           game_decision(g).kind != DECIDE_NONE && n < len - 64);
  if (run->s->interrupted) return ASK_STOPPED;
  if (!n) {
    set_result(run, side ^ 1, "%s found no move", p->e->name);
    return ASK_DECIDED;
  }
  return ASK_MOVE;
}

/* The engine's answer to a question already asked: ASK_MOVE when a line
** was read into move by got_line, else what ended the wait. */
static Asked wait_answer(int got) {
  return got == LINE_OK ? ASK_MOVE : got == LINE_STOPPED ? ASK_STOPPED
         : got == LINE_TIMEOUT ? ASK_TIMEOUT : ASK_DEAD;
}

/* A UCI engine: the game so far as one position command, then go with
** the clock; its bestmove. *start is when the question went out. */
static Asked ask_uci(GameRun *run, int idx, int side, double allowed, int togo, double *start,
                     char *move, size_t len) {
  const MatchConfig *c = run->c;
  Player *p = &run->pl[idx];
  Proc *pr = &p->proc;
  char line[LINE_MAX_LEN];
  char *cmd = NULL;
  size_t clen = 0;
  FILE *f = open_memstream(&cmd, &clen);
  if (!f) return ASK_DEAD;
  if (run->root_fen) fprintf(f, "position fen %s", run->root_fen);
  else fputs("position startpos", f);
  if (run->h.n) fputs(" moves", f);
  for (int i = 0; i < run->h.n; i++) fprintf(f, " %s", run->h.text[i]);
  fclose(f);
  int bad = proc_send(pr, "%s", cmd);
  free(cmd);
  if (bad) return ASK_DEAD;
  *start = now();
  double deadline = *start + allowed + c->margin;
  if (c->depth > 0) bad = proc_send(pr, "go depth %d", c->depth);
  else if (c->nodes) bad = proc_send(pr, "go nodes %llu", (unsigned long long)c->nodes);
  else if (c->move_seconds > 0) bad = proc_send(pr, "go movetime %d", (int)(allowed * 1000));
  else {
    int w = (int)(run->clock[side == WHITE ? idx : idx ^ 1] * 1000);
    int b = (int)(run->clock[side == BLACK ? idx : idx ^ 1] * 1000);
    int inc = (int)(c->tc_inc * 1000);
    char extra[32] = "";
    if (togo) snprintf(extra, sizeof extra, " movestogo %d", togo);
    bad = proc_send(pr, "go wtime %d btime %d winc %d binc %d%s", w, b, inc, inc, extra);
  }
  if (bad) return ASK_DEAD;
  int got;
  while ((got = proc_line(pr, deadline, &run->s->interrupted, line, sizeof line)) == LINE_OK) {
    if (!strncmp(line, "info ", 5)) uci_score(p, line);
    if (!strncmp(line, "bestmove", 8) && (line[8] == ' ' || !line[8])) {
      const char *m = line + 8;
      while (*m == ' ') m++;
      snprintf(move, len, "%.*s", (int)strcspn(m, " "), m);
      break;
    }
  }
  return wait_answer(got);
}

/* A CECP engine: the clocks, the moves it has not seen yet, go if it was
** in force mode; its move, or a resignation, a refusal or a claim, which
** decide the game. *start is when the last of it went out. */
static Asked ask_cecp(GameRun *run, int idx, int side, double allowed, double *start, char *move,
                      size_t len) {
  const MatchConfig *c = run->c;
  Player *p = &run->pl[idx];
  Proc *pr = &p->proc;
  const char *who = p->e->name;
  char line[LINE_MAX_LEN];
  if (c->move_seconds <= 0) {
    if (proc_send(pr, "time %d", (int)(run->clock[idx] * 100)) ||
        proc_send(pr, "otim %d", (int)(run->clock[idx ^ 1] * 100)))
      return ASK_DEAD;
  }
  *start = now();
  double deadline = *start + allowed + c->margin;
  for (; p->sent < run->h.n; p->sent++) {
    char cm[256];
    cecp_ranks(run->h.text[p->sent], 1, p->ranks, cm, sizeof cm);
    if (proc_send(pr, "%s%s", p->usermove ? "usermove " : "", cm)) return ASK_DEAD;
  }
  if (p->force) {
    if (proc_send(pr, "go")) return ASK_DEAD;
    p->force = 0;
  }
  int got;
  while ((got = proc_line(pr, deadline, &run->s->interrupted, line, sizeof line)) == LINE_OK) {
    if (isdigit((unsigned char)line[strspn(line, " ")])) cecp_score(p, line + strspn(line, " "));
    if (!strncmp(line, "move ", 5)) {
      cecp_ranks(line + 5, 0, p->ranks, move, len);
      move[strcspn(move, " ")] = '\0';
      p->sent++; /* its own move: it knows it */
      break;
    }
    if (!strcmp(line, "resign") || !strncmp(line, "resign ", 7)) {
      set_result(run, side ^ 1, "%s resigns", who);
      return ASK_DECIDED;
    }
    if (!strncmp(line, "Illegal move", 12)) {
      set_result(run, side ^ 1, "%s refused the legal move %s: %s", who,
                 run->h.n ? run->h.text[run->h.n - 1] : "", line);
      return ASK_DECIDED;
    }
    if (!strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) || !strncmp(line, "1/2-1/2", 7)) {
      /* the referee's rules see no end here: a false claim loses */
      set_result(run, side ^ 1, "%s claimed '%s', which the rules do not confirm", who, line);
      return ASK_DECIDED;
    }
  }
  return wait_answer(got);
}

/* Asks the player of engine index idx (colour side) for its move in its
** protocol and plays it on the game, judged by the rules and the clock.
** Returns 0 with the move played, or 1 when the game ended there (the
** result set), or -1 when interrupted. */
static int player_move_now(GameRun *run, int idx, int side) {
  const MatchConfig *c = run->c;
  Player *p = &run->pl[idx];
  const char *who = p->e->name;
  int togo;
  double allowed = allowance(run, idx, &togo);
  double start = now();
  char move[LINE_MAX_LEN], err[256];
  move[0] = '\0';
  p->has_score = 0;
  Asked a = p->e->kind == MATCH_INPROC ? ask_inproc(run, idx, side, allowed, togo, move, sizeof move)
            : p->e->kind == MATCH_UCI ? ask_uci(run, idx, side, allowed, togo, &start, move, sizeof move)
            : ask_cecp(run, idx, side, allowed, &start, move, sizeof move);
  switch (a) {
    case ASK_MOVE: break;
    case ASK_DECIDED: return 1;
    case ASK_STOPPED: return -1;
    case ASK_TIMEOUT:
      set_result(run, side ^ 1, "%s loses on time (no move within %.2f s)", who, allowed + c->margin);
      return 1;
    case ASK_DEAD: {
      char st[128];
      proc_status(&p->proc, st, sizeof st);
      set_result(run, side ^ 1, "%s crashed (%s)", who, *st ? st : "its output closed");
      return 1;
    }
  }
  double used = now() - start;
  if (p->e->kind != MATCH_INPROC) {
    int played = 0;
    if (game_play_text(run->g, move, &played, err, sizeof err) != 0) {
      set_result(run, side ^ 1, "%s played the illegal move '%s' (%s)", who, move, err);
      return 1;
    }
  }
  /* varia's notation of the move, the one the other engine gets */
  if (history_push(&run->h, move)) {
    set_result(run, -1, "out of memory");
    return 1;
  }
  if (used > allowed + c->margin) {
    set_result(run, side ^ 1, "%s loses on time (%.2f s used, %.2f s allowed)", who, used, allowed);
    return 1;
  }
  if (c->move_seconds <= 0) {
    run->clock[idx] -= used;
    run->clock[idx] += c->tc_inc;
    run->moves_made[idx]++;
    if (c->tc_moves && run->moves_made[idx] % c->tc_moves == 0) run->clock[idx] += c->tc_seconds;
  }
  return 0;
}

static void player_end(Player *p) {
  if (p->e && p->e->kind != MATCH_INPROC && p->proc.pid > 0) {
    proc_send(&p->proc, "quit");
    proc_stop(&p->proc);
  }
  search_free(p->searcher);
  p->searcher = NULL;
}

/* An opening: a FEN, or moves from the start ("e2e4 e7e5"). */
typedef struct Opening {
  char fen[512];
  char moves[2048];
} Opening;

/* Random legal plies from the start (the generator of this pair): both
** games of a pair get the same. Openings that end the game are avoided. */
static void random_opening(Sandbox *s, const MatchConfig *c, int pair, Opening *o) {
  lua_State *L = s->L;
  uint64_t x = c->seed * SPLITMIX_GAMMA + (uint64_t)pair * 0xBF58476D1CE4E5B9ull + 1;
  o->fen[0] = o->moves[0] = '\0';
  for (int attempt = 0; attempt < 20; attempt++) {
    int top = lua_gettop(L);
    if (!binding_variant(L, c->variant, 0) || !binding_new_game(L, -1, NULL)) {
      lua_settop(L, top);
      return;
    }
    Game *g = lua_touserdata(L, -1);
    size_t n = 0;
    int ok = 1;
    static Move list[MAX_MOVES];
    for (int ply = 0; ply < c->random_plies && ok; ply++) {
      int k = gen_legal(&g->pos, list);
      if (k == 0 || game_decision(g).kind != DECIDE_MOVE) {
        ok = 0;
        break;
      }
      x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
      Move m = list[(x * 0x2545F4914F6CDD1Dull >> 33) % (uint64_t)k];
      char text[64], err[128];
      int played = 0;
      move_to_uci(&g->pos, m, text, sizeof text);
      if (game_play_text(g, text, &played, err, sizeof err)) ok = 0;
      else n += (size_t)snprintf(o->moves + n, sizeof o->moves - n, "%s%s", n ? " " : "", text);
      if (game_result(g).over) ok = 0;
    }
    lua_settop(L, top);
    if (ok) return;
    o->moves[0] = '\0';
  }
}

/* Plays game `round` (from 1); white is the engine index with White. */
static void play_game(Sandbox *s, const MatchConfig *c, const Opening *o, int round, int white,
                      GameRun *run) {
  lua_State *L = s->L;
  char err[512];
  memset(run, 0, sizeof *run);
  run->s = s;
  run->c = c;
  snprintf(run->result, sizeof run->result, "*");
  if (!binding_variant(L, c->variant, 0) || !binding_new_game(L, -1, o->fen[0] ? o->fen : NULL)) {
    snprintf(run->fatal, sizeof run->fatal, "%s", lua_tostring(L, -1));
    return;
  }
  run->g = lua_touserdata(L, -1);
  game_seed(run->g, c->seed + (uint64_t)round);
  run->root_fen = o->fen[0] ? o->fen : NULL;
  /* a start drawn by the seed (a shuffled back rank) is not the engines'
  ** startpos: they get it as a FEN */
  if (!run->root_fen && strcmp(run->g->start_fen, run->g->v->start_fen)) run->root_fen = run->g->start_fen;
  /* the opening's moves */
  char moves[sizeof o->moves];
  snprintf(moves, sizeof moves, "%s", o->moves);
  for (char *tok = strtok(moves, " \t"); tok; tok = strtok(NULL, " \t")) {
    int played = 0;
    if (game_play_text(run->g, tok, &played, err, sizeof err)) {
      snprintf(run->fatal, sizeof run->fatal, "the opening's move %.40s: %.400s", tok, err);
      return;
    }
    if (history_push(&run->h, tok)) {
      snprintf(run->fatal, sizeof run->fatal, "out of memory");
      return;
    }
  }
  for (int i = 0; i < 2; i++) {
    run->pl[i].e = &c->engine[i];
    run->pl[i].s = s;
    run->clock[i] = c->tc_seconds;
  }
  for (int i = 0; i < 2; i++)
    if (player_start(run, &run->pl[i], i, err, sizeof err) || player_new_game(run, &run->pl[i], err, sizeof err)) {
      snprintf(run->fatal, sizeof run->fatal, "%s", err);
      goto end;
    }
  int max_plies = c->max_plies > 0 ? c->max_plies : DEFAULT_MAX_PLIES;
  for (int ply = 0;; ply++) {
    GameResult r = game_result(run->g);
    Decision d = game_decision(run->g);
    if (r.over || d.kind == DECIDE_NONE) {
      set_result(run, r.over ? r.winner : -1, "%s", r.over ? r.reason : "no one can move");
      break;
    }
    if (ply >= max_plies) {
      set_result(run, -1, "adjudicated a draw after %d plies", max_plies);
      break;
    }
    int side = d.player;
    int idx = side == WHITE ? white : white ^ 1;
    int k = player_move_now(run, idx, side);
    if (k < 0) { /* interrupted: not a result */
      snprintf(run->result, sizeof run->result, "*");
      snprintf(run->reason, sizeof run->reason, "interrupted");
      break;
    }
    if (k > 0) break;
  }
end:
  for (int i = 0; i < 2; i++) player_end(&run->pl[i]);
  history_free(&run->h);
}

/* ---- the schedule ----------------------------------------------------- */

typedef struct Worker {
  pid_t pid;
  int fd;
  int round, white;
  char *out;
  size_t len, cap;
} Worker;

static int load_openings(const char *path, Opening **out, int *n, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  char line[4096];
  int cap = 0, lineno = 0;
  *out = NULL;
  *n = 0;
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = '\0';
    char *t = line;
    while (isspace((unsigned char)*t)) t++;
    if (!*t || *t == '#') continue;
    if (*n == cap) {
      cap = cap ? cap * 2 : 16;
      Opening *o = realloc(*out, (size_t)cap * sizeof *o);
      if (!o) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
      }
      *out = o;
    }
    Opening *o = &(*out)[(*n)++];
    o->fen[0] = o->moves[0] = '\0';
    /* "FEN [moves ...]" (a FEN has slashes) or moves alone */
    char *mv = strstr(t, " moves ");
    if (mv) *mv = '\0';
    if (strchr(t, '/')) {
      if (strlen(t) >= sizeof o->fen) {
        snprintf(err, errlen, "%s:%d: the FEN is too long", path, lineno);
        fclose(f);
        return -1;
      }
      snprintf(o->fen, sizeof o->fen, "%.511s", t);
      if (mv) snprintf(o->moves, sizeof o->moves, "%.2047s", mv + 7);
    } else {
      snprintf(o->moves, sizeof o->moves, "%.2047s", !strncmp(t, "moves ", 6) ? t + 6 : t);
    }
  }
  fclose(f);
  if (!*n) {
    snprintf(err, errlen, "%s: no openings in the file", path);
    return -1;
  }
  return 0;
}

/* The child: plays one game, writes "RESULT\tREASON\n" then the PGN (or
** "!\tMESSAGE\n" when an engine would not start) and exits. */
static void worker_main(Sandbox *s, const MatchConfig *c, const Opening *o, int round, int white, int fd) {
  GameRun run;
  char *text = NULL;
  size_t len = 0;
  play_game(s, c, o, round, white, &run);
  FILE *f = open_memstream(&text, &len);
  if (f) {
    if (run.fatal[0]) {
      fprintf(f, "!\t%s\n", run.fatal);
    } else {
      char rnd[16];
      snprintf(rnd, sizeof rnd, "%d", round);
      PgnHeader h = {"varia match", rnd, c->engine[white].name, c->engine[white ^ 1].name,
                     run.result, run.reason};
      fprintf(f, "%s\t%s\n", run.result, run.reason);
      pgn_write_header(s->L, run.g, c->variant, c->seed + (uint64_t)round, &h, f);
      fputc('\n', f);
    }
    fclose(f);
    for (size_t done = 0; done < len;) {
      ssize_t w = write(fd, text + done, len - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      done += (size_t)w;
    }
  }
  free(text);
  /* this process's copy of the state, freed as os.exit(true, true) frees
  ** it from inside a call: nothing left behind for a leak checker */
  sandbox_free(s);
  _exit(0);
}

static void progress(const MatchConfig *c, int done, int total, int running, double started) {
  if (c->progress <= 0) return;
  int secs = (int)(now() - started);
  fprintf(stderr, "\r\033[K[%d/%d games, %d running, %d:%02d]", done, total, running, secs / 60, secs % 60);
  fflush(stderr);
}

static void clear_progress(const MatchConfig *c) {
  if (c->progress > 0) fputs("\r\033[K", stderr);
}

int match_run(Sandbox *s, const MatchConfig *c, MatchScore *score, MatchOnGame on_game, void *ctx,
              char *err, size_t errlen) {
  Opening *openings = NULL;
  int nopen = 0, games = c->games + (c->games & 1), conc = c->concurrency > 0 ? c->concurrency : 1;
  memset(score, 0, sizeof *score);
  err[0] = '\0';
  if (c->openings && load_openings(c->openings, &openings, &nopen, err, errlen)) return -1;
  for (int i = 0; i < 2; i++)
    if (c->engine[i].kind == MATCH_CECP && c->nodes) {
      /* CECP has no node count (st or sd would make the games depend on
      ** the load or differ from the other seat's limit): refused */
      snprintf(err, errlen, "%s speaks CECP, which has no node limit: --nodes needs UCI engines or varia itself",
               c->engine[i].name);
      free(openings);
      return -1;
    } else if (c->engine[i].kind == MATCH_CECP && c->move_seconds > 0 && c->move_seconds != floor(c->move_seconds)) {
      snprintf(err, errlen, "%s speaks CECP, whose st takes whole seconds: give --st a whole number, or use --tc",
               c->engine[i].name);
      free(openings);
      return -1;
    }
    else if (c->engine[i].kind == MATCH_CECP && c->move_seconds <= 0 && c->tc_seconds != floor(c->tc_seconds)) {
      snprintf(err, errlen, "%s speaks CECP, whose level takes whole seconds: give --tc a whole number of seconds",
               c->engine[i].name);
      free(openings);
      return -1;
    }
  Worker *w = calloc((size_t)conc, sizeof *w);
  if (!w) {
    free(openings);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
  int next = 0, running = 0, done = 0, failed = 0;
  double started = now();
  while ((next < games && !failed && !s->interrupted) || running) {
    /* start games while there is room */
    while (next < games && running < conc && !failed && !s->interrupted) {
      int slot = 0;
      while (w[slot].pid > 0) slot++;
      int pair = next / 2, white = next & 1; /* game 2k: engine 0 has White */
      Opening o;
      if (openings) o = openings[pair % nopen];
      else random_opening(s, c, pair, &o);
      int fds[2];
      if (pipe2(fds, O_CLOEXEC)) {
        snprintf(err, errlen, "cannot start a game: %s", strerror(errno));
        failed = 1;
        break;
      }
      fflush(stdout);
      fflush(stderr);
      pid_t pid = fork();
      if (pid < 0) {
        close(fds[0]), close(fds[1]);
        snprintf(err, errlen, "cannot start a game: %s", strerror(errno));
        failed = 1;
        break;
      }
      if (pid == 0) {
        close(fds[0]);
        signal(SIGPIPE, SIG_IGN);
        /* the parent's bookkeeping is not the child's */
        for (int i = 0; i < conc; i++) {
          if (w[i].pid > 0) close(w[i].fd);
          free(w[i].out);
        }
        free(w);
        free(openings);
        worker_main(s, c, &o, next + 1, white, fds[1]);
      }
      close(fds[1]);
      w[slot] = (Worker){pid, fds[0], next + 1, white, NULL, 0, 0};
      next++;
      running++;
    }
    progress(c, done, games, running, started);
    if (!running) break;
    /* read what the workers wrote; a worker ends with its output */
    struct pollfd pf[conc];
    int map[conc], np = 0;
    for (int i = 0; i < conc; i++)
      if (w[i].pid > 0) pf[np] = (struct pollfd){w[i].fd, POLLIN, 0}, map[np++] = i;
    if (poll(pf, (nfds_t)np, 500) <= 0) continue;
    for (int k = 0; k < np; k++) {
      if (!pf[k].revents) continue;
      Worker *x = &w[map[k]];
      if (x->len + 4096 > x->cap) {
        size_t cap = x->cap ? x->cap * 2 : 16384;
        char *b = realloc(x->out, cap);
        if (!b) continue; /* read later */
        x->out = b;
        x->cap = cap;
      }
      ssize_t got = read(x->fd, x->out + x->len, x->cap - x->len - 1);
      if (got < 0 && errno == EINTR) continue;
      if (got > 0) {
        x->len += (size_t)got;
        continue;
      }
      /* the end of this game */
      int st = 0;
      close(x->fd);
      waitpid(x->pid, &st, 0);
      x->pid = 0;
      running--;
      MatchGame mg = {x->round, x->white, "*", "", NULL};
      if (x->out) x->out[x->len] = '\0';
      char *nl = x->out ? strchr(x->out, '\n') : NULL;
      if (nl && x->out[0] == '!') {
        *nl = '\0';
        if (!failed) snprintf(err, errlen, "%s", x->out + 2);
        failed = 1;
      } else if (nl) {
        *nl = '\0';
        char *tab = strchr(x->out, '\t');
        if (tab) *tab = '\0';
        snprintf(mg.result, sizeof mg.result, "%s", x->out);
        snprintf(mg.reason, sizeof mg.reason, "%s", tab ? tab + 1 : "");
        mg.pgn = nl + 1;
        int white_won = !strcmp(mg.result, "1-0"), black_won = !strcmp(mg.result, "0-1");
        if (!strcmp(mg.result, "*")) {
          /* interrupted: no result */
        } else if (white_won || black_won) {
          int winner = white_won ? x->white : x->white ^ 1;
          if (winner == 0) score->wins++;
          else score->losses++;
        } else {
          score->draws++;
        }
        done++;
      } else if (!s->interrupted) {
        score->errors++;
        snprintf(mg.reason, sizeof mg.reason, "the game's worker %s %d without a result",
                 WIFSIGNALED(st) ? "was killed by signal" : "exited with status",
                 WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
        done++;
      }
      if (on_game && !failed && (mg.pgn || mg.reason[0])) on_game(ctx, &mg, score);
      free(x->out);
      x->out = NULL;
      x->len = x->cap = 0;
    }
  }
  clear_progress(c);
  signal(SIGPIPE, old_pipe);
  free(w);
  free(openings);
  return failed ? -1 : 0;
}

/* ---- the subcommand ------------------------------------------------------ */

/* The time allowed a move searched to a node count, when --st gives none:
** far more than a count a match would use takes on a loaded machine. */
#define NODES_SECONDS 60.0

static const char match_usage[] =
    "usage: varia match [--variant V] [--games N] (--st SECONDS | --tc [MOVES/]SECONDS[+INC] | --nodes N)\n"
    "                   [--concurrency N] [--pgn FILE] [--openings FILE] [--random-plies K]\n"
    "                   [--max-plies N] [--margin SECONDS] [--seed S] [--engine-variant NAME]\n"
    "                   [--option1 NAME=VALUE]... [--option2 NAME=VALUE]... [--name1 N] [--name2 N]\n"
    "                   [--debug] ENGINE1 ENGINE2\n"
    "Plays N games (default 2, rounded up to pairs) between two engines, each\n"
    "opening once with each colour, and prints each result and the score of\n"
    "ENGINE1 with its Elo difference and 95% margin. ENGINE is varia (this\n"
    "program's own player, in process), uci:COMMAND or cecp:COMMAND (an\n"
    "external engine's command line). Illegal moves, crashes and moves past\n"
    "the time allowed (plus --margin, default 0.5 s) lose the game. --nodes N\n"
    "searches N nodes a move (UCI go nodes; varia's own search), the same\n"
    "games whatever the load; --st is then the time allowed (default 60 s).\n";

static int parse_positive(const char *opt, const char *v, double lo, double hi, double *out) {
  char *end;
  double d = v ? strtod(v, &end) : NAN;
  if (!v || end == v || *end || !isfinite(d) || d < lo || d > hi) {
    fprintf(stderr, "varia match: %s expects a number from %g to %g, not '%s'\n", opt, lo, hi, v ? v : "");
    return -1;
  }
  *out = d;
  return 0;
}

static void print_game(void *ctx, const MatchGame *g, const MatchScore *score) {
  MatchConfig *c = ctx;
  char line[512];
  if (c->progress > 0) fputs("\r\033[K", stderr);
  printf("Finished game %d (%s vs %s): %s {%s}\n", g->round, c->engine[g->white].name,
         c->engine[g->white ^ 1].name, g->result, g->reason);
  match_score_line(c, score, line, sizeof line);
  printf("%s\n", line);
  fflush(stdout);
}

typedef struct CliCtx {
  MatchConfig c;
  FILE *pgn;
} CliCtx;

static void cli_on_game(void *ctx, const MatchGame *g, const MatchScore *score) {
  CliCtx *x = ctx;
  print_game(&x->c, g, score);
  if (x->pgn && g->pgn) {
    fputs(g->pgn, x->pgn);
    fflush(x->pgn);
  }
}

int cli_match(Sandbox *s, int argc, char **argv) {
  CliCtx x;
  MatchConfig *c = &x.c;
  memset(&x, 0, sizeof x);
  c->variant = "chess";
  c->games = 2;
  c->margin = 0.5;
  c->random_plies = 4;
  c->concurrency = 1;
  c->seed = 1;
  const char *engines[2] = {NULL, NULL}, *names[2] = {NULL, NULL};
  const char *opts[2][MATCH_MAX_OPTIONS];
  int nopts[2] = {0, 0}, nengines = 0, debug = 0;
  double d;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(match_usage, stdout);
      return 0;
    } else if (!strcmp(a, "--variant") && v) c->variant = v, i++;
    else if (!strcmp(a, "--engine-variant") && v) c->engine_variant = v, i++;
    else if (!strcmp(a, "--pgn") && v) c->pgn = v, i++;
    else if (!strcmp(a, "--openings") && v) c->openings = v, i++;
    else if (!strcmp(a, "--debug")) debug = 1;
    else if (!strcmp(a, "--games")) {
      if (parse_positive(a, v, 1, 1000000, &d)) return 2;
      c->games = (int)d, i++;
    } else if (!strcmp(a, "--concurrency")) {
      if (parse_positive(a, v, 1, 64, &d)) return 2;
      c->concurrency = (int)d, i++;
    } else if (!strcmp(a, "--random-plies")) {
      if (parse_positive(a, v, 0, 100, &d)) return 2;
      c->random_plies = (int)d, i++;
    } else if (!strcmp(a, "--max-plies")) {
      if (parse_positive(a, v, 1, 100000, &d)) return 2;
      c->max_plies = (int)d, i++;
    } else if (!strcmp(a, "--seed")) {
      if (parse_positive(a, v, 0, 1e15, &d)) return 2;
      c->seed = (uint64_t)d, i++;
    } else if (!strcmp(a, "--st")) {
      if (parse_positive(a, v, 0.001, 86400, &d)) return 2;
      c->move_seconds = d, i++;
    } else if (!strcmp(a, "--nodes")) {
      if (parse_positive(a, v, 1, 1e15, &d)) return 2;
      c->nodes = (uint64_t)d, i++;
    } else if (!strcmp(a, "--margin")) {
      if (parse_positive(a, v, 0, 3600, &d)) return 2;
      c->margin = d, i++;
    } else if (!strcmp(a, "--tc") && v) {
      if (match_parse_tc(v, &c->tc_moves, &c->tc_seconds, &c->tc_inc)) {
        fprintf(stderr, "varia match: --tc expects [MOVES/]SECONDS[+INC] (40/60, 10+0.1), not '%s'\n", v);
        return 2;
      }
      i++;
    } else if ((!strcmp(a, "--option1") || !strcmp(a, "--option2")) && v) {
      int k = a[8] - '1';
      if (nopts[k] == MATCH_MAX_OPTIONS) {
        fprintf(stderr, "varia match: at most %d options an engine\n", MATCH_MAX_OPTIONS);
        return 2;
      }
      opts[k][nopts[k]++] = v, i++;
    } else if ((!strcmp(a, "--name1") || !strcmp(a, "--name2")) && v) {
      names[a[6] - '1'] = v, i++;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "varia match: unknown option or missing value: '%s'\n%s", a, match_usage);
      return 2;
    } else if (nengines < 2) {
      engines[nengines++] = a;
    } else {
      fprintf(stderr, "varia match: a third engine '%s'; a match has two\n%s", a, match_usage);
      return 2;
    }
  }
  if (nengines != 2) {
    fprintf(stderr, "varia match: expected two engines\n%s", match_usage);
    return 2;
  }
  if (c->nodes && c->tc_seconds > 0) {
    fprintf(stderr, "varia match: --nodes and --tc both given: a node count a move has no clock; "
                    "--st gives the time allowed a move\n");
    return 2;
  }
  if (c->nodes && c->move_seconds <= 0) c->move_seconds = NODES_SECONDS;
  if (c->move_seconds <= 0 && c->tc_seconds <= 0) {
    fprintf(stderr, "varia match: give a time: --st SECONDS (per move) or --tc [MOVES/]SECONDS[+INC], or --nodes N\n");
    return 2;
  }
  if (c->move_seconds > 0 && c->tc_seconds > 0) {
    fprintf(stderr, "varia match: --st and --tc both given; choose one\n");
    return 2;
  }
  char err[1024];
  for (int k = 0; k < 2; k++) {
    if (match_parse_engine(engines[k], &c->engine[k], err, sizeof err)) {
      fprintf(stderr, "varia match: %s\n", err);
      return 2;
    }
    c->engine[k].noptions = nopts[k];
    for (int j = 0; j < nopts[k]; j++) c->engine[k].option[j] = opts[k][j];
    if (names[k]) snprintf(c->engine[k].name, sizeof c->engine[k].name, "%s", names[k]);
  }
  if (!strcmp(c->engine[0].name, c->engine[1].name)) {
    size_t l = strlen(c->engine[1].name);
    if (l > sizeof c->engine[1].name - 3) l = sizeof c->engine[1].name - 3;
    snprintf(c->engine[1].name + l, sizeof c->engine[1].name - l, "#2");
  }
  /* the variant must load here, before any game starts */
  int top = lua_gettop(s->L);
  if (!binding_variant(s->L, c->variant, 0)) {
    fprintf(stderr, "varia match: %s\n", lua_tostring(s->L, -1));
    lua_settop(s->L, top);
    return 1;
  }
  lua_settop(s->L, top);
  c->progress = debug ? -1 : isatty(STDERR_FILENO);
  if (c->pgn && !(x.pgn = fopen(c->pgn, "w"))) {
    fprintf(stderr, "varia match: cannot write %s: %s\n", c->pgn, strerror(errno));
    return 1;
  }
  MatchScore score;
  int bad = match_run(s, c, &score, cli_on_game, &x, err, sizeof err);
  if (x.pgn && fclose(x.pgn)) {
    fprintf(stderr, "varia match: cannot write %s: %s\n", c->pgn, strerror(errno));
    bad = 1;
  }
  if (bad) {
    fprintf(stderr, "varia match: %s\n", err);
    return 1;
  }
  if (s->interrupted) printf("Interrupted.\n");
  char line[512];
  match_score_line(c, &score, line, sizeof line);
  printf("Final: %s\n", line);
  if (score.errors) printf("%d game(s) could not be played\n", score.errors);
  return s->interrupted ? 130 : 0;
}

/* ---- an engine as a seat of the lab ---------------------------------------
** lua/lab.lua plays its games itself, one step at a time, to observe every
** position; a seat played by an external engine asks it here for each of
** its moves, through the driver the match uses (the same start, greeting,
** time limits and refereeing), with the engine's score beside the move. */

#define LAB_ENGINE_MT "varia.LabEngine"
#define LAB_DEPTH_SECONDS 60.0 /* the time allowed a move searched to a depth */

typedef struct LabEngine {
  MatchConfig c;
  GameRun run;       /* pl[0] is the engine; run.g the game of its seat */
  char spec[1024];   /* the engine argument, which c.engine[0] points into */
  char variant[512], engine_variant[128];
  char *option[MATCH_MAX_OPTIONS];
  int live;          /* a game is going: the engine runs */
} LabEngine;

static LabEngine *lab_engine_check(lua_State *L) {
  return luaL_checkudata(L, 1, LAB_ENGINE_MT);
}

static void lab_engine_stop(LabEngine *le) {
  if (le->live) {
    player_end(&le->run.pl[0]);
    history_free(&le->run.h);
    le->live = 0;
  }
}

static int lab_engine_gc(lua_State *L) {
  LabEngine *le = lab_engine_check(L);
  lab_engine_stop(le);
  for (int i = 0; i < MATCH_MAX_OPTIONS; i++) {
    free(le->option[i]);
    le->option[i] = NULL;
  }
  return 0;
}

/* seat:newgame(g): the engine started afresh (it forgets earlier games, as
** the lab's own search does) and told the variant, the start and the
** limits. Returns true, or nil and why it would not start. */
static int lab_engine_newgame(lua_State *L) {
  LabEngine *le = lab_engine_check(L);
  Game *g = luaL_checkudata(L, 2, GAME_MT);
  char err[512];
  lab_engine_stop(le);
  GameRun *run = &le->run;
  memset(run, 0, sizeof *run);
  run->s = sandbox_of(L);
  run->c = &le->c;
  run->g = g;
  snprintf(run->result, sizeof run->result, "*");
  /* a start other than the variant's (a FEN, a shuffled back rank) goes to
  ** the engine as a FEN; the steps played since as moves */
  run->root_fen = strcmp(g->start_fen, g->v->start_fen) ? g->start_fen : NULL;
  run->pl[0].e = &le->c.engine[0];
  run->pl[0].s = run->s;
  le->live = 1;
  if (player_start(run, &run->pl[0], 0, err, sizeof err) || player_new_game(run, &run->pl[0], err, sizeof err)) {
    lab_engine_stop(le);
    luaL_pushfail(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/* seat:move(g, history): the engine's move in g, whose steps so far (from
** its start, in UCI) are history. Returns the move and the engine's score
** for the side to move (nil when it gave none), the game as it was; or
** nil and why the engine failed (a crash, an illegal move, silence past
** the time allowed, a resignation). */
static int lab_engine_move(lua_State *L) {
  LabEngine *le = lab_engine_check(L);
  Game *g = luaL_checkudata(L, 2, GAME_MT);
  luaL_checktype(L, 3, LUA_TTABLE);
  if (!le->live || le->run.g != g) return luaL_error(L, "seat:move: seat:newgame(g) first");
  GameRun *run = &le->run;
  history_free(&run->h);
  lua_Integer n = luaL_len(L, 3);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, 3, i);
    const char *step = lua_tostring(L, -1);
    if (!step) return luaL_error(L, "seat:move: history[%d] is not a move", (int)i);
    if (history_push(&run->h, step)) return luaL_error(L, "out of memory");
    lua_pop(L, 1);
  }
  Decision d = game_decision(g);
  if (d.kind == DECIDE_NONE) return luaL_error(L, "seat:move: the game is over");
  int entries = g->n, nmsgs = g->nmsgs;
  int k = player_move_now(run, 0, d.player);
  /* the move was played to referee it: the lab plays it itself */
  game_rollback(g, entries, nmsgs);
  if (k < 0) return luaL_error(L, "interrupted");
  if (k > 0) {
    luaL_pushfail(L);
    lua_pushstring(L, run->reason);
    return 2;
  }
  lua_pushstring(L, run->h.text[run->h.n - 1]);
  if (run->pl[0].has_score) lua_pushinteger(L, run->pl[0].score);
  else lua_pushnil(L);
  return 2;
}

static int lab_engine_close(lua_State *L) {
  lab_engine_stop(lab_engine_check(L));
  return 0;
}

/* engine(spec, variant, {depth = N | movetime = MS, options = {...},
** engine_variant = NAME}) */
static int lab_engine_new(lua_State *L) {
  const char *spec = luaL_checkstring(L, 1);
  const char *variant = luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  char err[512];
  LabEngine *le = lua_newuserdatauv(L, sizeof *le, 0);
  memset(le, 0, sizeof *le);
  luaL_setmetatable(L, LAB_ENGINE_MT);
  if (strlen(spec) >= sizeof le->spec) return luaL_error(L, "engine '%.60s...': the command is too long", spec);
  if (strlen(variant) >= sizeof le->variant) return luaL_error(L, "the variant's name is too long");
  snprintf(le->spec, sizeof le->spec, "%s", spec);
  snprintf(le->variant, sizeof le->variant, "%s", variant);
  MatchConfig *c = &le->c;
  if (match_parse_engine(le->spec, &c->engine[0], err, sizeof err)) return luaL_error(L, "%s", err);
  if (c->engine[0].kind == MATCH_INPROC)
    return luaL_error(L, "engine 'varia': the lab's own search plays without --engine");
  c->variant = le->variant;
  c->margin = 0.5;
  c->post = 1;
  c->games = 1;
  lua_getfield(L, 3, "engine_variant");
  if (lua_isstring(L, -1)) {
    snprintf(le->engine_variant, sizeof le->engine_variant, "%s", lua_tostring(L, -1));
    c->engine_variant = le->engine_variant;
  }
  lua_getfield(L, 3, "depth");
  lua_getfield(L, 3, "movetime");
  lua_Integer depth = lua_tointeger(L, -2), ms = lua_tointeger(L, -1);
  lua_pop(L, 3);
  if (depth > 0) {
    c->depth = depth > 1000 ? 1000 : (int)depth;
    c->move_seconds = LAB_DEPTH_SECONDS;
  } else if (ms > 0) {
    c->move_seconds = (double)ms / 1000;
    if (c->engine[0].kind == MATCH_CECP && ms % 1000)
      return luaL_error(L, "%s speaks CECP, whose st takes whole seconds: give --movetime in whole "
                           "seconds (1000, 2000...) or --depth", c->engine[0].name);
  } else {
    return luaL_error(L, "engine %s: a depth or a time per move is needed", c->engine[0].name);
  }
  lua_getfield(L, 3, "options");
  if (lua_istable(L, -1)) {
    lua_Integer n = luaL_len(L, -1);
    if (n > MATCH_MAX_OPTIONS) return luaL_error(L, "at most %d engine options", MATCH_MAX_OPTIONS);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, -1, i);
      const char *o = lua_tostring(L, -1);
      if (!o) return luaL_error(L, "engine option %d is not a string", (int)i);
      if (!(le->option[i - 1] = strdup(o))) return luaL_error(L, "out of memory");
      c->engine[0].option[i - 1] = le->option[i - 1];
      c->engine[0].noptions = (int)i;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return 1;
}

void match_push_lab_engine(lua_State *L) {
  static const luaL_Reg methods[] = {{"newgame", lab_engine_newgame}, {"move", lab_engine_move},
                                     {"close", lab_engine_close}, {NULL, NULL}};
  if (luaL_newmetatable(L, LAB_ENGINE_MT)) {
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, lab_engine_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, lab_engine_gc);
    lua_setfield(L, -2, "__close");
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, lab_engine_new);
}
