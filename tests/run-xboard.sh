#!/usr/bin/env bash
# varia inside XBoard (Debian's xboard, in a headless X server): XBoard
# runs two varia engines against each other over CECP, with its own
# legality testing on, and must record a finished game; for an
# engine-defined variant it must accept varia's setup and piece commands
# and draw the board. Prints 'N passed, N failed'.
set -u
cd "$(dirname "$0")/.."
XBOARD=${XBOARD:-/usr/games/xboard}
if [ ! -x "$XBOARD" ] || ! command -v Xvfb >/dev/null; then
  echo "FAIL xboard or Xvfb is not installed (apt-get install xboard xvfb)"
  echo "0 passed, 1 failed"
  exit 1
fi
tmp=$(mktemp -d)
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$tmp"' EXIT
sleep 1
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# A whole game of Capablanca Chess, two varia engines, XBoard judging.
DISPLAY=$display timeout 300 "$XBOARD" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
  -variant capablanca -mode TwoMachines -searchDepth 2 -xponder -tc 5 -mps 40 -matchGames 1 \
  -popupExitMessage false -saveGameFile "$tmp/game.pgn" -autoSaveGames true \
  -debugMode true -nameOfDebugFile "$tmp/debug.txt" >/dev/null 2>&1
if grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$tmp/game.pgn" 2>/dev/null && ! grep -q Forfeit "$tmp/game.pgn"; then
  ok "XBoard plays a whole Capablanca game between two varia engines ($(grep -oE '\{[^}]*\} (1-0|0-1|1/2-1/2)' "$tmp/game.pgn" | tail -1))"
else
  bad "no finished Capablanca game from XBoard"; tail -5 "$tmp/debug.txt" 2>/dev/null
fi

# Boards of ten ranks, which XBoard numbers from 0: whole games of Xiangqi
# and Grand Chess, XBoard checking every move (varia once forfeited move 1).
for v in xiangqi grand; do
  DISPLAY=$display timeout 300 "$XBOARD" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
    -variant $v -mode TwoMachines -searchDepth 2 -xponder -tc 5 -mps 40 -matchGames 1 \
    -popupExitMessage false -saveGameFile "$tmp/$v.pgn" -autoSaveGames true \
    -debugMode true -nameOfDebugFile "$tmp/$v.txt" >/dev/null 2>&1
  if grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$tmp/$v.pgn" 2>/dev/null && ! grep -qi 'forfeit\|illegal' "$tmp/$v.pgn"; then
    ok "XBoard plays a whole $v game between two varia engines ($(grep -oE '\{[^}]*\} (1-0|0-1|1/2-1/2)' "$tmp/$v.pgn" | tail -1))"
  else
    bad "no finished $v game from XBoard"; grep -i 'illegal\|forfeit' "$tmp/$v.txt" | head -3; tail -5 "$tmp/$v.txt" 2>/dev/null
  fi
done

# An engine-defined variant: XBoard takes varia's setup and pieces.
DISPLAY=$display timeout 20 "$XBOARD" -fcp "$PWD/varia xboard" -fd "$PWD" -variant almost -mode EditGame \
  -popupExitMessage false -debugMode true -nameOfDebugFile "$tmp/almost.txt" >/dev/null 2>&1 &
gui=$!
sleep 6
kill $gui 2>/dev/null
if grep -q '<first : setup (PNBR.C' "$tmp/almost.txt" && grep -q '<first : piece C& RN' "$tmp/almost.txt" &&
   ! grep -qi 'rejected setup' "$tmp/almost.txt"; then
  ok "XBoard accepts varia's setup and piece commands for Almost Chess"
else
  bad "XBoard did not take the Almost Chess setup"
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
