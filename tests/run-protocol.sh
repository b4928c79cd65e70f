#!/usr/bin/env bash
# The engine protocols, as transcripts: lines sent to ./varia uci or
# ./varia xboard, and lines that must come back.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
# transcript NAME MODE INPUT EXPECTED-LINE...: each expected line must
# appear in the output, in this order, within $TIMEOUT seconds (60). An
# expected line that starts with ~ is an extended regular expression that
# a whole line must match (a legal move where any will do).
# uci_run INPUT: INPUT (printf %b escapes) to ./varia uci, its answer out.
# A quit at the end is held back until every search has answered: quit
# ends a search at once, as UCI asks, and a transcript checks the answer
# of the whole search.
uci_run() {
  local input=$1 tmp searches
  tmp=$(mktemp)
  searches=$(printf '%b' "$input" | grep -E '^go( |$)' | grep -vc '^go perft' || true)
  if [ "${input: -6}" = 'quit\n' ]; then input=${input:0:-6}; fi
  { printf '%b' "$input"
    for _ in $(seq 1200); do
      [ "$(grep -c '^bestmove' "$tmp")" -ge "$searches" ] && break
      sleep 0.05
    done
    printf 'quit\n'; } | timeout "${TIMEOUT:-60}" ./varia uci >"$tmp" 2>&1
  cat "$tmp"
  rm -f "$tmp"
}
transcript() {
  local name=$1 mode=$2 input=$3
  shift 3
  local out
  if [ "$mode" = uci ]; then out=$(uci_run "$input")
  elif [ "$mode" = plain ]; then out=$(printf '%b' "$input" | timeout "${TIMEOUT:-60}" ./varia 2>&1); else
    out=$(printf '%b' "$input" | timeout "${TIMEOUT:-60}" ./varia "$mode" 2>&1); fi
  local rest=$out ok=1 missing=""
  for want in "$@"; do
    local at
    if [ "${want:0:1}" = "~" ]; then
      at=$(grep -nxE -- "${want:1}" <<<"$rest" | head -1 | cut -d: -f1)
    else
      at=$(grep -nxF -- "$want" <<<"$rest" | head -1 | cut -d: -f1)
    fi
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
# plain varia, started by a GUI that speaks first, is the engine it asks
# for; from any other pipe it is the REPL, the first line included
transcript "plain varia answers uci" plain 'uci\nposition startpos moves e2e4 e7e5\ngo perft 2\nquit\n' "uciok" "Nodes searched: 835"
transcript "plain varia answers uci in CRLF, with blanks" plain ' uci \r\nisready\r\nquit\r\n' "uciok" "readyok"
transcript "plain varia answers xboard" plain 'xboard\nprotover 2\nping 7\nquit\n' "~feature ping=1 .* done=1" "pong 7"
transcript "plain varia from a pipe: the REPL" plain 'e2e4\nfen\n' "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
transcript "plain varia from a pipe: a long first line" plain 'fen 8/8/8/4k3/8/8/8/4K2R w K - 0 1\nfen\n' "8/8/8/4k3/8/8/8/4K2R w K - 0 1"
transcript "plain varia from a pipe: a line that starts with uci" plain 'ucinewgame\n' "\"ucinewgame\" is neither a legal UCI move (e2e4, e7e8q) nor SAN (Nf3, O-O)"
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
  out=$(uci_run "setoption name UCI_Variant value kriegspiel\nposition startpos moves $moves\ngo depth 2\nquit\n")
  best=$(sed -n 's/^bestmove //p' <<<"$out")
  check=$(printf 'position startpos moves %s %s\ngo perft 1\nquit\n' "$moves" "$best" | ./varia uci 2>&1)
  if [ -n "$best" ] && [ "$best" != "(none)" ] && ! grep -q '^info' <<<"$out" && ! grep -q illegal <<<"$check"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL uci kriegspiel after $moves: $out"; fi
done
# A rule hook that raises (from move 2 on) is the error of the command
# that ran it, with the hook's file:line, and the game stays as it was;
# the next command starts clean (a failure once stuck: no moves anywhere).
hooked='setoption name UCI_Variant value tests/hostile/hook_raises.lua'
transcript "uci: a hook failure refuses the move, and does not stick" uci "$hooked\nposition startpos moves e2e4\nd\ngo perft 1\nquit\n" \
  "info string error: hooks.legal: tests/hostile/hook_raises.lua:9: the hook refuses move 2 (the moves stop before e2e4)" \
  "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "Nodes searched: 20"
transcript "uci: a hook failure in a search is said, then the next position works" uci "$hooked\nposition startpos\ngo depth 2\ngo perft 1\nquit\n" \
  "info string error: hooks.legal: tests/hostile/hook_raises.lua:9: the hook refuses move 2" "bestmove (none)" "Nodes searched: 20"
transcript "uci: a position where the hooks fail is refused" uci "$hooked\nposition fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\nd\nquit\n" \
  "info string position refused: hooks.legal: tests/hostile/hook_raises.lua:9: the hook refuses move 2" \
  "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
transcript "xboard: a hook failure refuses the move" xboard 'xboard\nprotover 2\nvariant tests/hostile/hook_raises.lua\nforce\nusermove e2e4\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2\nping 1\nquit\n' \
  "Illegal move (hooks.legal: tests/hostile/hook_raises.lua:9: the hook refuses move 2): e2e4" \
  "tellusererror Illegal position: hooks.legal: tests/hostile/hook_raises.lua:9: the hook refuses move 2" "pong 1"
# CECP
# Every variant but those whose turn has more than one step (a move and a
# relocation, two moves, a capture and its continuation), which CECP
# cannot send, and those of hexagonal cells, which XBoard cannot draw; spartan, berolina and nocheckatomic are offered under
# names XBoard does not read as its own Spartan, Berolina and Atomic
# (lua/xboard.lua).
transcript "xboard features" xboard 'xboard\nprotover 2\nquit\n' \
  "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 colors=0 analyze=1 smp=1 myname=\"varia 0.1\" variants=\"$(grep -vxE 'duck|ambiguous|unbland|marseillais|progressive|takemake|amazons|isolation|isolation7x7|joust|snailtrail|glinski|mccooey' <<<"$names" | sed 's/^chess$/normal/; s/^chess960$/fischerandom/; s/^spartan$/varia-spartan/; s/^berolina$/varia-berolina/; s/^nocheckatomic$/varia-nochecka-tomic/' | paste -sd,)\" done=1"
transcript "xboard: a variant of two steps a turn is refused" xboard 'variant duck\nsd 1\nusermove e2e4\nquit\n' \
  "Error (duck has more than one step a turn, which CECP cannot send; the variant stays normal): variant duck" "~move [a-h][1-8][a-h][1-8]"
transcript "xboard: a board of hexagons is refused" xboard 'variant glinski\nsd 1\nusermove e2e4\nquit\n' \
  "Error (glinski has hexagonal cells, which XBoard cannot draw (play it over UCI); the variant stays normal): variant glinski" "~move [a-h][1-8][a-h][1-8]"
transcript "xboard ping" xboard 'ping 7\nquit\n' "pong 7"
# cores: more than one thread; a bad count is refused and the threads stay
transcript "xboard cores" xboard 'xboard\nprotover 2\ncores 2\ncores x\nnew\nsd 6\nusermove e2e4\nquit\n' \
  "~feature .* analyze=1 smp=1 .*" "Error (cores from 1 to 64; they stay 2): cores x" "~move [a-h][1-8][a-h][1-8]"
transcript "xboard plays black" xboard 'new\nsd 2\nusermove e2e4\nquit\n' "~move [a-h][1-8][a-h][1-8]"
transcript "xboard mates" xboard 'setboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1\nsd 3\ngo\nquit\n' "move a1a8" "1-0 {checkmate}"
transcript "xboard illegal" xboard 'new\nusermove e2e5\nquit\n' "Illegal move (illegal move e2e5 in this position): e2e5"
transcript "xboard known variant" xboard 'variant capablanca\nforce\nusermove e2e4\nsd 1\ngo\nquit\n' "~move [a-h][1-8][a-h][1-8]"
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
# What other programs call a variant is its script's (names): a script of
# one's own declares an XBoard name (XBoard then knows its rules: no
# setup), and the variant it is the shuffled start form of (UCI_Chess960).
vp=$(mktemp -d)
cat > "$vp/mygame.lua" <<'EOF_'
local std = require "std"
return std.extend(std.chess, { name = "mygame", names = { xboard = "mine", pgn = { "My Game", "MG" } } })
EOF_
cat > "$vp/myshuffle.lua" <<'EOF_'
local std = require "std"
return std.extend(require "mygame", { name = "myshuffle", start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  names = { shuffled_from = "mygame" } })
EOF_
VARIA_PATH=$vp transcript "xboard: a declared XBoard name is offered" xboard 'xboard\nprotover 2\nquit\n' "~feature .*,mine,myshuffle,.*"
# "mine" is no variant of XBoard's own: XBoard is told its board and pieces
out=$(printf 'variant mine\nping 1\nquit\n' | VARIA_PATH=$vp timeout 20 ./varia xboard 2>&1)
if grep -qx "pong 1" <<<"$out" && grep -q '^setup (PNBRQ' <<<"$out" && grep -qx 'piece P& fmWfceFifmnD' <<<"$out" &&
   ! grep -q '^Error' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard: variant by a declared XBoard name: $out"; fi
# A script whose name XBoard reads as one of its own variants (it takes
# "berolina10" for its Berolina Chess) is offered under a name it does not
# misread, and that name, like varia's own, means the script.
cat > "$vp/berolina10.lua" <<'EOF_'
local std = require "std"
return std.extend(std.chess, { name = "berolina10", files = 10, ranks = 10, castling = std.NONE,
  pieces = { p = { name = "pawn", betza = "fmFfcWifmnA", value = 100, promotes = true, pawn = true },
             l = { name = "camel", betza = "L", value = 250 } },
  start = "rlnbqkbnlr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLNBQKBNLR w - - 0 1" })
EOF_
out=$(printf 'protover 2\nquit\n' | VARIA_PATH=$vp timeout 20 ./varia xboard 2>&1)
if grep -q '[",]varia-berolina10[",]' <<<"$out" && ! grep -q '[",]berolina10[",]' <<<"$out" &&
   grep -q '[",]fairy[",]' <<<"$out" && grep -q '[",]normal[",]' <<<"$out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard: berolina10 is not offered as varia-berolina10: $out"; fi
for name in varia-berolina10 berolina10; do
  VARIA_PATH=$vp transcript "xboard: variant $name is the script, told its pieces in XBoard's Betza" xboard "variant $name\nquit\n" \
    "setup (PNBRQL.................Kpnbrql.................k) 10x10+0_fairy rlnbqkbnlr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLNBQKBNLR w - - 0 1" \
    "piece L& C" "piece P& fmFfcWifmnA" "piece Q& RB"
done
# XBoard asks for its own Berolina Chess as "berolina": a script of that
# name that is another game (no names.xboard) is refused under it, and
# played under the name it is offered as.
sed 's/"berolina10"/"berolina"/' "$vp/berolina10.lua" > "$vp/berolina.lua"
VARIA_PATH=$vp transcript "xboard: XBoard's own variant name is not a script of another game" xboard 'variant berolina\nvariant varia-berolina\nquit\n' \
  "Error (berolina is XBoard's own variant, and varia's script of that name is another game, offered as varia-berolina; the variant stays normal): variant berolina" \
  "~setup \\(PNBRQL.*\\) 10x10\\+0_fairy .*"
# A board with holes (Omega Chess): XBoard is told the holes as its
# inaccessible squares ('*', each rank in its full width) and the
# promotion it cannot know (the field's last rank, a rank short of the
# board's); varia reads XBoard's '*' back, and a bare move to the zone,
# which XBoard with legality testing off sends, promotes to the first
# piece of the list (the queen on c2 then checks the king on e3).
omega_xb='w**********w/*crnbqkbnrc*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*1p8*/*3K6*/W**********W b - - 0 1'
transcript "xboard: holes as XBoard's inaccessible squares" xboard "variant omega\nforce\nsetboard $omega_xb\nusermove c3c2\nusermove e2e3\nusermove c2e4\nusermove e3e2\nquit\n" \
  "setup (PNBRQCW................Kpnbrqcw................k) 12x12+0_fairy w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1" \
  "~telluser varia: XBoard cannot be told exactly .*promotion \\(on the last 2 ranks, where XBoard knows the last rank alone\\)" \
  "Illegal move (illegal move e3e2 in this position): e3e2"
omega_out=$(printf 'xboard\nprotover 2\nvariant omega\nforce\nsetboard %s\nusermove c3c2\nusermove e2e3\nusermove c2e4\nquit\n' "$omega_xb" | timeout 60 ./varia xboard 2>&1)
if ! grep -q 'Illegal\|Error' <<<"$omega_out"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL xboard: Omega's bare promotion refused:"; grep 'Illegal\|Error' <<<"$omega_out"; fi
# Where varia's Betza and XBoard's differ, XBoard gets its own letters;
# what it cannot be told, the user is (telluser).
cat > "$vp/dialects.lua" <<'EOF_'
local std = require "std"
return std.extend(std.chess, { name = "dialects", pieces = {
  a = { name = "a", betza = "fN", value = 300 }, c = { name = "c", betza = "J", value = 300 },
  d = { name = "d", betza = "fKbW", value = 300 }, e = { name = "e", betza = "NN", value = 300 },
  f = { name = "f", betza = "mfWcfF", value = 300 }, g = { name = "g", betza = "ffN", value = 300 },
  h = { name = "h", betza = "nH", value = 300 }, i = { name = "i", betza = "gQ", value = 300 },
  j = { name = "j", betza = "R3flF", value = 300 }, l = { name = "l", betza = "fimnDK", value = 300 } } })
EOF_
VARIA_PATH=$vp transcript "xboard: pieces in XBoard's Betza" xboard 'variant dialects\nquit\n' \
  "piece A& rflffrflN" "piece C& Z" "piece D& vWfF" "piece E& N0" "piece F& fmWfcF" "piece G& rflfN" \
  "piece H& nH" "piece I& gRgB" "piece J& W3flF" "piece L& ifmnDWF" \
  "telluser varia: XBoard cannot be told exactly how these pieces move, and may judge their moves wrongly (turn its legality testing off to play them): H (a lame leap past two squares, of which XBoard checks the first), L (first moves from any square of a rank, where XBoard allows them from the piece's start square)"
# XBoard's P steps aside onto an empty square only in its own Berolina
# Chess; in an engine-defined variant it takes such a step for an
# en-passant capture (tests/run-xboard.sh, camel10)
cat > "$vp/aside.lua" <<'EOF_'
local std = require "std"
return std.extend(std.chess, { name = "aside", pieces = {
  p = { name = "pawn", betza = "fmFfcW", value = 100, promotes = true, pawn = true } } })
EOF_
VARIA_PATH=$vp transcript "xboard: a pawn that steps aside" xboard 'variant aside\nquit\n' "piece P& fmFfcW" \
  "telluser varia: XBoard cannot be told exactly how these pieces move, and may judge their moves wrongly (turn its legality testing off to play them): P (a move aside onto an empty square, which XBoard takes for an en-passant capture of the piece behind it)"
VARIA_PATH=$vp transcript "xboard: a refusal names the variant by its XBoard name" xboard 'variant mine\nvariant nosuch\nquit\n' \
  "~Error \\(.*; the variant stays mine\\): variant nosuch"
VARIA_PATH=$vp transcript "uci: UCI_Chess960 picks the declared shuffled form" uci \
  'setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value mygame\nposition startpos\ngo perft 1\nsetoption name UCI_Chess960 value false\nposition startpos\ngo perft 1\nquit\n' \
  "Nodes searched: 5" "Nodes searched: 20"
VARIA_PATH=$vp transcript "uci: a declared XBoard name in UCI_Variant" uci \
  'setoption name UCI_Variant value mine\nposition startpos\ngo perft 1\nsetoption name UCI_Variant value nosuch\nquit\n' \
  "Nodes searched: 20" "~info string UCI_Variant nosuch refused: .*; the variant stays mygame"
rm -rf "$vp"
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
# Limits that once started a search without end: each is clamped (an info
# line says so) or refused, and the engine answers at once. A regression
# hangs, and the short timeout turns it into a failure.
TIMEOUT=10 transcript "uci go negative clock" uci 'position startpos\ngo wtime -1000 btime -1000\nisready\nquit\n' \
  "info string go wtime -1000: out of range (0 to 1000000000); 0 used" "~info depth 1 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv [a-h][1-8][a-h][1-8]" "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?" "readyok"
TIMEOUT=10 transcript "uci go negative movetime" uci 'position startpos\ngo movetime -5\nisready\nquit\n' \
  "info string go movetime -5: out of range (0 to 1000000000); 0 used" "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?" "readyok"
TIMEOUT=10 transcript "uci go depth past the limit" uci 'position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1\ngo depth 1000\nquit\n' \
  "info string go depth 1000: out of range (1 to 64); 64 used" "bestmove a1a8"
TIMEOUT=10 transcript "uci go negative depth" uci 'position startpos\ngo depth -4\nquit\n' \
  "info string go depth -4: out of range (1 to 64); 1 used" "~info depth 1 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv [a-h][1-8][a-h][1-8]" "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"
TIMEOUT=10 transcript "uci go negative nodes" uci 'position startpos\ngo nodes -1\nquit\n' \
  "info string go nodes -1: out of range (1 to 9223372036854775807); 1 used" "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"
TIMEOUT=10 transcript "uci go bad number" uci 'position startpos\ngo depth x nodes 2000\nquit\n' \
  "info string go depth x: not a whole number; ignored" "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"
TIMEOUT=10 transcript "uci go perft 99" uci 'position startpos\ngo perft 99\nisready\nquit\n' \
  "info string go perft 99: expected a depth from 0 to 64" "readyok"
TIMEOUT=10 transcript "uci go perft -3" uci 'position startpos\ngo perft -3\nisready\nquit\n' \
  "info string go perft -3: expected a depth from 0 to 64" "readyok"
TIMEOUT=10 transcript "xboard sd -1" xboard 'new\nsd -1\nusermove e2e4\nquit\n' \
  "Error (depth from 1 to 64; no depth limit stays): sd -1" "~move [a-h][1-8][a-h][1-8]"
TIMEOUT=10 transcript "xboard st -5" xboard 'new\nsd 2\nst -5\nusermove e2e4\nquit\n' \
  "Error (seconds per move above 0, at most 86400): st -5" "~move [a-h][1-8][a-h][1-8]"
# A variant refused keeps the one before playable.
transcript "uci UCI_Variant refused" uci 'setoption name UCI_Variant value nosuch\nposition startpos moves e2e4\ngo depth 2\nquit\n' \
  "info string UCI_Variant nosuch refused: no variant or module named 'nosuch' (see ./varia list; a file needs a path such as ./nosuch.lua); the variant stays chess" \
  "~bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?"
transcript "uci UCI_Variant refused after another" uci 'setoption name UCI_Variant value capablanca\nsetoption name UCI_Variant value nosuch\nposition startpos\ngo perft 1\nquit\n' \
  "info string UCI_Variant nosuch refused: no variant or module named 'nosuch' (see ./varia list; a file needs a path such as ./nosuch.lua); the variant stays capablanca" \
  "Nodes searched: 28"
transcript "xboard variant refused" xboard 'variant nosuch\nsd 2\nusermove e2e4\nquit\n' \
  "Error (no variant or module named 'nosuch' (see ./varia list; a file needs a path such as ./nosuch.lua); the variant stays normal): variant nosuch" \
  "~move [a-h][1-8][a-h][1-8]"
# A refused position does not take the moves after it onto the one before.
transcript "uci position refused" uci 'position startpos moves e2e4\nposition fen zz moves d7d5\nd\nquit\n' \
  "info string position refused: FEN board: 'z' in rank 8 is not a piece of chess" \
  "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
# A game that went on past an unclaimed threefold repetition is replayed.
transcript "uci past a threefold repetition" uci 'position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4\nd\nquit\n' \
  "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5"
transcript "xboard past a threefold repetition" xboard 'new\nforce\nusermove g1f3\nusermove g8f6\nusermove f3g1\nusermove f6g8\nusermove g1f3\nusermove g8f6\nusermove f3g1\nusermove f6g8\nusermove e2e4\nsd 1\ngo\nquit\n' \
  "~move [a-h][1-8][a-h][1-8]"
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
# UCI while the engine thinks. timed FEED: the lines FEED prints (a shell
# command with sleeps between them) go to ./varia uci; each line of the
# answer comes back after the centiseconds since the start.
timed() {
  local start
  start=$(date +%s%N)
  eval "$1" | timeout 30 ./varia uci 2>&1 | while IFS= read -r line; do
    echo "$(( ($(date +%s%N) - start) / 10000000 )) $line"
  done
}
# at PATTERN OUTPUT: the centiseconds of the first line matching PATTERN (or 99999)
at() { awk -v p="$1" '$0 ~ p { print $1; found = 1; exit } END { if (!found) print 99999 }' <<<"$2"; }
check() { # NAME CONDITION OUTPUT
  if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1 ($2):"; head -30 <<<"$3" | sed 's/^/    /'; fi
}
# go infinite searches until stop (it once answered at once), and answers
# within a second of it
out=$(timed "printf 'position startpos\ngo infinite\n'; sleep 2; printf 'stop\n'; sleep 2; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove [a-h][1-8][a-h][1-8]' "$out")
check "uci go infinite, then stop" '[ "$b" -ge 200 ] && [ "$b" -lt 300 ]' "$out"
# go depth 30 then stop: the answer comes at once (it once came minutes later)
out=$(timed "printf 'position startpos\ngo depth 30\n'; sleep 1; printf 'stop\n'; sleep 3; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove [a-h][1-8][a-h][1-8]' "$out")
check "uci go depth 30, then stop" '[ "$b" -ge 100 ] && [ "$b" -lt 200 ]' "$out"
# go movetime 10000 then stop: at once, not after ten seconds
out=$(timed "printf 'position startpos\ngo movetime 10000\n'; sleep 1; printf 'stop\n'; sleep 3; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove [a-h][1-8][a-h][1-8]' "$out")
check "uci go movetime, then stop" '[ "$b" -ge 100 ] && [ "$b" -lt 200 ]' "$out"
# isready is answered while the search runs, before its answer
out=$(timed "printf 'position startpos\ngo infinite\n'; sleep 1; printf 'isready\n'; sleep 1; printf 'stop\n'; sleep 1; printf 'quit\n'")
r=$(at '^[0-9]+ readyok$' "$out"); b=$(at '^[0-9]+ bestmove' "$out")
check "uci isready during a search" '[ "$r" -ge 100 ] && [ "$r" -lt 170 ] && [ "$b" -ge 200 ]' "$out"
# a command other than stop, isready, ponderhit or quit waits for the answer
out=$(timed "printf 'position startpos\ngo infinite\n'; sleep 0.5; printf 'position startpos moves e2e4\nd\n'; sleep 0.5; printf 'stop\n'; sleep 1; printf 'quit\n'")
f=$(grep -n 'Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' <<<"$out" | cut -d: -f1)
b=$(grep -n ' bestmove ' <<<"$out" | cut -d: -f1)
check "uci commands during a search wait for the answer" '[ -n "$f" ] && [ -n "$b" ] && [ "$b" -lt "$f" ]' "$out"
# quit during a search ends the engine
out=$(timed "printf 'position startpos\ngo infinite\n'; sleep 0.5; printf 'quit\n'; sleep 5")
check "uci quit during a search" '[ "$(at "^[0-9]+ bestmove" "$out")" -lt 150 ]' "$out"
# ponder: no answer while pondering; after ponderhit, the answer within the
# clock's share (a thirtieth of 6 s, and a second for a slow machine);
# after stop, at once
out=$(timed "printf 'position startpos moves e2e4\ngo ponder wtime 6000 btime 6000\n'; sleep 1.5; printf 'ponderhit\n'; sleep 2; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove' "$out")
check "uci go ponder, then ponderhit" '[ "$b" -ge 150 ] && [ "$b" -lt 250 ]' "$out"
out=$(timed "printf 'position startpos moves e2e4\ngo ponder wtime 600000 btime 600000\n'; sleep 1; printf 'stop\n'; sleep 2; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove' "$out")
check "uci go ponder, then stop" '[ "$b" -ge 100 ] && [ "$b" -lt 150 ]' "$out"
# bestmove names the expected reply (ponder) when the line has one
transcript "uci bestmove ponder" uci 'position startpos\ngo depth 4\nquit\n' "~bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]"
# clocks: a share of the time left, never all of it
out=$(timed "printf 'position startpos\ngo wtime 3000 btime 3000 winc 0 binc 0 movestogo 10\n'; sleep 3; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove' "$out")
check "uci go wtime movestogo" '[ "$b" -lt 200 ]' "$out"
out=$(timed "printf 'position startpos moves e2e4\ngo wtime 1000 btime 2000 winc 100 binc 500\n'; sleep 3; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove' "$out")
check "uci go btime binc" '[ "$b" -lt 200 ]' "$out"
out=$(timed "printf 'position startpos\ngo movetime 700\n'; sleep 3; printf 'quit\n'")
b=$(at '^[0-9]+ bestmove' "$out")
check "uci go movetime" '[ "$b" -ge 70 ] && [ "$b" -lt 170 ]' "$out"
# go nodes: the search stops at the count
out=$(uci_run 'position startpos\ngo nodes 3000\nquit\n')
n=$(grep -o 'nodes [0-9]*' <<<"$out" | tail -1 | cut -d' ' -f2)
check "uci go nodes" '[ -n "$n" ] && [ "$n" -le 3000 ] && grep -q "^bestmove" <<<"$out"' "$out"
# go mate 1 and 2: the mates are announced as such (a back-rank mate; two
# rooks: 1.Ra7 Kg8 2.Rb8#, or 1.Rb7 Kg8 2.Ra8#)
transcript "uci go mate" uci 'position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1\nquit\n' \
  "~info depth 1 seldepth [0-9]+ score mate 1 nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv d1d8" "bestmove d1d8"
transcript "uci mate in two" uci 'position fen 7k/8/8/8/8/8/R7/1R4K1 w - - 0 1\ngo mate 2\nquit\n' \
  "~info depth 3 seldepth [0-9]+ score mate 2 nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv (a2a7 h8g8 b1b8|b1b7 h8g8 a2a8)" "~bestmove (a2a7|b1b7) ponder h8g8"
# Hash sizes the table: the same search fills more of a small one
fill() { uci_run "setoption name Hash value $1\nposition startpos\ngo depth 7\nquit\n" | grep -o 'hashfull [0-9]*' | tail -1 | cut -d' ' -f2; }
small=$(fill 1); large=$(fill 256)
check "uci Hash sizes the table" '[ -n "$small" ] && [ -n "$large" ] && [ "$small" -gt "$large" ]' "Hash 1: $small, Hash 256: $large"
transcript "uci Hash out of range" uci 'setoption name Hash value 0\nsetoption name Hash value x\nposition startpos\ngo depth 2\nquit\n' \
  "info string Hash 0: out of range (1 to 4096); 1 used" "info string Hash x: not a whole number of megabytes; ignored" "~bestmove .*"
transcript "uci unknown option" uci 'setoption name Foo value 1\nsetoption name MultiPV value 99\nisready\nquit\n' \
  "info string setoption: no option 'Foo'" "info string MultiPV 99: out of range (1 to 16); 16 used" "readyok"
transcript "uci options" uci 'uci\nquit\n' "option name Hash type spin default 16 min 1 max 4096" \
  "option name Threads type spin default 1 min 1 max 64" "option name MultiPV type spin default 1 min 1 max 16" "option name Ponder type check default false" \
  "option name UCI_Chess960 type check default false" "uciok"
# Threads: two threads search to the depth asked and answer a legal move
# (one of go perft 1's); out of range is clamped, and a variant of Lua
# hooks is searched by one thread, as the info line says
fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
out=$(uci_run "setoption name Threads value 2\nposition fen $fen\ngo depth 8\nquit\n")
legal=$(uci_run "position fen $fen\ngo perft 1\nquit\n" | grep -oE '^[a-h][1-8][a-h][1-8]')
b=$(grep -oE '^bestmove [a-h][1-8][a-h][1-8]' <<<"$out" | cut -d' ' -f2)
check "uci Threads 2 go depth 8" '[ -n "$b" ] && grep -qx "$b" <<<"$legal" && grep -qE "^info depth 8 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ " <<<"$out"' "$out"
transcript "uci Threads out of range" uci 'setoption name Threads value 0\nsetoption name Threads value x\nsetoption name Threads value 65\nisready\nquit\n' \
  "info string Threads 0: out of range (1 to 64); 1 used" "info string Threads x: not a whole number; ignored" \
  "info string Threads 65: out of range (1 to 64); 64 used" "readyok"
transcript "uci Threads with Lua hooks" uci 'setoption name Threads value 2\nsetoption name UCI_Variant value circe\nposition startpos\ngo depth 3\nquit\n' \
  "info string Threads 2: this variant's rules are Lua hooks, searched by one thread" "~bestmove [a-h][1-8][a-h][1-8].*"
# MultiPV: as many lines, each its own first move
out=$(uci_run 'setoption name MultiPV value 3\nposition startpos\ngo depth 3\nquit\n')
firsts=$(grep '^info depth 3 .* multipv' <<<"$out" | sed 's/.* pv \([^ ]*\).*/\1/' | sort -u | wc -l)
check "uci MultiPV 3" '[ "$firsts" = 3 ] && grep -q "^info depth 3 seldepth [0-9]* multipv 3 " <<<"$out"' "$out"
# UCI_Chess960: castling as king takes rook, in chess and Capablanca
transcript "uci UCI_Chess960" uci 'setoption name UCI_Chess960 value true\nposition startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\nd\nquit\n' \
  "Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
transcript "uci UCI_Chess960 off" uci 'setoption name UCI_Chess960 value true\nsetoption name UCI_Chess960 value false\nposition startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\nd\nquit\n' \
  "Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
transcript "uci UCI_Variant kept under UCI_Chess960" uci 'setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value capablanca\nposition startpos\ngo perft 1\nquit\n' \
  "Nodes searched: 28"
# a variant of several steps a turn: the info line's pv joins a turn's steps
transcript "uci duck pv" uci 'setoption name UCI_Variant value duck\nposition startpos\ngo depth 2\nquit\n' \
  "~info depth 2 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ hashfull [0-9]+ pv [a-h][1-8][a-h][1-8],[a-h@][1-8]?[a-h][1-8]" "~bestmove [^ ]+,[^ ]+"
# python-chess (docs/cli.md): what chess.engine sends for engine.play(board,
# Limit(depth=3)) with each of its variant boards, line for line as its
# UciProtocol writes it: the managed options (Ponder, MultiPV) at their
# defaults, ucinewgame and isready, then UCI_Variant from the board class's
# uci_variant, the root FEN as the board writes it (3check's remaining
# checks "3+3", crazyhouse's pocket "[]") and the moves, then go. Debian
# has no python3-chess to run the doc's line itself, so this is its
# dialogue; each must end in a bestmove with no refused position.
pychess_play() { # NAME UCI_VARIANT FEN MOVES BESTMOVE-REGEX
  local out pos="fen $3" best=$5
  [ "$2" = chess ] && pos=startpos
  [ -n "$4" ] && pos="$pos moves $4"
  out=$(uci_run "uci\nsetoption name Ponder value false\nsetoption name MultiPV value 1\nucinewgame\nisready\nsetoption name UCI_Variant value $2\nposition $pos\ngo depth 3\nquit\n")
  check "python-chess dialogue: $1" 'grep -q "^uciok$" <<<"$out" && grep -q "^readyok$" <<<"$out" && ! grep -q "refused\|unknown\|illegal" <<<"$out" && grep -qxE "bestmove $best( ponder [^ ]+)?" <<<"$out"' "$out"
}
# docs/cli.md's line for a variant python-chess has no board for: a
# search to depth 3 (the input held open; its end stops a search)
out=$( (printf 'uci\nsetoption name UCI_Variant value capablanca\n'
        printf 'position startpos moves e2e4\ngo depth 3\n'; sleep 2) | timeout 60 ./varia uci 2>&1)
check "docs/cli.md's UCI line for Capablanca" 'grep -q "^info depth 3 " <<<"$out" && grep -qE "^bestmove [a-j][0-9]+[a-j][0-9]+" <<<"$out"' "$out"
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
pychess_play "chess.Board" chess "$START w KQkq - 0 1" "e2e4" "[a-h][1-8][a-h][1-8]"
pychess_play "ThreeCheckBoard" 3check "$START w KQkq - 3+3 0 1" "" "([a-h][23][a-h][34]|[bg]1[acfh]3)"
pychess_play "ThreeCheckBoard, one check left" 3check "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1" "" "a1a8"
pychess_play "CrazyhouseBoard, a drop" crazyhouse "$START[] w KQkq - 0 1" "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5" "([a-h][1-8][a-h][1-8]|P@[a-h][2-7])"
pychess_play "KingOfTheHillBoard" kingofthehill "$START w KQkq - 0 1" "" "([a-h][23][a-h][34]|[bg]1[acfh]3)"
pychess_play "AtomicBoard" atomic "$START w KQkq - 0 1" "" "([a-h][23][a-h][34]|[bg]1[acfh]3)"
pychess_play "HordeBoard" horde "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1" "" "[a-h][4-5][a-h][5-6]"
pychess_play "AntichessBoard" antichess "$START w - - 0 1" "e2e3 b7b5" "f1b5"
pychess_play "RacingKingsBoard" racingkings "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1" "" "[a-h][12][a-h][1-8]"
# pychess (docs/cli.md): its engine dialog's checks and discoverer, run
# headless on Debian's pychess. The varia binary alone passes both checks
# (started without arguments, it answers a first uci or xboard) and is
# added as UCI; a two-line script that runs varia uci (or varia xboard)
# chooses the protocol. pychess takes each and offers its variants.
if /usr/bin/python3 -c 'import pychess' 2>/dev/null; then
  tmp=$(mktemp -d)
  out=$(HOME=$tmp timeout 120 /usr/bin/python3 tests/pychess-engines.py ./varia "$tmp" 2>/dev/null)
  rm -rf "$tmp"
  check "pychess takes the bare binary (docs/cli.md says so)" 'grep -qx "bare uci=True cecp=True" <<<"$out"' "$out"
  check "pychess takes a varia uci script as UCI" 'grep -qx "varia-uci uci=True cecp=False" <<<"$out"' "$out"
  check "pychess takes a varia xboard script as CECP" 'grep -qx "varia-xboard uci=False cecp=True" <<<"$out"' "$out"
  for proto in bare uci xboard; do
    speaks=$proto; [ "$proto" = bare ] && speaks=uci
    check "pychess offers crazyhouse, 3check, seirawan with varia-$proto" \
      'grep -E "^varia-$proto $speaks variants=" <<<"$out" | grep -q "crazyhouse" && grep "^varia-$proto " <<<"$out" | tail -1 | grep -q "3check" && grep "^varia-$proto " <<<"$out" | tail -1 | grep -q seirawan' "$out"
  done
else
  failed=$((failed + 1))
  echo "FAIL pychess is not installed (tools/install-deps.sh --test)"
fi
# self-play
out=$(timeout 120 ./varia selfplay shatranj 2 --depth 1 2>&1)
if grep -qE '^White [0-9]+, Black [0-9]+, draws or unfinished [0-9]+$' <<<"$out" && [ "$(grep -c '^game ' <<<"$out")" = 2 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL selfplay:"; echo "$out" | head; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
