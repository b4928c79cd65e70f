#!/usr/bin/env python3
"""An independent move counter for Gliński's and McCooey's hexagonal chess,
written from the rules text (docs/variants/glinski.md, mccooey.md) and not
from varia's code: its own coordinates (a cell's column and its height in
half cells on the drawn board), its own move rules, legality by "can the
king be taken". It checks varia's perft numbers in tests/lua/test_hex.lua.

  python3 tests/hex/perft.py glinski 3
  python3 tests/hex/perft.py mccooey 3 [FEN]
"""
import sys

FILES = "abcdefghikl"
LENGTH = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]

# A cell is (column, height): column -5..5 (file a..l), height in half
# cells above f1: file x starts |x| half cells up, one cell is 2.
CELLS = {}
NAME = {}
for i, f in enumerate(FILES):
    col = i - 5
    for r in range(1, LENGTH[i] + 1):
        cell = (col, abs(col) + 2 * (r - 1))
        CELLS[f + str(r)] = cell
        NAME[cell] = f + str(r)
ON = set(NAME)

# Edge neighbours: straight up and down, and the four beside them.
ORTH = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]
# Vertex neighbours: the sum of two adjacent edge directions.
DIAG = [(1, 3), (-1, 3), (1, -3), (-1, -3), (2, 0), (-2, 0)]


def on_a_line(v):
    for d in ORTH + DIAG:
        for k in range(1, 4):
            if (d[0] * k, d[1] * k) == v:
                return True
    return False


# Knight: one orthogonal then one diagonal step, away from the start (on no
# line through it).
KNIGHT = sorted({(o[0] + d[0], o[1] + d[1]) for o in ORTH for d in DIAG
                 if (o[0] + d[0], o[1] + d[1]) != (0, 0) and not on_a_line((o[0] + d[0], o[1] + d[1]))})
assert len(KNIGHT) == 12, KNIGHT


def add(c, d, k=1):
    return (c[0] + d[0] * k, c[1] + d[1] * k)


def mirror(cell):
    """Black's view: every file turned upside down."""
    name = NAME[cell]
    i = FILES.index(name[0])
    return CELLS[name[0] + str(LENGTH[i] + 1 - int(name[1:]))]


VARIANTS = {
    "glinski": {
        "fen": "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1",
        "pawn_capture": [(1, 1), (-1, 1)],  # the two forward orthogonals
        "double": "b1 c2 d3 e4 f5 g4 h3 i2 k1",
    },
    "mccooey": {
        "fen": "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
        "pawn_capture": [(1, 3), (-1, 3)],  # the two forward diagonals
        "double": "c1 d2 e3 g3 h2 i1",  # not the f-pawn
    },
}


def rank_cells(r):
    """The cells of rank r from file a towards l, as the FEN lists them."""
    out = []
    for i, f in enumerate(FILES):
        if r <= LENGTH[i]:
            out.append(CELLS[f + str(r)])
    return out


def parse_fen(fen):
    parts = fen.split()
    board = {}
    rows = parts[0].split("/")
    assert len(rows) == 11
    for k, row in enumerate(rows):
        cells = rank_cells(11 - k)
        j = 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                j += int(num)
                num = ""
            if ch == " ":
                break
            board[cells[j]] = ch
            j += 1
        assert j == len(cells), (row, j, len(cells))
    ep = None if parts[3] == "-" else CELLS[parts[3]]
    return board, parts[1], ep


class Game:
    def __init__(self, variant, fen=None):
        self.v = VARIANTS[variant]
        self.board, self.side, self.ep = parse_fen(fen or self.v["fen"])
        white = {CELLS[s] for s in self.v["double"].split()}
        self.double = {"w": white, "b": {mirror(c) for c in white}}
        self.last = {"w": {c for c in ON if NAME[c][1:] == str(LENGTH[FILES.index(NAME[c][0])])},
                     "b": {c for c in ON if NAME[c][1:] == "1"}}

    def own(self, p, side):
        return p.isupper() == (side == "w")

    def pseudo(self, side, ep):
        """Moves as (from, to, promotion, ep_capture_victim, skipped)."""
        b = self.board
        sign = 1 if side == "w" else -1
        moves = []
        for c, p in list(b.items()):
            if not self.own(p, side):
                continue
            kind = p.lower()

            def target(t):
                return t in ON and (t not in b or not self.own(b[t], side))

            if kind in "rbq":
                dirs = (ORTH if kind in "rq" else []) + (DIAG if kind in "bq" else [])
                for d in dirs:
                    t = add(c, d)
                    while t in ON:
                        if t in b:
                            if not self.own(b[t], side):
                                moves.append((c, t, None, None, None))
                            break
                        moves.append((c, t, None, None, None))
                        t = add(t, d)
            elif kind in "kn":
                for d in (ORTH + DIAG if kind == "k" else KNIGHT):
                    t = add(c, d)
                    if target(t):
                        moves.append((c, t, None, None, None))
            else:  # pawn
                promos = ["q", "r", "b", "n"]

                def push(t, victim=None, skipped=None):
                    if t in self.last[side]:
                        for q in promos:
                            moves.append((c, t, q, victim, skipped))
                    else:
                        moves.append((c, t, None, victim, skipped))

                one = add(c, (0, 2 * sign))
                if one in ON and one not in b:
                    push(one)
                    two = add(c, (0, 4 * sign))
                    if c in self.double[side] and two in ON and two not in b:
                        push(two, skipped=one)
                for d in self.v["pawn_capture"]:
                    t = add(c, (d[0], d[1] * sign))
                    if t not in ON:
                        continue
                    if t in b and not self.own(b[t], side):
                        push(t)
                    elif t == ep and t not in b:
                        push(t, victim=add(t, (0, -2 * sign)))
        return moves

    def attacked_king(self, side):
        """Can the other side take side's king?"""
        king = "K" if side == "w" else "k"
        where = [c for c, p in self.board.items() if p == king]
        other = "b" if side == "w" else "w"
        return any(m[1] in where for m in self.pseudo(other, None))

    def make(self, m):
        c, t, q, victim, skipped = m
        b = self.board
        undo = (dict(b), self.side, self.ep)
        p = b.pop(c)
        if victim:
            b.pop(victim, None)
        if q:
            p = q.upper() if p.isupper() else q
        b[t] = p
        self.ep = skipped
        self.side = "b" if self.side == "w" else "w"
        return undo

    def unmake(self, undo):
        self.board, self.side, self.ep = undo

    def legal(self):
        out = []
        me = self.side
        for m in self.pseudo(me, self.ep):
            u = self.make(m)
            if not self.attacked_king(me):
                out.append(m)
            self.unmake(u)
        return out

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal()
        if depth == 1:
            return len(moves)
        n = 0
        for m in moves:
            u = self.make(m)
            n += self.perft(depth - 1)
            self.unmake(u)
        return n


if __name__ == "__main__":
    variant, depth = sys.argv[1], int(sys.argv[2])
    fen = " ".join(sys.argv[3:]) or None
    g = Game(variant, fen)
    for d in range(1, depth + 1):
        print(d, g.perft(d))
