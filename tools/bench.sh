#!/usr/bin/env bash
# make bench: perft speed of varia beside Debian's fairy-stockfish and
# stockfish, in one run, on the same positions: chess from the start at
# depth 6 and Kiwipete at depth 5, then the three variants slowest beside
# fairy-stockfish in docs/variants.md. Each measurement is the
# median wall time of BENCH_RUNS runs (default 5) of a whole process, so the
# three engines are timed the same way. Then the rules written as hooks
# beside chess and their built-in twins (hook_section below; BENCH_PART=hooks
# runs that alone). The machine is shared and noisy: read the ratios, not
# the absolute numbers.
set -u
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
SF=${STOCKFISH:-/usr/games/stockfish}

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# time_cmd CMD...: prints "seconds nodes" of one run.
time_cmd() {
  local t0 t1 out
  t0=$(date +%s.%N)
  out=$("$@" 2>/dev/null </dev/null)
  t1=$(date +%s.%N)
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}') $(echo "$out" | sed -n 's/^Nodes searched: //p' | tail -1)"
}
uci_perft() { # engine fen depth
  printf 'position fen %s\ngo perft %s\nquit\n' "$2" "$3" | "$1"
}
uci_variant_perft() { # engine variant depth
  printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$2" "$3" | "$1"
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# measure NAME FEN DEPTH CMD...: prints "seconds nodes nps".
measure() {
  local times="" nodes=""
  shift 3
  for _ in $(seq "$runs"); do
    read -r t n < <(time_cmd "$@")
    times+="$t"$'\n'
    nodes=$n
  done
  local med
  med=$(printf '%s' "$times" | median)
  echo "$med $nodes $(awk -v n="$nodes" -v t="$med" 'BEGIN {print n / t}')"
}

# BENCH_PART=hooks: the rules written as hooks alone (a few minutes less).
if [ "${BENCH_PART:-all}" != hooks ]; then
printf '%-16s %-10s %5s %12s %9s %12s\n' engine position depth nodes "median s" "Mnodes/s"
for pos in start:6 kiwipete:5; do
  name=${pos%%:*} depth=${pos##*:}
  fen=$start; [ "$name" = kiwipete ] && fen=$kiwi
  declare -A nps=()
  for engine in varia fairy-stockfish stockfish; do
    case $engine in
      varia) read -r t n r < <(measure "$name" "$fen" "$depth" ./varia perft --fen "$fen" "$depth") ;;
      fairy-stockfish) [ -x "$FSF" ] || continue
        read -r t n r < <(measure "$name" "$fen" "$depth" uci_perft "$FSF" "$fen" "$depth") ;;
      stockfish) [ -x "$SF" ] || continue
        read -r t n r < <(measure "$name" "$fen" "$depth" uci_perft "$SF" "$fen" "$depth") ;;
    esac
    nps[$engine]=$r
    printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' "$engine" "$name" "$depth" "$n" "$t" "$(awk -v r="$r" 'BEGIN {print r / 1e6}')"
  done
  for other in fairy-stockfish stockfish; do
    [ -n "${nps[$other]:-}" ] && printf '  varia / %-16s %6.2fx  (%s)\n' "$other" \
      "$(awk -v a="${nps[varia]}" -v b="${nps[$other]}" 'BEGIN {print a / b}')" "$name"
  done
  unset nps
done

# The three variants with the lowest ratio in docs/variants.md (make
# variants-table), at its depths, beside fairy-stockfish: where varia is
# closest to it, a regression shows first. Of the rows Debian's 11.1 has
# (its column "yes"), whose speed the page measured against it; a speed
# may carry a note after its ratio.
if [ -x "$FSF" ]; then
  sed -n 's/^| \([^ ]*\) | yes | `\([^`]*\)` |.* | \([0-9]*\): [0-9.]* \/ [0-9.]* = \([0-9.]*\)x[^|]*|$/\4 \1 \2 \3/p' \
    docs/variants.md | sort -g | head -3 |
  while read -r table theirs ours depth; do
    read -r t n r < <(measure "$ours" start "$depth" ./varia perft --variant "$ours" "$depth")
    read -r ft fn fr < <(measure "$ours" start "$depth" uci_variant_perft "$FSF" "$theirs" "$depth")
    printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' varia "$ours" "$depth" "$n" "$t" "$(awk -v r="$r" 'BEGIN {print r / 1e6}')"
    printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' fairy-stockfish "$ours" "$depth" "$fn" "$ft" "$(awk -v r="$fr" 'BEGIN {print r / 1e6}')"
    printf '  varia / %-16s %6.2fx  (%s; %sx in docs/variants.md)\n' fairy-stockfish \
      "$(awk -v a="$r" -v b="$fr" 'BEGIN {print a / b}')" "$ours" "$table"
  done
fi

# Duck Chess: Debian's fairy-stockfish 11.1 has no duck variant, so varia
# alone (a current Fairy-Stockfish build does about 100 million per second
# on this kind of machine, by the issue's measurement).
read -r t n r < <(measure duck start 3 ./varia perft --variant duck 3)
printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' varia "duck" 3 "$n" "$t" "$(awk -v r="$r" 'BEGIN {print r / 1e6}')"
fi

# Rules written as hooks (issue 29), beside orthodox chess and the
# built-in twins, in varia's own nodes per second (the script's loading
# not counted): each script at the smallest depth from 3 where one run
# takes at least a second, and what it is compared with at the same depth
# (perft counts the last level in bulk, so speeds at two depths differ);
# medians of BENCH_HOOK_RUNS runs (default 3).
hook_section() {
  local runs=${BENCH_HOOK_RUNS:-3}
  # nps VARIANT DEPTH: one run's "nodes-per-second seconds"
  nps() { ./varia perft --variant "$1" "$2" 2>&1 | sed -n 's/^Time: \([0-9.]*\) s, \([0-9]*\) nodes per second$/\2 \1/p'; }
  # median_nps VARIANT DEPTH [NPS]: the median of BENCH_HOOK_RUNS runs,
  # NPS (a run made already) one of them
  median_nps() {
    local all="" r s k=0
    [ -n "${3:-}" ] && all="$3"$'\n' && k=1
    for _ in $(seq $((runs - k))); do read -r r s < <(nps "$1" "$2"); all+="${r:-0}"$'\n'; done
    printf '%s' "$all" | median
  }
  # depth_for VARIANT: "DEPTH NPS", the smallest depth from 3 where a run
  # takes a second, and that run's speed
  depth_for() {
    local d=3 r s
    while :; do
      read -r r s < <(nps "$1" "$d")
      [ -z "$r" ] && { echo "$d 0"; return; }
      if awk -v s="$s" 'BEGIN {exit !(s >= 1)}' || [ "$d" -ge 8 ]; then echo "$d $r"; return; fi
      d=$((d + 1))
    done
  }
  mn() { awk -v r="$1" 'BEGIN {printf "%.2f", r / 1e6}'; }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "-"}'; }
  declare -A chess_at=()
  # The catalogue of conditions written as hooks (docs/variants/);
  # targets: within 10x of chess, aim 5x.
  printf '\n%-16s %5s %12s %12s %8s\n' "rule in hooks" depth "Mnodes/s" "chess" "slower"
  for name in ${BENCH_CATALOGUE:-circe rifle patrol checkless grid andernach madrasi takemake alice}; do
    local d r first
    read -r d first < <(depth_for "$name")
    r=$(median_nps "$name" "$d" "$first")
    [ -n "${chess_at[$d]:-}" ] || chess_at[$d]=$(median_nps chess "$d")
    printf '%-16s %5s %12s %12s %8s\n' "$name" "$d" "$(mn "$r")" "$(mn "${chess_at[$d]}")" "$(ratio "${chess_at[$d]}" "$r")"
  done
  # The four hook versions of built-in variants (docs/examples/hooks)
  # beside the built-in C mechanism; target: within 3x.
  printf '\n%-16s %5s %12s %12s %8s\n' "hook version" depth "Mnodes/s" "built-in" "slower"
  for name in kingofthehill 3check atomic antichess; do
    local d r b first
    read -r d first < <(depth_for "docs/examples/hooks/$name.lua")
    r=$(median_nps "docs/examples/hooks/$name.lua" "$d" "$first")
    b=$(median_nps "$name" "$d")
    printf '%-16s %5s %12s %12s %8s\n' "$name" "$d" "$(mn "$r")" "$(mn "$b")" "$(ratio "$b" "$r")"
  done
}
hook_section

if [ "${BENCH_PART:-all}" != hooks ]; then
# A board that wraps (topology = "cylinder": issue 30) beside the same
# pieces on the plain board, from the start at depth 5: the cost of the
# step tables, pins along wrapped rays and the squares two paths reach
# (the target: within 1.5x).
read -r t n r < <(measure chess start 5 ./varia perft --variant chess 5)
read -r wt wn wr < <(measure cylinder start 5 ./varia perft --variant cylinder 5)
printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' varia chess 5 "$n" "$t" "$(awk -v r="$r" 'BEGIN {print r / 1e6}')"
printf '%-16s %-10s %5s %12s %9.3f %12.1f\n' varia cylinder 5 "$wn" "$wt" "$(awk -v r="$wr" 'BEGIN {print r / 1e6}')"
printf '  plain / wrapped %6.2fx  (the target is 1.5x)\n' "$(awk -v a="$r" -v b="$wr" 'BEGIN {print a / b}')"
fi
