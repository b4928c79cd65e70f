#!/usr/bin/env python3
"""Replays the tutorial of docs/writing-variants.md as a reader would.

The tutorial must run from a fresh clone exactly as printed. This script
copies the tracked files (git ls-files) and the built ./varia into a
temporary directory and, in the page's order, writes the files the page
tells the reader to save, runs its commands and compares what they print
with what the page shows.

What the page's markdown means to this script (docs/writing-variants.md
says the same in an HTML comment at its top):
- In a fenced `text` or `sh` block, a line starting with "$ " is a command;
  the lines after it, up to the next "$ " line or the end of the block, are
  what it prints (standard output and standard error together). All the
  commands of the page run in one bash, in order, so a variable set by one
  (FEN=...) is seen by the next.
- A block whose first line is a REPL prompt ("varia(NAME)> ") continues
  the REPL session of the last "$ ./varia SCRIPT" command of the page: the
  session is run again with every prompt line of the page so far as its
  input, and the block must match the tail of what it prints. In REPL
  blocks, the prompt lines themselves are not output (a pipe gets none).
- "<!-- replay: write FILE -->" before a block: the block is the content
  of FILE (the "Save this as" blocks).
- "<!-- replay: insert FILE after TEXT -->" before a block: its lines go
  into FILE after the first line containing TEXT (the "add this line"
  edits).
- "<!-- replay: skip -->" before a block: not replayed (a command shown
  for explanation only).
- In expected output, a line "..." stands for any number of lines.

Only what truly varies, or cannot be seen, is normalised: the "Time: ... s,
N nodes per second" line that perft writes to standard error is dropped,
and trailing spaces (the board's rows end in one) are ignored.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "writing-variants.md")
MARKER = re.compile(r"^<!-- replay: (.*?) -->\s*$")
PROMPT = re.compile(r"^varia\([^)]*\)> ?")
REPL_START = re.compile(r"^\./varia [^ -]\S*$")  # ./varia SCRIPT: the REPL
TIME_LINE = re.compile(r"^Time: [0-9.]+ s(, [0-9]+ nodes per second)?$")


def blocks(page_text):
    """Yields (line number, language, lines, marker) for each fenced block."""
    lines = page_text.split("\n")
    marker = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            marker = m.group(1)
        elif line.startswith("```"):
            lang = line[3:].strip()
            start = i + 1
            j = start
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield start, lang, lines[start:j], marker
            marker = None
            i = j
        i += 1


def steps(page_text, page_name):
    """The page as a list of steps: ('write', file, text), ('insert', file,
    after, text), ('run', line, command, expected lines) and ('repl', line,
    input lines, expected lines)."""
    out = []
    for line_no, lang, body, marker in blocks(page_text):
        where = "%s:%d" % (page_name, line_no)
        if marker == "skip":
            continue
        if marker is not None:
            w = re.match(r"^write (\S+)$", marker)
            ins = re.match(r'^insert (\S+) after "(.*)"$', marker)
            if w:
                out.append(("write", where, w.group(1), "\n".join(body) + "\n"))
            elif ins:
                out.append(("insert", where, ins.group(1), ins.group(2), body))
            else:
                raise SystemExit("%s: unknown replay marker '%s'" % (where, marker))
            continue
        if lang not in ("text", "sh"):
            continue
        if body and PROMPT.match(body[0]):
            inputs = [PROMPT.sub("", l) for l in body if PROMPT.match(l)]
            expected = [l for l in body if not PROMPT.match(l)]
            out.append(("repl", where, inputs, expected, None))
            continue
        current = None
        for k, l in enumerate(body):
            if l.startswith("$ "):
                command = l[2:]
                inputs = [] if REPL_START.match(command) else None
                current = ("run", "%s:%d" % (page_name, line_no + k), command, [], inputs)
                out.append(current)
            elif current is not None and current[4] is not None and PROMPT.match(l):
                current[4].append(PROMPT.sub("", l))
            elif current is not None:
                current[3].append(l)
    return out


def normalise(text):
    lines = [l.rstrip() for l in text.rstrip("\n").split("\n")] if text.strip() else []
    return [l for l in lines if not TIME_LINE.match(l)]


def matches(expected, got):
    """Whether got fits expected, where a line '...' in expected is any
    number of lines."""
    if not expected:
        return not got
    if expected[0].rstrip() == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == expected[0].rstrip() and matches(expected[1:], got[1:])


def replay(repo, varia, page_text, page_name):
    """Runs the page in a fresh copy of repo; returns (passed, failures)."""
    work = tempfile.mkdtemp(prefix="varia-tutorial-")
    try:
        files = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True,
                               check=True).stdout.decode().split("\0")
        for f in files:
            src = os.path.join(repo, f)
            if not f or not os.path.lexists(src):
                continue
            dst = os.path.join(work, f)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(src, dst, follow_symlinks=False)
        shutil.copy2(varia, os.path.join(work, "varia"))
        return run_steps(work, steps(page_text, page_name))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_steps(work, todo):
    # One bash for the whole page: each command's output is closed by a
    # line that cannot occur in it.
    # The whole page gets two minutes (it takes about ten seconds, most of
    # them the tutorial's own "sleep 1"s): a command that hangs fails it.
    shell = subprocess.Popen(["timeout", "120", "bash", "--noprofile", "--norc"], cwd=work, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env=dict(os.environ, LC_ALL="C.UTF-8"))
    end = "@@replay-end-of-command@@"
    passed, failures = 0, []
    repl_command, repl_inputs = None, []
    try:
        for step in todo:
            kind, where = step[0], step[1]
            if kind == "write":
                with open(os.path.join(work, step[2]), "w") as f:
                    f.write(step[3])
                continue
            if kind == "insert":
                path = os.path.join(work, step[2])
                with open(path) as f:
                    text = f.read().split("\n")
                at = next((k for k, l in enumerate(text) if step[3] in l), None)
                if at is None:
                    failures.append("%s: no line with '%s' in %s" % (where, step[3], step[2]))
                    continue
                text[at + 1:at + 1] = step[4]
                with open(path, "w") as f:
                    f.write("\n".join(text))
                continue
            expected = step[3]
            while expected and expected[-1] == "":
                expected = expected[:-1]
            if kind == "run" and step[4] is None:
                run = step[2]
            else:
                if kind == "run":  # a REPL session starts, with the prompts of its block as input
                    repl_command, repl_inputs = step[2], list(step[4])
                elif repl_command is None:
                    failures.append("%s: a REPL block with no '$ ./varia SCRIPT' before it" % where)
                    continue
                else:  # the session again, with every input so far
                    repl_inputs += step[2]
                run = "printf '%%s\\n' %s | %s" % (" ".join(shell_quote(l) for l in repl_inputs),
                                                    repl_command) if repl_inputs else repl_command
            # < /dev/null: no command may read the rest of this script as
            # its input.
            try:
                shell.stdin.write("{ %s\n} < /dev/null 2>&1; echo; echo %s\n" % (run, end))
                shell.stdin.flush()
            except BrokenPipeError:
                failures.append("%s: the shell is gone (out of time?) before this step" % where)
                break
            got = []
            for line in shell.stdout:
                if line.rstrip("\n") == end:
                    break
                got.append(line)
            text = "".join(got)
            text = text[:-1] if text.endswith("\n\n") or text == "\n" else text
            got = normalise(text)
            if kind == "repl":
                fits = any(matches(expected, got[k:]) for k in range(len(got) + 1))
            else:
                fits = matches(expected, got)
            if fits:
                passed += 1
            else:
                failures.append("%s: $ %s\n  expected:\n%s\n  got:\n%s" % (
                    where, step[2] if kind == "run" else " / ".join(step[2]),
                    "\n".join("    " + l for l in expected), "\n".join("    " + l for l in got)))
    finally:
        try:
            shell.stdin.close()
        except BrokenPipeError:
            pass
        shell.wait(timeout=30)
    return passed, failures


def shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def self_check(varia):
    """The comparison must be able to fail: a planted wrong line must."""
    page = "```text\n$ ./varia perft 1\nNodes searched: 21\n```\n"
    passed, failures = replay_page(varia, page)
    return passed == 0 and len(failures) == 1


def replay_page(varia, page):
    work = tempfile.mkdtemp(prefix="varia-tutorial-check-")
    try:
        shutil.copy2(varia, os.path.join(work, "varia"))
        return run_steps(work, steps(page, "planted"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    varia = os.path.join(ROOT, "varia")
    if not os.access(varia, os.X_OK):
        print("no ./varia: build it first (make)")
        print("0 passed, 1 failed")
        return 1
    with open(PAGE) as f:
        page_text = f.read()
    passed, failures = replay(ROOT, varia, page_text, "docs/writing-variants.md")
    if self_check(varia):
        passed += 1
    else:
        failures.append("self-check: a planted wrong expected line was not reported")
    for f in failures:
        print("FAIL " + f)
    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
