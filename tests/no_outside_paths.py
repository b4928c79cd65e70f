#!/usr/bin/env python3
"""No tracked file names a path outside the repository.

A fresh clone has nothing but its own files: a doc, a script header or a
test that cites a file of the machine it was written on (the working
folder the project grew in, or a sibling "shared" folder next to the
checkout) cites something no reader has. Rules and sources are stated in
the project's own words and cited by their public title, author and URL.

Every text file that git tracks is searched (binary files are skipped),
so files added later are covered without a list to keep. Each offence is
printed as file:line: text; the exit status is 1 if there is any.
Before the search, a planted offence in a scratch repository must be
found, so that the check cannot silently pass.

Usage: tests/no_outside_paths.py [ROOT]
"""
import os
import re
import subprocess
import sys
import tempfile

# Written in pieces so that this file does not match itself.
WORK = "/" + "work/"
OUTSIDE = re.compile("|".join([
    re.escape("../" + "shared"),   # the sibling folder, relative
    re.escape(WORK),               # the working folder, absolute (its shared/ too)
]))


def offences(root):
    """(file, line number, line) for each match in root's tracked text files."""
    files = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True,
                           check=True).stdout.decode().split("\0")
    found = []
    for name in files:
        path = os.path.join(root, name)
        if not name or os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data:  # binary: fuzz corpora, images
            continue
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.split("\n"), 1):
            if OUTSIDE.search(line):
                found.append((name, number, line.strip()))
    return found


def planted_is_found():
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(["git", "init", "-q", scratch], check=True)
        with open(os.path.join(scratch, "page.md"), "w") as f:
            f.write("ok\nRules: `../" + "shared/rules/x.md`.\n")
        with open(os.path.join(scratch, "untracked.md"), "w") as f:
            f.write(WORK + "x\n")
        subprocess.run(["git", "-C", scratch, "add", "page.md"], check=True)
        return offences(scratch) == [("page.md", 2, "Rules: `../" + "shared/rules/x.md`.")]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not planted_is_found():
        print("self-check failed: a planted path outside the repository was not found")
        return 1
    found = offences(root)
    for name, number, line in found:
        print("%s:%d: names a path outside the repository: %s" % (name, number, line))
    print("%d paths outside the repository in tracked files" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
