# shellcheck shell=bash
# The helpers the packaging, rig, fuzz and sanitizer scripts share: one home for the
# `--if-available` handling, the cache folders, the version, re-running as root, installing
# Debian packages and the pass/fail tally of a script's checks. Sourced
# (`. scripts/lib/toolbox.sh`) after the script sets `label` (the word its messages start
# with); run as `bash scripts/lib/toolbox.sh FUNCTION ARGUMENT...` it calls one function
# (what the Makefile does).

# The package's top folder.
toolbox_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# true when the script was given --if-available: a check that cannot run here then skips.
optional=false

# unavailable REASON...: the check cannot run here. With --if-available prints
# "LABEL: skipped: REASON" and exits 0, otherwise "LABEL: cannot run: REASON" on stderr and
# exits 1.
unavailable() {
    if $optional; then
        echo "$label: skipped: $*"
        exit 0
    fi
    echo "$label: cannot run: $*" >&2
    exit 1
}

# if_available_preamble HOST_REASON SUDO_REASON VARIABLE... -- ARGUMENT...: what the scripts
# that build Debian roots do before anything else. A first ARGUMENT --if-available sets
# `optional`; the other ARGUMENTs are left in the array `arguments` (the script goes on with
# `set -- "${arguments[@]}"`). Then: an x86_64 Linux host (else unavailable with
# HOST_REASON), apt-get, and root; when not root the script runs again under password-less
# sudo (else unavailable with SUDO_REASON) with the VARIABLEs kept and `arguments`.
if_available_preamble() {
    local host_reason=$1 sudo_reason=$2 kept=()
    shift 2
    while [ "$1" != -- ]; do
        kept+=("$1")
        shift
    done
    shift
    if [ "${1:-}" = --if-available ]; then
        optional=true
        shift
    fi
    arguments=("$@")
    [ "$(uname -s)/$(uname -m)" = "Linux/x86_64" ] || unavailable "$host_reason"
    command -v apt-get > /dev/null || unavailable "no apt-get to fetch Debian's packages"
    if [ "$(id -u)" != 0 ]; then
        sudo -n true 2> /dev/null || unavailable "$sudo_reason"
        reexec_as_root "${kept[@]}" -- "$@"
    fi
}

# The cache and output folders, absolute; each environment variable overrides its default.
package_cache_dir() { realpath -m "${PACKAGE_CACHE:-$toolbox_root/.package-cache}"; }
package_out_dir() { realpath -m "${PACKAGE_OUT:-$toolbox_root/.build-package}"; }
rig_cache_dir() { realpath -m "${RIG_CACHE:-$toolbox_root/.rig-cache}"; }

# forcepad_version: the version forcepad reports (ForcePadVersion.current in the Swift source).
forcepad_version() {
    sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$toolbox_root/Sources/ForcePadApp/Common/ForcePadVersion.swift"
}

# reexec_as_root VARIABLE... -- ARGUMENT...: when not root, runs this script again under
# password-less sudo with the named environment variables kept (empty when unset) and the
# arguments given; returns only when already root.
reexec_as_root() {
    [ "$(id -u)" != 0 ] || return 0
    local kept=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        kept+=("$1=${!1:-}")
        shift
    done
    shift
    exec sudo -n env "${kept[@]}" bash "$0" "$@"
}

# phase NAME: prints how long the phase that just ended took ("LABEL: NAME took Ns").
phase_started=$(date +%s)
phase() {
    local now
    now=$(date +%s)
    echo "$label: $1 took $((now - phase_started))s"
    phase_started=$now
}

# missing_apt_packages PACKAGE...: prints those of the Debian packages not installed, one a line.
missing_apt_packages() {
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" || echo "$package"
    done
}

# apt_install PACKAGE...: apt-get update, then installs the packages without questions, with
# sudo when not root.
apt_install() {
    local sudo_cmd=()
    [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "$@"
}

# need_apt_packages PACKAGE...: installs those of the Debian packages that are missing,
# saying which ("Installing Debian packages: …").
need_apt_packages() {
    local missing
    mapfile -t missing < <(missing_apt_packages "$@")
    [ ${#missing[@]} -gt 0 ] || return 0
    echo "Installing Debian packages: ${missing[*]}"
    apt_install "${missing[@]}"
}

# need_command COMMAND PACKAGE: when COMMAND is not on the PATH, installs the Debian package
# PACKAGE that has it, quietly; fails when that install fails.
need_command() {
    command -v "$1" > /dev/null || apt_install "$2" > /dev/null 2>&1
}

# The tally of a script's checks: each prints "LABEL: ok    NAME" or "LABEL: FAIL  NAME"
# with the last 15 lines of its output indented below; tally_failed counts the failures.
tally_failed=0

# tally_check NAME COMMAND...: runs COMMAND, prints its result and counts it when it failed.
tally_check() {
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then
        echo "$label: ok    $name"
    else
        echo "$label: FAIL  $name"
        printf '%s\n' "$output" | tail -n 15 | sed 's/^/    /'
        tally_failed=$((tally_failed + 1))
    fi
}

# tally_end WHAT: after the checks, exits 1 saying how many failed ("LABEL: N check(s)
# failed" on stderr) when any did, else prints "LABEL: every check passed WHAT".
tally_end() {
    [ "$tally_failed" = 0 ] || { echo "$label: $tally_failed check(s) failed" >&2; exit 1; }
    echo "$label: every check passed $1"
}

# python_venv FOLDER: makes the virtual environment FOLDER unless it has a python already.
python_venv() {
    [ -x "$1/bin/python" ] && return 0
    python3 -m venv "$1" || { echo "run-tests.sh: python3 -m venv failed; install python3-venv (apt-get install python3-venv)" >&2; exit 1; }
}

# python_lint VENV PATH...: the lint (ruff check, ruff format --check) and the type check
# (mypy --strict) of the Python files and folders, with the tools of the environment VENV.
python_lint() {
    local venv=$1
    shift
    "$venv/bin/ruff" check "$@"
    "$venv/bin/ruff" format --check "$@"
    "$venv/bin/mypy" --strict "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    "$@"
fi
