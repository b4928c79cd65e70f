#!/usr/bin/env bash
# The Lua tests: each tests/lua/test_*.lua runs under ./varia run and ends
# with its own 'N passed, N failed'; this sums them.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
for t in tests/lua/test_*.lua; do
  echo "== $t"
  out=$(timeout 900 ./varia run "$t" 2>&1) # a hang guard, with room for the sanitizer build
  status=$?
  echo "$out" | grep -v ' passed, ' 
  line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  if [ -z "$line" ]; then
    echo "FAIL $t: no result line (exit $status)"
    failed=$((failed + 1))
    continue
  fi
  echo "$line"
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
  [ $status -ne 0 ] && [ "$(echo "$line" | cut -d' ' -f3)" = 0 ] && failed=$((failed + 1))
done
echo "lua: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
