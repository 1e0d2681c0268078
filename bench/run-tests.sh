#!/usr/bin/env bash
# The bench's Python checks, run by `make test` after the Python client's: the virtual environment
# in .build-python/ (git-ignored) with pytest, mypy and ruff from PyPI, then the lint, the type
# check (mypy --strict) and the tests of bench/wakeup-trace.py.
set -euo pipefail
bench="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$bench/.." && pwd)"
venv="$root/.build-python"
. "$root/scripts/lib/toolbox.sh"
python_venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pytest mypy ruff
cd "$bench"
python_lint "$venv" wakeup-trace.py tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests
