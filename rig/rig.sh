#!/usr/bin/env bash
# The kernel rig, in one of two guests (see docs/rig.md):
#  x86_64 (the default): runs the development build (`swift build`, against libgpiod v1 from
#    Debian: what `make test` has just tested) beside the amd64 forcepad that `make package`
#    built (libgpiod v2, trixie's libraries from the package's sysroot kept apart in the
#    guest); without that package, a release build against a static libgpiod v2 stands in
#    for it. Boots both in a QEMU guest
#    running Debian's own amd64 kernel
#    with i2c-stub, gpio-sim and an 8250 UART bridged to the host, and runs
#    rig/run-guest-tests.py there.
#  arm64: the same checks against the arm64 forcepad that `make package` built (libgpiod v2,
#    trixie's libraries from the package's sysroot), in Debian's arm64 kernel under
#    qemu-system-aarch64 -M virt, with i2c-stub and gpio-sim cross-built for it.
#
# Usage: rig/rig.sh [--arch x86_64|arm64] [--if-available]
#   --if-available   when the rig cannot run on this machine (not x86_64 Linux, no apt to
#                    install QEMU and the kernel packages, downloads failing, for arm64 no
#                    package built), print one line saying why and exit 0 instead of failing
#                    (what `make test` uses).
# Environment: SWIFT (swift binary), RIG_CACHE (default .rig-cache in the package),
# RIG_ONLY (space-separated check name prefixes to run, for working on the rig); for arm64
# PACKAGE_OUT (default .build-package) and PACKAGE_CACHE (default .package-cache), as for
# `make package`.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/lib/toolbox.sh"
cache=$(rig_cache_dir)
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
arch=x86_64
while [ $# -gt 0 ]; do
    case $1 in
    --if-available) optional=true ;;
    --arch)
        arch=${2:-}
        shift
        ;;
    *)
        echo "rig: unknown argument '$1'; usage: rig/rig.sh [--arch x86_64|arm64] [--if-available]" >&2
        exit 2
        ;;
    esac
    shift
done
case $arch in
x86_64) label=rig ;;
arm64) label="rig (arm64)" ;;
*)
    echo "rig: unknown architecture '$arch' after --arch; give x86_64 or arm64" >&2
    exit 2
    ;;
esac
sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd=sudo

rig_started=$(date +%s)
phase_started=$rig_started

[ "$(uname -s)/$(uname -m)" = "Linux/x86_64" ] \
    || unavailable "the rig uses Debian's amd64 QEMU, compilers and kbuild tools and needs an x86_64 Linux host"
command -v apt-get > /dev/null && command -v dpkg-deb > /dev/null \
    || unavailable "no apt-get/dpkg-deb to fetch QEMU and Debian's kernel packages"

if [ "$arch" = arm64 ]; then
    package_out=$(package_out_dir)
    sysroot=$(package_cache_dir)/sysroot/trixie-arm64
    binary="$package_out/forcepad-arm64"
    [ -f "$binary" ] || unavailable "no arm64 build: $binary is missing (\`make package\` makes it)"
    [ -f "$sysroot/usr/lib/aarch64-linux-gnu/libc.so.6" ] \
        || unavailable "no arm64 sysroot: $sysroot lacks libc.so.6 (\`make package\` makes it)"
fi

mkdir -p "$cache"
# Host packages: QEMU, a compiler for the modules; for x86_64 a static busybox for the guest
# and pip (libgpiod v2's sources).
case $arch in
x86_64) needed=(qemu-system-x86 busybox-static gcc make python3-pip patchelf) ;;
arm64) needed=(qemu-system-arm gcc-aarch64-linux-gnu make) ;;
esac
mapfile -t missing < <(missing_apt_packages "${needed[@]}")
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "$sudo_cmd" ] && ! sudo -n true 2> /dev/null; then
        unavailable "installing ${missing[*]} needs root or password-less sudo"
    fi
    echo "$label: installing ${missing[*]}"
    apt_install "${missing[@]}" \
        > "$cache/apt.log" 2>&1 || unavailable "apt-get install ${missing[*]} failed (see $cache/apt.log)"
fi
case $arch in
x86_64) qemu=$(command -v qemu-system-x86_64) || unavailable "qemu-system-x86_64 is not installed" ;;
arm64) qemu=$(command -v qemu-system-aarch64) || unavailable "qemu-system-aarch64 is not installed" ;;
esac
"$qemu" -accel help 2> /dev/null | grep -qx tcg || unavailable "this QEMU has no TCG accelerator"
phase "host packages"

# Run-specific inputs of the initramfs, and the builds to run every check with.
builds=()
forcepads=()
initramfs_options=()
if [ "$arch" = x86_64 ]; then
    kver=$(bash "$root/rig/fetch-kernel.sh" "$cache" amd64 | tail -n 1) \
        || unavailable "could not fetch Debian's kernel packages (linux-image-amd64, linux-source, linux-headers)"
    bash "$root/rig/build-libgpiod-v2.sh" "$cache" || unavailable "could not fetch the gpiod source package from PyPI"
    phase "kernel and libgpiod v2 downloads"
    bash "$root/rig/build-modules.sh" "$cache" "$kver" amd64
    phase "gpio-sim and i2c-stub modules"

    # libgpiod v1's path is the development build against Debian's libgpiod (up to date after
    # `make test`'s own build, so nothing is compiled twice); libgpiod v2's is the package's
    # build when there is one (what ships), else a release build with the v2 headers and
    # static library in front.
    "$swift" build --package-path "$root" --product forcepad
    phase "development build (libgpiod v1)"
    package_binary="$(package_out_dir)/forcepad-amd64"
    package_sysroot="$(package_cache_dir)/sysroot/trixie-amd64"
    if [ -f "$package_binary" ] && [ -f "$package_sysroot/usr/lib/x86_64-linux-gnu/libc.so.6" ]; then
        echo "rig: libgpiod v2 by the package's build, $package_binary ($(date -r "$package_binary" '+%F %T')), with $package_sysroot's libraries"
        readelf -W --dyn-syms "$package_binary" | grep -c ' UND gpiod_chip_request_lines$' > /dev/null \
            || { echo "rig: $package_binary does not call libgpiod v2's gpiod_chip_request_lines" >&2; exit 1; }
        v2_build=forcepad-amd64
        v2_binary=$package_binary
        initramfs_options=(--apart "forcepad-amd64=$package_sysroot")
    else
        v2="$cache/libgpiod-v2"
        "$swift" build --package-path "$root" -c release --static-swift-stdlib --product forcepad \
            --scratch-path "$root/.build-rig-v2" -Xcc "-I$v2" -Xlinker "-L$v2"
        phase "release build (libgpiod v2; no package build in $(package_out_dir))"
        nm "$root/.build-rig-v2/release/forcepad" | grep -c ' [Tt] gpiod_chip_request_lines$' > /dev/null \
            || { echo "rig: .build-rig-v2's forcepad does not contain libgpiod v2's gpiod_chip_request_lines" >&2; exit 1; }
        v2_build=forcepad-v2
        v2_binary=$root/.build-rig-v2/release/forcepad
    fi
    # Each build must have taken its own path through Sources/CGPIOD/forcepad_gpio.c.
    nm -u "$root/.build/debug/forcepad" | grep -c ' gpiod_line_request_output$' > /dev/null \
        || { echo "rig: .build/debug/forcepad does not call libgpiod v1's gpiod_line_request_output" >&2; exit 1; }
    builds=(forcepad "$v2_build")
    forcepads=(--forcepad "forcepad=$root/.build/debug/forcepad" --forcepad "$v2_build=$v2_binary")
else
    kver=$(bash "$root/rig/fetch-kernel.sh" "$cache" arm64 | tail -n 1) \
        || unavailable "could not fetch Debian's arm64 kernel packages (linux-image-arm64, linux-source, linux-headers, busybox-static)"
    phase "kernel downloads"
    bash "$root/rig/build-modules.sh" "$cache" "$kver" arm64
    phase "gpio-sim and i2c-stub modules"
    readelf -h "$binary" | grep -c 'Machine: *AArch64' > /dev/null \
        || { echo "$label: $binary is not an AArch64 program; rebuild it with \`make package\`" >&2; exit 1; }
    # The package's forcepad takes libgpiod v2's path (trixie's libgpiod3).
    readelf -W --dyn-syms "$binary" | grep -c ' UND gpiod_chip_request_lines$' > /dev/null \
        || { echo "$label: $binary does not call libgpiod v2's gpiod_chip_request_lines" >&2; exit 1; }
    builds=(forcepad-arm64)
    forcepads=(--forcepad "forcepad-arm64=$binary")
    initramfs_options=(--busybox "$cache/kernel/$kver/busybox" --sysroot "$sysroot" --strip aarch64-linux-gnu-strip)
fi

# Each run has its own folder (several checkouts' runs may share a cache); the last five
# are kept for their logs.
run_dir=$(mktemp -d "$cache/run.XXXXXX")
initramfs="$run_dir/initramfs.cpio"
python3 "$root/rig/make-initramfs.py" --kernel-dir "$cache/kernel/$kver" --kver "$kver" \
    "${forcepads[@]}" "${initramfs_options[@]}" --output "$initramfs"
phase "initramfs"

options=(--arch "$arch")
for build in "${builds[@]}"; do options+=(--build "$build"); done
for name in ${RIG_ONLY:-}; do options+=(--only "$name"); done
status=0
python3 "$root/rig/run-guest-tests.py" --qemu "$qemu" --kernel "$cache/kernel/$kver/vmlinuz" \
    --initramfs "$initramfs" --workdir "$run_dir" "${options[@]}" || status=$?
phase "guest checks"
rm -f "$initramfs"
ls -dt "$cache"/run.* | tail -n +6 | xargs rm -rf
echo "$label: total $(( $(date +%s) - rig_started ))s; guest console log in $run_dir/console.log"
exit $status
