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
# What later steps fetch (the packages' toolchain and trixie root from Debian's archive: minutes
# of downloading and unpacking on a fresh machine; the Python client's environments from PyPI)
# is set up while the first build compiles, the one step that measures nothing; the tests start
# only once both have ended. On a machine busy with other work the jobs side by side also get
# a larger share of its CPUs. Each runs in its own session, ended if make test stops first.
preparation_logs=$(mktemp -d)
setsid --wait bash packaging/test-packages.sh --if-available --toolchain-only > "$preparation_logs/toolchain" 2>&1 &
toolchain=$!
setsid --wait bash clients/python/run-tests.sh environments > "$preparation_logs/python" 2>&1 &
python_environments=$!
trap 'kill -- -$toolchain -$python_environments 2> /dev/null || true; rm -rf "$preparation_logs"' EXIT
# preparations: waits for both and shows what they said. A failure of the toolchain's is shown
# and left to the packages step, which tries again and reports it; one of the Python
# environments' fails here, as the Python client's checks need them.
preparations() {
    local status=0
    wait $toolchain || status=$?
    cat "$preparation_logs/toolchain"
    [ $status = 0 ] || echo "the packages' toolchain: exit status $status (the packages step tries again)"
    status=0
    wait $python_environments || status=$?
    cat "$preparation_logs/python"
    [ $status = 0 ] || { echo "the Python client's environments: exit status $status"; return 1; }
}
step "$SWIFT" build --build-tests
step preparations
step "$SWIFT" test --skip-build
step python3 docs/readme-session.py check .build/debug/forcepad
step bash clients/python/run-tests.sh checks
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
