#!/usr/bin/env bash
# Installs the Debian packages varia needs to build and test, when missing.
# Usage: tools/install-deps.sh [--test] [--list]
#   (none)   what building varia and running its REPL need (make play)
#   --test   also what the tests need: cmocka, the oracles, the browser,
#            XBoard, clang with libFuzzer, the packaging tools (make deps)
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
                                  debhelper lintian) # tests/run-deb.sh: make deb, lintian
if [ $list = 1 ]; then echo "${pkgs[*]}"; exit 0; fi
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
