#!/usr/bin/env bash
# A release build of PRODUCT as the Debian packages build forcepad: sid's Swift in the packaging
# chroot (packaging/in-chroot.sh, toolchain from packaging/toolchain.sh in CACHE), cross-compiled
# for ARCH against the trixie sysroot, the Swift runtime linked in statically, full RELRO.
# packaging/build-packages.sh builds forcepad with it; `make bench` builds forcepad-bench with it
# to count the instructions of the code the packages hold (docs/performance.md).
# Prints the last lines of the build's output.
#
# Usage: packaging/swift-build-release.sh CACHE amd64|arm64 PRODUCT SCRATCH
#   SCRATCH is the build folder, relative to the package's root.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=$1 arch=$2 product=$3 scratch=$4
bash "$root/packaging/in-chroot.sh" "$cache/sid" "$root" bash -o pipefail -c "cd /src/forcepad && swift build -c release \
    --product $product --static-swift-stdlib --scratch-path $scratch \
    --swift-sdks-path /sdks --swift-sdk trixie-$arch \
    -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now 2>&1 | tail -n 3"
