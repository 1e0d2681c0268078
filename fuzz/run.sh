#!/usr/bin/env bash
# Builds a libFuzzer target for one of ForcePad's parsers and runs it (fuzz/README.md).
#
#   fuzz/run.sh TARGET LIMIT [libFuzzer options…]
#
# TARGET  config, board, shortcuts, calibration, trace, command-line, gauge-answer, recording,
#         events, report, accelerations, config-editor, or all
# LIMIT   a number of inputs (20000) or of seconds (60s), per target
#
# Builds with `swift build --sanitize=fuzzer` into .build-fuzz, starts from the seeds in
# fuzz/corpus/TARGET and keeps the inputs it finds in .build-fuzz/corpus/TARGET. Prints one
# line per target (inputs, seconds, inputs per second, peak memory, the slowest input of the
# corpus run on its own); exits non-zero on a crash, an input slower than the 5 s timeout or
# memory above 2 GiB, with the input saved under .build-fuzz/artifacts/TARGET/.
#
# FUZZ_CONFIGURATION=release builds in release mode instead (as forcepad ships), into
# .build-fuzz/release. The fuzzers run at the caller's priority: `nice make fuzz` leaves a
# long run's CPU to other work (at nice 10 beside two busy processes a fuzzer gets about a
# tenth of a core, which made `make test`'s short run ten times longer on a loaded machine).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
configuration=${FUZZ_CONFIGURATION:-debug}
all=(config board shortcuts calibration trace command-line gauge-answer recording events report accelerations config-editor)

if [ $# -lt 2 ]; then
    sed -n '2,/^set -e/{/^set -e/!p}' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
target=$1
limit=$2
shift 2

case $target in
    all) targets=("${all[@]}") ;;
    config | board | shortcuts | calibration | trace | command-line | gauge-answer | recording | events | report | accelerations | config-editor) targets=("$target") ;;
    *) echo "fuzz/run.sh: unknown target '$target'; use one of: ${all[*]} all" >&2; exit 2 ;;
esac
case $limit in
    *[0-9]s) bound=(-max_total_time="${limit%s}") ;;
    *[0-9]) bound=(-runs="$limit") ;;
    *) echo "fuzz/run.sh: limit '$limit' is neither a number of inputs (20000) nor of seconds (60s)" >&2; exit 2 ;;
esac

scratch=$root/.build-fuzz
build=("$swift" build --package-path "$root/fuzz" --scratch-path "$scratch" --sanitize=fuzzer -c "$configuration")
mkdir -p "$scratch"
# One product at a time: building the whole fuzz package would also build the forcepad
# executable of the package it depends on, which cannot link with libFuzzer's main.
for name in "${targets[@]}"; do
    "${build[@]}" --product "fuzz-$name" >"$scratch/build.log" 2>&1 || { cat "$scratch/build.log" >&2; exit 1; }
done
bin=$("$swift" build --package-path "$root/fuzz" --scratch-path "$scratch" --sanitize=fuzzer -c "$configuration" --show-bin-path)

for name in "${targets[@]}"; do
    corpus=$scratch/corpus/$name
    artifacts=$scratch/artifacts/$name
    log=$scratch/logs/$name.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    options=(-timeout=5 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix="$artifacts/")
    case $name in
        config | board | shortcuts | calibration | config-editor) options+=(-dict="$root/fuzz/toml.dict") ;;
        recording | events | report) options+=(-dict="$root/fuzz/lab.dict") ;;
    esac
    start=$(date +%s.%N)
    status=0
    SWIFT_BACKTRACE=enable=no "$bin/fuzz-$name" "${options[@]}" "${bound[@]}" "$@" "$corpus" "$root/fuzz/corpus/$name" >"$log" 2>&1 || status=$?
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    inputs=$(stat number_of_executed_units)
    slowest="? none"
    if [ $status -eq 0 ]; then
        # Every input of the corpus run once on its own; the slowest ("Executed FILE in N ms").
        replay=$scratch/logs/$name-replay.log
        find "$corpus" "$root/fuzz/corpus/$name" -type f -print0 |
            SWIFT_BACKTRACE=enable=no xargs -0 "$bin/fuzz-$name" -timeout=5 -rss_limit_mb=2048 >"$replay" 2>&1 ||
            { status=$?; log=$replay; }
        slowest=$(sed -n 's/^Executed \(.*\) in \([0-9]*\) ms$/\2 \1/p' "$replay" | sort -n | tail -1)
    fi
    printf 'fuzz-%-17s %9s inputs %7.1f s %7.0f/s  peak %4s MB  slowest input %s ms (%s)\n' "$name" \
        "${inputs:-0}" "$seconds" "$(echo "${inputs:-0} / $seconds" | bc -l)" "$(stat peak_rss_mb)" \
        "${slowest%% *}" "$(basename "${slowest#* }")"
    if [ $status -ne 0 ]; then
        grep -E "^==|ERROR|Assertion|Fatal|SUMMARY|Test unit written" "$log" >&2 || tail -30 "$log" >&2
        echo "fuzz/run.sh: fuzz-$name failed (status $status); log: $log" >&2
        exit 1
    fi
done
