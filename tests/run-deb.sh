#!/usr/bin/env bash
# The Debian package: built by `make deb` (debhelper, lintian clean of
# errors), installed with dpkg -i, run from outside the source tree as a
# user would, then removed. Installs into the system, so .ci/run calls it
# (as root, on CI's clean machine), not `make test`.
#
#   tests/run-deb.sh            build, install, run, remove
#   tests/run-deb.sh --chroot   the same inside a fresh Debian chroot made
#                               by debootstrap (make deb-chroot-test)
set -u
cd "$(dirname "$0")/.."
root=$PWD
passed=0 failed=0
ok() { echo "ok - $1"; passed=$((passed + 1)); }
bad() { echo "FAIL - $1"; [ -n "${2:-}" ] && echo "$2" | sed 's/^/    /'; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

version=$(sed -n 's/^VERSION *= *//p' Makefile)
if out=$(make -s deb 2>&1); then ok "make deb builds the package, lintian finds no error"
else bad "make deb" "$(echo "$out" | tail -20)"; finish; fi
deb=$(ls build/deb/varia_"$version"_*.deb)

# run CMD...: the commands the installed package must answer, in a folder
# with no varia sources (HOME too, so nothing of the user's is read).
checks() {
  local run=$1
  local out
  out=$($run varia --version 2>&1)
  [ "$out" = "varia $version (Lua 5.4.4)" ] || [[ "$out" == "varia $version "* ]] \
    && ok "varia --version: $out" || bad "varia --version" "$out"
  out=$($run varia perft 4 2>&1)
  [[ "$out" == *"Nodes searched: 197281"* ]] && ok "installed varia: chess perft 4 = 197281" \
    || bad "installed varia: chess perft 4" "$out"
  out=$($run varia perft --variant duck 2 2>&1)
  [[ "$out" == *"Nodes searched: "* ]] && ok "installed varia plays a shipped script (duck)" \
    || bad "installed varia: duck" "$out"
  out=$($run sh -c 'ls /usr/share/varia/variants/*.lua | wc -l')
  [ "$out" -eq "$(ls "$root"/variants/*.lua | wc -l)" ] 2>/dev/null \
    && ok "every variant script installed ($out)" || bad "variant scripts installed" "$out"
  out=$($run sh -c 'test -s /usr/share/man/man1/varia.1.gz && test -s /usr/share/doc/varia/api.md.gz && zcat /usr/share/doc/varia/changelog.gz | grep -q "^# Changelog" && test -s /usr/share/doc/varia/copyright && echo yes')
  [ "$out" = yes ] && ok "the man page, the docs, the changelog and the copyright are installed" \
    || bad "man page and docs" "$out"
  out=$(printf 'e4 e5 Nf3\nfen\nquit\n' | $run varia 2>&1)
  [[ "$out" == *"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"* ]] \
    && ok "the installed REPL plays from a pipe" || bad "installed REPL" "$out"
}

if [ "${1:-}" = --chroot ]; then
  # A Debian with nothing but its base, the package and what it depends on.
  dir=build/chroot
  suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
  rm -rf "$dir"
  if ! debootstrap --variant=minbase "$suite" "$dir" >build/debootstrap.log 2>&1; then
    bad "debootstrap $suite (build/debootstrap.log)" "$(tail -5 build/debootstrap.log)"; finish
  fi
  cp /etc/apt/sources.list.d/*.sources "$dir"/etc/apt/sources.list.d/ 2>/dev/null
  cp "$deb" "$dir"/tmp/
  if chroot "$dir" sh -c "apt-get update -qq && apt-get install -y -qq /tmp/$(basename "$deb")" >build/chroot-install.log 2>&1
  then ok "apt-get installs the package and its dependencies in a fresh $suite"
  else bad "install in the chroot (build/chroot-install.log)" "$(tail -5 build/chroot-install.log)"; finish; fi
  checks "chroot $dir env HOME=/tmp"
  rm -rf "$dir"
  finish
fi

if out=$(dpkg -i "$deb" 2>&1); then ok "dpkg -i $(basename "$deb")"
else bad "dpkg -i" "$out"; finish; fi
tmp=$(mktemp -d)
cd "$tmp" && checks "env HOME=$tmp PATH=/usr/bin:/bin"
cd "$root"; rm -rf "$tmp"
if out=$(dpkg -r varia 2>&1) && [ ! -e /usr/bin/varia ]; then ok "dpkg -r removes it"
else bad "dpkg -r" "$out"; fi
finish
