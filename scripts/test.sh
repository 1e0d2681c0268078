#!/usr/bin/env bash
# `make test`: every check the Makefile's opening comment lists, in that order, each step's
# time printed as it ends and all of them at the end, so that a slow step shows where it is.
# The first failing step stops it.
#
# Environment: SWIFT (the swift binary), FUZZ_TEST (inputs per fuzz target, or seconds as
# 600s), MUTATIONS_TEST (mutated recordings run through forcepad), as the Makefile sets them.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
fuzz_inputs=${FUZZ_TEST:-20000}
mutations=${MUTATIONS_TEST:-200}

timings=()
# step COMMAND...: runs COMMAND, shown first as make shows a recipe's line, and notes its time.
step() {
    echo "$*"
    local started
    started=$(date +%s)
    "$@"
    timings+=("$(printf '%6ds  %s' $(($(date +%s) - started)) "$*")")
    echo "make test: ${timings[-1]}"
}

started=$(date +%s)
# What the packages step fetches from Debian's archive (its toolchain and trixie root: minutes
# of downloading and unpacking on a fresh machine) is set up while the first build compiles,
# the one step that measures nothing; the tests start only once it has ended. On a machine
# busy with other work the two side by side also get a larger share of its CPUs.
preparation_log=$(mktemp)
setsid --wait bash packaging/test-packages.sh --if-available --toolchain-only > "$preparation_log" 2>&1 &
preparation=$!
trap 'kill -- -$preparation 2> /dev/null || true; rm -f "$preparation_log"' EXIT
# packages_toolchain: waits for that preparation and shows what it said; a failure there is
# shown and left to the packages step, which tries again and reports it.
packages_toolchain() {
    local status=0
    wait $preparation || status=$?
    cat "$preparation_log"
    [ $status = 0 ] || echo "the packages' toolchain: exit status $status (the packages step tries again)"
}
step "$SWIFT" build --build-tests
step packages_toolchain
step "$SWIFT" test --skip-build
step python3 docs/readme-session.py check .build/debug/forcepad
step bash clients/python/run-tests.sh
step bash bench/run-tests.sh
step bash -c 'cd rig && bash ../scripts/lib/toolbox.sh python_lint ../.build-python *.py ../packaging/*.py'
step bash packaging/check.sh
step bash sanitizers/thread-sanitizer.sh
step bash fuzz/run.sh all "$fuzz_inputs"
step python3 fuzz/mutate-recordings.py --recordings "$mutations" --forcepad .build/debug/forcepad
step bash packaging/test-packages.sh --if-available
step bash packaging/boot-check.sh --if-available
step bash rig/rig.sh --if-available
step bash rig/rig.sh --arch arm64 --if-available
echo "arm64 unit tests: not part of make test (about 15 minutes under qemu-user); make test-arm64 runs them"
echo "make test: every step passed in $(($(date +%s) - started))s:"
printf '%s\n' "${timings[@]}"
