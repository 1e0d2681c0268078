#!/usr/bin/env bash
# Puts what the guest needs from Debian's kernel packages into the rig cache:
#   CACHE/kernel/KVER/vmlinuz                      the kernel linux-image-amd64 points at
#   CACHE/kernel/KVER/modules/{configfs,i2c-dev}.ko
#   CACHE/kernel/KVER/source/{gpio-sim.c,gpiolib.h,irq_sim.c,i2c-stub.c}   from linux-source-6.1
# and makes sure linux-headers-KVER (with linux-kbuild) is installed to build modules against.
# Prints KVER on the last line. Every step is skipped when its result is already cached.
#
# Usage: rig/fetch-kernel.sh CACHE_DIR
set -euo pipefail

cache=$(realpath -m "$1")
sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd=sudo

# The versioned image package linux-image-amd64 depends on, e.g. linux-image-6.1.0-56-amd64.
image_package=$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
if [ -z "$image_package" ]; then
    $sudo_cmd apt-get update -qq >&2
    image_package=$(apt-cache depends linux-image-amd64 | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
fi
[ -n "$image_package" ] || { echo "rig: apt knows no linux-image-amd64" >&2; exit 1; }
kver=${image_package#linux-image-}
version=$(apt-cache policy "$image_package" | sed -n 's/^ *Candidate: //p')
kdir="$cache/kernel/$kver"
mkdir -p "$kdir/modules" "$kdir/source" "$cache/downloads"

download() { # PACKAGE[=VERSION]: the .deb's path on stdout
    local name=${1%%=*}
    (cd "$cache/downloads" && apt-get download -q "$1" >&2 2>/dev/null) || {
        echo "rig: apt-get download $1 failed" >&2
        exit 1
    }
    ls "$cache/downloads/${name}_"*.deb | head -n 1
}

if [ ! -f "$kdir/vmlinuz" ]; then
    echo "rig: fetching $image_package $version" >&2
    deb=$(download "$image_package=$version")
    unpack="$cache/downloads/unpack-image"
    rm -rf "$unpack" && mkdir -p "$unpack"
    modules="./lib/modules/$kver/kernel"
    dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$unpack" \
        "./boot/vmlinuz-$kver" \
        "$modules/fs/configfs/configfs.ko" \
        "$modules/drivers/i2c/i2c-dev.ko"
    cp "$unpack/$modules/fs/configfs/configfs.ko" "$unpack/$modules/drivers/i2c/i2c-dev.ko" "$kdir/modules/"
    cp "$unpack/boot/vmlinuz-$kver" "$kdir/vmlinuz.part" && mv "$kdir/vmlinuz.part" "$kdir/vmlinuz"
    rm -rf "$unpack" "$deb"
fi

if [ ! -f "$kdir/source/i2c-stub.c" ]; then
    # The source package is a 140 MB tarball inside a .deb: stream it and keep four files.
    series=$(echo "$kver" | cut -d. -f1,2)
    echo "rig: fetching linux-source-$series $version (four files are kept)" >&2
    deb=$(download "linux-source-$series=$version")
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/linux-source-$series.tar.xz" \
        | tar -xJ -C "$kdir/source" --strip-components=3 \
            "linux-source-$series/drivers/gpio/gpio-sim.c" \
            "linux-source-$series/drivers/gpio/gpiolib.h" \
            "linux-source-$series/kernel/irq/irq_sim.c" \
            "linux-source-$series/drivers/i2c/i2c-stub.c"
    rm -f "$deb"
fi

if [ ! -f "/usr/src/linux-headers-$kver/Makefile" ]; then
    echo "rig: installing linux-headers-$kver" >&2
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "linux-headers-$kver=$version" >&2
fi

echo "$kver"
