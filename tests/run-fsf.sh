#!/usr/bin/env bash
# Differential perft and game ends (tests/fsf/diff.lua) against two
# Fairy-Stockfishes, one after the other:
#  * Debian's 11.1 (FAIRY_STOCKFISH=PATH overrides): every shipped variant
#    it knows, a custom cannon variant, and every section of
#    tests/fsf/ini/*.ini (but custom.ini), given to fairy-stockfish through
#    VariantPath and to varia through its import;
#  * the current one (diff.lua --engine current): npm's wasm build through
#    tests/fsf/wasm-uci.js (tools/install-deps.sh --test installs it), or a
#    native build named by FAIRY_STOCKFISH_CURRENT; every shipped variant
#    it knows, tests/fsf/ini/custom.ini and tests/fsf/current/*.ini. In
#    make test at --quick sizes (about a minute in wasm; without
#    Fairy-Stockfish's own variants.ini, whose 143 sections take longer);
#    FSF_DEEP=1 (make test-fsf) runs it at full sizes, variants.ini too;
#  * the chasing rule (tests/fsf/chase.lua) against the current one.
# Arguments are given to both runs (--only NAME, --seed N, ...).
set -u
cd "$(dirname "$0")/.."
# The two runs are independent processes: they run side by side
# (tests/jobs.sh, VARIA_TEST_JOBS), each reported whole, 11.1's first.
. tests/jobs.sh
status=0
if [ ! -x "${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}" ]; then
  echo "FAIL fairy-stockfish is not installed (apt-get install fairy-stockfish)"
  echo "0 passed, 1 failed"
  status=1
else
  jobs_start "against Debian's fairy-stockfish 11.1" ./varia run tests/fsf/diff.lua "$@"
fi
if [ -z "${FAIRY_STOCKFISH_CURRENT:-}" ] && ! command -v node >/dev/null; then
  echo "== against the current fairy-stockfish (the wasm build)"
  echo "FAIL node is not installed (tools/install-deps.sh --test)"
  echo "0 passed, 1 failed"
  status=1
else
  size=--quick
  [ "${FSF_DEEP:-0}" = 1 ] && size=
  jobs_start "against the current fairy-stockfish (${FAIRY_STOCKFISH_CURRENT:-the wasm build})" \
    ./varia run tests/fsf/diff.lua --engine current $size "$@"
  # the chasing rule: the pieces each move chases, and repetitions scored
  # (tests/fsf/chase.lua; its own options, so none of the arguments above;
  # deep: a third of chase.lua's own full sizes, which take some 7 minutes
  # against a native build)
  chase_size=--quick
  [ "${FSF_DEEP:-0}" = 1 ] && chase_size="--games 15 --cycles 500"
  jobs_start "the chasing rule against the current fairy-stockfish" \
    ./varia run tests/fsf/chase.lua $chase_size
fi
report() { echo "== $1"; echo "$2"; [ "$3" -eq 0 ] || status=1; }
jobs_collect report
exit $status
