# ForcePad: `make run` builds and starts the controller on the simulated board;
# `make test` runs the whole test suite. Both install the Debian packages they need first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
APT_PACKAGES := libi2c-dev libgpiod-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

.PHONY: run test build bench docs deps clean

run: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

build: deps
	$(SWIFT) build

# `make bench`: the pipeline's cost per frame (fixed point and Float), detection delay and
# allocations per frame, measured in one release-mode run; exits non-zero if a target is missed.
bench: deps
	$(SWIFT) build -c release --product forcepad-bench
	./.build/release/forcepad-bench

# Regenerates docs/commands.md from the shell's command table (a test checks it is current).
docs: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad reference > docs/commands.md

# Installs the system libraries the C shims link against, if any is missing.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

clean:
	rm -rf .build
