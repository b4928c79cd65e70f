#!/usr/bin/env bash
# Command-line behaviour: exit codes and messages for good and bad input.
# Every bad input must give a clear one-line error and a non-zero exit, never
# a crash or a hang (each command runs under a timeout).
set -u
cd "$(dirname "$0")/.."
V=./varia
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# judge NAME WANT PATTERN STATUS OUTPUT: counts a pass when the exit status
# is WANT and PATTERN (a fixed string) is in OUTPUT.
judge() {
  local name=$1 want=$2 pattern=$3 status=$4 out=$5
  if [ "$status" -eq "$want" ] && grep -qF -- "$pattern" <<<"$out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: exit $status (wanted $want), output:"
    sed 's/^/    /' <<<"$out" | head -12
  fi
}
# expect NAME STATUS PATTERN -- COMMAND...: runs COMMAND, wants exit STATUS
# and PATTERN in stdout+stderr.
expect() {
  local name=$1 want=$2 pattern=$3 out
  shift 4
  out=$(timeout 60 "$@" 2>&1 < /dev/null)
  judge "$name" "$want" "$pattern" $? "$out"
}
# expect_stdin NAME STATUS PATTERN INPUT -- COMMAND...: the same, with
# standard input from INPUT (printf %b escapes).
expect_stdin() {
  local name=$1 want=$2 pattern=$3 input=$4 out
  shift 5
  out=$(printf '%b' "$input" | timeout 60 "$@" 2>&1)
  judge "$name" "$want" "$pattern" $? "$out"
}

expect "help" 0 "usage: varia" -- $V --help
expect "perft help" 0 "Nodes searched" -- $V perft --help
expect "test help" 0 "N passed, N failed" -- $V test --help
expect "version" 0 "varia 0." -- $V --version
expect "list" 0 "capablanca" -- $V list
expect "check names the royal pieces" 0 "q=Q r=R; royal k)" -- $V check chess
expect "check says when none is royal" 0 "; no royal piece)" -- $V check extinction
expect "unknown option" 2 "unknown option '--frobnicate'" -- $V --frobnicate
expect "perft start" 0 "Nodes searched: 8902" -- $V perft 3
expect "perft kiwipete" 0 "Nodes searched: 97862" -- $V perft --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3
expect "perft divide" 0 "e2e4: 600" -- $V perft 3 --divide
expect "perft no depth" 2 "missing DEPTH" -- $V perft
expect "perft bad depth" 2 "unexpected argument 'x'" -- $V perft x
expect "perft bad FEN" 1 "FEN board: rank 8 is longer than 8 files" -- $V perft --fen "rnbqkbnrr/8/8/8/8/8/8/8 w - - 0 1" 1
expect "perft bad FEN side" 1 "FEN side to move" -- $V perft --fen "4k3/8/8/8/8/8/8/4K3 q - - 0 1" 1
expect "perft unknown variant" 1 "no variant or module named 'nosuch'" -- $V perft --variant nosuch 1
expect "perft variant" 0 "Nodes searched: 805128" -- $V perft --variant capablanca 4

# Broken variant scripts: file:line, non-zero exit, no hang.
printf 'return {\n  name = "x",\n  pieces = {\n' > "$tmp/syntax.lua"
expect "syntax error" 1 "syntax.lua:4:" -- $V check "$tmp/syntax.lua"
printf 'local n = 0\nwhile true do n = n + 1 end\n' > "$tmp/loop.lua"
expect "endless loop" 1 "loop.lua:2: instruction budget" -- $V perft --variant "$tmp/loop.lua" 1
printf 'local ok = pcall(function() while true do end end)\nwhile true do end\n' > "$tmp/pcall.lua"
expect "budget beats pcall" 1 "instruction budget" -- $V check "$tmp/pcall.lua"
printf 'os.execute("echo hacked")\nreturn {}\n' > "$tmp/os.lua"
expect "sandbox os" 1 "os.execute is not available to variant scripts" -- $V check "$tmp/os.lua"
printf 'local t = {}\nfor i = 1, 1e9 do t[i] = string.rep("x", 1e6) .. i end\n' > "$tmp/memory.lua"
expect "memory limit" 1 "not enough memory" -- $V check "$tmp/memory.lua"
printf 'return 42\n' > "$tmp/number.lua"
expect "not a table" 1 "must return a table" -- $V check "$tmp/number.lua"
printf 'local std = require "std"\nreturn std.extend(std.chess, { name = "bad", colour = 1, pieces = { x = { betza = "Nz" } }, promotion = { pieces = "qy" } })\n' > "$tmp/keys.lua"
expect "check unknown key" 1 "colour: unknown key" -- $V check "$tmp/keys.lua"
expect "check bad promotion" 1 "promotion.pieces: 'y' is not one of the pieces" -- $V check "$tmp/keys.lua"
expect "check ok" 0 "chess: ok" -- $V check chess
printf 'local x = require "nosuchmodule"\n' > "$tmp/req.lua"
expect "require unknown" 1 "no variant or module named 'nosuchmodule'" -- $V check "$tmp/req.lua"

# The batch runner.
printf 'local g = varia.new("chess")\nassert(g:perft(2) == 400)\nprint("ok " .. arg[1])\n' > "$tmp/ok.lua"
expect "run ok" 0 "ok hello" -- $V run "$tmp/ok.lua" hello
printf 'local function f()\n  error("boom")\nend\nf()\n' > "$tmp/err.lua"
expect "run error" 1 "err.lua:2: boom" -- $V run "$tmp/err.lua"
expect "run traceback" 1 "stack traceback" -- $V run "$tmp/err.lua"
expect "run missing" 1 "cannot open" -- $V run "$tmp/nosuch.lua"
printf 'local t = require "check"\nt.equal("one", 1, 2)\nt.done()\n' > "$tmp/checks.lua"
expect "run: a failed check names its line" 1 "checks.lua:2 one: expected 2, got 1" -- $V run "$tmp/checks.lua"
out=$($V run "$tmp/checks.lua" 2>&1)
judge "run: failed checks end with one line, no traceback" 0 "varia run: 1 check failed" \
  "$(grep -c 'stack traceback' <<<"$out")" "$out"

# The test runner.
printf 'id wrong\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nperft 2 401\n' > "$tmp/wrong.perft"
expect "test failure" 1 "0 passed, 1 failed" -- $V test "$tmp/wrong.perft"
expect "test failure line" 1 "perft 2 expected 401, got 400" -- $V test "$tmp/wrong.perft"
printf 'variant capablanca\nid capa\nepd rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\nperft 2 784\n' > "$tmp/capa.perft"
expect "test variant line" 0 "1 passed, 0 failed" -- $V test "$tmp/capa.perft"
expect "test garbage" 1 "unknown line" -- $V test tests/run-cli.sh

# The REPL from a pipe: errors go to stderr, the game goes on, exit 1.
expect_stdin "repl moves" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" 'e4 e5\nNf3\nfen\n' -- $V
expect_stdin "repl bad move keeps game" 1 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" 'e4\nNf9\nfen\n' -- $V
expect_stdin "repl bad move message" 1 "\"Nf9\" is neither" 'e4\nNf9\n' -- $V
expect_stdin "repl perft" 0 "Nodes searched: 400" 'perft 2\n' -- $V
expect_stdin "repl undo" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 'e4\nundo\nfen\n' -- $V
expect_stdin "repl bad fen" 1 "FEN board" 'fen xx w - - 0 1\n' -- $V
expect_stdin "repl variant" 0 "Nodes searched: 784" 'perft 2\n' -- $V capablanca
expect_stdin "repl duck turn" 0 "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" 'e2e4,e4e5\nfen\n' -- $V duck
expect_stdin "repl duck steps" 0 "Black moves the duck" 'e4,e5\nd7d5\nshow\n' -- $V duck
expect_stdin "repl duck bad step" 1 "illegal move d5d5" 'e4,e5\nd7d5\nd5d5\n' -- $V duck
expect_stdin "repl monochrome agreement" 0 "Game over: White wins (agreement)" 'e4 d5 exd5\noffer\naccept\nshow\n' -- $V monochrome
expect_stdin "repl monochrome points" 0 "points: White 1, Black 0" 'e4 d5 exd5\nshow\n' -- $V monochrome
expect "perft duck" 0 "Nodes searched: 379440" -- $V perft --variant duck 2
expect "variant option" 0 "p=mvWcFimvnD" -- $V check monochrome:pawns=file
expect "bad variant option" 1 'option pawns: "up" is not one of any, file' -- $V check monochrome:pawns=up
expect "unknown variant option" 1 "unknown option 'colour'" -- $V check monochrome:colour=red
expect "perft kriegspiel is chess" 0 "Nodes searched: 8902" -- $V perft --variant kriegspiel 3
expect "perft attempts" 0 "Nodes searched: 694" -- $V perft --variant kriegspiel --attempts 2
expect_stdin "repl kriegspiel view" 0 "White's view: ????????/????????/????????/????????/????????/????????/PPPPPPPP/RNBQKBNR w KQ ? ? 1" 'show\n' -- $V kriegspiel
expect_stdin "repl kriegspiel hides moves" 1 "moves would show what the players may not see" 'moves\n' -- $V kriegspiel
expect_stdin "repl kriegspiel hides perft" 1 "perft would show" 'perft 1\n' -- $V kriegspiel
expect_stdin "repl kriegspiel try" 0 "referee: Nonsense" 'e2e5\n' -- $V kriegspiel
expect_stdin "repl kriegspiel messages" 0 "2. Black has moved" 'e2e4\nd7d5\nmessages\n' -- $V kriegspiel
expect_stdin "repl kriegspiel beliefs" 0 "positions still possible for Black: 20 (exact)" 'e2e4\nshow\n' -- $V kriegspiel
expect_stdin "repl kriegspiel beliefs after a pawn capture" 0 "positions still possible for White: 2 (exact)" 'e2e4\nd7d5\nshow\n' -- $V kriegspiel
expect_stdin "repl kriegspiel referee" 0 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" 'e2e4\nd7d5\nview all\nfen\n' -- $V kriegspiel
expect_stdin "repl ambiguous asks the opponent" 0 "Black chooses which of White's pieces goes to c3" 'c3\nshow\n' -- $V ambiguous
expect_stdin "repl ambiguous choice" 0 "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1" 'c3\nb1c3\nfen\n' -- $V ambiguous
expect "perft ambiguous" 0 "Nodes searched: 400" -- $V perft --variant ambiguous 2
expect_stdin "repl unbland hand" 0 "White's cards: 3 7" 'show\n' -- $V --seed 5 unbland
expect_stdin "repl unbland hides the other hand" 0 "(Black holds 2; 28 in the draw pile)" 'show\n' -- $V --seed 5 unbland
expect_stdin "repl unbland card play" 0 "discard=" 'view all\nfen 4k3/8/8/8/8/4B3/8/4K3 w - - 0 1 varia:hands=3,5/\ncards:e3\nfen\n' -- $V unbland
expect "bad seed" 2 "--seed needs a number" -- $V --seed x unbland
# Past fuzz findings (tests/fuzz/regressions): numbers too long to fit.
expect "fuzz: FEN empty count overflow" 1 "FEN board: rank 8 is longer than 10 files" -- $V perft --variant capablanca --fen "rnabqk6664666666666666bcnr/PP/RN w - - 0 1" 1
printf 'local std = require "std"\nreturn std.extend(std.chess, { name = "x", pieces = { z = { betza = "J0002000000000000" } } })\n' > "$tmp/range.lua"
expect "fuzz: Betza range overflow" 1 "range too large" -- $V check "$tmp/range.lua"
# Broken scripts leave the REPL usable, with the game it had.
expect_stdin "repl survives an endless loop" 1 "Nodes searched: 20" "load $tmp/loop.lua\nperft 1\n" -- $V
expect_stdin "repl names the endless loop" 1 "loop.lua:2: instruction budget" "load $tmp/loop.lua\n" -- $V
expect_stdin "repl survives endless memory" 1 "Nodes searched: 20" "load $tmp/memory.lua\nperft 1\n" -- $V
expect_stdin "repl survives os.execute" 1 "os.execute is not available" "load $tmp/os.lua\nperft 1\n" -- $V
expect_stdin "repl survives a syntax error" 1 "Nodes searched: 20" "load $tmp/syntax.lua\nperft 1\n" -- $V
expect_stdin "repl load without argument" 1 "load: expected a variant name" "load\n" -- $V
expect "fuzz: a second king after the first is taken" 0 "Nodes searched:" -- $V perft --variant unbland --fen "rnbqkbnr/rpQKBNRp/8/8/8/8/PPPPPQPP/rNbQKCNk w - - 0 1" 2
expect "bad en passant square" 1 'FEN en passant: "z9" is not a square' -- $V perft --fen "4k3/8/8/8/8/8/8/4K3 w - z9 0 1" 1
expect "bad clock" 1 'FEN halfmove clock: "x" is not a number' -- $V perft --fen "4k3/8/8/8/8/8/8/4K3 w - - x 1" 1
expect "bad seventh field" 1 "FEN field 7" -- $V perft --fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1 varia:colour=red" 1
expect "too few FEN fields" 1 "expected at least the board and the side to move" -- $V perft --fen "4k3/8/8/8/8/8/8/4K3" 1
expect "unreadable test file" 1 "cannot read the file" -- $V test "$tmp/nosuch.perft"
expect "garbled move in a transcript" 1 "refused" -- $V test tests/fuzz/corpus/testfile/transcript.bad
expect "fuzz: card state in a variant without cards" 1 "the variant has no cards" -- $V perft --fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1 varia:draws=3" 1
expect "duck divide counts whole turns" 0 "Nodes searched: 379440" -- $V perft --variant duck 2 --divide
printf 'print(select("#", ...))\n' > "$tmp/nargs.lua"
expect "run with many arguments" 0 "200" -- $V run "$tmp/nargs.lua" $(seq 1 200)
expect "perft depth out of range" 2 "depth 65 out of range (0 to 64)" -- $V perft 65
expect "check names the variant on every line" 1 "keys.lua: promotion.pieces" -- $V check "$tmp/keys.lua"
# REPL commands: each one's output, and its error for a bad argument.
expect_stdin "why: the check rule" 0 "it would leave White's king attacked (by the rook on e8)" 'fen 4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1\nwhy e2d3\n' -- $V
expect_stdin "why: geometry" 0 "a knight (N) cannot move from g1 to g4" 'why g1g4\n' -- $V
expect_stdin "why: region" 0 "the general on d1 may not leave its region, and c1 is outside it" 'new xiangqi\nfen 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\nwhy d1c1\n' -- $V
# why, for drops (the rules behind each: crazyhouse's pawn ranks, shogi's
# nifu, immobile pieces and uchifuzume, Supply's drop checks and regions,
# Seirawan's gating, Placement's bishops)
expect_stdin "why: a pawn drop on the first rank" 0 "a pawn may not be dropped on its first rank" 'new crazyhouse\nfen 4k3/8/8/8/8/8/8/4K3[P] w - - 0 1\nwhy P@a1\n' -- $V
expect_stdin "why: a drop that leaves the king in check" 0 "it would leave White's king attacked" 'new crazyhouse\nfen 4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1\nwhy N@e4\n' -- $V
expect_stdin "why: nifu" 0 "White already has a pawn on the a-file" 'new minishogi\nfen 4k/5/5/P4/K4[P] w - - 0 1\nwhy P@a3\n' -- $V
expect_stdin "why: a drop that could never move" 0 "a pawn on c5 could never move" 'new minishogi\nfen 4k/5/5/5/K4[P] w - - 0 1\nwhy P@c5\n' -- $V
expect_stdin "why: uchifuzume" 0 "a pawn drop may not give mate" 'new minishogi\nfen 3rk/3s1/4G/5/K4[P] w - - 0 1\nwhy P@e4\n' -- $V
expect_stdin "why: a drop giving check" 0 "a drop may not give check" 'new supply\nfen 4k4/9/9/9/9/9/9/9/9/3K5[AR] w - - 0 1\nwhy R@e3\n' -- $V
expect_stdin "why: a drop outside the drop region" 0 "a7 is outside the squares where White may drop a chariot" 'new supply\nfen 4k4/9/9/9/9/9/9/9/9/3K5[AR] w - - 0 1\nwhy R@a7\n' -- $V
expect_stdin "why: gating only" 0 "pieces in the pocket enter only by gating" 'new seirawan\nwhy H@e4\n' -- $V
expect_stdin "why: bishops on both colours" 0 "a bishop must stand on the other colour" 'new placement\nfen 8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] w - - 0 1\nwhy B@e1\n' -- $V
expect_stdin "why: facing kings" 0 "it would leave White's general attacked (by the general on e10)" 'new xiangqi\nfen 4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1\nwhy e2c3\n' -- $V
expect_stdin "why: blocked" 0 "the rook on a1 cannot reach a3: the way is blocked" 'why a1a3\n' -- $V
expect_stdin "why: own piece" 0 "d2 holds White's own pawn" 'why d1d2\n' -- $V
expect_stdin "why: legal" 0 "e2e4 is legal (e4)" 'why e2e4\n' -- $V
expect_stdin "why: promotion piece" 0 "must promote: add the piece" 'fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nwhy a7a8\n' -- $V
expect_stdin "why without a move" 1 "why: expected a move" 'why\n' -- $V
expect_stdin "save and open" 0 "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "e4 e5 Nf3\nsave $tmp/g.pgn\nnew\nopen $tmp/g.pgn\nfen\n" -- $V
expect_stdin "save writes PGN" 0 "[Variant \"duck\"]" "e2e4,e4e5\nsave $tmp/d.pgn\nlua local f = io.open('$tmp/d.pgn') local t = f:read('a') f:close() return t\n" -- $V duck
expect_stdin "open a missing file" 1 "open: cannot read" "open $tmp/none.pgn\n" -- $V
expect_stdin "save without a file" 1 "save: expected a file name" 'save\n' -- $V
expect_stdin "lua" 0 "20" 'lua return #g:legal()\n' -- $V
expect_stdin "lua error" 1 "attempt to call a nil value" 'lua g:nosuch()\n' -- $V
expect_stdin "svg" 0 "wrote $tmp/b.svg" "svg $tmp/b.svg\n" -- $V
expect_stdin "svg without a file" 1 "svg: expected a file name" 'svg\n' -- $V
expect_stdin "trace" 0 "trace: on_move(e2e4)" 'trace on\ne2e4\n' -- $V kriegspiel
expect_stdin "trace bad argument" 1 "trace: expected on or off" 'trace maybe\n' -- $V
expect_stdin "view bad argument" 1 "view: expected white, black, turn or all" 'view everyone\n' -- $V
expect_stdin "undo too far" 1 "undo: no moves to take back" 'undo\n' -- $V
expect_stdin "perft bad depth" 1 "perft: expected a depth from 0 to 64" 'perft x\n' -- $V
expect_stdin "help" 0 "why MOVE" 'help\n' -- $V
printf 'local std = require "std"\nreturn std.extend(std.chess, { name = "mine" })\n' > "$tmp/mine.lua"
expect_stdin "reload" 0 "move 3 (Nf3) no longer applies" "load $tmp/mine.lua\ne4 e5 Nf3\nlua local f = io.open('$tmp/mine.lua', 'w') f:write('local std = require \"std\" return std.extend(std.chess, { name = \"mine\", pieces = { n = { betza = \"W\" } } })') f:close()\nreload\n" -- $V
expect_stdin "why after reload" 0 "a knight (W) cannot move from g1 to f3" "load $tmp/mine.lua\nreload\nwhy g1f3\n" -- $V
# Lua test files and shards in ./varia test.
printf 'local t = require "check"\nt.equal("start moves", #varia.new("chess"):legal(), 21)\nt.done()\n' > "$tmp/bad_test.lua"
expect "a Lua test file's failure with file:line" 1 "bad_test.lua:2 start moves: expected 21, got 20" -- $V test "$tmp/bad_test.lua"
expect "a Lua test file counted" 1 "0 passed, 1 failed" -- $V test "$tmp/bad_test.lua"
printf 'error("broken")\n' > "$tmp/broken_test.lua"
expect "an erroring Lua test file" 1 "broken_test.lua:1: broken" -- $V test "$tmp/broken_test.lua"
# The shards split the file's checks between them, every other one each.
total=$($V test tests/perft/variants.perft | sed -n 's/^\([0-9]*\) passed.*/\1/p')
expect "shard 1 of 2" 0 "$(( (total + 1) / 2 )) passed, 0 failed" -- $V test --shard 1/2 tests/perft/variants.perft
expect "shard 2 of 2" 0 "$(( total / 2 )) passed, 0 failed" -- $V test --shard 2/2 tests/perft/variants.perft
expect "bad shard" 2 "--shard expects I/N" -- $V test --shard 3/2 tests/perft/variants.perft
# make install, with DESTDIR and PREFIX.
make -s install DESTDIR="$tmp/stage" PREFIX=/usr >/dev/null 2>&1
expect "installed binary" 0 "varia 0." -- "$tmp/stage/usr/bin/varia" --version
expect "installed variants" 0 "duck.lua" -- ls "$tmp/stage/usr/share/varia/variants"
expect "installed man page" 0 "varia.1" -- ls "$tmp/stage/usr/share/man/man1"
expect_stdin "repl variants" 0 "kriegspiel" 'variants\n' -- $V
expect_stdin "repl divide" 0 "e2e4: 20" 'divide 2\n' -- $V
expect_stdin "repl show" 0 "White to move" 'show\n' -- $V
expect_stdin "repl new" 0 "Nodes searched: 28" 'new capablanca\nperft 1\n' -- $V
expect_stdin "repl quit" 0 "" 'quit\nperft 1\n' -- $V
expect "repl unknown variant" 1 "no variant or module named 'nosuch'" -- $V nosuch

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
