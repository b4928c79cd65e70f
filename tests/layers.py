#!/usr/bin/env python3
"""The layers of src/ (docs/internals.md, "Layers"), checked from the
includes themselves: every `#include "..."` in src/*/*.[ch] is resolved to
a file, and the check fails on

  - an include that resolves to no file, or to files in two folders (its
    meaning would then depend on the order of the -I options);
  - an include of a higher layer (core < engine < lua < front): the
    Makefile's include paths refuse it too, but only when that file is
    compiled, and a header included only from the layer above slips by;
  - an include of <lua.h>, <lauxlib.h>, <lualib.h> below the Lua layer, or
    of <microhttpd.h> below the front ends;
  - any cycle of includes between modules (a .c and its .h are one
    module), within a layer as well as across: the front ends have no
    order of their own beyond that (main.c, which has no header, is on
    top by construction).

KNOWN_CYCLES lists the cycles that exist today and are to be removed;
each must still exist (the entry goes when the cycle does).

Usage: tests/layers.py [ROOT]     prints each offence, exits 1 if any
       tests/layers.py --self-test  plants each kind of offence in a
                                    temporary copy of src/ and fails unless
                                    the check reports it
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

LAYERS = ["core", "engine", "lua", "front"]  # bottom up

# Angle-bracket headers and the lowest layer that may include them.
SYSTEM_HEADERS = {
    "lua.h": "lua", "lauxlib.h": "lua", "lualib.h": "lua",
    "microhttpd.h": "front",
}

# Cycles known today, each to be removed (none: the last, sandbox <->
# charged, went when the budget became a module of its own, budget.c).
KNOWN_CYCLES = []

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def sources(src):
    """The .c and .h files of src/LAYER/, as paths relative to src."""
    out = []
    for layer in LAYERS:
        d = os.path.join(src, layer)
        if os.path.isdir(d):
            out += [f"{layer}/{f}" for f in sorted(os.listdir(d)) if f.endswith((".c", ".h"))]
    stray = sorted(os.path.relpath(os.path.join(d, f), src)
                   for d, _, fs in os.walk(src) for f in fs
                   if f.endswith((".c", ".h")) and os.path.dirname(os.path.relpath(os.path.join(d, f), src)) not in LAYERS)
    return out, stray


def resolve(src, includer, name):
    """The files (relative to src) that `#include "name"` in includer can
    mean: the one in the includer's own folder, where the compiler looks
    first, else every layer's folder that has it (the check looks in all of
    them, so that an include of a higher layer is found, not just refused)."""
    def at(d):
        rel = os.path.normpath(os.path.join(d, name))
        return rel if os.path.isfile(os.path.join(src, rel)) else None
    own = at(os.path.dirname(includer))
    if own:
        return [own]
    return sorted({r for r in map(at, LAYERS) if r})


def module(path):
    return os.path.splitext(path)[0]


def layer_of(path):
    return path.split("/", 1)[0]


def cycles(edges):
    """The strongly connected components of more than one module
    (Tarjan), each a sorted list."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    nodes = sorted(set(edges) | {b for bs in edges.values() for b in bs})

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return sorted(out)


def check(root, known=KNOWN_CYCLES):
    """The offences in root/src, as lines of text."""
    src = os.path.join(root, "src")
    files, stray = sources(src)
    bad = [f"src/{f}: not in a layer's folder (src/{{{','.join(LAYERS)}}}/)" for f in stray]
    edges, why = {}, {}
    for f in files:
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            text = fh.read()
        for m in INCLUDE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            where = f"src/{f}:{line}"
            kind, name = m.group(1), m.group(2)
            if kind == "<":
                lowest = SYSTEM_HEADERS.get(name)
                if lowest and LAYERS.index(layer_of(f)) < LAYERS.index(lowest):
                    bad.append(f"{where}: <{name}> in the {layer_of(f)} layer "
                               f"(only {lowest} and above may use it)")
                continue
            targets = resolve(src, f, name)
            if not targets:
                bad.append(f"{where}: \"{name}\" is no file in src/{{{','.join(LAYERS)}}}/")
                continue
            if len(targets) > 1:
                bad.append(f"{where}: \"{name}\" could be any of "
                           + ", ".join(f"src/{t}" for t in targets))
                continue
            t = targets[0]
            if LAYERS.index(layer_of(t)) > LAYERS.index(layer_of(f)):
                bad.append(f"{where}: includes src/{t}, a higher layer "
                           f"({layer_of(f)} may include {', '.join(LAYERS[:LAYERS.index(layer_of(f)) + 1])})")
            a, b = module(f), module(t)
            if a != b:
                edges.setdefault(a, set()).add(b)
                why.setdefault((a, b), f"{where}")
    found = cycles(edges)
    for comp in found:
        if frozenset(comp) in known:
            continue
        inside = sorted(f"{why[(a, b)]} ({a} -> {b})" for a in comp for b in edges.get(a, ()) if b in comp)
        bad.append("a cycle of includes between " + ", ".join(comp) + ": " + "; ".join(inside))
    for k in known:
        if sorted(k) not in found:
            bad.append("tests/layers.py: KNOWN_CYCLES names " + " <-> ".join(sorted(k))
                       + ", which is no longer a cycle: delete the entry")
    return bad


def self_test(root):
    """Plants each offence in a copy of src/ and checks it is reported;
    prints what failed, returns the number of failures."""
    cases = [
        ("an upward include", "core/board.c", '#include "sandbox.h"\n',
         "src/core/board.c:1: includes src/lua/sandbox.h, a higher layer"),
        ("an upward include in a header", "engine/search.h", '#include "cli.h"\n',
         "src/engine/search.h:1: includes src/front/cli.h, a higher layer"),
        ("a relative upward include", "core/perft.c", '#include "../front/serve.h"\n',
         "src/core/perft.c:1: includes src/front/serve.h, a higher layer"),
        ("Lua in the engine", "engine/belief.c", "#include <lauxlib.h>\n",
         "src/engine/belief.c:1: <lauxlib.h> in the engine layer"),
        ("an include of no file", "front/pgn.c", '#include "nosuch.h"\n',
         "src/front/pgn.c:1: \"nosuch.h\" is no file"),
        ("a cycle in the core", "core/position.h", '#include "perft.h"\n',
         "src/core/position.h:1 (core/position -> core/perft)"),
        ("a cycle in the front ends", "front/wire.c", '#include "match.h"\n',
         "src/front/wire.c:1 (front/wire -> front/match)"),
    ]
    failures = 0
    clean = check(root)
    if clean:
        print("self-test: the tree itself does not pass:\n  " + "\n  ".join(clean))
        failures += 1
    for what, path, planted, expected in cases:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(os.path.join(root, "src"), os.path.join(tmp, "src"))
            target = os.path.join(tmp, "src", path)
            with open(target, encoding="utf-8") as fh:
                text = fh.read()
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(planted + text)
            # Run as a program, as CI does: the exit status counts too.
            run = subprocess.run([sys.executable, os.path.abspath(__file__), tmp],
                                 capture_output=True, text=True)
            if run.returncode != 1 or expected not in run.stdout:
                print(f"self-test: {what} (planted in src/{path}) is not reported as "
                      f"'{expected}' (exit {run.returncode}):\n{run.stdout}")
                failures += 1
    stale = check(root, KNOWN_CYCLES + [frozenset({"core/board", "front/main"})])
    if not any("core/board <-> front/main, which is no longer a cycle" in b for b in stale):
        print("self-test: a stale KNOWN_CYCLES entry is not reported")
        failures += 1
    if KNOWN_CYCLES:
        fixed = check(root, [])
        if not any(b.startswith("a cycle of includes between " + ", ".join(sorted(KNOWN_CYCLES[0])))
                   for b in fixed):
            print("self-test: a cycle left out of KNOWN_CYCLES is not reported")
            failures += 1
    print(f"{failures} self-test failures")
    return failures


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        root = args[1] if len(args) > 1 else "."
        return 1 if self_test(root) else 0
    root = args[0] if args else "."
    bad = check(root)
    for b in bad:
        print(b)
    print(f"{len(bad)} layering offences in src/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
