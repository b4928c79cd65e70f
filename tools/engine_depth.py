#!/usr/bin/env python3
"""make engine-depth: the depth varia's engine reaches in one second a
move, for orthodox chess and each catalogue script written with rule hooks
(docs/engine.md, "Depth at one second a move"). Over UCI: `go movetime
1000` in three positions (the start, after 1.e4 e5, after 1.d4 d5 2.c4),
the depth of the last full iteration reported, and the median of the
three. Prints a Markdown table.

    python3 tools/engine_depth.py [VARIANT...]   (ENGINE_DEPTH_MS: the time)

The machine's load changes the figures: run it niced, on a quiet machine
where possible, and say how loaded it was beside them.
"""
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "varia")
MS = int(os.environ.get("ENGINE_DEPTH_MS", "1000"))
CATALOGUE = ["chess", "circe", "rifle", "patrol", "checkless", "grid", "andernach",
             "madrasi", "takemake", "alice", "cylinder"]
POSITIONS = ["startpos", "startpos moves e2e4 e7e5", "startpos moves d2d4 d7d5 c2c4"]


def depth_in(variant, position):
    """The depth of the deepest iteration reported in MS milliseconds, and
    the nodes per second it reported. (Where a turn has more steps than
    one, as Take & Make's capture and its continuation, the engine plays
    the first step and then finds the rest in a short search of its own,
    whose shallow lines come last.)"""
    p = subprocess.Popen([VARIA, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("uci\nsetoption name UCI_Variant value %s\nucinewgame\nisready\n" % variant)
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    p.stdin.write("position %s\ngo movetime %d\n" % (position, MS))
    p.stdin.flush()
    depth, nodes = 0, 0  # (nodes: per second)
    for line in p.stdout:
        words = line.split()
        if words[:1] == ["info"] and "depth" in words and "nodes" in words:
            d = int(words[words.index("depth") + 1])
            if d >= depth:
                depth = d
                if "nps" in words:
                    nodes = int(words[words.index("nps") + 1])
        if words[:1] == ["bestmove"]:
            break
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait(timeout=30)
    return depth, nodes


def main():
    variants = sys.argv[1:] or CATALOGUE
    print("| variant | depth (median of 3) | depths | nodes per second (median) |")
    print("|---|---|---|---|")
    for v in variants:
        runs = [depth_in(v, pos) for pos in POSITIONS]
        depths = [d for d, _ in runs]
        nps = statistics.median(n for _, n in runs)
        print("| %s | %d | %s | %d |" % (v, statistics.median(depths), " ".join(map(str, depths)), nps))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
