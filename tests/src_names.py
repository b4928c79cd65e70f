#!/usr/bin/env python3
"""The C core names no variant: no string literal in src/*/*.[ch], and no
quoted word in a comment there, is the name of a script in variants/.
What other programs call a variant is in the script's `names` table
(docs/api.md), not in C.

The few uses that stay are counted exactly below, with the reason; a use
more or fewer than its count fails, so that the list stays true.

Usage: tests/src_names.py [ROOT]; prints each offence, exits 1 if any.
"""
import os
import sys

# (file, name): (count, why it is not variant-specific logic)
ALLOWED = {
    ("front/cli.c", "chess"): (2, "the variant of a command that names none"),
    ("front/main.c", "chess"): (1, "the REPL's variant when none is named"),
    ("front/match.c", "chess"): (3, "varia match's default variant; UCI_Variant's own default name"),
    ("front/pgn.c", "chess"): (1, "a PGN game without [Variant] is chess (the PGN standard)"),
    ("front/protocol.c", "chess"): (3, "UCI_Variant's default; XBoard's new (its normal game)"),
    ("front/repl.c", "chess"): (1, "a listed game without [Variant]"),
    ("front/serve.c", "chess"): (1, "varia serve's variant when none is named"),
    ("front/protocol.c", "fairy"): (2, "XBoard's parent variant in a setup command, XBoard's word"),
    ("front/protocol.c", "crazyhouse"): (1, "XBoard's parent variant in a setup command, XBoard's word"),
    ("core/game.c", "extinction"): (1, "the name of an end (rules.extinction)"),
    ("lua/script.c", "extinction"): (2, "the rules key extinction"),
    ("lua/script.c", "cylinder"): (1, "the board shape topology = \"cylinder\" (files that wrap), not the variant"),
}


def lex(text):
    """Yields (kind, value, line): kind 'string' for a string literal's
    contents as written, 'quoted' for a "word" inside a comment."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i) or text.startswith("/*", i):
            end = text.find("\n", i) if c == "/" and text[i + 1] == "/" else text.find("*/", i + 2)
            end = n if end < 0 else end
            comment = text[i:end]
            parts = comment.split('"')
            at = line
            for k, part in enumerate(parts):
                if k % 2 == 1 and k + 1 < len(parts):
                    yield "quoted", part, at
                at += part.count("\n")
            line += comment.count("\n")
            i = end
        elif c in "\"'":
            j, start = i + 1, line
            while j < n and text[j] != c:
                if text[j] == "\\":
                    j += 1
                elif text[j] == "\n":
                    line += 1
                j += 1
            if c == '"':
                yield "string", text[i + 1:j], start
            i = j + 1
        else:
            i += 1


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    names = {f[:-4] for f in os.listdir(os.path.join(root, "variants")) if f.endswith(".lua")}
    found, bad = {}, 0
    src = os.path.join(root, "src")
    files = sorted(os.path.relpath(os.path.join(d, f), src)
                   for d, _, fs in os.walk(src) for f in fs if f.endswith((".c", ".h")))
    for f in files:
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            for kind, value, line in lex(fh.read()):
                if value not in names:
                    continue
                if kind == "string" and (f, value) in ALLOWED:
                    found[(f, value)] = found.get((f, value), 0) + 1
                    continue
                what = "a string literal" if kind == "string" else "a comment"
                print(f"src/{f}:{line}: {what} names the variant \"{value}\" (declare it in the "
                      f"script's names table: docs/api.md)")
                bad += 1
    for (f, value), (count, why) in sorted(ALLOWED.items()):
        if found.get((f, value), 0) != count:
            print(f"src/{f}: \"{value}\" {found.get((f, value), 0)} times, allowed {count} "
                  f"({why}): update tests/src_names.py if the change is right")
            bad += 1
    print(f"{bad} variant names in src/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
