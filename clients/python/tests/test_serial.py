"""The client against forcepad --serial on a pseudo-terminal linked by socat, as from a PC."""

from __future__ import annotations

import json
import time

import pytest
import serial
from conftest import SerialRig

from forcepad import ForcePad, ForcePadError, ForcePadTimeout, events


def test_switches_to_json_and_reads_events_of_a_press(serial_rig: SerialRig) -> None:
    serial_rig.start_forcepad()
    with ForcePad.serial(str(serial_rig.host), timeout=5) as pad:
        assert pad.threshold("peek", 150).peek_g == 150
        pad.sim_press(400, hold_ms=300)
        names = [event.event for event in pad.last_events]
        assert names[0] == "press.began" and names[-1] == "press.released"
        assert any(isinstance(event, events.PressPop) and event.force_g >= 300 for event in pad.last_events)
        with pytest.raises(ForcePadError, match="quit is only available on standard input"):
            pad.command("quit")
        assert pad.identify().model == "sim"


def test_triple_enter(serial_rig: SerialRig) -> None:
    serial_rig.start_forcepad("--triple-enter")
    with ForcePad.serial(str(serial_rig.host), triple_enter=True, timeout=5) as pad:
        assert pad.status().board.name == "sim"


def test_a_silent_line_times_out_and_names_the_command(serial_rig: SerialRig) -> None:
    started = time.monotonic()
    with pytest.raises(ForcePadTimeout, match=r"mode: no answer within 0\.5s"):
        ForcePad.serial(str(serial_rig.host), timeout=0.5)
    assert time.monotonic() - started < 2


def test_reconnects_after_forcepad_restarts(serial_rig: SerialRig) -> None:
    serial_rig.start_forcepad()
    with ForcePad.serial(str(serial_rig.host), timeout=5) as pad:
        pad.threshold("peek", 170)
        serial_rig.kill_forcepad()
        with pytest.raises(ForcePadTimeout):
            pad.command("threshold", timeout=0.3)
        serial_rig.start_forcepad()
        deadline = time.monotonic() + 5
        while True:
            try:
                thresholds = pad.threshold()
                break
            except ForcePadTimeout:
                assert time.monotonic() < deadline
        assert thresholds.peek_g == 150, "a new forcepad starts with the config's thresholds"


def test_reopens_the_device_after_it_vanished(serial_rig: SerialRig) -> None:
    serial_rig.start_forcepad()
    with ForcePad.serial(str(serial_rig.host), timeout=5) as pad:
        assert pad.threshold().peek_g == 150
        serial_rig.kill_forcepad()
        serial_rig.kill_link()
        deadline = time.monotonic() + 5
        while pad.connected:
            assert time.monotonic() < deadline, "the vanished device was not noticed"
            time.sleep(0.05)
        serial_rig.start_link()
        serial_rig.start_forcepad()
        deadline = time.monotonic() + 5
        while not pad.connected:
            assert time.monotonic() < deadline, "the device was not reopened"
            time.sleep(0.05)
        assert pad.sim_press(400, hold_ms=100).force_g == 400
        assert "press.pop" in [event.event for event in pad.last_events]


def test_a_visa_query_reads_one_json_line_in_json_mode(serial_rig: SerialRig) -> None:
    serial_rig.start_forcepad("--json")
    with serial.Serial(str(serial_rig.host), 115200, timeout=2) as port:
        for terminator in (b"\r\n", b"\n", b"\r"):
            port.write(b"*IDN?" + terminator)
            line = port.readline()
            assert line.endswith(b"\r\n")
            answer = json.loads(line)
            assert answer["cmd"] == "*IDN?" and answer["idn"].startswith("ForcePad,sim,")
        port.write(b"*RST\r\n*OPC?\r\n")
        assert json.loads(port.readline())["cmd"] == "*RST"
        assert json.loads(port.readline())["complete"] == 1
        port.timeout = 0.3
        assert port.read(1) == b"", "nothing more: no prompt, no echo, no answer to an empty line"
