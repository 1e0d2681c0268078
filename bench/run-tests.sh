#!/usr/bin/env bash
# The bench's Python checks, run by `make test` after the Python client's: the virtual environment
# in .build-python/ (git-ignored) with pytest, mypy and ruff from PyPI, then the lint, the type
# check (mypy --strict) and the tests of bench/wakeup-trace.py.
set -euo pipefail
bench="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$bench/.." && pwd)"
venv="$root/.build-python"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || { echo "run-tests.sh: python3 -m venv failed; install python3-venv (apt-get install python3-venv)" >&2; exit 1; }
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pytest mypy ruff
cd "$bench"
"$venv/bin/ruff" check wakeup-trace.py tests
"$venv/bin/ruff" format --check wakeup-trace.py tests
"$venv/bin/mypy" --strict wakeup-trace.py tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests
