#!/usr/bin/env bash
# Perft against published tables: the Chess Programming Wiki positions,
# perftsuite.epd up to depth 5, the Chess960 suite up to depth 5, and the
# fairy variants' start positions, and Duck Chess.
set -u
cd "$(dirname "$0")/.."
status=0
run() { echo "== varia test $*"; ./varia test "$@" || status=1; }
run tests/perft/cpw.perft
run --max-depth 5 tests/perft/perftsuite.epd
run --variant chess960 --max-depth 5 tests/perft/fischer.epd
run tests/perft/variants.perft
run tests/perft/duck.perft
exit $status
