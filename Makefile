# Segue: `make run` sets everything up and starts the program; `make test` sets up and passes the tests.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
ARGS ?=

# Everything the build, the tests and the benchmarks need, from Debian.
BUILD_PACKAGES := pkg-config libncurses-dev libmpg123-dev libasound2-dev libfaad-dev libsoxr-dev \
                  libsqlite3-dev libcurl4-openssl-dev libfftw3-dev libsndfile1-dev libpulse-dev
# Cover art (issue 16): the -dev packages pull in the runtime libraries (libturbojpeg0, libspng0, libchafa0).
BUILD_PACKAGES += libturbojpeg0-dev libspng-dev libchafa-dev
# Manual pages (issue 17): scdoc turns their sources into roff; python3 turns docs/config.md into scdoc.
BUILD_PACKAGES += scdoc python3
TEST_PACKAGES  := mpg123 lame sox ffmpeg alsa-utils tmux python3 procps gcc mpd mpc ncmpcpp python3-mpd pulseaudio pulseaudio-utils
# MPRIS: sd-bus (dlopened) and the tools its tests drive (a private bus, playerctl, dbus-monitor).
BUILD_PACKAGES += libsystemd-dev
TEST_PACKAGES  += dbus-daemon dbus-bin playerctl
BENCH_PACKAGES := pulseaudio pulseaudio-utils libasound2-plugins cmus cmus-plugin-ffmpeg mpd mpc hyperfine time less aubio-tools faad
# The pipe output's end-to-end test plays through Debian's Snapcast (docs/multiroom.md).
TEST_PACKAGES  += snapserver snapclient
# Install checks (issue 17): each shell loads its completion script, systemd-analyze verifies the
# unit, man renders the pages.
TEST_PACKAGES  += bash-completion zsh fish systemd man-db
PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BENCH_PACKAGES)

# Release builds carry the Swift standard library inside the binary (--static-swift-stdlib), and
# libstdc++, which the Swift runtime needs, too: -lstdc++ finds STATIC_CXX's libstdc++.so first, a
# linker script naming gcc's static archive (without the archive the shared one is used). The
# program then loads 5 shared libraries at start instead of 24; loading and relocating them was
# most of `segue --version` (docs/performance.md, "Start-up"). The debug build the tests use stays dynamic.
# It is linked by lld (the toolchain's own) with every function in its own section (ours; the static
# Swift runtime's archives already are), in the order of scripts/link-order.txt first: the functions
# a play, the daemon and the start-up commands run (scripts/link-order.py, from callgrind), so the
# code they touch is mapped in fewer 64 KB fault-around windows; and with its relative relocations
# packed (DT_RELR: 8 KB instead of a 1 MB table the loader reads at every start). Together about
# 2 MB less resident for `segue play` (docs/performance.md, "Memory").
STATIC_CXX := $(CURDIR)/.build/static-libstdc++
LINK_ORDER := $(CURDIR)/scripts/link-order.txt
RELEASE := -c release --static-swift-stdlib -Xswiftc -L$(STATIC_CXX) -Xswiftc -Xfrontend -Xswiftc -function-sections \
           -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
           -Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/release/segue
FIXTURES := .build/fixtures

.PHONY: all deps build link-order run test bench bench-large install uninstall fixtures clean format fuzz check-deep man completions install-files

all: build man completions

# Quiet when everything is installed; otherwise one apt-get for what is missing.
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# SwiftPM does not know the link reads LINK_ORDER: a newer order file relinks by removing the binary.
build: deps $(STATIC_CXX)/libstdc++.so
	@[ ! -f $(BIN) ] || [ $(BIN) -nt $(LINK_ORDER) ] || rm -f $(BIN)
	$(SWIFT) build $(RELEASE) --product segue

# Regenerates scripts/link-order.txt from the release build (a few minutes: valgrind runs every
# workload, scripts/link-order.py), with the map of its link, which tells the script which functions
# sit in the static runtime's large sections; then `make build` relinks with the new order.
link-order: build
	$(SWIFT) build $(RELEASE) -Xlinker -Map=$(CURDIR)/.build/segue.map --product segue
	python3 scripts/link-order.py --map .build/segue.map $(BIN) $(LINK_ORDER)

$(STATIC_CXX)/libstdc++.so:
	@mkdir -p $(STATIC_CXX); archive=$$($(CC) -print-file-name=libstdc++.a); \
	if [ -f "$$archive" ]; then echo "INPUT($$archive)" > $@; fi

fixtures: deps
	@bash scripts/make-fixtures.sh $(FIXTURES)

# With no ARGS, opens the terminal UI (which starts the daemon); ARGS runs any segue command line.
run: build
	@$(BIN) $(ARGS)

# The release build is checked too: `make run` uses it, and -O has hit compiler hangs that a
# debug build never shows (a timeout turns such a hang into a failure). `swift test` is bounded
# as well (each test's own waits have deadlines; this catches whatever has none), so a hang
# fails the run with a sentence instead of running out CI's time. Set SEGUE_REQUIRE_ALL=1 (or
# CI=true) to make a missing test tool, such as tmux, a failure instead of a skip.
TEST_TIMEOUT ?= 1200
test: deps fixtures $(STATIC_CXX)/libstdc++.so
	$(SWIFT) build --build-tests
	timeout 900 $(SWIFT) build $(RELEASE) --product segue
	@timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build; status=$$?; \
	if [ $$status -eq 124 ] || [ $$status -eq 137 ]; then \
	  echo "make test: swift test was still running after $(TEST_TIMEOUT) s and was stopped: a test hangs" \
	       "(look for the tests above that started and never passed or failed)." >&2; \
	fi; \
	exit $$status

# The fuzzers of `make test` run for longer: DURATION seconds for each parser, one after another
# (so the total is about DURATION × the number of fuzzers), each in a child under a memory limit.
# SEED picks another sequence of cases; a failure prints the seed that replays it (docs/testing.md).
DURATION ?= 60
SEED ?=
fuzz: deps fixtures
	$(SWIFT) build --build-tests
	SEGUE_FUZZ_SECONDS=$(DURATION) SEGUE_FUZZ_SEED=$(SEED) $(SWIFT) test --skip-build --no-parallel --filter FuzzTests

# The suite under AddressSanitizer, then under ThreadSanitizer; the run fails if either fails,
# after both ran. Each has its own build directory so neither clobbers the normal build (nor the
# other); a debug build, since `@testable` needs it and the sanitizers want the code as written.
# The CLI suites still run `.build/debug/segue`. What the options are for (docs/testing.md):
# * max_allocation_size_mb: the fuzzers' children cannot have `ulimit -v` under a sanitizer
#   (it reserves terabytes of shadow), so an oversized allocation fails here instead of filling
#   the machine.
# * detect_leaks=0: Swift keeps flag bits in the high bits of String, indirect-enum and
#   weak-reference pointers, so LeakSanitizer cannot see them and reports live objects as leaked
#   (DEEP_ASAN_OPTIONS=detect_leaks=1 shows them).
# * SWIFT_BACKTRACE=enable=no: after a trap Swift's backtracer reads stack memory in a way ASan
#   reports as a second error; ASan prints the trap's stack itself (handle_sigill, handle_abort).
# * exitcode=0 for TSan: it cannot see Synchronization.Mutex on Linux (Swift 6.3.1: four threads
#   adding under Mutex.withLock are reported as racing), so Mutex-guarded code is reported; the
#   reports are printed for reading and only failed tests fail the run.
DEEP_ASAN_OPTIONS ?= detect_leaks=0:handle_abort=1:handle_sigill=1:max_allocation_size_mb=256
DEEP_TSAN_OPTIONS ?= exitcode=0:max_allocation_size_mb=256
check-deep: deps fixtures
	$(SWIFT) build --build-tests
	@asan=0; tsan=0; \
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan && \
	ASAN_OPTIONS=$(DEEP_ASAN_OPTIONS) SWIFT_BACKTRACE=enable=no \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan || asan=1; \
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan && \
	TSAN_OPTIONS=$(DEEP_TSAN_OPTIONS) SWIFT_BACKTRACE=enable=no \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan || tsan=1; \
	echo "check-deep: AddressSanitizer run $$([ $$asan = 0 ] && echo passed || echo FAILED)," \
	  "ThreadSanitizer run $$([ $$tsan = 0 ] && echo passed || echo FAILED)."; \
	[ $$asan = 0 ] && [ $$tsan = 0 ]

# `make bench BASELINE=HEAD~1` also builds that commit (in .build/baseline) and prints every Segue
# figure beside its figure there, measured in the same run.
BASELINE ?=
# Runs scripts/bench.py with the arguments $(1), beside BASELINE's build when one is named.
define bench_run
	@if [ -n "$(BASELINE)" ]; then \
	  rev=$$(git rev-parse --short "$(BASELINE)") && dir=.build/baseline/$$rev && \
	  if [ ! -x $$dir/bin/segue-bench ]; then \
	    rm -rf $$dir/src && git worktree add -f --detach $$dir/src $$rev >/dev/null && \
	    (cd $$dir/src && $(SWIFT) build $(RELEASE) --product segue && $(SWIFT) build $(RELEASE) --product segue-bench) && \
	    mkdir -p $$dir/bin && cp $$dir/src/.build/release/segue $$dir/src/.build/release/segue-bench $$dir/bin/ && \
	    git worktree remove --force $$dir/src; \
	  fi && \
	  SEGUE_BASELINE_DIR=$$dir/bin SEGUE_BASELINE_LABEL=$$rev python3 scripts/bench.py $(1); \
	else python3 scripts/bench.py $(1); fi
endef

bench: build fixtures
	$(SWIFT) build $(RELEASE) --product segue-bench
	$(call bench_run,)

# The library section alone on a generated tree of 100,000 files (issue 13; about 1 GB in
# .build/library-tree, made once): scan, rescan and search side by side with mpd and cmus.
bench-large: build fixtures
	$(SWIFT) build $(RELEASE) --product segue-bench
	$(call bench_run,library 100000)

# Manual pages and shell completions, made from the release binary's own tables (`segue help
# --scdoc PAGE`, `segue completions SHELL`) so they say what `segue --help` and the `:` line say;
# segue-config(5) from docs/config.md (scripts/md2scdoc.py). The unit gets the installed path.
SHARE := .build/share
MAN_PAGES := $(SHARE)/man/segue.1 $(SHARE)/man/segue-commands.7 $(if $(wildcard docs/config.md),$(SHARE)/man/segue-config.5)
COMPLETIONS := $(SHARE)/completions/segue.bash $(SHARE)/completions/_segue $(SHARE)/completions/segue.fish
man: $(MAN_PAGES)
completions: $(COMPLETIONS)

$(SHARE)/man/segue.1 $(SHARE)/man/segue-commands.7: $(BIN)
	@mkdir -p $(@D)
	$(BIN) help --scdoc $(basename $(@F)) | scdoc > $@.tmp && mv $@.tmp $@
$(SHARE)/man/segue-config.5: docs/config.md scripts/md2scdoc.py
	@mkdir -p $(@D)
	python3 scripts/md2scdoc.py segue-config 5 "the configuration file of segue" < $< | scdoc > $@.tmp && mv $@.tmp $@
$(SHARE)/completions/segue.bash: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completions bash > $@
$(SHARE)/completions/_segue: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completions zsh > $@
$(SHARE)/completions/segue.fish: $(BIN)
	@mkdir -p $(@D)
	$(BIN) completions fish > $@
# `install-files` puts what is built in place without building (the tests run it on the debug
# binary: `make install-files BIN=.build/debug/segue SHARE=… DESTDIR=…`).
install: build
	$(MAKE) install-files
install-files: man completions
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/segue
	install -D -m 644 $(SHARE)/man/segue.1 $(DESTDIR)$(PREFIX)/share/man/man1/segue.1
	install -D -m 644 $(SHARE)/man/segue-commands.7 $(DESTDIR)$(PREFIX)/share/man/man7/segue-commands.7
	$(if $(wildcard docs/config.md),install -D -m 644 $(SHARE)/man/segue-config.5 $(DESTDIR)$(PREFIX)/share/man/man5/segue-config.5)
	install -D -m 644 $(SHARE)/completions/segue.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/segue
	install -D -m 644 $(SHARE)/completions/_segue $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_segue
	install -D -m 644 $(SHARE)/completions/segue.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/segue.fish
	@mkdir -p $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|@BINDIR@|$(PREFIX)/bin|' dist/segue.service.in > $(DESTDIR)$(PREFIX)/lib/systemd/user/segue.service
	chmod 644 $(DESTDIR)$(PREFIX)/lib/systemd/user/segue.service
	install -d $(DESTDIR)$(PREFIX)/share/segue/demo/audio
	install -m 644 Resources/demo/catalog.json $(DESTDIR)$(PREFIX)/share/segue/demo/
	install -m 644 Resources/demo/audio/* $(DESTDIR)$(PREFIX)/share/segue/demo/audio/
	install -d $(DESTDIR)$(PREFIX)/share/segue/workout
	install -m 644 Resources/workout/featured.json $(DESTDIR)$(PREFIX)/share/segue/workout/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/segue
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/segue.1 $(DESTDIR)$(PREFIX)/share/man/man7/segue-commands.7 \
	      $(DESTDIR)$(PREFIX)/share/man/man5/segue-config.5
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/segue $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_segue \
	      $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/segue.fish
	rm -f $(DESTDIR)$(PREFIX)/lib/systemd/user/segue.service
	rm -rf $(DESTDIR)$(PREFIX)/share/segue

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
