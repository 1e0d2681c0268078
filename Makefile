# ForcePad: `make run` builds and starts the controller on the simulated board;
# `make test` runs the whole test suite, the README's example session against a real run
# (docs/readme-session.py), the Python client's checks (clients/python/run-tests.sh),
# the checks of the bench's kernel-trace tool bench/wakeup-trace.py (bench/run-tests.sh),
# the lint and type check of the rig's and the packaging checks' Python (rig/pyproject.toml),
# the service files (packaging/check.sh), ThreadSanitizer over the threads, a short fuzz run of
# every parser and 200 mutated recordings through forcepad (fuzz/README.md), both Debian
# packages built and installed into a trixie root and the amd64 one booted with systemd as
# PID 1 in QEMU (docs/packaging.md), then the kernel rig where QEMU can run, in its x86_64
# guest and in its arm64 guest with the packaged arm64 forcepad (docs/rig.md), in that order,
# each step timed (scripts/test.sh), what the packages need from Debian's archive and the
# Python client's environments set up while the first build compiles;
# `make fuzz` fuzzes for longer and runs 10,000 mutated recordings; `make install` /
# `make uninstall` put a release build, the boards, docs, lab config, systemd unit, system
# user and udev rules in place (PREFIX, DESTDIR; packaging/install.sh lists every file).
# Each installs the Debian packages it needs first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
APT_PACKAGES := libi2c-dev libgpiod-dev libcurl4-openssl-dev libmosquitto-dev mosquitto python3-venv socat man-db tmux ttyplot chromium
# `make bench` also needs cyclictest, callgrind, stress-ng, a C compiler and objcopy; for the
# arm64 package's build, the aarch64 cross gcc, the dynamic qemu-aarch64 (plugins) and curl and
# xz for the plugin API header from Debian's qemu source.
BENCH_APT_PACKAGES := rt-tests valgrind stress-ng gcc binutils gcc-aarch64-linux-gnu qemu-user curl xz-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=
# Inputs per fuzz target (or seconds, as in 600s): FUZZ_TEST in `make test`, FUZZ in `make fuzz`;
# mutated recordings run through forcepad (fuzz/mutate-recordings.py): MUTATIONS_TEST, MUTATIONS.
FUZZ_TEST ?= 20000
FUZZ ?= 1000000
MUTATIONS_TEST ?= 200
MUTATIONS ?= 10000

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run test build bench docs deps clean rig rig-arm64 tsan fuzz install uninstall package test-packages boot-check test-arm64 test-swift62

run: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad $(ARGS)

test: deps
	SWIFT=$(SWIFT) FUZZ_TEST=$(FUZZ_TEST) MUTATIONS_TEST=$(MUTATIONS_TEST) bash scripts/test.sh

build: deps
	$(SWIFT) build

# `make bench`: the pipeline's instructions per frame against the C reference chains
# (bench/reference-chain.c, plain and with CMSIS-DSP's q31 biquad fetched from PyPI into
# .build-bench/), for this build and for the packages' amd64 and arm64 builds (made with the
# packaging toolchain in PACKAGE_CACHE when it is there), its time per frame (fixed point and Float), detection delay and allocations
# per frame, the loop's lateness next to cyclictest idle and under stress-ng load,
# stage-to-line latency, and forcepad's CPU and memory, measured in one release-mode run;
# exits non-zero if a deterministic target is missed (docs/performance.md).
bench: deps
	@bash scripts/lib/toolbox.sh need_apt_packages $(BENCH_APT_PACKAGES)
	$(SWIFT) build -c release --product forcepad-bench
	$(SWIFT) build -c release --product forcepad
	./.build/release/forcepad-bench

# `make tsan`: ThreadSanitizer over the tests that start threads and over a shell session
# against a TSan build of forcepad (part of `make test`).
tsan: deps
	SWIFT=$(SWIFT) bash sanitizers/thread-sanitizer.sh

# Regenerates docs/commands.md from the shell's command table (a test checks it is current)
# and the README's example session from a real run (`make test` checks it, numbers masked).
docs: deps
	$(SWIFT) build --product forcepad
	./.build/debug/forcepad reference > docs/commands.md
	python3 docs/readme-session.py write .build/debug/forcepad

# `make rig`: the kernel rig (docs/rig.md). The development build (libgpiod v1) and the
# package's amd64 build (libgpiod v2) run in a QEMU guest with Debian's kernel, i2c-stub, gpio-sim and a UART bridged to the host.
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
	$(SWIFT) build --product forcepad
	python3 fuzz/mutate-recordings.py --recordings $(MUTATIONS) --forcepad .build/debug/forcepad

# `make package`: forcepad_VERSION_amd64.deb and _arm64.deb for Debian and Raspberry Pi OS
# trixie in .build-package/, cross-built with Debian sid's Swift in a chroot cached in
# .package-cache/ (docs/packaging.md); `make test-packages` builds them and installs each
# into a trixie root to check it (part of `make test`).
package: deps
	$(SUDO) env SWIFT=$(SWIFT) bash packaging/build-packages.sh

test-packages: deps
	SWIFT=$(SWIFT) bash packaging/test-packages.sh

# `make boot-check`: the amd64 package installed into a trixie root with systemd, booted in
# QEMU with systemd as PID 1: forcepad@ttyS1 answers without a login, is active after
# READY=1, is restarted by the watchdog and stops with exit 0 (docs/packaging.md).
boot-check:
	bash packaging/boot-check.sh

# `make test-arm64`: the unit tests of pure logic built for arm64 and run under qemu-user
# (about 20 minutes; docs/packaging.md).
test-arm64:
	bash packaging/test-arm64-units.sh

# `make test-swift62`: the unit tests built and run with Debian's Swift 6.2, the oldest
# toolchain ForcePad supports (`make test` uses the host's).
test-swift62:
	bash packaging/test-swift-6.2.sh

# `make install`: a release build, then packaging/install.sh (the same files the Debian
# package holds) into $(DESTDIR)$(PREFIX), the lab config into $(DESTDIR)/etc/forcepad
# (never overwritten). Without DESTDIR it also creates the forcepad user and reloads udev and
# systemd; `systemctl enable --now forcepad@serial0` then starts it (docs/raspberry-pi.md).
install: deps
	$(SWIFT) build -c release --product forcepad
	$(SUDO) env DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" BINARY=.build/release/forcepad sh packaging/install.sh

# `make uninstall`: removes what `make install` put in place (a changed lab config is kept).
uninstall:
	$(SUDO) env DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" sh packaging/install.sh --uninstall

# Installs the system libraries the C shims link against, if any is missing.
deps:
	@bash scripts/lib/toolbox.sh need_apt_packages $(APT_PACKAGES)

clean:
	rm -rf .build .build-* .build_*
