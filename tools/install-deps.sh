#!/usr/bin/env bash
# Installs the Debian packages varia needs to build and test, when missing.
# Usage: tools/install-deps.sh [--test] [--list]
#   (none)   what building varia and running its REPL need (make play)
#   --test   also what the tests need: cmocka, the oracles, the browser,
#            XBoard, clang with libFuzzer, the packaging tools, and node
#            with npm's wasm build of the current Fairy-Stockfish, which
#            it installs into tests/fsf/wasm (make deps)
#   --list   print the packages, one line, instead of installing them
#            (tests/run-cli.sh checks the README's lists against it)
set -u
test=0 list=0
for a in "$@"; do
  case $a in
    --test) test=1 ;;
    --list) list=1 ;;
    *) echo "usage: tools/install-deps.sh [--test] [--list]" >&2; exit 2 ;;
  esac
done
pkgs=(make gcc pkg-config liblua5.4-dev libreadline-dev libmicrohttpd-dev)
[ $test = 1 ] && pkgs+=(libcmocka-dev # the unit tests
                                  fairy-stockfish fairymax stockfish valgrind python3 xboard xvfb parallel # parallel: the sharded analyze test
                                  chromium chromium-driver python3-selenium # tests/run-browser.py
                                  pychess # tests/run-protocol.sh: pychess adds varia as an engine
                                  clang libclang-rt-14-dev # make fuzz-smoke
                                  debhelper lintian # tests/run-deb.sh: make deb, lintian
                                  nodejs npm) # tests/fsf/wasm-uci.js: the current Fairy-Stockfish, from npm
if [ $list = 1 ]; then echo "${pkgs[*]}"; exit 0; fi
missing=()
for p in "${pkgs[@]}"; do
  # nodejs from nodesource carries npm itself, and conflicts with Debian's npm
  [ "$p" = npm ] && command -v npm >/dev/null && continue
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The current Fairy-Stockfish for tests/run-fsf.sh: npm's wasm build (not a
# Debian package), into tests/fsf/wasm (not in git), once.
wasm_pkg=fairy-stockfish-nnue.wasm@1.1.12
wasm_dir="$(cd "$(dirname "$0")/.." && pwd)/tests/fsf/wasm"
install_wasm() {
  [ $test = 1 ] || return 0
  [ -f "$wasm_dir/node_modules/fairy-stockfish-nnue.wasm/stockfish.js" ] && return 0
  echo "install-deps: npm install $wasm_pkg into tests/fsf/wasm"
  mkdir -p "$wasm_dir" && npm install --silent --no-audit --no-fund --prefix "$wasm_dir" "$wasm_pkg" >/dev/null || {
    echo "install-deps: npm failed; by hand: npm install --prefix tests/fsf/wasm $wasm_pkg" >&2
    exit 1
  }
}
if [ ${#missing[@]} -eq 0 ]; then install_wasm; exit 0; fi
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
install_wasm
