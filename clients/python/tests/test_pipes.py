"""The client against the real forcepad over pipes (ForcePad.spawn)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from forcepad import ForcePad, ForcePadDisconnected, ForcePadError, ForcePadTimeout, answers, events, read_rows
from forcepad.links import ProcessLink


def test_status_and_settings_answer_typed(pad: ForcePad) -> None:
    status = pad.status()
    assert status.board.name == "sim" and status.board.cells == len(status.force.cells_g) == 4
    assert status.thresholds == answers.Thresholds(touch_g=20, peek_g=150, pop_g=300, preset="medium")
    assert pad.threshold("peek", 180) == answers.Thresholds(touch_g=20, peek_g=180, pop_g=300, preset=None)
    assert pad.threshold("pop", "3.5N").pop_g == pytest.approx(356.9, abs=0.1)
    assert pad.hysteresis(dwell_ms=10).dwell_us == 10_000
    assert pad.hysteresis(touch_dwell_ms=4).touch_dwell_us == 4_000
    assert pad.filter("biquad", 40) == answers.Filter(
        kind="biquad", cutoff_hz=40, spike_rejection=True, beta_hz_per_g_per_s=0.03, speed_cutoff_hz=10, delay_ms=6.597
    )
    one_euro = pad.filter("one-euro", 8, beta=0.1, speed_cutoff_hz=12)
    assert (one_euro.kind, one_euro.cutoff_hz) == ("one-euro", 8)
    assert (one_euro.beta_hz_per_g_per_s, one_euro.speed_cutoff_hz) == (0.1, 12)
    assert pad.preset("firm").current == "firm"
    assert pad.haptic_line("dry-run").access == "dry-run"
    assert pad.haptic_test("on 5ms") == answers.HapticPattern(pattern="test", steps="on 5ms")
    assert pad.tare().zeros and len(pad.force().zeros) == 4
    assert pad.log() == "info"
    pad.shortcut("add", "lab.firm", "Firm", "preset firm", "icon=preset")
    listed = pad.shortcut_list()
    assert [(entry.slot, entry.title, entry.command, entry.valid) for entry in listed.shortcuts] == [
        (1, "Firm", "preset firm", True)
    ]
    assert pad.shortcut_run(1) == answers.ShortcutRun(type="lab.firm", handled=True)
    assert any(isinstance(event, events.ShortcutPerformed) and event.handled for event in pad.last_events)


def test_events_of_a_press_come_before_its_answer_and_to_every_reader(pad: ForcePad) -> None:
    pad.threshold("peek", 150)
    seen: list[events.Event] = []
    remove = pad.on_event(seen.append)
    pressed = pad.sim_press(400, hold_ms=300)
    remove()
    assert pressed.hold_us == 300_000
    names = [event.event for event in pad.last_events]
    assert names[0] == "press.began" and names[-1] == "press.released"
    assert names.index("press.peek") < names.index("press.pop")
    peek = next(event for event in pad.last_events if isinstance(event, events.PressPeek))
    assert 150 <= peek.force_g < 300
    first_on = next(event for event in pad.last_events if isinstance(event, events.HapticOn))
    assert first_on.pattern == "peek" and first_on.stage_to_line_us is not None
    # The sim board's reference sensor gives the latency a finger feels: milliseconds, not µs.
    assert first_on.crossing_to_line_us is not None and first_on.crossing_to_line_us > first_on.stage_to_line_us
    assert first_on.crossing_uncertainty_us == 12_500
    assert seen == pad.last_events
    assert pad.take_events() == pad.last_events
    pad.sim_press(400, hold_ms=100)
    assert [event.event for event in pad.events(timeout=0.5)][:2] == ["press.began", "press.peek"]
    stats = pad.haptic_stats()
    assert stats.crossing_to_line_us is not None and stats.crossing_to_line_us.samples >= 2
    assert stats.crossing_uncertainty_us == 12_500


def test_events_during_a_wait_are_attributed_to_the_wait(pad: ForcePad) -> None:
    pad.sim_press(250)
    held = [event.event for event in pad.last_events if event.event != "press.progress"]
    assert held == ["press.began", "press.peek", "haptic.on", "haptic.off"]
    pad.command("sim release")
    assert [event.event for event in pad.last_events if event.event != "press.progress"] == ["press.released"]
    pad.wait(50)
    assert pad.last_events == []


def test_a_refusal_raises_with_the_shells_message(pad: ForcePad) -> None:
    with pytest.raises(ForcePadError) as refused:
        pad.threshold("peek", 9000)
    assert refused.value.command == "threshold"
    assert (
        refused.value.message == "thresholds.peek: 9000g must be below thresholds.pop (300g); lower peek or raise pop"
    )
    with pytest.raises(ForcePadError, match="unknown command 'bogus'"):
        pad.command("bogus")
    assert pad.threshold().peek_g == 150


def test_a_late_answer_is_never_taken_for_the_next_one(pad: ForcePad) -> None:
    started = time.monotonic()
    with pytest.raises(ForcePadTimeout):
        pad.command("wait 1s", timeout=0.2)
    assert time.monotonic() - started < 1.5
    assert pad.threshold().peek_g == 150
    assert pad.identify().manufacturer == "ForcePad"


def test_instrument_commands(pad: ForcePad) -> None:
    identity = pad.identify()
    assert identity.idn == f"ForcePad,sim,{identity.serial},{identity.version}"
    pad.threshold("peek", 120)
    pad.record_start("kept")
    assert pad.reset().stopped_recording == "kept"
    assert pad.threshold().peek_g == 150
    pad.haptic_test("pop")
    assert pad.operation_complete()
    assert [event.event for event in pad.last_events] == ["haptic.off", "haptic.on", "haptic.off"]


def test_trial_record_and_read_recording(pad: ForcePad) -> None:
    report = pad.trial(3, name="check", press=lambda p: p.sim_press(400, hold_ms=200))
    # A busy machine's missed loop periods leave out the presses they touch, listed.
    judged = 3 - len(report.excluded_presses)
    assert report.judged_presses == judged and all(p.because for p in report.excluded_presses)
    assert report.name == "check" and report.presses == judged
    assert report.peek.fired == report.pop.fired == judged
    assert judged == 0 or (report.peek.force_g is not None and 150 <= report.peek.force_g.mean < 300)
    assert len(report.pop.forces_g) == judged
    for stage in (report.peek, report.pop):
        assert len(stage.crossing_to_line_samples_us) == judged
        if judged:
            assert stage.crossing_to_line_us is not None and stage.crossing_to_line_us.count == judged
            assert stage.crossing_uncertainty_us == 12_500
            assert stage.filter_delay_us is not None and stage.dwell_us is not None
            # Press by press: the true crossing comes before the stage. Across presses a busy
            # machine can make one press's stage-to-line longer than another's crossing-to-line.
            pairs = zip(stage.crossing_to_line_samples_us, stage.stage_to_line_samples_us, strict=True)
            assert all(crossing > stage_to_line for crossing, stage_to_line in pairs)
    with pad.record("session") as session:
        pad.sim_press(300, hold_ms=100)
    assert session.started.name == "session" and session.stopped is not None and session.stopped.frames > 100
    assert [entry.name for entry in pad.record_list().recordings] == ["check", "session"]
    assert pad.state_dir is not None
    frames = read_rows(os.path.join(pad.state_dir, "recordings", "session"))
    assert len(frames) == session.stopped.frames and list(frames[0])[:2] == ["t_us", "ch0"]
    exported = pad.record_export("session")
    assert exported.presses == 1 and exported.presses_path.endswith("session.presses.csv")
    table = read_rows(exported.presses_path)
    assert [row["press"] for row in table] == [1] and table[0]["peek_fired"] == 1
    # A press a busy machine's missed periods touched is left out: not judged.
    assert table[0]["peek_outcome"] == ("not_judged" if table[0]["excluded"] == 1 else "hit")
    forces = read_rows(exported.path)
    assert max(float(row["total_g"]) for row in forces) == pytest.approx(300, abs=5)
    assert pad.replay("session").identical
    # The trial scored against its reference: the same settings give the same figures.
    detection = pad.detection("check").recordings[0]
    assert detection.name == "check" and detection.recorded == detection.current
    assert detection.recorded.presses >= 1 and detection.recorded.false_fires == 0 and detection.recorded.misses == 0
    written = pad.report("check")
    assert written.written and written.revision == 1 and written.presses == judged and written.svg is not None
    assert not pad.report("check").written
    assert [entry.intact for entry in pad.report_verify("check").reports] == [True]
    assert pad.monitor(20, 200).frames == 4
    assert all(isinstance(event, events.MonitorFrame) for event in pad.last_events)
    recorded = read_rows(os.path.join(pad.state_dir, "recordings", "session", "events.jsonl"))
    assert next(row["event"] for row in recorded if str(row["event"]).startswith("press.")) == "press.began"


def test_the_end_of_the_process_is_reported_with_its_reason(pad: ForcePad) -> None:
    link = pad._link
    assert isinstance(link, ProcessLink)
    link.process.send_signal(signal.SIGKILL)
    link.process.wait()
    with pytest.raises(ForcePadDisconnected, match="forcepad exited with status -9"):
        pad.status()
    assert list(pad.events(timeout=5)) == []


def test_a_start_up_failure_names_its_cause(binary: str) -> None:
    with pytest.raises(ForcePadDisconnected, match="exited with status 2: forcepad: board 'no-such-board' not found"):
        ForcePad.spawn("no-such-board", binary=binary)


def test_commands_from_two_threads_each_get_their_own_answer(pad: ForcePad) -> None:
    results: dict[str, object] = {}

    def ask(name: str) -> None:
        for _ in range(20):
            results[name] = pad.threshold() if name == "threshold" else pad.hysteresis()
            assert isinstance(results[name], answers.Thresholds if name == "threshold" else answers.Hysteresis)

    threads = [threading.Thread(target=ask, args=(name,)) for name in ("threshold", "hysteresis")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(results) == {"threshold", "hysteresis"}


def test_the_clicks_an_accelerometer_felt_are_typed(binary: str, tmp_path: Path) -> None:
    board = tmp_path / "sim-accelerometer.toml"
    shipped = (Path(__file__).resolve().parents[3] / "boards" / "sim.toml").read_text()
    board.write_text(shipped + '\n[accelerometer]\nmodel = "adxl345"\nrange = "4g"\naxis = "z"\n')
    felt: list[events.HapticFelt] = []
    with ForcePad.spawn(binary=binary, arguments=("--no-rt", "--board", str(board))) as pad:
        pad.on_event(lambda event: felt.append(event) if isinstance(event, events.HapticFelt) else None)
        report = pad.trial(2, name="felt", press=lambda p: p.sim_press(400, hold_ms=250))
        stats = pad.haptic_stats()
    # Every stage's click is felt live; a busy machine may leave presses out of the report's figures.
    assert len(felt) >= 4 and all(event.felt and event.onset_latency_us is not None for event in felt)
    assert stats.felt is not None and stats.felt.clicks >= 4 and stats.felt.not_felt == 0
    judged = report.judged_presses
    for stage in (report.peek, report.pop):
        if judged == 0:
            assert stage.felt is None
            continue
        assert stage.felt is not None and stage.felt.count == judged and stage.felt.not_felt == 0
        assert stage.felt.peak_g.min is not None and stage.felt.peak_g.min > 0.05
        assert len(stage.felt.felt_latency_samples_us) == judged
