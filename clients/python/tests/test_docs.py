"""Every Python example of docs/scripting.md, run as a user would: in the environment the page
installs for it (an example whose paragraph names no other install where only
``pip install ./clients/python`` is installed), the serial ones against forcepad --serial on a
socat pty (with --json for the pymeasure one), the others as they are."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest
from conftest import REPOSITORY, SerialRig

DOCUMENT = REPOSITORY / "docs" / "scripting.md"
PLAIN_INSTALL = "pip install ./clients/python"


@dataclass(frozen=True)
class Example:
    """A ```python block of the page and the install it needs: the last ``pip install …`` named
    in the paragraph just before it, else the page's plain install."""

    code: str
    install: str


def examples() -> list[Example]:
    found: list[Example] = []
    language: str | None = None
    block: list[str] = []
    paragraph: list[str] = []
    after_blank = True
    for line in DOCUMENT.read_text(encoding="utf-8").splitlines():
        if language is None and line.startswith("```"):
            language, block = line[3:], []
        elif language is not None and line == "```":
            if language == "python":
                named = re.findall(r"`(pip install [^`]+)`", " ".join(paragraph))
                found.append(Example("\n".join(block), named[-1] if named else PLAIN_INSTALL))
            language, paragraph = None, []
        elif language is not None:
            block.append(line)
        elif line.strip():
            if after_blank:
                paragraph = []
            paragraph.append(line)
            after_blank = False
        else:
            after_blank = True
    return found


def distributions(install: str) -> list[str]:
    """What ``pip install …`` puts in place by name: forcepad and the requirements of the extras
    given for ./clients/python[EXTRA,…], any other argument as it is."""
    names: list[str] = []
    for argument in shlex.split(install)[2:]:
        client = re.fullmatch(r"\./clients/python(?:\[(.*)\])?", argument)
        if client is None:
            names.append(argument)
            continue
        names.append("forcepad")
        extras = client.group(1).split(",") if client.group(1) else []
        for requirement in importlib.metadata.requires("forcepad") or []:
            if any(f'extra == "{extra}"' in requirement for extra in extras):
                names.append(re.split(r"[\s;<>=!~\[]", requirement, maxsplit=1)[0])
    return names


def run(python: str, script: str, binary: str, folder: str) -> list[str]:
    result = subprocess.run(
        [python, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        env={**os.environ, "FORCEPAD_BINARY": binary, "XDG_CONFIG_HOME": folder},
    )
    assert result.returncode == 0, f"{script}\n{result.stdout}\n{result.stderr}"
    return result.stdout.splitlines()


def test_the_document_has_its_examples() -> None:
    text = DOCUMENT.read_text(encoding="utf-8")
    assert f"```\n{PLAIN_INSTALL}\n```" in text, "the Install section's command"
    found = examples()
    assert len(found) == 6
    assert len([line for line in found[0].code.splitlines() if line.strip()]) <= 10, "the ten-line script"
    assert [example.install for example in found] == [PLAIN_INSTALL] * 4 + [
        "pip install './clients/python[pandas]'",
        "pip install pymeasure",
    ]


def installed(python: str) -> set[str]:
    """The distributions installed for ``python``, by lower-case name."""
    listing = "import importlib.metadata as m; print(*{d.metadata['Name'] for d in m.distributions()})"
    result = subprocess.run([python, "-c", listing], capture_output=True, text=True, check=True)
    return set(result.stdout.lower().split())


def test_the_plain_environment_holds_only_what_the_page_installs(documented_python: str) -> None:
    assert installed(documented_python) - {"pip", "setuptools"} == {"forcepad", "pyserial"}


@pytest.mark.parametrize("index", range(6))
def test_example_runs(index: int, binary: str, serial_rig: SerialRig, documented_python: str) -> None:
    example = examples()[index]
    script = example.code
    if example.install == PLAIN_INSTALL:
        python = documented_python
    else:
        python = sys.executable
        for name in distributions(example.install):
            assert name.lower() in installed(python), f"{example.install}: no {name} here; add it to run-tests.sh"
    if "/dev/ttyUSB0" in script:
        serial_rig.start_forcepad(*(["--json"] if "pymeasure" in script else []))
        script = script.replace("/dev/ttyUSB0", str(serial_rig.host))
    started = time.monotonic()
    lines = run(python, script, binary, str(serial_rig.folder))
    assert lines, "the example printed nothing"
    assert time.monotonic() - started < 30
    text = "\n".join(lines)
    expected = {
        0: ["events: press.began press.peek", "peek fired at ", "pop fired at "],
        1: ["ForcePad,sim,", "press.peek fired at ", "press.pop fired at ", "haptic pop stage→line ", "refused: "],
        2: ["['press.began', 'press.peek', 'haptic.on', 'haptic.off', 'press.released']", "timed out: ", "Thresholds("],
        3: [" frames", "peak 39", "events recorded"],
        4: ["peak 39", "pop "],
        5: ["ForcePad,sim,", "peek 180 g", "after *RST peek 150 g; complete 1"],
    }[index]
    for fragment in expected:
        assert fragment in text, f"{fragment!r} not in:\n{text}"
