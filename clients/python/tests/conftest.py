"""Fixtures: the forcepad binary under test, a forcepad over pipes, and one on a serial line made
of two pseudo-terminals linked by socat."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from forcepad import ForcePad

REPOSITORY = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def binary() -> str:
    """$FORCEPAD_BINARY, else .build/debug/forcepad of this checkout."""
    path = os.environ.get("FORCEPAD_BINARY") or str(REPOSITORY / ".build" / "debug" / "forcepad")
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} is not an executable forcepad: run swift build --product forcepad first")
    return path


@pytest.fixture(scope="session")
def documented_python() -> str:
    """$FORCEPAD_DOCS_PYTHON: the Python of an environment holding only what docs/scripting.md
    installs, ``pip install ./clients/python`` (run-tests.sh makes it afresh)."""
    path = os.environ.get("FORCEPAD_DOCS_PYTHON", "")
    if not os.access(path, os.X_OK):
        pytest.fail("FORCEPAD_DOCS_PYTHON names no Python: run bash clients/python/run-tests.sh, which makes it")
    return path


@pytest.fixture
def pad(binary: str) -> Iterator[ForcePad]:
    with ForcePad.spawn(binary=binary, arguments=("--no-rt",)) as pad:
        yield pad


@dataclass
class SerialRig:
    """forcepad --serial on one end of a socat link; ``host`` is the end a PC would open."""

    binary: str
    folder: Path
    device: Path
    host: Path
    socat: subprocess.Popen[bytes] | None = None
    forcepad: subprocess.Popen[bytes] | None = None

    def start_link(self) -> None:
        self.socat = subprocess.Popen(
            ["socat", f"pty,raw,echo=0,link={self.device}", f"pty,raw,echo=0,link={self.host}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 5
        while not (self.device.exists() and self.host.exists()):
            assert time.monotonic() < deadline, "socat made no pseudo-terminals within 5s"
            time.sleep(0.01)

    def start_forcepad(self, *arguments: str) -> None:
        self.forcepad = subprocess.Popen(
            [
                self.binary,
                "--serial",
                str(self.device),
                "--state-dir",
                str(self.folder / "state"),
                "--no-rt",
                *arguments,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "XDG_CONFIG_HOME": str(self.folder / "config")},
        )
        time.sleep(0.5)

    def kill_forcepad(self) -> None:
        if self.forcepad is not None:
            self.forcepad.send_signal(signal.SIGKILL)
            self.forcepad.wait()
            self.forcepad = None

    def kill_link(self) -> None:
        if self.socat is not None:
            self.socat.send_signal(signal.SIGKILL)
            self.socat.wait()
            self.socat = None
        for link in (self.device, self.host):
            link.unlink(missing_ok=True)


@pytest.fixture
def serial_rig(binary: str) -> Iterator[SerialRig]:
    if shutil.which("socat") is None:
        pytest.fail("socat is missing: apt-get install socat (make test installs it)")
    with tempfile.TemporaryDirectory(prefix="forcepad-serial-") as folder:
        rig = SerialRig(binary, Path(folder), Path(folder) / "device", Path(folder) / "host")
        rig.start_link()
        try:
            yield rig
        finally:
            rig.kill_forcepad()
            rig.kill_link()
