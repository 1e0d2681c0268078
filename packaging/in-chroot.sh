#!/usr/bin/env bash
# Runs a command inside a chroot, in a mount namespace of its own so that nothing stays
# mounted when it ends (or is killed): /proc, /sys, /dev; SOURCE at /src/forcepad; the
# sysroots beside the chroot (CHROOT/../sysroot) at /sysroot, read-only; and the local
# mirror of Swift packages that the host's git config redirects github.com to, read-only,
# with the same redirection inside.
#
# Usage: packaging/in-chroot.sh CHROOT SOURCE|- COMMAND [ARG...]
set -euo pipefail

root=$(realpath "$1")
source_dir=$2
shift 2

# The host's `url.MIRROR.insteadof` lines name the mirror folder; the chroot gets the same,
# written only when it differs (the packages' builds run side by side, and git refuses a
# second writer of a config file).
mirror=$(git config --system --get-regexp '^url\..*\.insteadof$' 2> /dev/null | head -n 1 | sed -E 's/^url\.(.*)\.insteadof .*$/\1/' || true)
if [ -n "$mirror" ] && [ "$(git config --file "$root/etc/gitconfig" --get-all "url.$mirror.insteadof" 2> /dev/null)" \
    != "$(git config --system --get-all "url.$mirror.insteadof")" ]; then
    git config --file "$root/etc/gitconfig" --unset-all "url.$mirror.insteadof" 2> /dev/null || true
    git config --system --get-all "url.$mirror.insteadof" | while read -r prefix; do
        git config --file "$root/etc/gitconfig" --add "url.$mirror.insteadof" "$prefix"
    done
fi

exec unshare --mount --propagation private -- bash -euo pipefail -c '
    root=$1 source_dir=$2 mirror=$3
    shift 3
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --rbind /dev "$root/dev"
    if [ "$source_dir" != - ]; then
        mkdir -p "$root/src/forcepad"
        mount --bind "$source_dir" "$root/src/forcepad"
    fi
    if [ -d "$root/../sysroot" ]; then
        mkdir -p "$root/sysroot"
        mount --bind "$root/../sysroot" "$root/sysroot"
        mount -o remount,bind,ro "$root/sysroot"
    fi
    if [ -n "$mirror" ] && [ -d "$mirror" ]; then
        mkdir -p "$root$mirror"
        mount --bind "$mirror" "$root$mirror"
        mount -o remount,bind,ro "$root$mirror"
    fi
    exec chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
' in-chroot "$root" "$source_dir" "${mirror%/}" "$@"
