#!/usr/bin/env python3
"""An independent move counter for Alice chess, written from the rules
text (variants/alice.lua's header, docs/variants/alice.md), not from
varia's code: two boards as two arrays, every move made on one board and
checked there as orthodox chess, then the piece passed through the glass.

    python3 tests/alice_reference.py FEN DEPTH [--divide]

prints 'Nodes searched: N' (with --divide, 'uci: count' lines first). A
FEN's pieces all stand on board A unless its 'varia:attr=SQ.1,...'
extension puts them on B. The rules it follows:

- A move is made on the board its piece stands on, legal there as in
  orthodox chess on that board alone: only that board's pieces block and
  are captured; if the mover's king stands on that board, it is not in
  check there after the move.
- Then the piece passes to the same square of the other board, which
  must be empty; after that the mover's king is not in check on its own
  board. A king is in check when an enemy piece on its board attacks it.
- Castling: king and rook on one board, with the orthodox conditions on
  that board (squares between empty, the king not in check, not passing
  or landing on an attacked square); both pass, so the squares they land
  on must be empty on the other board.
- En passant only against a pawn on the same board, with the target
  square empty on that board (and, for the transfer, on the other).
- A pawn promotes on its board and the new piece passes.
"""
import sys

N = 8
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(s):
    return "abcdefgh"[s % N] + str(s // N + 1)


def parse_sq(t):
    return "abcdefgh".index(t[0]) + N * (int(t[1:]) - 1)


def colour(p):
    return "w" if p.isupper() else "b"


def step(s, df, dr):
    f, r = s % N + df, s // N + dr
    return f + N * r if 0 <= f < N and 0 <= r < N else None


def attacked(board, s, by):
    """Does colour by attack square s on this one board?"""
    up = 1 if by == "w" else -1
    pawn, knight, king = ("P", "N", "K") if by == "w" else ("p", "n", "k")
    for df in (-1, 1):
        t = step(s, df, -up)
        if t is not None and board[t] == pawn:
            return True
    for df, dr in KNIGHT:
        t = step(s, df, dr)
        if t is not None and board[t] == knight:
            return True
    for df, dr in KING:
        t = step(s, df, dr)
        if t is not None and board[t] == king:
            return True
    for dirs, kinds in ((ROOK_DIRS, "RQ"), (BISHOP_DIRS, "BQ")):
        if by == "b":
            kinds = kinds.lower()
        for df, dr in dirs:
            t = step(s, df, dr)
            while t is not None:
                if board[t] is not None:
                    if board[t] in kinds:
                        return True
                    break
                t = step(t, df, dr)
    return False


class Pos:
    def __init__(self, boards, side, rights, ep):
        self.boards = boards  # [A, B]: 64 cells each, a letter or None
        self.side = side
        self.rights = rights  # a set of "K", "Q", "k", "q"
        self.ep = ep          # (target square, board of the pawn to take) or None


def from_fen(fen):
    parts = fen.split()
    boards = [[None] * 64, [None] * 64]
    rows = parts[0].split("/")
    for i, row in enumerate(rows):
        r = N - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                boards[0][f + N * r] = ch
                f += 1
    for extra in parts[6:]:
        if extra.startswith("varia:attr="):
            for item in extra[len("varia:attr="):].split(","):
                sqname, value = item.split(".")
                s = parse_sq(sqname)
                if int(value) & 1:
                    boards[1][s], boards[0][s] = boards[0][s], None
    rights = set(parts[2]) - {"-"}
    ep = None
    if parts[3] != "-":
        t = parse_sq(parts[3])
        victim = t + (-N if parts[1] == "b" else N)
        for b in (0, 1):
            if boards[b][victim] is not None:
                ep = (t, b)
    return Pos(boards, parts[1], rights, ep)


def king_square(pos, c):
    k = "K" if c == "w" else "k"
    for b in (0, 1):
        for s in range(64):
            if pos.boards[b][s] == k:
                return b, s
    return None


def in_check(pos, c):
    b, s = king_square(pos, c)
    return attacked(pos.boards[b], s, "b" if c == "w" else "w")


# Rights lost by a move from or onto these squares.
RIGHT_SQUARES = {parse_sq("e1"): "KQ", parse_sq("h1"): "K", parse_sq("a1"): "Q",
                 parse_sq("e8"): "kq", parse_sq("h8"): "k", parse_sq("a8"): "q"}


def orthodox_moves(pos, b):
    """The side's moves on board b alone, as (from, to, promotion, kind)."""
    board, us = pos.boards[b], pos.side
    up = 1 if us == "w" else -1
    out = []
    for s in range(64):
        p = board[s]
        if p is None or colour(p) != us:
            continue
        t = p.upper()
        if t == "P":
            last = N - 1 if us == "w" else 0
            start = 1 if us == "w" else N - 2
            promos = "QRBN" if us == "w" else "qrbn"

            def add(to, kind="move"):
                if to // N == last:
                    for q in promos:
                        out.append((s, to, q, kind))
                else:
                    out.append((s, to, None, kind))
            one = step(s, 0, up)
            if one is not None and board[one] is None:
                add(one)
                two = step(one, 0, up)
                if s // N == start and board[two] is None:
                    out.append((s, two, None, "double"))
            for df in (-1, 1):
                to = step(s, df, up)
                if to is None:
                    continue
                if board[to] is not None and colour(board[to]) != us:
                    add(to)
                elif pos.ep and pos.ep[0] == to and pos.ep[1] == b and board[to] is None:
                    out.append((s, to, None, "ep"))
        elif t in "NK":
            for df, dr in (KNIGHT if t == "N" else KING):
                to = step(s, df, dr)
                if to is not None and (board[to] is None or colour(board[to]) != us):
                    out.append((s, to, None, "move"))
        else:
            dirs = ROOK_DIRS if t == "R" else BISHOP_DIRS if t == "B" else ROOK_DIRS + BISHOP_DIRS
            for df, dr in dirs:
                to = step(s, df, dr)
                while to is not None:
                    if board[to] is None:
                        out.append((s, to, None, "move"))
                    else:
                        if colour(board[to]) != us:
                            out.append((s, to, None, "move"))
                        break
                    to = step(to, df, dr)
    return out


def castlings(pos, b):
    """Castlings on board b, as (king from, king to, rook from, rook to)."""
    us, them = pos.side, "b" if pos.side == "w" else "w"
    board = pos.boards[b]
    rank = 0 if us == "w" else N - 1
    k, r = ("K", "R") if us == "w" else ("k", "r")
    e = 4 + N * rank
    out = []
    if board[e] != k:
        return out
    for right, rook_file, king_file, between in (("K", 7, 6, (5, 6)), ("Q", 0, 2, (1, 2, 3))):
        if (right if us == "w" else right.lower()) not in pos.rights:
            continue
        rf = rook_file + N * rank
        if board[rf] != r:
            continue
        if any(board[f + N * rank] is not None for f in between):
            continue
        kt = king_file + N * rank
        rt = (5 if right == "K" else 3) + N * rank
        path = range(4, king_file, 1 if king_file > 4 else -1)
        if any(attacked(board, f + N * rank, them) for f in path):
            continue
        out.append((e, kt, rf, rt))
    return out


def play(pos, b, move):
    """The position after move on board b and its transfer, or None when it
    is not legal."""
    s, to, promo, kind = move
    other = 1 - b
    boards = [pos.boards[0][:], pos.boards[1][:]]
    here, there = boards[b], boards[other]
    us = pos.side
    rights = set(pos.rights)
    ep = None
    if kind == "castle":
        e, kt, rf, rt = s, to, promo[0], promo[1]
        king, rook = here[e], here[rf]
        here[e] = here[rf] = None
        here[kt], here[rt] = king, rook
        # legal on this board: the king not attacked where it lands
        if attacked(here, kt, "b" if us == "w" else "w"):
            return None
        if there[kt] is not None or there[rt] is not None:
            return None
        there[kt], there[rt] = here[kt], here[rt]
        here[kt] = here[rt] = None
        rights -= set("KQ" if us == "w" else "kq")
    else:
        piece = here[s]
        here[s] = None
        if kind == "ep":
            here[to + (-N if us == "w" else N)] = None
        here[to] = promo if promo else piece
        king = king_square(Pos(boards, us, rights, None), us)
        if king[0] == b and attacked(here, king[1], "b" if us == "w" else "w"):
            return None
        if there[to] is not None:
            return None
        there[to], here[to] = here[to], None
        if kind == "double":
            ep = ((s + to) // 2, other)
        for sqr in (s, to):
            rights -= set(RIGHT_SQUARES.get(sqr, ""))
    after = Pos(boards, "b" if us == "w" else "w", rights, ep)
    if in_check(after, us):
        return None
    return after


def legal(pos):
    out = []
    for b in (0, 1):
        for m in orthodox_moves(pos, b):
            nxt = play(pos, b, m)
            if nxt:
                uci = name(m[0]) + name(m[1]) + (m[2].lower() if m[2] else "")
                out.append((uci, nxt))
        for e, kt, rf, rt in castlings(pos, b):
            nxt = play(pos, b, (e, kt, (rf, rt), "castle"))
            if nxt:
                out.append((name(e) + name(kt), nxt))
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(nxt, depth - 1) for _, nxt in moves)


def main():
    args = [a for a in sys.argv[1:] if a != "--divide"]
    fen, depth = args[0], int(args[1])
    pos = from_fen(fen)
    total = 0
    for uci, nxt in sorted(legal(pos)) if depth > 0 else []:
        n = perft(nxt, depth - 1)
        total += n
        if "--divide" in sys.argv:
            print(f"{uci}: {n}")
    print(f"Nodes searched: {total}")


if __name__ == "__main__":
    main()
