#!/usr/bin/env bash
# Installs the Debian packages varia needs to build and test, when missing.
# Usage: tools/install-deps.sh [--test]   (--test adds the test oracles and
# clang with libFuzzer, for make fuzz-smoke)
set -u
pkgs=(make gcc pkg-config liblua5.4-dev libreadline-dev libmicrohttpd-dev libcmocka-dev)
[ "${1:-}" = --test ] && pkgs+=(fairy-stockfish fairymax stockfish valgrind python3 xboard xvfb parallel # parallel: the sharded analyze test
                                  chromium chromium-driver python3-selenium # tests/run-browser.py
                                  pychess # tests/run-protocol.sh: pychess adds varia as an engine
                                  clang libclang-rt-14-dev) # make fuzz-smoke
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null; then
  echo "install-deps: missing ${missing[*]}, and this is not a Debian system: install them by hand" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then sudo=""
elif command -v sudo >/dev/null; then sudo="sudo"
else
  echo "install-deps: missing ${missing[*]}; run as root: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null || {
  echo "install-deps: apt-get failed; install by hand: apt-get install ${missing[*]}" >&2
  exit 1
}
