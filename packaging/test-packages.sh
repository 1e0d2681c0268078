#!/usr/bin/env bash
# `make test-packages`: builds the packages (packaging/build-packages.sh, cached), then
# installs each into a Debian trixie root as a user would (`apt-get install
# ./forcepad_VERSION_ARCH.deb`: dependencies resolved from trixie's archive, arm64 ones
# through multiarch), checks the files, the forcepad user and its groups, the conffiles, and
# runs a sim session with the installed binary as that user, the arm64 one under qemu-user.
# Removal and purge are checked last.
#
# Usage: packaging/test-packages.sh [--if-available] [--toolchain-only] [ARCH...]   (default: amd64 arm64)
#   --if-available   where the packages cannot be built here (not x86_64 Linux, not root and
#                    no password-less sudo, Debian's archive unreachable), print one line
#                    saying why and exit 0 (what `make test` uses)
#   --toolchain-only  only set up what comes from Debian's archive, the packaging toolchain and
#                    the trixie root (`make test` does it while its first build compiles)
# Environment: as packaging/build-packages.sh; the trixie root is cached in PACKAGE_CACHE.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
label=package-test
. "$root/scripts/lib/toolbox.sh"
if_available_preamble "the packages are cross-built on an x86_64 Linux host" \
    "building and installing packages in a chroot needs root or password-less sudo" \
    SWIFT PACKAGE_CACHE PACKAGE_OUT -- "$@"
set -- "${arguments[@]}"
toolchain_only=false
if [ "${1:-}" = --toolchain-only ]; then
    toolchain_only=true
    shift
fi
cache=$(package_cache_dir)
out=$(package_out_dir)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
architectures=("$@")
[ ${#architectures[@]} -gt 0 ] || architectures=(amd64 arm64)
version=$(forcepad_version)

need_command debootstrap debootstrap || unavailable "debootstrap is not installed and apt-get could not install it"
# A toolchain that cannot be fetched is a machine without Debian's archive, not a failure.
mkdir -p "$cache"
echo "package-test: packaging toolchain in $cache (about 5 minutes the first time; log toolchain.log)"
bash "$root/packaging/toolchain.sh" "$cache" > "$cache/toolchain.log" 2>&1 \
    || unavailable "could not set up the packaging toolchain from Debian's archive ($(tail -n 1 "$cache/toolchain.log"))"
base="$cache/trixie"
if [ ! -f "$base/.complete" ]; then
    echo "package-test: debootstrap trixie (about 1 minute)"
    rm -rf "$base"
    debootstrap --variant=minbase trixie "$base" "$mirror" > "$cache/debootstrap-trixie.log" 2>&1 \
        || { echo "package-test: debootstrap trixie failed (see $cache/debootstrap-trixie.log)" >&2; exit 1; }
    echo 'Acquire::Check-Valid-Until "false";' > "$base/etc/apt/apt.conf.d/99forcepad-snapshot"
    touch "$base/.complete"
fi

if $toolchain_only; then
    echo "package-test: toolchain and trixie root ready in $cache"
    exit 0
fi
PACKAGE_CACHE="$cache" PACKAGE_OUT="$out" bash "$root/packaging/build-packages.sh" "${architectures[@]}"

# check DESCRIPTION COMMAND...: runs COMMAND inside the root, counted in the toolbox's tally.
check() {
    local description=$1
    shift
    tally_check "$arch: $description" bash "$root/packaging/in-chroot.sh" "$target" - "$@"
}

for arch in "${architectures[@]}"; do
    deb="$out/forcepad_${version}_$arch.deb"
    [ -f "$deb" ] || { echo "package-test: $deb is missing; run make package first" >&2; exit 1; }
    target="$cache/trixie-test-$arch"
    rm -rf "$target"
    cp -a "$base" "$target"
    cp "$deb" "$target/tmp/"
    run=""
    if [ "$arch" = arm64 ]; then
        need_command qemu-aarch64-static qemu-user-static
        cp "$(command -v qemu-aarch64-static)" "$target/usr/bin/"
        run="qemu-aarch64-static"
        bash "$root/packaging/in-chroot.sh" "$target" - dpkg --add-architecture arm64
    fi
    check "apt-get install ./$(basename "$deb") (dependencies from trixie)" sh -c \
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$(basename "$deb")"
    check "files in place" sh -c 'test -x /usr/bin/forcepad && test -f /usr/share/forcepad/boards/sim.toml \
        && test -f /usr/share/forcepad/boards/rpi4-ads7830.toml && test -f /usr/share/man/man1/forcepad.1.gz \
        && test -f /usr/share/bash-completion/completions/forcepad && test -f /usr/share/doc/forcepad/copyright \
        && test -f /usr/share/doc/forcepad/raspberry-pi.md && test -f /etc/forcepad/forcepad.toml \
        && test -f /usr/lib/systemd/system/forcepad@.service && test -f /etc/forcepad/forcepad.env \
        && grep -q "^PrivateNetwork=no" /usr/share/forcepad/systemd/forcepad-network.conf'
    check "the lab config and the service settings are conffiles" sh -c 'dpkg-query -W -f="\${Conffiles}" forcepad \
        | grep -q /etc/forcepad/forcepad.toml && dpkg-query -W -f="\${Conffiles}" forcepad | grep -q /etc/forcepad/forcepad.env'
    check "the lab config changes nothing until a line is uncommented" sh -c '! grep -v "^#" /etc/forcepad/forcepad.toml | grep -q .'
    check "user forcepad in i2c, gpio and dialout" sh -c 'id -nG forcepad | tr " " "\n" | sort | tr "\n" " " | grep -qx "dialout forcepad gpio i2c "'
    check "forcepad --version (the libgpiod v2 build)" sh -c "$run /usr/bin/forcepad --version | grep -qx '$version (libgpiod v2 API)'"
    check "a sim session as user forcepad" sh -c "cd /tmp && printf 'sim press 400g for 300ms\nwait 600ms\nstatus\nquit\n' \
        | setpriv --reuid=forcepad --regid=forcepad --init-groups env HOME=/tmp/home-forcepad $run /usr/bin/forcepad --json \
        > /tmp/session.jsonl && grep -q '\"event\":\"press.peek\"' /tmp/session.jsonl && grep -q '\"event\":\"press.pop\"' /tmp/session.jsonl \
        && grep -q '\"event\":\"press.released\"' /tmp/session.jsonl && tail -n 1 /tmp/session.jsonl | grep -q '\"cmd\":\"quit\"'"
    check "the man page renders" sh -c 'zcat /usr/share/man/man1/forcepad.1.gz | grep -q "^\.SS sim"'
    check "apt-get remove keeps the edited conffile, purge removes it" sh -c \
        'echo "# edited" >> /etc/forcepad/forcepad.toml && apt-get remove -y -qq forcepad > /dev/null \
        && ! test -e /usr/bin/forcepad && grep -q "# edited" /etc/forcepad/forcepad.toml \
        && apt-get purge -y -qq forcepad > /dev/null && ! test -e /etc/forcepad/forcepad.toml'
    rm -rf "$target"
done
tally_end "for ${architectures[*]}"
