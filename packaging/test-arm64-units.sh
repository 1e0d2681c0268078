#!/usr/bin/env bash
# `make test-arm64`: ForcePad's unit tests built for arm64 (the packages' toolchain and trixie
# sysroot, packaging/toolchain.sh) and run under qemu-user on this x86_64 host. By default the
# suites of pure logic, where arithmetic and data layout are what could differ on arm64:
# ForcePadCoreTests (fixed point, filters, calibration, press recognition, statistics),
# ForcePadConfigTests and ForcePadShellTests. The device suites need the arm64 kernel: qemu-user
# does not translate I2C ioctls or every termios speed, so those run in the arm64 kernel rig.
# Under emulation a debug build is slow: the Core suite alone takes about 13 minutes on two
# loaded cores, which is why `make test` leaves this to its own target.
#
# Usage: packaging/test-arm64-units.sh [SUITE...]
# Environment: PACKAGE_CACHE (default .package-cache).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/lib/toolbox.sh"
cache=$(package_cache_dir)
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(ForcePadCoreTests ForcePadConfigTests ForcePadShellTests)
reexec_as_root PACKAGE_CACHE -- "$@"
need_command qemu-aarch64-static qemu-user-static

started=$(date +%s)
bash "$root/packaging/toolchain.sh" "$cache" > /dev/null
scratch=.build-package-tests-arm64
bash "$root/packaging/in-chroot.sh" "$cache/sid" "$root" bash -o pipefail -c "cd /src/forcepad && swift build --build-tests \
    --scratch-path $scratch --swift-sdks-path /sdks --swift-sdk trixie-arm64 2>&1 | tail -n 1"
echo "arm64 tests: test bundle built in $(( $(date +%s) - started ))s"

# Inside the chroot, where the tests find the package's files at the paths they were built with.
cp "$(command -v qemu-aarch64-static)" "$cache/sid/usr/bin/"
sysroot=/sysroot/trixie-arm64
status=0
for suite in "${suites[@]}"; do
    suite_started=$(date +%s)
    log="$root/$scratch/$suite.log"
    bash "$root/packaging/in-chroot.sh" "$cache/sid" "$root" sh -c "cd /tmp && qemu-aarch64-static -L $sysroot \
        -E LD_LIBRARY_PATH=$sysroot/usr/lib/swift/linux /src/forcepad/$scratch/aarch64-unknown-linux-gnu/debug/ForcePadPackageTests.xctest \
        --testing-library swift-testing --filter $suite" > "$log" 2>&1 || status=1
    echo "arm64 tests: $suite: $(grep -E '^. Test run with' "$log" | tail -n 1 | sed 's/^[^ ]* //') ($(( $(date +%s) - suite_started ))s; log $log)"
    grep -E '✘ Test .* failed|recorded an issue' "$log" | head -n 20 | sed 's/^/    /' || true
done
exit $status
