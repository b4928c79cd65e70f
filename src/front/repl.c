/*
** repl.c - the small REPL. Like lua.c, readline sits behind a few macros
** and isatty() chooses between the interactive and the batch loop.
*/
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <readline/history.h>
#include <readline/readline.h>

#include "binding.h"
#include "explain.h"
#include "pgn.h"
#include "player.h"
#include "search.h"
#include "hidden.h"
#include "catalog.h"
#include "rules.h"
#include "notation.h"
#include "perft.h"
#include "repl.h"
#include "splitmix.h"
#include "rulehooks.h"
#include "script.h"
#include "textio.h"

typedef struct Repl {
  Sandbox *s;
  int interactive;
  int errors;
  int game_ref; /* the Game userdata in the registry */
  Game *g;
  /* Hidden information: whose view is shown (-1: whoever decides now),
  ** whether the referee's view (the truth) is on, and how many messages
  ** each player has been shown. */
  int viewer, referee;
  int seen[2];
  uint64_t seed; /* for games with chance */
  int seeded;    /* the game was dealt from seed (not opened from a file) */
  int computer;  /* the side the computer plays, or -1 */
  int level;     /* its search depth */
  int trace;     /* trace on: hook calls printed (in the referee's view only) */
  /* The board's bottom side: -1 follows the game (whoever decides now,
  ** in a hot-seat game; the person, against the computer); WHITE or BLACK
  ** after flip. letters: piece letters instead of the chess glyphs. */
  int bottom;
  int letters;
  /* This session's recovery file: its name in the recovery folder, and
  ** the lock that tells other sessions the game is alive (-1: none yet). */
  char rec_id[64];
  int rec_lock;
  int rec_warned;
} Repl;

/* Does the screen show a player's view rather than the truth? */

/* A board cell's one character: the piece's letter, upper case for
** White; a promoted form without a letter of its own shows its base's
** (FEN and SAN write it +P). */
static char cell_char(const Variant *v, uint8_t c) {
  char l = v->type[CELL_TYPE(c)].letter;
  if (v->type[CELL_TYPE(c)].unlettered) l = (char)tolower((unsigned char)l);
  return CELL_COLOUR(c) == WHITE ? (char)toupper((unsigned char)l) : l;
}

static int hiding(const Repl *r) {
  return view_hides(r->g->v) && !r->referee;
}

static int shown_player(Repl *r) {
  return r->viewer >= 0 ? r->viewer : game_decision(r->g).player;
}

static void say_error(Repl *r, const char *fmt, const char *a) {
  fprintf(r->interactive ? stdout : stderr, fmt, a);
  fputc('\n', r->interactive ? stdout : stderr);
  r->errors++;
}

/* Makes the game userdata on top of the stack the current game. */
static void adopt_game(Repl *r) {
  lua_State *L = r->s->L;
  r->g = lua_touserdata(L, -1);
  luaL_unref(L, LUA_REGISTRYINDEX, r->game_ref);
  r->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  r->seen[0] = r->seen[1] = 0;
  r->seeded = 0;
}

/* Replaces the current game by a new one of variant spec from fen. */
static int new_game(Repl *r, const char *spec, const char *fen) {
  lua_State *L = r->s->L;
  int top = lua_gettop(L);
  if (!binding_variant(L, spec, 0) || !binding_new_game(L, -1, fen)) {
    say_error(r, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return -1;
  }
  Game *g = lua_touserdata(L, -1);
  /* The new game's hooks are asked once before it replaces the current
  ** one: hooks that fail in its first position are an error, said with
  ** their file:line, and the current game stays. */
  rules_begin(g->v, L);
  game_decision(g);
  if (rules_failed(g->v)) {
    say_error(r, "%s", rules_failed(g->v));
    lua_settop(L, top);
    if (r->g) rules_begin(r->g->v, L);
    return -1;
  }
  r->seeded = !fen || !strstr(fen, "rng=");
  if (r->seeded) game_seed(g, r->seed);
  luaL_unref(L, LUA_REGISTRYINDEX, r->game_ref);
  r->game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  r->g = g;
  r->seen[0] = r->seen[1] = 0;
  lua_settop(L, top);
  return 0;
}

static const char *glyph(char letter, int white);
static void expand_path(const char *arg, char *out, size_t len);

/* Unicode and colours on a terminal that takes them (not with NO_COLOR,
** nor on TERM=dumb, nor into a pipe); plain ASCII otherwise. */
static int fancy_board(const Repl *r) {
  const char *term = getenv("TERM");
  return r->interactive && !getenv("NO_COLOR") && term && strcmp(term, "dumb") != 0;
}

/* After a take-back the messages of the steps taken back are gone: what
** a player has seen counts only those that remain. */
static void forget_messages(Repl *r) {
  for (int who = 0; who < 2; who++) {
    int bit = who == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, k = 0;
    for (int i = 0; i < r->g->nmsgs; i++) k += (r->g->msgs[i].audience & bit) != 0;
    if (r->seen[who] > k) r->seen[who] = k;
  }
}

/* Prints the messages the player has not been shown yet. */
static void show_messages(Repl *r, int who) {
  int bit = who == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, k = 0;
  for (int i = 0; i < r->g->nmsgs; i++) {
    const Message *m = &r->g->msgs[i];
    if (!(m->audience & bit)) continue;
    if (k++ >= r->seen[who]) printf("  referee: %s\n", m->text);
  }
  r->seen[who] = k;
}

/* The side at the bottom of the board: as flip set it, or the person's
** against the computer, or in a hot-seat game whoever decides now (so
** that Black sees the board from its side on its turns). */
static int board_bottom(Repl *r) {
  if (r->bottom >= 0) return r->bottom;
  if (!r->interactive) return WHITE; /* a pipe's output does not turn */
  if (r->computer >= 0) return r->computer ^ 1;
  if (view_hides(r->g->v) && !r->referee) return shown_player(r);
  Decision d = game_decision(r->g);
  return d.kind == DECIDE_NONE ? WHITE : d.player;
}

static int marked(const Position *p, int sq);
static void show_marks(Repl *r, int who, int hide);
static void show_card_hint(Repl *r, int who);

/* The cell of file x at height h (in half cells above the lowest cell of
** the middle file) of a hexagonal board, or SQ_NONE. */
static int hex_cell_at(const Geometry *geo, int x, int h) {
  int up = h - abs(x - geo->files / 2);
  return up < 0 || up % 2 ? SQ_NONE : board_named_square(geo, x, up / 2);
}

/* A hexagonal board drawn as it stands: each file a column, each cell
** half a line above or below its neighbours in the next file, a rank's
** number beside its cells at each end (ranks bend at the middle file).
** Pieces as letters, '.' an empty cell, the last move in brackets. */
static void show_hex_rows(Repl *r, const Position *p, int who, int hide, int last_from, int last_to,
                          int black_below) {
  const Geometry *geo = &r->g->v->geo;
  int n = geo->files, top = 2 * (n - 1);
  for (int row = 0; row <= top; row++) {
    int h = black_below ? row : top - row;
    char line[16 * 4 + 1];
    int len = 0, label_left = 0, label_right = 0;
    memset(line, ' ', sizeof line - 1);
    for (int col = 0; col < n; col++) {
      int x = black_below ? n - 1 - col : col, s = hex_cell_at(geo, x, h);
      if (s == SQ_NONE) continue;
      /* a rank's number where its first or last cell is */
      int rank = board_named_rank(geo, s), first = 0, last = 0;
      for (int f = 0; f < n; f++)
        if (board_named_square(geo, f, rank) != SQ_NONE) {
          if (!first) first = f + 1;
          last = f + 1;
        }
      if (x == (black_below ? last : first) - 1 && !label_left) label_left = rank + 1;
      if (x == (black_below ? first : last) - 1) label_right = rank + 1;
      uint8_t c = p->board[s];
      char ch = '.';
      if (hide && !view_sees(p, who, s)) ch = VIEW_UNKNOWN;
      else if (c != CELL_EMPTY) ch = cell_char(r->g->v, c);
      int at = col * 4, mk = c != CELL_EMPTY && ch != VIEW_UNKNOWN && marked(p, s);
      if (s == last_from || s == last_to) line[at] = '[', line[at + 2] = mk ? '\'' : ']';
      else if (mk) line[at + 2] = '\'';
      line[at + 1] = ch;
      len = at + 3;
    }
    while (len > 0 && line[len - 1] == ' ') len--;
    line[len] = '\0';
    if (label_left) printf("%3d ", label_left);
    else printf("    ");
    printf("%s", line);
    if (label_right) printf("%*s%d", 4 * n - len, "", label_right);
    printf("\n");
  }
  printf("    ");
  for (int col = 0; col < n; col++) printf(" %c  ", geo->file_letter[black_below ? n - 1 - col : col]);
}

static void show_board(Repl *r) {
  const Position *p = &r->g->pos;
  const Geometry *geo = &r->g->v->geo;
  char fen[1024], sq[4];
  int last_from = -1, last_to = -1, who = shown_player(r), hide = hiding(r);
  /* The last move is marked, except where it could show an unseen piece. */
  if (r->g->n && !hide && !IS_GAME_ACTION(r->g->moves[r->g->n - 1])) {
    last_from = MOVE_FROM(r->g->moves[r->g->n - 1]);
    last_to = MOVE_TO(r->g->moves[r->g->n - 1]);
  }
  printf("\n");
  int black_below = board_bottom(r) == BLACK;
  if (geo->hex) show_hex_rows(r, p, who, hide, last_from, last_to, black_below);
  for (int row = 0; row < (geo->hex ? 0 : geo->ranks); row++) {
    int rank = black_below ? row : geo->ranks - 1 - row;
    printf("%3d ", rank + 1);
    for (int col = 0; col < geo->files; col++) {
      int f = black_below ? geo->files - 1 - col : col;
      int s = board_square(geo, f, rank);
      uint8_t c = p->board[s];
      if (c == CELL_OFF) { /* a hole: no cell, not even an empty one */
        printf("   ");
        continue;
      }
      char ch = '.';
      if (hide && !view_sees(p, who, s)) ch = VIEW_UNKNOWN;
      else if (c != CELL_EMPTY) ch = cell_char(r->g->v, c);
      if (fancy_board(r)) {
        /* Colours: light and dark squares, the last move in yellow; the
        ** usual chess glyphs for the usual letters. */
        int last = s == last_from || s == last_to;
        const char *bg = last ? "48;5;186" : (f + rank) % 2 ? "48;5;180" : "48;5;137";
        int piece = ch != '.' && ch != VIEW_UNKNOWN && c != CELL_EMPTY && CELL_COLOUR(c) != NEUTRAL;
        /* Both sides in the solid glyphs, White's bold bright white and
        ** Black's black: the outline glyphs in black were faint on the
        ** dark squares (xterm). With letters, the same colours. */
        const char *gl = piece && !r->letters ? glyph((char)tolower((unsigned char)ch), 0) : NULL;
        /* a marked piece: a mark after it (show_marks lists them) */
        const char *mark = c != CELL_EMPTY && ch != VIEW_UNKNOWN && marked(p, s) ? "'" : " ";
        printf("\033[%s;%sm", bg, piece && CELL_COLOUR(c) == WHITE ? "1;38;5;231" : "1;38;5;16");
        if (gl) printf(" %s%s", gl, mark);
        else if (ch == '.') printf("   ");
        else if (ch == VIEW_UNKNOWN) printf(" \033[90m?\033[30m ");
        else printf(" %c%s", ch, mark);
        printf("\033[0m");
        continue;
      }
      /* The last move: its squares in brackets; a marked piece: a mark
      ** after it, in place of the space or the bracket. */
      int mk = c != CELL_EMPTY && ch != VIEW_UNKNOWN && marked(p, s);
      if (s == last_from || s == last_to) printf("[%c%c", ch, mk ? '\'' : ']');
      else printf(" %c%c", ch, mk ? '\'' : ' ');
    }
    printf("\n");
  }
  if (!geo->hex) printf("    ");
  for (int col = 0; col < (geo->hex ? 0 : geo->files); col++) printf(" %c ", 'a' + (black_below ? geo->files - 1 - col : col));
  if (hide) view_fen(p, who, fen, sizeof fen);
  else pos_fen(p, fen, sizeof fen);
  printf("\n\n%s%s\n", hide ? (who == WHITE ? "White's view: " : "Black's view: ") : "", fen);
  show_marks(r, who, hide);
  GameResult res = game_result(r->g);
  if (res.over) {
    printf("Game over: %s (%s)", res.winner < 0 ? "draw" : res.winner == WHITE ? "White wins" : "Black wins",
           res.reason);
  } else {
    Decision d = game_decision(r->g);
    const char *decider = colour_title(d.player);
    if (d.kind == DECIDE_ANSWER_OFFER)
      printf("%s answers an offer to end the game: accept or decline", decider);
    else if (d.kind == DECIDE_RELOCATE)
    {
      const char *piece = r->g->v->type[r->g->v->phase[p->phase].piece].name;
      if (r->g->v->phase[p->phase].place == PLACE_MOVE) printf("%s moves the %s", decider, piece);
      else printf("%s places %s %s", decider, strchr("aeiou", piece[0]) ? "an" : "a", piece);
    }
    else if (d.kind == DECIDE_TARGET)
      printf("%s names the square to move to (moves lists them)", decider);
    else if (d.kind == DECIDE_CHOOSE) {
      char target[4];
      board_square_name(geo, p->target, target);
      printf("%s chooses which of %s's pieces goes to %s (moves lists them)", decider,
             colour_title(p->side), target);
    }
    else
      printf("%s to move%s%s", decider,
             !r->g->v->royal_capture && royal_attacked((Position *)p, p->side) ? ", in check" : "",
             d.can_offer ? " (or offer to end the game)" : "");
  }
  if (r->g->v->has_points) printf("   points: White %d, Black %d", p->score[0], p->score[1]);
  printf("\n");
  /* With a hidden board: how many positions the player may still be in. */
  char belief[192];
  if (hide && !res.over && binding_belief_line(r->g, who, belief, sizeof belief) > 0)
    printf("%s\n", belief);
  if (r->g->v->pockets) {
    printf("pockets:");
    char pocket_text[4];
    for (int c = 0; c < 2; c++) {
      printf("%s", c == WHITE ? " White" : ", Black");
      int any = 0;
      for (int t = 0; t < r->g->v->ntypes; t++)
        for (int k = 0; k < p->pocket[c][t]; k++, any = 1)
          printf("%s%s", any ? "" : " ", (type_text(r->g->v, t, c, pocket_text), pocket_text));
      if (!any) printf(" -");
    }
    printf("   (drop with N@f3)\n");
  }
  if (r->g->v->ncard_values) {
    printf("%s's cards:", colour_title(who));
    for (int val = 1; val <= r->g->v->ncard_values; val++)
      for (int k = 0; k < p->hand[who][val]; k++) printf(" %d", val);
    printf("   (%s holds %d; %d in the draw pile)\n", who == WHITE ? "Black" : "White",
           cards_in(p->hand[who ^ 1], r->g->v->ncard_values), cards_in(p->deck, r->g->v->ncard_values));
    show_card_hint(r, who);
  }
  /* The seed gives every card to come: the referee's to see, not a player's. */
  if (r->g->v->ncard_values && !hide && r->seeded)
    printf("(seed %llu: %s --seed %llu %s deals the same cards)\n", (unsigned long long)r->seed,
           script_program(r->s->L), (unsigned long long)r->seed, r->g->v->source[0] ? r->g->v->source : r->g->v->name);
  show_messages(r, who);
  (void)sq;
}

/* Commands that would show the truth to a player who may not see it. */
static int refuse_hidden(Repl *r, const char *what) {
  if (!hiding(r)) return 0;
  say_error(r, "%s would show what the players may not see; type 'view all' for the referee's view", what);
  return 1;
}

/* ---- the hidden games: tries, cards, marks -------------------------------
** What a player of a game with hidden parts may ask for and be shown,
** kept apart from the commands every game has. */

/* tries: the moves the player on turn could try knowing only their own
** pieces (hidden.h), which is all that player may see: the list depends
** on nothing else, so it tells nothing about the opponent. */
static void list_tries(Repl *r) {
  Move list[MAX_MOVES];
  char uci[64];
  Decision d = game_decision(r->g);
  const char *who = colour_title(d.player);
  if (r->g->v->visibility != SEE_OWN) {
    say_error(r, "tries: the pieces are in view in %s; moves lists the legal moves", r->g->v->name);
    return;
  }
  if (d.kind != DECIDE_MOVE) {
    say_error(r, "tries: there is no move to try now%s", "");
    return;
  }
  if (hiding(r) && shown_player(r) != d.player) {
    say_error(r, "tries: only the player on turn may list their tries%s", "");
    return;
  }
  int n = gen_conceivable(&r->g->pos, list);
  for (int i = 0; i < n; i++) {
    move_to_uci(&r->g->pos, list[i], uci, sizeof uci);
    printf("%s%s", uci, (i + 1) % 10 == 0 || i + 1 == n ? "\n" : "  ");
  }
  printf("%d tr%s %s could make knowing only %s own pieces; the referee answers each\n", n,
         n == 1 ? "y" : "ies", who, d.player == WHITE ? "White's" : "Black's");
}

/* Is the piece on sq marked by a rule that changes how it may move (a
** diagonal move made, after which it has no more)? */
static int marked(const Position *p, int sq) {
  return p->v->diagonal_once_bit && (p->attr[sq] & p->v->diagonal_once_bit);
}

/* Under the board: the marked pieces the viewer may see, by square. */
static void show_marks(Repl *r, int who, int hide) {
  const Position *p = &r->g->pos;
  const Geometry *geo = &r->g->v->geo;
  char name[4];
  int any = 0;
  if (!r->g->v->diagonal_once_bit) return;
  for (int rank = geo->ranks - 1; rank >= 0; rank--)
    for (int f = 0; f < geo->files; f++) {
      int sq = board_square(geo, f, rank);
      if (p->board[sq] == CELL_EMPTY || (hide && !view_sees(p, who, sq)) || !marked(p, sq)) continue;
      board_square_name(geo, sq, name);
      printf("%s%s", any++ ? " " : "marked ' (no more diagonal moves):", "");
      printf(" %s", name);
    }
  if (any) printf("\n");
}

/* After the hand of a player of a game with cards: the squares the hand
** can name now (card plays written cards:e3), or that none can. */
static void show_card_hint(Repl *r, int who) {
  Move list[MAX_MOVES];
  char uci[64];
  const Position *p = &r->g->pos;
  Decision d = game_decision(r->g);
  if (!r->g->v->card_action || d.kind != DECIDE_MOVE || d.player != who) return;
  int n = gen_legal((Position *)p, list), k = 0;
  printf("(or play two cards on a square, file card and rank card: cards:e3 plays 5 and 3;");
  for (int i = 0; i < n; i++) {
    if (MOVE_FLAG(list[i]) != MF_CARD) continue;
    move_to_uci(p, list[i], uci, sizeof uci);
    printf("%s %s", k++ ? "," : " yours now:", uci);
  }
  printf("%s)\n", k ? "" : " none with these cards now");
}

static const char *article(const char *noun) {
  return strchr("aeiouAEIOU", noun[0]) && noun[0] ? "an" : "a";
}

/* After a variant's help: the commands and notation its hidden parts add. */
static void help_for_variant(Repl *r) {
  const Variant *v = r->g->v;
  if (v->visibility == SEE_OWN)
    printf("\nIn %s each player sees only their own pieces:\n"
           "  tries             the moves you could try knowing only your pieces\n"
           "  e2e4              a try: the referee answers one that is not legal\n"
           "  messages          what the referee has told you\n", v->name);
  if (v->card_action) {
    printf("\nIn %s a player may play two cards instead of a move:\n"
           "  cards:e3          the file card (1 = a, here 5) and the rank card (1 = your\n"
           "                    first rank, here 3) name a square of one of your pieces;\n"
           "                    the board shows your cards and the squares they name now\n",
           v->name);
    for (int t = 0; t < v->ntypes; t++)
      if (v->card_flip[t])
        printf("                    %s %s there is turned into %s %s\n", article(v->type[t].name),
               v->type[t].name, article(v->type[v->card_flip[t] - 1].name),
               v->type[v->card_flip[t] - 1].name);
    if (v->card_toggle_bit && v->card_toggle_bit == v->diagonal_once_bit)
      printf("                    any other piece there loses its diagonal moves, or has\n"
             "                    them back\n");
    for (int t = 0; t < v->ntypes; t++)
      if (v->card_exclude >> t & 1)
        printf("                    (never on %s %s)\n", article(v->type[t].name), v->type[t].name);
  }
  if (v->diagonal_once_bit)
    printf("  a piece marked ' has moved diagonally and has no more diagonal moves\n");
}

static void list_moves(Repl *r) {
  Move list[MAX_MOVES];
  char uci[64], san[64];
  Decision d = game_decision(r->g);
  if (refuse_hidden(r, "moves")) {
    if (r->g->v->visibility == SEE_OWN) printf("(tries lists the moves you could try)\n");
    return;
  }
  if (d.kind == DECIDE_ANSWER_OFFER) {
    printf("accept  decline\n");
    return;
  }
  int n = d.kind == DECIDE_NONE ? 0 : gen_legal(&r->g->pos, list);
  for (int i = 0; i < n; i++) {
    move_to_uci_among(&r->g->pos, list[i], list, n, uci, sizeof uci);
    move_to_san(&r->g->pos, list[i], san, sizeof san);
    printf("%s (%s)%s", uci, san, (i + 1) % 6 == 0 || i + 1 == n ? "\n" : "  ");
  }
  printf("%d legal %s%s\n", n,
         d.kind == DECIDE_RELOCATE || d.kind == DECIDE_TARGET ? "square" : "move", n == 1 ? "" : "s");
  if (r->g->v->nphases > 1 && d.kind == DECIDE_MOVE)
    printf("(a turn has %d steps: play them one at a time, or joined by commas: e2e4,e4f6)\n",
           r->g->v->nphases);
  if (d.can_offer) printf("(or: offer, to end the game by agreement)\n");
}

/* The reason the step of tok (a turn's steps joined by commas) that was
** refused with the generic "illegal move X in this position" is illegal,
** as `why` says it (the core's reason or a hook's): the steps before it
** are made on a copy of the position. err keeps the generic text where no
** better reason is found; a hidden game keeps it always, since the reason
** may tell what the player does not see. */
static void refusal_reason(Repl *r, const char *tok, char *err, size_t len) {
  static const char generic[] = " in this position";
  size_t n = strlen(err);
  if (hiding(r) || n < sizeof generic - 1 || strcmp(err + n - (sizeof generic - 1), generic)) return;
  Position *p = malloc(sizeof *p);
  if (!p) return;
  *p = r->g->pos;
  char step[128], why[512];
  const char *at = tok;
  for (;;) {
    size_t k = strcspn(at, ",");
    snprintf(step, sizeof step, "%.*s", (int)(k < sizeof step ? k : sizeof step - 1), at);
    char e[256];
    Move m = parse_move(p, step, e, sizeof e);
    if (m == MOVE_NONE || !at[k]) break;
    Undo u;
    move_make(p, m, &u);
    at += k + 1;
  }
  if (!explain_move(p, step, why, sizeof why)) snprintf(err, len, "%s", why);
  free(p);
}

/* Plays each word of args (a turn's steps may be joined by commas);
** stops at the first that is refused, saying why. Returns the number
** played. */
static int play_moves(Repl *r, char *args) {
  char err[512];
  int played = 0;
  for (char *tok = strtok(args, " \t"); tok; tok = strtok(NULL, " \t")) {
    int steps = 0, status = game_play_text(r->g, tok, &steps, err, sizeof err);
    if (status == 1) { /* a try the referee answered: it stands */
      if (!r->interactive) printf("referee: %s\n", err);
      return played + 1;
    }
    if (status) {
      while (steps--) game_undo(r->g);
      refusal_reason(r, tok, err, sizeof err);
      say_error(r, "%s", err);
      return played;
    }
    played++;
  }
  return played;
}

static void do_perft(Repl *r, const char *arg, int divide) {
  char *end;
  if (refuse_hidden(r, divide ? "divide" : "perft")) return;
  long d = strtol(arg, &end, 10);
  if (!*arg || *end || d < 0 || d > 64) {
    say_error(r, "perft: expected a depth from 0 to 64, not \"%s\"", arg);
    return;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  Position *p = &r->g->pos;
  if (divide && d > 0) total = perft_divide(p, (int)d, &r->s->interrupted, print_divide_line, p);
  else total = perft(p, (int)d, &r->s->interrupted);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  /* the count is cut short: not a count (protected_command says why) */
  if (rules_failed(r->g->v)) return;
  if (r->s->interrupted) {
    sandbox_clear_interrupt(r->s);
    say_error(r, "perft: interrupted%s", "");
    return;
  }
  double t = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("Nodes searched: %llu\n", (unsigned long long)total);
  if (r->interactive) printf("(%.3f s, %.0f nodes per second)\n", t, t > 0 ? total / t : 0.0);
}

/* ---- inspecting and changing the rules ------------------------------- */

static void do_why(Repl *r, const char *arg) {
  char out[512];
  if (!*arg) {
    say_error(r, "why: expected a move, as in: why e2e5%s", "");
    return;
  }
  if (refuse_hidden(r, "why")) return;
  explain_move(&r->g->pos, arg, out, sizeof out);
  printf("%s\n", out);
}

/* The variant's cache key (name or file, with options). */
static const char *current_spec(Repl *r) {
  return r->g->v->source[0] ? r->g->v->source : r->g->v->name;
}

/* Re-reads the script and replays the game on the new rules, saying where
** it no longer applies. */
static void do_reload(Repl *r) {
  lua_State *L = r->s->L;
  char path[] = "/tmp/varia-reload-XXXXXX", warn[1024], spec[1100];
  /* its messages name the moves that no longer apply, the opponent's too */
  if (refuse_hidden(r, "reload")) return;
  int fd = mkstemp(path);
  if (fd < 0) {
    say_error(r, "reload: cannot write a temporary file%s", "");
    return;
  }
  FILE *f = fdopen(fd, "w");
  snprintf(spec, sizeof spec, "%s", current_spec(r));
  pgn_write(L, r->g, spec, r->seed, f);
  fclose(f);
  binding_forget_variant(L, spec); /* so that the script is read again */
  int n_before = r->g->n;
  Game *g = pgn_open(L, path, 1, 1, warn, sizeof warn);
  remove(path);
  if (!g) {
    say_error(r, "reload: %s (the game goes on with the rules it had)", lua_tostring(L, -1));
    lua_pop(L, 1);
    /* keep the old variant for the game in progress: it is still alive */
    return;
  }
  adopt_game(r);
  printf("reloaded %s: %d of %d steps replayed%s%s\n", r->g->v->name, r->g->n, n_before,
         warn[0] ? "; " : "", warn);
  if (r->interactive) show_board(r);
}

/* A saved game is the referee's record: the whole position, both hands,
** the generator. In a game with hidden information it is written only
** from the referee's view, and says so. */
static void do_save(Repl *r, const char *arg) {
  char err[4400];
  if (!*arg) {
    say_error(r, "save: expected a file name, as in: save game.pgn%s", "");
    return;
  }
  if (hiding(r)) {
    say_error(r, "save writes the referee's full record, which the players may not see; "
                 "type 'view all' for the referee's view, then save%s", "");
    return;
  }
  char path[4096];
  expand_path(arg, path, sizeof path);
  if (pgn_save(r->s->L, r->g, current_spec(r), r->seed, path, err, sizeof err))
    say_error(r, "save: %s", err);
  else
    printf("saved %d steps to %s%s\n", r->g->n, path,
           view_hides(r->g->v) ? " (the referee's full record: it shows what the players may not see)" : "");
}

/* Is the variant of spec (name[:options]) a script named by its path? */
static int names_a_file(const char *spec) {
  char name[512];
  snprintf(name, sizeof name, "%s", spec);
  name[strcspn(name, ":")] = '\0';
  size_t n = strlen(name);
  return strchr(name, '/') || (n > 4 && !strcmp(name + n - 4, ".lua"));
}

static int confirm(const char *prompt);

/* A path as typed, with a leading ~ (the user's $HOME) or ~user
** expanded as the shell would; other paths as they are. */
static void expand_path(const char *arg, char *out, size_t len) {
  if (arg[0] != '~') {
    snprintf(out, len, "%s", arg);
    return;
  }
  const char *rest = arg + 1 + strcspn(arg + 1, "/"), *home = NULL;
  if (rest == arg + 1) home = getenv("HOME");
  else {
    char user[256];
    snprintf(user, sizeof user, "%.*s", (int)(rest - arg - 1), arg + 1);
    struct passwd *pw = getpwnam(user);
    home = pw ? pw->pw_dir : NULL;
  }
  if (home && *home) snprintf(out, len, "%s%s", home, rest);
  else snprintf(out, len, "%s", arg); /* no such user: the name as typed */
}

/* Lists the games of a file of several (what its tags say of each). */
static void list_games(const char *path, const PgnGameInfo *info, int n, int shown) {
  printf("%s holds %d games:\n", path, n);
  for (int i = 0; i < shown; i++) {
    const PgnGameInfo *g = &info[i];
    printf("  %d. %s - %s, %s, %s", i + 1, g->white[0] ? g->white : "?", g->black[0] ? g->black : "?",
           g->variant[0] ? g->variant : "chess", g->result[0] ? g->result : "*");
    if (g->date[0] && strcmp(g->date, "????.??.??")) printf(" (%s)", g->date);
    printf("\n");
  }
  if (shown < n) printf("  ... and %d more\n", n - shown);
}

/* open [--run-script] FILE [N]: game N of the file (the first by
** default; a file of several lists them). A PGN file whose [Variant] is
** a script's path would run that script: it does so when the user says
** yes at the terminal, or with --run-script (from a pipe), or when that
** script is already the current game's. */
static void do_open(Repl *r, const char *arg) {
  char warn[1024], spec[512], now[512], path[4096];
  enum { SHOWN = 64 };
  PgnGameInfo info[SHOWN];
  lua_State *L = r->s->L;
  int run_script = 0;
  if (!strncmp(arg, "--run-script", 12) && (!arg[12] || isspace((unsigned char)arg[12]))) {
    run_script = 1;
    for (arg += 12; isspace((unsigned char)*arg); arg++) {}
  }
  if (!*arg) {
    say_error(r, "open: expected a PGN file, and the number of a game in it if it holds several%s", "");
    return;
  }
  /* FILE N: the last word, when it is a number, is the game's */
  long index = 0;
  const char *last = strrchr(arg, ' ');
  if (last && last[1] && strspn(last + 1, "0123456789") == strlen(last + 1)) {
    index = strtol(last + 1, NULL, 10);
    char typed[4096];
    snprintf(typed, sizeof typed, "%.*s", (int)(last - arg), arg);
    while (*typed && typed[strlen(typed) - 1] == ' ') typed[strlen(typed) - 1] = '\0';
    expand_path(typed, path, sizeof path);
    if (index < 1) {
      say_error(r, "open: games are numbered from 1, not %s", last + 1);
      return;
    }
  } else {
    expand_path(arg, path, sizeof path);
  }
  int n = pgn_games(L, path, info, SHOWN);
  if (n < 0) {
    say_error(r, "open: %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return;
  }
  if (index > n && n > 0) {
    char msg[4200];
    snprintf(msg, sizeof msg, "open: %s holds %d game%s, not %ld", path, n, n == 1 ? "" : "s", index);
    say_error(r, "%s", msg);
    return;
  }
  if (n > 1 && !index) {
    list_games(path, info, n, n < SHOWN ? n : SHOWN);
    printf("opening game 1 (open %s N opens game N)\n", arg);
  }
  if (!index) index = 1;
  snprintf(now, sizeof now, "%.511s", current_spec(r));
  now[strcspn(now, ":")] = '\0';
  if (!run_script && pgn_variant(L, path, (int)index, spec, sizeof spec) == 0 && names_a_file(spec) &&
      (spec[strcspn(spec, ":")] = '\0', strcmp(spec, now) != 0)) {
    if (!r->interactive) {
      char msg[5400];
      snprintf(msg, sizeof msg, "open: %s names the script %s as its variant; to run it, "
               "open --run-script %s", path, spec, arg);
      say_error(r, "%s", msg);
      return;
    }
    printf("%s is a game of the variant in the script %s.\n", path, spec);
    if (!confirm("Run that script? [y/N] ")) {
      printf("not opened\n");
      return;
    }
  }
  Game *g = pgn_open(L, path, (int)index, 0, warn, sizeof warn);
  if (!g) {
    say_error(r, "open: %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return;
  }
  adopt_game(r);
  if (n > 1) printf("opened game %ld of %s: %s, %d steps%s%s\n", index, path, r->g->v->name, r->g->n,
                    warn[0] ? "; note: " : "", warn);
  else printf("opened %s: %s, %d steps%s%s\n", path, r->g->v->name, r->g->n, warn[0] ? "; note: " : "", warn);
  if (r->interactive) show_board(r);
}

/* lua CODE: the code runs with the global g set to the current game; what
** it returns is printed. */
static void do_lua(Repl *r, const char *code) {
  lua_State *L = r->s->L;
  int top = lua_gettop(L);
  if (!*code) {
    say_error(r, "lua: expected Lua code, as in: lua return g:fen()%s", "");
    return;
  }
  if (refuse_hidden(r, "lua")) return; /* g:fen(), g:hand("black"): the truth */
  lua_rawgeti(L, LUA_REGISTRYINDEX, r->game_ref);
  lua_setglobal(L, "g");
  if (luaL_loadbufferx(L, code, strlen(code), "=lua", "t") != LUA_OK) {
    say_error(r, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return;
  }
  if (sandbox_pcall(L, 0, LUA_MULTRET, 0) != LUA_OK) {
    say_error(r, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    return;
  }
  for (int i = top + 1; i <= lua_gettop(L); i++) {
    printf("%s%s", i > top + 1 ? "\t" : "", luaL_tolstring(L, i, NULL));
    lua_pop(L, 1);
  }
  if (lua_gettop(L) > top) printf("\n");
  lua_settop(L, top);
}

/* svg FILE: the board as shown (the player's view where it is hidden). */
static const char *glyph(char letter, int white) {
  static const char *const w[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659"};
  static const char *const b[] = {"\u265A", "\u265B", "\u265C", "\u265D", "\u265E", "\u265F"};
  const char *letters = "kqrbnp";
  const char *at = strchr(letters, letter);
  if (!at || !letter) return NULL;
  return white ? w[at - letters] : b[at - letters];
}

static void do_svg(Repl *r, const char *arg) {
  const Position *p = &r->g->pos;
  const Geometry *geo = &r->g->v->geo;
  int who = shown_player(r), hide = hiding(r), S = 48;
  if (!*arg) {
    say_error(r, "svg: expected a file name, as in: svg board.svg%s", "");
    return;
  }
  char path[4096], msg[4400];
  expand_path(arg, path, sizeof path);
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(msg, sizeof msg, "svg: cannot write %s: %s", path, strerror(errno));
    say_error(r, "%s", msg);
    return;
  }
  int W = geo->files * S + 24, H = geo->ranks * S + 24;
  /* hexagonal cells: flat-topped hexagons of radius rho in vertical files,
  ** each file half a cell (half) off the next; a piece in the S box
  ** around its centre */
  double rho = S * 2.0 / 3.0, half = rho * 0.8660254;
  int top = 2 * (geo->files - 1);
  if (geo->hex) W = 24 + (int)(rho * (1.5 * geo->files + 0.5)) + 2, H = (int)(half * (top + 2)) + 24;
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
             "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\">\n", W, H, W, H);
  for (int rank = geo->ranks - 1; rank >= 0; rank--)
    for (int file = 0; file < geo->files; file++) {
      int sq = board_square(geo, file, rank), x = 24 + file * S, y = (geo->ranks - 1 - rank) * S;
      if (!board_inside(geo, sq)) continue; /* a hole: no cell */
      if (geo->hex) {
        int h = abs(file - geo->files / 2) + 2 * board_named_rank(geo, sq);
        double cx = 24 + rho + file * 1.5 * rho, cy = half * (top - h + 1);
        static const char *const colours[3] = {"#f0d9b5", "#d6ae82", "#b58863"};
        fprintf(f, "<polygon points=\"");
        for (int k = 0; k < 6; k++)
          fprintf(f, "%s%.1f,%.1f", k ? " " : "", cx + rho * cos(k * M_PI / 3), cy + rho * sin(k * M_PI / 3));
        fprintf(f, "\" fill=\"%s\" stroke=\"#8a6d4a\"/>\n", colours[(file + rank) % 3]);
        x = (int)(cx - S / 2.0), y = (int)(cy - S / 2.0);
      } else
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, S, S,
                (file + rank) % 2 ? "#f0d9b5" : "#b58863");
      uint8_t c = p->board[sq];
      if (hide && !view_sees(p, who, sq)) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"28\" text-anchor=\"middle\" fill=\"#777\">?</text>\n",
                x + S / 2, y + S * 2 / 3);
        continue;
      }
      if (c == CELL_EMPTY) continue;
      char letter = (char)tolower((unsigned char)cell_char(r->g->v, c));
      const char *gl = CELL_COLOUR(c) == NEUTRAL ? NULL : glyph(letter, CELL_COLOUR(c) == WHITE);
      if (CELL_COLOUR(c) == NEUTRAL)
        fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#f4c430\" stroke=\"#333\"/>\n",
                x + S / 2, y + S / 2, S / 3);
      else if (gl)
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"38\" text-anchor=\"middle\">%s</text>\n",
                x + S / 2, y + S * 3 / 4, gl);
      else
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"26\" font-weight=\"bold\" text-anchor=\"middle\" "
                   "fill=\"%s\" stroke=\"#000\" stroke-width=\"0.6\">%c</text>\n",
                x + S / 2, y + S * 2 / 3, CELL_COLOUR(c) == WHITE ? "#fff" : "#000",
                CELL_COLOUR(c) == WHITE ? letter - 32 : letter);
      if (marked(p, sq)) /* a red dot in the corner, as the board's ' */
        fprintf(f, "<circle class=\"mark\" cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"#c0392b\" stroke=\"#fff\">"
                   "<title>moved diagonally: no more diagonal moves</title></circle>\n",
                x + S - 8, y + 8);
    }
  for (int file = 0; geo->hex && file < geo->files; file++) /* under each file's lowest cell */
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\">%c</text>\n",
            24 + rho + file * 1.5 * rho, half * (top - abs(file - geo->files / 2) + 2) + 14, geo->file_letter[file]);
  for (int rank = 0; geo->hex && rank < geo->ranks; rank++) /* beside each rank's first cell */
    for (int file = 0; file < geo->files; file++)
      if (board_named_square(geo, file, rank) != SQ_NONE) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\">%d</text>\n",
                24 + file * 1.5 * rho - 8, half * (top - abs(file - geo->files / 2) - 2 * rank + 1) + 5, rank + 1);
        break;
      }
  for (int file = 0; !geo->hex && file < geo->files; file++)
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%c</text>\n",
            24 + file * S + S / 2, geo->ranks * S + 17, 'a' + file);
  for (int rank = 0; !geo->hex && rank < geo->ranks; rank++)
    fprintf(f, "<text x=\"12\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%d</text>\n",
            (geo->ranks - 1 - rank) * S + S / 2 + 5, rank + 1);
  fprintf(f, "</svg>\n");
  if (fclose(f) != 0) {
    snprintf(msg, sizeof msg, "svg: cannot write %s: %s", path, strerror(errno));
    say_error(r, "%s", msg);
  } else printf("wrote %s\n", path);
}

/* The steps of g from its n0-th on, in SAN joined by commas as `history`
** writes a turn (Nc6; e2e4,e4f6), replayed on a copy of the position before
** them; game actions (offers) are left out. */
static void steps_san(Game *g, int n0, Position *before, char *out, size_t len) {
  size_t used = 0;
  out[0] = '\0';
  for (int i = n0; i < g->n && used < len; i++) {
    Move m = g->moves[i];
    if (IS_GAME_ACTION(m)) continue;
    char san[64];
    move_to_san(before, m, san, sizeof san);
    used += (size_t)snprintf(out + used, len - used, "%s%s", used ? "," : "", san);
    Undo u;
    move_make(before, m, &u);
  }
}

/* The computer plays whoever decides now, until it is the person's turn;
** its moves are printed in SAN, as the person writes them. */
static void computer_plays(Repl *r, int once) {
  char out[512];
  Position *before = malloc(sizeof *before);
  if (!before) {
    say_error(r, "out of memory%s", "");
    return;
  }
  uint64_t rng = r->seed ^ (uint64_t)r->g->n * SPLITMIX_GAMMA;
  SearchLimits lim = {.depth = r->level, .stop = &r->s->interrupted};
  while (game_decision(r->g).kind != DECIDE_NONE &&
         (once || game_decision(r->g).player == r->computer)) {
    int who = game_decision(r->g).player, n0 = r->g->n;
    *before = r->g->pos;
    int none = player_move(r->g, binding_searcher(r->s->L), &lim, &rng, out, sizeof out);
    if (r->s->interrupted) { /* Ctrl-C: nothing of a search cut short is played */
      while (r->g->n > n0) game_undo(r->g);
      say_error(r, "interrupted%s", "");
      break;
    }
    if (none && out[0]) {
      say_error(r, "the computer's step was refused: %s", out);
      break;
    }
    if (none) {
      say_error(r, "the computer found nothing to play%s", "");
      break;
    }
    /* In a game with hidden information the person sees only what the
    ** referee announces, not the computer's move. */
    if (!view_hides(r->g->v) || r->referee) {
      steps_san(r->g, n0, before, out, sizeof out);
      printf("computer (%s): %s\n", colour_title(who), out);
    }
    else printf("computer (%s) has played\n", colour_title(who));
    if (once || r->s->interrupted) break;
  }
  free(before);
}

static void do_vs(Repl *r, const char *arg) {
  if (strncmp(arg, "computer", 8) != 0) {
    say_error(r, "vs: expected computer [white|black|off], not \"%s\"", arg);
    return;
  }
  const char *side = arg[8] ? arg + 9 : "";
  if (!strcmp(side, "off")) {
    r->computer = -1;
    r->viewer = -1;
    printf("two people play\n");
    return;
  }
  /* by default the computer takes the side not to move */
  r->computer = !strcmp(side, "white") ? WHITE : !strcmp(side, "black") ? BLACK
                                                                         : game_decision(r->g).player ^ 1;
  if (view_hides(r->g->v)) r->viewer = r->computer ^ 1; /* the person's view only */
  printf("the computer plays %s at level %d\n", colour_title(r->computer), r->level);
  computer_plays(r, 0);
  if (r->interactive) show_board(r);
}

static void do_level(Repl *r, const char *arg) {
  char *end;
  long n = strtol(arg, &end, 10);
  if (!*arg || *end || n < 1 || n > 20) {
    say_error(r, "level: expected a search depth from 1 to 20, not \"%s\"", arg);
    return;
  }
  r->level = (int)n;
  printf("level %d\n", r->level);
}

/* The threads the computer searches with (its variant's hooks in Lua
** keep it to one, whatever is set). */
static void do_threads(Repl *r, const char *arg) {
  char *end;
  long n = strtol(arg, &end, 10);
  Searcher *s = binding_searcher(r->s->L);
  if (!*arg || *end || n < 1 || n > SEARCH_MAX_THREADS) {
    char range[64];
    snprintf(range, sizeof range, "%d", SEARCH_MAX_THREADS);
    say_error(r, "threads: expected a number of threads from 1 to %s", range);
    return;
  }
  if (search_set_threads(s, (int)n)) {
    say_error(r, "threads: out of memory for %s threads", arg);
    return;
  }
  printf("threads %d%s\n", search_threads(s),
         n > 1 && r->g->v->rules ? " (this variant's rules are Lua hooks: it is searched by one)" : "");
}

/* The hook calls show every move and try, the opponent's and the
** computer's too: printed only while the screen shows the referee's view. */
static void do_trace(Repl *r, const char *arg) {
  if (!strcmp(arg, "on")) {
    if (refuse_hidden(r, "trace")) return;
    r->trace = 1;
  } else if (!strcmp(arg, "off")) r->trace = 0;
  else {
    say_error(r, "trace: expected on or off, not \"%s\"", arg);
    return;
  }
  r->s->trace = r->trace && !hiding(r);
  printf("trace %s\n", r->trace ? "on: hook calls are printed" : "off");
}

/* ---- who is at the keyboard: the lines each has typed -------------------
** Readline keeps one list of typed lines for the Up arrow. In a game with
** hidden information several people take turns at one terminal (the
** players, and the referee in the referee's view), and a player's lines
** are their moves: each seat has a list of its own, switched in at the
** hand-over, kept in memory only (never in the history file, which holds
** the lines of games without hidden information, as they are typed). A
** game without hidden information has the one list read from the file. */
enum { SEAT_WHITE, SEAT_BLACK, SEAT_REFEREE, SEAT_OPEN, NSEATS };
static HISTORY_STATE *seat_lines[NSEATS]; /* the lists of the seats away */
static int seat_now = SEAT_OPEN;

static int seat_of_player(int player) { return player == BLACK ? SEAT_BLACK : SEAT_WHITE; }

/* The seat of whoever types the next command. */
static int seat_at_prompt(Repl *r) {
  if (!view_hides(r->g->v)) return SEAT_OPEN;
  if (r->referee) return SEAT_REFEREE;
  return seat_of_player(shown_player(r));
}

static void take_seat(int seat) {
  if (seat == seat_now) return;
  seat_lines[seat_now] = history_get_history_state(); /* it owns the list now */
  if (seat_lines[seat]) {
    history_set_history_state(seat_lines[seat]);
    free(seat_lines[seat]);
    seat_lines[seat] = NULL;
  } else {
    HISTORY_STATE none;
    memset(&none, 0, sizeof none); /* add_history allocates a new list */
    history_set_history_state(&none);
  }
  seat_now = seat;
}

/* At the end of the session: the lists of the seats away. */
static void forget_seats(void) {
  for (int i = 0; i < NSEATS; i++) {
    HISTORY_STATE *st = seat_lines[i];
    if (!st) continue;
    for (int k = 0; k < st->length; k++) free_history_entry(st->entries[k]);
    free(st->entries);
    free(st);
    seat_lines[i] = NULL;
  }
}

/* Between two people at the terminal: the screen and the terminal's
** scrollback (\033[3J, xterm's and most emulators'), which would
** otherwise still hold the previous person's board a scroll away. */
static void clear_screen_and_scrollback(void) {
  printf("\033[2J\033[3J\033[H");
  fflush(stdout);
}

/* Hot-seat play with hidden information: clear the screen between the
** players, so that neither sees the other's board. */
static void wait_enter(const char *prompt) {
  char *line = readline(prompt);
  free(line);
}

/* from: WHITE, BLACK, or -1 for the referee. */
static void hand_over(Repl *r, int from, int to) {
  const char *names[] = {"White", "Black"};
  if (from >= 0) show_messages(r, from);
  char prompt[128];
  snprintf(prompt, sizeof prompt, "%s: press Enter, then hand the terminal to %s. ",
           from >= 0 ? names[from] : "Referee", names[to]);
  wait_enter(prompt);
  clear_screen_and_scrollback();
  take_seat(seat_of_player(to)); /* from this prompt on, the Up arrow is to's */
  snprintf(prompt, sizeof prompt, "%s: press Enter to see your board. ", names[to]);
  wait_enter(prompt);
  clear_screen_and_scrollback();
}

static void print_messages(Repl *r, const char *arg) {
  int who = !strcmp(arg, "white") ? WHITE : !strcmp(arg, "black") ? BLACK : shown_player(r);
  int bit = who == WHITE ? AUDIENCE_WHITE : AUDIENCE_BLACK, k = 0;
  if (hiding(r) && r->interactive && *arg && who != shown_player(r)) {
    say_error(r, "messages: only the player on turn may read their messages%s", "");
    return;
  }
  for (int i = 0; i < r->g->nmsgs; i++)
    if (r->g->msgs[i].audience & bit) printf("%d. %s\n", ++k, r->g->msgs[i].text);
  if (!k) printf("no messages for %s\n", colour_title(who));
}

static int confirm(const char *prompt) {
  char *answer = readline(prompt);
  int yes = answer && (answer[0] == 'y' || answer[0] == 'Y');
  free(answer);
  return yes;
}

/* In a hidden game a player may look at their own view only; the
** referee's view (the truth, and from it any player's) is shown to whoever
** says they are the referee, after a warning, and left through the
** hand-over screen. */
static void set_view(Repl *r, const char *arg) {
  const char *names[] = {"White", "Black"};
  int referee = 0, viewer = -1;
  if (!strcmp(arg, "all")) referee = 1;
  else if (!strcmp(arg, "white")) viewer = WHITE;
  else if (!strcmp(arg, "black")) viewer = BLACK;
  else if (strcmp(arg, "turn") && *arg) {
    say_error(r, "view: expected white, black, turn or all, not \"%s\"", arg);
    return;
  }
  if (viewer >= 0 && viewer != shown_player(r) && refuse_hidden(r, "view of the other player"))
    return;
  if (view_hides(r->g->v) && r->interactive) {
    if (referee && !r->referee) {
      printf("The referee's view shows what the players may not see: both sides' pieces and hands,\n"
             "and the seed that deals the cards to come.\n");
      if (!confirm("Only the referee may see the screen now. Show it? [y/N] ")) {
        printf("the view stays %s's\n", names[shown_player(r)]);
        return;
      }
      clear_screen_and_scrollback();
    } else if (!referee && r->referee) {
      hand_over(r, -1, viewer >= 0 ? viewer : game_decision(r->g).player);
    }
  }
  r->referee = referee;
  r->viewer = viewer;
  r->s->trace = r->trace && !hiding(r);
  show_board(r);
}

/* history: the game so far as PGN's movetext, with move numbers (the
** notation save writes: a turn's steps joined by commas, actions as
** comments), wrapped for the screen. */
static void print_history(Repl *r) {
  char *text = NULL;
  size_t n = 0;
  if (refuse_hidden(r, "history")) return; /* tries and the referee's words name squares */
  FILE *f = open_memstream(&text, &n);
  if (!f) {
    say_error(r, "history: out of memory%s", "");
    return;
  }
  pgn_write(r->s->L, r->g, current_spec(r), r->seed, f);
  fclose(f);
  const char *moves = text ? strstr(text, "\n\n") : NULL;
  if (!r->g->n || !moves) printf("no moves yet\n");
  else {
    int col = 0;
    for (const char *w = moves + 2; *w;) {
      size_t len = strcspn(w, " \n");
      if (len) {
        if (col && col + 1 + (int)len > 72) {
          printf("\n");
          col = 0;
        }
        printf("%s%.*s", col ? " " : "", (int)len, w);
        col += (col ? 1 : 0) + (int)len;
      }
      w += len;
      while (*w == ' ' || *w == '\n') w++;
    }
    printf("\n");
  }
  free(text);
}

/* flip: the board from the other side; flip auto: as the game goes. */
static void do_flip(Repl *r, const char *arg) {
  if (!strcmp(arg, "auto")) r->bottom = -1;
  else if (!*arg) r->bottom = board_bottom(r) ^ 1;
  else {
    say_error(r, "flip: expected nothing or auto, not \"%s\"", arg);
    return;
  }
  printf("the board shows %s at the bottom%s\n", colour_title(board_bottom(r)),
         r->bottom < 0 ? " (auto: the side to move in a game between two people at this terminal)" : "");
  if (r->interactive) show_board(r);
}

/* letters on|off: piece letters instead of the chess glyphs. */
static void do_letters(Repl *r, const char *arg) {
  if (!strcmp(arg, "on") || !*arg) r->letters = 1;
  else if (!strcmp(arg, "off")) r->letters = 0;
  else {
    say_error(r, "letters: expected on or off, not \"%s\"", arg);
    return;
  }
  printf("letters %s\n", r->letters ? "on: pieces are shown by their letters" : "off: chess glyphs");
  if (r->interactive) show_board(r);
}

/* ---- the commands -------------------------------------------------------
** One table drives dispatch, help and completion. Each command runs with
** the rest of its line; it returns 1 when the command line is over (the
** computer's answer and the hand-over are not due), 0 otherwise. */

typedef struct ReplCommand ReplCommand;
static const ReplCommand *commands_table(void);

static int cmd_quit(Repl *r, char *args) {
  (void)r, (void)args;
  return 1; /* run_command leaves the REPL before it gets here */
}

static int cmd_help(Repl *r, char *args);

static int cmd_show(Repl *r, char *args) {
  (void)args;
  show_board(r);
  return 0;
}

static int cmd_moves(Repl *r, char *args) {
  (void)args;
  list_moves(r);
  return 0;
}

static int cmd_tries(Repl *r, char *args) {
  (void)args;
  list_tries(r);
  return 0;
}

static int cmd_play(Repl *r, char *args) {
  if (play_moves(r, args) && r->interactive) show_board(r);
  return 0;
}

/* N decisions, each with the chance steps after it; in a hidden game the
** board shown next is the view of whoever decides then, after the
** hand-over screen if that is the other player. */
static int cmd_undo(Repl *r, char *args) {
  int before = game_decision(r->g).player;
  long k = *args ? strtol(args, NULL, 10) : 1;
  if (k < 1 || k > r->g->n) {
    say_error(r, "undo: %s", r->g->n ? "out of range" : "no moves to take back");
    return 0;
  }
  while (k-- && game_take_back(r->g) == 0) {}
  forget_messages(r);
  if (r->interactive && hiding(r)) {
    int after = game_decision(r->g).player;
    if (r->viewer < 0 && r->computer < 0 && after != before) hand_over(r, before, after);
    show_board(r);
  } else if (r->interactive) show_board(r);
  return 0;
}

static int cmd_view(Repl *r, char *args) {
  set_view(r, args);
  return 0;
}

static int cmd_messages(Repl *r, char *args) {
  print_messages(r, args);
  return 0;
}

static int cmd_fen(Repl *r, char *args) {
  if (*args) {
    if (new_game(r, r->g->v->source[0] ? r->g->v->source : r->g->v->name, args) == 0 && r->interactive)
      show_board(r);
  } else {
    char fen[4096];
    if (hiding(r)) view_fen(&r->g->pos, shown_player(r), fen, sizeof fen);
    else pos_fen(&r->g->pos, fen, sizeof fen);
    printf("%s\n", fen);
  }
  return 0;
}

/* new [VARIANT] and load VARIANT|FILE [SECTION]: a new game. */
static int new_or_load(Repl *r, char *args, int load) {
  if (load && !*args) {
    say_error(r, "load: expected a variant name or a script file%s", "");
    return 1;
  }
  char home[1100];
  if (*args == '~') { /* a script's path: ~ as the shell expands it */
    expand_path(args, home, sizeof home);
    args = home;
  }
  /* "load FILE.ini SECTION" is the section FILE.ini:SECTION */
  char ini[1100];
  const char *sp = strstr(args, ".ini ");
  if (sp && !strchr(sp + 5, ' ')) {
    snprintf(ini, sizeof ini, "%.*s:%s", (int)(sp + 4 - args), args, sp + 5);
    args = ini;
  }
  if (new_game(r, *args ? args : (r->g->v->source[0] ? r->g->v->source : r->g->v->name), NULL) == 0 &&
      r->interactive)
    show_board(r);
  return 0;
}

static int cmd_new(Repl *r, char *args) { return new_or_load(r, args, 0); }
static int cmd_load(Repl *r, char *args) { return new_or_load(r, args, 1); }

static int cmd_perft(Repl *r, char *args) {
  do_perft(r, args, 0);
  return 0;
}

static int cmd_divide(Repl *r, char *args) {
  do_perft(r, args, 1);
  return 0;
}

static int cmd_variants(Repl *r, char *args) {
  (void)args;
  cli_list(r->s, 0, NULL);
  return 0;
}

static int cmd_why(Repl *r, char *args) {
  do_why(r, args);
  return 0;
}

static int cmd_history(Repl *r, char *args) {
  (void)args;
  print_history(r);
  return 0;
}

static int cmd_flip(Repl *r, char *args) {
  do_flip(r, args);
  return 0;
}

static int cmd_letters(Repl *r, char *args) {
  do_letters(r, args);
  return 0;
}

static int cmd_reload(Repl *r, char *args) {
  (void)args;
  do_reload(r);
  return 0;
}

static int cmd_save(Repl *r, char *args) {
  do_save(r, args);
  return 0;
}

static int cmd_open(Repl *r, char *args) {
  do_open(r, args);
  return 0;
}

static int cmd_lua(Repl *r, char *args) {
  do_lua(r, args);
  return 0;
}

static int cmd_svg(Repl *r, char *args) {
  do_svg(r, args);
  return 0;
}

static int cmd_trace(Repl *r, char *args) {
  do_trace(r, args);
  return 0;
}

static int cmd_vs(Repl *r, char *args) {
  do_vs(r, args);
  return 0;
}

static int cmd_level(Repl *r, char *args) {
  do_level(r, args);
  return 0;
}

static int cmd_threads(Repl *r, char *args) {
  do_threads(r, args);
  return 0;
}

static int cmd_go(Repl *r, char *args) {
  (void)args;
  computer_plays(r, 1);
  if (r->interactive) show_board(r);
  return 0;
}

/* A command: its name, other words for it (space-separated), the lines
** it has in help (none: not listed there; two commands' lines may be
** one, given with the first), and what it runs (NULL: the word is played
** as a move, as the agreement actions are). */
struct ReplCommand {
  const char *name, *aliases, *help;
  int (*run)(Repl *r, char *args);
};

static const ReplCommand repl_commands[] = {
    {"show", "board d", "  show              draw the board\n", cmd_show},
    {"moves", NULL, "  moves             list the legal moves\n", cmd_moves},
    {"history", NULL, "  history           the moves so far, with move numbers\n", cmd_history},
    {"resign", NULL, "  resign            the player to move resigns\n", NULL},
    {"flip", NULL,
     "  flip [auto]       the board from the other side (auto: the side to\n"
     "                    move, between two people; yours, against the computer)\n", cmd_flip},
    {"letters", NULL, "  letters on|off    pieces as letters rather than chess glyphs\n", cmd_letters},
    {"play", NULL,
     "  play MOVE...      play moves in order (steps of a turn joined by\n"
     "                    commas: e2e4,e4f6)\n", cmd_play},
    {"offer", NULL, "  offer / accept / decline   end the game by agreement, where allowed\n", NULL},
    {"accept", NULL, NULL, NULL},
    {"decline", NULL, NULL, NULL},
    {"undo", NULL, "  undo [N]          take back N moves (default 1)\n", cmd_undo},
    {"fen", NULL, "  fen [FEN]         print the FEN, or set up a position\n", cmd_fen},
    {"new", NULL, "  new [VARIANT]     a new game, of another variant if named\n", cmd_new},
    {"load", NULL,
     "  load VARIANT|FILE a new game of that variant (a name or a script)\n"
     "  load FILE.ini SECTION  a section of a Fairy-Stockfish variant file\n", cmd_load},
    {"perft", NULL, "  perft D           count the move tree D plies deep\n", cmd_perft},
    {"divide", NULL, "  divide D          perft per root move\n", cmd_divide},
    {"view", NULL,
     "  view white|black|turn|all   whose view the board shows (all: the\n"
     "                    referee's, the truth); in games with hidden\n"
     "                    information the player on turn sees only their own\n", cmd_view},
    {"messages", NULL, "  messages [white|black]      the referee's announcements to a player\n", cmd_messages},
    {"tries", NULL, NULL, cmd_tries}, /* listed in the help of a hidden game */
    {"why", NULL, "  why MOVE          which rule refuses a move, in words\n", cmd_why},
    {"reload", NULL, "  reload            read the variant's script again and replay the game\n", cmd_reload},
    {"save", NULL, "  save FILE         save the game as PGN\n", cmd_save},
    {"open", NULL, "  open FILE [N]     game N (default 1) of a PGN file; lists a file's games\n", cmd_open},
    {"svg", NULL, "  svg FILE          the board as an SVG picture\n", cmd_svg},
    {"lua", NULL, "  lua CODE          run Lua with g as the current game (lua return g:fen())\n", cmd_lua},
    {"trace", NULL, "  trace on|off      print the variant's hook calls\n", cmd_trace},
    {"vs", NULL, "  vs computer [white|black|off]  play the computer (it answers at once)\n", cmd_vs},
    {"level", NULL, "  level N           the computer's search depth (default 3)\n", cmd_level},
    {"threads", NULL, "  threads N         the threads the computer searches with (default 1)\n", cmd_threads},
    {"go", NULL, "  go                the computer plays the current step\n", cmd_go},
    {"variants", NULL, "  variants          list the variants varia can load\n", cmd_variants},
    {"help", "?", "  help              this text\n", cmd_help},
    {"quit", "exit", "  quit              leave (Ctrl-D too)\n", cmd_quit},
    {NULL, NULL, NULL, NULL},
};

static const ReplCommand *commands_table(void) { return repl_commands; }

/* The command word names, by its name or one of its aliases; NULL if none. */
static const ReplCommand *find_command(const char *word) {
  size_t n = strlen(word);
  for (const ReplCommand *c = commands_table(); c->name; c++) {
    if (!strcmp(c->name, word)) return c;
    for (const char *a = c->aliases; a && *a; a += strcspn(a, " "), a += *a == ' ')
      if (strcspn(a, " ") == n && !strncmp(a, word, n)) return c;
  }
  return NULL;
}

static int cmd_help(Repl *r, char *args) {
  (void)args;
  fputs("Commands (a move on its own is played, in UCI e2e4 or SAN Nf3):\n", stdout);
  for (const ReplCommand *c = commands_table(); c->name; c++)
    if (c->help) fputs(c->help, stdout);
  help_for_variant(r);
  return 0;
}

/* Runs one command line; returns 0 to go on, 1 to quit. */
static int run_command(Repl *r, char *line) {
  while (isspace((unsigned char)*line)) line++;
  size_t n = strlen(line);
  while (n && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
  if (!*line || *line == '#') return 0;
  char *args = line;
  while (*args && !isspace((unsigned char)*args)) args++;
  if (*args) *args++ = '\0';
  while (isspace((unsigned char)*args)) args++;
  const char *cmd = line;
  size_t cmdlen = strlen(cmd);
  r->s->trace = r->trace && !hiding(r);

  const ReplCommand *c = find_command(cmd);
  if (c && c->run == cmd_quit) return 1;
  int before = game_decision(r->g).player, n_before = r->g->n;
  if (c && c->run) {
    if (c->run(r, args)) return 0;
  } else {
    /* Not a command (or an agreement action, played as a move): moves.
    ** The line is whole again (the space after the first word put back),
    ** however long. */
    if (*args) line[cmdlen] = ' ';
    int errors_before = r->errors;
    if (play_moves(r, line) && r->interactive && !hiding(r)) show_board(r);
    if (r->errors > errors_before && r->interactive) printf("(type help for the commands)\n");
  }
  /* Playing the computer: it answers at once. */
  if (r->computer >= 0 && r->g->n > n_before && game_decision(r->g).player == r->computer) {
    computer_plays(r, 0);
    if (r->interactive && !hiding(r)) show_board(r);
  }
  /* In a game with hidden information a move ends one player's turn at
  ** the terminal: hand over before the next player's board is shown. */
  int after = game_decision(r->g).player;
  if (r->interactive && hiding(r) && r->g->n > n_before) {
    if (r->viewer < 0 && r->computer < 0 && after != before && game_decision(r->g).kind != DECIDE_NONE)
      hand_over(r, before, after);
    show_board(r);
  }
  return 0;
}

/* Each command runs under lua_pcall: an error in it (a broken script, no
** memory) is reported and the REPL goes on with the game as it was. */
typedef struct Command {
  Repl *r;
  char *line;
  int quit;
} Command;

static int pcommand(lua_State *L) {
  Command *c = lua_touserdata(L, 1);
  c->quit = run_command(c->r, c->line);
  return 0;
}

/* The one static a signal handler needs (as in main.c): Ctrl-C interrupts
** the running command, and the next command catches Ctrl-C again. */
static Sandbox *interrupt_target;

static void on_interrupt(int sig) {
  signal(sig, SIG_DFL); /* a second Ctrl-C before the command ends: quit */
  if (interrupt_target) sandbox_interrupt(interrupt_target);
}

static int protected_command(Repl *r, char *line) {
  Command c = {r, line, 0};
  lua_State *L = r->s->L;
  int top = lua_gettop(L);
  sandbox_clear_interrupt(r->s);
  interrupt_target = r->s;
  signal(SIGINT, on_interrupt);
  /* A failure of the variant's rule hooks ends the command: said, and
  ** what the command added to the game taken back. */
  Game *g = r->g;
  int entries = g ? g->n : 0, nmsgs = g ? g->nmsgs : 0;
  if (g) rules_begin(g->v, L);
  lua_pushcfunction(L, pcommand);
  lua_pushlightuserdata(L, &c);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) say_error(r, "%s", lua_tostring(L, -1));
  if (g && r->g == g && rules_failed(g->v)) {
    if (g->n > entries) game_rollback(g, entries, nmsgs);
    say_error(r, "%s", rules_failed(g->v));
  }
  lua_settop(L, top);
  sandbox_clear_interrupt(r->s);
  return c.quit;
}

/* ---- nothing lost: one recovery file per game --------------------------
** After every command that changes the game, an interactive session writes
** its game as PGN to its own file in the recovery folder (write beside,
** then rename, so that a kill -9 leaves the last whole file), and holds a
** lock on a file beside it for as long as it runs. A normal quit removes
** both. The next interactive start offers the games whose lock nobody
** holds: sessions that ended without quitting. Another session running
** under the same $HOME keeps its own file and its game. */
static void recovery_dir(char *buf, size_t len) {
  const char *env = getenv("VARIA_RECOVERY"), *home = getenv("HOME");
  if (env && *env) snprintf(buf, len, "%s", env);
  else snprintf(buf, len, "%s/.varia_recovery", home && *home ? home : ".");
}

static void recovery_file(const char *id, const char *ext, char *buf, size_t len) {
  char dir[1024];
  recovery_dir(dir, sizeof dir);
  snprintf(buf, len, "%.1000s/%.63s.%.4s", dir, id, ext);
}

/* The lock of game id, or -1 when another session holds it (or it cannot
** be made). */
static int claim(const char *id) {
  char path[1200];
  recovery_file(id, "lock", path, sizeof path);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/* Removes game id's file and then its lock (in that order: a session that
** finds the file then finds the lock held). */
static void discard(const char *id, int lock) {
  char path[1200];
  recovery_file(id, "pgn", path, sizeof path);
  remove(path);
  recovery_file(id, "lock", path, sizeof path);
  remove(path);
  if (lock >= 0) close(lock);
}

static void recovery_warn(Repl *r, const char *what, const char *path, int e) {
  if (r->rec_warned++) return;
  printf("note: no recovery file for this game (cannot %s %s: %s)\n", what, path, strerror(e));
}

static void save_recovery(Repl *r) {
  char path[1200], err[4400];
  if (r->rec_lock < 0) {
    char dir[1024];
    recovery_dir(dir, sizeof dir);
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
      recovery_warn(r, "make", dir, errno);
      return;
    }
    snprintf(r->rec_id, sizeof r->rec_id, "%lld-%ld", (long long)time(NULL), (long)getpid());
    if ((r->rec_lock = claim(r->rec_id)) < 0) {
      recovery_file(r->rec_id, "lock", path, sizeof path);
      recovery_warn(r, "lock", path, errno);
      return;
    }
  }
  recovery_file(r->rec_id, "pgn", path, sizeof path);
  if (pgn_save(r->s->L, r->g, current_spec(r), r->seed, path, err, sizeof err) && !r->rec_warned++)
    printf("note: %s\n", err);
}

typedef struct LeftBehind {
  char id[64];
  time_t when;
  int lock;
} LeftBehind;

static int newest_first(const void *a, const void *b) {
  time_t x = ((const LeftBehind *)a)->when, y = ((const LeftBehind *)b)->when;
  return (x < y) - (x > y);
}

/* Offers the games left behind, newest first, each named by its variant,
** length and time; the first one resumed becomes this session's game (and
** keeps its file), the others wait for a later start. */
static void offer_recovery(Repl *r) {
  char dir[1024], path[1200], warn[1024], when[64];
  LeftBehind found[64];
  int n = 0;
  recovery_dir(dir, sizeof dir);
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && n < 64) {
    size_t len = strlen(e->d_name);
    if (len < 5 || len - 4 >= sizeof found[n].id || strcmp(e->d_name + len - 4, ".pgn")) continue;
    snprintf(found[n].id, sizeof found[n].id, "%.*s", (int)(len - 4), e->d_name);
    struct stat st;
    if ((found[n].lock = claim(found[n].id)) < 0) continue; /* a live session's game */
    recovery_file(found[n].id, "pgn", path, sizeof path);
    if (stat(path, &st) != 0) { /* its session quit meanwhile */
      discard(found[n].id, found[n].lock);
      continue;
    }
    found[n].when = st.st_mtime;
    n++;
  }
  closedir(d);
  qsort(found, (size_t)n, sizeof *found, newest_first);
  int resumed = 0, kept = 0;
  for (int i = 0; i < n; i++) {
    if (resumed) {
      close(found[i].lock);
      kept++;
      continue;
    }
    recovery_file(found[i].id, "pgn", path, sizeof path);
    Game *g = pgn_open(r->s->L, path, 1, 1, warn, sizeof warn);
    if (g && g->n == 0) { /* nothing was played: nothing to resume */
      lua_pop(r->s->L, 1);
      discard(found[i].id, found[i].lock);
      continue;
    }
    if (!g) {
      printf("A game left behind in %s cannot be resumed (%s); the file is kept.\n", path,
             lua_tostring(r->s->L, -1));
      lua_pop(r->s->L, 1);
      close(found[i].lock);
      continue;
    }
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime(&found[i].when));
    printf("An interrupted game was found: %s, %d step%s, last played %s.\n", g->v->name, g->n,
           g->n == 1 ? "" : "s", when);
    char ask[256];
    snprintf(ask, sizeof ask, "Resume this %s game (%d step%s, last played %s)? [Y]es, [n]o: delete it, "
             "[k]eep it for later: ", g->v->name, g->n, g->n == 1 ? "" : "s", when);
    char *answer = readline(ask);
    int choice = !answer ? 'k' : !*answer ? 'y' : tolower((unsigned char)answer[0]);
    free(answer);
    if (choice == 'y') {
      adopt_game(r);
      snprintf(r->rec_id, sizeof r->rec_id, "%.63s", found[i].id);
      r->rec_lock = found[i].lock;
      resumed = 1;
      printf("resumed %s after %d steps%s%s\n", r->g->v->name, r->g->n, warn[0] ? "; note: " : "", warn);
      continue;
    }
    lua_pop(r->s->L, 1);
    if (choice == 'n') discard(found[i].id, found[i].lock);
    else {
      close(found[i].lock);
      kept++;
    }
  }
  if (kept) printf("(%d interrupted game%s kept in %s, offered at the next start)\n", kept,
                   kept == 1 ? " is" : "s are", dir);
}

/* ---- completion: commands, variant names, squares, legal moves -------- */
static Repl *completing; /* readline's completion functions take no context */


static char *complete_word(const char *text, int state) {
  static int index;
  static char words[2048][16];
  static int nwords;
  if (!state) {
    index = 0;
    nwords = 0;
    const char *line = rl_line_buffer;
    int first = 1;
    for (const char *c = line; c < line + rl_point - strlen(text); c++)
      if (!isspace((unsigned char)*c)) first = 0;
    if (first)
      for (const ReplCommand *c = commands_table(); c->name; c++) snprintf(words[nwords++], 16, "%s", c->name);
    if (!strncmp(line, "load ", 5) || !strncmp(line, "new ", 4)) {
      lua_State *L = completing->s->L;
      script_list_variants(L);
      int n = (int)lua_rawlen(L, -1);
      for (int i = 1; i <= n && nwords < 2048; i++) {
        lua_rawgeti(L, -1, i);
        snprintf(words[nwords++], 16, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
    } else if (!strncmp(line, "view ", 5)) {
      const char *views[] = {"white", "black", "turn", "all"};
      for (int i = 0; i < 4; i++) snprintf(words[nwords++], 16, "%s", views[i]);
    } else if (!hiding(completing)) {
      /* legal moves of the current step, in UCI and SAN */
      Move list[MAX_MOVES];
      int n = gen_legal(&completing->g->pos, list);
      for (int i = 0; i < n && nwords + 2 < 2048; i++) {
        move_to_uci(&completing->g->pos, list[i], words[nwords++], 16);
        move_to_san(&completing->g->pos, list[i], words[nwords++], 16);
      }
    }
  }
  while (index < nwords) {
    const char *w = words[index++];
    if (!strncmp(w, text, strlen(text))) return strdup(w);
  }
  return NULL;
}

static char **complete(const char *text, int start, int end) {
  (void)start;
  (void)end;
  rl_attempted_completion_over = 1; /* no file names */
  return rl_completion_matches(text, complete_word);
}

/* The history file: $VARIA_HISTORY, or ~/.varia_history; none when
** VARIA_HISTORY is set but empty (or there is no $HOME). */
static char *history_path(void) {
  const char *env = getenv("VARIA_HISTORY"), *home = getenv("HOME");
  if (env) return *env ? strdup(env) : NULL;
  if (!home || !*home) return NULL;
  size_t n = strlen(home) + 32;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s/.varia_history", home);
  return p;
}

enum { HISTORY_LINES = 1000 };

/* The history file holds what its user typed: it is theirs alone (0600).
** It is created so; one found with bits for the group or others (as
** varia made it before, 0644) loses them, when it is a regular file of
** the user's (not a device such as /dev/null, not another user's file).
** With create, a missing file is made (append_history needs it). */
static void keep_history_private(const char *hist, int create) {
  int fd = open(hist, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
  if (fd < 0) return;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 077))
    fchmod(fd, st.st_mode & 07700); /* a file it cannot change stays as it was */
  close(fd);
}

/* Each line is added to the file as it is typed, so that a session that
** is killed keeps its lines, and two sessions interleave theirs. Only
** the lines of the open seat go to the file (hist is NULL for others). */
static void remember_line(const char *hist, const char *line) {
  add_history(line);
  if (!hist) return;
  keep_history_private(hist, 1);
  append_history(1, hist);
  history_truncate_file(hist, HISTORY_LINES);
}

/* Ctrl-C at the prompt clears the line being typed and gives a new
** prompt, as in bash; it never ends the session. Readline catches the
** signal, passes it to this handler, then calls the event hook (the read
** is interrupted: no SA_RESTART), where readline's functions may run. */
static volatile sig_atomic_t prompt_interrupted;

static void on_prompt_interrupt(int sig) {
  (void)sig;
  prompt_interrupted = 1;
}

static int clear_interrupted_line(void) {
  if (prompt_interrupted) {
    prompt_interrupted = 0;
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
  }
  return 0;
}

static char *read_command(const char *prompt) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_prompt_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  prompt_interrupted = 0;
  rl_signal_event_hook = clear_interrupted_line;
  return readline(prompt);
}

/* The next line from the pipe, as textio_line() reads it. The first one
** begins with *start when main() has read that much to see whether a GUI
** was speaking (at most a few bytes, a whole line when it ends in LF). */
static int pipe_line(const char **start, char *line, size_t cap, size_t *len) {
  const char *p = *start;
  *start = NULL;
  size_t k = p ? strlen(p) : 0;
  if (!k || k >= cap) return textio_line(stdin, line, cap, len);
  int whole = p[k - 1] == '\n', got = 1;
  size_t rest = 0;
  memcpy(line, p, k - whole);
  line[k - whole] = '\0';
  if (!whole && (got = textio_line(stdin, line + k, cap - k, &rest)) == 0) {
    got = 1; /* the input ends with these bytes */
    line[k] = '\0';
  }
  *len = k - whole + rest;
  size_t end = strlen(line);
  if (got > 0 && end && line[end - 1] == '\r') line[end - 1] = '\0'; /* CRLF, or CR before the rest */
  return got;
}

int repl_main(Sandbox *s, const char *variant, const char *open, uint64_t seed, const char *start) {
  Repl r = {.s = s, .interactive = isatty(0) && isatty(1), .game_ref = LUA_NOREF, .viewer = -1,
            .seed = seed, .computer = -1, .level = 3, .rec_lock = -1, .bottom = -1};
  if (new_game(&r, variant, NULL)) return 1;
  r.errors = 0;
  if (open) { /* the game asked for on the command line, or nothing */
    int interactive = r.interactive;
    r.interactive = 0; /* its board is shown with the greeting */
    do_open(&r, open);
    r.interactive = interactive;
    if (r.errors) return 1;
  }
  if (r.interactive) {
    char *hist = history_path();
    if (hist) {
      keep_history_private(hist, 0);
      read_history(hist);
    }
    completing = &r;
    rl_attempted_completion_function = complete;
    if (!open) offer_recovery(&r); /* a game asked for by name comes first */
    printf("varia %s - %s. Type help for the commands, quit to leave.\n",
           VARIA_VERSION, r.g->v->name);
    show_board(&r);
    for (;;) {
      char prompt[80];
      snprintf(prompt, sizeof prompt, "varia(%s)> ", r.g->v->name);
      take_seat(seat_at_prompt(&r));
      char *line = read_command(prompt);
      if (!line) {
        printf("\n");
        break;
      }
      if (*line) remember_line(seat_now == SEAT_OPEN ? hist : NULL, line);
      const Game *before = r.g;
      int n_before = r.g->n;
      int quit = protected_command(&r, line);
      free(line);
      if (quit) break;
      if (r.g != before || r.g->n != n_before) save_recovery(&r);
    }
    /* A normal end: nothing to recover. */
    if (r.rec_lock >= 0) discard(r.rec_id, r.rec_lock);
    forget_seats();
    free(hist);
    return 0;
  }
  /* Whole lines only: a line too long for the buffer is refused whole,
  ** never cut into a command and a tail that would run as another. */
  enum { LINE_MAX_BYTES = 1 << 16 };
  char *line = malloc(LINE_MAX_BYTES);
  size_t len;
  long lineno = 0;
  int got;
  if (!line) {
    say_error(&r, "varia: %s", "not enough memory");
    return 1;
  }
  while ((got = pipe_line(&start, line, LINE_MAX_BYTES, &len)) != 0) {
    lineno++;
    if (got < 0) {
      char msg[160];
      snprintf(msg, sizeof msg, "line %ld: %zu characters, more than the %d a line may have; not run",
               lineno, len, LINE_MAX_BYTES - 1);
      say_error(&r, "%s", msg);
      continue;
    }
    if (protected_command(&r, line)) break;
  }
  free(line);
  return r.errors ? 1 : 0;
}
