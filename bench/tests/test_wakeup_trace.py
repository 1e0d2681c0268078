"""Tests of bench/wakeup-trace.py on hand-written snippets of a text trace (trace_clock mono)."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _load_tool() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "wakeup-trace.py"
    spec = importlib.util.spec_from_file_location("wakeup_trace", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wakeup_trace"] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()

SLEEP = """\
            loop-100     [001] d..1. 100.000010: hrtimer_start: hrtimer=00000000aaaa0001 function=hrtimer_wakeup \
expires=100001000000 softexpires=100001000000 mode=ABS was_armed=0
            loop-100     [001] d..2. 100.000012: sched_switch: prev_comm=loop prev_pid=100 prev_prio=19 prev_state=S \
==> next_comm=stress-ng-hdd next_pid=200 next_prio=120
"""

CLEAN_WAKE = (
    SLEEP
    + """\
   stress-ng-hdd-200     [001] d.h.. 100.001003: hrtimer_expire_entry: hrtimer=00000000aaaa0001 \
function=hrtimer_wakeup now=100001002500
   stress-ng-hdd-200     [001] d.h2. 100.001004: sched_waking: comm=loop pid=100 prio=19 target_cpu=001
   stress-ng-hdd-200     [001] dNh3. 100.001005: sched_wakeup: comm=loop pid=100 prio=19 target_cpu=001
   stress-ng-hdd-200     [001] d..2. 100.001010: sched_switch: prev_comm=stress-ng-hdd prev_pid=200 prev_prio=120 \
prev_state=R+ ==> next_comm=loop next_pid=100 next_prio=19
"""
)


def _analyze(text: str) -> tuple[object, str]:
    trace = tool.analyze_lines(text.splitlines(keepends=True))
    return trace, "\n".join(tool.report(trace, "snippet", 200))


def test_a_clean_wake_splits_into_its_three_parts() -> None:
    trace, report = _analyze(CLEAN_WAKE)
    [wake] = trace.wakes  # type: ignore[attr-defined]
    assert (wake.comm, wake.rtprio, wake.lateness) == ("loop", 80, 10_000)
    assert wake.parts() == (2_500, 1_000, 5_000)
    assert "loop, rtprio 80" in report
    assert "wake-up lateness        p50 10 / p99 10 / p99.9 10 / max 10 us" in report
    assert "late (> 200 us)         0, 0.00 per 1000 wakes" in report
    assert "CPU 1: 1 wakes, 0 late" in report


def test_a_late_timer_interrupt_is_the_largest_part() -> None:
    text = (
        SLEEP
        + """\
          <idle>-0       [001] d.h1. 100.001400: hrtimer_expire_entry: hrtimer=00000000aaaa0001 \
function=hrtimer_wakeup now=100001400000
          <idle>-0       [001] d.h3. 100.001401: sched_waking: comm=loop pid=100 prio=19 target_cpu=001
          <idle>-0       [001] dNh4. 100.001402: sched_wakeup: comm=loop pid=100 prio=19 target_cpu=001
   stress-ng-hdd-200     [001] d..2. 100.001405: sched_switch: prev_comm=stress-ng-hdd prev_pid=200 prev_prio=120 \
prev_state=R ==> next_comm=loop next_pid=100 next_prio=19
"""
    )
    _, report = _analyze(text)
    assert "late (> 200 us)         1, 1000.00 per 1000 wakes" in report
    assert "    timer interrupt       1\n    in the handler        0\n    waiting for the CPU   0" in report
    assert "previous task" not in report


def test_a_long_wait_behind_a_kworker_names_it_without_its_worker_number() -> None:
    text = (
        SLEEP
        + """\
    kworker/u8:1-300     [001] d.h.. 100.001002: hrtimer_expire_entry: hrtimer=00000000aaaa0001 \
function=hrtimer_wakeup now=100001001500
    kworker/u8:1-300     [001] d.h2. 100.001003: sched_waking: comm=loop pid=100 prio=19 target_cpu=001
    kworker/u8:1-300     [001] dNh3. 100.001004: sched_wakeup: comm=loop pid=100 prio=19 target_cpu=001
    kworker/u8:1-300     [001] d..2. 100.001484: sched_switch: prev_comm=kworker/u8:1 prev_pid=300 prev_prio=120 \
prev_state=R+ ==> next_comm=loop next_pid=100 next_prio=19
"""
    )
    trace, report = _analyze(text)
    [wake] = trace.wakes  # type: ignore[attr-defined]
    assert wake.parts() == (1_500, 1_000, 480_000)
    assert "    waiting for the CPU   1" in report
    assert "  waiting for the CPU, previous task (prev_state):\n    kworker/u8:* (R+)     1" in report
    assert "wake-up lateness        p50 484 / p99 484 / p99.9 484 / max 484 us" in report


def test_a_wake_on_another_cpu_than_the_timer_is_counted_on_the_cpu_it_ran_on() -> None:
    text = (
        SLEEP
        + """\
          <idle>-0       [000] d.h1. 100.001001: hrtimer_expire_entry: hrtimer=00000000aaaa0001 \
function=hrtimer_wakeup now=100001001000
          <idle>-0       [000] d.h3. 100.001002: sched_waking: comm=loop pid=100 prio=19 target_cpu=001
   stress-ng-hdd-200     [001] dNh3. 100.001006: sched_wakeup: comm=loop pid=100 prio=19 target_cpu=001
   stress-ng-hdd-200     [001] d..2. 100.001009: sched_switch: prev_comm=stress-ng-hdd prev_pid=200 prev_prio=120 \
prev_state=R+ ==> next_comm=loop next_pid=100 next_prio=19
"""
    )
    trace, report = _analyze(text)
    [wake] = trace.wakes  # type: ignore[attr-defined]
    assert (wake.timer_cpu, wake.run_cpu) == (0, 1)
    assert wake.parts() == (1_000, 4_000, 3_000)
    assert "    CPU 1: 1 wakes, 0 late" in report
    assert "timer on another CPU    1 wakes, 0 late" in report


def test_malformed_lines_are_skipped_and_counted() -> None:
    text = "this is not a trace line\n   loop-x [001] d..1. 1.5: sched_switch: prev_comm=loop\n# comment\n\n"
    trace, report = _analyze(text + CLEAN_WAKE)
    assert len(trace.wakes) == 1  # type: ignore[attr-defined]
    assert "2 lines not understood" in report.splitlines()[0]


def test_relative_sleeps_are_left_out_and_counted() -> None:
    text = CLEAN_WAKE.replace("mode=ABS", "mode=REL")
    trace, report = _analyze(text)
    assert trace.wakes == []  # type: ignore[attr-defined]
    assert "wakes                   0" in report
    assert "1 relative (mode=REL), 0 not woken by their timer" in report


def test_a_thread_at_normal_priority_is_left_out() -> None:
    text = CLEAN_WAKE.replace("prio=19", "prio=120")
    trace, report = _analyze(text)
    assert trace.wakes == []  # type: ignore[attr-defined]
    assert "loop" not in report
    assert "no real-time thread slept to an absolute deadline in this trace" in report


def test_percentiles_are_nearest_rank() -> None:
    assert tool.nearest_rank(list(range(1, 11)), 50, 100) == 5
    assert tool.nearest_rank(list(range(1, 11)), 99, 100) == 10
    assert tool.nearest_rank(list(range(1, 1001)), 999, 1000) == 999
    assert tool.nearest_rank(list(range(1, 1002)), 999, 1000) == 1000
    assert tool.nearest_rank([7], 50, 100) == 7


def test_analyze_of_a_missing_file_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.trace"
    assert tool.main(["analyze", str(missing)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(missing) in error


def test_analyze_of_a_file_without_sched_switch_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.trace"
    empty.write_text("# tracer: nop\n")
    assert tool.main(["analyze", str(empty)]) == 2
    error = capsys.readouterr().err
    assert error == f"wakeup-trace.py: {empty}: no sched_switch events; record with `wakeup-trace.py record`\n"


def test_record_as_a_user_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tool.os, "geteuid", lambda: 1000)
    assert tool.main(["record", "--", "true"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "run it as root (sudo" in error
