#!/usr/bin/env bash
# `make boot-check`: proves forcepad@.service under a real systemd at boot. A Debian trixie
# root (the minbase root of packaging/test-packages.sh with systemd, systemd-sysv and udev
# added, cached as a second root) gets the amd64 package installed with apt, forcepad@ttyS1
# enabled and serial-getty@ttyS1 masked; the whole tree, as an initramfs, is the root
# filesystem of a QEMU guest running Debian's amd64 kernel from the kernel rig with systemd as
# PID 1. packaging/boot-check.py then checks the shell on ttyS1, the service's state, its
# watchdog and its stop through a command shell on the console (ttyS0).
#
# Usage: packaging/boot-check.sh [--if-available]
#   --if-available   when the check cannot run here (not x86_64 Linux, not root and no
#                    password-less sudo, no QEMU, no amd64 package or trixie root built yet,
#                    Debian's archive unreachable), print one line saying why and exit 0
# Environment: PACKAGE_CACHE, PACKAGE_OUT (as packaging/build-packages.sh; the package is not
# built here: `make package` builds it), RIG_CACHE (as rig/rig.sh, for the kernel),
# BOOT_CHECK_OPTIONS (more arguments for packaging/boot-check.py, e.g. --boot-timeout 600).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
label=boot-check
. "$root/scripts/lib/toolbox.sh"
if_available_preamble "the guest runs Debian's amd64 kernel and package; it needs an x86_64 Linux host" \
    "installing packages in a chroot needs root or password-less sudo" \
    PACKAGE_CACHE PACKAGE_OUT RIG_CACHE BOOT_CHECK_OPTIONS -- "$@"
set -- "${arguments[@]}"
cache=$(package_cache_dir)
out=$(package_out_dir)
rig_cache=$(rig_cache_dir)
version=$(forcepad_version)
deb="$out/forcepad_${version}_amd64.deb"
started=$(date +%s)
phase_started=$started

[ -f "$deb" ] || unavailable "no amd64 package: $deb is missing (\`make package\` builds it)"
[ -f "$cache/trixie/.complete" ] || unavailable "no trixie root in $cache/trixie (\`make test-packages\` makes it)"
for tool in qemu-system-x86_64:qemu-system-x86 cpio:cpio; do
    need_command "${tool%%:*}" "${tool#*:}" \
        || unavailable "${tool%%:*} is not installed and apt-get could not install ${tool#*:}"
done
kver=$(bash "$root/rig/fetch-kernel.sh" "$rig_cache" amd64 | tail -n 1) \
    || unavailable "could not fetch Debian's kernel packages (rig/fetch-kernel.sh)"
kernel="$rig_cache/kernel/$kver/vmlinuz"
phase "host tools and kernel"

# The second cached root: the minbase root, never changed itself, with systemd as init.
systemd_root="$cache/trixie-systemd"
if [ ! -f "$systemd_root/.complete" ]; then
    echo "boot-check: adding systemd, systemd-sysv and udev to a copy of the trixie root (about 1 minute)"
    rm -rf "$systemd_root" "$systemd_root.part"
    cp -a "$cache/trixie" "$systemd_root.part"
    bash "$root/packaging/in-chroot.sh" "$systemd_root.part" - sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq --no-install-recommends systemd systemd-sysv udev' > "$cache/trixie-systemd.log" 2>&1 \
        || unavailable "apt-get install systemd systemd-sysv udev failed in the trixie root (see $cache/trixie-systemd.log)"
    mv "$systemd_root.part" "$systemd_root"
    touch "$systemd_root/.complete"
    phase "systemd root"
fi

# This run's root: the package installed as a user would, the service enabled, the
# console's getty replaced by the command shell the checks use.
run_dir="$cache/boot-check"
target="$run_dir/root"
rm -rf "$run_dir"
mkdir -p "$run_dir"
cp -a "$systemd_root" "$target"
rm -f "$target/.complete"
cp "$deb" "$target/tmp/"
bash "$root/packaging/in-chroot.sh" "$target" - sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq /tmp/$(basename "$deb") && rm /tmp/$(basename "$deb")" > "$run_dir/apt.log" 2>&1 \
    || { echo "boot-check: apt-get install ./$(basename "$deb") failed in the systemd root (see $run_dir/apt.log)" >&2; exit 1; }
install -m 0755 "$root/packaging/boot-check/console-shell" "$target/usr/local/sbin/boot-check-console-shell"
install -m 0644 "$root/packaging/boot-check/boot-check-console.service" "$target/etc/systemd/system/"
bash "$root/packaging/in-chroot.sh" "$target" - sh -c 'systemctl enable forcepad@ttyS1.service boot-check-console.service \
    && systemctl mask serial-getty@ttyS1.service serial-getty@ttyS0.service' > "$run_dir/systemctl.log" 2>&1 \
    || { echo "boot-check: systemctl enable/mask failed in the root (see $run_dir/systemctl.log)" >&2; exit 1; }
# What a booted guest never reads, to keep the initramfs small.
rm -rf "$target"/var/lib/apt/lists/* "$target"/var/cache/apt/* "$target"/usr/share/doc/* \
    "$target"/usr/share/man/* "$target"/usr/share/locale/* "$target"/usr/share/info/*
(cd "$target" && find . -mindepth 1 | cpio -o -H newc --quiet) > "$run_dir/root.cpio"
rm -rf "$target"
echo "boot-check: root filesystem $(($(stat -c %s "$run_dir/root.cpio") / 1048576)) MiB"
phase "root with the package"

status=0
# shellcheck disable=SC2086 # BOOT_CHECK_OPTIONS is a list of arguments
python3 "$root/packaging/boot-check.py" --kernel "$kernel" --initramfs "$run_dir/root.cpio" \
    --workdir "$run_dir" ${BOOT_CHECK_OPTIONS:-} || status=$?
phase "guest checks"
rm -f "$run_dir/root.cpio"
echo "boot-check: total $(($(date +%s) - started))s; guest console log in $run_dir/console.log"
exit $status
