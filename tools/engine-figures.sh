#!/usr/bin/env bash
# The search's speed and depth at a fixed time per move (docs/engine.md):
# for each variant, positions reached by varia's own play at depth 3 from
# the start (after 0, 6, 12, 18 and 24 turns), each searched with
# `go movetime MS` over UCI; prints per position the nodes per second and
# the depth completed, then the medians.
#   tools/engine-figures.sh [MS] [VARIANT...]   (default 1000; chess
#   capablanca xiangqi duck)
set -u
cd "$(dirname "$0")/.."
ms=${1:-1000}
shift || true
variants=${*:-chess capablanca xiangqi duck}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
# uci LINES: the engine's answer, quit sent once bestmove has come
uci() {
  local tmp
  tmp=$(mktemp)
  { printf '%b' "$1"; while ! grep -q '^bestmove' "$tmp"; do sleep 0.05; done; printf 'quit\n'; } | ./varia uci >"$tmp"
  cat "$tmp"
  rm -f "$tmp"
}
for v in $variants; do
  moves="" nps_all="" depth_all=""
  for plies in 0 6 12 18 24; do
    while [ "$(wc -w <<<"$moves")" -lt "$plies" ]; do
      m=$(uci "setoption name UCI_Variant value $v\nposition startpos moves $moves\ngo depth 3\n" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
      [ -z "$m" ] || [ "$m" = "(none)" ] && break 2
      moves="$moves $m"
    done
    out=$(uci "setoption name UCI_Variant value $v\nposition startpos moves $moves\ngo movetime $ms\n")
    last=$(grep '^info depth' <<<"$out" | tail -1)
    nodes=$(grep -o ' nodes [0-9]*' <<<"$last" | cut -d' ' -f3)
    time=$(grep -o ' time [0-9]*' <<<"$last" | cut -d' ' -f3)
    depth=$(grep -o '^info depth [0-9]*' <<<"$last" | cut -d' ' -f3)
    # nodes per second over the whole search, not the last iteration alone
    total=$(grep -o ' nps [0-9]*' <<<"$last" | cut -d' ' -f3)
    printf '%-11s after %2d turns: depth %2s, %8s nps (last iteration ended at %s ms)\n' "$v" "$plies" "$depth" "$total" "$time" >&2
    nps_all="$nps_all $total" depth_all="$depth_all $depth"
  done
  printf '%-11s median: depth %s, %s nps\n' "$v" "$(tr ' ' '\n' <<<"$depth_all" | grep . | median)" \
    "$(tr ' ' '\n' <<<"$nps_all" | grep . | median)"
done
