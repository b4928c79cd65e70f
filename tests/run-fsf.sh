#!/usr/bin/env bash
# Differential perft against Debian's fairy-stockfish (tests/fsf/diff.lua):
# every shipped variant and a custom cannon variant, from the start and
# from seeded random positions.
set -u
cd "$(dirname "$0")/.."
if [ ! -x "${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}" ]; then
  echo "FAIL fairy-stockfish is not installed (apt-get install fairy-stockfish)"
  echo "0 passed, 1 failed"
  exit 1
fi
exec ./varia run tests/fsf/diff.lua "$@"
