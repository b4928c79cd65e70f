/*
** main.c - the varia command: dispatch to the REPL or a subcommand.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "binding.h"
#include "catalog.h"
#include "cli.h"
#include "import.h"
#include "match.h"
#include "protocol.h"
#include "repl.h"
#include "sandbox.h"
#include "serve.h"
#include "script.h"

/* The one static a signal handler needs (lua.c keeps globalL for the same
** reason): the core itself has no global state. */
static Sandbox *interruptible;

static void on_sigint(int sig) {
  signal(sig, SIG_DFL); /* a second Ctrl-C ends the process */
  if (interruptible) sandbox_interrupt(interruptible);
}

static const char usage[] =
    "usage: varia [--seed N] [VARIANT|FILE] the REPL (commands from a pipe work too)\n"
    "       varia [--seed N] GAME.pgn [N]    the REPL, with game N of a PGN file\n"
    "       varia perft [--variant V] [--fen FEN] DEPTH [--divide]\n"
    "       varia test [--variant V] [--max-depth D] FILE...\n"
    "       varia check VARIANT|FILE...\n"
    "       varia run SCRIPT.lua [ARGS...]\n"
    "       varia import [-o DIR] [--force] FILE.ini [SECTION...]\n"
    "       varia list                       the variants varia can load\n"
    "       varia uci | varia xboard          play as an engine (UCI, CECP; plain varia\n"
    "                                         too, when a GUI speaks first)\n"
    "       varia selfplay VARIANT N [--depth D] [--seed S]\n"
    "       varia serve [VARIANT|FILE] [--port N] [--host H] [--players]   the game in a browser\n"
    "       varia match [--variant V] [--games N] --st S|--tc TC ENGINE1 ENGINE2\n"
    "       varia analyze VARIANT[:OPTIONS] [--games N] [--seed S] [--depth D] ...\n"
    "       varia analyze --merge FILE.json...\n"
    "       varia diff A B [--games N] ...    what an edit of the rules changed\n"
    "       varia tune VARIANT [--games N] [--iterations K] [--out FILE] ...   piece values from self-play\n"
    "       varia --help | --version\n"
    "Each subcommand takes --help. Variants are found by name in $VARIA_PATH\n"
    "and among those built in; a FILE is a path to a variant script, or\n"
    "FILE.ini:SECTION a section of a Fairy-Stockfish variant file.\n";

/* The REPL's variant when none is named. */
#define DEFAULT_VARIANT "chess"

typedef struct Args {
  int argc;
  char **argv;
  const char *program; /* argv[0], before --seed N is taken off */
  uint64_t seed;
  int status;
} Args;

static int is_pgn(const char *arg) {
  size_t n = strlen(arg);
  return n > 4 && !strcasecmp(arg + n - 4, ".pgn");
}

/* The first bytes of standard input, up to its first end of line or
** FIRST_PEEK bytes, read one at a time so that nothing past them is taken
** from whoever reads the rest (the engine loops read fd 0 themselves, the
** REPL through stdio). */
enum { FIRST_PEEK = 16 };

static void peek_first_line(char *buf, size_t size) {
  size_t n = 0;
  char c;
  while (n + 1 < size && read(0, &c, 1) == 1) {
    buf[n++] = c;
    if (c == '\n') break;
  }
  buf[n] = '\0';
}

/* Is line the word alone, but for blanks, before its end of line? */
static int is_word_line(const char *line, const char *word) {
  size_t n = strlen(word);
  line += strspn(line, " \t");
  if (strncmp(line, word, n)) return 0;
  line += n;
  line += strspn(line, " \t\r");
  return !strcmp(line, "\n");
}

/* The usage of the subcommands that take no arguments of their own:
** each answers --help like every other subcommand, rather than starting
** (an engine would wait for a GUI that never speaks). */
static const struct { const char *cmd, *usage; } plain_usage[] = {
  { "list", "usage: varia list\n"
            "The variants varia can load (in $VARIA_PATH and built in), each with\n"
            "the one-line description its script gives.\n" },
  { "uci", "usage: varia uci\n"
           "Plays as a UCI engine on standard input and output (a GUI starts it);\n"
           "the variant is chosen with 'setoption name UCI_Variant value NAME'.\n" },
  { "xboard", "usage: varia xboard\n"
              "Plays as a CECP (XBoard/WinBoard) engine on standard input and output;\n"
              "the variant is chosen with the protocol's 'variant NAME'. varia cecp is\n"
              "the same.\n" },
  { "cecp", "usage: varia cecp\n"
            "The same as varia xboard: plays as a CECP (XBoard/WinBoard) engine.\n" },
};

/* The usage of cmd if it is one of plain_usage's and args ask for help. */
static const char *plain_help(const char *cmd, int argc, char **argv) {
  if (argc < 1 || (strcmp(argv[0], "--help") && strcmp(argv[0], "-h"))) return NULL;
  for (size_t i = 0; i < sizeof plain_usage / sizeof plain_usage[0]; i++)
    if (!strcmp(cmd, plain_usage[i].cmd))
      return plain_usage[i].usage;
  return NULL;
}

/* Everything runs under lua_pcall, as in lua.c: an error anywhere,
** running out of memory included, ends here with a message. */
static int pmain(lua_State *L) {
  Args *a = lua_touserdata(L, 1);
  Sandbox *s = sandbox_of(L);
  int argc = a->argc;
  char **argv = a->argv;
  luaopen_varia(L);
  lua_pop(L, 1);
  script_set_program(L, a->program);
  const char *cmd = argc > 1 ? argv[1] : NULL;
  const char *help = cmd ? plain_help(cmd, argc - 2, argv + 2) : NULL;
  if (help) {
    fputs(help, stdout);
    a->status = 0;
  } else if (cmd && (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help"))) {
    fputs(usage, stdout);
    a->status = 0;
  } else if (cmd && !strcmp(cmd, "--version")) {
    printf("varia %s (%s)\n", VARIA_VERSION, LUA_RELEASE);
    a->status = 0;
  } else if (cmd && !strcmp(cmd, "perft")) a->status = cli_perft(s, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "test")) a->status = cli_test(s, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "check")) a->status = cli_check(s, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "run")) a->status = cli_run(s, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "import")) a->status = cli_import(s, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "uci")) a->status = protocol_uci(s, NULL);
  else if (cmd && (!strcmp(cmd, "xboard") || !strcmp(cmd, "cecp"))) a->status = protocol_xboard(s);
  else if (cmd && !strcmp(cmd, "serve")) a->status = serve_main(s, argc - 2, argv + 2, a->seed);
  else if (cmd && !strcmp(cmd, "match")) a->status = cli_match(s, argc - 2, argv + 2);
  else if (cmd && (!strcmp(cmd, "analyze") || !strcmp(cmd, "diff") || !strcmp(cmd, "tune")))
    a->status = cli_lab(s, cmd, argc - 2, argv + 2);
  else if (cmd && !strcmp(cmd, "selfplay")) a->status = cli_selfplay(s, argc - 2, argv + 2);
  else if (cmd && (!strcmp(cmd, "list") || !strcmp(cmd, "--list"))) a->status = cli_list(s, 0, NULL);
  else if (cmd && cmd[0] == '-') {
    fprintf(stderr, "varia: unknown option '%s'\n%s", cmd, usage);
    a->status = 2;
  } else if (cmd && is_pgn(cmd) && argc <= 3) {
    /* varia GAME.pgn [N]: the REPL's open FILE [N] */
    char open[4200];
    snprintf(open, sizeof open, "%s%s%s", cmd, argc == 3 ? " " : "", argc == 3 ? argv[2] : "");
    a->status = repl_main(s, DEFAULT_VARIANT, open, a->seed, NULL);
  } else if (argc > 2) {
    fprintf(stderr, "varia: unexpected argument '%s'\n%s", argv[2], usage);
    a->status = 2;
  } else if (!cmd && !isatty(0)) {
    /* A GUI that starts plain varia speaks first: "uci" or "xboard".
    ** Anything else begins the REPL's commands from the pipe. */
    char start[FIRST_PEEK + 1];
    peek_first_line(start, sizeof start);
    if (is_word_line(start, "uci")) a->status = protocol_uci(s, "uci");
    else if (is_word_line(start, "xboard")) a->status = protocol_xboard(s); /* "xboard" asks nothing */
    else a->status = repl_main(s, DEFAULT_VARIANT, NULL, a->seed, start);
  } else {
    a->status = repl_main(s, cmd ? cmd : DEFAULT_VARIANT, NULL, a->seed, NULL);
  }
  return 0;
}

/* The default seed: from the system's entropy, not the clock, which a
** player could guess (and with it the cards still to be drawn). */
static uint64_t unguessable_seed(void) {
  uint64_t seed = 0;
  FILE *f = fopen("/dev/urandom", "rb");
  if (!f || fread(&seed, sizeof seed, 1, f) != 1) seed = (uint64_t)time(NULL) ^ (uint64_t)clock() << 32;
  if (f) fclose(f);
  return seed;
}

int main(int argc, char **argv) {
  Sandbox *s = sandbox_new(0);
  Args a = {argc, argv, argv[0], unguessable_seed(), 1};
  if (!s) {
    fprintf(stderr, "varia: cannot create the Lua state (out of memory)\n");
    return 1;
  }
  /* --seed N before the variant: the generator of games with chance. The
  ** default is unguessable; the referee's view shows it (and a saved game
  ** keeps it) so that a game can be replayed. */
  if (argc > 2 && !strcmp(argv[1], "--seed")) {
    char *end;
    a.seed = strtoull(argv[2], &end, 10);
    if (*end) {
      fprintf(stderr, "varia: --seed needs a number, not '%s'\n", argv[2]);
      sandbox_free(s);
      return 2;
    }
    a.argv += 2;
    a.argc -= 2;
  }
  interruptible = s;
  signal(SIGINT, on_sigint);
  lua_pushcfunction(s->L, pmain);
  lua_pushlightuserdata(s->L, &a);
  if (lua_pcall(s->L, 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "varia: %s\n", lua_tostring(s->L, -1));
    a.status = 1;
  }
  if (getenv("VARIA_COUNT_ALLOC")) fprintf(stderr, "allocations: %ld\n", s->allocs);
  interruptible = NULL;
  sandbox_free(s);
  return a.status;
}
