#!/usr/bin/env bash
# Puts what the guest needs from Debian 12's kernel packages into the rig cache:
#   CACHE/kernel/KVER/vmlinuz                      the kernel linux-image-ARCH points at
#   CACHE/kernel/KVER/modules/{configfs,i2c-dev}.ko
#   CACHE/kernel/KVER/source/{gpio-sim.c,gpiolib.h,irq_sim.c,i2c-stub.c}   from linux-source-6.1
#   CACHE/kernel/KVER/headers    the directory to build modules against (see below)
# Prints KVER on the last line. Every step is skipped when its result is already cached.
#
# ARCH amd64 (the default) is the host's own: its packages come through the host's apt, and
# linux-headers-KVER (with linux-kbuild) is installed on the host; headers points at
# /usr/src/linux-headers-KVER.
# ARCH arm64 is a foreign architecture: its packages come through a private apt
# configuration in CACHE/apt-arm64 (bookworm, bookworm-updates and bookworm-security for
# arm64; the host's apt and dpkg are untouched), and additionally
#   CACHE/kernel/KVER/busybox                      busybox-static for arm64
#   CACHE/kernel/KVER/headers-root/               linux-headers-KVER and -common unpacked;
#                                                  headers is its linux-headers-KVER, its
#                                                  Makefile pointed at the unpacked -common
# Its host tools (scripts/, tools/) are the host's linux-kbuild-6.1, which is installed.
#
# Usage: rig/fetch-kernel.sh CACHE_DIR [ARCH]
# DEBIAN_MIRROR is the archive for a foreign ARCH (default http://deb.debian.org/debian; its
# security suite is the sibling debian-security).
set -euo pipefail

cache=$(realpath -m "$1")
arch=${2:-amd64}
sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd=sudo

apt_options=()
if [ "$arch" != amd64 ]; then
    mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
    aptq="$cache/apt-$arch"
    mkdir -p "$aptq/lists/partial" "$aptq/cache/archives/partial"
    keyring="signed-by=/usr/share/keyrings/debian-archive-keyring.gpg"
    cat > "$aptq/sources.list" << SOURCES
deb [arch=$arch $keyring] $mirror bookworm main
deb [arch=$arch $keyring] $mirror bookworm-updates main
deb [arch=$arch $keyring] ${mirror%/debian}/debian-security bookworm-security main
SOURCES
    apt_options=(-o "Dir::Etc::SourceList=$aptq/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$aptq/lists" -o "Dir::Cache=$aptq/cache" -o Dir::State::Status=/dev/null
        -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch" -o Acquire::Check-Valid-Until=false)
fi
update_lists() {
    if [ "$arch" = amd64 ]; then
        $sudo_cmd apt-get update -qq >&2
    else
        apt-get "${apt_options[@]}" update -qq >&2
    fi
}
image_depends() {
    apt-cache "${apt_options[@]}" depends "linux-image-$arch" 2>/dev/null \
        | sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1
}

# The versioned image package linux-image-ARCH depends on, e.g. linux-image-6.1.0-56-amd64.
# A foreign architecture's lists are read again once a day.
[ "$arch" = amd64 ] || [ -n "$(find "$aptq/lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null)" ] \
    || update_lists
image_package=$(image_depends)
if [ -z "$image_package" ]; then
    update_lists
    image_package=$(image_depends)
fi
[ -n "$image_package" ] || { echo "rig: apt knows no linux-image-$arch" >&2; exit 1; }
kver=${image_package#linux-image-}
version=$(apt-cache "${apt_options[@]}" policy "$image_package" | sed -n 's/^ *Candidate: //p')
kdir="$cache/kernel/$kver"
mkdir -p "$kdir/modules" "$kdir/source" "$cache/downloads"

download() { # PACKAGE[=VERSION]: the .deb's path on stdout
    local name=${1%%=*}
    rm -f "$cache/downloads/${name}_"*.deb
    (cd "$cache/downloads" && apt-get "${apt_options[@]}" download -q "$1" >&2 2>/dev/null) || {
        echo "rig: apt-get download $1 failed" >&2
        exit 1
    }
    ls "$cache/downloads/${name}_"*.deb | head -n 1
}

if [ ! -f "$kdir/vmlinuz" ]; then
    echo "rig: fetching $image_package $version" >&2
    deb=$(download "$image_package=$version")
    unpack="$cache/downloads/unpack-image-$arch"
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

if [ "$arch" = amd64 ]; then
    if [ ! -f "/usr/src/linux-headers-$kver/Makefile" ]; then
        echo "rig: installing linux-headers-$kver" >&2
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "linux-headers-$kver=$version" >&2
    fi
    ln -sfn "/usr/src/linux-headers-$kver" "$kdir/headers"
    echo "$kver"
    exit 0
fi

if [ ! -f "$kdir/busybox" ]; then
    echo "rig: fetching busybox-static for $arch" >&2
    deb=$(download busybox-static)
    dpkg-deb --fsys-tarfile "$deb" | tar -xO ./bin/busybox > "$kdir/busybox.part"
    chmod 755 "$kdir/busybox.part" && mv "$kdir/busybox.part" "$kdir/busybox"
    rm -f "$deb"
fi

# The kbuild host tools are the host's, of the same kernel series and Debian version.
kbuild="linux-kbuild-$(echo "$kver" | cut -d. -f1,2)"
if [ "$(dpkg-query -W -f='${Version}' "$kbuild" 2> /dev/null)" != "$version" ]; then
    echo "rig: installing $kbuild $version" >&2
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$kbuild=$version" >&2
fi

headers="$kdir/headers-root/usr/src/linux-headers-$kver"
if [ ! -f "$headers/Makefile" ]; then
    echo "rig: fetching linux-headers-$kver and its -common $version" >&2
    common=linux-headers-${kver%-"$arch"}-common
    arch_deb=$(download "linux-headers-$kver=$version")
    common_deb=$(download "$common=$version")
    root="$kdir/headers-root"
    rm -rf "$root" "$root.part" && mkdir -p "$root.part/usr/lib"
    dpkg-deb -x "$common_deb" "$root.part"
    dpkg-deb -x "$arch_deb" "$root.part"
    # scripts/ and tools/ point at ../../lib/linux-kbuild-6.1: the host's.
    ln -s "/usr/lib/$kbuild" "$root.part/usr/lib/$kbuild"
    # Its Makefile includes /usr/src/linux-headers-…-common/Makefile: the unpacked one.
    sed -i "s|^include /usr/src/$common/|include $root/usr/src/$common/|" \
        "$root.part/usr/src/linux-headers-$kver/Makefile"
    grep -q "^include $root/" "$root.part/usr/src/linux-headers-$kver/Makefile" \
        || { echo "rig: linux-headers-$kver's Makefile does not include $common as expected" >&2; exit 1; }
    mv "$root.part" "$root"
    rm -f "$arch_deb" "$common_deb"
fi
ln -sfn "$headers" "$kdir/headers"
echo "$kver"
