#!/usr/bin/env bash
# Puts the packaging toolchain into CACHE, from Debian's archive only; every step is skipped
# when its result is already there (a step's result appears only once the step succeeded):
#   CACHE/sid                      Debian sid (minbase) with its swiftlang (6.2 or later), lld,
#                                  git: the build host for every package, run with chroot
#   CACHE/sysroot/trixie-ARCH      Debian trixie's libc, libstdc++, libgpiod v2, libi2c, libcurl
#                                  and libmosquitto (with their libraries) for ARCH (amd64, arm64), plus
#                                  sid's Swift runtime and resources for ARCH, the same version
#                                  as the compiler
#   CACHE/sid/sdks/forcepad.artifactbundle   the Swift SDKs trixie-amd64 and trixie-arm64
# Prints the Swift version on the last line.
#
# Usage: packaging/toolchain.sh CACHE_DIR
# Needs root (debootstrap, chroot) and debootstrap.
set -euo pipefail

cache=$(realpath -m "$1")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sid="$cache/sid"
mkdir -p "$cache"

step() { echo "package: $*" >&2; }

if [ ! -x "$sid/usr/libexec/swift/bin/swift" ]; then
    if [ ! -f "$sid.part/.debootstrapped" ]; then
        rm -rf "$sid.part"
        step "debootstrap sid (about 1 minute)"
        debootstrap --variant=minbase sid "$sid.part" "$mirror" > "$cache/debootstrap.log" 2>&1 \
            || { echo "package: debootstrap sid failed (see $cache/debootstrap.log)" >&2; exit 1; }
        touch "$sid.part/.debootstrapped"
    fi
    # The archive here may be a snapshot older than its Release file's Valid-Until.
    echo 'Acquire::Check-Valid-Until "false";' > "$sid.part/etc/apt/apt.conf.d/99forcepad-snapshot"
    cp /etc/resolv.conf "$sid.part/etc/" 2> /dev/null || true
    step "installing swiftlang in sid (about 2 minutes)"
    bash "$here/in-chroot.sh" "$sid.part" - sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        swiftlang lld git make ca-certificates libc6-dev g++ pkg-config libgpiod-dev libi2c-dev file binutils' \
        > "$cache/sid-apt.log" 2>&1 || { echo "package: apt-get install swiftlang in sid failed (see $cache/sid-apt.log)" >&2; exit 1; }
    mv "$sid.part" "$sid"
fi
swift_version=$(chroot "$sid" dpkg-query -W -f='${Version}' swiftlang)

# A private apt configuration for the two target architectures (the host's apt is untouched).
aptq="$cache/apt"
mkdir -p "$aptq/lists/partial" "$aptq/cache/archives/partial" "$aptq/debs"
cat > "$aptq/sources.list" << SOURCES
deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main
deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror sid main
SOURCES
apt_options=(-o "Dir::Etc::SourceList=$aptq/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$aptq/lists" -o "Dir::Cache=$aptq/cache" -o Dir::State::Status=/dev/null
    -o APT::Architectures::=amd64 -o APT::Architectures::=arm64 -o Acquire::Check-Valid-Until=false)

target_libraries=(libc6 libc6-dev libgcc-s1 libgcc-14-dev libstdc++6 libstdc++-14-dev libatomic1
    libgpiod-dev libgpiod3 libi2c-dev libi2c0)
for arch in amd64 arm64; do
    sysroot="$cache/sysroot/trixie-$arch"
    [ -f "$sysroot/.complete-$swift_version" ] && continue
    [ -f "$aptq/lists/.updated" ] || {
        step "reading trixie and sid package lists for amd64 and arm64"
        apt-get "${apt_options[@]}" update -qq > "$cache/apt-update.log" 2>&1 \
            || { echo "package: apt-get update failed (see $cache/apt-update.log)" >&2; exit 1; }
        touch "$aptq/lists/.updated"
    }
    step "sysroot trixie-$arch (trixie's libraries, sid's Swift $swift_version runtime)"
    debs="$aptq/debs/$arch"
    rm -rf "$debs" "$sysroot"
    mkdir -p "$debs" "$sysroot"
    wanted=(linux-libc-dev/trixie "libswiftlang:$arch=$swift_version" "swiftlang:$arch=$swift_version")
    for package in "${target_libraries[@]}"; do wanted+=("$package:$arch/trixie"); done
    (cd "$debs" && apt-get "${apt_options[@]}" download -qq "${wanted[@]}") > "$cache/apt-download.log" 2>&1 \
        || { echo "package: apt-get download for $arch failed (see $cache/apt-download.log)" >&2; exit 1; }
    for deb in "$debs"/*.deb; do
        case $(basename "$deb") in
        swiftlang_*)
            # The compiler package: only the target's Swift modules, static runtime and clang headers.
            dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$sysroot" \
                ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang ;;
        *) dpkg-deb -x "$deb" "$sysroot" ;;
        esac
    done
    rm -rf "$debs"
    ln -sfn usr/lib "$sysroot/lib"
    # amd64's loader is /lib64/ld-linux-x86-64.so.2, which libc.so names.
    [ ! -d "$sysroot/usr/lib64" ] || ln -sfn usr/lib64 "$sysroot/lib64"
    ln -sfn ../libexec/swift/lib/swift "$sysroot/usr/lib/swift"
    ln -sfn ../libexec/swift/lib/swift_static "$sysroot/usr/lib/swift_static"
    touch "$sysroot/.complete-$swift_version"
done

# Test bundles link Foundation, whose XML part needs sid's libxml2 (the version
# libswiftlang was built with; it asks for glibc 2.38, which trixie has).
for arch in amd64 arm64; do
    sysroot="$cache/sysroot/trixie-$arch"
    [ -f "$sysroot/.test-libraries" ] && continue
    debs="$aptq/debs/test-$arch"
    rm -rf "$debs" && mkdir -p "$debs"
    (cd "$debs" && apt-get "${apt_options[@]}" download -qq "libxml2-16:$arch" "zlib1g:$arch/trixie" "liblzma5:$arch/trixie") \
        > "$cache/apt-download.log" 2>&1 || { echo "package: apt-get download of libxml2-16 for $arch failed (see $cache/apt-download.log)" >&2; exit 1; }
    for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
    rm -rf "$debs"
    touch "$sysroot/.test-libraries"
done

# The libraries forcepad links beyond the base ones: libcurl (FoundationNetworking, which the
# browser scope's HTTP server, FlyingFox, imports) and libmosquitto (the fleet station): their
# development files for the linker, and each runtime package with every library it needs (the
# dependency closure in trixie) for the programs the rigs and tests run from the sysroot.
linked=(libcurl4t64 libmosquitto1)
linked_dev=(libcurl4-openssl-dev libmosquitto-dev)
linked_marker=".linked-$(IFS=-; echo "${linked[*]}")"
for arch in amd64 arm64; do
    sysroot="$cache/sysroot/trixie-$arch"
    [ -f "$sysroot/$linked_marker" ] && continue
    suffix=$([ $arch = amd64 ] && echo "" || echo ":$arch")
    closure=$(apt-cache "${apt_options[@]}" -o APT::Default-Release=trixie depends --recurse --no-recommends --no-suggests \
        --no-conflicts --no-breaks --no-replaces --no-enhances "${linked[@]/%/$suffix}" 2> "$cache/apt-closure.log" \
        | grep -v '^ ' | grep -v '^<' | sed -n "s/^\([^:]*\)$suffix\$/\1/p" | sort -u) \
        || { echo "package: the dependencies of ${linked[*]} for $arch could not be listed (see $cache/apt-closure.log)" >&2; exit 1; }
    debs="$aptq/debs/linked-$arch"
    rm -rf "$debs" && mkdir -p "$debs"
    wanted=()
    for package in "${linked_dev[@]}" $closure; do wanted+=("$package:$arch/trixie"); done
    (cd "$debs" && apt-get "${apt_options[@]}" download -qq "${wanted[@]}") > "$cache/apt-download.log" 2>&1 \
        || { echo "package: apt-get download of ${linked[*]} for $arch failed (see $cache/apt-download.log)" >&2; exit 1; }
    for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
    rm -rf "$debs"
    touch "$sysroot/$linked_marker"
done

# Debian's swiftlang ships _Testing_Foundation.swiftmodule without its library, so a test
# bundle does not link (`cannot find -l_Testing_Foundation`); an empty library stands in.
for arch in amd64 arm64; do
    stub="$cache/sysroot/trixie-$arch/usr/libexec/swift/lib/swift/linux/lib_Testing_Foundation.so"
    [ -f "$stub" ] && continue
    target=$([ $arch = amd64 ] && echo x86_64-linux-gnu || echo aarch64-linux-gnu)
    echo > "$cache/sid/tmp/empty.c"
    chroot "$cache/sid" /usr/libexec/swift/bin/clang --target=$target -fuse-ld=lld -shared -fPIC -nostdlib \
        /tmp/empty.c -o "/tmp/lib_Testing_Foundation-$arch.so"
    mv "$cache/sid/tmp/lib_Testing_Foundation-$arch.so" "$stub"
done
# The same for sid's own (amd64) toolchain, which runs the tests natively with Swift 6.2.
native_stub="$sid/usr/libexec/swift/lib/swift/linux/lib_Testing_Foundation.so"
[ -f "$native_stub" ] || cp "$cache/sysroot/trixie-amd64/usr/libexec/swift/lib/swift/linux/lib_Testing_Foundation.so" "$native_stub"

# Swift SDKs: SwiftPM needs a bundle (schema 4, with swiftStaticResourcesPath) for
# --static-swift-stdlib; C targets need -fPIC for the test bundle's dynamic products.
bundle="$sid/sdks/forcepad.artifactbundle"
mkdir -p "$bundle"
cat > "$bundle/info.json" << INFO
{ "schemaVersion": "1.0", "artifacts": {
    "trixie-amd64": { "type": "swiftSDK", "version": "$swift_version", "variants": [ { "path": "trixie-amd64" } ] },
    "trixie-arm64": { "type": "swiftSDK", "version": "$swift_version", "variants": [ { "path": "trixie-arm64" } ] } } }
INFO
for arch in amd64 arm64; do
    triple=$([ $arch = amd64 ] && echo x86_64-pc-linux-gnu || echo aarch64-unknown-linux-gnu)
    mkdir -p "$bundle/trixie-$arch"
    cat > "$bundle/trixie-$arch/swift-sdk.json" << SDK
{ "schemaVersion": "4.0", "targetTriples": { "$triple": {
    "sdkRootPath": "/sysroot/trixie-$arch",
    "swiftResourcesPath": "/sysroot/trixie-$arch/usr/lib/swift",
    "swiftStaticResourcesPath": "/sysroot/trixie-$arch/usr/lib/swift_static",
    "toolsetPaths": ["toolset.json"] } } }
SDK
    cat > "$bundle/trixie-$arch/toolset.json" << TOOLSET
{ "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] },
  "cCompiler": { "extraCLIOptions": ["-fPIC"] },
  "cxxCompiler": { "extraCLIOptions": ["-fPIC"] } }
TOOLSET
done
echo "$swift_version"
