#!/usr/bin/env bash
# ThreadSanitizer over ForcePad's threads (docs/reliability.md): the tests that start threads
# under `swift test --sanitize=thread`, then a shell session against a TSan build of the
# binary that runs every thread at once (loop, event pump, recorder, shell): a trial, a trace
# played on the simulated pad, a JSON monitor, a recording stopped by hand, the live view's
# plain stream and plot, the browser scope serving a page (sanitizers/scope-client.py) and the
# fleet station publishing to a mosquitto broker ([mqtt]) all the while; then a stand trial on
# the sim-stand board (the stand's thread and its simulated stand). Fails on any
# ThreadSanitizer report. Builds in .build-tsan.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build-tsan
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

echo "ThreadSanitizer: tests that start threads"
"$SWIFT" build --sanitize=thread --scratch-path "$scratch" --build-tests >"$log/build-tests.txt" 2>&1 || { cat "$log/build-tests.txt"; exit 1; }
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$SWIFT" test --sanitize=thread --scratch-path "$scratch" --skip-build \
    --filter 'ForcePadHALTests|ForcePadShellTests' >"$log/tests.txt" 2>&1 || { tail -80 "$log/tests.txt"; echo "ThreadSanitizer: the threaded tests failed"; exit 1; }
if grep -q "WARNING: ThreadSanitizer" "$log/tests.txt"; then
    grep -A30 "WARNING: ThreadSanitizer" "$log/tests.txt" | head -80
    echo "ThreadSanitizer: a report in the threaded tests"; exit 1
fi
grep -E "Test run with" "$log/tests.txt" | tail -1

echo "ThreadSanitizer: a session against a TSan build of forcepad"
"$SWIFT" build --sanitize=thread --scratch-path "$scratch" --product forcepad >"$log/build.txt" 2>&1 || { cat "$log/build.txt"; exit 1; }
binary="$scratch/debug/forcepad"
state="$log/state"
mkdir -p "$state"
# The sim board with its simulated accelerometer: its reader thread, the felt clicks and the
# recorder's samples run too.
board="$log/sim-accelerometer.toml"
{ cat boards/sim.toml; printf '\n[accelerometer]\nmodel = "adxl345"\naxis = "z"\n'; } >"$board"
session='mode json
trial start 1 name=tsan-trial
sim play rig/traces/peek-then-pop.csv
monitor json 100Hz for 4s
trial stop
trial report
report tsan-trial
record start tsan-recording
sim press 400g for 300ms
wait 1s
record stop
status
mode human
sim play rig/traces/peek-then-pop.csv
monitor plain 200Hz for 1s
monitor plot scope for 1s
quit'
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
python3 sanitizers/scope-client.py "http://127.0.0.1:$port/" 8 >"$log/scope-client.txt" 2>&1 &
scope_client=$!
broker_port=$(free_port)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n%s' "$broker_port" "$([ "$(id -u)" = 0 ] && echo 'user root')" >"$log/mosquitto.conf"
/usr/sbin/mosquitto -c "$log/mosquitto.conf" >"$log/mosquitto.txt" 2>&1 &
broker=$!
trap 'kill "$broker" 2>/dev/null; rm -rf "$log"' EXIT
printf '[mqtt]\nbroker = "mqtt://127.0.0.1:%s"\nstation = "tsan"\n' "$broker_port" >"$log/forcepad.toml"
TSAN_OPTIONS="halt_on_error=0 exitcode=66" "$binary" --no-rt --board "$board" --state-dir "$state" --config "$log/forcepad.toml" \
    --http "127.0.0.1:$port" <<<"$session" >"$log/session.txt" 2>"$log/session-stderr.txt" || {
    status=$?
    grep -A30 "WARNING: ThreadSanitizer" "$log/session-stderr.txt" | head -80 || tail -20 "$log/session-stderr.txt"
    echo "ThreadSanitizer: the session ended with status $status"; exit 1
}
if grep -q "WARNING: ThreadSanitizer" "$log/session-stderr.txt"; then
    grep -A30 "WARNING: ThreadSanitizer" "$log/session-stderr.txt" | head -80
    echo "ThreadSanitizer: a report in the session"; exit 1
fi
grep -q '"event":"press.pop"' "$log/session.txt" || { tail -20 "$log/session.txt"; echo "ThreadSanitizer: the session saw no pop"; exit 1; }
grep -q '"event":"haptic.felt"' "$log/session.txt" || { tail -20 "$log/session.txt"; echo "ThreadSanitizer: the session felt no click"; exit 1; }
grep -q '^monitor plot stopped after 1 frame' "$log/session.txt" || { tail -20 "$log/session.txt"; echo "ThreadSanitizer: the session drew no plot"; exit 1; }
wait "$scope_client" || { cat "$log/scope-client.txt"; echo "ThreadSanitizer: the scope served no page"; exit 1; }
grep -q '"mqtt":{"station":"tsan","broker":"mqtt://127.0.0.1:[0-9]*","connected":true' "$log/session.txt" \
    || { grep mqtt "$log/session-stderr.txt" | tail -5; echo "ThreadSanitizer: the fleet station did not connect"; exit 1; }
[ -z "$(ls -A "$state/outbox" 2>/dev/null)" ] || { ls "$state/outbox"; echo "ThreadSanitizer: the outbox was not delivered"; exit 1; }
cat "$log/scope-client.txt"

# The sim-stand board: the stand's thread, its simulated stand on a pty and a stand trial's
# presses through the loop, the recorder and the report, with a stop by hand at the end.
stand_session='mode json
stand home
trial start 4 stand speed 600mm/min depth 4.2mm return 1.8mm name=tsan-stand
trial wait 60s
trial report
report tsan-stand
stand move 3mm at 600mm/min
stand stop
quit'
TSAN_OPTIONS="halt_on_error=0 exitcode=66" "$binary" --no-rt --board boards/sim-stand.toml --state-dir "$state" \
    <<<"$stand_session" >"$log/stand-session.txt" 2>"$log/stand-session-stderr.txt" || {
    status=$?
    grep -A30 "WARNING: ThreadSanitizer" "$log/stand-session-stderr.txt" | head -80 || tail -20 "$log/stand-session-stderr.txt"
    echo "ThreadSanitizer: the stand session ended with status $status"; exit 1
}
if grep -q "WARNING: ThreadSanitizer" "$log/stand-session-stderr.txt"; then
    grep -A30 "WARNING: ThreadSanitizer" "$log/stand-session-stderr.txt" | head -80
    echo "ThreadSanitizer: a report in the stand session"; exit 1
fi
grep -q '"event":"press.peek"' "$log/stand-session.txt" && grep -q '"stand.sample"' "$state/recordings/tsan-stand/events.jsonl" \
    || { tail -20 "$log/stand-session.txt"; echo "ThreadSanitizer: the stand pressed nothing"; exit 1; }
echo "ThreadSanitizer: no reports ($(wc -l <"$log/session.txt") lines of session output, $(wc -l <"$log/stand-session.txt") with the stand)"
