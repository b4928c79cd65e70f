/*
** serve.c - varia serve: a game in the browser over HTTP (libmicrohttpd).
**
** Two threads. The HTTP thread runs libmicrohttpd from our own select()
** loop: it reads requests, checks their tokens, sends the page's
** files, keeps the event streams, and answers GET /api/state from the
** snapshots. The Lua worker owns the Lua state, the game and the lab:
** every other API request is handed to it (its connection suspended
** meanwhile, a few at most waiting; more are answered 503 "busy") and runs
** there under lua_pcall, as the REPL's commands do. After each change the
** worker renders the state once for each audience that reads it (a
** player's view, the starter's), and the HTTP thread serves those texts
** under a mutex, so a slow request never keeps the others from the board.
** The page (web/, embedded like the Lua library) talks to a JSON API; a
** stream of server-sent events tells each open page that the game changed,
** and the page then asks for its own view.
**
** Who may see and do what is decided by the token of each request: the
** server's starter (the referee: the truth, undo, new game, the PGN
** record, the computer) and, with --players, one token per player, whose
** every answer is built from that player's view (hidden.h) only.
*/
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <strings.h>

#include <lauxlib.h>
#include <microhttpd.h>

#include "binding.h"
#include "catalog.h"
#include "embedded.h"
#include "explain.h"
#include "hidden.h"
#include "rules.h"
#include "rulehooks.h"
#include "notation.h"
#include "perft.h"
#include "pgn.h"
#include "player.h"
#include "script.h"
#include "search.h"
#include "json.h"
#include "serve.h"
#include "splitmix.h"

/* A request body larger than this is refused (413) unread: every body the
** API takes is a move, a FEN or a name. */
#define TOKEN_LEN 32
#define PING_SECONDS 15
/* The bounds that keep one client from holding the server (docs/serve.md,
** "Limits"): connections at once, and from one client address; the whole
** time a request may take to arrive and be answered (from the connection's
** start or the end of its previous request: a byte now and then does not
** extend it, as libmicrohttpd's idle timeout would); and the work one
** request may do, after which it is stopped and answered 503. */
#define MAX_CONNECTIONS 64
#define PER_CLIENT_CONNECTIONS 16
#define REQUEST_SECONDS_DEFAULT 30
#define WORK_SECONDS_DEFAULT 10
#define LIMIT_SECONDS_MAX 3600
/* Requests that may wait for the Lua worker behind the one it runs; the
** next is answered 503 "busy". Each waits at most --work-limit per request
** ahead of it. More than a page asks at once (the lab's five charts, its
** state, the moves), fewer than one client address may open. */
#define QUEUE_MAX 8

enum { ROLE_WHITE = WHITE, ROLE_BLACK = BLACK, ROLE_STARTER = 2, NROLES };
static const char *const role_names[NROLES] = {"white", "black", "starter"};

/* The audiences of the state, each with its own snapshot: a player (in
** that player's view), the starter (the truth, or through one player's
** eyes with ?as=). The view of one never reaches another. */
enum { AUD_WHITE, AUD_BLACK, AUD_STARTER, AUD_STARTER_WHITE, AUD_STARTER_BLACK, NAUD };

static int audience(int role, int side) {
  return role == ROLE_STARTER ? AUD_STARTER + 1 + side : role;
}

static void audience_viewer(int aud, int *role, int *side) {
  *role = aud < AUD_STARTER ? aud : ROLE_STARTER;
  *side = aud < AUD_STARTER ? aud : aud - AUD_STARTER - 1;
}

/* Scratch memory that Lua owns (freed by the collector after the request,
** even when an error cuts the request short): the request runs inside a C
** function under lua_pcall, and what it pushes is dropped when it returns. */
static void *scratch(lua_State *L, size_t size) {
  luaL_checkstack(L, 1, "scratch memory");
  return lua_newuserdatauv(L, size, 0);
}

/* ---- the server ---------------------------------------------------------- */

typedef struct Stream Stream;

/* An open connection, to close one whose request takes too long. */
typedef struct Conn {
  int fd;
  double since; /* when its current request began to arrive (monotonic seconds) */
  int stream;   /* an event stream: open for as long as the page is */
  int working;  /* its request is the Lua worker's: bounded by --work-limit */
  int answering; /* the worker's answer is being sent */
  struct Conn *prev, *next;
} Conn;

typedef struct Request Request;

/* The state as one audience sees it, rendered by the worker. */
typedef struct Snapshot {
  char *text;
  size_t len;
  unsigned long version;
} Snapshot;

typedef struct Server {
  Sandbox *s;
  Game *g;
  int game_ref;        /* the game's userdata in the registry */
  char spec[1100];     /* the variant's name or file, with its options */
  uint64_t seed;
  int players;         /* --players: a token per player */
  char token[NROLES][TOKEN_LEN + 1]; /* "" where the role has none */
  unsigned long version; /* counts the changes of the game (the worker's) */
  Stream *streams;     /* the open event streams (the HTTP thread's) */
  Conn *conns;         /* every open connection (the HTTP thread's) */
  int request_seconds, work_seconds; /* --timeout, --work-limit */
  int stopping;        /* the HTTP thread ends the streams */
  /* Between the threads, under lock: the requests waiting for the worker,
  ** the snapshots, and the version the streams announce (the worker's
  ** once every snapshot of it is in place). */
  pthread_mutex_t lock;
  pthread_cond_t wake; /* a request waits, or the server stops */
  pthread_t worker;
  int wake_fd[2];      /* a pipe: the worker has answered, the HTTP thread's select() returns */
  Request *queue, *queue_end;
  int waiting, quit;
  Snapshot snap[NAUD];
  unsigned long current;   /* the game's version as last answered: an older snapshot is not served */
  unsigned long published; /* the version the streams announce */
  /* The worker's own: the snapshot a request rendered in its answer (kept
  ** if the request stands), and the audiences rendered after each change. */
  Buf fresh[NAUD];
  unsigned long fresh_version[NAUD];
  int wanted[NAUD];
  /* A variant from a script file: the file, watched for changes, and what
  ** the last reload said (shown to the starter). */
  char script[1100];
  struct timespec mtime;
  char note[1400];
  /* The designer's lab: a `varia analyze` of the game's variant in a
  ** child process (the server answers on while it plays), or the charts
  ** of an earlier run (--lab DIR). */
  struct {
    pid_t pid;         /* the running analysis, or 0 */
    int state;         /* LAB_NONE ... */
    int own;           /* dir is the server's own temporary directory */
    char dir[1100];
    char what[1300];   /* what was run, for the page */
    time_t started, ended;
    char exe[1100];    /* this program (read at the start: under a wrapper
                          such as valgrind, /proc/self/exe is the wrapper) */
  } lab;
} Server;

enum { LAB_NONE, LAB_RUNNING, LAB_DONE, LAB_FAILED, LAB_STOPPED };
static const char *const lab_states[] = {"none", "running", "done", "failed", "stopped"};

/* An open event stream (GET /api/events): suspended while it has nothing
** to say, woken when the game changes and every PING_SECONDS. */
struct Stream {
  Server *sv;
  struct MHD_Connection *c;
  unsigned long sent; /* the version last announced */
  int suspended, ping;
  Stream *next;
};

/* The URL's arguments that the API reads, copied on the HTTP thread: the
** worker never touches a connection. A longer value is cut, and then is
** still longer than any valid one. */
static const char *const arg_names[] = {"square", "depth", "divide", "piece", "name", NULL};
#define NARGS 5
#define ARG_LEN 80

/* What one request needs and makes. */
struct Request {
  Buf body;      /* the request body as it arrives */
  int too_big;
  /* the dispatch, under lua_pcall on the worker */
  Server *sv;
  char method[8], url[64];
  char arg[NARGS][ARG_LEN];
  int has_arg[NARGS];
  int queued, done; /* handed to the worker; answered (done: under lock) */
  Request *next;
  struct MHD_Connection *c; /* resumed by the worker once answered, else never touched there */
  int role, side; /* side: the view (WHITE, BLACK, or -1 the whole truth) */
  Json json;
  int status;
  Buf out;
  const char *ctype;
  char disposition[160];
};

static const char *request_arg(const Request *q, const char *name) {
  for (int i = 0; arg_names[i]; i++)
    if (!strcmp(arg_names[i], name)) return q->has_arg[i] ? q->arg[i] : NULL;
  return NULL;
}

/* Atomic: set by a handler on one thread, read on the other. */
static atomic_int stop_requested, work_expired;
static Sandbox *serving; /* interrupted on a signal: a search stops at once */

/* SIGINT, SIGTERM: on the HTTP thread only (the worker blocks them), which
** then stops the worker with a SIGALRM of its own: the sandbox is only
** ever interrupted on the thread that runs it. */
static void on_stop(int sig) {
  (void)sig;
  stop_requested = 1;
}

/* SIGALRM, on the worker only (the HTTP thread blocks it): the running
** request has done its share of work, or the server stops. The interrupt
** stops what runs (hooks, searches, perft, beliefs) at its next check. */
static void on_work_expired(int sig) {
  (void)sig;
  work_expired = 1;
  if (serving) sandbox_interrupt(serving);
}

static void work_timer(int seconds) {
  struct itimerval it;
  memset(&it, 0, sizeof it);
  it.it_value.tv_sec = seconds;
  setitimer(ITIMER_REAL, &it, NULL);
}

static double monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the game as JSON, as one viewer may see it ----------------------- */

static const char *decision_names[] = {"move", "relocate", "answer", "none", "target", "choose", "chance"};

static void write_status(char *out, size_t len, Game *g, int hide) {
  const Position *p = &g->pos;
  GameResult res = game_result(g);
  if (res.over) {
    snprintf(out, len, "Game over: %s (%s)", res.winner < 0 ? "draw" : res.winner == WHITE ? "White wins" : "Black wins",
             res.reason);
    return;
  }
  Decision d = game_decision(g);
  const char *who = colour_title(d.player);
  if (d.kind == DECIDE_ANSWER_OFFER) snprintf(out, len, "%s answers an offer to end the game", who);
  else if (d.kind == DECIDE_RELOCATE)
  {
    const char *piece = g->v->type[g->v->phase[p->phase].piece].name;
    if (g->v->phase[p->phase].place == PLACE_MOVE) snprintf(out, len, "%s moves the %s", who, piece);
    else snprintf(out, len, "%s places %s %s", who, strchr("aeiou", piece[0]) ? "an" : "a", piece);
  }
  else if (d.kind == DECIDE_TARGET) snprintf(out, len, "%s names the square to move to", who);
  else if (d.kind == DECIDE_CHOOSE) {
    char sq[8];
    board_square_name(&g->v->geo, p->target, sq);
    snprintf(out, len, "%s chooses which of %s's pieces goes to %s", who, colour_title(p->side), sq);
  } else
    snprintf(out, len, "%s to move%s", who,
             !hide && !g->v->royal_capture && royal_attacked((Position *)p, p->side) ? ", in check" : "");
}

/* Splits a step's UCI text into its squares: from (or "" for a drop or a
** named square), to, and what follows (a promotion's letter). */
static void uci_parts(const Geometry *geo, const char *uci, char *from, char *to, char *drop, char *rest) {
  int n1, n2, s1, s2;
  from[0] = to[0] = drop[0] = rest[0] = '\0';
  const char *colon = strchr(uci, ':');
  if (colon) { /* a step named by a word and a square (cards:e3) */
    s1 = board_parse_square(geo, colon + 1, &n1);
    if (s1 != SQ_NONE && !colon[1 + n1]) board_square_name(geo, s1, to);
    return;
  }
  if (uci[0] && uci[1] == '@') {
    drop[0] = uci[0], drop[1] = '\0';
    s1 = board_parse_square(geo, uci + 2, &n1);
    if (s1 != SQ_NONE) board_square_name(geo, s1, to), snprintf(rest, 16, "%s", uci + 2 + n1);
    return;
  }
  s1 = board_parse_square(geo, uci, &n1);
  if (s1 == SQ_NONE) return;
  s2 = board_parse_square(geo, uci + n1, &n2);
  if (s2 == SQ_NONE) {
    board_square_name(geo, s1, to);
    snprintf(rest, 16, "%s", uci + n1);
    return;
  }
  board_square_name(geo, s1, from);
  board_square_name(geo, s2, to);
  snprintf(rest, 16, "%s", uci + n1 + n2);
}

/* The steps the viewer may take now: the legal ones, or in a game that
** hides the board from the viewer, those the viewer could try knowing only
** its own pieces. No SAN where anything is hidden: it would tell captures
** and checks. (Where only cards are hidden, the mover's legal steps depend
** on the board and the mover's own hand: they are listed.) only:
** a square's name to list the steps from it, or NULL for all. */
static void write_moves(lua_State *L, Buf *b, Game *g, int hide, const char *only) {
  Move *list = scratch(L, sizeof(Move) * MAX_MOVES);
  char uci[64], san[64], from[8], to[8], drop[4], rest[16];
  Decision d = game_decision(g);
  int n = d.kind == DECIDE_NONE || d.kind == DECIDE_ANSWER_OFFER ? 0
        : hide && d.kind == DECIDE_MOVE && g->v->visibility == SEE_OWN ? gen_conceivable(&g->pos, list)
                                        : gen_legal(&g->pos, list);
  buf_add(b, "[", 1);
  int k = 0;
  for (int i = 0; i < n; i++) {
    move_to_uci(&g->pos, list[i], uci, sizeof uci);
    uci_parts(&g->v->geo, uci, from, to, drop, rest);
    if (only && strcmp(from, only) != 0) continue;
    buf_puts(b, k++ ? ",{" : "{");
    int first = 1;
    json_key(b, &first, "uci"), json_str(b, uci);
    json_key(b, &first, "from"), json_str(b, from);
    json_key(b, &first, "to"), json_str(b, to);
    json_key(b, &first, "drop"), json_str(b, drop);
    json_key(b, &first, "promo"), json_str(b, rest);
    if (!hide) {
      move_to_san(&g->pos, list[i], san, sizeof san);
      json_key(b, &first, "san"), json_str(b, san);
    }
    buf_add(b, "}", 1);
  }
  buf_add(b, "]", 1);
}

/* The history in SAN, a turn's steps joined by commas, as the PGN has it;
** actions and tries as words. Each position taken back from the game's on
** a copy, never made again (game_replay_start): the history is the game
** played, whatever the hooks would answer now. */
static void write_history(lua_State *L, Buf *b, Game *g) {
  enum { MARKS = 32 };
  Position *p = scratch(L, (1 + MARKS) * sizeof *p);
  GameReplay replay;
  game_replay_start(&replay, g, p + 1, MARKS);
  char san[128];
  int nturns = 0, turn_open = 0, in_turn = 0; /* in_turn: a string is open in b */
  int after_step = 0; /* the entry before was a step: p tells whether its turn goes on */
  buf_add(b, "[", 1);
  for (int i = 0; i < g->n; i++) {
    Move mv = g->moves[i];
    game_replay_before(&replay, i, p);
    if (after_step) turn_open = p->phase != 0;
    after_step = 0;
    if (MOVE_FLAG(mv) == MF_DRAW) continue; /* chance: not a decision */
    int joined = turn_open && !IS_GAME_ACTION(mv) && p->phase != 0;
    if (!joined) { /* a new turn: a new string */
      if (in_turn) buf_add(b, "\"", 1);
      buf_puts(b, nturns++ ? ",\"" : "\"");
      in_turn = 1;
    }
    if (IS_GAME_ACTION(mv)) {
      const char *text = game_entry_text(g, i);
      buf_puts(b, text ? "{try " : "{");
      json_part(b, text ? text : game_action_names[MOVE_PROMO(mv)]);
      buf_puts(b, "}");
      turn_open = 0;
      continue;
    }
    if (joined) buf_add(b, ",", 1);
    else if (p->side == WHITE || nturns == 1) buf_printf(b, "%d%s ", p->fullmove, p->side == WHITE ? "." : "...");
    move_to_san(p, mv, san, sizeof san);
    json_part(b, san);
    after_step = 1;
  }
  if (in_turn) buf_add(b, "\"", 1);
  buf_add(b, "]", 1);
}

static void write_cell(Buf *b, const Game *g, int sq, int hide, int who) {
  uint8_t c = g->pos.board[sq];
  char cell[4] = "";
  if (hide && !view_sees(&g->pos, who, sq)) strcpy(cell, "?");
  else if (c == CELL_OFF) strcpy(cell, "#");
  else if (c != CELL_EMPTY) { /* a colour and the letter ("w+p": a form without a letter) */
    cell[0] = "wbn"[CELL_COLOUR(c)];
    type_text(g->v, CELL_TYPE(c), BLACK, cell + 1);
  }
  json_str(b, cell);
}

/* The state for a viewer: side WHITE or BLACK (that player's view where
** the variant hides anything), or -1 for the whole truth. */
static void write_state(Buf *b, Server *sv, int role, int side) {
  lua_State *L = sv->s->L;
  Game *g = sv->g;
  const Variant *v = g->v;
  const Position *p = &g->pos;
  const Geometry *geo = &v->geo;
  int hide = side >= 0 && view_hides(v), first = 1;
  char fen[1024], sq[8];
  GameResult res = game_result(g);
  Decision d = game_decision(g);
  int acts = !res.over && (role == ROLE_STARTER ? side < 0 || side == d.player : side == d.player);
  buf_add(b, "{", 1);
  json_key(b, &first, "variant"), json_str(b, v->name);
  json_key(b, &first, "version"), buf_printf(b, "%lu", sv->version);
  json_key(b, &first, "role"), json_str(b, role_names[role]);
  json_key(b, &first, "view"), json_str(b, side < 0 ? "all" : colour_name(side));
  json_key(b, &first, "players"), buf_puts(b, sv->players ? "true" : "false");
  json_key(b, &first, "hides"), buf_puts(b, view_hides(v) ? "true" : "false");
  json_key(b, &first, "hidden"), buf_puts(b, hide ? "true" : "false");
  json_key(b, &first, "files"), buf_printf(b, "%d", geo->files);
  json_key(b, &first, "ranks"), buf_printf(b, "%d", geo->ranks);
  json_key(b, &first, "types"), buf_add(b, "[", 1);
  for (int t = 0; t < v->ntypes; t++) {
    int f2 = 1;
    buf_puts(b, t ? ",{" : "{");
    char letter[4];
    type_text(v, t, BLACK, letter);
    json_key(b, &f2, "letter"), json_str(b, letter);
    json_key(b, &f2, "name"), json_str(b, v->type[t].name);
    json_key(b, &f2, "neutral"), buf_puts(b, v->type[t].neutral ? "true" : "false");
    /* how the script says it looks (checked when it was read: a shape's
    ** name, characters, or SVG path data) */
    const PieceLook *look = &v->look[t];
    if (look->glyph[0]) json_key(b, &f2, "glyph"), json_str(b, look->glyph);
    if (look->body[0]) {
      int f3 = 1;
      json_key(b, &f2, "image"), buf_add(b, "{", 1);
      json_key(b, &f3, "body"), json_str(b, look->body);
      if (look->lines[0]) json_key(b, &f3, "lines"), json_str(b, look->lines);
      buf_add(b, "}", 1);
    }
    buf_add(b, "}", 1);
  }
  buf_add(b, "]", 1);
  /* the board from a1, rank by rank */
  json_key(b, &first, "board"), buf_add(b, "[", 1);
  for (int r = 0; r < geo->ranks; r++)
    for (int f = 0; f < geo->files; f++) {
      if (r || f) buf_add(b, ",", 1);
      write_cell(b, g, board_square(geo, f, r), hide, side);
    }
  buf_add(b, "]", 1);
  if (geo->hex) { /* hexagonal cells: the page draws hexagons, and the
                     names of the board's cells are not letter and row */
    json_key(b, &first, "hex"), buf_puts(b, "true");
    json_key(b, &first, "names"), buf_add(b, "[", 1);
    for (int r = 0; r < geo->ranks; r++)
      for (int f = 0; f < geo->files; f++) {
        int at = board_square(geo, f, r);
        if (r || f) buf_add(b, ",", 1);
        if (board_inside(geo, at)) board_square_name(geo, at, sq);
        else sq[0] = '\0';
        json_str(b, sq);
      }
    buf_add(b, "]", 1);
  }
  /* marks on the pieces this viewer sees: promoted (Crazyhouse's `~`:
  ** captured, it goes to the pocket as what it came from) and unmoved
  ** (a piece whose i-moves still wait for its first move) */
  json_key(b, &first, "marks"), buf_add(b, "{", 1);
  int fm = 1;
  for (int r = 0; r < geo->ranks; r++)
    for (int f = 0; f < geo->files; f++) {
      int at = board_square(geo, f, r);
      uint8_t c = p->board[at];
      if (c == CELL_EMPTY || c == CELL_OFF || (hide && !view_sees(p, side, at))) continue;
      const char *mark = v->promoted_bit && (p->attr[at] & v->promoted_bit) ? "promoted"
                       : (v->unmoved_mask >> CELL_TYPE(c) & 1) && (p->attr[at] & UNMOVED_BIT) ? "unmoved" : NULL;
      if (!mark) continue;
      board_square_name(geo, at, sq);
      json_key(b, &fm, sq), json_str(b, mark);
    }
  buf_add(b, "}", 1);
  if (hide) view_fen(p, side, fen, sizeof fen);
  else pos_fen(p, fen, sizeof fen);
  json_key(b, &first, "fen"), json_str(b, fen);
  char status[256];
  write_status(status, sizeof status, g, hide);
  json_key(b, &first, "status"), json_str(b, status);
  json_key(b, &first, "turn"), json_str(b, colour_name(d.player));
  json_key(b, &first, "decision"), json_str(b, res.over ? "none" : decision_names[d.kind]);
  json_key(b, &first, "over"), buf_puts(b, res.over ? "true" : "false");
  if (res.over) {
    json_key(b, &first, "result");
    json_str(b, res.winner == WHITE ? "1-0" : res.winner == BLACK ? "0-1" : "1/2-1/2");
    json_key(b, &first, "reason"), json_str(b, res.reason);
  }
  json_key(b, &first, "yours"), buf_puts(b, acts ? "true" : "false");
  json_key(b, &first, "actions"), buf_add(b, "[", 1);
  if (acts && d.kind == DECIDE_ANSWER_OFFER) buf_puts(b, "\"accept\",\"decline\"");
  else if (acts && d.can_offer) buf_puts(b, "\"offer\"");
  buf_add(b, "]", 1);
  json_key(b, &first, "moves");
  if (acts) write_moves(L, b, g, hide, NULL);
  else buf_puts(b, "[]");
  json_key(b, &first, "steps"), buf_printf(b, "%d", v->nphases > 1 ? v->nphases : 1);
  if (!hide && g->n && !IS_GAME_ACTION(g->moves[g->n - 1]) && MOVE_FLAG(g->moves[g->n - 1]) != MF_DRAW) {
    char uci[64], from[8], to[8], drop[4], rest[16];
    /* the last step's squares, read from the position before it */
    Position *before = scratch(L, sizeof *before);
    *before = g->pos;
    move_unmake(before, g->moves[g->n - 1], &g->undos[g->n - 1]);
    move_to_uci(before, g->moves[g->n - 1], uci, sizeof uci);
    uci_parts(geo, uci, from, to, drop, rest);
    json_key(b, &first, "last"), buf_add(b, "[", 1), json_str(b, from), buf_add(b, ",", 1), json_str(b, to),
        buf_add(b, "]", 1);
  }
  if (v->pockets && !hide) {
    json_key(b, &first, "pockets"), buf_add(b, "{", 1);
    for (int c = 0; c < 2; c++) {
      buf_puts(b, c ? ",\"black\":\"" : "\"white\":\"");
      for (int t = 0; t < v->ntypes; t++)
        for (int k = 0; k < p->pocket[c][t]; k++) {
          char l[4];
          buf_add(b, l, (size_t)type_text(v, t, BLACK, l));
        }
      buf_add(b, "\"", 1);
    }
    buf_add(b, "}", 1);
  }
  if (v->ncard_values) {
    /* a player's own hand; the referee sees both */
    json_key(b, &first, "hands"), buf_add(b, "{", 1);
    int fh = 1;
    for (int c = 0; c < 2; c++) {
      json_key(b, &fh, colour_name(c));
      if (hide && c != side) buf_printf(b, "%d", cards_in(p->hand[c], v->ncard_values));
      else {
        buf_add(b, "[", 1);
        int k = 0;
        for (int val = 1; val <= v->ncard_values; val++)
          for (int i = 0; i < p->hand[c][val]; i++) buf_printf(b, "%s%d", k++ ? "," : "", val);
        buf_add(b, "]", 1);
      }
    }
    buf_add(b, "}", 1);
    json_key(b, &first, "deck"), buf_printf(b, "%d", cards_in(p->deck, v->ncard_values));
  }
  if (v->has_points) json_key(b, &first, "points"), buf_printf(b, "[%d,%d]", p->score[0], p->score[1]);
  if (!hide) {
    json_key(b, &first, "history");
    write_history(L, b, g);
  }
  /* the referee's announcements this viewer may read */
  json_key(b, &first, "messages"), buf_add(b, "[", 1);
  int k = 0;
  for (int i = 0; i < g->nmsgs; i++) {
    const Message *m = &g->msgs[i];
    if (side >= 0 && !(m->audience & (side == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK))) continue;
    if (k++) buf_add(b, ",", 1);
    int fmsg = 1;
    buf_add(b, "{", 1);
    json_key(b, &fmsg, "to");
    json_str(b, audience_name(m->audience));
    json_key(b, &fmsg, "text"), json_str(b, m->text);
    buf_add(b, "}", 1);
  }
  buf_add(b, "]", 1);
  /* what the last reload said: it names moves, the opponent's too */
  if (role == ROLE_STARTER && sv->note[0]) json_key(b, &first, "note"), json_str(b, sv->note);
  char belief[256];
  if (hide && !res.over && binding_belief_line(g, side, belief, sizeof belief) > 0)
    json_key(b, &first, "belief"), json_str(b, belief);
  buf_add(b, "}", 1);
}

/* ---- the API ------------------------------------------------------------- */

static void fail(Request *q, int status, const char *msg) {
  buf_reset(&q->out);
  q->status = status;
  q->ctype = "application/json";
  q->disposition[0] = '\0';
  buf_puts(&q->out, "{\"error\":");
  json_str(&q->out, msg);
  buf_puts(&q->out, "}");
}

static void changed(Server *sv);

/* The requester's state, and the same text kept as its audience's
** snapshot, published if the request stands (no later change). */
static void write_state_kept(Request *q) {
  Server *sv = q->sv;
  size_t at = q->out.len;
  int aud = audience(q->role, q->side);
  write_state(&q->out, sv, q->role, q->side);
  if (q->out.oom) return;
  buf_reset(&sv->fresh[aud]);
  buf_add(&sv->fresh[aud], q->out.s + at, q->out.len - at);
  sv->fresh_version[aud] = sv->fresh[aud].oom ? 0 : sv->version;
}

/* {"ok":true,<extra>"state":...} for the requester's view. */
static void reply_state(Request *q, const char *extra_key, const char *extra) {
  buf_puts(&q->out, "{\"ok\":true,");
  if (extra_key) {
    int first = 1;
    json_key(&q->out, &first, extra_key);
    json_str(&q->out, extra);
    buf_add(&q->out, ",", 1);
  }
  buf_puts(&q->out, "\"state\":");
  write_state_kept(q);
  buf_puts(&q->out, "}");
}

static int starter_only(Request *q, const char *what) {
  if (q->role == ROLE_STARTER) return 0;
  char msg[160];
  snprintf(msg, sizeof msg, "%s is for the server's starter only", what);
  fail(q, 403, msg);
  return 1;
}

/* Replaces the game by the one on top of the stack. */
static void adopt(Server *sv) {
  lua_State *L = sv->s->L;
  Game *g = lua_touserdata(L, -1);
  luaL_unref(L, LUA_REGISTRYINDEX, sv->game_ref);
  sv->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  sv->g = g;
}

/* ---- reloading the rules ------------------------------------------------
** As the REPL's reload: the game is written as PGN, the compiled variant is
** forgotten, and the PGN is replayed on the script as it is now, as far
** as it still applies. A script that no longer loads leaves the game on
** the rules it had. */

typedef struct Reload {
  Server *sv;
  const char *path;
} Reload;

static int reload_protected(lua_State *L) {
  Reload *r = lua_touserdata(L, 1);
  Server *sv = r->sv;
  char warn[1024];
  int n_before = sv->g->n;
  binding_forget_variant(L, sv->spec);
  Game *g = pgn_open(L, r->path, 1, 1, warn, sizeof warn);
  if (!g) {
    snprintf(sv->note, sizeof sv->note, "reload: %s (the game goes on with the rules it had)", lua_tostring(L, -1));
    lua_pop(L, 1);
    return 0;
  }
  adopt(sv);
  snprintf(sv->note, sizeof sv->note, "reloaded %s: %d of %d steps replayed%s%s", sv->g->v->name, sv->g->n, n_before,
           warn[0] ? "; " : "", warn);
  return 0;
}

static void reload(Server *sv) {
  lua_State *L = sv->s->L;
  char path[] = "/tmp/varia-serve-XXXXXX", err[4400];
  int fd = mkstemp(path);
  if (fd < 0) {
    snprintf(sv->note, sizeof sv->note, "reload: cannot write a temporary file (%s)", strerror(errno));
    changed(sv);
    return;
  }
  close(fd);
  if (pgn_save(L, sv->g, sv->spec, sv->seed, path, err, sizeof err))
    snprintf(sv->note, sizeof sv->note, "reload: %.1300s", err);
  else {
    Reload r = {sv, path};
    lua_pushcfunction(L, reload_protected);
    lua_pushlightuserdata(L, &r);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
      snprintf(sv->note, sizeof sv->note, "reload: %s (the game goes on with the rules it had)",
               lua_tostring(L, -1) ? lua_tostring(L, -1) : "error");
      lua_pop(L, 1);
    }
  }
  remove(path);
  changed(sv);
}

/* Has the script's file changed since it was last read? */
static int script_changed(Server *sv) {
  struct stat st;
  if (!sv->script[0] || stat(sv->script, &st) != 0) return 0;
  if (st.st_mtim.tv_sec == sv->mtime.tv_sec && st.st_mtim.tv_nsec == sv->mtime.tv_nsec) return 0;
  sv->mtime = st.st_mtim;
  return 1;
}

/* The file of a variant named by its path (with '/' or ending in .lua),
** or "" for a variant found by name. */
static void watch_script(Server *sv) {
  char name[1100];
  snprintf(name, sizeof name, "%s", sv->spec);
  name[script_name_len(name)] = '\0';
  char *ini = strstr(name, ".ini:"); /* FILE.ini:SECTION: the file is FILE.ini */
  if (ini) ini[4] = '\0';
  size_t n = strlen(name);
  sv->script[0] = '\0';
  if (strchr(name, '/') || (n > 4 && (!strcmp(name + n - 4, ".lua") || !strcmp(name + n - 4, ".ini")))) {
    snprintf(sv->script, sizeof sv->script, "%s", name);
    script_changed(sv); /* the time it has now */
  }
}

static void api_reload(Request *q) {
  char err[256];
  if (starter_only(q, "reload")) return;
  if (json_only(&q->json, "", err, sizeof err)) return fail(q, 400, err);
  if (!q->sv->script[0]) return fail(q, 409, "the variant was not loaded from a script file: nothing to reload");
  script_changed(q->sv);
  reload(q->sv);
  reply_state(q, "note", q->sv->note);
}

static void api_play(Request *q) {
  char err[512];
  int bad = 0, played = 0;
  Game *g = q->sv->g;
  if (json_only(&q->json, "move", err, sizeof err)) return fail(q, 400, err);
  const char *text = json_string(&q->json, "move", &bad, err, sizeof err);
  if (bad) return fail(q, 400, err);
  if (!text || !*text) return fail(q, 400, "expected {\"move\": \"e2e4\"}");
  if (strlen(text) > 256) return fail(q, 400, "a move is at most 256 characters");
  Decision d = game_decision(g);
  if (q->role != ROLE_STARTER && d.player != q->side) return fail(q, 409, "it is not your turn");
  if (q->role == ROLE_STARTER && q->side >= 0 && d.player != q->side)
    return fail(q, 409, "it is not the turn of the side you view");
  int status = game_play_text(g, text, &played, err, sizeof err);
  if (status < 0) {
    int hide = q->side >= 0 && view_hides(g->v);
    buf_reset(&q->out);
    q->status = 422;
    buf_puts(&q->out, "{\"error\":");
    json_str(&q->out, err);
    if (!hide) { /* why, in words; not where it would tell what is hidden */
      char why[1024];
      explain_move(&g->pos, text, why, sizeof why);
      buf_puts(&q->out, ",\"why\":");
      json_str(&q->out, why);
    }
    buf_puts(&q->out, "}");
    return;
  }
  changed(q->sv);
  if (status == 1) reply_state(q, "answer", err);
  else reply_state(q, "played", text);
}

static void api_why(Request *q) {
  char err[512], why[1024];
  int bad = 0;
  if (json_only(&q->json, "move", err, sizeof err)) return fail(q, 400, err);
  const char *text = json_string(&q->json, "move", &bad, err, sizeof err);
  if (bad) return fail(q, 400, err);
  if (!text || !*text) return fail(q, 400, "expected {\"move\": \"e2e5\"}");
  if (strlen(text) > 256) return fail(q, 400, "a move is at most 256 characters");
  if (q->side >= 0 && view_hides(q->sv->g->v))
    return fail(q, 403, "why would tell what the rules hide from you");
  int legal = explain_move(&q->sv->g->pos, text, why, sizeof why);
  buf_puts(&q->out, "{\"ok\":true,\"legal\":");
  buf_puts(&q->out, legal ? "true" : "false");
  buf_puts(&q->out, ",\"why\":");
  json_str(&q->out, why);
  buf_puts(&q->out, "}");
}

static void api_undo(Request *q) {
  char err[256];
  if (starter_only(q, "undo")) return;
  if (json_only(&q->json, "", err, sizeof err)) return fail(q, 400, err);
  if (game_take_back(q->sv->g)) return fail(q, 409, "nothing to undo");
  changed(q->sv);
  reply_state(q, NULL, NULL);
}

/* A variant named from the page is one of those varia finds by name,
** never a path: a page may not make the server run a file of its choice. */
static int plain_name(const char *spec) {
  size_t n = strcspn(spec, ":");
  if (!n || n > 64) return 0;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)spec[i]) && spec[i] != '-' && spec[i] != '_') return 0;
  for (const char *s = spec + n; *s; s++)
    if (*s == '/' || !isprint((unsigned char)*s)) return 0;
  return strlen(spec) < 512;
}

static void api_new(Request *q) {
  char err[512];
  int bad = 0;
  lua_State *L = q->sv->s->L;
  if (starter_only(q, "a new game")) return;
  if (json_only(&q->json, "variant fen", err, sizeof err)) return fail(q, 400, err);
  const char *variant = json_string(&q->json, "variant", &bad, err, sizeof err);
  const char *fen = bad ? NULL : json_string(&q->json, "fen", &bad, err, sizeof err);
  if (bad) return fail(q, 400, err);
  if (variant && !*variant) variant = NULL;
  if (fen && !*fen) fen = NULL;
  if (variant && !plain_name(variant))
    return fail(q, 400, "a variant is named by its name (as varia list shows it, with options after a colon), not by a path");
  if (fen && strlen(fen) > 1000) return fail(q, 400, "a FEN is at most 1000 characters");
  const char *spec = variant ? variant : q->sv->spec;
  int top = lua_gettop(L);
  if (!binding_variant(L, spec, 0) || !binding_new_game(L, -1, fen)) {
    snprintf(err, sizeof err, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return fail(q, 400, err);
  }
  Game *g = lua_touserdata(L, -1);
  rules_begin(g->v, L);
  game_decision(g);
  if (rules_failed(g->v)) { /* its hooks fail in its first position: the game stays */
    snprintf(err, sizeof err, "the variant's rules failed: %.400s", rules_failed(g->v));
    lua_settop(L, top);
    rules_begin(q->sv->g->v, L);
    return fail(q, 400, err);
  }
  if (!fen || !strstr(fen, "rng=")) game_seed(g, q->sv->seed);
  adopt(q->sv);
  lua_settop(L, top);
  if (spec != q->sv->spec) /* never onto itself: snprintf of a buffer into itself emptied it */
    snprintf(q->sv->spec, sizeof q->sv->spec, "%s", spec);
  q->sv->note[0] = '\0';
  watch_script(q->sv);
  changed(q->sv);
  reply_state(q, NULL, NULL);
}

static void api_computer(Request *q) {
  char err[256], out[64];
  Server *sv = q->sv;
  Game *g = sv->g;
  if (starter_only(q, "the computer")) return;
  if (json_only(&q->json, "level side", err, sizeof err)) return fail(q, 400, err);
  int bad = 0;
  const char *side = json_string(&q->json, "side", &bad, err, sizeof err);
  if (bad) return fail(q, 400, err);
  if (side && strcmp(side, "white") != 0 && strcmp(side, "black") != 0)
    return fail(q, 400, "\"side\" is white or black");
  /* with a side, only for that side: two pages asking at once do not make
  ** the computer play both */
  if (side && game_decision(g).player != (!strcmp(side, "white") ? WHITE : BLACK))
    return fail(q, 409, "it is not that side's turn");
  const JsonField *f = json_field(&q->json, "level");
  long level = 3;
  if (f && f->type != J_NULL) {
    if (f->type != J_NUM || f->num < 1 || f->num > 8) return fail(q, 400, "\"level\" is a search depth from 1 to 8");
    level = f->num;
  }
  if (game_decision(g).kind == DECIDE_NONE) return fail(q, 409, "the game is over");
  uint64_t rng = sv->seed ^ (uint64_t)(g->n + 1) * SPLITMIX_GAMMA;
  SearchLimits lim = {.depth = (int)level, .stop = &sv->s->interrupted};
  int n0 = g->n;
  int none = player_move(g, binding_searcher(sv->s->L), &lim, &rng, out, sizeof out);
  if (sv->s->interrupted) { /* the server is stopping: nothing of a cut search stands */
    while (g->n > n0) game_undo(g);
    return fail(q, 503, "interrupted");
  }
  if (none) return fail(q, 409, "the computer found nothing to play");
  changed(sv);
  reply_state(q, "played", out);
}

typedef struct PgnOut {
  Server *sv;
  FILE *f;
} PgnOut;

static int pgn_protected(lua_State *L) {
  PgnOut *o = lua_touserdata(L, 1);
  pgn_write(L, o->sv->g, o->sv->spec, o->sv->seed, o->f);
  return 0;
}

static void api_pgn(Request *q) {
  Server *sv = q->sv;
  lua_State *L = sv->s->L;
  if (starter_only(q, "the game's full record")) return;
  char *text = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&text, &n);
  if (!f) return fail(q, 500, "out of memory");
  /* pgn_write may raise an error (out of memory): caught here, where the
  ** stream can still be closed */
  PgnOut o = {sv, f};
  lua_pushcfunction(L, pgn_protected);
  lua_pushlightuserdata(L, &o);
  int status = lua_pcall(L, 1, 0, 0);
  if (status != LUA_OK) lua_pop(L, 1);
  if (fclose(f) != 0 || status != LUA_OK) {
    free(text);
    return fail(q, 500, "out of memory");
  }
  buf_add(&q->out, text, n);
  free(text);
  q->ctype = "application/x-chess-pgn";
  /* the file name from the variant's name, kept to letters and digits */
  char name[64];
  size_t k = 0;
  for (const char *s = sv->g->v->name; *s && k < sizeof name - 1; s++)
    name[k++] = isalnum((unsigned char)*s) || *s == '-' ? *s : '_';
  name[k] = '\0';
  snprintf(q->disposition, sizeof q->disposition, "attachment; filename=\"varia-%s.pgn\"", name);
}

static void api_moves(Request *q) {
  const char *square = request_arg(q, "square");
  Game *g = q->sv->g;
  int n;
  if (!square || board_parse_square(&g->v->geo, square, &n) == SQ_NONE || square[n])
    return fail(q, 400, "expected ?square= and a square of the board (e2)");
  Decision d = game_decision(g);
  int acts = game_decision(g).kind != DECIDE_NONE &&
             (q->role == ROLE_STARTER ? q->side < 0 || q->side == d.player : q->side == d.player);
  buf_puts(&q->out, "{\"ok\":true,\"square\":");
  json_str(&q->out, square);
  buf_puts(&q->out, ",\"moves\":");
  if (acts) write_moves(q->sv->s->L, &q->out, g, q->side >= 0 && view_hides(g->v), square);
  else buf_puts(&q->out, "[]");
  buf_puts(&q->out, "}");
}

/* Perft and divide of the current position, for a viewer who sees it
** all. The depth is capped: the server answers no one while it counts. */
#define SERVE_PERFT_MAX 5

typedef struct Divide {
  Buf *b;
  Position *p;
  int k;
} Divide;

static void divide_line(void *ctx, Move m, uint64_t count) {
  Divide *dv = ctx;
  char uci[64], san[64];
  int first = 1;
  move_to_uci(dv->p, m, uci, sizeof uci);
  move_to_san(dv->p, m, san, sizeof san);
  buf_puts(dv->b, dv->k++ ? ",{" : "{");
  json_key(dv->b, &first, "uci"), json_str(dv->b, uci);
  json_key(dv->b, &first, "san"), json_str(dv->b, san);
  json_key(dv->b, &first, "nodes"), buf_printf(dv->b, "%llu", (unsigned long long)count);
  buf_add(dv->b, "}", 1);
}

static void api_perft(Request *q) {
  const char *depth = request_arg(q, "depth");
  const char *divide = request_arg(q, "divide");
  char *end;
  if (q->side >= 0 && view_hides(q->sv->g->v)) return fail(q, 403, "perft would tell what the rules hide from you");
  long d = depth ? strtol(depth, &end, 10) : -1;
  if (!depth || !*depth || *end || d < 1 || d > SERVE_PERFT_MAX) {
    char msg[96];
    snprintf(msg, sizeof msg, "expected ?depth= and a depth from 1 to %d", SERVE_PERFT_MAX);
    return fail(q, 400, msg);
  }
  Position *p = scratch(q->sv->s->L, sizeof *p);
  *p = q->sv->g->pos;
  buf_printf(&q->out, "{\"ok\":true,\"depth\":%ld", d);
  uint64_t total;
  if (divide && !strcmp(divide, "1")) {
    Divide dv = {&q->out, p, 0};
    buf_puts(&q->out, ",\"divide\":[");
    total = perft_divide(p, (int)d, &q->sv->s->interrupted, divide_line, &dv);
    buf_puts(&q->out, "]");
  } else total = perft(p, (int)d, &q->sv->s->interrupted);
  if (q->sv->s->interrupted) return fail(q, 503, "interrupted");
  buf_printf(&q->out, ",\"nodes\":%llu}", (unsigned long long)total);
}

/* A diagram of one piece's moves from a square, for designers: the piece
** alone on the board (with the royal pieces where they stand now, when the
** variant needs them), its side to move, and the steps the generator
** gives it there, hooks included, ignoring the check rule. */
static int diagram_fen(const Game *g, int sq, uint8_t cell, int royals, char *fen, size_t len) {
  const Geometry *geo = &g->v->geo;
  size_t k = 0;
  for (int r = geo->ranks - 1; r >= 0; r--) {
    int empty = 0;
    for (int f = 0; f < geo->files; f++) {
      int at = board_square(geo, f, r);
      uint8_t c = at == sq ? cell : g->pos.board[at];
      /* a royal piece of the diagram's own colour stands for that side's */
      int keep = at == sq || (royals && c != CELL_EMPTY && c != CELL_OFF && CELL_COLOUR(c) != NEUTRAL &&
                              g->v->type[CELL_TYPE(c)].royal &&
                              !(CELL_COLOUR(c) == CELL_COLOUR(cell) && g->v->type[CELL_TYPE(cell)].royal));
      if (!keep) {
        empty++;
        continue;
      }
      char l[4];
      int nl = type_text(g->v, CELL_TYPE(c), CELL_COLOUR(c), l);
      if (empty) k += (size_t)snprintf(fen + k, len - k, "%d", empty), empty = 0;
      for (int i = 0; i < nl; i++)
        if (k + 2 < len) fen[k++] = l[i];
    }
    if (empty) k += (size_t)snprintf(fen + k, len - k, "%d", empty);
    if (r && k + 2 < len) fen[k++] = '/';
  }
  return snprintf(fen + k, len - k, " %c - - 0 1", CELL_COLOUR(cell) == WHITE ? 'w' : 'b') >= (int)(len - k) ? -1 : 0;
}

static void api_diagram(Request *q) {
  const char *piece = request_arg(q, "piece");
  const char *square = request_arg(q, "square");
  Game *g = q->sv->g;
  const Variant *v = g->v;
  char fen[1024], err[256], uci[64], from[8], to[8], drop[4], rest[16];
  int n, t;
  if (q->side >= 0 && view_hides(v)) return fail(q, 403, "a diagram would tell what the rules hide from you");
  if (!square || (n = 0, board_parse_square(&v->geo, square, &n)) == SQ_NONE || square[n])
    return fail(q, 400, "expected ?square= and a square of the board (d4)");
  int sq = board_parse_square(&v->geo, square, &n);
  for (t = 0; piece && strlen(piece) == 1 && t < v->ntypes; t++)
    if (v->type[t].letter == tolower((unsigned char)piece[0]) && !v->type[t].neutral) break;
  if (!piece || strlen(piece) != 1 || t >= v->ntypes)
    return fail(q, 400, "expected ?piece= and the letter of one of the variant's pieces (N for White's, n for Black's)");
  uint8_t cell = (uint8_t)(1 + (isupper((unsigned char)piece[0]) ? WHITE : BLACK) * 32 + t);
  Position *p = scratch(q->sv->s->L, sizeof *p);
  Move *list = scratch(q->sv->s->L, sizeof(Move) * MAX_MOVES);
  int bad = diagram_fen(g, sq, cell, 0, fen, sizeof fen) || pos_set_fen(p, v, fen, err, sizeof err);
  if (bad) bad = diagram_fen(g, sq, cell, 1, fen, sizeof fen) || pos_set_fen(p, v, fen, err, sizeof err);
  if (bad) return fail(q, 422, err);
  int nm = gen_pseudo(p, list), k = 0;
  buf_puts(&q->out, "{\"ok\":true,\"fen\":");
  json_str(&q->out, fen);
  buf_puts(&q->out, ",\"square\":");
  json_str(&q->out, square);
  buf_puts(&q->out, ",\"board\":[");
  for (int r = 0; r < v->geo.ranks; r++)
    for (int f = 0; f < v->geo.files; f++) {
      uint8_t c = p->board[board_square(&v->geo, f, r)];
      char cellname[4] = "";
      if (c == CELL_OFF) strcpy(cellname, "#");
      else if (c != CELL_EMPTY) cellname[0] = "wbn"[CELL_COLOUR(c)], type_text(v, CELL_TYPE(c), BLACK, cellname + 1);
      if (r || f) buf_add(&q->out, ",", 1);
      json_str(&q->out, cellname);
    }
  buf_puts(&q->out, "],\"to\":[");
  for (int i = 0; i < nm; i++) {
    move_to_uci(p, list[i], uci, sizeof uci);
    uci_parts(&v->geo, uci, from, to, drop, rest);
    if (strcmp(from, square) != 0) continue;
    int seen = 0; /* one entry per square, not per promotion */
    for (int j = 0; j < i && !seen; j++) {
      char u2[64], f2[8], t2[8], d2[4], r2[16];
      move_to_uci(p, list[j], u2, sizeof u2);
      uci_parts(&v->geo, u2, f2, t2, d2, r2);
      seen = !strcmp(f2, square) && !strcmp(t2, to);
    }
    if (seen) continue;
    if (k++) buf_add(&q->out, ",", 1);
    json_str(&q->out, to);
  }
  buf_puts(&q->out, "]}");
}

/* ---- the designer's lab --------------------------------------------------
** POST /api/lab runs `varia analyze` on the game's variant in a child
** process (this program again, niced, its output in a directory of the
** server's own), GET /api/lab says how it goes and gives the report,
** GET /api/lab/chart?name=score gives one of its SVG charts. The charts
** are named from a fixed list, never by a path; all of it is the
** starter's only. */

#define LAB_MAX_GAMES 200
#define LAB_MAX_DEPTH 3
#define LAB_MAX_TEXT 65536

static const char *const lab_charts[] = {"score", "length", "branching", "evaluation", "values", NULL};

/* The files of the lab's directory that the server wrote (and removes). */
static const char *const lab_files[] = {"report.txt", "errors.txt", "report.json", "score.svg", "length.svg",
                                        "branching.svg", "evaluation.svg", "values.svg", NULL};

static void lab_path(const Server *sv, const char *name, char *out, size_t len) {
  snprintf(out, len, "%s/%s", sv->lab.dir, name);
}

/* The text of a file of the lab's directory (at most LAB_MAX_TEXT bytes),
** as JSON; "" when there is none. */
static void lab_text(lua_State *L, Buf *b, const Server *sv, const char *name) {
  char path[1200];
  lab_path(sv, name, path, sizeof path);
  char *text = scratch(L, LAB_MAX_TEXT + 1);
  size_t n = 0;
  FILE *f = fopen(path, "rb");
  if (f) {
    n = fread(text, 1, LAB_MAX_TEXT, f);
    fclose(f);
  }
  text[n] = '\0';
  for (size_t i = 0; i < n; i++) /* a NUL would end the text early: none is expected */
    if (!text[i]) text[i] = ' ';
  json_str(b, text);
}

/* Ends a running analysis (the server stops, or the starter asked). */
static void lab_kill(Server *sv) {
  if (!sv->lab.pid) return;
  kill(sv->lab.pid, SIGTERM);
  waitpid(sv->lab.pid, NULL, 0);
  sv->lab.pid = 0;
  sv->lab.state = LAB_STOPPED;
  sv->lab.ended = time(NULL);
}

static void lab_clean(Server *sv) {
  char path[1200];
  if (!sv->lab.own || !sv->lab.dir[0]) return;
  for (int i = 0; lab_files[i]; i++) {
    lab_path(sv, lab_files[i], path, sizeof path);
    remove(path);
  }
  rmdir(sv->lab.dir);
  sv->lab.dir[0] = '\0';
  sv->lab.own = 0;
}

/* Called from the server's loop: has the analysis ended? */
static void lab_poll(Server *sv) {
  int status;
  if (!sv->lab.pid || waitpid(sv->lab.pid, &status, WNOHANG) != sv->lab.pid) return;
  sv->lab.pid = 0;
  sv->lab.ended = time(NULL);
  sv->lab.state = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? LAB_DONE : LAB_FAILED;
}

/* The child: this program again, as `varia analyze`, its output in the
** lab's directory. Only async-signal-safe calls between fork and exec. */
static pid_t lab_spawn(const char *exe, char *const argv[], const char *out, const char *err) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600), e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int in = open("/dev/null", O_RDONLY);
  if (o < 0 || e < 0 || in < 0 || dup2(in, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
  sigset_t none; /* forked from the worker, which blocks SIGTERM: the child must hear lab_kill */
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int fd = 3; fd < 1024; fd++) close(fd); /* the server's sockets stay the server's */
  setpriority(PRIO_PROCESS, 0, 10);            /* the server and the player come first */
  execv(exe, argv);                            /* (which resets the server's signal handlers) */
  _exit(127);
}

static void write_lab(Buf *b, Server *sv) {
  lua_State *L = sv->s->L;
  char path[1200];
  struct stat st;
  int first = 1;
  time_t end = sv->lab.state == LAB_RUNNING ? time(NULL) : sv->lab.ended;
  buf_add(b, "{", 1);
  json_key(b, &first, "ok"), buf_puts(b, "true");
  json_key(b, &first, "state"), json_str(b, lab_states[sv->lab.state]);
  json_key(b, &first, "what"), json_str(b, sv->lab.what);
  json_key(b, &first, "run"), buf_printf(b, "%ld", (long)sv->lab.started); /* tells one run's charts from another's */
  json_key(b, &first, "seconds"), buf_printf(b, "%ld", sv->lab.started ? (long)(end - sv->lab.started) : 0L);
  if (sv->lab.state == LAB_DONE && sv->lab.own) json_key(b, &first, "report"), lab_text(L, b, sv, "report.txt");
  if (sv->lab.state == LAB_FAILED) json_key(b, &first, "error"), lab_text(L, b, sv, "errors.txt");
  json_key(b, &first, "charts"), buf_add(b, "[", 1);
  int k = 0;
  for (int i = 0; lab_charts[i] && sv->lab.state == LAB_DONE; i++) {
    char name[32];
    snprintf(name, sizeof name, "%s.svg", lab_charts[i]);
    lab_path(sv, name, path, sizeof path);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (k++) buf_add(b, ",", 1);
    json_str(b, lab_charts[i]);
  }
  buf_puts(b, "]}");
}

/* A whole number field from min to max, def when absent; -1 (and the
** reply) when it is not one. */
static long json_range(Request *q, const char *key, long def, long min, long max) {
  const JsonField *f = json_field(&q->json, key);
  if (!f || f->type == J_NULL) return def;
  if (f->type != J_NUM || f->num < min || f->num > max) {
    char msg[96];
    snprintf(msg, sizeof msg, "\"%s\" is a whole number from %ld to %ld", key, min, max);
    fail(q, 400, msg);
    return -1;
  }
  return f->num;
}

static void api_lab(Request *q) {
  Server *sv = q->sv;
  char err[256];
  if (starter_only(q, "the lab")) return;
  if (!strcmp(q->method, "GET")) return write_lab(&q->out, sv);
  if (json_only(&q->json, "games depth plies", err, sizeof err)) return fail(q, 400, err);
  long games = json_range(q, "games", 20, 1, LAB_MAX_GAMES);
  long depth = games < 0 ? -1 : json_range(q, "depth", 1, 1, LAB_MAX_DEPTH);
  long plies = depth < 0 ? -1 : json_range(q, "plies", 400, 10, 1000);
  if (plies < 0) return;
  if (sv->lab.pid) return fail(q, 409, "the lab is already running (stop it first)");
  lab_clean(sv);
  snprintf(sv->lab.dir, sizeof sv->lab.dir, "/tmp/varia-lab-XXXXXX");
  if (!mkdtemp(sv->lab.dir)) {
    snprintf(err, sizeof err, "cannot make a directory for the lab (%s)", strerror(errno));
    sv->lab.dir[0] = '\0';
    return fail(q, 500, err);
  }
  sv->lab.own = 1;
  char ngames[24], ndepth[24], nplies[24], nseed[24], json[1200], out[1200], errs[1200];
  snprintf(ngames, sizeof ngames, "%ld", games);
  snprintf(ndepth, sizeof ndepth, "%ld", depth);
  snprintf(nplies, sizeof nplies, "%ld", plies);
  /* analyze's own default seed: the page's run is the one the command
  ** line gives (the game's seed is the generator of its chance steps) */
  snprintf(nseed, sizeof nseed, "1");
  lab_path(sv, "report.json", json, sizeof json);
  lab_path(sv, "report.txt", out, sizeof out);
  lab_path(sv, "errors.txt", errs, sizeof errs);
  char *argv[] = {"varia", "analyze", sv->spec, "--games", ngames, "--depth", ndepth, "--max-plies", nplies,
                  "--seed", nseed, "--json", json, "--plots", sv->lab.dir, NULL};
  if (!sv->lab.exe[0]) {
    lab_clean(sv);
    return fail(q, 500, "cannot find this program's file to run the lab");
  }
  pid_t pid = lab_spawn(sv->lab.exe, argv, out, errs);
  if (pid < 0) {
    snprintf(err, sizeof err, "cannot start the lab (%s)", strerror(errno));
    lab_clean(sv);
    return fail(q, 500, err);
  }
  sv->lab.pid = pid;
  sv->lab.state = LAB_RUNNING;
  sv->lab.started = time(NULL);
  snprintf(sv->lab.what, sizeof sv->lab.what, "varia analyze %s --games %ld --depth %ld --max-plies %ld --seed %s",
           sv->spec, games, depth, plies, nseed);
  write_lab(&q->out, sv);
}

static void api_lab_stop(Request *q) {
  char err[256];
  if (starter_only(q, "the lab")) return;
  if (json_only(&q->json, "", err, sizeof err)) return fail(q, 400, err);
  if (!q->sv->lab.pid) return fail(q, 409, "the lab is not running");
  lab_kill(q->sv);
  write_lab(&q->out, q->sv);
}

/* One chart, by its name in lab_charts: never a path of the page's. */
static void api_lab_chart(Request *q) {
  Server *sv = q->sv;
  const char *name = request_arg(q, "name");
  if (starter_only(q, "the lab")) return;
  int i = 0;
  while (name && lab_charts[i] && strcmp(lab_charts[i], name) != 0) i++;
  if (!name || !lab_charts[i]) return fail(q, 400, "expected ?name= and one of score, length, branching, evaluation, values");
  if (sv->lab.state != LAB_DONE) return fail(q, 404, "no lab report yet");
  char file[32], path[1200];
  snprintf(file, sizeof file, "%s.svg", lab_charts[i]);
  lab_path(sv, file, path, sizeof path);
  FILE *f = fopen(path, "rb");
  if (!f) return fail(q, 404, "the report has no such chart");
  char *text = scratch(sv->s->L, LAB_MAX_TEXT * 16);
  size_t n = fread(text, 1, LAB_MAX_TEXT * 16, f);
  int more = fgetc(f) != EOF;
  fclose(f);
  if (more) return fail(q, 500, "the chart is larger than 1 MiB");
  buf_add(&q->out, text, n);
  q->ctype = "image/svg+xml";
}

/* Under lua_pcall: the request's work. */
static int dispatch(lua_State *L) {
  Request *q = lua_touserdata(L, 1);
  const char *u = q->url;
  int get = !strcmp(q->method, "GET"), post = !strcmp(q->method, "POST");
  static const struct { const char *path; int post; void (*fn)(Request *); } routes[] = {
      {"/api/play", 1, api_play},   {"/api/why", 1, api_why},      {"/api/undo", 1, api_undo},
      {"/api/new", 1, api_new},     {"/api/computer", 1, api_computer}, {"/api/pgn", 0, api_pgn},
      {"/api/moves", 0, api_moves}, {"/api/reload", 1, api_reload}, {"/api/perft", 0, api_perft},
      {"/api/diagram", 0, api_diagram}, {"/api/lab/stop", 1, api_lab_stop}, {"/api/lab/chart", 0, api_lab_chart},
  };
  q->status = 200;
  q->ctype = "application/json";
  if (!strcmp(u, "/api/lab")) { /* GET: how it goes; POST: run it */
    if (!get && !post) return fail(q, 405, "GET or POST /api/lab"), 0;
    api_lab(q);
    return 0;
  }
  if (!strcmp(u, "/api/state")) {
    if (!get) return fail(q, 405, "GET /api/state"), 0;
    const Snapshot *sn = &q->sv->snap[audience(q->role, q->side)]; /* the worker's own: no lock */
    if (sn->text && sn->version == q->sv->version) buf_add(&q->out, sn->text, sn->len); /* rendered since it waited */
    else write_state_kept(q);
    return 0;
  }
  for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
    if (!strcmp(u, routes[i].path)) {
      if (routes[i].post ? !post : !get) {
        char msg[64];
        snprintf(msg, sizeof msg, "%s %s", routes[i].post ? "POST" : "GET", routes[i].path);
        fail(q, 405, msg);
        return 0;
      }
      routes[i].fn(q);
      return 0;
    }
  fail(q, 404, "no such API call");
  return 0;
}

/* ---- HTTP ---------------------------------------------------------------- */

/* On the worker: the game changed. The streams hear of it once the
** snapshots of the new version are in place (publish). */
static void changed(Server *sv) {
  sv->version++;
}

static unsigned long published(Server *sv) {
  pthread_mutex_lock(&sv->lock);
  unsigned long v = sv->published;
  pthread_mutex_unlock(&sv->lock);
  return v;
}

static void wake_streams(Server *sv, int ping) {
  for (Stream *e = sv->streams; e; e = e->next) {
    e->ping |= ping;
    if (e->suspended) {
      e->suspended = 0;
      MHD_resume_connection(e->c);
    }
  }
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  Stream *e = cls;
  (void)pos;
  if (e->sv->stopping) return MHD_CONTENT_READER_END_OF_STREAM;
  unsigned long version = published(e->sv);
  if (e->sent != version) {
    int n = snprintf(buf, max, "event: change\ndata: {\"version\":%lu}\n\n", version);
    if (n < 0 || (size_t)n >= max) return 0;
    e->sent = version;
    return n;
  }
  if (e->ping && max > 8) {
    e->ping = 0;
    memcpy(buf, ": ping\n\n", 8);
    return 8;
  }
  /* nothing to say: wait for a change (or the next ping) */
  e->suspended = 1;
  MHD_suspend_connection(e->c);
  return 0;
}

static void stream_free(void *cls) {
  Stream *e = cls;
  for (Stream **p = &e->sv->streams; *p; p = &(*p)->next)
    if (*p == e) {
      *p = e->next;
      break;
    }
  free(e);
}

static const EmbeddedFile *asset(const char *url) {
  char path[128];
  if (!strcmp(url, "/")) url = "/index.html";
  if (strlen(url) > 100 || strstr(url, "..")) return NULL;
  snprintf(path, sizeof path, "web%s", url);
  for (const EmbeddedFile *e = embedded_files; e->path; e++)
    if (!strcmp(e->path, path)) return e;
  return NULL;
}

static const char *asset_type(const char *path) {
  const char *dot = strrchr(path, '.');
  if (dot && !strcmp(dot, ".html")) return "text/html; charset=utf-8";
  if (dot && !strcmp(dot, ".js")) return "text/javascript; charset=utf-8";
  if (dot && !strcmp(dot, ".css")) return "text/css; charset=utf-8";
  if (dot && !strcmp(dot, ".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

static void secure_headers(struct MHD_Response *r) {
  /* everything from this server, nothing inline, no framing, no referrer
  ** (a link's token is in its URL) */
  MHD_add_response_header(r, "Content-Security-Policy",
                          "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(r, "Cache-Control", "no-store");
}

static enum MHD_Result send_text(struct MHD_Connection *c, int status, const char *ctype, const char *text,
                                 size_t len, const char *disposition) {
  struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)text, MHD_RESPMEM_MUST_COPY);
  if (!r) return MHD_NO;
  MHD_add_response_header(r, "Content-Type", ctype);
  if (disposition && *disposition) MHD_add_response_header(r, "Content-Disposition", disposition);
  secure_headers(r);
  /* a chart opened by itself: a picture, nothing in it runs */
  if (!strcmp(ctype, "image/svg+xml"))
    MHD_add_response_header(r, "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
  MHD_destroy_response(r);
  return ok;
}

/* {"error": msg<more>} with status, and one header more when header is
** given (a busy answer's Retry-After, a refused framing's Connection). */
static enum MHD_Result send_error_with(struct MHD_Connection *c, int status, const char *msg, const char *more,
                                       const char *header, const char *value) {
  Buf b = {0};
  buf_puts(&b, "{\"error\":");
  json_str(&b, msg);
  buf_puts(&b, more);
  buf_puts(&b, "}");
  struct MHD_Response *r = b.oom ? NULL : MHD_create_response_from_buffer(b.len, b.s, MHD_RESPMEM_MUST_COPY);
  free(b.s);
  if (!r) return MHD_NO;
  MHD_add_response_header(r, "Content-Type", "application/json");
  if (header) MHD_add_response_header(r, header, value);
  secure_headers(r);
  enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
  MHD_destroy_response(r);
  return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *msg) {
  return send_error_with(c, status, msg, "", NULL, NULL);
}

/* The role of the request's token (header X-Varia-Token, or ?t= where a
** header cannot be sent: links and event streams), or -1. Compared in
** time that does not depend on where the texts differ. */
static int token_role(Server *sv, struct MHD_Connection *c) {
  const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Varia-Token");
  if (!t) t = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "t");
  if (!t || strlen(t) != TOKEN_LEN) return -1;
  for (int role = 0; role < NROLES; role++) {
    if (!sv->token[role][0]) continue;
    unsigned diff = 0;
    for (int i = 0; i < TOKEN_LEN; i++) diff |= (unsigned)(t[i] ^ sv->token[role][i]);
    if (!diff) return role;
  }
  return -1;
}

/* The request's framing headers, to refuse what two parsers could read
** as different requests (RFC 9112 6.3): two different Content-Lengths, or
** a Content-Length with a Transfer-Encoding. */
typedef struct Framing {
  const char *length; /* the first Content-Length */
  int lengths_differ, encoded;
} Framing;

static enum MHD_Result framing_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  Framing *f = cls;
  (void)kind;
  if (!strcasecmp(key, "Content-Length")) {
    if (!f->length) f->length = value ? value : "";
    else if (strcmp(f->length, value ? value : "") != 0) f->lengths_differ = 1;
  } else if (!strcasecmp(key, "Transfer-Encoding")) f->encoded = 1;
  return MHD_YES;
}

/* A request whose end cannot be known: 400, and the connection closes
** (what follows on it is not read as another request). */
static enum MHD_Result refuse_framing(struct MHD_Connection *c, const char *msg) {
  return send_error_with(c, 400, msg, "", "Connection", "close");
}

static Conn *conn_of(struct MHD_Connection *c) {
  const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return ci ? ci->socket_context : NULL;
}

/* libmicrohttpd's own messages. A client that goes away (a tab closed
** while its event stream is open, a reload in the middle of an answer) is
** what browsers do, not an error of the server's: those messages are
** dropped. Any other goes to standard error, saying whose it is. */
static const char *const client_gone[] = {
    "forcibly closed by remote peer", "Connection reset by peer", "Broken pipe",
    "Socket has been disconnected", "closed by remote", "Failed to send", "Failed to receive", NULL};

static void on_library_message(void *cls, const char *fmt, va_list ap) {
  (void)cls;
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  for (int i = 0; client_gone[i]; i++)
    if (strstr(msg, client_gone[i])) return;
  size_t n = strlen(msg);
  fprintf(stderr, "varia serve: HTTP: %s%s", msg, n && msg[n - 1] == '\n' ? "" : "\n");
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe) {
  Server *sv = cls;
  Conn *k = *socket_context;
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!ci || !(k = calloc(1, sizeof *k))) return; /* not watched: libmicrohttpd's idle timeout still holds */
    k->fd = ci->connect_fd;
    k->since = monotonic();
    k->next = sv->conns;
    if (sv->conns) sv->conns->prev = k;
    sv->conns = k;
    *socket_context = k;
  } else if (k) {
    if (k->prev) k->prev->next = k->next;
    else sv->conns = k->next;
    if (k->next) k->next->prev = k->prev;
    free(k);
    *socket_context = NULL;
  }
}

static int answers_unsent(const Server *sv) {
  for (const Conn *k = sv->conns; k; k = k->next)
    if (k->working || k->answering) return 1;
  return 0;
}

/* Connections whose request has taken longer than --timeout to arrive and
** be answered are shut: libmicrohttpd then sees the end of the connection
** and closes it. Event streams stay. */
static void close_slow(Server *sv) {
  double now = monotonic();
  for (Conn *k = sv->conns; k; k = k->next)
    if (!k->stream && !k->working && now - k->since > sv->request_seconds) {
      shutdown(k->fd, SHUT_RDWR);
      k->since = now; /* once */
    }
}

/* GET /api/state from the audience's snapshot, without Lua: 0 when it
** has none of the game as last answered (the worker gives it then, once
** rendered: no one reads a state older than one already answered). */
static int answer_snapshot(Server *sv, struct MHD_Connection *c, int aud, enum MHD_Result *ok) {
  pthread_mutex_lock(&sv->lock);
  const Snapshot *sn = &sv->snap[aud];
  int have = sn->text != NULL && sn->version == sv->current;
  if (have) *ok = send_text(c, 200, "application/json", sn->text, sn->len, NULL);
  pthread_mutex_unlock(&sv->lock);
  return have;
}

/* The request waits for the worker, its connection suspended (the worker
** resumes it with the answer); or, with QUEUE_MAX waiting already, 503
** with Retry-After: the game is busy. */
static enum MHD_Result hand_to_worker(Server *sv, struct MHD_Connection *c, Request *q) {
  pthread_mutex_lock(&sv->lock);
  if (sv->quit || sv->waiting >= QUEUE_MAX) {
    int stopping = sv->quit;
    pthread_mutex_unlock(&sv->lock);
    if (stopping) return send_error(c, 503, "the server is stopping");
    char msg[300];
    snprintf(msg, sizeof msg,
             "the game is busy: %d requests wait for the one that works (each may work up to %d s, varia serve "
             "--work-limit); try again",
             QUEUE_MAX, sv->work_seconds);
    return send_error_with(c, 503, msg, ",\"busy\":true", "Retry-After", "1");
  }
  Conn *k = conn_of(c);
  if (k) k->working = 1;
  q->queued = 1;
  MHD_suspend_connection(c); /* before the worker can see it, and resume it */
  if (sv->queue_end) sv->queue_end->next = q;
  else sv->queue = q;
  sv->queue_end = q;
  sv->waiting++;
  pthread_cond_signal(&sv->wake);
  pthread_mutex_unlock(&sv->lock);
  return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls) {
  Server *sv = cls;
  Request *q = *con_cls;
  (void)version;
  if (!q) { /* the headers: the body, if any, comes in the next calls */
    Framing f = {0};
    MHD_get_connection_values(c, MHD_HEADER_KIND, framing_header, &f);
    if (f.lengths_differ) return refuse_framing(c, "two different Content-Length headers");
    if (f.length && f.encoded) return refuse_framing(c, "both Content-Length and Transfer-Encoding");
    q = calloc(1, sizeof *q);
    if (!q) return MHD_NO;
    *con_cls = q;
    return MHD_YES;
  }
  if (q->queued) { /* resumed: the worker has answered */
    pthread_mutex_lock(&sv->lock);
    int done = q->done;
    pthread_mutex_unlock(&sv->lock);
    if (!done) return MHD_YES;
    Conn *k = conn_of(c);
    if (k) k->working = 0, k->answering = 1, k->since = monotonic(); /* --timeout again, from now: to send it */
    if (q->out.oom) return send_error(c, 500, "out of memory");
    return send_text(c, q->status, q->ctype, q->out.s ? q->out.s : "", q->out.len, q->disposition);
  }
  if (*upload_size) {
    if (q->body.len + *upload_size > MAX_BODY) q->too_big = 1;
    else buf_add(&q->body, upload, *upload_size);
    *upload_size = 0;
    return MHD_YES;
  }
  int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
  if (strncmp(url, "/api/", 5) != 0) {
    const EmbeddedFile *e = get ? asset(url) : NULL;
    if (!get) return send_error(c, 405, "the page is read with GET");
    if (!e) return send_error(c, 404, "no such page");
    return send_text(c, 200, asset_type(e->path), e->text, e->len, NULL);
  }
  if (q->too_big) {
    char msg[96];
    snprintf(msg, sizeof msg, "the request body is larger than %d bytes", MAX_BODY);
    return send_error(c, 413, msg);
  }
  if (q->body.oom) return send_error(c, 500, "out of memory");
  int role = token_role(sv, c);
  if (role < 0) return send_error(c, 403, "a valid token is needed (the link the server printed)");
  q->sv = sv;
  q->c = c;
  q->role = role;
  q->side = role == ROLE_STARTER ? -1 : role;
  if (role == ROLE_STARTER) { /* the starter may look through a player's eyes */
    const char *as = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "as");
    if (as && !strcmp(as, "white")) q->side = WHITE;
    else if (as && !strcmp(as, "black")) q->side = BLACK;
    else if (as && strcmp(as, "all") != 0) return send_error(c, 400, "?as= takes white, black or all");
  }
  if (!strcmp(url, "/api/events")) {
    if (!get) return send_error(c, 405, "GET /api/events");
    Conn *k = conn_of(c);
    if (k) k->stream = 1;
    Stream *e = calloc(1, sizeof *e);
    if (!e) return MHD_NO;
    e->sv = sv;
    e->c = c;
    e->sent = published(sv) - 1; /* the first event says where the game is */
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, stream_read, e, stream_free);
    if (!r) {
      free(e);
      return MHD_NO;
    }
    e->next = sv->streams;
    sv->streams = e;
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    secure_headers(r);
    enum MHD_Result ok = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return ok;
  }
  char err[256];
  if (!get && json_parse(q->body.s ? q->body.s : "", q->body.len, &q->json, err, sizeof err))
    return send_error(c, 400, err);
  if (q->body.len && memchr(q->body.s, '\0', q->body.len)) return send_error(c, 400, "a NUL byte in the body");
  if (!strcmp(method, "GET") && !strcmp(url, "/api/state")) {
    enum MHD_Result ok;
    if (answer_snapshot(sv, c, audience(role, q->side), &ok)) return ok;
  }
  /* for the worker: what it reads of the request, copied */
  snprintf(q->method, sizeof q->method, "%s", strlen(method) < sizeof q->method ? method : "");
  snprintf(q->url, sizeof q->url, "%s", strlen(url) < sizeof q->url ? url : "/api/?"); /* no call is that long */
  for (int i = 0; arg_names[i]; i++) {
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, arg_names[i]);
    q->has_arg[i] = v != NULL;
    if (v) snprintf(q->arg[i], ARG_LEN, "%s", v);
  }
  return hand_to_worker(sv, c, q);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why) {
  Request *q = *con_cls;
  Conn *k = conn_of(c);
  (void)cls, (void)why;
  if (k) k->since = monotonic(), k->answering = 0; /* the next request's time starts now */
  if (!q) return;
  free(q->body.s);
  free(q->out.s);
  free(q);
  *con_cls = NULL;
}

/* One round of the HTTP thread: libmicrohttpd's sockets and the worker's
** pipe, at most ms milliseconds (a resumed connection does not end
** libmicrohttpd's own wait: the pipe does). */
static void http_round(Server *sv, struct MHD_Daemon *d, unsigned ms) {
  fd_set rs, ws, es;
  MHD_socket max = 0;
  FD_ZERO(&rs);
  FD_ZERO(&ws);
  FD_ZERO(&es);
  if (MHD_get_fdset2(d, &rs, &ws, &es, &max, FD_SETSIZE) != MHD_YES) max = 0;
  if (sv->wake_fd[0] >= 0) FD_SET(sv->wake_fd[0], &rs); /* (none: the worker never started) */
  if (sv->wake_fd[0] > max) max = sv->wake_fd[0];
  MHD_UNSIGNED_LONG_LONG due;
  if (MHD_get_timeout(d, &due) == MHD_YES && due < ms) ms = (unsigned)due;
  struct timeval tv = {.tv_sec = ms / 1000, .tv_usec = (ms % 1000) * 1000};
  if (select(max + 1, &rs, &ws, &es, &tv) < 0) { /* a signal: nothing is ready */
    FD_ZERO(&rs);
    FD_ZERO(&ws);
    FD_ZERO(&es);
  }
  if (sv->wake_fd[0] >= 0 && FD_ISSET(sv->wake_fd[0], &rs)) {
    char drain[64];
    while (read(sv->wake_fd[0], drain, sizeof drain) > 0) continue;
  }
  MHD_run_from_select(d, &rs, &ws, &es);
}

/* ---- the Lua worker -------------------------------------------------------
** The one thread that touches the Lua state, the game and the lab. */

/* The HTTP thread is to look again (an answer is ready). */
static void http_wake(Server *sv) {
  ssize_t n = write(sv->wake_fd[1], "", 1); /* (a full pipe has woken it already) */
  (void)n;
}

/* Replaces an audience's snapshot (text NULL: drops it, so that its
** readers ask the worker rather than read a state that is gone). */
static void set_snapshot(Server *sv, int aud, const char *text, size_t len) {
  char *copy = text ? malloc(len ? len : 1) : NULL;
  if (copy) memcpy(copy, text, len);
  pthread_mutex_lock(&sv->lock);
  free(sv->snap[aud].text);
  sv->snap[aud].text = copy;
  sv->snap[aud].len = copy ? len : 0;
  sv->snap[aud].version = sv->version;
  pthread_mutex_unlock(&sv->lock);
  if (copy) sv->wanted[aud] = 1;
}

/* One request, under lua_pcall and the work limit. A failure of the
** variant's rule hooks is this request's error (with the hook's
** file:line), and the game is put back as it was: never a flag that stays
** set and leaves every later position without moves. */
static void run_request(Server *sv, Request *q) {
  lua_State *L = sv->s->L;
  char err[256];
  Game *g = sv->g;
  int entries = g->n, nmsgs = g->nmsgs;
  unsigned long version = sv->version;
  /* a state rendered by a request that then fails is never kept: a hook
  ** cut short by the work limit leaves a state that looks whole */
  for (int aud = 0; aud < NAUD; aud++) sv->fresh_version[aud] = 0;
  rules_begin(g->v, L);
  if (!stop_requested) sandbox_clear_interrupt(sv->s);
  lua_pushcfunction(L, dispatch);
  lua_pushlightuserdata(L, q);
  /* The request's work is bounded in time: past --work-limit it is
  ** stopped, answered 503, and what it did to the game is taken back. */
  work_expired = 0;
  work_timer(sv->work_seconds);
  int status = lua_pcall(L, 1, 0, 0);
  work_timer(0);
  if (work_expired && !stop_requested) {
    if (status != LUA_OK) lua_pop(L, 1);
    sandbox_clear_interrupt(sv->s);
    int undone = sv->g == g && g->n > entries;
    if (undone) game_rollback(g, entries, nmsgs);
    rules_begin(sv->g->v, L);
    if (undone || sv->version != version) changed(sv); /* else the snapshots still hold */
    snprintf(err, sizeof err,
             "the request was stopped after %d s of work, the most one request may do (varia serve --work-limit); "
             "the game is as it was",
             sv->work_seconds);
    return fail(q, 503, err);
  }
  const char *failure = sv->g == g ? rules_failed(g->v) : NULL;
  if (failure) {
    if (g->n > entries) game_rollback(g, entries, nmsgs);
    size_t line = strcspn(failure, "\n"); /* the message, not its traceback */
    snprintf(err, sizeof err, "the variant's rules failed: %.*s", (int)(line < 200 ? line : 200), failure);
    if (status != LUA_OK) lua_pop(L, 1);
    rules_begin(g->v, L); /* the game as it was starts clean */
    changed(sv);
    return fail(q, 500, err);
  }
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    snprintf(err, sizeof err, "%s", msg ? msg : "error");
    lua_pop(L, 1);
    if (sv->s->interrupted && !stop_requested) sandbox_clear_interrupt(sv->s);
    return fail(q, 500, err);
  }
  if (q->out.oom) return fail(q, 500, "out of memory");
  /* the state the answer carries is its audience's snapshot */
  for (int aud = 0; aud < NAUD; aud++)
    if (sv->fresh_version[aud] == sv->version) set_snapshot(sv, aud, sv->fresh[aud].s, sv->fresh[aud].len);
}

typedef struct Render {
  Server *sv;
  Buf *b;
  int aud;
} Render;

static int render_protected(lua_State *L) {
  Render *r = lua_touserdata(L, 1);
  int role, side;
  audience_viewer(r->aud, &role, &side);
  write_state(r->b, r->sv, role, side);
  return 0;
}

/* After a change: every audience that reads the state gets it rendered
** anew, all of it within one work limit; one that fails, or that the
** limit leaves out, is dropped (its next reader asks the worker, and hears
** why). Then the streams announce the version. */
static void refresh(Server *sv) {
  lua_State *L = sv->s->L;
  Buf b = {0};
  pthread_mutex_lock(&sv->lock);
  sv->current = sv->version; /* (a reload's change) */
  pthread_mutex_unlock(&sv->lock);
  work_expired = 0;
  work_timer(sv->work_seconds);
  for (int aud = 0; aud < NAUD; aud++) {
    if (!sv->wanted[aud] || (sv->snap[aud].text && sv->snap[aud].version == sv->version)) continue;
    int ok = 0;
    if (!work_expired && !stop_requested) {
      Render r = {sv, &b, aud};
      buf_reset(&b);
      rules_begin(sv->g->v, L);
      lua_pushcfunction(L, render_protected);
      lua_pushlightuserdata(L, &r);
      int status = lua_pcall(L, 1, 0, 0);
      if (status != LUA_OK) lua_pop(L, 1);
      ok = status == LUA_OK && !b.oom && !rules_failed(sv->g->v) && !sv->s->interrupted;
    }
    set_snapshot(sv, aud, ok ? b.s : NULL, b.len);
  }
  work_timer(0);
  if (sv->s->interrupted && !stop_requested) sandbox_clear_interrupt(sv->s);
  rules_begin(sv->g->v, L);
  free(b.s);
  pthread_mutex_lock(&sv->lock);
  sv->published = sv->version;
  pthread_mutex_unlock(&sv->lock);
}

/* Between requests, a few times a second: the designer saved the script
** (the game goes on under the new rules; its replay is bounded as a
** request is), the lab's run ended. */
static void housekeeping(Server *sv) {
  if (script_changed(sv)) {
    work_expired = 0;
    work_timer(sv->work_seconds);
    reload(sv);
    work_timer(0);
    if (work_expired && !stop_requested) sandbox_clear_interrupt(sv->s);
  }
  lab_poll(sv);
}

static void *worker_main(void *arg) {
  Server *sv = arg;
  sigset_t alarm;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  pthread_sigmask(SIG_UNBLOCK, &alarm, NULL); /* the work limit is this thread's */
  refresh(sv);
  double last = monotonic();
  pthread_mutex_lock(&sv->lock);
  while (!sv->quit) {
    Request *q = sv->queue;
    if (!q && monotonic() - last < 0.25) {
      struct timespec until;
      clock_gettime(CLOCK_MONOTONIC, &until);
      until.tv_nsec += 250000000L;
      if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
      pthread_cond_timedwait(&sv->wake, &sv->lock, &until);
      continue;
    }
    if (q) {
      sv->queue = q->next;
      if (!sv->queue) sv->queue_end = NULL;
      sv->waiting--;
    }
    pthread_mutex_unlock(&sv->lock);
    if (q) {
      run_request(sv, q);
      pthread_mutex_lock(&sv->lock);
      sv->current = sv->version; /* the others' snapshots are old now */
      q->done = 1;
      pthread_mutex_unlock(&sv->lock);
      MHD_resume_connection(q->c); /* q is the HTTP thread's again */
      http_wake(sv);
    }
    if (monotonic() - last >= 0.25) {
      housekeeping(sv);
      last = monotonic();
    }
    if (sv->published != sv->version) refresh(sv);
    pthread_mutex_lock(&sv->lock);
  }
  /* stopping: those still waiting are told so */
  Request *q;
  while ((q = sv->queue)) {
    sv->queue = q->next;
    fail(q, 503, "the server is stopping");
    q->done = 1;
    MHD_resume_connection(q->c);
  }
  http_wake(sv);
  sv->queue_end = NULL;
  sv->waiting = 0;
  pthread_mutex_unlock(&sv->lock);
  return NULL;
}

/* ---- the command --------------------------------------------------------- */

static const char serve_usage[] =
    "usage: varia serve [VARIANT|FILE] [--port N] [--host ADDRESS] [--players] [--seed N] [--lab DIR]\n"
    "                   [--timeout SECONDS] [--work-limit SECONDS]\n"
    "Serves the game in a web browser at http://127.0.0.1:8080/ (with --host, on\n"
    "another address; --port 0 takes a free port). The link it prints carries the\n"
    "starter's secret token. With --players it also prints one link per player,\n"
    "each showing only that player's view. --lab DIR shows the charts of a\n"
    "`varia analyze --plots DIR` run on the starter's page. A request must arrive\n"
    "and be answered within --timeout seconds (30), and may work --work-limit\n"
    "seconds (10) before it is stopped and answered 503; 64 connections at once,\n"
    "16 from one client address. While a request works, the state, the page and\n"
    "the event streams are still served; 8 requests may wait for it, the next is\n"
    "answered 503 busy. Stops on Ctrl-C.\n";

/* A token from the system's entropy: never from a seed, a clock or a
** counter, which another player could reproduce. */
static int make_token(char *out) {
  unsigned char raw[TOKEN_LEN / 2];
  FILE *f = fopen("/dev/urandom", "rb");
  if (!f) return -1;
  size_t got = fread(raw, 1, sizeof raw, f);
  fclose(f);
  if (got != sizeof raw) return -1;
  for (size_t i = 0; i < sizeof raw; i++) sprintf(out + 2 * i, "%02x", raw[i]);
  return 0;
}

int serve_main(Sandbox *s, int argc, char **argv, uint64_t seed) {
  const char *spec = NULL, *host = "127.0.0.1", *labdir = NULL;
  long port = 8080, request_seconds = REQUEST_SECONDS_DEFAULT, work_seconds = WORK_SECONDS_DEFAULT;
  int players = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(serve_usage, stdout);
      return 0;
    } else if (!strcmp(a, "--players")) players = 1;
    else if (!strcmp(a, "--timeout") || !strcmp(a, "--work-limit")) {
      char *end;
      const char *val = i + 1 < argc ? argv[++i] : "";
      long n = strtol(val, &end, 10);
      if (!*val || *end || n < 1 || n > LIMIT_SECONDS_MAX) {
        fprintf(stderr, "varia serve: %s takes a number of seconds from 1 to %d, not '%s'\n", a, LIMIT_SECONDS_MAX, val);
        return 2;
      }
      if (!strcmp(a, "--timeout")) request_seconds = n;
      else work_seconds = n;
    }
    else if (!strcmp(a, "--port") || !strcmp(a, "--host") || !strcmp(a, "--seed") || !strcmp(a, "--lab")) {
      char *end;
      if (i + 1 >= argc) {
        fprintf(stderr, "varia serve: %s needs a value\n%s", a, serve_usage);
        return 2;
      }
      const char *val = argv[++i];
      if (!strcmp(a, "--host")) host = val;
      else if (!strcmp(a, "--lab")) labdir = val;
      else if (!strcmp(a, "--port")) {
        port = strtol(val, &end, 10);
        if (!*val || *end || port < 0 || port > 65535) {
          fprintf(stderr, "varia serve: --port takes a number from 0 to 65535, not '%s'\n", val);
          return 2;
        }
      } else {
        seed = strtoull(val, &end, 10);
        if (!*val || *end) {
          fprintf(stderr, "varia serve: --seed needs a number, not '%s'\n", val);
          return 2;
        }
      }
    } else if (a[0] == '-') {
      fprintf(stderr, "varia serve: unknown option '%s'\n%s", a, serve_usage);
      return 2;
    } else if (spec) {
      fprintf(stderr, "varia serve: unexpected argument '%s'\n%s", a, serve_usage);
      return 2;
    } else spec = a;
  }
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons((uint16_t)port);
  if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
    fprintf(stderr, "varia serve: --host takes an IPv4 address (127.0.0.1, 0.0.0.0), not '%s'\n", host);
    return 2;
  }

  struct stat lst;
  if (labdir && (strlen(labdir) > 1000 || stat(labdir, &lst) != 0 || !S_ISDIR(lst.st_mode))) {
    fprintf(stderr, "varia serve: --lab takes the directory of a `varia analyze --plots DIR` run; '%s' is not one\n",
            labdir);
    return 2;
  }
  lua_State *L = s->L;
  Server sv;
  memset(&sv, 0, sizeof sv);
  sv.s = s;
  sv.seed = seed;
  sv.players = players;
  sv.request_seconds = (int)request_seconds;
  sv.work_seconds = (int)work_seconds;
  sv.game_ref = LUA_NOREF;
  sv.version = 1; /* a snapshot's version is never 0 */
  snprintf(sv.spec, sizeof sv.spec, "%s", spec ? spec : "chess");
  ssize_t nexe = readlink("/proc/self/exe", sv.lab.exe, sizeof sv.lab.exe - 1);
  sv.lab.exe[nexe > 0 ? nexe : 0] = '\0';
  if (labdir) { /* an earlier run's charts, shown until the page runs one */
    snprintf(sv.lab.dir, sizeof sv.lab.dir, "%s", labdir);
    snprintf(sv.lab.what, sizeof sv.lab.what, "the charts in %s", labdir);
    sv.lab.state = LAB_DONE;
  }
  if (!cli_variant(s, sv.spec)) return 1;
  if (!binding_new_game(L, -1, NULL)) {
    fprintf(stderr, "varia serve: %s\n", lua_tostring(L, -1));
    return 1;
  }
  game_seed(lua_touserdata(L, -1), seed);
  adopt(&sv);
  lua_pop(L, 1);
  watch_script(&sv);
  for (int role = 0; role < NROLES; role++)
    if ((role == ROLE_STARTER || players) && make_token(sv.token[role])) {
      fprintf(stderr, "varia serve: cannot read /dev/urandom for the secret tokens\n");
      luaL_unref(L, LUA_REGISTRYINDEX, sv.game_ref);
      return 1;
    }

  struct MHD_Daemon *d = MHD_start_daemon(
      MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL, on_request, &sv,
      MHD_OPTION_EXTERNAL_LOGGER, on_library_message, NULL, /* first, as the library asks */
      MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_NOTIFY_COMPLETED, on_completed, &sv,
      MHD_OPTION_NOTIFY_CONNECTION, on_connection, &sv, MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_CLIENT_CONNECTIONS, MHD_OPTION_CONNECTION_TIMEOUT,
      (unsigned)sv.request_seconds, MHD_OPTION_END);
  if (!d) {
    fprintf(stderr, "varia serve: cannot listen on %s:%ld (%s)\n", host, port,
            errno ? strerror(errno) : "the port may be in use");
    luaL_unref(L, LUA_REGISTRYINDEX, sv.game_ref);
    return 1;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
  unsigned bound = info ? info->port : (unsigned)port;
  printf("varia serve: %s on http://%s:%u/\n", sv.g->v->name, host, bound);
  printf("starter: http://%s:%u/?t=%s\n", host, bound, sv.token[ROLE_STARTER]);
  if (players) {
    printf("white: http://%s:%u/?t=%s\n", host, bound, sv.token[WHITE]);
    printf("black: http://%s:%u/?t=%s\n", host, bound, sv.token[BLACK]);
    printf("Give each player their own link; the starter's link shows everything.\n");
  }
  if (strcmp(host, "127.0.0.1") != 0)
    printf("note: listening on %s, not only this machine; the links' tokens are the only guard\n", host);
  printf("Ctrl-C stops the server.\n");
  fflush(stdout);

  struct sigaction stop, expire, old_int, old_term, old_alrm;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = on_stop;
  sigemptyset(&stop.sa_mask);
  expire = stop;
  expire.sa_handler = on_work_expired;
  expire.sa_flags = SA_RESTART;
  stop_requested = 0;
  serving = s;
  sigaction(SIGINT, &stop, &old_int);
  sigaction(SIGTERM, &stop, &old_term);
  sigaction(SIGALRM, &expire, &old_alrm);
  /* The worker is born with SIGINT, SIGTERM and SIGALRM blocked and takes
  ** SIGALRM (the work limit, the stop) alone; this thread takes the other
  ** two. */
  sigset_t mask, old_mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGINT);
  sigaddset(&mask, SIGTERM);
  sigaddset(&mask, SIGALRM);
  pthread_sigmask(SIG_BLOCK, &mask, &old_mask);
  pthread_condattr_t cattr;
  pthread_condattr_init(&cattr);
  pthread_condattr_setclock(&cattr, CLOCK_MONOTONIC);
  pthread_cond_init(&sv.wake, &cattr);
  pthread_condattr_destroy(&cattr);
  pthread_mutex_init(&sv.lock, NULL);
  if (pipe(sv.wake_fd) != 0) sv.wake_fd[0] = sv.wake_fd[1] = -1;
  for (int i = 0; i < 2 && sv.wake_fd[i] >= 0; i++) {
    fcntl(sv.wake_fd[i], F_SETFL, O_NONBLOCK);
    fcntl(sv.wake_fd[i], F_SETFD, FD_CLOEXEC);
  }
  sv.wanted[AUD_STARTER] = 1;
  if (players) sv.wanted[AUD_WHITE] = sv.wanted[AUD_BLACK] = 1;
  int started = sv.wake_fd[0] >= 0 && pthread_create(&sv.worker, NULL, worker_main, &sv) == 0;
  sigdelset(&mask, SIGALRM);
  pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
  if (!started) {
    fprintf(stderr, "varia serve: cannot start the Lua worker thread\n");
    stop_requested = 1;
  }
  time_t last_ping = time(NULL);
  unsigned long announced = 0;
  while (!stop_requested) {
    http_round(&sv, d, 100);
    close_slow(&sv);
    unsigned long version = published(&sv);
    if (version != announced) { /* the worker has changed the game */
      announced = version;
      wake_streams(&sv, 0);
    }
    if (time(NULL) - last_ping >= PING_SECONDS) {
      last_ping = time(NULL);
      wake_streams(&sv, 1);
    }
  }
  /* the worker stops (what it runs is interrupted), answering the waiting */
  pthread_mutex_lock(&sv.lock);
  sv.quit = 1;
  pthread_cond_signal(&sv.wake);
  pthread_mutex_unlock(&sv.lock);
  if (started) {
    pthread_kill(sv.worker, SIGALRM);
    pthread_join(sv.worker, NULL);
  }
  /* the streams end: every suspended one is resumed, and told it is over;
  ** the worker's last answers are sent */
  sv.stopping = 1;
  wake_streams(&sv, 0);
  for (int i = 0; i < 100 && (sv.streams || answers_unsent(&sv)); i++) http_round(&sv, d, 10);
  MHD_stop_daemon(d);
  lab_kill(&sv);
  lab_clean(&sv);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  sigaction(SIGALRM, &old_alrm, NULL);
  pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
  serving = NULL;
  sandbox_clear_interrupt(s);
  luaL_unref(L, LUA_REGISTRYINDEX, sv.game_ref);
  for (int aud = 0; aud < NAUD; aud++) {
    free(sv.snap[aud].text);
    free(sv.fresh[aud].s);
  }
  for (int i = 0; i < 2; i++)
    if (sv.wake_fd[i] >= 0) close(sv.wake_fd[i]);
  pthread_mutex_destroy(&sv.lock);
  pthread_cond_destroy(&sv.wake);
  printf("varia serve: stopped\n");
  return 0;
}
