#!/usr/bin/env bash
# `make package`: forcepad_VERSION_amd64.deb and forcepad_VERSION_arm64.deb for Debian trixie
# and Raspberry Pi OS trixie (libgpiod v2), built from Debian's archive only: sid's swiftlang
# in a chroot cross-compiles against trixie sysroots for each architecture, with the Swift
# runtime linked in statically (packaging/toolchain.sh, cached in PACKAGE_CACHE). Each package
# is then checked with lintian (packaging/debian/lintian-overrides explains every tag left).
#
# Usage: packaging/build-packages.sh [ARCH...]        (default: amd64 arm64)
# Environment: SWIFT (the host's swift, to build the generator of the man page and the
# completion), PACKAGE_CACHE (default .package-cache in the package), PACKAGE_OUT (default
# .build-package), MAINTAINER (default the last commit's author).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
label=package
. "$root/scripts/lib/toolbox.sh"
cache=$(package_cache_dir)
out=$(package_out_dir)
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
architectures=("$@")
[ ${#architectures[@]} -gt 0 ] || architectures=(amd64 arm64)
version=$(forcepad_version)
[ -n "$version" ] || { echo "package: no version in Sources/ForcePadApp/Common/ForcePadVersion.swift" >&2; exit 1; }
maintainer=${MAINTAINER:-$(git -C "$root" log -1 --format='%an <%ae>')}
[ "$(id -u)" = 0 ] || { echo "package: needs root (debootstrap and chroot); run with sudo" >&2; exit 1; }

started=$(date +%s)
for tool in debootstrap lintian; do
    command -v $tool > /dev/null || {
        echo "package: installing $tool" >&2
        apt_install $tool > /dev/null
    }
done
swift_version=$(bash "$root/packaging/toolchain.sh" "$cache" | tail -n 1)
echo "package: toolchain ready after $(( $(date +%s) - started ))s (sid's swiftlang $swift_version)"

# The man page and the completion come from a build that runs here.
"$swift" build --package-path "$root" --product forcepad > /dev/null
generator="$root/.build/debug/forcepad"
mkdir -p "$out"

triple_of() {
    case $1 in
    amd64) echo x86_64-pc-linux-gnu ;;
    arm64) echo aarch64-unknown-linux-gnu ;;
    *) echo "package: unknown architecture $1 (amd64 or arm64)" >&2; return 1 ;;
    esac
}

# The release builds run side by side: each compiles much of the time on one core, and on a
# machine busy with other work two builds get a larger share of it than one after the other.
# Each runs in a session of its own, so that when one fails, or this script ends early, the
# other is ended with everything it started (the compilers in the chroot too), not left to
# compile on unwatched.
declare -A builds
end_builds() {
    local pid
    for pid in "${builds[@]}"; do kill -- "-$pid" 2> /dev/null || true; done
}
trap end_builds EXIT
phase_started=$(date +%s)
for arch in "${architectures[@]}"; do
    triple_of "$arch" > /dev/null
    setsid bash "$root/packaging/swift-build-release.sh" "$cache" "$arch" forcepad ".build-package-$arch" > "$out/build-$arch.log" 2>&1 &
    builds[$arch]=$!
done
for arch in "${architectures[@]}"; do
    wait "${builds[$arch]}" || {
        end_builds
        cat "$out/build-$arch.log"
        echo "package: the $arch release build failed" >&2
        exit 1
    }
    unset "builds[$arch]"
    cat "$out/build-$arch.log"
done
phase "release builds (${architectures[*]})"

for arch in "${architectures[@]}"; do
    triple=$(triple_of "$arch")
    scratch=".build-package-$arch"
    binary="$out/forcepad-$arch"
    bash "$root/packaging/in-chroot.sh" "$cache/sid" "$root" \
        /usr/libexec/swift/bin/llvm-objcopy --strip-all "/src/forcepad/$scratch/$triple/release/forcepad" "/src/forcepad/$scratch/forcepad.stripped"
    mv "$root/$scratch/forcepad.stripped" "$binary"

    # Runtime dependencies, read off the binary: its libraries and the newest glibc symbol version.
    needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
    glibc=$(readelf -V "$binary" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1)
    depends="libc6 (>= $glibc)"
    for library in $needed; do
        case $library in
        libc.so.6 | libm.so.6 | ld-linux-*.so.*) ;;
        libstdc++.so.6) depends+=", libstdc++6" ;;
        libgcc_s.so.1) depends+=", libgcc-s1" ;;
        libgpiod.so.3) depends+=", libgpiod3" ;;
        libi2c.so.0) depends+=", libi2c0" ;;
        libcurl.so.4) depends+=", libcurl4t64" ;;
        libmosquitto.so.1) depends+=", libmosquitto1" ;;
        *) echo "package: the $arch binary needs $library, which no Depends line covers" >&2; exit 1 ;;
        esac
    done

    stage="$out/root-$arch"
    rm -rf "$stage"
    DESTDIR="$stage" PREFIX=/usr SYSCONFDIR=/etc BINARY="$binary" GENERATOR="$generator" sh "$root/packaging/install.sh" > /dev/null
    install -m 644 "$root/packaging/debian/copyright" "$stage/usr/share/doc/forcepad/copyright"
    sed "s/@VERSION@/$version/; s/@MAINTAINER@/$maintainer/; s/@DATE@/$(date -u -R -d "@$(git -C "$root" log -1 --format=%ct)")/" \
        "$root/packaging/debian/changelog" | gzip -9n > "$stage/usr/share/doc/forcepad/changelog.gz"
    install -D -m 644 "$root/packaging/debian/lintian-overrides" "$stage/usr/share/lintian/overrides/forcepad"
    install -d "$stage/DEBIAN"
    installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
    sed "s/@VERSION@/$version/; s/@ARCH@/$arch/; s/@MAINTAINER@/$maintainer/; s/@DEPENDS@/$depends/; s/@SIZE@/$installed_size/" \
        "$root/packaging/debian/control" > "$stage/DEBIAN/control"
    install -m 644 "$root/packaging/debian/conffiles" "$stage/DEBIAN/conffiles"
    for script in postinst postrm; do
        install -m 755 "$root/packaging/debian/$script" "$stage/DEBIAN/$script"
    done
    (cd "$stage" && find . -path ./DEBIAN -prune -o -type f ! -path './etc/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
    deb="$out/forcepad_${version}_$arch.deb"
    dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" > /dev/null
    echo "package: $deb: $(du -h "$deb" | cut -f1), binary $(du -h "$binary" | cut -f1) stripped, needs $depends"
    # lintian refuses nothing as root but says so on every run: it runs as nobody.
    chmod a+r "$deb"
    setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/tmp lintian --fail-on error,warning --info "$deb" \
        || { echo "package: lintian reports problems in $deb" >&2; exit 1; }
    echo "package: lintian: clean (overrides in packaging/debian/lintian-overrides)"
done
echo "package: total $(( $(date +%s) - started ))s; packages in $out"
