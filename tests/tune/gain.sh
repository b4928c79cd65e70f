#!/usr/bin/env bash
# The measured gain of varia tune (docs/engine.md, Tuning): each variant
# tuned from 3 rounds of self-play games at 1000 nodes a move (60 games a
# round; 100 for nightriders; shogi's fit blends the results with the
# search's scores, --lambda 0.5), then its tuned copy against it, GAMES
# games (default 200) at NODES nodes a move (default 1000). Minutes per
# variant on two free cores: on demand (make tune-gain), not in make test.
set -eu
cd "$(dirname "$0")/../.."
games=${GAMES:-200} nodes=${NODES:-1000}
while read -r spec rounds extra; do
  name=$(basename "$spec" .lua)
  # shellcheck disable=SC2086 # extra: options, split on purpose
  ./varia tune "$spec" --games "$rounds" --nodes 1000 --iterations 3 --seed 1 $extra \
    --out "tests/tune/$name-tuned.lua" >/dev/null </dev/null
  ./varia run tests/tune/gain.lua "$spec" "tests/tune/$name-tuned.lua" "$games" "$nodes" 1 6 </dev/null
done <<'LIST'
capablanca 60
shogi 60 --lambda 0.5
grand 60
circe 60
tests/tune/nightriders.lua 100
LIST
