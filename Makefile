# varia - a scriptable chess-variant interpreter.
#
#   make                 build ./varia
#   make play            install what is missing, build, start the REPL on chess
#   make deps test       install what is missing, build, run every test
#   make bench           nodes per second, side by side with Fairy-Stockfish and Stockfish
#   make DEBUG=1         assertions: board_ok() after every make/unmake, the hot path's preconditions
#   make SANITIZE=address,undefined test
#   make SANITIZE=thread && tests/run-serve.py   the server's two threads under ThreadSanitizer
#
# Dependencies (Debian): tools/install-deps.sh --list (to build), --list --test (to test)

VERSION   = 0.1
PREFIX   ?= /usr/local
DATADIR   = $(PREFIX)/share/varia
CC       ?= cc
PKG_CONFIG ?= pkg-config
LUA_PC   ?= lua5.4

OPT      ?= -O3
WARN      = -Wall -Wextra -Wshadow -Werror
CFLAGS   ?= $(OPT)
BASE_CFLAGS = -std=gnu11 $(WARN) $(CFLAGS) -DVARIA_VERSION='"$(VERSION)"' -DVARIA_DATADIR='"$(DATADIR)"'
LUA_CFLAGS  = $(shell $(PKG_CONFIG) --cflags $(LUA_PC))
HTTP_CFLAGS = $(shell $(PKG_CONFIG) --cflags libmicrohttpd)
LIBS      = $(shell $(PKG_CONFIG) --libs $(LUA_PC) libmicrohttpd) -lreadline -lm -lpthread

ifdef DEBUG
  OPT = -O1 -g
  BASE_CFLAGS += -DVARIA_DEBUG
endif
ifdef SANITIZE
  OPT = -O1 -g -fno-omit-frame-pointer
  BASE_CFLAGS += -fsanitize=$(SANITIZE) -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=$(SANITIZE)
endif

# The layers, bottom up (docs/internals.md): each folder of src/ is compiled
# with the include paths of its own layer and the layers below it only, so
# an include that points up does not compile. The core (board to perft)
# knows no Lua; the engine (search, the computer's players, beliefs,
# explanations) neither; the Lua layer binds them to scripts; the front
# ends (the CLI, REPL, protocols, server) sit on top.
CORE_INC   = -Isrc/core
ENGINE_INC = $(CORE_INC) -Isrc/engine
LUA_INC    = $(ENGINE_INC) -Isrc/lua -Ibuild
FRONT_INC  = $(LUA_INC) -Isrc/front
CORE_CFLAGS   = $(BASE_CFLAGS) $(CORE_INC)
ENGINE_CFLAGS = $(BASE_CFLAGS) $(ENGINE_INC)
LUAL_CFLAGS   = $(BASE_CFLAGS) $(LUA_CFLAGS) $(LUA_INC)
FRONT_CFLAGS  = $(BASE_CFLAGS) $(LUA_CFLAGS) $(HTTP_CFLAGS) $(FRONT_INC)
ALL_CFLAGS    = $(FRONT_CFLAGS)

CORE   = $(patsubst src/core/%.c,%,$(wildcard src/core/*.c))
ENGINE = $(patsubst src/engine/%.c,%,$(wildcard src/engine/*.c))
LUAL   = $(patsubst src/lua/%.c,%,$(wildcard src/lua/*.c))
FRONT  = $(filter-out main,$(patsubst src/front/%.c,%,$(wildcard src/front/*.c)))
CORE_OBJ   = $(CORE:%=build/core/%.o)
ENGINE_OBJ = $(ENGINE:%=build/engine/%.o)
LUA_OBJ    = $(LUAL:%=build/lua/%.o) build/embedded.o
FRONT_OBJ  = $(FRONT:%=build/front/%.o)
# Each layer is a static library; a program or test links the layers it uses.
CORE_LIB   = build/libvaria-core.a
ENGINE_LIB = build/libvaria-engine.a
LUA_LIB    = build/libvaria-lua.a
FRONT_LIB  = build/libvaria-front.a
ALL_LIBS   = $(FRONT_LIB) $(LUA_LIB) $(ENGINE_LIB) $(CORE_LIB)
EMBED    = $(sort $(wildcard lua/*.lua)) $(sort $(wildcard variants/*.lua)) $(sort $(wildcard web/*))
# Each compile writes its own dependencies (-MMD: the headers it read; -MP:
# an empty rule for each, so that a removed header is no error), included
# at the end of this file: a change to a header rebuilds what reads it.
DEPFLAGS = -MMD -MP
# A compile that links too names its file after the program: PROG.d
LINK_DEPFLAGS = $(DEPFLAGS) -MF $@.d -MT $@

# Rebuild everything when the flags change (a SANITIZE build after a plain one).
FLAGS_STAMP = build/flags-$(shell echo '$(ALL_CFLAGS) $(LDFLAGS)' | cksum | cut -d' ' -f1)

.PHONY: all build-deps dist deb deb-test deb-chroot-test test fuzz-compiles unit-test perft-test lua-test fsf-test test-fsf variants-table cli-test tune-gain bench clean deps play fuzz fuzz-smoke install uninstall
all: varia

build:
	@mkdir -p build/core build/engine build/lua build/front

$(FLAGS_STAMP): | build
	@rm -f build/flags-* build/*.o build/*/*.o build/*.a
	@touch $@

build/core/%.o: src/core/%.c $(FLAGS_STAMP) | build
	$(CC) $(CORE_CFLAGS) $(DEPFLAGS) -c $< -o $@

build/engine/%.o: src/engine/%.c $(FLAGS_STAMP) | build
	$(CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -c $< -o $@

build/lua/%.o: src/lua/%.c $(FLAGS_STAMP) | build
	$(CC) $(LUAL_CFLAGS) $(DEPFLAGS) -c $< -o $@

build/front/%.o: src/front/%.c $(FLAGS_STAMP) | build
	$(CC) $(FRONT_CFLAGS) $(DEPFLAGS) -c $< -o $@

build/embed: tools/embed.c | build
	$(CC) -O1 $(LINK_DEPFLAGS) -o $@ $<

build/embedded.c: build/embed $(EMBED)
	build/embed $@ $(EMBED)

build/embedded.o: build/embedded.c src/lua/embedded.h $(FLAGS_STAMP)
	$(CC) $(LUAL_CFLAGS) $(DEPFLAGS) -Wno-overlength-strings -c $< -o $@

$(CORE_LIB): $(CORE_OBJ)
	@rm -f $@; $(AR) rcs $@ $^
$(ENGINE_LIB): $(ENGINE_OBJ)
	@rm -f $@; $(AR) rcs $@ $^
$(LUA_LIB): $(LUA_OBJ)
	@rm -f $@; $(AR) rcs $@ $^
$(FRONT_LIB): $(FRONT_OBJ)
	@rm -f $@; $(AR) rcs $@ $^

varia: build/front/main.o $(ALL_LIBS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LIBS)

# ---- tests ---------------------------------------------------------------
UNIT_TESTS = $(patsubst tests/unit/%.c,build/%,$(wildcard tests/unit/test_*.c))
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka)

# tests/unit/test_NAME.c tests the module src/LAYER/NAME.c: it is compiled
# with that layer's include paths and linked against that layer's library
# and the ones below it, and nothing else. So the core's tests build
# without Lua (fixtures.h has the core's headers only; the Lua layer's
# tests use fixtures_lua.h too), and a test of a module of no layer is an
# error.
UNIT_CORE   = $(filter $(CORE:%=build/test_%),$(UNIT_TESTS))
UNIT_ENGINE = $(filter $(ENGINE:%=build/test_%),$(UNIT_TESTS))
UNIT_LUA    = $(filter $(LUAL:%=build/test_%),$(UNIT_TESTS))
UNIT_NONE   = $(filter-out $(UNIT_CORE) $(UNIT_ENGINE) $(UNIT_LUA),$(UNIT_TESTS))
ifneq ($(UNIT_NONE),)
  $(error $(UNIT_NONE:build/%=tests/unit/%.c): named after no module of src/core, src/engine or src/lua)
endif

$(UNIT_CORE): build/test_%: tests/unit/test_%.c $(CORE_LIB)
	$(CC) $(CORE_CFLAGS) $(CMOCKA_CFLAGS) $(LINK_DEPFLAGS) $(LDFLAGS) -o $@ $< $(CORE_LIB) $(CMOCKA_LIBS) -lm

$(UNIT_ENGINE): build/test_%: tests/unit/test_%.c $(ENGINE_LIB) $(CORE_LIB)
	$(CC) $(ENGINE_CFLAGS) $(CMOCKA_CFLAGS) $(LINK_DEPFLAGS) $(LDFLAGS) -o $@ $< $(ENGINE_LIB) $(CORE_LIB) $(CMOCKA_LIBS) -lm -lpthread

$(UNIT_LUA): build/test_%: tests/unit/test_%.c $(LUA_LIB) $(ENGINE_LIB) $(CORE_LIB)
	$(CC) $(LUAL_CFLAGS) $(CMOCKA_CFLAGS) $(LINK_DEPFLAGS) $(LDFLAGS) -o $@ $< $(LUA_LIB) $(ENGINE_LIB) $(CORE_LIB) \
	  $(CMOCKA_LIBS) $(shell $(PKG_CONFIG) --libs $(LUA_PC)) -lm

unit-test: $(UNIT_TESTS)
	@for t in $(UNIT_TESTS); do echo "== $$t"; $$t || exit 1; done

perft-test: varia
	tests/run-perft.sh

lua-test: varia
	tests/run-lua.sh

cli-test: varia
	tests/run-cli.sh

# both Fairy-Stockfishes, the current one at full sizes (make test: --quick)
fsf-test test-fsf: varia
	FSF_DEEP=1 tests/run-fsf.sh

# docs/variants.md: the table of Fairy-Stockfish's variants, then of the
# sections of its variants.ini, measured here
variants-table: varia
	./varia run tests/fsf/table.lua > docs/variants.md.new && \
	  ./varia run tests/fsf/sections.lua >> docs/variants.md.new && mv docs/variants.md.new docs/variants.md

# varia tune's measured gain, tuned against untuned (docs/engine.md, Tuning)
tune-gain: varia
	nice tests/tune/gain.sh $(VARIANTS)

# Every suite, summed up in one 'N passed, N failed' line. The fuzz targets
# are checked to compile first, so that an API change cannot leave them
# broken until the fuzzers next run.
test: varia fuzz-compiles
	tests/run-all.sh

fuzz-compiles: build/embedded.c
	@for f in tests/fuzz/fuzz_*.c; do $(CC) $(ALL_CFLAGS) -fsyntax-only $$f || exit 1; done

# Install what is missing (Debian packages), build, start the REPL on chess.
# make play installs only what the build and the REPL need; make deps also
# what the tests need (tools/install-deps.sh --list [--test] names them).
play: build-deps varia
	./varia

build-deps:
	tools/install-deps.sh

deps:
	tools/install-deps.sh --test

bench: varia
	tools/bench.sh

# Alice chess at Kiwipete perft 3 against tests/alice_reference.py, an
# independent counter written from the rules text (a few seconds)
alice-reference: varia
	tests/alice-reference.sh

# docs/engine.md's depth at one second a move, chess and each catalogue
# script (about 35 s)
engine-depth: varia
	nice python3 tools/engine_depth.py

# ---- fuzzing (clang's libFuzzer) ------------------------------------------
# make fuzz [FUZZ_TIME=seconds per target]: builds every tests/fuzz/fuzz_*.c
# with address and undefined-behaviour sanitizers and runs each from its seed
# corpus (tests/fuzz/corpus/NAME); new inputs go to build/fuzz/corpus-NAME,
# findings to build/fuzz/crash-*. Past findings (tests/fuzz/regressions/NAME)
# are replayed first.
# make fuzz-smoke: for CI; replays every seed and past finding, then runs
# each target for FUZZ_SMOKE_RUNS inputs from a fixed seed (deterministic).
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SMOKE_RUNS ?= 2000
# The instruction budgets are the program's mechanism with smaller numbers
# (1,000,000 instead of 200,000,000 per hook call and 100,000,000 per
# load; every shipped variant loads and plays its transcripts within them):
# an input that loops forever then costs milliseconds, not seconds.
FUZZ_FLAGS = -std=gnu11 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
             -DSANDBOX_BUDGET_DEFAULT=1000000L -DSANDBOX_LOAD_BUDGET=1000000L \
             -DVARIA_VERSION='"$(VERSION)"' $(LUA_CFLAGS) $(HTTP_CFLAGS) $(FRONT_INC)
# libFuzzer 14's entropic scheduler keeps every feature seen fewer than
# -entropic_feature_frequency_threshold times (255) in its list of rare
# features and scans that list for each feature of each run: on targets
# that cover much code per input that scan took 40% of the time. At 16 the
# list stays short and the scheduler still favours the rarest features.
FUZZ_OPTS  = -timeout=10 -rss_limit_mb=2048 -entropic_feature_frequency_threshold=16
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_OBJ   = $(CORE:%=build/fuzz/core/%.o) $(ENGINE:%=build/fuzz/engine/%.o) \
             $(LUAL:%=build/fuzz/lua/%.o) $(FRONT:%=build/fuzz/front/%.o) build/fuzz/embedded.o
.SECONDARY: $(FUZZ_OBJ) # kept between runs, not removed as intermediate files

build/fuzz/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(DEPFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

build/fuzz/embedded.o: build/embedded.c
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(DEPFLAGS) -c $< -o $@

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(LINK_DEPFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(LIBS)

fuzz: $(FUZZ_NAMES:%=build/fuzz/fuzz_%)
	@for n in $(FUZZ_NAMES); do \
	  mkdir -p build/fuzz/corpus-$$n; \
	  echo "== fuzz_$$n for $(FUZZ_TIME) s"; \
	  if [ -d tests/fuzz/regressions/$$n ]; then \
	    build/fuzz/fuzz_$$n tests/fuzz/regressions/$$n/* >/dev/null 2>&1 || \
	      { echo "fuzz_$$n: a past finding crashes again"; exit 1; }; fi; \
	  build/fuzz/fuzz_$$n -max_total_time=$(FUZZ_TIME) $(FUZZ_OPTS) \
	    -artifact_prefix=build/fuzz/crash-$$n- build/fuzz/corpus-$$n tests/fuzz/corpus/$$n \
	    2>&1 | grep -E '^#[0-9]+.*(DONE|pulse)|ERROR|SUMMARY|crash-|timeout-|leak-' | tail -3; \
	done; \
	if ls build/fuzz/crash-* >/dev/null 2>&1; then echo "fuzz: findings in build/fuzz/crash-*"; exit 1; fi

fuzz-smoke: $(FUZZ_NAMES:%=build/fuzz/fuzz_%)
	@rm -rf build/fuzz/smoke; status=0; \
	for n in $(FUZZ_NAMES); do \
	  mkdir -p build/fuzz/smoke/$$n; \
	  seeds=$$(ls -d tests/fuzz/corpus/$$n/* tests/fuzz/regressions/$$n/* 2>/dev/null); \
	  if ! build/fuzz/fuzz_$$n $$seeds >build/fuzz/smoke/$$n.log 2>&1; then \
	    echo "fuzz_$$n: a seed or a past finding fails (build/fuzz/smoke/$$n.log)"; status=1; continue; fi; \
	  if build/fuzz/fuzz_$$n -seed=1 -runs=$(FUZZ_SMOKE_RUNS) $(FUZZ_OPTS) \
	      -artifact_prefix=build/fuzz/smoke/crash-$$n- build/fuzz/smoke/$$n tests/fuzz/corpus/$$n \
	      >>build/fuzz/smoke/$$n.log 2>&1; then \
	    echo "fuzz_$$n: $$(echo $$seeds | wc -w) seeds and $(FUZZ_SMOKE_RUNS) runs clean"; \
	  else echo "fuzz_$$n: a finding (build/fuzz/smoke/$$n.log)"; status=1; \
	    grep -E '^fuzz: |ERROR|SUMMARY|^ *#[0-9]+ 0x.* in |Test unit written|^Base64' \
	      build/fuzz/smoke/$$n.log | head -40; \
	    for a in build/fuzz/smoke/crash-$$n-*; do [ -f "$$a" ] && od -An -tx1 "$$a" | head -8; done; fi; \
	done; exit $$status

# make install [PREFIX=/usr/local] [DESTDIR=...]: the binary, the variant
# scripts and library where the binary looks for them, the man page, and
# docs/ in DOCDIR, where the man page's SEE ALSO points.
DOCDIR = $(PREFIX)/share/doc/varia
install: varia
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)/variants $(DESTDIR)$(DATADIR)/lua \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(DOCDIR)/variants $(DESTDIR)$(DOCDIR)/examples \
	  $(DESTDIR)$(DOCDIR)/images
	install -m 755 varia $(DESTDIR)$(PREFIX)/bin/varia
	install -m 644 variants/*.lua $(DESTDIR)$(DATADIR)/variants/
	install -m 644 lua/*.lua $(DESTDIR)$(DATADIR)/lua/
	install -m 644 docs/varia.1 $(DESTDIR)$(PREFIX)/share/man/man1/varia.1
	install -m 644 README.md CHANGELOG.md docs/*.md $(DESTDIR)$(DOCDIR)/
	install -m 644 docs/variants/*.md $(DESTDIR)$(DOCDIR)/variants/
	install -m 644 docs/images/*.png $(DESTDIR)$(DOCDIR)/images/
	cp -R docs/examples/. $(DESTDIR)$(DOCDIR)/examples/
	install -d $(DESTDIR)$(DOCDIR)/lab
	cp -R docs/lab/. $(DESTDIR)$(DOCDIR)/lab/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/varia $(DESTDIR)$(PREFIX)/share/man/man1/varia.1
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build varia

# ---- distribution -----------------------------------------------------------
# make dist: build/varia-VERSION.tar.gz, the files git tracks as they are in
# the work tree (what a release holds; build output and local files are not
# tracked). make deb: a Debian package built from that tarball with
# debhelper (debian/), checked by lintian, in build/deb/.
DIST = varia-$(VERSION)
dist: | build
	@command -v git >/dev/null && git rev-parse --git-dir >/dev/null 2>&1 || \
	  { echo "make dist: needs git and a git checkout (it packs the files git tracks)" >&2; exit 1; }
	rm -rf build/$(DIST) && mkdir -p build/$(DIST)
	git ls-files -z | xargs -0 cp --parents -t build/$(DIST)
	tar -C build -czf build/$(DIST).tar.gz $(DIST) && rm -rf build/$(DIST)
	@echo "wrote build/$(DIST).tar.gz"

deb: dist
	rm -rf build/deb && mkdir -p build/deb
	tar -C build/deb -xzf build/$(DIST).tar.gz
	cd build/deb/$(DIST) && dpkg-buildpackage -us -uc -b
	lintian --fail-on error build/deb/varia_$(VERSION)_*.deb
	@ls build/deb/*.deb

# The package installed and run: tests/run-deb.sh (on this machine, as
# root: .ci/run), or inside a fresh Debian chroot made by debootstrap.
deb-test:
	tests/run-deb.sh
deb-chroot-test:
	tests/run-deb.sh --chroot

# The dependencies the compiles wrote (DEPFLAGS); none before the first.
-include $(wildcard build/*.d build/*/*.d build/fuzz/*/*.d)
