"""Reading what forcepad writes to its state directory: a recording's raw frames
(``recordings/NAME/frames.csv``) and events (``events.jsonl``), and exported forces
(``reports/NAME.forces.csv``)."""

from __future__ import annotations

import csv
import importlib
import json
import os
from typing import Any

Row = dict[str, float | int | str]


def read_rows(path: str) -> list[Row]:
    """The rows of a recording as dictionaries: ``path`` is a recording folder (its frames.csv),
    a CSV file (frames or an export: numbers as int or float) or an events.jsonl file."""
    if os.path.isdir(path):
        path = os.path.join(path, "frames.csv")
    if path.endswith(".jsonl"):
        with open(path, encoding="utf-8") as file:
            return [json.loads(line) for line in file if line.strip()]
    with open(path, encoding="utf-8", newline="") as file:
        return [{key: _number(value) for key, value in row.items()} for row in csv.DictReader(file)]


def read_recording(path: str) -> Any:
    """Like ``read_rows``, as a pandas DataFrame when pandas is installed (else the list of rows)."""
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        return read_rows(path)
    return pandas.DataFrame(read_rows(path))


def _number(text: str) -> float | int | str:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text
