#!/usr/bin/env bash
# make alice-reference: varia's Alice chess against tests/alice_reference.py
# (written from the rules text, not from varia's code), root move by root
# move, at Kiwipete perft 3 and from the start at perft 3.
set -u
cd "$(dirname "$0")/.."
status=0
for fen in "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"; do
  ref=$(python3 tests/alice_reference.py "$fen" 3 --divide | sort)
  got=$(./varia perft --variant alice --fen "$fen" 3 --divide 2>/dev/null | grep . | sort)
  if [ "$ref" = "$got" ]; then
    echo "agree: $fen: $(grep Nodes <<<"$ref")"
  else
    echo "DISAGREE: $fen"
    diff <(echo "$ref") <(echo "$got") | head -20
    status=1
  fi
done
exit $status
