#!/usr/bin/env bash
# The engine protocols, as transcripts: lines sent to ./varia uci or
# ./varia xboard, and lines that must come back.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
# transcript NAME MODE INPUT EXPECTED-LINE...: each expected line must
# appear in the output, in this order.
transcript() {
  local name=$1 mode=$2 input=$3
  shift 3
  local out
  out=$(printf '%b' "$input" | timeout 60 ./varia "$mode" 2>&1)
  local rest=$out ok=1 missing=""
  for want in "$@"; do
    local at
    at=$(grep -nxF -- "$want" <<<"$rest" | head -1 | cut -d: -f1)
    if [ -z "$at" ]; then ok=0; missing=$want; break; fi
    rest=$(tail -n +"$((at + 1))" <<<"$rest")
  done
  if [ $ok -eq 1 ]; then passed=$((passed + 1)); else
    failed=$((failed + 1))
    echo "FAIL $name: no line \"$missing\" (in order) in:"
    sed 's/^/    /' <<<"$out" | head -20
  fi
}
# UCI
transcript "uci handshake" uci 'uci\nisready\nquit\n' "id name varia 0.1" "uciok" "readyok"
# the variants, as varia list names them
names=$(./varia list | awk '{print $1}')
transcript "uci lists variants" uci 'uci\nquit\n' \
  "option name UCI_Variant type combo default chess$(printf ' var %s' $names)"
# 835: Stockfish's count for the same command
transcript "uci go perft" uci 'position startpos moves e2e4 e7e5\ngo perft 2\nquit\n' "Nodes searched: 835"
transcript "uci duck perft (Fairy-Stockfish's numbers)" uci 'setoption name UCI_Variant value duck\nposition startpos\ngo perft 2\nquit\n' "Nodes searched: 379440"
transcript "uci mate in one" uci 'position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1\ngo depth 3\nquit\n' "bestmove a1a8"
transcript "uci duck turn" uci 'setoption name UCI_Variant value duck\nposition fen 4k3/8/8/8/8/8/8/4K2r b - - 0 1\ngo depth 2\nquit\n' "bestmove h1e1,e1a1"
transcript "uci fischerandom name" uci 'setoption name UCI_Variant value fischerandom\nposition startpos\ngo perft 1\nquit\n' "Nodes searched: 20"
transcript "uci illegal move" uci 'position startpos moves e2e5\nquit\n' "info string illegal move e2e5: illegal move e2e5 in this position"
# Kriegspiel under UCI: the computer's refused tries are retried on its own
# copy of the game, so bestmove is a legal move (it once was "(none)"), and
# no info line reveals a search of the true position.
for moves in "e2e4" "e2e4 d7d5" "e2e4 d7d5 e4d5"; do
  out=$(printf 'setoption name UCI_Variant value kriegspiel\nposition startpos moves %s\ngo depth 2\nquit\n' "$moves" |
    timeout 60 ./varia uci 2>&1)
  best=$(sed -n 's/^bestmove //p' <<<"$out")
  check=$(printf 'position startpos moves %s %s\ngo perft 1\nquit\n' "$moves" "$best" | ./varia uci 2>&1)
  if [ -n "$best" ] && [ "$best" != "(none)" ] && ! grep -q '^info' <<<"$out" && ! grep -q illegal <<<"$check"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL uci kriegspiel after $moves: $out"; fi
done
# CECP
transcript "xboard features" xboard 'xboard\nprotover 2\nquit\n' \
  "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 colors=0 myname=\"varia 0.1\" variants=\"$(sed 's/^chess$/normal/; s/^chess960$/fischerandom/' <<<"$names" | paste -sd,)\" done=1"
transcript "xboard ping" xboard 'ping 7\nquit\n' "pong 7"
transcript "xboard plays black" xboard 'new\nsd 2\nusermove e2e4\nquit\n' "move b8c6"
transcript "xboard mates" xboard 'setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1\nsd 3\ngo\nquit\n' "move a1a8" "1-0 {checkmate}"
transcript "xboard illegal" xboard 'new\nusermove e2e5\nquit\n' "Illegal move (illegal move e2e5 in this position): e2e5"
transcript "xboard engine-defined variant" xboard 'variant duck\nquit\n' \
  "setup (PNBRQ..................Kpnbrq..................k) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "piece N& N"
transcript "xboard known variant" xboard 'variant capablanca\nforce\nusermove e2e4\nsd 1\ngo\nquit\n' "move b8c6"
# self-play
out=$(timeout 120 ./varia selfplay shatranj 2 --depth 1 2>&1)
if grep -qE '^White [0-9]+, Black [0-9]+, draws or unfinished [0-9]+$' <<<"$out" && [ "$(grep -c '^game ' <<<"$out")" = 2 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL selfplay:"; echo "$out" | head; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
