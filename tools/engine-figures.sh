#!/usr/bin/env bash
# The search's speed and depth at a fixed time per move (docs/engine.md):
# for each variant, positions reached by varia's own play at depth 3 from
# the start (after 0, 6, 12, 18 and 24 turns), each searched with
# `go movetime MS` over UCI; prints per position the depth completed, the
# nodes per second of the clock (UCI's nps) and per second of processor
# time the engine had (its user and system time: on a loaded machine the
# engine has less than the clock's time), then the medians.
#   tools/engine-figures.sh [MS] [VARIANT...]   (default 1000; chess
#   capablanca xiangqi duck)
#   THREADS=N tools/engine-figures.sh ...   the timed searches with N
#   threads (UCI's Threads; default 1), the positions the same
set -u
cd "$(dirname "$0")/.."
ms=${1:-1000}
threads=${THREADS:-1}
shift || true
variants=${*:-chess capablanca xiangqi duck}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
# uci LINES: the engine's answer, quit sent once bestmove has come; the
# processor seconds it used in $cpu_file
cpu_file=$(mktemp)
uci() {
  local tmp
  tmp=$(mktemp)
  { printf '%b' "$1"; while ! grep -q '^bestmove' "$tmp"; do sleep 0.05; done; printf 'quit\n'; } |
    /usr/bin/time -f '%U %S' -o "$cpu_file" ./varia uci >"$tmp"
  cat "$tmp"
  rm -f "$tmp"
}
for v in $variants; do
  moves="" nps_all="" depth_all="" cpu_all=""
  for plies in 0 6 12 18 24; do
    while [ "$(wc -w <<<"$moves")" -lt "$plies" ]; do
      m=$(uci "setoption name UCI_Variant value $v\nposition startpos moves $moves\ngo depth 3\n" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
      [ -z "$m" ] || [ "$m" = "(none)" ] && break 2
      moves="$moves $m"
    done
    out=$(uci "setoption name Threads value $threads\nsetoption name UCI_Variant value $v\nposition startpos moves $moves\ngo movetime $ms\n")
    last=$(grep '^info depth' <<<"$out" | tail -1)
    nodes=$(grep -o ' nodes [0-9]*' <<<"$last" | cut -d' ' -f3)
    time=$(grep -o ' time [0-9]*' <<<"$last" | cut -d' ' -f3)
    depth=$(grep -o '^info depth [0-9]*' <<<"$last" | cut -d' ' -f3)
    # nodes per second over the whole search, not the last iteration alone
    total=$(grep -o ' nps [0-9]*' <<<"$last" | cut -d' ' -f3)
    # the search's nodes over the processor time to the end of its last
    # iteration: the clock's share the process had, times that time
    cpu=$(awk '{ print $1 + $2 }' "$cpu_file")
    wall=$ms
    per_cpu=$(awk -v n="$nodes" -v t="$time" -v c="$cpu" -v w="$wall" 'BEGIN { s = c * t / w; print (s > 0) ? int(n / s) : 0 }')
    printf '%-11s after %2d turns: depth %2s, %8s nps, %8s nodes per processor second (%.2f s of processor in %s ms)\n' \
      "$v" "$plies" "$depth" "$total" "$per_cpu" "$cpu" "$ms" >&2
    nps_all="$nps_all $total" depth_all="$depth_all $depth" cpu_all="$cpu_all $per_cpu"
  done
  printf '%-11s median: depth %s, %s nps, %s nodes per processor second\n' "$v" \
    "$(tr ' ' '\n' <<<"$depth_all" | grep . | median)" "$(tr ' ' '\n' <<<"$nps_all" | grep . | median)" \
    "$(tr ' ' '\n' <<<"$cpu_all" | grep . | median)"
done
rm -f "$cpu_file"
