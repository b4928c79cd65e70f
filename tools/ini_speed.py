#!/usr/bin/env python3
"""Perft speed of each section of Fairy-Stockfish's own variants.ini, varia
beside the native current Fairy-Stockfish (docs/internals.md, "The
sections of Fairy-Stockfish's variants.ini under 2x").

For each section (or those named): varia's perft from the start at the
first depth where it takes a second of CPU time (or the depth before, where
the next one would take over six), then Fairy-Stockfish's at that depth
(`setoption name VariantPath`, `UCI_Variant`, `go perft N`), stopped once it
has taken CAP times varia's time (the ratio printed as ">CAP"). Below 2.4x
both are run three times and the medians taken. CPU time (user + sys) of
the child processes, niced; Fairy-Stockfish's start-up (its `go perft 1`)
is in its figure and printed apart. One line a section, tab-separated:
section, depth, nodes, varia s, Fairy-Stockfish s, its start-up s, ratio,
ratio less the start-up, runs (MISMATCH where the counts differ).

    FAIRY_STOCKFISH_CURRENT=PATH python3 tools/ini_speed.py [SECTION...]

VARIA (default ./varia), CAP (default 2.6), DEPTHS (a JSON file of
section: depth, to time at those depths) and SKIP (a file whose lines
start with sections to leave out) may be set. The machine's load changes
the figures: run it on a quiet machine where possible.
"""
import os, re, subprocess, sys, resource, json, time
INI = "tests/fsf/current/variants.ini"
FSF = os.environ.get("FAIRY_STOCKFISH_CURRENT")
if not FSF:
    sys.exit("tools/ini_speed.py: set FAIRY_STOCKFISH_CURRENT to the native Fairy-Stockfish")
VARIA = os.environ.get("VARIA", "./varia")
CAP = float(os.environ.get("CAP", "2.6"))   # FSF stopped once it has taken CAP times varia's
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN); return r.ru_utime + r.ru_stime
def varia(sec, d):
    t = cpu()
    p = subprocess.run(["nice", VARIA, "perft", "--variant", f"{INI}:{sec}", str(d)], capture_output=True, text=True)
    t = cpu() - t
    m = re.search(r"Nodes searched: (\d+)", p.stdout)
    return (int(m.group(1)) if m else None), t
def fsf(sec, d, limit=None):
    t = cpu()
    inp = f"uci\nsetoption name VariantPath value {INI}\nsetoption name UCI_Variant value {sec}\nposition startpos\ngo perft {d}\n"
    p = subprocess.Popen(["nice", FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(inp); p.stdin.flush()
    n = None
    if limit:
        p.stdin.close()   # FSF perft quits at EOF once the count is done
        tick = os.sysconf("SC_CLK_TCK")
        while p.poll() is None:
            try:
                f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
                used = (int(f[11]) + int(f[12])) / tick
            except (OSError, IndexError):
                used = 0
            if used > limit:
                p.kill(); p.wait(); return None, cpu() - t
            time.sleep(0.1)
        out = p.stdout.read()
        m = re.search(r"Nodes searched: (\d+)", out)
        return (int(m.group(1)) if m else None), cpu() - t
    for line in p.stdout:
        m = re.match(r"Nodes searched: (\d+)", line)
        if m: n = int(m.group(1)); break
    p.stdin.write("quit\n"); p.stdin.close(); p.wait()
    return n, cpu() - t
secs = [l[1:-1].split(":")[0] for l in open(INI).read().split("\n") if re.match(r"^\[[^\]]+\]$", l)]
only = sys.argv[1:]
if only: secs = [s for s in secs if s in only]
if os.environ.get("SKIP"):
    done = {l.split("\t")[0] for l in open(os.environ["SKIP"])}
    secs = [s for s in secs if s not in done]
fixed = json.load(open(os.environ["DEPTHS"])) if os.environ.get("DEPTHS") else {}
for sec in secs:
    if sec in fixed:
        d = fixed[sec]; n, tv = varia(sec, d)
    else:
        d, tv, n, prev = 0, 0, None, None
        while tv < 1.0 and d < 40:
            d += 1
            n, tv = varia(sec, d)
            if n is None: break
            if n == 0 and d > 1:  # the tree ended: its last depth
                d -= 1
                n, tv = varia(sec, d)
                break
            if d > 1 and n == prev: break
            if d > 1 and tv < 1.0 and tv * n / max(prev, 1) > 6: break  # next too long
            prev = n
    if n is None: print(f"{sec}\t{d}\tERROR", flush=True); continue
    _, f1 = fsf(sec, 1)
    fn, tf = fsf(sec, d, limit=CAP * tv + 1)
    if fn is None:
        print(f"{sec}\t{d}\t{n}\t{tv:.2f}\t>{tf:.2f}\t{f1:.2f}\t>{tf/tv:.1f}\t\tk=1", flush=True); continue
    k, r = 1, tf / tv
    if r < 2.4:  # close: medians of 3
        tvs = sorted([tv] + [varia(sec, d)[1] for _ in range(2)])
        tfs = sorted([tf] + [fsf(sec, d)[1] for _ in range(2)])
        tv, tf, k = tvs[1], tfs[1], 3
        r = tf / tv
    r0 = (tf - f1) / max(tv - 0.0, 1e-9)
    flag = "" if fn == n else f" MISMATCH fsf={fn}"
    print(f"{sec}\t{d}\t{n}\t{tv:.2f}\t{tf:.2f}\t{f1:.2f}\t{r:.2f}\t{r0:.2f}\tk={k}{flag}", flush=True)
