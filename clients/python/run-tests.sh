#!/usr/bin/env bash
# The Python client's checks, run by `make test` after the Swift tests: a virtual environment in
# .build-python/ (git-ignored), the client installed from this checkout with pytest, mypy and ruff
# from PyPI, then the lint, the type check (mypy --strict) and the tests against the forcepad binary
# ($FORCEPAD_BINARY, default .build/debug/forcepad), including every Python example of
# docs/scripting.md: those that name no other install in a second, fresh environment in
# .build-python-docs/ holding only what the page installs (`pip install ./clients/python`), the
# others (pandas, pymeasure) in the first, which has what they name.
set -euo pipefail
client="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$client/../.." && pwd)"
venv="$root/.build-python"
docs_venv="$root/.build-python-docs"
export FORCEPAD_BINARY="${FORCEPAD_BINARY:-$root/.build/debug/forcepad}"
[ -x "$FORCEPAD_BINARY" ] || { echo "run-tests.sh: $FORCEPAD_BINARY is missing; build it first: swift build --product forcepad" >&2; exit 1; }
. "$root/scripts/lib/toolbox.sh"
python_venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade "$client[pandas,collect]" pytest mypy ruff types-pyserial pymeasure websocket-client
python3 -m venv --clear "$docs_venv"
"$docs_venv/bin/python" -m pip install --quiet --disable-pip-version-check "$client"
export FORCEPAD_DOCS_PYTHON="$docs_venv/bin/python"
cd "$client"
python_lint "$venv" src tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests
