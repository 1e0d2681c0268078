#!/usr/bin/env bash
# `make test`: every check the Makefile's opening comment lists, in that order, each step's
# time printed as it ends and all of them at the end.
#
# The packages' binaries are made in the background from the start
# (`packaging/test-packages.sh --if-available --binaries`: the packaging toolchain fetched from
# Debian's archive, then the amd64 and arm64 release builds in its chroot), beside the debug
# build and the tests, which leave a core idle for much of their time (the tests' real-time
# waits, the fuzzers and the mutated recordings are one process each). Their output goes to
# PACKAGE_OUT/binaries.log (default .build-package/), printed when the package checks need
# them; those checks then find the binaries built. A failing step stops everything, the
# background builds too.
#
# Environment: SWIFT (the swift binary), FUZZ_TEST (inputs per fuzz target, or seconds as
# 600s), MUTATIONS_TEST (mutated recordings run through forcepad), as the Makefile sets them.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
label="make test"
. scripts/lib/toolbox.sh
export SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
fuzz_inputs=${FUZZ_TEST:-20000}
mutations=${MUTATIONS_TEST:-200}

# The background build's host tools are installed first, here: two apt-get runs at once
# would collide on dpkg's lock. Where they cannot be, the build says why itself.
if [ "$(uname -s)/$(uname -m)" = Linux/x86_64 ]; then
    need_command debootstrap debootstrap || true
    need_command lintian lintian || true
fi
# The background build, a process group of its own (setsid) so that it can be stopped whole.
binaries_log="$(package_out_dir)/binaries.log"
mkdir -p "$(dirname "$binaries_log")"
setsid bash packaging/test-packages.sh --if-available --binaries > "$binaries_log" 2>&1 &
binaries=$!
stop_binaries() {
    if [ -n "$binaries" ] && kill -0 "$binaries" 2> /dev/null; then
        kill -TERM -- "-$binaries" 2> /dev/null || true
        echo "$label: stopped the packages' background build (its output so far in $binaries_log)" >&2
    fi
}
trap stop_binaries EXIT

timings=()
# step COMMAND...: runs COMMAND, shown first as make shows a recipe's line; stops on failure.
step() {
    echo "$*"
    local started
    started=$(date +%s)
    "$@"
    timings+=("$(printf '%6ds  %s' $(($(date +%s) - started)) "$*")")
}

# package_binaries: waits for the background build, prints its output; its failure is the step's.
package_binaries() {
    local status=0
    wait "$binaries" || status=$?
    binaries=""
    sed 's/^/  | /' "$binaries_log"
    return $status
}

started=$(date +%s)
step "$SWIFT" build --build-tests
step "$SWIFT" test --skip-build
step python3 docs/readme-session.py check .build/debug/forcepad
step bash clients/python/run-tests.sh
step bash bench/run-tests.sh
step bash -c 'cd rig && bash ../scripts/lib/toolbox.sh python_lint ../.build-python *.py ../packaging/*.py'
step bash packaging/check.sh
step bash sanitizers/thread-sanitizer.sh
step bash fuzz/run.sh all "$fuzz_inputs"
step python3 fuzz/mutate-recordings.py --recordings "$mutations" --forcepad .build/debug/forcepad
step package_binaries
step bash packaging/test-packages.sh --if-available
step bash packaging/boot-check.sh --if-available
step bash rig/rig.sh --if-available
step bash rig/rig.sh --arch arm64 --if-available
echo "arm64 unit tests: not part of make test (about 15 minutes under qemu-user); make test-arm64 runs them"
echo "$label: every step passed in $(($(date +%s) - started))s:"
printf '%s\n' "${timings[@]}"
