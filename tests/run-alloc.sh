#!/usr/bin/env bash
# Allocation-failure injection: the scripted game tests/alloc/game.lua runs
# once to count Lua's allocations, then once for every N with the N-th
# allocation failing (VARIA_FAIL_ALLOC=N). Each run must end with exit 0 (the
# failure was absorbed) or 1 with an error message - never a crash (under
# `make SANITIZE=address,undefined`, never a leak either). VARIA_ALLOC_STEP
# tests every STEP-th N (default 1: every one).
set -u
cd "$(dirname "$0")/.."
step=${VARIA_ALLOC_STEP:-1}
total=$(VARIA_COUNT_ALLOC=1 ./varia run tests/alloc/game.lua 2>&1 >/dev/null | sed -n 's/^allocations: //p')
if [ -z "$total" ]; then
  echo "FAIL the scripted game does not run"
  echo "0 passed, 1 failed"
  exit 1
fi
# The runs are independent: VARIA_TEST_JOBS lanes (default: the number of
# cores) each take every lanes-th N, and their counts are added up.
lanes=${VARIA_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$lanes" -ge 1 ] 2>/dev/null || lanes=1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
lane() { # first: this lane's N from first on, every lanes * step
  local first=$1 n err status passed=0 failed=0
  for ((n = first; n <= total; n += lanes * step)); do
    err=$(VARIA_FAIL_ALLOC=$n timeout 60 ./varia run tests/alloc/game.lua 2>&1 >/dev/null)
    status=$?
    if [ $status -eq 0 ] || { [ $status -eq 1 ] && [ -n "$err" ]; }; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1))
      [ $failed -le 5 ] && { echo "FAIL allocation $n of $total: exit $status"; echo "$err" | head -5; }
    fi
  done
  echo "$passed $failed" >"$dir/$first.count"
}
for ((l = 0; l < lanes; l++)); do
  lane $((1 + l * step)) >"$dir/$l.out" &
done
wait
passed=0 failed=0
for ((l = 0; l < lanes; l++)); do
  cat "$dir/$l.out"
  read -r p f <"$dir/$((1 + l * step)).count" || { p=0; f=1; echo "FAIL lane $l gave no count"; }
  passed=$((passed + p)) failed=$((failed + f))
done
echo "allocation failures: $total allocations, every ${step}. one failed in turn"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
