#!/usr/bin/env bash
# varia inside XBoard (Debian's xboard, in a headless X server): XBoard
# runs two varia engines against each other over CECP, with its own
# legality testing on (off where varia's telluser says XBoard cannot be
# told how a piece moves), and must record a finished game; for an
# engine-defined variant it must accept varia's setup and piece commands
# and draw the board, and play a whole game with them. Prints 'N passed, N failed'.
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
# XBoard keeps its options in ~/.xboardrc when it exits, and reads them
# at its start: one game's -testLegality false was the next game's
# setting. Each run says its own and saves nothing (a later
# -testLegality false overrides this one).
XB=("$XBOARD" -saveSettingsOnExit false -testLegality true)
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# A whole game of Capablanca Chess, two varia engines, XBoard judging.
DISPLAY=$display timeout 300 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
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
  DISPLAY=$display timeout 300 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
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
DISPLAY=$display timeout 20 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -variant almost -mode EditGame \
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

# A 10x10 variant of one's own that XBoard cannot know: Berolina pawns
# (diagonally forward, capturing straight forward, a double diagonal step
# from their first rank) and camels, written L ((1,3), XBoard's L is the
# zebra). A whole game with only what varia's piece commands tell XBoard
# (varia once sent its own Betza: XBoard refused the first camel move).
# Its legality testing is off, as varia's telluser asks: XBoard 4.9 takes
# a pawn's step aside onto an empty square in its own half for an
# en-passant capture and removes the piece behind it (outside its own
# Berolina Chess), and then refuses a later move of that piece.
cat > "$tmp/camel10.lua" <<'EOF_'
local std = require "std"
return std.extend(std.chess, {
  name = "camel10", files = 10, ranks = 10, castling = std.NONE,
  pieces = {
    p = { name = "pawn", betza = "fmFfcWifmnA", value = 100, promotes = true, pawn = true },
    l = { name = "camel", betza = "L", value = 250 },
  },
  start = "rlnbqkbnlr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLNBQKBNLR w - - 0 1",
})
EOF_
DISPLAY=$display VARIA_PATH=$tmp timeout 120 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
  -variant camel10 -mode TwoMachines -searchDepth 2 -xponder -tc 1 -mps 40 -matchGames 1 -testLegality false \
  -popupExitMessage false -saveGameFile "$tmp/camel10.pgn" -autoSaveGames true \
  -debugMode true -nameOfDebugFile "$tmp/camel10.txt" >/dev/null 2>&1
moves=$(sed -n '/^1\. /,$p' "$tmp/camel10.pgn" 2>/dev/null | sed 's/{[^}]*}//g' | tr ' ' '\n')
if grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$tmp/camel10.pgn" 2>/dev/null && ! grep -qi 'forfeit\|illegal' "$tmp/camel10.pgn" &&
   grep -q '^\[Variant "camel10"\]' "$tmp/camel10.pgn" && grep -q '<first : piece L& C$' "$tmp/camel10.txt" &&
   grep -q '<first : telluser varia: .*P (a move aside onto an empty square, which XBoard takes for an en-passant capture' "$tmp/camel10.txt" &&
   grep -qE '^L[a-j][0-9]' <<<"$moves" && grep -qE '^[a-j][a-j][0-9]$' <<<"$moves"; then
  ok "XBoard plays a whole game of a 10x10 variant of Berolina pawns and camels ($(grep -oE '\{[^}]*\} (1-0|0-1|1/2-1/2)' "$tmp/camel10.pgn" | tail -1), $(grep -cE '^L' <<<"$moves") camel moves)"
else
  bad "no finished camel10 game from XBoard"; grep -i 'illegal\|forfeit' "$tmp/camel10.pgn" "$tmp/camel10.txt" | head -3
fi

# The same variant under a name XBoard reads as its own (berolina10 is its
# Berolina Chess): varia offers it as varia-berolina10, which XBoard takes
# for the engine's, with its setup and pieces.
sed 's/"camel10"/"berolina10"/' "$tmp/camel10.lua" > "$tmp/berolina10.lua"
DISPLAY=$display VARIA_PATH=$tmp timeout 20 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -variant varia-berolina10 -mode EditGame \
  -popupExitMessage false -debugMode true -nameOfDebugFile "$tmp/berolina10.txt" >/dev/null 2>&1 &
gui=$!
sleep 6
kill $gui 2>/dev/null
if grep -q '>first : variant varia-berolina10$' "$tmp/berolina10.txt" && grep -q '<first : setup (PNBRQL.* 10x10+0_fairy' "$tmp/berolina10.txt" &&
   grep -q '<first : piece L& C$' "$tmp/berolina10.txt" && ! grep -qi 'rejected setup\|not supported' "$tmp/berolina10.txt"; then
  ok "XBoard takes varia-berolina10 for varia's variant, not its own Berolina"
else
  bad "XBoard did not take varia-berolina10 for varia's variant"; grep -i 'variant\|supported' "$tmp/berolina10.txt" | head -5
fi

# A board with holes (Omega Chess): XBoard takes the holes as its
# inaccessible squares ('*' in varia's setup) and plays a whole game.
# Its legality testing is off, as varia's telluser asks: XBoard knows
# promotion on the board's last rank alone, and Omega's pawns promote a
# rank short of it (with the testing on it forfeits the first promotion).
DISPLAY=$display timeout 300 "${XB[@]}" -fcp "$PWD/varia xboard" -fd "$PWD" -scp "$PWD/varia xboard" -sd "$PWD" \
  -variant omega -mode TwoMachines -searchDepth 2 -xponder -tc 1 -mps 40 -matchGames 1 -testLegality false \
  -popupExitMessage false -saveGameFile "$tmp/omega.pgn" -autoSaveGames true \
  -debugMode true -nameOfDebugFile "$tmp/omega.txt" >/dev/null 2>&1
if grep -qE '(1-0|0-1|1/2-1/2)[[:space:]]*$' "$tmp/omega.pgn" 2>/dev/null && ! grep -qi 'forfeit\|illegal' "$tmp/omega.pgn" &&
   grep -q '<first : setup (PNBRQCW.* 12x12+0_fairy w\*\*\*\*\*\*\*\*\*\*w/\*crnbqkbnrc\*/' "$tmp/omega.txt" &&
   ! grep -qi 'rejected setup' "$tmp/omega.txt"; then
  ok "XBoard plays a whole Omega Chess game, its holes as inaccessible squares ($(grep -oE '\{[^}]*\} (1-0|0-1|1/2-1/2)' "$tmp/omega.pgn" | tail -1))"
else
  bad "no finished Omega Chess game from XBoard"; grep -i 'illegal\|forfeit' "$tmp/omega.pgn" "$tmp/omega.txt" | head -3
fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
