# Segue: `make run` sets everything up and starts the program; `make test` sets up and passes the tests.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
ARGS ?=

# Everything the build, the tests and the benchmarks need, from Debian.
BUILD_PACKAGES := pkg-config libncurses-dev libmpg123-dev libasound2-dev libfaad-dev libsoxr-dev \
                  libsqlite3-dev libcurl4-openssl-dev
TEST_PACKAGES  := mpg123 lame sox ffmpeg alsa-utils tmux python3 procps
BENCH_PACKAGES := pulseaudio pulseaudio-utils libasound2-plugins cmus mpd mpc hyperfine time less
PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES) $(BENCH_PACKAGES)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/release/segue
FIXTURES := .build/fixtures

.PHONY: all deps build run test bench install uninstall fixtures clean format

all: build

# Quiet when everything is installed; otherwise one apt-get for what is missing.
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --product segue

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
test: deps fixtures
	$(SWIFT) build --build-tests
	timeout 900 $(SWIFT) build -c release --product segue
	@timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build; status=$$?; \
	if [ $$status -eq 124 ] || [ $$status -eq 137 ]; then \
	  echo "make test: swift test was still running after $(TEST_TIMEOUT) s and was stopped: a test hangs" \
	       "(look for the tests above that started and never passed or failed)." >&2; \
	fi; \
	exit $$status

bench: build fixtures
	$(SWIFT) build -c release --product segue-bench
	python3 scripts/bench.py

install: build
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/segue
	install -d $(DESTDIR)$(PREFIX)/share/segue/demo/audio
	install -m 644 Resources/demo/catalog.json $(DESTDIR)$(PREFIX)/share/segue/demo/
	install -m 644 Resources/demo/audio/* $(DESTDIR)$(PREFIX)/share/segue/demo/audio/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/segue
	rm -rf $(DESTDIR)$(PREFIX)/share/segue

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
