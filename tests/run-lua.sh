#!/usr/bin/env bash
# The Lua tests: each tests/lua/test_*.lua runs under ./varia run and ends
# with its own 'N passed, N failed'; this sums them. The files are
# independent processes, so they run VARIA_TEST_JOBS at a time (default:
# the number of cores; four of them take most of the suite's time), and
# their outputs are shown whole, in the files' order.
set -u
cd "$(dirname "$0")/.."
. tests/jobs.sh
for t in tests/lua/test_*.lua; do
  jobs_start "$t" timeout 900 ./varia run "$t" # a hang guard, with room for the sanitizer build
done
passed=0 failed=0
# report NAME OUTPUT STATUS: the file's lines but its result, then the result
report() {
  local t=$1 out=$2 status=$3
  echo "== $t"
  echo "$out" | grep -v ' passed, '
  local line
  line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  if [ -z "$line" ]; then
    echo "FAIL $t: no result line (exit $status)"
    failed=$((failed + 1))
    return
  fi
  echo "$line"
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
  [ "$status" -ne 0 ] && [ "$(echo "$line" | cut -d' ' -f3)" = 0 ] && failed=$((failed + 1))
}
jobs_collect report
echo "lua: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
