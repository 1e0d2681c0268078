#!/usr/bin/env bash
# Builds a static libgpiod v2 to compile and link forcepad's v2 GPIO path against (Debian 12
# ships only v1). The C sources come from PyPI's gpiod source package, which carries
# libgpiod's include/gpiod.h and lib/*.c.
# Result: CACHE/libgpiod-v2/{gpiod.h,libgpiod.a} (skipped when present).
#
# Usage: rig/build-libgpiod-v2.sh CACHE_DIR
# GPIOD_SDIST_VERSION picks the source package version (default below).
set -euo pipefail

cache=$(realpath -m "$1")
version=${GPIOD_SDIST_VERSION:-2.5.0}
out="$cache/libgpiod-v2"
[ -f "$out/libgpiod.a" ] && [ -f "$out/gpiod.h" ] && exit 0

work="$cache/downloads/gpiod-sdist"
rm -rf "$work" "$out" && mkdir -p "$work" "$out"
python3 -m pip download -q --no-deps --no-binary :all: "gpiod==$version" -d "$work" >&2
tar -xzf "$work/gpiod-$version.tar.gz" -C "$work"
src="$work/gpiod-$version"
api_version=$(cat "$src/libgpiod-version.txt")
for file in "$src"/lib/*.c; do
    gcc -O2 -fPIC -D_GNU_SOURCE -DGPIOD_API_VERSION_STR="\"$api_version\"" \
        -I"$src/include" -I"$src/lib" -c "$file" -o "$work/$(basename "$file" .c).o"
done
ar rcs "$out/libgpiod.a.part" "$work"/*.o
cp "$src/include/gpiod.h" "$out/gpiod.h"
mv "$out/libgpiod.a.part" "$out/libgpiod.a"
grep -q 'GPIOD_LINE_BULK_MAX_LINES' "$out/gpiod.h" && { echo "rig: $out/gpiod.h is a v1 header" >&2; exit 1; }
rm -rf "$work"
echo "rig: built libgpiod $api_version (v2 API) into $out" >&2
