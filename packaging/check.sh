#!/bin/bash
# Part of `make test`: checks an installation as packaging/install.sh makes it, without
# touching the live system.
#   1. installs into a scratch root (DESTDIR, PREFIX=/usr) and checks the list of files;
#   2. verifies forcepad@serial0.service offline with `systemd-analyze verify` over that root
#      plus this machine's systemd units (the `systemd` package is installed if missing),
#      failing on any warning, again with the network drop-in (forcepad-network.conf) in
#      place, and enables it there with `systemctl --root`;
#   3. prints the sandbox's exposure (`systemd-analyze security --offline`);
#   4. runs the installed binary as the unit's ExecStart does, on a pseudo-terminal standing
#      in for /dev/serial0, with the lab config of the root and a datagram socket standing
#      in for systemd's: READY=1, an answer on the line, WATCHDOG=1, then SIGTERM leaves
#      the haptic line off and sends STOPPING=1 (packaging/service_notify.py, whose checks
#      packaging/boot-check.py shares);
#   5. installs with PREFIX=/usr/local and checks the unit names that binary;
#   6. uninstalls and checks nothing is left but the directories.
# BINARY names the forcepad binary (default: .build/debug/forcepad, which `make test` builds).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
BINARY=${BINARY:-$root/.build/debug/forcepad}
. "$root/scripts/lib/toolbox.sh"
scratch=$(mktemp -d /tmp/forcepad-packaging.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "packaging check: $*" >&2; exit 1; }

if ! command -v systemd-analyze >/dev/null; then
    echo "Installing Debian packages: systemd"
    apt_install systemd
fi

# 1. The files of an installation.
stage=$scratch/root
DESTDIR=$stage PREFIX=/usr BINARY=$BINARY sh "$root/packaging/install.sh" >/dev/null
expected="etc/forcepad/forcepad.env
etc/forcepad/forcepad.toml
usr/bin/forcepad
usr/lib/systemd/system/forcepad@.service
usr/lib/sysusers.d/forcepad.conf
usr/lib/udev/rules.d/60-forcepad.rules
usr/share/forcepad/systemd/forcepad-network.conf
usr/share/bash-completion/completions/forcepad
usr/share/man/man1/forcepad.1.gz
$(cd "$root" && ls docs/*.md docs/images/* docs/forcepad.example.toml | sed 's|^docs/|usr/share/doc/forcepad/|')
$(cd "$root" && ls boards/*.toml | sed 's|^boards/|usr/share/forcepad/boards/|')"
actual=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
[ "$actual" = "$(echo "$expected" | sort)" ] || fail "installed files differ from the expected list:
$(diff <(echo "$expected" | sort) <(echo "$actual") || true)"
grep -q '^ExecStart=/usr/bin/forcepad run --board ${FORCEPAD_BOARD} --serial /dev/%I $FORCEPAD_OPTIONS$' \
    "$stage/usr/lib/systemd/system/forcepad@.service" || fail "ExecStart does not name /usr/bin/forcepad"
! grep -q '@[a-z]*dir@' "$stage/usr/lib/systemd/system/forcepad@.service" || fail "a placeholder was left in the unit"
echo "packaging check: install.sh placed $(echo "$actual" | wc -l) files"

# 2. systemd-analyze verify over the staged root and this machine's systemd units.
verify=$scratch/verify
cp -a "$stage/." "$verify/"
cp -an /usr/lib/systemd/system/. "$verify/usr/lib/systemd/system/"
ln -s forcepad@.service "$verify/usr/lib/systemd/system/forcepad@serial0.service"
ln -s forcepad@.service "$verify/usr/lib/systemd/system/forcepad@ttyGS0.service"
for unit in forcepad@serial0.service forcepad@ttyGS0.service; do
    output=$(systemd-analyze verify --root="$verify" "$verify/usr/lib/systemd/system/$unit" 2>&1) \
        || fail "systemd-analyze verify $unit failed: $output"
    [ -z "$output" ] || fail "systemd-analyze verify $unit warned: $output"
done
# The network drop-in (for --http and [mqtt]) as docs/live-view.md installs it: still valid,
# and it opens the network the unit closes.
! grep -q '@[a-z]*dir@' "$stage/usr/share/forcepad/systemd/forcepad-network.conf" || fail "a placeholder was left in the network drop-in"
mkdir -p "$verify/etc/systemd/system/forcepad@.service.d"
cp "$stage/usr/share/forcepad/systemd/forcepad-network.conf" "$verify/etc/systemd/system/forcepad@.service.d/network.conf"
output=$(systemd-analyze verify --root="$verify" "$verify/usr/lib/systemd/system/forcepad@serial0.service" 2>&1) \
    || fail "systemd-analyze verify forcepad@serial0.service with the network drop-in failed: $output"
[ -z "$output" ] || fail "systemd-analyze verify forcepad@serial0.service with the network drop-in warned: $output"
rm -r "$verify/etc/systemd/system/forcepad@.service.d"
rm "$verify/usr/lib/systemd/system/forcepad@serial0.service" "$verify/usr/lib/systemd/system/forcepad@ttyGS0.service"
systemctl --root="$verify" enable forcepad@serial0.service >/dev/null 2>&1
[ -L "$verify/etc/systemd/system/multi-user.target.wants/forcepad@serial0.service" ] \
    || fail "systemctl --root enable forcepad@serial0 did not link it into multi-user.target"
echo "packaging check: systemd-analyze verify passed for forcepad@serial0 and forcepad@ttyGS0; enabled in the staged root"

# 3. The sandbox's exposure, as systemd rates it (0 best, 10 worst).
exposure=$(systemd-analyze security --offline=yes --root="$verify" forcepad@serial0.service 2>/dev/null \
    | sed -n 's/.*Overall exposure level for forcepad@serial0.service: \([0-9.]*\).*/\1/p')
echo "packaging check: systemd-analyze security: exposure ${exposure:-unknown} for forcepad@serial0"

# 4. The installed binary as ExecStart runs it, on a pty standing in for /dev/serial0, after
# the lab has uncommented one setting of its config (installed with every setting commented).
echo 'preset = "firm"' >> "$stage/etc/forcepad/forcepad.toml"
preset_line=$(wc -l < "$stage/etc/forcepad/forcepad.toml")
python3 "$root/packaging/service_notify.py" "$stage" "$scratch" "$preset_line"

# 5. PREFIX=/usr/local: the unit names that binary; /etc stays /etc.
local_stage=$scratch/local
DESTDIR=$local_stage PREFIX=/usr/local BINARY=$BINARY sh "$root/packaging/install.sh" >/dev/null
grep -q '^ExecStart=/usr/local/bin/forcepad ' "$local_stage/usr/local/lib/systemd/system/forcepad@.service" \
    || fail "PREFIX=/usr/local: ExecStart does not name /usr/local/bin/forcepad"
[ -f "$local_stage/etc/forcepad/forcepad.toml" ] || fail "PREFIX=/usr/local: no /etc/forcepad/forcepad.toml"

# 6. Uninstall: a changed lab config is kept, everything else goes.
echo "# changed" >> "$stage/etc/forcepad/forcepad.toml"
DESTDIR=$stage PREFIX=/usr sh "$root/packaging/install.sh" --uninstall >/dev/null
left=$(cd "$stage" && find . -type f | sed 's|^\./||')
[ "$left" = "etc/forcepad/forcepad.toml" ] || fail "uninstall left: $left"
echo "packaging check: uninstall removed every file but the changed lab config"
