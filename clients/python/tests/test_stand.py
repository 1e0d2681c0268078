"""The client's test-stand commands against forcepad on the sim-stand board (a simulated G-code
stand pressing the simulated pad): home, moves, the force limit refused, a stand trial with its
force-travel figures, and its curves read back as rows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import REPOSITORY

from forcepad import ForcePad, ForcePadError, StandPresses, events, read_rows


@pytest.fixture
def stand_pad(binary: str) -> Iterator[ForcePad]:
    board = str(REPOSITORY / "boards" / "sim-stand.toml")
    with ForcePad.spawn(board, binary=binary, arguments=("--no-rt",)) as pad:
        yield pad


def test_the_stand_homes_moves_and_presses(stand_pad: ForcePad) -> None:
    with pytest.raises(ForcePadError, match="stand home first"):
        stand_pad.stand_move(1, 300)
    home = stand_pad.stand_home()
    assert (home.homed, home.travel_mm, home.model) == (True, 0, "gcode")
    assert stand_pad.stand_move(1.5, 300).travel_mm == pytest.approx(1.5, abs=0.01)
    pressed = stand_pad.stand_press(200, 120)
    assert pressed.force_g is not None and 200 <= pressed.force_g < 220
    with pytest.raises(ForcePadError, match="force_limit"):
        stand_pad.stand_press("1kg", 120)
    stopped = stand_pad.stand_stop()
    assert stopped.last_stop == "requested"
    event = stand_pad.wait_for_event("stand.stopped")
    assert isinstance(event, events.StandStopped) and (event.reason, event.fault) == ("requested", False)


def test_a_stand_trial_reports_travel_and_its_curves(stand_pad: ForcePad) -> None:
    stand_pad.stand_home()
    presses = StandPresses(speed_mm_min=600, depth_mm=4.2, return_mm=1.8)
    report = stand_pad.trial(5, name="py-stand", stand=presses, timeout=60)
    assert report.judged_presses + len(report.excluded_presses) == 5 and report.travel is not None
    peek = report.travel["peek_mm"]
    if report.judged_presses:
        assert peek is not None and 2.7 < peek.mean < 2.9
    else:
        # A busy machine's kernel can hold the loop past a period in every press: then no
        # figure is given, and the report says why.
        assert peek is None and report.incomplete_because and all(press.because for press in report.excluded_presses)
    exported = stand_pad.record_export("py-stand")
    assert exported.force_travel_path is not None and exported.force_travel_readings
    rows = read_rows(exported.force_travel_path)
    assert {row["stroke"] for row in rows} == {"down", "up"}
    assert max(float(row["travel_mm"]) for row in rows) == pytest.approx(4.2, abs=0.05)


def test_stand_presses_need_one_depth() -> None:
    with pytest.raises(ValueError):
        StandPresses(speed_mm_min=60).words()
    assert (
        StandPresses(speed_mm_min=60, depth=300, dwell_ms=200).words() == "stand speed 60mm/min depth 300g dwell 200ms"
    )


def test_a_stand_trial_stopped_midway_resumes_as_one_trial(stand_pad: ForcePad) -> None:
    stand_pad.stand_home()
    presses = StandPresses(speed_mm_min=600, depth_mm=4.2, return_mm=1.8)
    stand_pad.trial_start(6, name="py-resume", stand=presses)
    stand_pad.wait_for_event("press.released", timeout=30)
    stopped = stand_pad.trial_stop()
    assert stopped.name == "py-resume"
    resumed = stand_pad.trial_resume("py-resume")
    assert (resumed.trial, resumed.name, resumed.resumes) == ("py-resume", "py-resume-2", "py-resume")
    assert resumed.stand
    assert 1 <= resumed.presses_before < 6 and resumed.presses == 6 - resumed.presses_before
    progress = stand_pad.trial_progress()
    assert (progress.trial, progress.resumes) == ("py-resume-2", "py-resume")
    assert progress.presses_before == resumed.presses_before
    stand_pad.trial_wait(120)
    report = stand_pad.trial_report("py-resume-2")
    assert report.name == "py-resume" and report.parts is not None
    assert [(part.name, part.first_press, part.presses) for part in report.parts] == [
        ("py-resume", 1, resumed.presses_before),
        ("py-resume-2", resumed.presses_before + 1, resumed.presses),
    ]
    assert report.judged_presses + len(report.excluded_presses) == 6
    with pytest.raises(ForcePadError, match="has all 6 presses; nothing to resume"):
        stand_pad.trial_resume("py-resume")
