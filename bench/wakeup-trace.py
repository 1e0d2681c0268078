#!/usr/bin/env python3
"""Attribute a real-time thread's late wake-ups from a kernel trace (tracefs events).

Usage:
  wakeup-trace.py record [--threshold-us N] [--buffer-mib M] [--save FILE] -- COMMAND [ARGS...]
      As root: traces the scheduler and hrtimer events while COMMAND runs (its output passes
      through), then prints the analysis; exits with COMMAND's status. The tracing settings it
      changes (tracing_on, set_event, buffer_size_kb, trace_clock) are restored afterwards.
  wakeup-trace.py analyze [--threshold-us N] FILE
      The same analysis of a trace saved with `record --save FILE` (the text of
      /sys/kernel/tracing/trace, recorded with trace_clock mono).

Every sleep of a real-time thread (kernel prio < 100: SCHED_FIFO or SCHED_RR, rtprio = 99 - prio)
to an absolute deadline (hrtimer_start, function=hrtimer_wakeup, mode=ABS, issued by the thread)
is followed through its timer to the sched_switch that runs the thread again:
  deadline             the hrtimer's `expires` (CLOCK_MONOTONIC, ns)
  timer interrupt      hrtimer_expire_entry `now` - deadline
  in the handler       sched_wakeup time - sched_waking time
  waiting for the CPU  the sched_switch that switches the thread in - sched_wakeup time
  wake-up lateness     switch-in time - deadline (the kernel's view; the thread's own clock
                       read comes a few us later)
A wake-up is late when its wake-up lateness exceeds the threshold (default 200 us). Threads are
grouped by command name and rtprio. Sleeps that do not complete (relative sleeps, timers that do
not wake the thread, sleeps cut off by the end of the trace) are counted and left out.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

TRACEFS = "/sys/kernel/tracing"
EVENTS = (
    "sched:sched_switch",
    "sched:sched_waking",
    "sched:sched_wakeup",
    "sched:sched_migrate_task",
    "timer:hrtimer_start",
    "timer:hrtimer_expire_entry",
)
DEFAULT_THRESHOLD_US = 200
DEFAULT_BUFFER_MIB = 128
PARTS = ("timer interrupt", "in the handler", "waiting for the CPU")
PERCENTILES = (("p50", 50, 100), ("p99", 99, 100), ("p99.9", 999, 1000))


class UsageError(Exception):
    """A one-line error for the user; the tool exits with status 2."""


@dataclass(slots=True)
class Sleep:
    """One sleep of a thread to an absolute deadline, filled in as its events arrive (times in ns)."""

    pid: int
    timer: str
    deadline: int
    expired: int | None = None
    timer_cpu: int = -1
    waking: int | None = None
    wakeup: int | None = None


@dataclass(frozen=True, slots=True)
class Wake:
    """A completed sleep: the thread ran again after its timer woke it (times in ns)."""

    comm: str
    rtprio: int
    deadline: int
    expired: int
    waking: int
    wakeup: int
    switch_in: int
    timer_cpu: int
    run_cpu: int
    previous_task: str
    switch_traced: bool

    @property
    def lateness(self) -> int:
        """Wake-up lateness: switch-in time - deadline, ns."""
        return self.switch_in - self.deadline

    def parts(self) -> tuple[int, int, int]:
        """Timer interrupt, in the handler, waiting for the CPU, ns."""
        return (self.expired - self.deadline, self.wakeup - self.waking, self.switch_in - self.wakeup)


@dataclass(slots=True)
class UncountedSleeps:
    """Sleeps of one thread that are left out of the figures, by reason."""

    relative: int = 0
    not_woken_by_timer: int = 0
    not_switched_in: int = 0
    cut_off: int = 0


@dataclass(slots=True)
class CpuState:
    """What the trace last said about one CPU: the task switched in and the last event time (ns)."""

    pid: int = -1
    comm: str = "?"
    last_event: int = 0


@dataclass
class WakeupTrace:
    """Follows the events of a text trace, line by line, and collects the completed wakes."""

    lines: int = 0
    lines_not_understood: int = 0
    switches: int = 0
    wakes: list[Wake] = field(default_factory=list)
    identity: dict[int, tuple[str, int]] = field(default_factory=dict)
    uncounted: defaultdict[int, UncountedSleeps] = field(default_factory=lambda: defaultdict(UncountedSleeps))
    _pending: dict[int, Sleep] = field(default_factory=dict)
    _timer_owner: dict[str, int] = field(default_factory=dict)
    _cpus: defaultdict[int, CpuState] = field(default_factory=lambda: defaultdict(CpuState))

    def feed(self, line: str) -> None:
        """Takes one line of the text trace; comments and blank lines are skipped."""
        self.lines += 1
        if not line.strip() or line.lstrip().startswith("#"):
            return
        try:
            self._event(line)
        except (ValueError, IndexError, KeyError):
            self.lines_not_understood += 1

    def finish(self) -> None:
        """Counts the sleeps still open at the end of the trace."""
        for sleep in self._pending.values():
            self.uncounted[sleep.pid].cut_off += 1
        self._pending.clear()

    def _event(self, line: str) -> None:
        head, separator, tail = line.partition(": ")
        event, separator2, text = tail.partition(": ")
        if not separator or not separator2:
            raise ValueError(line)
        bracket = head.rindex(" [")
        task, _, pid_text = head[:bracket].strip().rpartition("-")
        cpu_text, closing, after_cpu = head[bracket + 2 :].partition("]")
        if not task or not closing:
            raise ValueError(line)
        pid = int(pid_text)
        cpu = int(cpu_text)
        time = _nanoseconds(after_cpu.split()[-1])
        state = self._cpus[cpu]
        sleep = self._pending.get(pid)
        if sleep is not None and sleep.wakeup is not None and pid != state.pid:
            previous = f"{_task_kind(state.comm)} (switch not traced)"
            self._complete(sleep, time=max(sleep.wakeup, state.last_event), cpu=cpu, previous=previous, traced=False)
        state.last_event = time
        if event == "sched_switch":
            self._switch(text, cpu, time)
        elif event == "sched_waking" or event == "sched_wakeup":
            self._woken(event, text, time)
        elif event == "hrtimer_start":
            if "function=hrtimer_wakeup" in text:
                self._timer_started(_fields(text), pid)
        elif event == "hrtimer_expire_entry" and "function=hrtimer_wakeup" in text:
            self._timer_expired(_fields(text), cpu)

    def _switch(self, text: str, cpu: int, time: int) -> None:
        before, arrow, after = text.partition(" ==> ")
        if not arrow:
            raise ValueError(text)
        previous = _fields(before)
        following = _fields(after)
        next_pid = int(following["next_pid"])
        next_comm = following["next_comm"]
        self.identity[next_pid] = (next_comm, int(following["next_prio"]))
        self.identity[int(previous["prev_pid"])] = (previous["prev_comm"], int(previous["prev_prio"]))
        self.switches += 1
        state = self._cpus[cpu]
        state.pid = next_pid
        state.comm = next_comm
        sleep = self._pending.get(next_pid)
        if sleep is not None and sleep.wakeup is not None:
            self._complete(
                sleep,
                time=time,
                cpu=cpu,
                previous=f"{_task_kind(previous['prev_comm'])} ({previous['prev_state']})",
                traced=True,
            )

    def _woken(self, event: str, text: str, time: int) -> None:
        fields = _fields(text)
        pid = int(fields["pid"])
        self.identity[pid] = (fields["comm"], int(fields["prio"]))
        sleep = self._pending.get(pid)
        if sleep is None or sleep.expired is None:
            return
        if event == "sched_waking" and sleep.waking is None:
            sleep.waking = time
        elif event == "sched_wakeup" and sleep.waking is not None and sleep.wakeup is None:
            sleep.wakeup = time

    def _timer_started(self, fields: dict[str, str], pid: int) -> None:
        earlier = self._pending.pop(pid, None)
        if earlier is not None:
            if earlier.expired is None:
                self.uncounted[pid].not_woken_by_timer += 1
            else:
                self.uncounted[pid].not_switched_in += 1
        if not fields["mode"].startswith("ABS"):
            self.uncounted[pid].relative += 1
            return
        timer = fields["hrtimer"]
        self._pending[pid] = Sleep(pid=pid, timer=timer, deadline=int(fields["expires"]))
        self._timer_owner[timer] = pid

    def _timer_expired(self, fields: dict[str, str], cpu: int) -> None:
        timer = fields["hrtimer"]
        now = int(fields["now"])
        pid = self._timer_owner.pop(timer, None)
        if pid is None:
            return
        sleep = self._pending.get(pid)
        if sleep is not None and sleep.timer == timer and sleep.expired is None:
            sleep.expired = now
            sleep.timer_cpu = cpu

    def _complete(self, sleep: Sleep, time: int, cpu: int, previous: str, traced: bool) -> None:
        del self._pending[sleep.pid]
        comm, prio = self.identity.get(sleep.pid, ("?", 120))
        if not 0 <= prio < 100 or sleep.expired is None or sleep.waking is None or sleep.wakeup is None:
            return
        self.wakes.append(
            Wake(
                comm=comm,
                rtprio=99 - prio,
                deadline=sleep.deadline,
                expired=sleep.expired,
                waking=sleep.waking,
                wakeup=sleep.wakeup,
                switch_in=time,
                timer_cpu=sleep.timer_cpu,
                run_cpu=cpu,
                previous_task=previous,
                switch_traced=traced,
            )
        )


def _nanoseconds(seconds: str) -> int:
    """'39810.952396' (seconds, any number of decimals) as integer nanoseconds."""
    whole, point, fraction = seconds.partition(".")
    if not point or not whole.isdigit() or not fraction.isdigit():
        raise ValueError(seconds)
    return int(whole) * 1_000_000_000 + int((fraction + "000000000")[:9])


def _fields(text: str) -> dict[str, str]:
    """'comm=Web Content pid=12 prio=19' as a dict; a word without '=' belongs to the value before it."""
    fields: dict[str, str] = {}
    key = ""
    for word in text.split(" "):
        name, equals, value = word.partition("=")
        if equals and name.isidentifier():
            key = name
            fields[key] = value
        elif key:
            fields[key] += " " + word
        elif word:
            raise ValueError(text)
    return fields


def _task_kind(comm: str) -> str:
    """A task's name without a kworker's worker number: 'kworker/u8:1' -> 'kworker/u8:*'."""
    if comm.startswith("kworker/"):
        prefix, colon, worker = comm.partition(":")
        if colon:
            return prefix + ":*" + worker.lstrip("0123456789")
    return comm


def nearest_rank(sorted_values: list[int], numerator: int, denominator: int) -> int:
    """The nearest-rank percentile numerator/denominator of values sorted ascending (not empty)."""
    rank = max(1, -(-numerator * len(sorted_values) // denominator))
    return sorted_values[rank - 1]


def _microseconds(nanoseconds: int) -> int:
    return round(nanoseconds / 1000)


def report(trace: WakeupTrace, name: str, threshold_us: int) -> list[str]:
    """The analysis as text lines: a header, then one block per thread group (comm, rtprio)."""
    threshold = threshold_us * 1000
    lines = [
        f"wakeup-trace: {name}: {trace.lines} lines, {trace.lines_not_understood} lines not understood",
        "times in us; the text trace stamps events to 1 us (hrtimer expires and now are in ns)",
        f"late: wake-up lateness above {threshold_us} us",
    ]
    groups: defaultdict[tuple[str, int], list[Wake]] = defaultdict(list)
    for wake in trace.wakes:
        groups[(wake.comm, wake.rtprio)].append(wake)
    uncounted: defaultdict[tuple[str, int], UncountedSleeps] = defaultdict(UncountedSleeps)
    for pid, counts in trace.uncounted.items():
        comm, prio = trace.identity.get(pid, ("?", 120))
        if 0 <= prio < 100:
            total = uncounted[(comm, 99 - prio)]
            total.relative += counts.relative
            total.not_woken_by_timer += counts.not_woken_by_timer
            total.not_switched_in += counts.not_switched_in
            total.cut_off += counts.cut_off
    if not groups and not uncounted:
        lines.append("no real-time thread slept to an absolute deadline in this trace")
    for key in sorted(set(groups) | set(uncounted)):
        lines.append("")
        lines.extend(_group_report(key, groups.get(key, []), uncounted[key], threshold, threshold_us))
    return lines


def _group_report(
    key: tuple[str, int], wakes: list[Wake], uncounted: UncountedSleeps, threshold: int, threshold_us: int
) -> list[str]:
    comm, rtprio = key
    lines = [f"{comm}, rtprio {rtprio}"]
    label = 24
    lines.append(f"  {'wakes':<{label}}{len(wakes)}")
    if wakes:
        lateness = sorted(wake.lateness for wake in wakes)
        figures = [f"{name} {_microseconds(nearest_rank(lateness, n, d))}" for name, n, d in PERCENTILES]
        figures.append(f"max {_microseconds(lateness[-1])}")
        lines.append(f"  {'wake-up lateness':<{label}}{' / '.join(figures)} us")
        late = [wake for wake in wakes if wake.lateness > threshold]
        rate = 1000 * len(late) / len(wakes)
        lines.append(f"  {f'late (> {threshold_us} us)':<{label}}{len(late)}, {rate:.2f} per 1000 wakes")
        if late:
            largest: Counter[str] = Counter()
            previous: Counter[str] = Counter()
            for wake in late:
                parts = wake.parts()
                part = PARTS[parts.index(max(parts))]
                largest[part] += 1
                if part == "waiting for the CPU":
                    previous[wake.previous_task] += 1
            lines.append("  largest part of the late wakes:")
            lines.extend(f"    {part:<{label - 2}}{largest[part]}" for part in PARTS)
            if previous:
                lines.append("  waiting for the CPU, previous task (prev_state):")
                top = sorted(previous.items(), key=lambda item: (-item[1], item[0]))[:5]
                lines.extend(f"    {task:<{label - 2}}{count}" for task, count in top)
        lines.append("  per CPU it ran on:")
        for cpu in sorted({wake.run_cpu for wake in wakes}):
            on_cpu = [wake for wake in wakes if wake.run_cpu == cpu]
            late_on_cpu = sum(1 for wake in on_cpu if wake.lateness > threshold)
            lines.append(f"    CPU {cpu}: {len(on_cpu)} wakes, {late_on_cpu} late")
        elsewhere = [wake for wake in wakes if wake.timer_cpu != wake.run_cpu]
        late_elsewhere = sum(1 for wake in elsewhere if wake.lateness > threshold)
        lines.append(f"  {'timer on another CPU':<{label}}{len(elsewhere)} wakes, {late_elsewhere} late")
        untraced = sum(1 for wake in wakes if not wake.switch_traced)
        if untraced:
            lines.append(
                f"  {'switch-in not traced':<{label}}{untraced} wakes, timed at the CPU's last event before "
                "the thread's own (a lower bound)"
            )
    lines.append(
        f"  {'sleeps not counted':<{label}}{uncounted.relative} relative (mode=REL), "
        f"{uncounted.not_woken_by_timer} not woken by their timer, "
        f"{uncounted.not_switched_in} woken but not switched in, {uncounted.cut_off} cut off by the end of the trace"
    )
    return lines


def analyze_lines(lines: Iterable[str]) -> WakeupTrace:
    """Feeds every line to a new WakeupTrace and finishes it."""
    trace = WakeupTrace()
    for line in lines:
        trace.feed(line)
    trace.finish()
    return trace


def _print_report(trace: WakeupTrace, name: str, threshold_us: int) -> None:
    if trace.switches == 0:
        raise UsageError(f"{name}: no sched_switch events; record with `wakeup-trace.py record`")
    print("\n".join(report(trace, name, threshold_us)))


def analyze_file(path: str, threshold_us: int) -> int:
    """The `analyze` mode: prints the analysis of a saved text trace; returns the exit status."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            trace = analyze_lines(file)
    except OSError as error:
        raise UsageError(
            f"{path}: cannot read it ({error.strerror}); give a text trace saved with `wakeup-trace.py record --save`"
        ) from error
    _print_report(trace, path, threshold_us)
    return 0


def _read(name: str) -> str:
    with open(os.path.join(TRACEFS, name)) as file:
        return file.read()


def _write(name: str, text: str, append: bool = False) -> None:
    flags = os.O_WRONLY | (os.O_APPEND if append else os.O_TRUNC)
    descriptor = os.open(os.path.join(TRACEFS, name), flags)
    try:
        os.write(descriptor, text.encode())
    finally:
        os.close(descriptor)


def _mount_tracefs() -> None:
    if os.path.exists(os.path.join(TRACEFS, "trace")):
        return
    result = subprocess.run(["mount", "-t", "tracefs", "nodev", TRACEFS], capture_output=True, text=True)
    if result.returncode != 0 or not os.path.exists(os.path.join(TRACEFS, "trace")):
        reason = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "no trace file after mounting"
        raise UsageError(
            f"cannot mount tracefs at {TRACEFS} ({reason}); the kernel needs CONFIG_FTRACE with tracefs "
            "(CONFIG_TRACING) and the sched and timer events"
        )
    missing = [event for event in EVENTS if not os.path.isdir(os.path.join(TRACEFS, "events", *event.split(":")))]
    if missing:
        raise UsageError(f"{TRACEFS}/events lacks {', '.join(missing)}; the kernel needs CONFIG_FTRACE and tracepoints")


@dataclass(frozen=True)
class TracingState:
    """The tracefs settings record changes, as read before it changed them."""

    tracing_on: str
    set_event: list[str]
    buffer_size_kb: str
    trace_clock: str

    @staticmethod
    def read() -> TracingState:
        """Reads the current settings ('7 (expanded: 1408)' is kept as the size the kernel will use)."""
        size = _read("buffer_size_kb").split()
        expanded = size[-1].rstrip(")") if "(expanded:" in size else size[0]
        clock = next(word for word in _read("trace_clock").split() if word.startswith("["))
        return TracingState(
            tracing_on=_read("tracing_on").strip(),
            set_event=_read("set_event").split(),
            buffer_size_kb=expanded,
            trace_clock=clock.strip("[]"),
        )

    def restore(self) -> None:
        """Writes the settings back, tracing last."""
        _write("tracing_on", "0")
        _write("set_event", "")
        for event in self.set_event:
            _write("set_event", event + "\n", append=True)
        _write("trace_clock", self.trace_clock)
        _write("buffer_size_kb", self.buffer_size_kb)
        _write("tracing_on", self.tracing_on)


def _run(command: list[str]) -> int:
    """Runs COMMAND with this terminal; Ctrl-C reaches it too, and it gets 5 s to stop before SIGKILL."""
    try:
        process = subprocess.Popen(command)
    except OSError as error:
        print(f"wakeup-trace.py: {command[0]}: cannot run it ({error.strerror})", file=sys.stderr)
        return 127
    try:
        return _status(process.wait())
    except KeyboardInterrupt:
        try:
            return _status(process.wait(timeout=5))
        except subprocess.TimeoutExpired:
            process.kill()
            return _status(process.wait())


def _status(returncode: int) -> int:
    return 128 - returncode if returncode < 0 else returncode


def _overruns() -> int:
    total = 0
    cpus = os.path.join(TRACEFS, "per_cpu")
    for cpu in sorted(os.listdir(cpus)):
        with contextlib.suppress(OSError), open(os.path.join(cpus, cpu, "stats")) as file:
            for line in file:
                name, _, value = line.partition(":")
                if name.strip() == "overrun":
                    total += int(value)
    return total


def _stream_trace(save: TextIO | None) -> Iterator[str]:
    with open(os.path.join(TRACEFS, "trace"), encoding="utf-8", errors="replace") as file:
        for line in file:
            if save is not None:
                save.write(line)
            yield line


def record(command: list[str], threshold_us: int, buffer_mib: int, save_path: str | None) -> int:
    """The `record` mode: traces while COMMAND runs, prints the analysis, returns COMMAND's status."""
    if os.geteuid() != 0:
        raise UsageError("record needs the kernel's tracing, which only root may use; run it as root (sudo …)")
    if not command:
        raise UsageError("record needs a command after --, e.g. record -- cyclictest -q -p 80 -m -i 1000 -l 3000")
    if buffer_mib < 1:
        raise UsageError(f"--buffer-mib {buffer_mib}: give at least 1 (MiB per CPU)")
    _mount_tracefs()
    if "mono" not in _read("trace_clock").replace("[", " ").replace("]", " ").split():
        raise UsageError(f"{TRACEFS}/trace_clock offers no mono clock; the analysis needs trace_clock mono")
    with contextlib.ExitStack() as files:
        save: TextIO | None = None
        if save_path is not None:
            try:
                save = files.enter_context(open(save_path, "w", encoding="utf-8"))
            except OSError as error:
                message = f"{save_path}: cannot write it ({error.strerror}); give a writable --save path"
                raise UsageError(message) from error
        saved = TracingState.read()
        try:
            _write("tracing_on", "0")
            _write("trace_clock", "mono")
            _write("buffer_size_kb", str(buffer_mib * 1024))
            _write("trace", "")
            _write("set_event", "")
            for event in EVENTS:
                _write("set_event", event + "\n", append=True)
            _write("tracing_on", "1")
            status = _run(command)
            _write("tracing_on", "0")
            overruns = _overruns()
            if overruns:
                print(
                    f"wakeup-trace.py: {overruns} events lost (per_cpu/cpu*/stats overrun); raise --buffer-mib",
                    file=sys.stderr,
                )
            trace = analyze_lines(_stream_trace(save))
        finally:
            saved.restore()
    _print_report(trace, "trace" if save_path is None else save_path, threshold_us)
    return status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wakeup-trace.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    modes = parser.add_subparsers(dest="mode", required=True)
    recorder = modes.add_parser("record", help="trace while COMMAND runs (as root), then analyse")
    recorder.add_argument("--threshold-us", type=int, default=DEFAULT_THRESHOLD_US, help="late above this, us")
    recorder.add_argument("--buffer-mib", type=int, default=DEFAULT_BUFFER_MIB, help="trace buffer per CPU, MiB")
    recorder.add_argument("--save", metavar="FILE", help="also write the text trace to FILE")
    recorder.add_argument("command", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARGS...]")
    analyzer = modes.add_parser("analyze", help="analyse a saved text trace")
    analyzer.add_argument("--threshold-us", type=int, default=DEFAULT_THRESHOLD_US, help="late above this, us")
    analyzer.add_argument("file", metavar="FILE")
    return parser


def main(arguments: list[str]) -> int:
    """Runs the tool; returns the exit status (2 for a usage error, COMMAND's status for record)."""
    options = _parser().parse_args(arguments)
    try:
        if options.threshold_us < 0:
            raise UsageError(f"--threshold-us {options.threshold_us}: give 0 or more (us)")
        if options.mode == "record":
            command = options.command[1:] if options.command[:1] == ["--"] else options.command
            return record(command, options.threshold_us, options.buffer_mib, options.save)
        return analyze_file(options.file, options.threshold_us)
    except UsageError as error:
        print(f"wakeup-trace.py: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 128 + signal.SIGINT


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
