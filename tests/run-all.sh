#!/usr/bin/env bash
# make test: every suite in turn, then the sum of their results as one
# 'N passed, N failed' line. Exits non-zero when any suite failed.
set -u
cd "$(dirname "$0")/.."
total_passed=0 total_failed=0 status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# suite NAME COMMAND...: runs it, shows its output, adds up its counts.
suite() {
  local name=$1
  shift
  echo "==== $name"
  local began=$SECONDS
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  # the time of each suite, to keep .ci/run's sum in view
  echo "---- $name: $((SECONDS - began)) s"
  # Counts: '[  PASSED  ] N test(s).' / '[  FAILED  ] N test(s)' (cmocka) or
  # 'N passed, N failed'.
  local p f
  p=$(sed -n -E 's/^\[  PASSED  \] ([0-9]+) test.*/\1/p; s/^([0-9]+) passed, [0-9]+ failed.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n -E 's/^\[  FAILED  \] ([0-9]+) test.*/\1/p; s/^[0-9]+ passed, ([0-9]+) failed.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  [ "$rc" -ne 0 ] && status=1
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
}

suite "unit tests (cmocka)" make -s unit-test
suite "perft tables and transcripts (varia test)" tests/run-perft.sh
suite "Lua API and rules" tests/run-lua.sh
suite "command line" tests/run-cli.sh
suite "the tutorial, replayed (docs/writing-variants.md)" python3 tests/run-tutorial.py
suite "the REPL at a terminal" python3 tests/run-pty.py
suite "varia serve over HTTP" python3 tests/run-serve.py
# Debian's python3 (with python3-selenium), not another one first on PATH
py3=python3; [ -x /usr/bin/python3 ] && py3=/usr/bin/python3
suite "varia serve in headless Chromium" "$py3" tests/run-browser.py
suite "engine protocols (UCI, CECP) and self-play" tests/run-protocol.sh
suite "varia in XBoard (headless X)" tests/run-xboard.sh
suite "differential against fairy-stockfish" tests/run-fsf.sh
echo "===="
echo "$total_passed passed, $total_failed failed"
exit $status
