#!/usr/bin/env python3
"""varia serve over HTTP: a server on a free port (--port 0), driven with
urllib and http.client. Legal play goes through; illegal, malformed,
oversized, unauthorised and wrong-method requests get a clear error and
leave the game as it was; in Kriegspiel with --players nothing one player
receives shows the other's hidden pieces.

Usage: tests/run-serve.py [--wrap 'valgrind ...']   (the server is started
under the wrapper: run-valgrind.sh runs this suite under memcheck)
Ends with 'N passed, N failed'."""
import http.client
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "varia")
WRAP = []
if len(sys.argv) > 2 and sys.argv[1] == "--wrap":
    WRAP = shlex.split(sys.argv[2])
passed = failed = 0
wrap_failed = False


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok   " + name)
    else:
        failed += 1
        print("FAIL " + name + (": " + str(detail)[:600] if detail else ""))


class Server:
    """A varia serve process; its links parsed from what it prints."""

    def __init__(self, *args):
        self.p = subprocess.Popen(WRAP + [VARIA, "serve", "--port", "0"] + list(args),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.links = {}
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("varia serve ended: " + self.p.stderr.read())
            m = re.match(r"(starter|white|black): (http://[^/]+)/\?t=([0-9a-f]{32})$", line.strip())
            if m:
                self.base = m.group(2)
                self.links[m.group(1)] = m.group(3)
            if line.startswith("Ctrl-C"):
                break
        self.host = self.base[len("http://"):]

    def stop(self):
        """SIGTERM: the server stops cleanly; returns its status and stderr."""
        self.p.send_signal(signal.SIGTERM)
        try:
            out, err = self.p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            out, err = self.p.communicate()
            return -1, "did not stop on SIGTERM"
        if self.p.returncode == 9 and WRAP:  # the wrapper's findings, for run-valgrind.sh
            global wrap_failed
            wrap_failed = True
            print("\n".join(l for l in err.splitlines() if l.startswith("==")))
        return self.p.returncode, (out or "") + (err or "")

    def raw(self, method, path, body=None, token=None, headers=None):
        """Returns (status, headers, body bytes)."""
        c = http.client.HTTPConnection(self.host, timeout=120)
        h = dict(headers or {})
        if token:
            h["X-Varia-Token"] = token
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, dict(r.getheaders()), data

    def api(self, method, path, obj=None, token=None, body=None):
        """Returns (status, decoded JSON, raw text)."""
        if obj is not None:
            body = json.dumps(obj).encode()
        status, _, data = self.raw(method, path, body, token)
        text = data.decode("utf-8")
        try:
            return status, json.loads(text), text
        except ValueError:
            return status, None, text


def chess_suite():
    s = Server("chess")
    t = s.links["starter"]
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("state: the start, 20 moves", st == 200 and len(d["moves"]) == 20 and d["files"] == 8, d)
    check("state: the board from a1", d["board"][0] == "wr" and d["board"][4] == "wk" and d["board"][60] == "bk", d["board"])
    start_fen, v0 = d["fen"], d["version"]
    st, d, _ = s.api("GET", "/api/state?t=" + t)
    check("the token in the query works too", st == 200 and d["fen"] == start_fen)
    st, d, _ = s.api("POST", "/api/play", {"move": "e2e4"}, t)
    check("play e2e4", st == 200 and d["ok"] and d["state"]["history"] == ["1. e4"] and d["state"]["version"] == v0 + 1, d)
    check("the last move is marked", d["state"].get("last") == ["e2", "e4"], d["state"].get("last"))
    st, d, _ = s.api("POST", "/api/play", {"move": "Nf6"}, t)
    check("play SAN", st == 200 and d["state"]["history"] == ["1. e4", "Nf6"], d)
    after = s.api("GET", "/api/state", token=t)[1]

    def unchanged(name):
        now = s.api("GET", "/api/state", token=t)[1]
        check(name + ": the game is unchanged", now["fen"] == after["fen"] and now["version"] == after["version"]
              and now["history"] == after["history"], now)

    st, d, _ = s.api("POST", "/api/play", {"move": "e4e6"}, t)
    check("an illegal move: 422 with why", st == 422 and "illegal" in d["error"] and d.get("why"), d)
    unchanged("illegal move")
    st, d, _ = s.api("POST", "/api/play", {"move": "zz9"}, t)
    check("nonsense: 422", st == 422 and d["error"], d)
    unchanged("nonsense")
    bad_bodies = [b'{"move":', b'[1]', b'{"move":1}', b'{"move":"d2d4","x":1}', b'nul', b'{"move":"\\u0000"}',
                  b'{"move":"d2\xff"}', b'{"move":"d2d4","move":"d2d3"}', b'{"move":"d2d4"} x', b'{"move":"\\ud800"}',
                  b'{"move":{"a":1}}', b'{"move":"d2d4",}', b'{"move":"\x01"}', b'"d2d4"', b'{"move":1e5}',
                  b'{"move":"\xed\xa0\x80"}', b'{"move":"\xc0\xaf"}', b'{"move":"\xf4\x90\x80\x80"}']
    for body in bad_bodies:
        st, d, _ = s.api("POST", "/api/play", token=t, body=body)
        check("malformed body %r: 400 with a message" % body[:20], st == 400 and d and d.get("error"), (st, d))
    unchanged("malformed bodies")
    st, d, _ = s.api("POST", "/api/play", token=t, body=b'{"move":"' + b"d" * 200000 + b'"}')
    check("a huge body: 413", st == 413 and "larger than" in d["error"], (st, d))
    st, d, _ = s.api("POST", "/api/play", {"move": "d2d4" * 100}, t)
    check("a long move: 400", st == 400, (st, d))
    unchanged("huge and long bodies")
    st, d, _ = s.api("POST", "/api/play", {"move": "d2d4"})
    check("no token: 403", st == 403 and "token" in d["error"], (st, d))
    st, d, _ = s.api("POST", "/api/play", {"move": "d2d4"}, "0" * 32)
    check("a wrong token: 403", st == 403, (st, d))
    st, d, _ = s.api("POST", "/api/play", {"move": "d2d4"}, t[:-1] + ("0" if t[-1] != "0" else "1"))
    check("a token one digit off: 403", st == 403, (st, d))
    st, d, _ = s.api("GET", "/api/play", token=t)
    check("GET of a POST call: 405", st == 405, (st, d))
    st, d, _ = s.api("POST", "/api/state", {}, t)
    check("POST of a GET call: 405", st == 405, (st, d))
    st, d, _ = s.api("GET", "/api/nosuch", token=t)
    check("an unknown call: 404", st == 404, (st, d))
    st, d, _ = s.api("GET", "/api/state?as=nobody", token=t)
    check("a bad ?as=: 400", st == 400, (st, d))
    unchanged("refused requests")
    st, d, _ = s.api("GET", "/api/moves?square=d2", token=t)
    check("moves of a square", st == 200 and sorted(m["uci"] for m in d["moves"]) == ["d2d3", "d2d4"], d)
    st, d, _ = s.api("GET", "/api/moves?square=z99", token=t)
    check("moves of no square: 400", st == 400, d)
    st, d, _ = s.api("POST", "/api/why", {"move": "Ke1e3"}, t)
    check("why", st == 200 and not d["legal"] and d["why"], d)
    st, d, _ = s.api("GET", "/api/perft?depth=2", token=t)
    check("perft 2 after 1. e4 Nf6 (as varia perft --fen)", st == 200 and d["nodes"] == 654, d)
    st, d, _ = s.api("GET", "/api/perft?depth=1&divide=1", token=t)
    check("divide 1", st == 200 and d["nodes"] == 30 and len(d["divide"]) == 30 and all(m["nodes"] == 1 for m in d["divide"]), d)
    for bad in ("0", "6", "x", ""):
        st, d, _ = s.api("GET", "/api/perft?depth=" + bad, token=t)
        check("perft depth %r: 400" % bad, st == 400, d)
    st, d, _ = s.api("GET", "/api/diagram?piece=N&square=d4", token=t)
    check("diagram of a knight on d4", st == 200 and sorted(d["to"]) == ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
          and d["board"].count("") == 61, d)
    st, d, _ = s.api("GET", "/api/diagram?piece=p&square=e7", token=t)
    check("diagram of a black pawn on e7", st == 200 and sorted(d["to"]) == ["e5", "e6"], d)
    for bad in ("piece=x&square=d4", "piece=NN&square=d4", "square=d4", "piece=N&square=i9", "piece=N"):
        st, d, _ = s.api("GET", "/api/diagram?" + bad, token=t)
        check("diagram %s: 400" % bad, st == 400 and d["error"], d)
    st, d, _ = s.api("GET", "/api/pgn", token=t)
    # orthodox chess from its start: plain PGN, no [Variant], [FEN] or [SetUp]
    check("PGN", st == 200 and "1. e4 Nf6" in _ and "[Variant" not in _ and "[FEN" not in _
          and "[SetUp" not in _, _)
    st, h, _ = s.raw("GET", "/api/pgn", token=t)
    check("PGN is a download", "attachment" in h.get("Content-Disposition", ""), h)
    st, d, _ = s.api("POST", "/api/undo", {}, t)
    check("undo", st == 200 and d["state"]["history"] == ["1. e4"], d)
    st, d, _ = s.api("POST", "/api/computer", {"level": 2}, t)
    check("the computer plays", st == 200 and len(d["state"]["history"]) == 2 and d["played"], d)
    st, d, _ = s.api("POST", "/api/computer", {"level": 99}, t)
    check("a bad level: 400", st == 400, d)
    st, d, _ = s.api("POST", "/api/computer", {"level": 1, "side": "black"}, t)
    check("the computer for a side whose turn it is not: 409", st == 409, d)
    st, d, _ = s.api("POST", "/api/computer", {"level": 1, "side": "red"}, t)
    check("the computer for no side: 400", st == 400, d)
    st, d, _ = s.api("POST", "/api/new", {"variant": "../../etc/passwd"}, t)
    check("new game of a path: 400", st == 400 and "path" in d["error"], d)
    st, d, _ = s.api("POST", "/api/new", {"variant": "nosuch"}, t)
    check("new game of no variant: 400", st == 400 and "nosuch" in d["error"], d)
    st, d, _ = s.api("POST", "/api/new", {"fen": "rnbqkbnr/8 w"}, t)
    check("new game from a bad FEN: 400", st == 400 and "FEN" in d["error"], d)
    now = s.api("GET", "/api/state", token=t)[1]
    check("refused new games leave the game", len(now["history"]) == 2, now)
    st, d, _ = s.api("POST", "/api/new", {"fen": "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"}, t)
    check("new game from a FEN", st == 200 and d["state"]["fen"].startswith("6k1/") and d["state"]["history"] == [], d)
    st, d, _ = s.api("POST", "/api/play", {"move": "Ra8"}, t)
    check("checkmate ends the game", d["state"]["over"] and d["state"]["result"] == "1-0", d)
    st, d, _ = s.api("POST", "/api/new", {"variant": "capablanca"}, t)
    check("a new game of another variant", st == 200 and d["state"]["files"] == 10, d)
    st, d, _ = s.api("POST", "/api/undo", {}, t)
    check("nothing to undo: 409", st == 409, d)
    # a board with holes (Omega Chess): each hole a "#" cell, from a1 on
    st, d, _ = s.api("POST", "/api/new", {"variant": "omega"}, t)
    b = d["state"]["board"] if st == 200 else []
    check("omega: its 40 holes are # cells", st == 200 and len(b) == 144 and b[0] == "ww" and b[1] == "#"
          and b[11] == "ww" and b[12] == "#" and b.count("#") == 40, d)
    st, d, _ = s.api("POST", "/api/play", {"move": "a1b4"}, t)
    check("omega: a wizard leaves its corner", st == 200 and d["ok"], d)
    # hexagonal cells (Gliński): the page is told so, and the cells' names
    st, d, _ = s.api("POST", "/api/new", {"variant": "glinski"}, t)
    names = d["state"].get("names", []) if st == 200 else []
    check("glinski: hex, with the cells' names from a1 on", st == 200 and d["state"].get("hex") is True
          and len(names) == 121 and names[0] == "a1" and names[5] == "f1" and names[6] == "" and
          names[11 * 5 + 10] == "l1" and names[11 * 10 + 5] == "f11" and names.count("") == 30, names)
    st, d, _ = s.api("POST", "/api/play", {"move": "f5f6"}, t)
    check("glinski: f5f6 plays", st == 200 and d["ok"] and d["state"]["fen"].startswith("b/qbk/n1b1n/r5r/ppppppppp/5P5/11/"), d)
    s.api("POST", "/api/new", {"variant": "chess"}, t)
    # the page and its files
    st, h, data = s.raw("GET", "/")
    check("the page", st == 200 and b"<html" in data.lower() and "default-src 'self'" in h.get("Content-Security-Policy", ""), h)
    for f in ("/app.js", "/style.css"):
        st, h, data = s.raw("GET", f)
        check("the page's " + f, st == 200 and len(data) > 100, st)
    st, h, data = s.raw("GET", "/../src/front/serve.c")
    check("no file outside the page's", st == 404, st)
    st, h, data = s.raw("DELETE", "/api/state", token=t)
    check("DELETE: 405", st == 405, st)
    # the event stream: a change is announced to an open page
    c = http.client.HTTPConnection(s.host, timeout=30)
    c.request("GET", "/api/events?t=" + t)
    r = c.getresponse()
    first = b""
    while not first.endswith(b"\n\n"):
        first += r.read1(256) if hasattr(r, "read1") else r.read(1)
    v = s.api("GET", "/api/state", token=t)[1]["version"]
    s.api("POST", "/api/play", {"move": "e2e4"}, t)
    nxt = b""
    while not nxt.endswith(b"\n\n"):
        nxt += r.read1(256) if hasattr(r, "read1") else r.read(1)
    check("events: the version now, then each change", b'"version":%d' % v in first and b'"version":%d' % (v + 1) in nxt,
          (first, nxt))
    c.close()
    rc, out = s.stop()
    check("the server stops on SIGTERM", rc == 0 and "stopped" in out, (rc, out))


def duck_suite():
    s = Server("duck")
    t = s.links["starter"]
    st, d, _ = s.api("POST", "/api/play", {"move": "e2e4"}, t)
    check("duck: the first step", st == 200 and d["state"]["decision"] == "relocate" and d["state"]["turn"] == "white", d)
    dests = {m["to"] for m in d["state"]["moves"]}
    check("duck: the duck may go to every empty square", len(dests) == 32 and "e4" not in dests, sorted(dests))
    st, d, _ = s.api("POST", "/api/play", {"move": d["state"]["moves"][0]["uci"]}, t)
    check("duck: the relocation ends the turn", st == 200 and d["state"]["turn"] == "black"
          and any(c == "n*" for c in d["state"]["board"]), d["state"]["board"])
    st, d, _ = s.api("POST", "/api/undo", {}, t)
    check("duck: undo takes back the step", d["state"]["decision"] == "relocate", d)
    # the server stops with an event stream open and waiting
    c = http.client.HTTPConnection(s.host, timeout=30)
    c.request("GET", "/api/events?t=" + t)
    r = c.getresponse()
    first = b""
    while not first.endswith(b"\n\n"):
        first += r.read1(256)
    rc, out = s.stop()
    try:
        rest, ended = r.read(), True
    except http.client.IncompleteRead:
        rest, ended = b"", False
    c.close()
    check("duck: an open event stream ends properly when the server stops", ended, rest)
    check("duck: the server stops", rc == 0, out)


def stateful_hook_suite():
    """A rule hook that keeps state of its own (tests/hostile/hook_stateful.lua
    loses the capturer every other time it is asked about a capture): the
    state after each move takes the history's positions back from the game's,
    never makes the moves again. Before, the replay made exd5 again without
    the capturer and dxc6 from an empty square: SIGSEGV, the game lost."""
    s = Server(os.path.join(ROOT, "tests/hostile/hook_stateful.lua"))
    t = s.links["starter"]
    history = None
    for m in ["e2e4", "d7d5", "state", "e4d5", "c7c6", "d5c6", "b8c6", "g1f3"]:
        if m == "state":  # asks the hook once more: the capturer stays
            s.api("GET", "/api/state", token=t)
            continue
        st, d, _ = s.api("POST", "/api/play", {"move": m}, t)
        if st != 200:
            check("stateful hook: " + m + " is played", False, (st, d))
            break
        history = d["state"]["history"]
        board = d["state"]["board"]
        if m == "e4d5" and board[35] != "wp":  # (the hook lost the capturer after all)
            st, d, _ = s.api("POST", "/api/play", {"move": "d8d5"}, t)
            history = d["state"]["history"]
            check("stateful hook: the history is the game played (no capture on d5)",
                  st == 200 and history == ["1. e4", "d5", "2. exd5", "Qd5"], (st, d))
            history = None
            break
    if history is not None:
        check("stateful hook: the history is the game played",
              history == ["1. e4", "d5", "2. exd5", "c6", "3. dxc6", "Nc6", "4. Nf3"], history)
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("stateful hook: the server goes on", st == 200 and d["fen"], (st, d))
    rc, out = s.stop()
    check("stateful hook: the server stops cleanly", rc == 0, out)


def kriegspiel_suite():
    s = Server("kriegspiel", "--players")
    w, b, ref = s.links.get("white"), s.links.get("black"), s.links.get("starter")
    check("--players: three different links", w and b and ref and len({w, b, ref}) == 3, s.links)
    seen = {"white": [], "black": []}

    def as_player(side, method, path, obj=None):
        st, d, text = s.api(method, path, obj, w if side == "white" else b)
        # the truth when the answer was made, to compare the answer with
        seen[side].append((text, s.api("GET", "/api/state", token=ref)[1]["board"]))
        return st, d

    st, d = as_player("white", "GET", "/api/state")
    check("kriegspiel: White sees White's view", st == 200 and d["view"] == "white" and d["hidden"] and "?" in d["board"], d)
    check("kriegspiel: no SAN, no history for a player", "history" not in d and all("san" not in m for m in d["moves"]), d)
    st, d = as_player("black", "POST", "/api/play", {"move": "e7e5"})
    check("kriegspiel: not Black's turn: 409", st == 409, d)
    st, d = as_player("white", "POST", "/api/play", {"move": "e2e5"})
    check("kriegspiel: a try answered by the referee", st == 200 and d.get("answer"), d)
    for side, move in (("white", "e2e4"), ("black", "d7d5"), ("white", "f1b5"), ("black", "c7c6"),
                       ("white", "e4d5"), ("black", "d8a5")):
        st, d = as_player(side, "POST", "/api/play", {"move": move})
        check("kriegspiel: %s plays %s" % (side, move), st == 200, d)
    for side in ("white", "black"):
        for path in ("/api/state", "/api/state?as=" + ("black" if side == "white" else "white"),
                     "/api/moves?square=e1", "/api/moves?square=e8"):
            as_player(side, "GET", path)
        st, d = as_player(side, "GET", "/api/pgn")
        check("kriegspiel: %s may not read the record" % side, st == 403, d)
        st, d = as_player(side, "POST", "/api/undo", {})
        check("kriegspiel: %s may not undo" % side, st == 403, d)
        st, d = as_player(side, "POST", "/api/why", {"move": "e1e2"})
        check("kriegspiel: %s gets no why" % side, st == 403, d)
        st, d = as_player(side, "GET", "/api/perft?depth=1")
        check("kriegspiel: %s gets no perft" % side, st == 403, d)
        st, d = as_player(side, "GET", "/api/diagram?piece=N&square=d4")
        check("kriegspiel: %s gets no diagram" % side, st == 403, d)
        st, d = as_player(side, "POST", "/api/computer", {})
        check("kriegspiel: %s may not call the computer" % side, st == 403, d)
        st, d = as_player(side, "POST", "/api/play", {"move": "zz"})
    st, truth, _ = s.api("GET", "/api/state", token=ref)
    check("kriegspiel: the starter sees everything", not truth["hidden"] and "?" not in truth["board"], truth)
    st, text = s.api("GET", "/api/pgn", token=ref)[0], s.api("GET", "/api/pgn", token=ref)[2]
    check("kriegspiel: the starter reads the record", st == 200 and "Bb5" in text, text)
    # the leak test: nothing sent to a player shows an opponent's piece
    for side, other in (("white", "b"), ("black", "w")):
        leaks = []
        for text, board in seen[side]:
            if re.search(r'"%s[a-z]"' % other, text):
                leaks.append(text[:200])
            try:
                d = json.loads(text)
            except ValueError:
                continue
            d = d.get("state", d)
            if "board" in d:
                for i, cell in enumerate(d["board"]):
                    if board[i].startswith(other) and cell != "?":
                        leaks.append("square %d: %s" % (i, cell))
                fen_board = d["fen"].split()[0]
                if re.search("[a-z]" if other == "b" else "[A-Z]", fen_board):
                    leaks.append(d["fen"])
            for tok in (w, b, ref):
                if tok != (w if side == "white" else b) and tok in text:
                    leaks.append("another token")
        check("kriegspiel: nothing sent to %s shows the other side's pieces (%d responses)" % (side, len(seen[side])),
              not leaks, leaks[:3])
    # a player's event stream says only that something changed
    c = http.client.HTTPConnection(s.host, timeout=30)
    c.request("GET", "/api/events?t=" + b)
    r = c.getresponse()
    ev = b""
    while not ev.endswith(b"\n\n"):
        ev += r.read1(256)
    c.close()
    check("kriegspiel: a player's event stream carries only the version",
          re.fullmatch(rb'event: change\ndata: \{"version":\d+\}\n\n', ev) is not None, ev)
    st, d = as_player("white", "GET", "/api/state?t=" + b)
    check("kriegspiel: the header's token is the one that counts", d["view"] == "white", d)
    rc, out = s.stop()
    check("kriegspiel: the server stops", rc == 0, out)


def cards_suite():
    """Only the hands are hidden: a player's view has the board, its own
    hand, the number of the opponent's cards, and never the generator."""
    s = Server("unbland", "--players")
    w, ref = s.links["white"], s.links["starter"]
    st, truth, _ = s.api("GET", "/api/state", token=ref)
    st, d, text = s.api("GET", "/api/state", token=w)
    check("cards: White sees the board", d["board"] == truth["board"] and d["hidden"], d)
    check("cards: White's own hand, the size of Black's", d["hands"]["white"] == truth["hands"]["white"]
          and d["hands"]["black"] == len(truth["hands"]["black"]), d["hands"])
    check("cards: no generator in a player's FEN", "rng=" not in text and "rng=" in truth["fen"], d["fen"])
    check("cards: the mover's steps are the legal ones", sorted(m["uci"] for m in d["moves"]) ==
          sorted(m["uci"] for m in truth["moves"]), (len(d["moves"]), len(truth["moves"])))
    st, d, _ = s.api("POST", "/api/new", {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:hands=2,5/1,7"}, ref)
    cards = [m for m in d["state"]["moves"] if m["uci"].startswith("cards:")]
    check("cards: a card play is a step with its square", [(m["uci"], m["from"], m["to"]) for m in cards] == [("cards:e2", "", "e2")], cards)
    st, d, _ = s.api("POST", "/api/play", {"move": "cards:e2"}, w)
    check("cards: White plays the cards", st == 200 and d["state"]["hands"]["white"] == [] and d["state"]["turn"] == "black", d)
    rc, out = s.stop()
    check("cards: the server stops", rc == 0, out)


def reload_suite():
    """A variant from a script file: when the file changes the server reads
    it again and replays the game as far as it still applies."""
    import tempfile
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "mine.lua")

    def write(text, bump):
        with open(path, "w") as f:
            f.write(text)
        st = os.stat(path)
        os.utime(path, (st.st_atime + bump, st.st_mtime + bump))  # a time the watcher cannot miss

    write('local std = require "std" return std.extend(std.chess, { name = "mine" })', 0)
    s = Server(path)
    t = s.links["starter"]
    for m in ("e2e4", "e7e5", "g1f3"):
        s.api("POST", "/api/play", {"move": m}, t)
    write('local std = require "std" return std.extend(std.chess, { name = "mine", pieces = { n = { betza = "W" } } })', 5)
    d = None
    for _ in range(100):
        d = s.api("GET", "/api/state", token=t)[1]
        # The watcher may catch the file half written (open truncates it
        # first) and report that reading; the server reads it again when the
        # write ends, so wait for the note about the whole new script.
        if "no longer applies" in d.get("note", ""):
            break
        time.sleep(0.1)
    check("reload: a change of the script is seen", d and "no longer applies" in d.get("note", ""), d and d.get("note"))
    check("reload: the game replayed as far as it applies", d and d["history"] == ["1. e4", "e5"], d and d["history"])
    write('return {', 10)
    for _ in range(100):
        d = s.api("GET", "/api/state", token=t)[1]
        if "goes on with the rules it had" in d.get("note", ""):
            break
        time.sleep(0.1)
    check("reload: a broken script says where, and the game stays", "mine.lua" in d.get("note", "")
          and "goes on with the rules it had" in d["note"] and d["history"] == ["1. e4", "e5"], d.get("note"))
    st, d, _ = s.api("POST", "/api/play", {"move": "d2d4"}, t)
    check("reload: the game goes on after a broken script", st == 200, d)
    write('local std = require "std" return std.extend(std.chess, { name = "mine" })', 15)
    st, d, _ = s.api("POST", "/api/reload", {}, t)
    check("reload on request", st == 200 and "reloaded mine: 3 of 3 steps" in d["note"], d)
    rc, out = s.stop()
    check("reload: the server stops", rc == 0, out)
    # a section of a Fairy-Stockfish file: the .ini file is watched
    ini = os.path.join(tmp, "custom.ini")
    with open(os.path.join(ROOT, "tests", "fsf", "ini", "custom.ini")) as f, open(ini, "w") as g:
        g.write(f.read())
    s = Server(ini + ":c-nokings")
    st_ = os.stat(ini)
    os.utime(ini, (st_.st_atime + 5, st_.st_mtime + 5))
    d = {}
    for _ in range(100):
        d = s.api("GET", "/api/state", token=s.links["starter"])[1]
        if d.get("note"):
            break
        time.sleep(0.1)
    check("reload: a changed .ini file", d.get("note", "").startswith("reloaded c-nokings"), d.get("note"))
    s.stop()
    s = Server("chess")
    st, d, _ = s.api("POST", "/api/reload", {}, s.links["starter"])
    check("reload of a variant by name: 409", st == 409 and "not loaded from a script" in d["error"], d)
    s.stop()
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)

LOOKS = """local std = require "std"
return std.extend(std.chess, { name = "looks",
  pieces = {
    n = { name = "zebra", betza = "C", glyph = "knight" },
    b = { name = "camel", betza = "B", glyph = "Ca" },
    q = { name = "wizard", betza = "Q", image = { body = "M50 8 L84 90 H16 Z", lines = "M30 60 H70" } },
    r = { name = "tower", betza = "R", image = "m10 10 h80 v80 h-80 z" },
  } })
"""


def looks_suite():
    """pieces.X.glyph and .image reach the page as data; what is not a
    shape's name, one or two characters, or SVG path data is refused when
    the script is read, with the file and the key."""
    import tempfile
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "looks.lua")
    with open(path, "w") as f:
        f.write(LOOKS)
    s = Server(path)
    st, d, _ = s.api("GET", "/api/state", token=s.links["starter"])
    types = {t["letter"]: t for t in d["types"]} if d else {}
    check("looks: a standard shape by name", types.get("n", {}).get("glyph") == "knight", types.get("n"))
    check("looks: characters on a disc", types.get("b", {}).get("glyph") == "Ca", types.get("b"))
    check("looks: a drawing of its own, body and lines", types.get("q", {}).get("image") ==
          {"body": "M50 8 L84 90 H16 Z", "lines": "M30 60 H70"}, types.get("q"))
    check("looks: a drawing as one string", types.get("r", {}).get("image") == {"body": "m10 10 h80 v80 h-80 z"},
          types.get("r"))
    check("looks: a piece that says nothing has no glyph or image",
          "glyph" not in types.get("k", {}) and "image" not in types.get("k", {}), types.get("k"))
    s.stop()
    bad = [
        ('image = "M0 0\\"/><script>alert(1)</script>"', "pieces.q.image: not SVG path data"),
        ('image = "<svg onload=alert(1)>"', "pieces.q.image: not SVG path data"),
        ('image = "url(javascript:x)"', "pieces.q.image: not SVG path data"),
        ('image = { body = "M0 0 L9 9", lines = "M0 0<a>" }', "pieces.q.image.lines: not SVG path data"),
        ('image = { lines = "M0 0 L9 9" }', "pieces.q.image.body: missing"),
        ('image = { body = "M0 0", colour = "red" }', "colour"),
        ('image = 7', "pieces.q.image: expected SVG path data"),
        ('glyph = "castle"', "pieces.q.glyph: \"castle\" is neither a standard shape"),
        ('glyph = "abc"', "is neither a standard shape"),
        ('glyph = "<b"', None),  # two characters: allowed, drawn as text
        ('glyph = "a b"', "is neither a standard shape"),
        ('glyph = ""', "is neither a standard shape"),
        ('image = "M0 0 ' + "L1 1 " * 300 + '"', "pieces.q.image: longer than 1023 characters"),
    ]
    for look, msg in bad:
        with open(path, "w") as f:
            f.write('local std = require "std" return std.extend(std.chess, { name = "bad",\n'
                    '  pieces = { q = { betza = "Q", %s } } })\n' % look)
        r = subprocess.run([VARIA, "check", path], capture_output=True, text=True)
        if msg is None:
            check("looks: %s is taken" % look, r.returncode == 0, r.stdout + r.stderr)
        else:
            out = r.stdout + r.stderr
            check("looks: %s is refused, naming the file and the key" % look[:40],
                  r.returncode != 0 and msg in out and "looks.lua" in out, out)
    with open(path, "w") as f:
        f.write('local std = require "std" return std.extend(std.chess, { name = "angle",\n'
                '  pieces = { q = { betza = "Q", glyph = "<b" } } })\n')
    s = Server(path)
    st, _, text = s.api("GET", "/api/state", token=s.links["starter"])
    check("looks: characters from a script are escaped in the JSON", st == 200 and "<b" not in text
          and "\\u003cb" in text, text[:300])
    s.stop()
    os.remove(path)
    os.rmdir(tmp)
    # marks: a promoted piece (Crazyhouse's ~), an unmoved one (Cambodian's
    # king and queen, whose first-move leaps wait); none in chess
    s = Server("crazyhouse")
    t = s.links["starter"]
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("marks: none at the start of crazyhouse", st == 200 and d["marks"] == {}, d.get("marks"))
    st, d, _ = s.api("POST", "/api/new", {"fen": "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1"}, t)
    check("marks: a promoted queen", st == 200 and d["state"]["marks"] == {"a1": "promoted"}, d)
    st, d, _ = s.api("POST", "/api/play", {"move": "a1a8"}, t)
    check("marks: the mark moves with the piece", st == 200 and d["state"]["marks"] == {"a8": "promoted"}, d)
    s.stop()
    s = Server("cambodian")
    st, d, _ = s.api("GET", "/api/state", token=s.links["starter"])
    check("marks: Cambodian's unmoved king and queen", st == 200 and d["marks"] == {
        "d1": "unmoved", "e1": "unmoved", "d8": "unmoved", "e8": "unmoved"}, d.get("marks"))
    s.stop()

def lab_wait(s, t, timeout=120):
    d = {}
    end = time.time() + timeout
    while time.time() < end:
        d = s.api("GET", "/api/lab", token=t)[1]
        if d.get("state") != "running":
            break
        time.sleep(0.2)
    return d


def children(pid):
    """The process's children, whichever of its threads started them (the
    lab's is the Lua worker's)."""
    found = []
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return []
    for task in tasks:
        try:
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                found += f.read().split()
        except OSError:
            pass
    return found


def lab_suite():
    """The designer's lab from the page: a varia analyze in the background,
    its report and charts; the starter's only; charts by name, never by a
    path; a run that is stopped leaves no process; --lab DIR shows an
    earlier run's charts."""
    import tempfile
    s = Server("chess", "--players")
    t, w = s.links["starter"], s.links["white"]
    st, d, _ = s.api("GET", "/api/lab", token=t)
    check("lab: nothing yet", st == 200 and d["state"] == "none" and d["charts"] == [], d)
    for method, path, body in (("GET", "/api/lab", None), ("POST", "/api/lab", {"games": 2}),
                               ("GET", "/api/lab/chart?name=score", None), ("POST", "/api/lab/stop", {})):
        st, d, _ = s.api(method, path, body, w)
        check("lab: %s %s is the starter's only" % (method, path), st == 403 and "starter" in d["error"], d)
    for body, what in (({"games": 0}, "games"), ({"games": 201}, "games"), ({"games": "2"}, "games"),
                       ({"depth": 4}, "depth"), ({"plies": 5}, "plies"), ({"games": 2, "path": "/etc"}, "unknown key")):
        st, d, _ = s.api("POST", "/api/lab", body, t)
        check("lab: %s refused" % json.dumps(body), st == 400 and what in d["error"], d)
    check("lab: nothing started by a refused request", s.api("GET", "/api/lab", token=t)[1]["state"] == "none")
    st, d, _ = s.api("POST", "/api/lab/stop", {}, t)
    check("lab: stop with nothing running: 409", st == 409, d)
    st, d, _ = s.api("POST", "/api/lab", {"games": 2, "depth": 1, "plies": 40}, t)
    check("lab: a run starts", st == 200 and d["state"] == "running" and "varia analyze chess --games 2" in d["what"], d)
    st, d2, _ = s.api("POST", "/api/lab", {"games": 2}, t)
    check("lab: one run at a time", st == 409 and "already running" in d2["error"], d2)
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("lab: the server answers while it runs", st == 200 and len(d["moves"]) == 20, st)
    d = lab_wait(s, t)
    check("lab: the run ends with its report", d.get("state") == "done" and "2 games of chess" in d.get("report", "")
          and "first-player score" in d["report"], d)
    check("lab: its charts", d.get("charts") == ["score", "length", "branching", "evaluation", "values"], d.get("charts"))
    st, h, body = s.raw("GET", "/api/lab/chart?name=score", token=t)
    check("lab: a chart is SVG", st == 200 and h.get("Content-Type") == "image/svg+xml" and body.startswith(b"<svg")
          and b"chess" in body, (st, h, body[:100]))
    check("lab: a chart runs nothing, opened by itself", "sandbox" in str(h), h)
    st, _, body = s.raw("GET", "/api/lab/chart?name=score&t=" + t)
    check("lab: a chart with the token in the link (an <img>)", st == 200 and body.startswith(b"<svg"), st)
    for name in ("../../../etc/passwd", "score.svg", "report", "%2e%2e%2fscore", ""):
        st, d, _ = s.api("GET", "/api/lab/chart?name=" + name, token=t)
        check("lab: chart %r refused" % name, st == 400 and "one of score" in d["error"], d)
    st, d, _ = s.api("POST", "/api/lab", {"games": 200, "depth": 3}, t)
    check("lab: a long run starts", st == 200 and d["state"] == "running", d)
    time.sleep(0.3)
    check("lab: it is a child process", len(children(s.p.pid)) == 1, children(s.p.pid))
    st, d, _ = s.api("POST", "/api/lab/stop", {}, t)
    check("lab: stopped on request", st == 200 and d["state"] == "stopped", d)
    check("lab: no process is left", children(s.p.pid) == [], children(s.p.pid))
    st, d, _ = s.api("GET", "/api/lab/chart?name=score", token=t)
    check("lab: a stopped run has no charts", st == 404, d)
    s.api("POST", "/api/lab", {"games": 200, "depth": 3}, t)
    time.sleep(0.3)
    kids = children(s.p.pid)
    rc, out = s.stop()
    check("lab: the server stops during a run, and ends it", rc == 0 and len(kids) == 1
          and not os.path.exists("/proc/" + kids[0]), (kids, out))
    # a script that no longer loads: the run fails and says why
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "mine.lua")
    with open(path, "w") as f:
        f.write('local std = require "std" return std.extend(std.chess, { name = "mine" })')
    s = Server(path)
    t = s.links["starter"]
    with open(path, "w") as f:
        f.write("return {")
    s.api("POST", "/api/lab", {"games": 2}, t)
    d = lab_wait(s, t)
    check("lab: a script that does not load: failed, with its file", d.get("state") == "failed"
          and "mine.lua" in d.get("error", ""), d)
    s.stop()
    # --lab DIR: an earlier run's charts
    r = subprocess.run([VARIA, "analyze", "chess", "--games", "2", "--depth", "1", "--max-plies", "30",
                        "--plots", tmp, "--quiet"], capture_output=True, text=True)
    s = Server("chess", "--lab", tmp)
    t = s.links["starter"]
    st, d, _ = s.api("GET", "/api/lab", token=t)
    check("--lab DIR: its charts", st == 200 and d["state"] == "done" and "score" in d["charts"] and tmp in d["what"],
          (d, r.stderr))
    st, _, body = s.raw("GET", "/api/lab/chart?name=length", token=t)
    with open(os.path.join(tmp, "length.svg"), "rb") as f:
        check("--lab DIR: a chart is the file", st == 200 and body == f.read(), st)
    s.stop()
    check("--lab DIR: the directory is the owner's, left as it was",
          sorted(os.listdir(tmp)) == sorted(["mine.lua", "score.svg", "length.svg", "branching.svg",
                                             "evaluation.svg", "values.svg"]), os.listdir(tmp))
    r = subprocess.run([VARIA, "serve", "--port", "0", "--lab", os.path.join(tmp, "nosuch")], capture_output=True,
                       text=True)
    check("--lab of no directory: status 2", r.returncode == 2 and "--lab" in r.stderr, r.stderr)
    for f in os.listdir(tmp):
        os.remove(os.path.join(tmp, f))
    os.rmdir(tmp)


def cli_suite():
    r = subprocess.run([VARIA, "serve", "--port", "x"], capture_output=True, text=True)
    check("serve --port x: status 2", r.returncode == 2 and "--port" in r.stderr, r.stderr)
    r = subprocess.run([VARIA, "serve", "--host", "localhost:1"], capture_output=True, text=True)
    check("serve --host of no address: status 2", r.returncode == 2 and "--host" in r.stderr, r.stderr)
    r = subprocess.run([VARIA, "serve", "nosuch", "--port", "0"], capture_output=True, text=True)
    check("serve of no variant: status 1", r.returncode == 1 and "nosuch" in r.stderr, r.stderr)
    s = Server("chess")
    port = s.host.split(":")[1]
    r = subprocess.run([VARIA, "serve", "--port", port], capture_output=True, text=True, timeout=30)
    check("serve on a port in use: status 1", r.returncode == 1 and "cannot listen" in r.stderr, r.stderr)
    s.stop()


def hooks_suite():
    """A rule hook that raises (from move 2 on) is the error of the request
    that ran it, with the hook's file:line; the game stays as it was, and
    the next requests work (the failure once stuck: stalemate for good)."""
    s = Server(os.path.join(ROOT, "tests", "hostile", "hook_raises.lua"))
    t = s.links["starter"]
    before = s.api("GET", "/api/state", token=t)[1]
    st, d, _ = s.api("POST", "/api/play", {"move": "e2e4"}, t)
    check("hooks: a move whose hooks raise is an error with file:line",
          st == 500 and "hook_raises.lua:9: the hook refuses move 2" in d["error"], (st, d))
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("hooks: the game is as it was, its moves all there",
          st == 200 and d["fen"] == before["fen"] and d["history"] == [] and len(d["moves"]) == 20
          and not d["over"], d)
    st, d, _ = s.api("GET", "/api/perft?depth=1", token=t)
    check("hooks: perft counts after the failure", st == 200 and d["nodes"] == 20, d)
    st, d, _ = s.api("POST", "/api/new", {"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}, t)
    check("hooks: a new game where the hooks raise is refused with file:line",
          st == 400 and "hook_raises.lua:9" in d["error"], (st, d))
    st, d, _ = s.api("POST", "/api/new", {}, t)
    check("hooks: a new game of the variant plays", st == 200 and len(d["state"]["moves"]) == 20, d)
    st, d, _ = s.api("POST", "/api/new", {"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, t)
    st, d, _ = s.api("POST", "/api/new", {}, t)
    check("a new game after one from a FEN is of the same variant (its name was once emptied)",
          st == 200 and d["state"]["variant"] == "hook-raises" and len(d["state"]["moves"]) == 20, (st, d))
    s.stop()
    # A turn that never ends: perft from a player's link once recursed until
    # the server died; now it is the request's error, and the server lives.
    s = Server(os.path.join(ROOT, "tests", "hostile", "endless_turn.lua"))
    t = s.links["starter"]
    st, d, _ = s.api("GET", "/api/perft?depth=1", token=t)
    check("hooks: perft of an endless turn is an error naming the limit",
          st == 500 and "the turn goes on after 128 steps" in d.get("error", ""), (st, d))
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("hooks: the server lives on after it", st == 200 and "fen" in d, (st, d))
    s.stop()


def notation_suite():
    """A script's own name for a move (hooks.notation: Rifle chess names a
    pawn's shot onto the last rank from the square it stays on) is the
    browser's too: in the moves' SAN, in the history, and read back by
    play."""
    s = Server(os.path.join(ROOT, "variants", "rifle.lua"))
    t = s.links["starter"]
    st, d, _ = s.api("POST", "/api/new", {"fen": "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"}, t)
    sans = sorted(m.get("san", "") for m in d["state"]["moves"])
    check("notation: the state's moves carry the script's name", st == 200 and sans == ["Ke2", "Kf1", "Kf2", "e7xd8"], (st, sans))
    st, d, _ = s.api("POST", "/api/play", {"move": "e7xd8"}, t)
    check("notation: play reads the name, the history writes it",
          st == 200 and d["state"]["history"] == ["1. e7xd8"] and d["state"]["board"][52] == "wp", (st, d))
    s.stop()


def raw_exchange(host, data, timeout=10):
    """Sends data on a fresh connection; returns (what came back, closed:
    whether the server ended the connection within timeout)."""
    import socket
    h, port = host.split(":")
    c = socket.create_connection((h, int(port)), timeout=timeout)
    c.sendall(data)
    out, closed = b"", False
    try:
        while True:
            d = c.recv(65536)
            if not d:
                closed = True
                break
            out += d
    except (socket.timeout, ConnectionResetError):
        closed = not isinstance(sys.exc_info()[1], socket.timeout)
    c.close()
    return out, closed


def limits_suite():
    """The bounds of docs/serve.md "Limits": framing, work per request, the
    whole time of a request, connections per client address."""
    import socket
    slack = 10 if WRAP else 1  # under valgrind everything takes longer
    s = Server("chess", "--timeout", "2")
    t = s.links["starter"]
    head = b"POST /api/play HTTP/1.1\r\nHost: x\r\nX-Varia-Token: " + t.encode() + b"\r\n"
    body = b'{"move":"e2e4"}'
    out, closed = raw_exchange(s.host, head + b"Content-Length: 15\r\nContent-Length: 16\r\n\r\n" + body + b"x")
    check("two different Content-Lengths: 400, and the connection closes",
          out.startswith(b"HTTP/1.1 400") and b"Content-Length" in out and closed, out[:200])
    out, closed = raw_exchange(s.host, head + b"Content-Length: 15\r\nTransfer-Encoding: chunked\r\n\r\nf\r\n" + body
                               + b"\r\n0\r\n\r\n")
    check("Content-Length with Transfer-Encoding: 400, and the connection closes",
          out.startswith(b"HTTP/1.1 400") and b"Transfer-Encoding" in out and closed, out[:200])
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("refused framings played nothing", st == 200 and d["history"] == [], d)
    out, closed = raw_exchange(s.host, head + b"Content-Length: 15\r\nContent-Length: 15\r\nConnection: close\r\n\r\n" + body)
    check("two equal Content-Lengths are one", out.startswith(b"HTTP/1.1 200"), out[:200])
    s.api("POST", "/api/undo", {}, t)
    # slowloris: a byte now and then does not keep a connection past --timeout
    slow = []
    for _ in range(16):
        c = socket.create_connection(s.host.split(":")[0:1] + [int(s.host.split(":")[1])], timeout=10)
        c.sendall(b"GET /api/state HTTP/1.1\r\n")
        slow.append(c)
    extra = socket.create_connection((s.host.split(":")[0], int(s.host.split(":")[1])), timeout=5)
    try:
        extra.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        got = extra.recv(100)
    except (ConnectionResetError, BrokenPipeError):
        got = b""
    extra.close()
    check("a 17th connection from one client address is refused", got == b"", got)
    began = time.time()
    ended = [None] * len(slow)
    while time.time() - began < 8 * slack and None in ended:
        for i, c in enumerate(slow):
            if ended[i] is None:
                try:
                    c.sendall(b"X")
                    c.settimeout(0.01)
                    if c.recv(10) == b"":
                        ended[i] = time.time() - began
                except socket.timeout:
                    pass
                except OSError:
                    ended[i] = time.time() - began
        time.sleep(0.3)
    for c in slow:
        c.close()
    check("connections that trickle bytes are closed after --timeout (2 s)",
          None not in ended and max(ended) < 5 * slack, ended)
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("the server answers after the slow connections", st == 200 and len(d["moves"]) == 20, (st, d))
    code, _ = s.stop()
    check("the server stops cleanly", code == 0, code)
    # slow rules, each call within its budget: stopped at --work-limit
    limit = 20 if WRAP else 1
    s = Server(os.path.join(ROOT, "tests", "hostile", "hook_slow.lua"), "--work-limit", str(limit))
    t = s.links["starter"]
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("slow rules: the start is quick", st == 200 and len(d["moves"]) == 20, (st, d))
    began = time.time()
    st, d, _ = s.api("POST", "/api/play", {"move": "e2e4"}, t)
    took = time.time() - began
    check("a move whose rules work past the limit: 503 that says so, at the limit",
          st == 503 and "--work-limit" in d["error"] and took < limit + 2 * slack, (st, d, took))
    st, d, _ = s.api("GET", "/api/state", token=t)
    check("the move is taken back, and the server answers on",
          st == 200 and d["history"] == [] and len(d["moves"]) == 20, (st, d))
    code, _ = s.stop()
    check("the server stops cleanly after stopped requests", code == 0, code)


def quiet_suite():
    """A client that goes away (a tab closed while its event stream is
    open) is no error: nothing of it reaches standard error (the HTTP
    library once printed 'Failed to send the chunked response body')."""
    import socket
    s = Server("chess")
    t = s.links["starter"]
    h, port = s.host.split(":")
    for _ in range(3):
        c = socket.create_connection((h, int(port)), timeout=10)
        c.sendall(("GET /api/events?t=%s HTTP/1.1\r\nHost: x\r\n\r\n" % t).encode())
        c.recv(200)
        c.close()
        s.api("POST", "/api/play", {"move": "e2e4"}, t)  # an event for the closed stream
        s.api("POST", "/api/undo", {}, t)
    time.sleep(0.3)
    code, out = s.stop()
    check("closed tabs: nothing on stderr but the stop",
          code == 0 and "Failed to send" not in out and "HTTP:" not in out and "closed by remote" not in out, out)


def timed(fn):
    """fn's result and the seconds it took."""
    began = time.time()
    result = fn()
    return result, time.time() - began


def in_thread(results, key, fn):
    """Runs fn on a thread of its own; (its result, the seconds it took) go
    to results[key], or for an exception (a connection closed unanswered)
    (None, the exception, "") and forever."""
    import threading

    def run():
        try:
            results[key] = timed(fn)
        except Exception as e:
            results[key] = ((None, {"error": repr(e)}, ""), float("inf"))
    th = threading.Thread(target=run)
    th.start()
    return th


def first_event(s, token):
    """Opens an event stream; returns its first bytes and the seconds taken."""
    import socket
    h, port = s.host.split(":")
    began = time.time()
    c = socket.create_connection((h, int(port)), timeout=30)
    c.sendall(("GET /api/events?t=%s HTTP/1.1\r\nHost: x\r\n\r\n" % token).encode())
    got = b""
    while b"event: change" not in got:
        d = c.recv(4096)
        if not d:
            break
        got += d
    c.close()
    return got, time.time() - began


def concurrency_suite():
    """While one request works in Lua (slow hooks, a search, perft), the
    others are served: a state from the snapshots, the page's files, the
    event stream at once; at most 8 requests wait for the worker and the
    next is answered 503 busy; the waiting ones are played, none lost; and
    each player's snapshot is that player's view only."""
    quick = 5.0 if WRAP else 0.5     # an answer that does not wait for the worker
    pause = 3.0 if WRAP else 0.3     # for the slow request to be under way
    limit = 8 if WRAP else 2         # the slow request's work: it outlasts the readers
    timeout = 4 if WRAP else 1       # shorter than the work and the waits: those are answered all the same
    s = Server(os.path.join(ROOT, "tests", "hostile", "hook_slow.lua"), "--players", "--work-limit", str(limit),
               "--timeout", str(timeout))
    t, w, b = s.links["starter"], s.links["white"], s.links["black"]
    st, d, _ = s.api("GET", "/api/state", token=b)
    check("concurrency: the start is quick", st == 200 and d["history"] == [] and d["role"] == "black", (st, d))
    res = {}
    slow = in_thread(res, "slow", lambda: s.api("POST", "/api/play", {"move": "e2e4"}, w))
    time.sleep(pause)
    readers = [in_thread(res, "black", lambda: s.api("GET", "/api/state", token=b)),
               in_thread(res, "starter", lambda: s.api("GET", "/api/state", token=t)),
               in_thread(res, "file", lambda: s.raw("GET", "/app.js")),
               in_thread(res, "events", lambda: first_event(s, b)[0])]
    for th in readers:
        th.join()
    (st, d, _), took = res["black"]
    check("concurrency: while White's slow move works, Black's state answers at once",
          st == 200 and d["role"] == "black" and d["history"] == [] and took < quick, (st, took))
    (st, d, _), took = res["starter"]
    check("concurrency: and the starter's", st == 200 and d["role"] == "starter" and took < quick, (st, took))
    (st, h, body), took = res["file"]
    check("concurrency: a file of the page answers at once", st == 200 and b"EventSource" in body and took < quick,
          (st, took))
    got, took = res["events"]
    check("concurrency: an event stream opens at once", b"event: change" in got and took < quick, (got[-80:], took))
    waiting = [in_thread(res, i, lambda: s.api("POST", "/api/play", {"move": 1}, t)) for i in range(8)]
    time.sleep(pause)
    (st, h, body), took = timed(lambda: s.raw("POST", "/api/play", b'{"move":"d2d4"}', t))
    d = json.loads(body)
    check("concurrency: with 8 waiting, the next Lua request is answered 503 busy at once, Retry-After",
          st == 503 and d.get("busy") is True and "busy" in d["error"] and h.get("Retry-After") == "1"
          and took < quick, (st, h, d, took))
    slow.join()
    for th in waiting:
        th.join()
    (st, d, _), took = res["slow"]
    check("concurrency: the slow move itself works to its limit, 503, answered past --timeout",
          st == 503 and "--work-limit" in d["error"] and took >= limit - 0.5, (st, d, took))
    check("concurrency: the 8 waiting were each answered in turn, past --timeout (400: the body is wrong)",
          all(res[i][0][0] == 400 and "must be a string" in res[i][0][1]["error"] for i in range(8)),
          [res[i][0][:2] for i in range(8)])
    code, _ = s.stop()
    check("concurrency: the server stops cleanly", code == 0, code)

    # no lost move: moves sent while the worker is busy wait, and are played in order
    s = Server("chess", "--players", "--work-limit", str(limit // 2))
    t, w, b = s.links["starter"], s.links["white"], s.links["black"]
    began = time.time()
    for _ in range(10):
        s.api("POST", "/api/play", {"move": "e2e4"}, t)
        s.api("POST", "/api/undo", {}, t)
    took = time.time() - began
    check("concurrency: 20 requests through the worker, one after another, take no wait each (the answer "
          "wakes the HTTP thread)", took < (30 if WRAP else 1.0), took)
    res = {}
    busy = in_thread(res, "perft", lambda: s.api("GET", "/api/perft?depth=5", token=t))
    time.sleep(pause)
    white = in_thread(res, "white", lambda: s.api("POST", "/api/play", {"move": "e2e4"}, w))
    time.sleep(pause)
    black = in_thread(res, "black", lambda: s.api("POST", "/api/play", {"move": "e7e5"}, b))
    for th in (busy, white, black):
        th.join()
    check("no lost move: White's move sent during perft is played",
          res["white"][0][0] == 200 and res["white"][0][1]["played"] == "e2e4", res["white"][0][:2])
    check("no lost move: and Black's, sent after it, then",
          res["black"][0][0] == 200 and res["black"][0][1]["state"]["history"] == ["1. e4", "e5"], res["black"][0][:2])
    st, d, _ = s.api("GET", "/api/state", token=b)
    check("no lost move: Black's state has both", st == 200 and d["history"] == ["1. e4", "e5"], d)
    code, _ = s.stop()
    check("no lost move: the server stops cleanly", code == 0, code)

    # hidden views: each player's snapshot is that player's alone, while the worker is busy
    s = Server("kriegspiel", "--players", "--work-limit", str(limit // 2))
    t, w, b = s.links["starter"], s.links["white"], s.links["black"]
    st, _, _ = s.api("POST", "/api/play", {"move": "e2e4"}, w)
    res = {}
    busy = in_thread(res, "computer", lambda: s.api("POST", "/api/computer", {"level": 8}, t))
    time.sleep(pause)
    views = [in_thread(res, i, lambda tok=(w if i % 2 == 0 else b): s.api("GET", "/api/state", token=tok))
             for i in range(12)]
    for th in views + [busy]:
        th.join()
    bad = []
    for i in range(12):
        (st, d, _), took = res[i]
        side, other = ("white", "b") if i % 2 == 0 else ("black", "w")
        own = "w" if side == "white" else "b"
        if not (st == 200 and d["role"] == side and d["view"] == side and d["hidden"] and took < quick
                and not any(c.startswith(other) for c in d["board"]) and any(c.startswith(own) for c in d["board"])
                and "history" not in d):
            bad.append((i, st, took, d.get("role"), d.get("board")))
        elif side == "black" and d["board"][28] != "?":  # e4: White's pawn, unseen by Black
            bad.append((i, "e4 shown to black", d["board"][28]))
        elif side == "white" and d["board"][28] != "wp":
            bad.append((i, "white's own e4 pawn missing", d["board"][28]))
    check("hidden views: 12 reads of both players during a search, each its own view only, at once", not bad, bad)
    check("hidden views: the search was the slow one", res["computer"][0][0] == 503, res["computer"][0][:2])
    code, _ = s.stop()
    check("hidden views: the server stops cleanly", code == 0, code)

    # no state older than one already answered: a read that comes while the
    # reader's snapshot is being rendered anew waits for it
    s = Server(os.path.join(ROOT, "tests", "hostile", "hook_spin.lua"), "--players", "--work-limit", "60")
    t, w, b = s.links["starter"], s.links["white"], s.links["black"]
    st, d, _ = s.api("GET", "/api/state", token=b)
    check("fresh reads: Black's state at the start", st == 200 and d["history"] == [], (st, d))
    st, d, _ = s.api("POST", "/api/play", {"move": "a2a3"}, w)
    check("fresh reads: White plays a3", st == 200 and d["state"]["history"] == ["1. a3"], (st, d))
    res = {}
    readers = [in_thread(res, "black", lambda: s.api("GET", "/api/state", token=b)),
               in_thread(res, "starter", lambda: s.api("GET", "/api/state", token=t))]
    for th in readers:
        th.join()
    check("fresh reads: Black, reading right after White's answer, sees a3",
          res["black"][0][0] == 200 and res["black"][0][1]["history"] == ["1. a3"], res["black"][0][:2])
    check("fresh reads: and the starter",
          res["starter"][0][0] == 200 and res["starter"][0][1]["history"] == ["1. a3"], res["starter"][0][:2])
    code, _ = s.stop()
    check("fresh reads: the server stops cleanly", code == 0, code)

    # stopping while the worker runs a request and another waits: both answered
    s = Server(os.path.join(ROOT, "tests", "hostile", "hook_slow.lua"), "--work-limit", "60")
    t = s.links["starter"]
    res = {}
    slow = in_thread(res, "slow", lambda: s.api("POST", "/api/play", {"move": "e2e4"}, t))
    time.sleep(pause)
    waiting = in_thread(res, "waiting", lambda: s.api("POST", "/api/play", {"move": "d2d4"}, t))
    time.sleep(pause)
    (code, _), took = timed(s.stop)
    slow.join()
    waiting.join()
    check("stopping: the server stops at once, mid-request, cleanly", code == 0 and took < 10 * quick, (code, took))
    check("stopping: the running request is answered, not played",
          res["slow"][0][0] in (500, 503) and "interrupted" in res["slow"][0][1]["error"], res["slow"][0][:2])
    check("stopping: the waiting one is told so",
          res["waiting"][0][0] == 503 and "stopping" in res["waiting"][0][1]["error"], res["waiting"][0][:2])


for suite in (cli_suite, chess_suite, quiet_suite, duck_suite, stateful_hook_suite, kriegspiel_suite, cards_suite, reload_suite, looks_suite, lab_suite, hooks_suite, notation_suite, limits_suite, concurrency_suite):
    if os.environ.get("SUITES") and suite.__name__ not in os.environ["SUITES"].split():
        continue  # SUITES="hooks_suite ..." runs only those
    try:
        suite()
    except Exception as e:  # a crash of the server or of the test is a failure
        check(suite.__name__ + " ran to the end", False, repr(e))
print("%d passed, %d failed" % (passed, failed))
sys.exit(9 if wrap_failed else 1 if failed else 0)
