#!/usr/bin/env bash
# Differential perft against Debian's fairy-stockfish (tests/fsf/diff.lua):
# every shipped variant, a custom cannon variant, and every section of the
# Fairy-Stockfish variant files tests/fsf/ini/*.ini (but custom.ini) given
# to fairy-stockfish through VariantPath and to varia through its import,
# from the start and from seeded random positions.
set -u
cd "$(dirname "$0")/.."
if [ ! -x "${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}" ]; then
  echo "FAIL fairy-stockfish is not installed (apt-get install fairy-stockfish)"
  echo "0 passed, 1 failed"
  exit 1
fi
exec ./varia run tests/fsf/diff.lua "$@"
