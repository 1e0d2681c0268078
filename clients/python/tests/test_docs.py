"""Every Python example of docs/scripting.md, run as a user would: the serial ones against
forcepad --serial on a socat pty (with --json for the pymeasure one), the others as they are."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from conftest import REPOSITORY, SerialRig

DOCUMENT = REPOSITORY / "docs" / "scripting.md"


def python_blocks() -> list[str]:
    blocks: list[str] = []
    current: list[str] | None = None
    for line in DOCUMENT.read_text(encoding="utf-8").splitlines():
        if current is None and line == "```python":
            current = []
        elif current is not None and line == "```":
            blocks.append("\n".join(current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def run(script: str, binary: str, folder: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        env={**os.environ, "FORCEPAD_BINARY": binary, "XDG_CONFIG_HOME": folder},
    )
    assert result.returncode == 0, f"{script}\n{result.stdout}\n{result.stderr}"
    return result.stdout.splitlines()


def test_the_document_has_its_examples() -> None:
    blocks = python_blocks()
    assert len(blocks) == 5
    assert len([line for line in blocks[0].splitlines() if line.strip()]) <= 10, "the ten-line script"


@pytest.mark.parametrize("index", range(5))
def test_example_runs(index: int, binary: str, serial_rig: SerialRig) -> None:
    script = python_blocks()[index]
    if "/dev/ttyUSB0" in script:
        serial_rig.start_forcepad(*(["--json"] if "pymeasure" in script else []))
        script = script.replace("/dev/ttyUSB0", str(serial_rig.host))
    started = time.monotonic()
    lines = run(script, binary, str(serial_rig.folder))
    assert lines, "the example printed nothing"
    assert time.monotonic() - started < 30
    text = "\n".join(lines)
    expected = {
        0: ["events: press.began press.peek", "peek fired at ", "pop fired at "],
        1: ["ForcePad,sim,", "press.peek fired at ", "press.pop fired at ", "haptic pop stage→line ", "refused: "],
        2: ["['press.began', 'press.peek', 'haptic.on', 'haptic.off', 'press.released']", "timed out: ", "Thresholds("],
        3: [" frames", "peak 39", "events recorded"],
        4: ["ForcePad,sim,", "peek 180 g", "after *RST peek 150 g; complete 1"],
    }[index]
    for fragment in expected:
        assert fragment in text, f"{fragment!r} not in:\n{text}"
