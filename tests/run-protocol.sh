#!/usr/bin/env bash
# The engine protocols, as transcripts: lines sent to ./varia uci or
# ./varia xboard, and lines that must come back.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
# transcript NAME MODE INPUT EXPECTED-LINE...: each expected line must
# appear in the output, in this order, within $TIMEOUT seconds (60).
transcript() {
  local name=$1 mode=$2 input=$3
  shift 3
  local out
  out=$(printf '%b' "$input" | timeout "${TIMEOUT:-60}" ./varia "$mode" 2>&1)
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
# Every variant but those whose turn has more than one step (a move and a
# relocation), which CECP cannot send.
transcript "xboard features" xboard 'xboard\nprotover 2\nquit\n' \
  "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 colors=0 analyze=1 myname=\"varia 0.1\" variants=\"$(grep -vxE 'duck|ambiguous|unbland' <<<"$names" | sed 's/^chess$/normal/; s/^chess960$/fischerandom/' | paste -sd,)\" done=1"
transcript "xboard: a variant of two steps a turn is refused" xboard 'variant duck\nsd 1\nusermove e2e4\nquit\n' \
  "Error (duck has more than one step a turn, which CECP cannot send; the variant stays normal): variant duck" "move b8c6"
transcript "xboard ping" xboard 'ping 7\nquit\n' "pong 7"
transcript "xboard plays black" xboard 'new\nsd 2\nusermove e2e4\nquit\n' "move b8c6"
transcript "xboard mates" xboard 'setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1\nsd 3\ngo\nquit\n' "move a1a8" "1-0 {checkmate}"
transcript "xboard illegal" xboard 'new\nusermove e2e5\nquit\n' "Illegal move (illegal move e2e5 in this position): e2e5"
transcript "xboard engine-defined variant" xboard 'variant almost\nquit\n' \
  "setup (PNBR.C.................Kpnbr.c.................k) 8x8+0_fairy rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1" "piece C& RN"
# Pieces in hand: holdings of one cell per type, crazyhouse's rules for captures.
transcript "xboard engine-defined variant with drops" xboard 'variant chessgi\nquit\n' \
  "setup (PNBRQ..................Kpnbrq..................k) 8x8+5_crazyhouse rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
# Variants XBoard knows get no setup (XBoard has their rules).
for v in capablanca xiangqi grand shogi crazyhouse; do
  out=$(printf 'variant %s\nping 1\nquit\n' "$v" | timeout 20 ./varia xboard 2>&1)
  if grep -qx "pong 1" <<<"$out" && ! grep -q '^setup\|^piece' <<<"$out"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL xboard $v: setup sent for a variant XBoard knows: $out"; fi
done
# XBoard numbers the ranks of a ten-rank board from 0: h2e2 is the cannon
# of h3 to e3 (refused as "Illegal move" when read from 1), and the reply
# names ranks 0 to 9.
out=$(printf 'variant xiangqi\nsd 2\nusermove h2e2\nquit\n' | timeout 30 ./varia xboard 2>&1)
if ! grep -q Illegal <<<"$out" && grep -qxE 'move [a-i][0-9][a-i][0-9]' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard xiangqi ranks from 0: $out"; fi
transcript "xboard grand ranks from 0" xboard 'variant grand\nforce\nusermove e2e4\nusermove e7e5\nusermove b1c3\nping 2\nquit\n' "pong 2"
out=$(printf 'variant grand\nforce\nusermove e2e4\nusermove e7e5\nusermove b1c3\nping 2\nquit\n' | timeout 30 ./varia xboard 2>&1)
if ! grep -q Illegal <<<"$out"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL xboard grand ranks: $out"; fi
# Thinking output after post (ply score centiseconds nodes pv), none after
# nopost; new removes the depth limit of sd.
out=$(printf 'new\npost\nsd 3\nusermove e2e4\nquit\n' | timeout 30 ./varia xboard 2>&1)
if grep -qxE '3 -?[0-9]+ [0-9]+ [0-9]+ [a-h][1-8][a-h][1-8]' <<<"$out" && ! grep -qE '^4 ' <<<"$out" && grep -qx 'move b8c6' <<<"$out"; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL xboard post: $out"; fi
out=$(printf 'new\npost\nnopost\nsd 3\nusermove e2e4\nquit\n' | timeout 30 ./varia xboard 2>&1)
if ! grep -qE '^[0-9]+ ' <<<"$out" && grep -q '^move ' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard nopost: $out"; fi
out=$(printf 'new\nsd 1\nnew\npost\nst 1\nusermove e2e4\nquit\n' | timeout 30 ./varia xboard 2>&1)
if grep -qE '^3 ' <<<"$out"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL xboard new resets sd: $out"; fi
# level and time: the move comes within the clock's share.
out=$(printf 'new\nlevel 40 0:02 0\ntime 200\notim 200\nusermove e2e4\nping 4\nquit\n' | timeout 10 ./varia xboard 2>&1)
if grep -q '^move ' <<<"$out" && grep -qx 'pong 4' <<<"$out"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL xboard level: $out"; fi
TIMEOUT=10 transcript "xboard level refused" xboard 'level 40 x 0\nquit\n' "Error (level MPS BASE INC, BASE in minutes or minutes:seconds): level 40 x 0"
# ? moves now: st 30, yet the move comes within a second of it.
start=$(date +%s)
out=$( (printf 'new\nst 30\nusermove e2e4\n'; sleep 1; printf '?\nping 3\n'; sleep 1; printf 'quit\n') | timeout 20 ./varia xboard 2>&1)
if [ $(( $(date +%s) - start )) -lt 10 ] && grep -q '^move ' <<<"$out" && grep -qx 'pong 3' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard ? (move now): $out"; fi
# analyze: thinking lines while it analyses, a move restarts it, exit ends
# it (no move is played), and the engine answers at once.
out=$( (printf 'new\nanalyze\n'; sleep 1; printf 'usermove e2e4\n'; sleep 1; printf 'exit\nping 5\n'; sleep 1; printf 'quit\n') | timeout 20 ./varia xboard 2>&1)
if grep -qxE '1 -?[0-9]+ [0-9]+ [0-9]+ [a-h][1-8][a-h][1-8]' <<<"$out" && grep -qx 'pong 5' <<<"$out" && ! grep -q '^move ' <<<"$out" &&
   [ "$(grep -cE '^1 ' <<<"$out")" -ge 2 ]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard analyze: $out"; fi
transcript "xboard known variant" xboard 'variant capablanca\nforce\nusermove e2e4\nsd 1\ngo\nquit\n' "move b8c6"
# Limits that once started a search without end: each is clamped (an info
# line says so) or refused, and the engine answers at once. A regression
# hangs, and the short timeout turns it into a failure.
TIMEOUT=10 transcript "uci go negative clock" uci 'position startpos\ngo wtime -1000 btime -1000\nisready\nquit\n' \
  "info string go wtime -1000: out of range (0 to 1000000000); 0 used" "info depth 1 score cp 0 nodes 21" "bestmove a2a3" "readyok"
TIMEOUT=10 transcript "uci go negative movetime" uci 'position startpos\ngo movetime -5\nisready\nquit\n' \
  "info string go movetime -5: out of range (0 to 1000000000); 0 used" "bestmove a2a3" "readyok"
TIMEOUT=10 transcript "uci go depth past the limit" uci 'position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1\ngo depth 1000\nquit\n' \
  "info string go depth 1000: out of range (1 to 64); 64 used" "bestmove a1a8"
TIMEOUT=10 transcript "uci go negative depth" uci 'position startpos\ngo depth -4\nquit\n' \
  "info string go depth -4: out of range (1 to 64); 1 used" "info depth 1 score cp 0 nodes 21" "bestmove a2a3"
TIMEOUT=10 transcript "uci go negative nodes" uci 'position startpos\ngo nodes -1\nquit\n' \
  "info string go nodes -1: out of range (1 to 9223372036854775807); 1 used" "bestmove a2a3"
TIMEOUT=10 transcript "uci go bad number" uci 'position startpos\ngo depth x\nquit\n' \
  "info string go depth x: not a whole number; ignored" "bestmove a2a3"
TIMEOUT=10 transcript "uci go perft 99" uci 'position startpos\ngo perft 99\nisready\nquit\n' \
  "info string go perft 99: expected a depth from 0 to 64" "readyok"
TIMEOUT=10 transcript "uci go perft -3" uci 'position startpos\ngo perft -3\nisready\nquit\n' \
  "info string go perft -3: expected a depth from 0 to 64" "readyok"
TIMEOUT=10 transcript "xboard sd -1" xboard 'new\nsd -1\nusermove e2e4\nquit\n' \
  "Error (depth from 1 to 64; no depth limit stays): sd -1" "move b8c6"
TIMEOUT=10 transcript "xboard st -5" xboard 'new\nsd 2\nst -5\nusermove e2e4\nquit\n' \
  "Error (seconds per move above 0, at most 86400): st -5" "move b8c6"
# A variant refused keeps the one before playable.
transcript "uci UCI_Variant refused" uci 'setoption name UCI_Variant value nosuch\nposition startpos moves e2e4\ngo depth 2\nquit\n' \
  "info string UCI_Variant nosuch refused: no variant or module named 'nosuch' (see ./varia --list; a file needs a path such as ./nosuch.lua); the variant stays chess" \
  "bestmove b8c6"
transcript "uci UCI_Variant refused after another" uci 'setoption name UCI_Variant value capablanca\nsetoption name UCI_Variant value nosuch\nposition startpos\ngo perft 1\nquit\n' \
  "info string UCI_Variant nosuch refused: no variant or module named 'nosuch' (see ./varia --list; a file needs a path such as ./nosuch.lua); the variant stays capablanca" \
  "Nodes searched: 28"
transcript "xboard variant refused" xboard 'variant nosuch\nsd 2\nusermove e2e4\nquit\n' \
  "Error (no variant or module named 'nosuch' (see ./varia --list; a file needs a path such as ./nosuch.lua); the variant stays normal): variant nosuch" \
  "move b8c6"
# A refused position does not take the moves after it onto the one before.
transcript "uci position refused" uci 'position startpos moves e2e4\nposition fen zz moves d7d5\nd\nquit\n' \
  "info string position refused: FEN \"zz\": expected at least the board and the side to move" \
  "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
# A game that went on past an unclaimed threefold repetition is replayed.
transcript "uci past a threefold repetition" uci 'position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4\nd\nquit\n' \
  "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5"
transcript "xboard past a threefold repetition" xboard 'new\nforce\nusermove g1f3\nusermove g8f6\nusermove f3g1\nusermove f6g8\nusermove g1f3\nusermove g8f6\nusermove f3g1\nusermove f6g8\nusermove e2e4\nsd 1\ngo\nquit\n' \
  "move b8c6"
# Long lines are whole commands: a line once cut at 8191 bytes ran its tail
# ("quit", "undo") as a command. Past 1 MiB a line is refused, whole.
pad=$(printf '%8190s' '')
transcript "uci long line" uci "d${pad}quit\nisready\nquit\n" "readyok"
transcript "xboard long line" xboard "new\nforce\nusermove e2e4\nping ${pad:0:8186}undo\nusermove e7e5\nping 9\nquit\n" "pong 9"
out=$(printf 'new\nforce\nusermove e2e4\nping %s\nusermove e7e5\nquit\n' "${pad:0:8186}undo" | timeout 60 ./varia xboard 2>&1)
if ! grep -q '^Illegal move' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard long line: its tail ran as undo: $(grep '^Illegal' <<<"$out")"; fi
big=$(head -c 1100000 /dev/zero | tr '\0' x)
transcript "uci line past 1 MiB" uci "ping ${big}\nisready\nquit\n" "info string line refused (the line is longer than 1 MiB): ping xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..." "readyok"
transcript "xboard line past 1 MiB" xboard "ping ${big}\nping 9\nquit\n" "Error (the line is longer than 1 MiB): ping xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..." "pong 9"
# self-play
out=$(timeout 120 ./varia selfplay shatranj 2 --depth 1 2>&1)
if grep -qE '^White [0-9]+, Black [0-9]+, draws or unfinished [0-9]+$' <<<"$out" && [ "$(grep -c '^game ' <<<"$out")" = 2 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL selfplay:"; echo "$out" | head; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
