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
vtmp=$(mktemp -d)
trap 'rm -rf "$vtmp"' EXIT
ln -s real.pgn "$vtmp/link.pgn"
long=$(printf '%*s' 70000 '')
run "saving, opening, hidden games, long lines" bash -c "printf 'e4 e5\nsave $vtmp/link.pgn\nsave $vtmp/none/g.pgn\nopen $vtmp/link.pgn\ne4${long}quit\nnew unbland\nlua return 1\nsave $vtmp/u.pgn\nview all\nfen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 varia:hands=3/\nRa8\nundo\nRa8\nsave $vtmp/u.pgn\nopen $vtmp/u.pgn\nnew kriegspiel\ne4\na6\nexd5\nNd2\nreload\nquit\n' | ${VG[*]} ./varia >/dev/null"
run "UCI from a pipe (limits, a refused variant, a long line)" bash -c "{ printf 'uci\nsetoption name UCI_Variant value nosuch\nposition startpos moves e2e4\ngo depth -1\ngo wtime -5 btime -5\ngo perft 99\nposition fen zz moves e7e5\n'; printf '%9000s\n' d; printf 'isready\nquit\n'; } | ${VG[*]} ./varia uci >/dev/null"
run "CECP thinking, analysis, clocks, ten ranks" bash -c "printf 'xboard\nprotover 2\nnew\npost\nsd 2\nusermove e2e4\nanalyze\nusermove e7e5\nexit\nlevel 40 0:02 0\ntime 100\nusermove g1f3\nvariant xiangqi\nsd 1\nusermove h2e2\nvariant duck\nquit\n' | ${VG[*]} ./varia xboard >/dev/null"
run "varia match (in process against a UCI subprocess; each game's worker)" "${VG[@]}" ./varia match --st 0.2 --games 2 --max-plies 6 varia "uci:./varia uci"
run "CECP from a pipe (sd, st, a refused variant)" bash -c "printf 'xboard\nprotover 2\nnew\nsd -1\nst -5\nvariant nosuch\nsetboard zz\nsd 1\nusermove e2e4\nquit\n' | ${VG[*]} ./varia xboard >/dev/null"
pgn=$(mktemp)
printf '[Event "x"]\n\n1. e4 ; comment\n(1. d4 {a} d5) e5 {never closed\n' > "$pgn"
run "PGN open of a broken file" bash -c "printf 'open $pgn\nopen /dev/null\nquit\n' | ${VG[*]} ./varia >/dev/null"
rm -f "$pgn"
vgdir=$(mktemp -d)
run "varia import of every section, and a section loaded by name" bash -c "${VG[*]} ./varia import -o $vgdir tests/fsf/ini/options.ini >/dev/null && ${VG[*]} ./varia perft --variant tests/fsf/ini/custom.ini:c-nokings 2 >/dev/null"
cp variants/shatranj.lua "$vgdir/a.lua" && sed 's/q = std.pieces.ferz,/q = std.pieces.wazir,/' "$vgdir/a.lua" > "$vgdir/b.lua"
run "the lab: analyze with plots, a shard and its merge, diff" bash -c "${VG[*]} ./varia analyze duck --games 2 --depth 1 --max-plies 30 --json $vgdir/one.json --plots $vgdir/plots >/dev/null && ${VG[*]} ./varia analyze duck --games 2 --depth 1 --max-plies 30 --shard 1/1 --json $vgdir/part.json >/dev/null && ${VG[*]} ./varia analyze --merge $vgdir/part.json >/dev/null && { ${VG[*]} ./varia diff $vgdir/a.lua $vgdir/b.lua --positions 100 >/dev/null; [ \$? -eq 1 ]; }"
if [ -x /usr/games/fairymax ] && [ -x /usr/games/fairy-stockfish ]; then
  run "the lab with external engines: two seats, each engine started per game; a missing one" bash -c "${VG[*]} ./varia analyze chess --games 2 --depth 1 --max-plies 16 --engine cecp:/usr/games/fairymax --engine uci:/usr/games/fairy-stockfish --json $vgdir/eng.json >/dev/null && { ${VG[*]} ./varia analyze chess --games 2 --depth 1 --engine uci:/nonexistent/engine >/dev/null 2>&1; [ \$? -eq 1 ]; }"
fi
rm -rf "$vgdir"
# the web server: every request of tests/run-serve.py (plays, refusals,
# the event stream, a stop by SIGTERM) under memcheck
run "varia serve over HTTP" python3 tests/run-serve.py --wrap "${VG[*]}"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
