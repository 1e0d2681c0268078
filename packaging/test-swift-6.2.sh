#!/usr/bin/env bash
# `make test-swift62`: builds ForcePad and runs its unit tests natively with the oldest Swift
# it supports, Debian sid's swiftlang 6.2 (the packages' compiler, packaging/toolchain.sh),
# beside the host's own toolchain that `make test` uses.
#
# Usage: packaging/test-swift-6.2.sh [swift test ARGUMENTS...]
# Environment: PACKAGE_CACHE (default .package-cache).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/lib/toolbox.sh"
cache=$(package_cache_dir)
reexec_as_root PACKAGE_CACHE -- "$@"
version=$(bash "$root/packaging/toolchain.sh" "$cache" | tail -n 1)
echo "swift $version: building and testing in $cache/sid"
arguments=""
for argument in "$@"; do arguments+=" $(printf '%q' "$argument")"; done
bash "$root/packaging/in-chroot.sh" "$cache/sid" "$root" bash -o pipefail -c "cd /src/forcepad \
    && swift build --build-tests --scratch-path .build-swift62 2>&1 | tail -n 1 \
    && swift test --skip-build --scratch-path .build-swift62$arguments 2>&1 | grep -E '✘|Test run with'"
