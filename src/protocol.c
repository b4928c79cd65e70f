/*
** protocol.c - UCI, CECP and self-play over standard input and output.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "binding.h"
#include "cli.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "player.h"
#include "protocol.h"
#include "script.h"
#include "search.h"

typedef struct Engine {
  Sandbox *s;
  char variant[256];
  int game_ref;
  Game *g;
  uint64_t rng;
} Engine;

static int engine_new_game(Engine *e, const char *fen) {
  lua_State *L = e->s->L;
  int top = lua_gettop(L);
  if (!binding_variant(L, e->variant, 0) || !binding_new_game(L, -1, fen)) {
    printf("info string error: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return -1;
  }
  e->g = lua_touserdata(L, -1);
  game_seed(e->g, e->rng);
  luaL_unref(L, LUA_REGISTRYINDEX, e->game_ref);
  e->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
  return 0;
}

/* The computer's whole turn: its steps joined by commas (e2e4,e4f6), each
** chosen by the search and played on the game. */
static int engine_turn(Engine *e, const SearchLimits *lim, char *out, size_t len) {
  char step[64];
  int side = e->g->pos.side;
  size_t n = 0;
  out[0] = '\0';
  do {
    /* in a variant with tries, the refused ones are retried on this copy
    ** of the game: the GUI gets the step that was legal */
    if (player_move(e->g, binding_searcher(e->s->L), lim, &e->rng, step, sizeof step)) break;
    n += (size_t)snprintf(out + n, len - n, "%s%s", n ? "," : "", step);
  } while (e->g->pos.side == side && e->g->pos.phase != 0 &&
           game_decision(e->g).player == side && game_decision(e->g).kind != DECIDE_NONE);
  return n ? 0 : -1;
}

static void uci_info(void *ctx, const SearchResult *r) {
  (void)ctx;
  int mate = r->score > SCORE_MATE - 1000 || r->score < -SCORE_MATE + 1000;
  if (mate) {
    int plies = SCORE_MATE - (r->score > 0 ? r->score : -r->score);
    printf("info depth %d score mate %d nodes %llu\n", r->depth,
           (r->score > 0 ? 1 : -1) * (plies + 1) / 2, (unsigned long long)r->nodes);
  } else {
    printf("info depth %d score cp %d nodes %llu\n", r->depth, r->score, (unsigned long long)r->nodes);
  }
  fflush(stdout);
}

/* "moves a b c": played in order; a refused one stops with a message. */
static void play_moves(Engine *e, char *s) {
  for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t")) {
    int played = 0;
    char err[256];
    if (game_play_text(e->g, tok, &played, err, sizeof err)) {
      printf("info string illegal move %s: %s\n", tok, err);
      return;
    }
  }
}

int protocol_uci(Sandbox *s, int argc, char **argv) {
  Engine e = {s, "chess", LUA_NOREF, NULL, 1};
  char line[8192];
  (void)argc;
  (void)argv;
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (engine_new_game(&e, NULL)) return 1;
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = '\0';
    char *cmd = line;
    while (isspace((unsigned char)*cmd)) cmd++;
    if (!strcmp(cmd, "uci")) {
      printf("id name varia %s\nid author the varia developers\n", VARIA_VERSION);
      printf("option name UCI_Variant type combo default chess");
      cli_print_variants(s, " var ", " var ", NULL);
      printf("\nuciok\n");
    } else if (!strcmp(cmd, "isready")) {
      printf("readyok\n");
    } else if (!strncmp(cmd, "setoption name UCI_Variant value ", 33)) {
      snprintf(e.variant, sizeof e.variant, "%.200s", cmd + 33);
      if (!strcmp(e.variant, "fischerandom")) snprintf(e.variant, sizeof e.variant, "chess960");
      engine_new_game(&e, NULL);
    } else if (!strncmp(cmd, "setoption", 9)) {
      /* other options: none yet */
    } else if (!strcmp(cmd, "ucinewgame")) {
      engine_new_game(&e, NULL);
    } else if (!strncmp(cmd, "position ", 9)) {
      char *rest = cmd + 9, *moves = strstr(rest, " moves ");
      if (moves) *moves = '\0';
      if (!strncmp(rest, "startpos", 8)) engine_new_game(&e, NULL);
      else if (!strncmp(rest, "fen ", 4)) engine_new_game(&e, rest + 4);
      if (moves) play_moves(&e, moves + 7);
    } else if (!strncmp(cmd, "go perft ", 9)) {
      int d = atoi(cmd + 9);
      uint64_t total = perft_divide(&e.g->pos, d, &s->interrupted, print_divide_line, &e.g->pos);
      printf("\nNodes searched: %llu\n\n", (unsigned long long)total);
    } else if (!strncmp(cmd, "go", 2)) {
      SearchLimits lim = {.depth = 64, .stop = &s->interrupted};
      char *p;
      int side = e.g->pos.side;
      if ((p = strstr(cmd, " depth "))) lim.depth = atoi(p + 7);
      if ((p = strstr(cmd, " movetime "))) lim.seconds = atoi(p + 10) / 1000.0;
      if ((p = strstr(cmd, " nodes "))) lim.nodes = strtoull(p + 7, NULL, 10);
      if ((p = strstr(cmd, side == WHITE ? " wtime " : " btime ")))
        lim.seconds = atoi(p + 7) / 1000.0 / 30;
      if (lim.depth == 64 && lim.seconds == 0 && !lim.nodes) lim.depth = 4; /* go with no limit */
      if (lim.depth < 1) lim.depth = 1;
      /* info lines from the search that chooses (none where the engine
      ** decides from sampled views of a partly hidden position) */
      lim.info = uci_info;
      /* the whole turn, played on a copy of the game */
      lua_rawgeti(s->L, LUA_REGISTRYINDEX, e.game_ref);
      char fen[4096], out[256];
      pos_fen(&e.g->pos, fen, sizeof fen);
      Engine copy = e;
      copy.game_ref = LUA_NOREF;
      if (engine_new_game(&copy, fen) == 0 && engine_turn(&copy, &lim, out, sizeof out) == 0)
        printf("bestmove %s\n", out);
      else
        printf("bestmove (none)\n");
      luaL_unref(s->L, LUA_REGISTRYINDEX, copy.game_ref);
      lua_pop(s->L, 1);
    } else if (!strcmp(cmd, "d")) {
      char fen[4096];
      pos_fen(&e.g->pos, fen, sizeof fen);
      printf("Fen: %s\n", fen);
    } else if (!strcmp(cmd, "quit")) {
      break;
    } else if (!strcmp(cmd, "stop") || !*cmd) {
    } else {
      printf("info string unknown command: %s\n", cmd);
    }
    fflush(stdout);
  }
  luaL_unref(s->L, LUA_REGISTRYINDEX, e.game_ref);
  return 0;
}

/* ---- CECP (xboard) ------------------------------------------------------ */

/* XBoard's names for varia's variants, where they differ. */
static const char *xboard_name(const char *name) {
  if (!strcmp(name, "chess")) return "normal";
  if (!strcmp(name, "chess960")) return "fischerandom";
  return name;
}

static const char *varia_name(const char *xb) {
  if (!strcmp(xb, "normal")) return "chess";
  if (!strcmp(xb, "fischerandom")) return "chess960";
  return xb;
}

/* For a variant XBoard does not know: its board and pieces (CECP's
** engine-defined variants: setup and piece commands). */
static void xboard_setup(Engine *e) {
  const Variant *v = e->g->v;
  static const char *const known[] = {"normal", "fischerandom", "capablanca", "shatranj", "courier", NULL};
  for (int i = 0; known[i]; i++)
    if (!strcmp(known[i], xboard_name(v->name))) return;
  /* XBoard's piece order: P N B R Q, then the others; K last. */
  char table[2 * 44 + 1];
  const char *order = "PNBRQFEACWMOHIJGDVLSUYZK";
  int n = (int)strlen(order);
  for (int i = 0; i < n; i++) table[i] = table[n + i] = '.';
  int next = 5;
  for (int t = 0; t < v->ntypes; t++) {
    char l = v->type[t].letter;
    if (v->type[t].neutral) continue;
    char up = (char)toupper((unsigned char)l);
    const char *at = strchr("PNBRQ", up);
    int slot = at ? (int)(at - "PNBRQ") : (v->type[t].royal || up == 'K') ? n - 1 : next++;
    if (slot >= n) continue;
    table[slot] = up;
    table[n + slot] = (char)tolower((unsigned char)l);
  }
  table[2 * n] = '\0';
  printf("setup (%s) %dx%d+0_fairy %s\n", table, v->geo.files, v->geo.ranks, v->start_fen);
  for (int t = 0; t < v->ntypes; t++)
    if (!v->type[t].neutral && v->type[t].betza[0])
      printf("piece %c& %s\n", toupper((unsigned char)v->type[t].letter), v->type[t].betza);
}

int protocol_xboard(Sandbox *s, int argc, char **argv) {
  Engine e = {s, "chess", LUA_NOREF, NULL, 1};
  char line[8192];
  int force = 0, engine_side = BLACK, depth = 4;
  double seconds = 0;
  (void)argc;
  (void)argv;
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (engine_new_game(&e, NULL)) return 1;
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = '\0';
    char *cmd = line;
    int think = 0;
    if (!strcmp(cmd, "xboard") || !*cmd) continue;
    if (!strncmp(cmd, "protover", 8)) {
      printf("feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 colors=0 myname=\"varia %s\" variants=\"",
             VARIA_VERSION);
      cli_print_variants(s, "", ",", xboard_name);
      printf("\" done=1\n");
    } else if (!strncmp(cmd, "ping ", 5)) {
      printf("pong %s\n", cmd + 5);
    } else if (!strcmp(cmd, "new")) {
      snprintf(e.variant, sizeof e.variant, "chess");
      engine_new_game(&e, NULL);
      force = 0;
      engine_side = BLACK;
    } else if (!strncmp(cmd, "variant ", 8)) {
      snprintf(e.variant, sizeof e.variant, "%.200s", varia_name(cmd + 8));
      if (engine_new_game(&e, NULL) == 0) xboard_setup(&e);
    } else if (!strncmp(cmd, "setboard ", 9)) {
      engine_new_game(&e, cmd + 9);
    } else if (!strcmp(cmd, "force")) {
      force = 1;
    } else if (!strcmp(cmd, "go")) {
      force = 0;
      engine_side = game_decision(e.g).player;
      think = 1;
    } else if (!strcmp(cmd, "white") || !strcmp(cmd, "black")) {
      engine_side = cmd[0] == 'w' ? BLACK : WHITE;
    } else if (!strncmp(cmd, "sd ", 3)) {
      depth = atoi(cmd + 3);
    } else if (!strncmp(cmd, "st ", 3)) {
      seconds = atof(cmd + 3);
    } else if (!strncmp(cmd, "usermove ", 9)) {
      int played = 0;
      char err[256];
      if (game_play_text(e.g, cmd + 9, &played, err, sizeof err)) {
        printf("Illegal move (%s): %s\n", err, cmd + 9);
      } else {
        think = !force;
      }
    } else if (!strcmp(cmd, "undo")) {
      game_undo(e.g);
    } else if (!strcmp(cmd, "remove")) {
      game_undo(e.g);
      game_undo(e.g);
    } else if (!strcmp(cmd, "quit")) {
      break;
    } else if (!strncmp(cmd, "result", 6) || !strncmp(cmd, "level", 5) || !strncmp(cmd, "time", 4) ||
               !strncmp(cmd, "otim", 4) || !strcmp(cmd, "post") || !strcmp(cmd, "nopost") ||
               !strcmp(cmd, "hard") || !strcmp(cmd, "easy") || !strncmp(cmd, "accepted", 8) ||
               !strncmp(cmd, "rejected", 8) || !strcmp(cmd, "random") || !strncmp(cmd, "computer", 8)) {
      /* nothing to do */
    } else {
      printf("Error (unknown command): %s\n", cmd);
    }
    if (think && game_decision(e.g).kind != DECIDE_NONE && game_decision(e.g).player == engine_side) {
      SearchLimits lim = {.depth = seconds > 0 ? 64 : depth, .seconds = seconds, .stop = &s->interrupted};
      char out[256];
      if (engine_turn(&e, &lim, out, sizeof out) == 0) printf("move %s\n", out);
    }
    GameResult r = game_result(e.g);
    if (r.over && think)
      printf("%s {%s}\n", r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2", r.reason);
    fflush(stdout);
  }
  luaL_unref(s->L, LUA_REGISTRYINDEX, e.game_ref);
  return 0;
}

/* ---- self-play ---------------------------------------------------------- */

int cli_selfplay(Sandbox *s, int argc, char **argv) {
  int games = 0, depth = 2;
  uint64_t seed = 1;
  const char *variant = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--depth") && i + 1 < argc) depth = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--help")) {
      printf("usage: varia selfplay VARIANT N [--depth D] [--seed S]\n"
             "Plays N games of the computer against itself and prints each result.\n");
      return 0;
    } else if (!variant) variant = argv[i];
    else games = atoi(argv[i]);
  }
  if (!variant || games < 1 || depth < 1) {
    fprintf(stderr, "usage: varia selfplay VARIANT N [--depth D] [--seed S]\n");
    return 2;
  }
  int wins[3] = {0, 0, 0};
  for (int i = 0; i < games && !s->interrupted; i++) {
    Engine e = {s, "", LUA_NOREF, NULL, seed + (uint64_t)i};
    snprintf(e.variant, sizeof e.variant, "%s", variant);
    if (engine_new_game(&e, NULL)) return 1;
    SearchLimits lim = {.depth = depth, .stop = &s->interrupted};
    char out[64];
    int steps = 0;
    while (!game_result(e.g).over && steps < 1000 && !s->interrupted) {
      if (player_move(e.g, binding_searcher(s->L), &lim, &e.rng, out, sizeof out)) break;
      steps++;
    }
    GameResult r = game_result(e.g);
    int k = !r.over ? 2 : r.winner < 0 ? 2 : r.winner;
    wins[k]++;
    printf("game %d: %s (%s) after %d steps\n", i + 1,
           !r.over ? "unfinished" : r.winner == WHITE ? "1-0" : r.winner == BLACK ? "0-1" : "1/2-1/2",
           r.over ? r.reason : "step limit", steps);
    luaL_unref(s->L, LUA_REGISTRYINDEX, e.game_ref);
  }
  printf("White %d, Black %d, draws or unfinished %d\n", wins[0], wins[1], wins[2]);
  return 0;
}
