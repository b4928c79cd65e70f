#!/usr/bin/env python3
"""The REPL at a terminal: drives ./varia through a pseudo-terminal (send
keys, read the screen) for what a pipe cannot show: tab completion, Ctrl-C,
the hand-over screen, colours, and the recovery file surviving kill -9.
Prints each failure and ends with 'N passed, N failed'."""
import os, pty, re, select, signal, sys, tempfile, time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
VARIA = os.path.join(ROOT, "varia")
passed = failed = 0


class Term:
    def __init__(self, args, env_extra=None):
        self.home = tempfile.mkdtemp()
        env = dict(os.environ, TERM="xterm", HOME=self.home,
                   VARIA_RECOVERY=os.path.join(self.home, "recovery"))
        env.pop("NO_COLOR", None)
        env.update(env_extra or {})
        self.env = env
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execve(VARIA, [VARIA] + args, env)
        self.out = ""

    def read(self, timeout=0.5):
        end = time.time() + timeout
        while time.time() < end:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                self.out += data.decode("utf-8", "replace")
        return self.out

    def wait_for(self, pattern, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            if re.search(pattern, self.out):
                return True
            self.read(0.1)
        return bool(re.search(pattern, self.out))

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + name + (": " + detail[-600:] if detail else ""))


# Tab completion: commands, variant names, legal moves.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("lo\t")
check("completes a command", t.wait_for(r"load $", 5) or t.wait_for(r"load ", 5), t.out)
t.send("capab\t\n")
check("completes a variant name", t.wait_for(r"varia\(capablanca\)> ", 5), t.out)
t.send("new chess\n")
t.wait_for(r"varia\(chess\)> ")
t.out = ""
t.send("Nf\t\n")
check("completes a move", t.wait_for(r"5N2", 5), t.out)
# every command completes, from the one table that dispatches them (vs,
# level and go once did not)
t.out = ""
t.send("lev\t 2\n")
check("completes level", t.wait_for(r"level 2", 5) and "illegal" not in t.out and "neither" not in t.out, t.out)
t.close()

# Ctrl-C stops a long perft and the REPL goes on.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("perft 9\n")
time.sleep(0.8)
t.send("\x03")
check("Ctrl-C interrupts perft", t.wait_for(r"interrupted", 10), t.out)
t.out = ""
t.send("perft 2\n")
check("the REPL goes on after Ctrl-C", t.wait_for(r"Nodes searched: 400", 10), t.out)
t.close()

# The first Ctrl-C stops trusted code that catches the errors of nested
# calls into scripts: no nested call uses the interrupt up.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("lua while true do pcall(varia.load, 'chess') end\n")
time.sleep(0.8)
t.send("\x03")
check("the first Ctrl-C stops a loop around nested script calls",
      t.wait_for(r"interrupted", 10), t.out)
t.out = ""
t.send("perft 2\n")
check("the REPL goes on after stopping nested calls",
      t.wait_for(r"Nodes searched: 400", 10), t.out)
t.close()

# Ctrl-C during the computer's search: the move of a search cut short is
# not played, and the game is as it was.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("level 20\n")
t.wait_for(r"level 20")
t.send("go\n")
time.sleep(1.0)
t.send("\x03")
check("Ctrl-C stops the computer's search", t.wait_for(r"interrupted", 10), t.out)
t.out = ""
t.send("fen\n")
check("the game is as it was after Ctrl-C in a search",
      t.wait_for(r"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 10), t.out)
t.close()

# Colours and Unicode on a terminal; plain ASCII with NO_COLOR.
t = Term([])
check("a coloured Unicode board", t.wait_for("\u265a", 5) and "\033[48;5;" in t.out, t.out)
t.close()
t = Term([], {"NO_COLOR": "1"})
t.wait_for(r"varia\(chess\)> ")
check("NO_COLOR: plain ASCII", "\033[48;5;" not in t.out and " K " in t.out, t.out)
t.close()

# The hand-over screen between the players of a hidden game.
t = Term(["kriegspiel"])
t.wait_for(r"varia\(kriegspiel\)> ")
check("White sees only White's pieces", "White's view: ????????/" in t.out, t.out)
t.send("e2e4\n")
check("hand-over prompt", t.wait_for(r"White: press Enter, then hand the terminal to Black", 5), t.out)
t.send("\n")
check("the screen is cleared", t.wait_for(r"\033\[2J", 5), t.out)
check("Black is asked to take over", t.wait_for(r"Black: press Enter to see your board", 5), t.out)
t.out = ""
t.send("\n")
check("Black's view after the hand-over", t.wait_for(r"Black's view: rnbqkbnr/pppppppp/\?{8}", 5), t.out)
check("no White piece on Black's screen", "PPPP" not in t.out, t.out)
t.close()

# A hidden game shares no history between its players (issue 27, item
# 11): from the hand-over on, the Up arrow recalls only the lines of the
# player at the keyboard; the hand-over clears the scrollback too; no
# line of the game goes to the history file.
t = Term(["kriegspiel"])
t.wait_for(r"varia\(kriegspiel\)> ")
t.send("e2e4\n")
t.wait_for(r"hand the terminal to Black")
t.out = ""
t.send("\n")
check("the hand-over clears the scrollback", t.wait_for(r"\033\[3J", 5), t.out)
t.wait_for(r"Black: press Enter to see your board")
t.out = ""
t.send("\x1b[A")  # Up
t.read(0.5)
check("Up at Black's hand-over prompt recalls nothing of White's", "e2e4" not in t.out, t.out)
t.send("\x15\n")  # Ctrl-U, Enter
t.wait_for(r"Black's view: ")
t.wait_for(r"varia\(kriegspiel\)> $")
t.out = ""
t.send("\x1b[A")
t.read(0.5)
check("Up at Black's prompt recalls nothing of White's", "e2e4" not in t.out, t.out)
t.send("\x15e7e5\n")
t.wait_for(r"hand the terminal to White")
t.send("\n")
t.wait_for(r"White: press Enter to see your board")
t.send("\n")
t.wait_for(r"White's view: ")
t.wait_for(r"varia\(kriegspiel\)> $")
t.out = ""
t.send("\x1b[A")
check("Up at White's prompt recalls White's own move, not Black's",
      t.wait_for(r"e2e4", 5) and "e7e5" not in t.out, t.out)
t.send("\x15quit\n")
time.sleep(0.3)
hist = os.path.join(t.home, ".varia_history")
text = open(hist).read() if os.path.exists(hist) else ""
check("no line of a hidden game in the history file", "e2e4" not in text and "e7e5" not in text, text)
t.close()

# Undo in a hidden game: the board shown next is the view of whoever
# decides then, after the hand-over screen (never the other player's board
# on the screen of the player who typed undo).
t = Term(["kriegspiel"])
t.wait_for(r"varia\(kriegspiel\)> ")
t.send("e2e4\n")
t.wait_for(r"hand the terminal to Black")
t.send("\n")
t.wait_for(r"Black: press Enter to see your board")
t.send("\n")
t.wait_for(r"Black's view: ")
t.wait_for(r"varia\(kriegspiel\)> $")
t.out = ""
t.send("undo\n")
check("undo goes through the hand-over screen",
      t.wait_for(r"Black: press Enter, then hand the terminal to White", 5), t.out)
check("no White piece before the hand-over", "PPPP" not in t.out, t.out)
t.send("\n")
t.wait_for(r"White: press Enter to see your board")
t.send("\n")
check("White's view after the hand-over", t.wait_for(r"White's view: \?{8}/.*PPPPPPPP/RNBQKBNR w", 5), t.out)
t.close()

# The seed deals every card to come: not printed to the players; the
# referee's view, entered only after a warning, shows it, and is left
# through the hand-over screen.
t = Term(["unbland"])
t.wait_for(r"varia\(unbland\)> ")
check("no seed on a player's screen", "(seed" not in t.out, t.out)
t.out = ""
t.send("view all\n")
check("the referee's view warns first", t.wait_for(r"Only the referee may see the screen now. Show it\? \[y/N\] ", 5), t.out)
t.send("n\n")
check("and shows nothing unless told yes", t.wait_for(r"the view stays White.s", 5) and "(seed" not in t.out, t.out)
t.out = ""
t.send("view all\n")
t.wait_for(r"Show it\?")
t.send("y\n")
check("the referee sees the seed", t.wait_for(r"\(seed \d+: \S*varia --seed \d+ unbland deals the same cards\)", 5), t.out)
t.out = ""
t.send("view turn\n")
check("leaving the referee's view hands over",
      t.wait_for(r"Referee: press Enter, then hand the terminal to White", 5), t.out)
t.close()


# The hidden games at the terminal (issue 16, item 5). Kriegspiel: a
# player lists their own tries, which show nothing of the other side;
# moves stays refused and points to tries.
t = Term(["kriegspiel"])
t.wait_for(r"varia\(kriegspiel\)> ")
t.out = ""
t.send("tries\n")
check("tries lists White's conceivable tries",
      t.wait_for(r"34 tries White could make knowing only White's own pieces", 5) and "e2e4" in t.out
      and "b1c3" in t.out, t.out)
check("and nothing of Black's", "e7e5" not in t.out and "b8c6" not in t.out, t.out)
t.out = ""
t.send("moves\n")
check("moves is refused and points to tries",
      t.wait_for(r"moves would show what the players may not see", 5) and
      t.wait_for(r"\(tries lists the moves you could try\)", 5), t.out)
t.out = ""
t.send("help\n")
check("help lists tries for a hidden board", t.wait_for(r"tries +the moves you could try knowing only your pieces", 5), t.out)
t.send("e2e4\n")
t.wait_for(r"hand the terminal to Black")
t.send("\n")
t.wait_for(r"Black: press Enter to see your board")
t.send("\n")
t.wait_for(r"Black's view: ")
t.wait_for(r"varia\(kriegspiel\)> $")
t.out = ""
t.send("tries\n")
check("after the hand-over, Black's tries", t.wait_for(r"34 tries Black could make", 5) and "e7e5" in t.out
      and "e2e4" not in t.out, t.out)
t.close()

# Unbland: the card syntax in help and under the board, marked pieces on
# the board, and the opponent told of a card play. With seed 1 White holds
# a 1 and a 6: cards:f1 (file card 6, rank card 1) marks the f1 bishop.
t = Term(["--seed", "1", "unbland"])
t.wait_for(r"varia\(unbland\)> ")
check("the prompt's hint gives the card syntax and the squares the hand names",
      re.search(r"cards:e3 plays 5 and 3; yours now: cards:f1\)", t.out), t.out)
t.out = ""
t.send("help\n")
check("help gives the card syntax", t.wait_for(r"cards:e3 +the file card \(1 = a, here 5\) and the rank card", 5)
      and t.wait_for(r"a rook there is turned into an upside-down rook", 5)
      and t.wait_for(r"never on a knight", 5), t.out)
t.send("cards:f1\n")
check("hand-over after a card play", t.wait_for(r"White: press Enter, then hand the terminal to Black", 5), t.out)
t.send("\n")
t.wait_for(r"Black: press Enter to see your board")
t.out = ""
t.send("\n")
check("Black is told of the card play",
      t.wait_for(r"referee: White played the cards 6 and 1 on f1: the bishop there loses its diagonal moves", 5), t.out)
# (the glyph is the solid one for both sides: the REPL's colours tell them apart)
check("the marked bishop is drawn marked", re.search("[\u2657\u265d]'", t.out) is not None, t.out)
check("and listed under the board", "marked ' (no more diagonal moves): f1" in t.out, t.out)
svg = os.path.join(t.home, "u.svg")
t.send("svg %s\n" % svg)
t.wait_for(r"wrote ")
with open(svg) as f:
    drawn = f.read()
check("the SVG marks the bishop", drawn.count('class="mark"') == 1 and 'cx="304" cy="344"' in drawn, drawn[-400:])
t.close()
t = Term(["--seed", "1", "unbland"], {"NO_COLOR": "1"})
t.wait_for(r"varia\(unbland\)> ")
t.send("cards:f1\n")
t.wait_for(r"hand the terminal to Black")
t.send("\n")
t.wait_for(r"Black: press Enter to see your board")
t.out = ""
t.send("\n")
# (Black sees the board from its side at a terminal: h1 first)
check("in plain ASCII, a mark after the letter", t.wait_for(r" K  B' N  R| N  B' K  Q", 5), t.out)
t.close()


# open asks before running the script a PGN names as its variant.
t = Term([])
script = os.path.join(t.home, "mine.lua")
with open(script, "w") as f:
    f.write('local std = require "std"\nreturn std.extend(std.chess, { name = "mine" })\n')
with open(os.path.join(t.home, "g.pgn"), "w") as f:
    f.write('[Variant "%s"]\n\n1. e4 *\n' % script)
t.wait_for(r"varia\(chess\)> ")
t.send("open %s\n" % os.path.join(t.home, "g.pgn"))
check("open names the script and asks", t.wait_for(r"Run that script\? \[y/N\] ", 5) and re.search(r"is a game of the variant in the script \S*mine\.lua\.", t.out), t.out)
t.send("n\n")
check("no means not opened", t.wait_for(r"not opened", 5) and "varia(mine)" not in t.out, t.out)
t.send("open %s\n" % os.path.join(t.home, "g.pgn"))
t.wait_for(r"Run that script\?")
t.send("y\n")
check("yes opens it", t.wait_for(r"varia\(mine\)> ", 5), t.out)
t.close()


def recovery_files(home):
    d = os.path.join(home, "recovery")
    return sorted(f for f in os.listdir(d) if f.endswith(".pgn")) if os.path.isdir(d) else []


# The recovery file survives kill -9, and the next start resumes the game.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("e4\n")
t.wait_for(r"Black to move")
t.send("e5\n")
t.wait_for(r"White to move")
time.sleep(0.3)
home = t.home
t.close()  # kill -9
check("the recovery file exists", len(recovery_files(home)) == 1, str(recovery_files(home)))
t = Term([], {"HOME": home, "VARIA_RECOVERY": os.path.join(home, "recovery")})
check("the next start offers to resume, naming the game",
      t.wait_for(r"An interrupted game was found: chess, 2 steps, last played \d{4}-\d\d-\d\d \d\d:\d\d", 5), t.out)
check("the resume prompt says which game it resumes",
      t.wait_for(r"Resume this chess game \(2 steps, last played \d{4}-\d\d-\d\d \d\d:\d\d\)\? \[Y\]es", 5), t.out)
t.send("y\n")
check("the game resumes", t.wait_for(r"resumed chess after 2 steps", 5), t.out)
t.out = ""
t.send("fen\n")
check("where it was", t.wait_for(r"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 5), t.out)
t.send("quit\n")
time.sleep(0.5)
t.close()
check("a normal quit removes it", recovery_files(home) == [], str(recovery_files(home)))

# Two sessions under one $HOME: each game has its own file. One's quit
# leaves the other's game; a start does not offer a game still being played.
home = tempfile.mkdtemp()
env = {"HOME": home, "VARIA_RECOVERY": os.path.join(home, "recovery")}
a = Term([], env)
a.wait_for(r"varia\(chess\)> ")
a.send("e4\n")
a.wait_for(r"Black to move")
b = Term(["capablanca"], env)
check("a live session's game is not offered", b.wait_for(r"varia\(capablanca\)> ", 5) and
      "interrupted game" not in b.out, b.out)
b.send("e4\n")
b.wait_for(r"Black to move")
time.sleep(0.3)
check("two sessions, two recovery files", len(recovery_files(home)) == 2, str(recovery_files(home)))
a.send("quit\n")
time.sleep(0.5)
a.close()
check("one session's quit keeps the other's game", len(recovery_files(home)) == 1, str(recovery_files(home)))
b.close()  # kill -9
c = Term([], env)
check("the game left behind is offered", c.wait_for(r"interrupted game was found: capablanca, 1 step", 5), c.out)
c.send("k\n")
check("kept for later", c.wait_for(r"1 interrupted game is kept", 5), c.out)
c.send("quit\n")
time.sleep(0.5)
c.close()
check("a kept game stays", len(recovery_files(home)) == 1, str(recovery_files(home)))
c = Term([], env)
c.wait_for(r"interrupted game was found")
c.send("n\n")
c.wait_for(r"varia\(chess\)> ")
c.send("quit\n")
time.sleep(0.5)
c.close()
check("a declined game is deleted", recovery_files(home) == [], str(recovery_files(home)))

# A game left behind with no moves (a move, then undone) is not offered:
# there is nothing to resume, and its file goes.
home = tempfile.mkdtemp()
env = {"HOME": home, "VARIA_RECOVERY": os.path.join(home, "recovery")}
t = Term([], env)
t.wait_for(r"varia\(chess\)> ")
t.send("e4\n")
t.wait_for(r"Black to move")
t.send("undo\n")
t.wait_for(r"White to move")
time.sleep(0.3)
t.close()  # kill -9
check("a game undone to no moves leaves its file", len(recovery_files(home)) == 1, str(recovery_files(home)))
t = Term([], env)
check("a game with no moves is not offered", t.wait_for(r"varia\(chess\)> ", 5) and
      "interrupted game" not in t.out and "Resume" not in t.out, t.out)
check("and its file is gone", recovery_files(home) == [], str(recovery_files(home)))
t.send("quit\n")
time.sleep(0.5)
t.close()

# varia match at a terminal: a progress line on standard error (games
# done, running, time), and Ctrl-C ends the match with its final score.
m = Term(["match", "--st", "0.05", "--games", "4", "--max-plies", "400", "varia", "varia"])
check("match: a progress line at a terminal", m.wait_for(r"\[0/4 games, 1 running, 0:0\d\]", 10), m.out)
m.wait_for(r"Finished game 1", 60)
os.kill(m.pid, signal.SIGINT)
check("match: Ctrl-C prints the final score", m.wait_for(r"Interrupted\.\r?\nFinal: Score of varia vs varia#2: ", 20), m.out)
m.close()
# varia analyze: a progress bar with the time left, at a terminal only
t = Term(["analyze", "chess", "--games", "4", "--depth", "1", "--max-plies", "40"])
check("analyze: a progress bar at a terminal",
      t.wait_for(r"\[#+\.*\] \d/4 games, ETA \d+:\d\d", 20), t.out)
check("analyze: the report follows", t.wait_for(r"first-player score", 20), t.out)
# varia tune: the games of every round and the time left, at a terminal
tune_out = os.path.join(tempfile.mkdtemp(), "g.lua")
t = Term(["tune", "gardner", "--games", "4", "--depth", "1", "--iterations", "2", "--out", tune_out])
check("tune: progress with an ETA at a terminal", t.wait_for(r"tune: \d/8 games, ETA \d+:\d\d", 20), t.out)
check("tune: the report follows", t.wait_for(r"written to " + re.escape(tune_out), 30), t.out)
t.close()
# The REPL's habits.
# Ctrl-C at the prompt clears the line as in bash, and never quits.
t = Term([])
t.wait_for(r"varia\(chess\)> ")
t.send("Nf")
time.sleep(0.3)
t.send("\x03")
time.sleep(0.3)
t.out = ""
t.send("fen\n")
check("Ctrl-C clears the line", t.wait_for(r"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5)
      and "Nffen" not in t.out and "illegal" not in t.out, t.out)
t.send("\x03")
time.sleep(0.3)
t.send("\x03")
time.sleep(0.3)
t.out = ""
t.send("e4\n")
check("Ctrl-C twice at the prompt does not quit", t.wait_for(r"Black to move", 5), t.out)
t.send("\x03")
t.send("perft 7\n")
time.sleep(1)
t.send("\x03")
check("Ctrl-C still interrupts a command after Ctrl-C at the prompt", t.wait_for(r"interrupted", 10), t.out)
# The history file grows with each line, not only at a normal quit.
hist = os.path.join(t.home, ".varia_history")
check("history is saved as it grows", os.path.exists(hist) and "e4" in open(hist).read() and "fen" in open(hist).read(),
      open(hist).read() if os.path.exists(hist) else "no file")
check("the history file is private (0600)", os.path.exists(hist) and os.stat(hist).st_mode & 0o777 == 0o600,
      oct(os.stat(hist).st_mode) if os.path.exists(hist) else "no file")
# The board: Black sees it from its side in a hot-seat game; flip turns it;
# White's pieces bold bright white (they were faint outlines in xterm).
t.out = ""
t.send("show\n")
check("Black's turn: the board from Black's side", t.wait_for(r" h  g  f  e  d  c  b  a", 5), t.out)
t.out = ""
t.send("flip\n")
check("flip turns it", t.wait_for(r"the board shows White at the bottom", 5) and t.wait_for(r" a  b  c  d  e  f  g  h", 5), t.out)
check("White's pieces in bright white", "\033[48;5;137;1;38;5;231m \u265c" in t.out or "1;38;5;231m \u265c" in t.out, t.out)
t.out = ""
t.send("letters on\n")
check("letters instead of glyphs", t.wait_for(r"1;38;5;231m R ", 5) and "\u265c" not in t.out, t.out)
t.send("quit\n")
time.sleep(0.3)
t.close()
# VARIA_HISTORY names the file; set empty, no history is kept.
t = Term([], {"VARIA_HISTORY": ""})
t.wait_for(r"varia\(chess\)> ")
t.send("e4\n")
t.wait_for(r"Black to move")
t.send("quit\n")
time.sleep(0.3)
check("VARIA_HISTORY empty keeps no history", not os.path.exists(os.path.join(t.home, ".varia_history")), t.out)
t.close()
other = os.path.join(tempfile.mkdtemp(), "hist")
t = Term([], {"VARIA_HISTORY": other})
t.wait_for(r"varia\(chess\)> ")
t.send("d4\n")
t.wait_for(r"Black to move")
time.sleep(0.3)
check("VARIA_HISTORY names the file", os.path.exists(other) and "d4" in open(other).read(), t.out)
t.close()
# A history file varia made readable by others (0644, before issue 27)
# is made private when a session starts, and keeps its lines.
loose = os.path.join(tempfile.mkdtemp(), "hist")
with open(loose, "w") as f:
    f.write("c4\n")
os.chmod(loose, 0o644)
t = Term([], {"VARIA_HISTORY": loose})
t.wait_for(r"varia\(chess\)> ")
check("a loose history file is made private", os.stat(loose).st_mode & 0o777 == 0o600, oct(os.stat(loose).st_mode))
t.send("\x1b[A")
check("and keeps its lines", t.wait_for(r"c4", 5), t.out)
t.close()

# A hook that raises in the position `fen` sets up: an error with the
# hook's file:line, never "Game over: draw (stalemate)", and the game that
# was there stays.
t = Term(["tests/hostile/hook_raises.lua"])
t.wait_for(r"varia\(hook-raises\)> ")
t.out = ""
t.send("fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")
check("fen: a raising hook is an error with its file:line",
      t.wait_for(r"hook_raises\.lua:9: the hook refuses move 2", 5) and "stalemate" not in t.out, t.out)
t.out = ""
t.send("fen\n")
check("fen: the game that was there stays",
      t.wait_for(r"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5), t.out)
t.close()

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
