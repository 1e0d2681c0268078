#!/usr/bin/env bash
# The kernel rig: builds forcepad for release twice (against libgpiod v1 from Debian and a
# static libgpiod v2), boots both in a QEMU guest running Debian's own kernel with i2c-stub,
# gpio-sim and an 8250 UART bridged to the host, and runs rig/run-guest-tests.py there.
# See docs/rig.md.
#
# Usage: rig/rig.sh [--if-available]
#   --if-available   when the rig cannot run on this machine (not x86_64 Linux, no apt to
#                    install QEMU and the kernel packages, downloads failing), print one line
#                    saying why and exit 0 instead of failing (what `make test` uses).
# Environment: SWIFT (swift binary), RIG_CACHE (default .rig-cache in the package),
# RIG_ONLY (space-separated check name prefixes to run, for working on the rig).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${RIG_CACHE:-$root/.rig-cache}
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
optional=false
[ "${1:-}" = "--if-available" ] && optional=true
sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd=sudo

unavailable() {
    if $optional; then
        echo "rig: skipped: $*"
        exit 0
    fi
    echo "rig: cannot run: $*" >&2
    exit 1
}

rig_started=$(date +%s)
phase_started=$rig_started
phase() { # NAME: reports how long the phase that just ended took
    local now
    now=$(date +%s)
    echo "rig: $1 took $((now - phase_started))s"
    phase_started=$now
}

[ "$(uname -s)/$(uname -m)" = "Linux/x86_64" ] || unavailable "the guest is an x86_64 Debian kernel and needs an x86_64 Linux host"
command -v apt-get > /dev/null && command -v dpkg-deb > /dev/null \
    || unavailable "no apt-get/dpkg-deb to fetch QEMU and Debian's kernel packages"

mkdir -p "$cache"
# Host packages: QEMU, a static busybox for the guest, a compiler for the modules, pip.
needed=(qemu-system-x86 busybox-static gcc make python3-pip)
missing=()
for package in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "$sudo_cmd" ] && ! sudo -n true 2> /dev/null; then
        unavailable "installing ${missing[*]} needs root or password-less sudo"
    fi
    echo "rig: installing ${missing[*]}"
    { $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"; } \
        > "$cache/apt.log" 2>&1 || unavailable "apt-get install ${missing[*]} failed (see $cache/apt.log)"
fi
qemu=$(command -v qemu-system-x86_64) || unavailable "qemu-system-x86_64 is not installed"
"$qemu" -accel help 2> /dev/null | grep -qx tcg || unavailable "this QEMU has no TCG accelerator"
phase "host packages"

kver=$(bash "$root/rig/fetch-kernel.sh" "$cache" | tail -n 1) \
    || unavailable "could not fetch Debian's kernel packages (linux-image-amd64, linux-source, linux-headers)"
bash "$root/rig/build-libgpiod-v2.sh" "$cache" || unavailable "could not fetch the gpiod source package from PyPI"
phase "kernel and libgpiod v2 downloads"
bash "$root/rig/build-modules.sh" "$cache" "$kver"
phase "gpio-sim and i2c-stub modules"

# Two release builds: Debian's libgpiod v1, then the v2 headers and static library in front.
v2="$cache/libgpiod-v2"
"$swift" build --package-path "$root" -c release --static-swift-stdlib --product forcepad \
    --scratch-path "$root/.build-rig"
phase "release build (libgpiod v1)"
"$swift" build --package-path "$root" -c release --static-swift-stdlib --product forcepad \
    --scratch-path "$root/.build-rig-v2" -Xcc "-I$v2" -Xlinker "-L$v2"
phase "release build (libgpiod v2)"
# Each build must have taken its own path through Sources/CGPIOD/forcepad_gpio.c.
nm -u "$root/.build-rig/release/forcepad" | grep -c ' gpiod_line_request_output$' > /dev/null \
    || { echo "rig: .build-rig's forcepad does not call libgpiod v1's gpiod_line_request_output" >&2; exit 1; }
nm "$root/.build-rig-v2/release/forcepad" | grep -c ' [Tt] gpiod_chip_request_lines$' > /dev/null \
    || { echo "rig: .build-rig-v2's forcepad does not contain libgpiod v2's gpiod_chip_request_lines" >&2; exit 1; }

# Each run has its own folder (several checkouts' runs may share a cache); the last five
# are kept for their logs.
run_dir=$(mktemp -d "$cache/run.XXXXXX")
initramfs="$run_dir/initramfs.cpio"
python3 "$root/rig/make-initramfs.py" --kernel-dir "$cache/kernel/$kver" --kver "$kver" \
    --forcepad "forcepad=$root/.build-rig/release/forcepad" \
    --forcepad "forcepad-v2=$root/.build-rig-v2/release/forcepad" \
    --output "$initramfs"
phase "initramfs"

only=()
for name in ${RIG_ONLY:-}; do only+=(--only "$name"); done
status=0
python3 "$root/rig/run-guest-tests.py" --qemu "$qemu" --kernel "$cache/kernel/$kver/vmlinuz" \
    --initramfs "$initramfs" --workdir "$run_dir" --build forcepad --build forcepad-v2 "${only[@]}" \
    || status=$?
phase "guest checks"
rm -f "$initramfs"
ls -dt "$cache"/run.* | tail -n +6 | xargs rm -rf
echo "rig: total $(( $(date +%s) - rig_started ))s; guest console log in $run_dir/console.log"
exit $status
