#!/usr/bin/env bash
# The measured gain of varia tune (docs/engine.md, Tuning): each variant
# tuned from 3 rounds of 60 self-play games at depth 2, then its tuned
# copy against it, GAMES games (default 200) at NODES nodes a move (default
# 1000). Minutes per variant on two free cores: on demand (make tune-gain),
# not in make test.
set -eu
cd "$(dirname "$0")/../.."
games=${GAMES:-200} nodes=${NODES:-1000}
for spec in capablanca shogi grand circe tests/tune/nightriders.lua; do
  name=$(basename "$spec" .lua)
  ./varia tune "$spec" --games 60 --depth 2 --iterations 3 --seed 1 --out "tests/tune/$name-tuned.lua" >/dev/null
  ./varia run tests/tune/gain.lua "$spec" "tests/tune/$name-tuned.lua" "$games" "$nodes" 1 6
done
