#!/usr/bin/env bash
# valgrind (memcheck) over the batch runner with every shipped variant, the
# test runner, and a REPL session from a pipe: no invalid access, no use of
# uninitialised memory, no definite leak.
set -u
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then
  echo "FAIL valgrind is not installed (apt-get install valgrind)"
  echo "0 passed, 1 failed"
  exit 1
fi
VG=(valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite)
passed=0 failed=0
run() {
  local name=$1
  shift
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ $status -eq 9 ] || echo "$out" | grep -q '^==[0-9]*=='; then
    failed=$((failed + 1))
    echo "FAIL valgrind: $name"
    echo "$out" | grep '^==' | head -20
  else
    passed=$((passed + 1))
    echo "ok   valgrind: $name"
  fi
}
run "every variant through the batch runner" "${VG[@]}" ./varia run tests/alloc/all_variants.lua
run "the test runner (perft and transcripts)" "${VG[@]}" ./varia test --max-depth 2 tests/perft/cpw.perft tests/transcripts/kriegspiel-cincinnati.transcript
run "a broken script" "${VG[@]}" ./varia check tests/fuzz/corpus/betza/KN
run "the REPL from a pipe" bash -c "printf 'e4 e5\nNf3\nmoves\nperft 2\nundo\nfen 8/8\nload nosuch\nnew duck\ne2e4,e4e5\nshow\nnew kriegspiel\ne2e5\ne2e4\nview all\nquit\n' | ${VG[*]} ./varia >/dev/null"
vgdir=$(mktemp -d)
run "varia import of every section, and a section loaded by name" bash -c "${VG[*]} ./varia import -o $vgdir tests/fsf/ini/options.ini >/dev/null && ${VG[*]} ./varia perft --variant tests/fsf/ini/custom.ini:c-nokings 2 >/dev/null"
rm -rf "$vgdir"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
