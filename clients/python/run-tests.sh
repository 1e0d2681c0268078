#!/usr/bin/env bash
# The Python client's checks, run by `make test` after the Swift tests: a virtual environment in
# .build-python/ (git-ignored), the client installed from this checkout with pytest, pytest-xdist,
# mypy and ruff from PyPI, then the lint, the type check (mypy --strict) and the tests against the
# forcepad binary ($FORCEPAD_BINARY, default .build/debug/forcepad), including every Python example
# of docs/scripting.md: those that name no other install in a second, fresh environment in
# .build-python-docs/ holding only what the page installs (`pip install ./clients/python`), the
# others (pandas, pymeasure) in the first, which has what they name.
#
# run-tests.sh [environments|checks]: both, in that order, when not told; `environments` only
# makes the two environments (what make test does while the first build compiles, as it is
# mostly downloading), `checks` only runs the checks in environments made before. The tests run
# four at a time: most of their time is spent waiting on forcepad's clock, not computing.
set -euo pipefail
client="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$client/../.." && pwd)"
venv="$root/.build-python"
docs_venv="$root/.build-python-docs"
phase=${1:-all}
case $phase in
all | environments | checks) ;;
*) echo "usage: run-tests.sh [environments|checks]" >&2; exit 2 ;;
esac
. "$root/scripts/lib/toolbox.sh"
if [ "$phase" != checks ]; then
    python_venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade \
        "$client[pandas,collect]" pytest pytest-xdist mypy ruff types-pyserial pymeasure websocket-client
    python3 -m venv --clear "$docs_venv"
    "$docs_venv/bin/python" -m pip install --quiet --disable-pip-version-check "$client"
fi
[ "$phase" = environments ] && exit 0
for python in "$venv/bin/python" "$docs_venv/bin/python"; do
    [ -x "$python" ] || { echo "run-tests.sh: $python is missing; make the environments first: bash clients/python/run-tests.sh environments" >&2; exit 1; }
done
# An environment made before the tests ran four at a time has no pytest-xdist.
"$venv/bin/python" -c "import xdist" 2>/dev/null \
    || { echo "run-tests.sh: $venv has no pytest-xdist; make the environments again: bash clients/python/run-tests.sh environments" >&2; exit 1; }
export FORCEPAD_BINARY="${FORCEPAD_BINARY:-$root/.build/debug/forcepad}"
[ -x "$FORCEPAD_BINARY" ] || { echo "run-tests.sh: $FORCEPAD_BINARY is missing; build it first: swift build --product forcepad" >&2; exit 1; }
export FORCEPAD_DOCS_PYTHON="$docs_venv/bin/python"
cd "$client"
python_lint "$venv" src tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider -n 4 tests
