# ForcePad: `make run` builds and starts the controller on the simulated board;
# `make test` runs the whole test suite, ThreadSanitizer over the threads, a short fuzz run of
# every parser (fuzz/README.md), then the kernel rig where QEMU can run, in its x86_64 guest
# and, once `make package` has built the arm64 forcepad, in its arm64 guest (docs/rig.md);
# `make fuzz` fuzzes for longer.
# Both install the Debian packages they need first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
APT_PACKAGES := libi2c-dev libgpiod-dev python3-serial socat
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=
# Inputs per fuzz target (or seconds, as in 600s): FUZZ_TEST in `make test`, FUZZ in `make fuzz`.
FUZZ_TEST ?= 20000
FUZZ ?= 1000000

.PHONY: run test build bench docs deps clean rig rig-arm64 tsan fuzz package test-packages

run: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) bash sanitizers/thread-sanitizer.sh
	SWIFT=$(SWIFT) bash fuzz/run.sh all $(FUZZ_TEST)
	SWIFT=$(SWIFT) bash rig/rig.sh --if-available
	bash rig/rig.sh --arch arm64 --if-available

build: deps
	$(SWIFT) build

# `make bench`: the pipeline's cost per frame (fixed point and Float), detection delay and
# allocations per frame, the loop's lateness next to cyclictest (rt-tests, installed if
# missing), stage-to-line latency, and forcepad's CPU and memory, measured in one release-mode
# run of about 5 minutes; exits non-zero if a target is missed.
bench: deps
	@dpkg-query -W -f='$${Status}' rt-tests 2>/dev/null | grep -q "install ok installed" || { \
		echo "Installing Debian packages: rt-tests"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq rt-tests; \
	}
	$(SWIFT) build -c release --product forcepad-bench
	$(SWIFT) build -c release --product forcepad
	./.build/release/forcepad-bench

# `make tsan`: ThreadSanitizer over the tests that start threads and over a shell session
# against a TSan build of forcepad (part of `make test`).
tsan: deps
	SWIFT=$(SWIFT) bash sanitizers/thread-sanitizer.sh

# Regenerates docs/commands.md from the shell's command table (a test checks it is current).
docs: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad reference > docs/commands.md

# `make rig`: the kernel rig (docs/rig.md). Release builds against libgpiod v1 and v2 run in a
# QEMU guest with Debian's kernel, i2c-stub, gpio-sim and a UART bridged to the host.
rig: deps
	SWIFT=$(SWIFT) bash rig/rig.sh

# `make rig-arm64`: the same checks against the arm64 forcepad `make package` built (in
# PACKAGE_OUT, default .build-package), in Debian's arm64 kernel under qemu-system-aarch64.
rig-arm64:
	bash rig/rig.sh --arch arm64

# `make fuzz`: every fuzz target for $(FUZZ) inputs (about 10 minutes in all; findings are
# saved under .build-fuzz/artifacts/), then each timed on 256 KiB and 1 MiB inputs to check
# that time grows linearly (fuzz/README.md).
fuzz: deps
	SWIFT=$(SWIFT) bash fuzz/run.sh all $(FUZZ)
	python3 fuzz/sizes.py

# `make package`: forcepad_VERSION_amd64.deb and _arm64.deb for Debian and Raspberry Pi OS
# trixie in .build-package/, cross-built with Debian sid's Swift in a chroot cached in
# .package-cache/ (docs/packaging.md); `make test-packages` installs them into a trixie root
# and checks them.
package: deps
	$(SUDO) env SWIFT=$(SWIFT) bash packaging/build-packages.sh

test-packages:
	$(SUDO) bash packaging/test-packages.sh

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
	rm -rf .build .build-tsan .build-fuzz .build-package .build-package-amd64 .build-package-arm64
