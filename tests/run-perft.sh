#!/usr/bin/env bash
# Perft against published tables: the Chess Programming Wiki positions,
# perftsuite.epd up to depth 5, the Chess960 suite up to depth 5, and the
# fairy variants' start positions and some set-up ones, Duck Chess, Atomic
# Chess, the fairy conditions written as rule hooks, the tutorial's Knightmate;
# and the transcripts (games
# with the referee's expected announcements). The files run
# VARIA_TEST_JOBS at a time (tests/jobs.sh), their reports in this order.
set -u
cd "$(dirname "$0")/.."
. tests/jobs.sh
status=0
run() { jobs_start "varia test $*" ./varia test "$@"; }
run tests/perft/cpw.perft
run --max-depth 5 tests/perft/perftsuite.epd
run --variant chess960 --max-depth 5 tests/perft/fischer.epd
run tests/perft/variants.perft
run tests/perft/setups.perft
run tests/perft/duck.perft
run tests/perft/atomic.perft
# Fairy-Stockfish's newer built-in variants, counted by its current version
run tests/perft/fsfnew.perft
# built-ins of the current Fairy-Stockfish, counted by it (no oracle needed)
run tests/perft/fsf-current.perft
# promotion on squares per side (legan, troitzky), counted by current Fairy-Stockfish
run tests/perft/regions.perft
# the games of walls (place steps, petrify), counted by Fairy-Stockfish
run tests/perft/walls.perft
# discs and clones (Ataxx, the flipello family), counted by Fairy-Stockfish
run tests/perft/discs.perft
# the fairy conditions written as rule hooks, counted by tests/cross/conditions.py
run tests/perft/conditions.perft
# where 11.1 and the current Fairy-Stockfish differ: the rules' reading,
# counted by the current engine
run tests/perft/rulings.perft
# hexagonal cells (Gliński, McCooey), counted by tests/hex/perft.py
run tests/perft/hex.perft
# the tutorial's finished example (docs/writing-variants.md), whose
# knightmate.lua is also the shipped variants/knightmate.lua
jobs_start "VARIA_PATH=docs/examples varia test docs/examples/knightmate.perft" \
  env VARIA_PATH=docs/examples ./varia test docs/examples/knightmate.perft
run tests/transcripts/*.transcript
report() { echo "== $1"; echo "$2"; [ "$3" -eq 0 ] || status=1; }
jobs_collect report
exit $status
