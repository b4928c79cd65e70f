#!/usr/bin/env python3
"""An independent perft for the fairy conditions Andernach, Patrol, Grid,
Rifle and Checkless, written from varia's definitions of them (the
headers of variants/andernach.lua, patrol.lua, grid.lua, rifle.lua and
checkless.lua, and docs/variants/) without varia's code: a plain 0x88-free
mailbox generator in Python, checked first against orthodox chess's published counts (Chess
Programming Wiki, "Perft Results": 20, 400, 8902, 197281 from the start;
2039, 97862 from "Kiwipete"; 2812, 9467, 62379 at depth 3 from positions
3, 4 and 5).

It is the cross-check behind the counts in tests/perft/conditions.perft:
    python3 tests/cross/conditions.py CONDITION DEPTH [FEN]
prints the perft count. Slow (pure Python); not run by make test.
"""
import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
N, B, R, K = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)], \
    [(1, 1), (1, -1), (-1, 1), (-1, -1)], [(1, 0), (-1, 0), (0, 1), (0, -1)], None
K = B + R


def colour(p):
    return None if p is None else ('w' if p.isupper() else 'b')


def other(c):
    return 'b' if c == 'w' else 'w'


def sq(f, r):
    return f + 8 * r if 0 <= f < 8 and 0 <= r < 8 else None


def name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


class Pos:
    def __init__(self, fen):
        parts = fen.split()
        self.board = [None] * 64
        for i, row in enumerate(parts[0].split('/')):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    self.board[sq(f, 7 - i)] = ch
                    f += 1
        self.side = parts[1]
        self.castling = set('' if parts[2] == '-' else parts[2])
        self.ep = None if parts[3] == '-' else (ord(parts[3][0]) - 97) + 8 * (int(parts[3][1]) - 1)
        self.marked = set()  # Andernach: pawns that may not double-step

    def copy(self):
        p = Pos.__new__(Pos)
        p.board, p.side, p.castling, p.ep, p.marked = self.board[:], self.side, set(self.castling), self.ep, set(self.marked)
        return p


def attacks(board, s):
    """Squares the piece on s attacks by its ordinary capturing move."""
    p = board[s]
    f, r = s % 8, s // 8
    out = []
    t = p.upper()
    if t == 'P':
        d = 1 if p == 'P' else -1
        for df in (-1, 1):
            x = sq(f + df, r + d)
            if x is not None:
                out.append(x)
    elif t in 'NK':
        for df, dr in (N if t == 'N' else K):
            x = sq(f + df, r + dr)
            if x is not None:
                out.append(x)
    else:
        dirs = B if t == 'B' else R if t == 'R' else K
        for df, dr in dirs:
            x, y = f + df, r + dr
            while sq(x, y) is not None:
                out.append(sq(x, y))
                if board[sq(x, y)] is not None:
                    break
                x, y = x + df, y + dr
    return out


def attackers(board, s, c):
    return [a for a in range(64) if colour(board[a]) == c and s in attacks(board, a)]


def cell(s):
    return (s % 8) // 2, (s // 8) // 2


class Rules:
    """Orthodox chess; each condition below overrides what it changes."""
    def attacked(self, board, s, by):
        return bool(attackers(board, s, by))

    def allowed(self, pos, m):
        return True

    def effects(self, before, after, m):
        pass

    def king(self, board, c):
        for s in range(64):
            if board[s] == ('K' if c == 'w' else 'k'):
                return s

    def in_check(self, board, c):
        k = self.king(board, c)
        return k is not None and self.attacked(board, k, other(c))

    def legal_after(self, after, mover):
        return not self.in_check(after.board, mover)

    # a move: (from, to, kind, promo); kind in move double ep castle promo
    def pseudo(self, pos):
        b, c = pos.board, pos.side
        ms = []
        for s in range(64):
            p = b[s]
            if colour(p) != c:
                continue
            f, r = s % 8, s // 8
            if p.upper() == 'P':
                d = 1 if c == 'w' else -1
                last = 7 if c == 'w' else 0
                one = sq(f, r + d)
                if one is not None and b[one] is None:
                    if one // 8 == last:
                        ms += [(s, one, 'promo', q) for q in 'QRBN']
                    else:
                        ms.append((s, one, 'move', None))
                        two = sq(f, r + 2 * d)
                        if r == (1 if c == 'w' else 6) and b[two] is None:
                            ms.append((s, two, 'double', None))
                for x in attacks(b, s):
                    if colour(b[x]) == other(c):
                        if x // 8 == last:
                            ms += [(s, x, 'promo', q) for q in 'QRBN']
                        else:
                            ms.append((s, x, 'move', None))
                    elif x == pos.ep:
                        ms.append((s, x, 'ep', None))
            else:
                for x in attacks(b, s):
                    if colour(b[x]) != c:
                        ms.append((s, x, 'move', None))
        # castling: the king on e1/e8, the rook on h or a, orthodox conditions
        home = 0 if c == 'w' else 56
        for right, rook, kto, between, path in (('K', 7, 6, (5, 6), (4, 5, 6)), ('Q', 0, 2, (1, 2, 3), (4, 3, 2))):
            r = right if c == 'w' else right.lower()
            if r in pos.castling and b[home + 4] == ('K' if c == 'w' else 'k') and \
                    b[home + rook] == ('R' if c == 'w' else 'r') and all(b[home + x] is None for x in between) and \
                    not any(self.attacked(b, home + x, other(c)) for x in path):
                ms.append((home + 4, home + kto, 'castle', None))
        return ms

    def make(self, pos, m):
        fr, to, kind, promo = m
        a = pos.copy()
        b = a.board
        p = b[fr]
        captured, capsq = None, None
        if kind == 'ep':
            capsq = to - 8 if pos.side == 'w' else to + 8
        elif b[to] is not None:
            capsq = to
        if capsq is not None:
            captured = b[capsq]
            b[capsq] = None
        b[to] = p if kind != 'promo' else (promo if pos.side == 'w' else promo.lower())
        b[fr] = None
        a.marked.discard(fr)
        if kind == 'castle':
            home = fr - 4
            if to == home + 6:
                b[home + 5], b[home + 7] = b[home + 7], None
            else:
                b[home + 3], b[home] = b[home], None
        a.ep = (fr + to) // 2 if kind == 'double' else None
        for s, rights in ((4, 'KQ'), (0, 'Q'), (7, 'K'), (60, 'kq'), (56, 'q'), (63, 'k')):
            if s in (fr, to, capsq):
                a.castling -= set(rights)
        a.side = other(pos.side)
        self.effects(pos, a, (fr, to, kind, promo, captured, capsq))
        return a

    def legal(self, pos):
        out = []
        for m in self.pseudo(pos):
            if not self.allowed(pos, m):
                continue
            a = self.make(pos, m)
            if self.legal_after(a, pos.side):
                out.append(m)
        return out

    def perft(self, pos, d):
        ms = self.legal(pos)
        if d == 1:
            return len(ms)
        return sum(self.perft(self.make(pos, m), d - 1) for m in ms)


class Andernach(Rules):
    def allowed(self, pos, m):
        return not (m[2] == 'double' and m[0] in pos.marked)

    def effects(self, before, after, m):
        fr, to, kind, promo, captured, capsq = m
        p = after.board[to]
        if captured is None or p.upper() == 'K':
            return
        q = p.lower() if p.isupper() else p.upper()
        after.board[to] = q
        if q == 'p' and to // 8 == 6 or q == 'P' and to // 8 == 1:
            after.marked.add(to)


class Patrol(Rules):
    def observed(self, board, s):
        return bool(attackers(board, s, colour(board[s])))

    def attacked(self, board, s, by):
        return any(self.observed(board, a) for a in attackers(board, s, by))

    def allowed(self, pos, m):
        fr, to, kind, _ = m
        captures = kind == 'ep' or (kind != 'castle' and pos.board[to] is not None)
        return not captures or self.observed(pos.board, fr)


class Grid(Rules):
    def attacked(self, board, s, by):
        return any(cell(a) != cell(s) for a in attackers(board, s, by))

    def allowed(self, pos, m):
        return cell(m[0]) != cell(m[1])  # castling: to is the king's square here


class Rifle(Rules):
    def pseudo(self, pos):
        out, seen = [], set()
        for m in Rules.pseudo(self, pos):
            fr, to, kind, promo = m
            if kind == 'promo' and pos.board[to] is not None:
                if (fr, to) not in seen:
                    seen.add((fr, to))
                    out.append((fr, to, 'shot', None))
            else:
                out.append(m)
        return out

    def make(self, pos, m):
        if m[2] == 'shot':
            a = pos.copy()
            fr, to = m[0], m[1]
            a.board[to] = None
            for s, rights in ((0, 'Q'), (7, 'K'), (56, 'q'), (63, 'k')):
                if s == to:
                    a.castling -= set(rights)
            a.ep, a.side = None, other(pos.side)
            return a
        return Rules.make(self, pos, m)

    def effects(self, before, after, m):
        fr, to, kind, promo, captured, capsq = m
        if captured is not None:
            after.board[fr], after.board[to] = after.board[to], None


class Checkless(Rules):
    def legal_after(self, after, mover):
        if self.in_check(after.board, mover):
            return False
        if self.in_check(after.board, after.side):
            return not self.legal(after)
        return True


CONDITIONS = {'chess': Rules, 'andernach': Andernach, 'patrol': Patrol, 'grid': Grid,
              'rifle': Rifle, 'checkless': Checkless}

if __name__ == '__main__':
    rules = CONDITIONS[sys.argv[1]]()
    fen = ' '.join(sys.argv[3:]) if len(sys.argv) > 3 else START
    print(rules.perft(Pos(fen), int(sys.argv[2])))
