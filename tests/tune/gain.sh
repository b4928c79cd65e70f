#!/usr/bin/env bash
# The measured gain of varia tune (docs/engine.md, Tuning): each variant
# of the list tuned from its rounds (iterations) of its games a round of
# self-play at 1000 nodes a move (shogi's fit blends the results with the
# search's scores, --lambda 0.5), then its tuned copy against it, GAMES
# games (default 200) at NODES nodes a move (default 1000). A minute (three-check) to a
# quarter of an hour (Grand Chess) per variant on two free cores: on
# demand (make tune-gain, or the variants' names as arguments), not in
# make test.
set -eu
cd "$(dirname "$0")/../.."
games=${GAMES:-200} nodes=${NODES:-1000}
while read -r spec rounds iterations extra; do
  name=$(basename "$spec" .lua)
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  # shellcheck disable=SC2086 # extra: options, split on purpose
  ./varia tune "$spec" --games "$rounds" --nodes 1000 --iterations "$iterations" --seed 1 $extra \
    --out "tests/tune/$name-tuned.lua" >/dev/null </dev/null
  ./varia run tests/tune/gain.lua "$spec" "tests/tune/$name-tuned.lua" "$games" "$nodes" 1 6 </dev/null
done <<'LIST'
capablanca 60 3
shogi 60 3 --lambda 0.5
grand 60 3
circe 60 3
tests/tune/nightriders.lua 300 6
atomic 100 4
3check 100 4
5check 100 4
kingofthehill 100 4
racingkings 100 4
tests/tune/grand-unvalued.lua 300 4
tests/tune/capablanca-unvalued.lua 300 6
tests/tune/shogi-unvalued.lua 150 6 --hold --gate 100
LIST
