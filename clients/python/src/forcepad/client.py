"""``ForcePad``: the shell as a Python object. One method per shell command with typed answers,
events as typed objects, never taken for an answer nor lost between a command and its answer."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

from . import answers as a
from .errors import ForcePadDisconnected, ForcePadError, ForcePadTimeout, ProtocolError
from .events import Event, parse_event
from .links import Link, LinkGone, ProcessLink, SerialLink
from .shape import load

T = TypeVar("T")

#: What the shell shows when it waits for a line in human mode: seen on a serial console after
#: the far end (re)started, so the client switches it back to JSON mode before the next command.
PROMPT = "forcepad> "

#: A force as the shell takes it: a number of grams, or text with a unit ("1.5N", "150g").
ForceValue = float | int | str


def force_text(force: ForceValue) -> str:
    """``150`` → ``150g``; text is passed as it is (``"1.5N"``)."""
    return force if isinstance(force, str) else f"{force:g}g"


def duration_text(milliseconds: float | int) -> str:
    """``300`` → ``300ms``."""
    return f"{milliseconds:g}ms"


def quoted(word: str) -> str:
    """``word`` as one word of a shell line (quoted when it has spaces or quotes)."""
    if word and not any(character in word for character in " \t\"'"):
        return word
    return '"' + word.replace('"', "'") + '"'


@dataclass
class RecordingSession:
    """What ``ForcePad.record`` yields: the answer to ``record start``, and to ``record stop``
    once the block has ended."""

    started: a.RecordingStarted
    stopped: a.RecordingStopped | None = None


@dataclass(frozen=True)
class StandPresses:
    """How a test stand presses in a trial (``trial start N stand …``): down at ``speed_mm_min``
    to ``depth`` (a force such as ``"300g"`` or a number of grams, or ``depth_mm``), held for
    ``dwell_ms``, back up to ``return_mm`` (None: the top of the board's travel)."""

    speed_mm_min: float
    depth: ForceValue | None = None
    depth_mm: float | None = None
    dwell_ms: float = 0
    return_mm: float | None = None

    def words(self) -> str:
        if (self.depth is None) == (self.depth_mm is None):
            raise ValueError("give the depth as a force (depth) or a travel (depth_mm), one of them")
        depth = force_text(self.depth) if self.depth is not None else f"{self.depth_mm:g}mm"
        line = f"stand speed {self.speed_mm_min:g}mm/min depth {depth} dwell {duration_text(self.dwell_ms)}"
        return line + (f" return {self.return_mm:g}mm" if self.return_mm is not None else "")


@dataclass
class _Pending:
    """The command in flight: its word, and the events that arrived before its answer."""

    word: str
    events: list[Event] = field(default_factory=list)


class ForcePad:
    """A connection to a ForcePad shell in JSON mode. Use ``ForcePad.serial`` or ``ForcePad.spawn``.

    Commands are sent one at a time and each answer is matched to its command; events that arrive
    meanwhile go to ``events()``, to the callbacks of ``on_event`` and to ``last_events``.
    """

    #: Most events kept for ``events()``; older ones are dropped (and counted) beyond it.
    EVENT_QUEUE_LIMIT = 100_000

    def __init__(
        self,
        link: Link,
        *,
        timeout: float,
        handshake: bool,
        triple_enter: bool = False,
        state_dir: str | None = None,
        scratch: tempfile.TemporaryDirectory[str] | None = None,
    ) -> None:
        self.timeout = timeout
        #: The state directory of a spawned forcepad (recordings/, reports/); None over serial.
        self.state_dir = state_dir
        self._scratch = scratch
        self.triple_enter = triple_enter
        self._link = link
        self._state = threading.Condition()
        self._answers: deque[dict[str, Any]] = deque()
        self._late_answers = 0
        self._pending: _Pending | None = None
        self._connected = True
        self._ended = False
        self._needs_handshake = handshake
        self._reader_error: BaseException | None = None
        self._events: queue.Queue[Event] = queue.Queue()
        self._callbacks: list[Callable[[Event], None]] = []
        self._command_lock = threading.Lock()
        #: Events that arrived between the last command and its answer.
        self.last_events: list[Event] = []
        #: Events dropped because ``events()`` was not read (more than EVENT_QUEUE_LIMIT waiting).
        self.dropped_events = 0
        #: The last lines that were not JSON (the prompt, echoes, warnings), for diagnosis.
        self.other_lines: deque[str] = deque(maxlen=100)
        self._reader = threading.Thread(target=self._read_loop, name="forcepad-reader", daemon=True)
        self._reader.start()

    # MARK: Opening and closing

    @classmethod
    def serial(cls, port: str, baud: int = 115200, *, triple_enter: bool = False, timeout: float = 10.0) -> ForcePad:
        """The shell of ``forcepad --serial …`` at the other end of ``port``. Switches it to JSON
        mode (pressing Enter three times first with ``triple_enter``), and again whenever the far
        end starts over; the port is reopened when its device comes back after vanishing."""
        pad = cls(SerialLink(port, baud), timeout=timeout, triple_enter=triple_enter, handshake=True)
        try:
            with pad._command_lock:
                pad._handshake()
        except BaseException:
            pad.close()
            raise
        return pad

    @classmethod
    def spawn(
        cls,
        board: str = "sim",
        *,
        binary: str | None = None,
        state_dir: str | None = None,
        config: str | None = None,
        arguments: tuple[str, ...] = (),
        timeout: float = 10.0,
    ) -> ForcePad:
        """Starts ``forcepad --json --board BOARD`` on this machine, over pipes (for the sim board,
        scripts and CI). ``binary``: the forcepad to run (default: $FORCEPAD_BINARY, else forcepad
        on PATH); ``state_dir``: where recordings and reports go (default: a temporary folder,
        removed on close); ``config``: a config file (default: built-in defaults)."""
        program = binary or os.environ.get("FORCEPAD_BINARY") or shutil.which("forcepad")
        if program is None:
            raise FileNotFoundError("no forcepad binary: pass binary=, set FORCEPAD_BINARY or put forcepad on PATH")
        scratch = None
        if state_dir is None:
            scratch = tempfile.TemporaryDirectory(prefix="forcepad-")
            state_dir = scratch.name
        command = [program, "--json", "--board", board, "--state-dir", state_dir]
        environment = dict(os.environ)
        if config is not None:
            command += ["--config", config]
        else:
            environment["XDG_CONFIG_HOME"] = os.path.join(state_dir, ".config")
        link = ProcessLink([*command, *arguments], environment)
        pad = cls(link, timeout=timeout, handshake=False, state_dir=state_dir, scratch=scratch)
        try:
            pad.command("mode")
        except BaseException:
            pad.close()
            raise
        return pad

    def close(self) -> None:
        """Ends the connection (a spawned forcepad is asked to quit, and killed after 5 s)."""
        with self._state:
            if self._ended:
                return
            self._ended = True
            self._state.notify_all()
        if isinstance(self._link, ProcessLink) and self._connected:
            with contextlib.suppress(LinkGone):
                self._link.write(b"quit\n")
        self._link.close()
        self._reader.join(timeout=2)
        if self._scratch is not None:
            self._scratch.cleanup()

    def __enter__(self) -> ForcePad:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    @property
    def connected(self) -> bool:
        """Whether the link is up (a serial device that vanished is being reopened meanwhile)."""
        with self._state:
            return self._connected and not self._ended

    # MARK: Commands

    def command(self, line: str, timeout: float | None = None) -> a.Answer:
        """Sends one shell line and returns its answer; raises ForcePadError with the shell's
        message if it refused, ForcePadTimeout if no answer came within ``timeout`` seconds."""
        word = line.split()[0] if line.split() else ""
        if word.startswith("*"):
            word = word.upper()
        limit = self.timeout if timeout is None else timeout
        with self._command_lock:
            self._raise_reader_error()
            if self._needs_handshake:
                self._handshake()
            answer = self._exchange(line, word, limit)
        fields = {key: value for key, value in answer.items() if key not in ("ok", "cmd")}
        if answer.get("ok") is not True:
            raise ForcePadError(word, str(fields.get("error", "refused without a message")))
        return a.Answer(word, fields)

    def _exchange(self, line: str, word: str, limit: float, *, skip_others: bool = False) -> dict[str, Any]:
        """Sends ``line`` and waits for its answer (the command lock is held); with
        ``skip_others``, answers to other commands that come first are dropped."""
        deadline = time.monotonic() + limit
        with self._state:
            while not self._connected and not self._ended and time.monotonic() < deadline:
                self._state.wait(deadline - time.monotonic())
            if self._ended or not self._connected:
                raise ForcePadDisconnected(word, self._link.describe_end())
            self._answers.clear()
            self._pending = _Pending(word)
        try:
            self._link.write(line.encode() + self._link.line_end)
        except LinkGone as gone:
            with self._state:
                self._pending = None
            raise ForcePadDisconnected(word, str(gone)) from None
        with self._state:
            try:
                answer = self._next_answer(word, deadline, limit, skip_others)
            finally:
                pending, self._pending = self._pending, None
        self.last_events = pending.events if pending else []
        if answer.get("cmd") != word and word:
            raise ProtocolError(f"the answer to {word!r} names command {answer.get('cmd')!r}: {answer}")
        return answer

    def _next_answer(self, word: str, deadline: float, limit: float, skip_others: bool) -> dict[str, Any]:
        """The answer to ``word`` (with ``_state`` held), waiting until ``deadline``."""
        while True:
            while not self._answers and self._connected and not self._ended and time.monotonic() < deadline:
                self._state.wait(deadline - time.monotonic())
            if not self._answers:
                if not self._connected or self._ended:
                    raise ForcePadDisconnected(word, self._link.describe_end())
                self._late_answers += 1
                raise ForcePadTimeout(
                    word, f"no answer within {limit:g}s; is forcepad running there? (or give a longer timeout)"
                )
            answer = self._answers.popleft()
            if not skip_others or answer.get("cmd") == word:
                return answer

    def _handshake(self) -> None:
        """Switches the shell to JSON mode (after three Enters with ``triple_enter``). Answers
        still owed from before are forgotten: a shell that started over will never send them."""
        with self._state:
            self._needs_handshake = False
            self._late_answers = 0
        try:
            for _ in range(3 if self.triple_enter else 1):
                try:
                    self._link.write(b"\r")
                except LinkGone as gone:
                    raise ForcePadDisconnected("mode", str(gone)) from None
                time.sleep(0.05)
            self._exchange("mode json", "mode", self.timeout, skip_others=True)
        except ForcePadError:
            with self._state:
                self._needs_handshake = True
                self._late_answers = 0
            raise
        with self._state:
            self._needs_handshake = False

    def _ask(self, kind: type[T], line: str, timeout: float | None = None) -> T:
        answer = self.command(line, timeout)
        return load(kind, answer.fields, f"answer to {line!r}")

    def _raise_reader_error(self) -> None:
        with self._state:
            error, self._reader_error = self._reader_error, None
        if error is not None:
            raise error

    # MARK: Reading

    def _read_loop(self) -> None:
        buffer = b""
        while True:
            with self._state:
                if self._ended:
                    return
            try:
                data = self._link.read(0.1)
            except LinkGone:
                buffer = b""
                if not self._wait_for_link():
                    return
                continue
            if not data:
                if buffer.decode(errors="replace").endswith(PROMPT):
                    self._saw_prompt(buffer.decode(errors="replace"))
                    buffer = b""
                continue
            buffer += data
            *lines, buffer = buffer.split(b"\n")
            for raw in lines:
                self._dispatch(raw.decode(errors="replace").strip("\r\x00"))

    def _wait_for_link(self) -> bool:
        """After the link went: reopens it every half second if it can; False when it is over."""
        with self._state:
            self._connected = False
            self._state.notify_all()
        if not self._link.may_restart:
            return False
        while True:
            with self._state:
                if self._ended:
                    return False
            if self._link.reopen():
                with self._state:
                    self._connected = True
                    self._needs_handshake = True
                    self._state.notify_all()
                return True
            time.sleep(0.5)

    def _saw_prompt(self, text: str) -> None:
        self.other_lines.append(text)
        if self._link.may_restart:
            with self._state:
                self._needs_handshake = True

    def _dispatch(self, text: str) -> None:
        if not text.startswith("{"):
            if text:
                self.other_lines.append(text)
            if PROMPT in text:
                self._saw_prompt(text)
            return
        try:
            message = json.loads(text)
        except json.JSONDecodeError:
            self.other_lines.append(text)
            return
        if not isinstance(message, dict):
            self.other_lines.append(text)
        elif "event" in message:
            self._deliver(message)
        elif "ok" in message and "cmd" in message:
            with self._state:
                if self._late_answers > 0:
                    self._late_answers -= 1
                    return
                self._answers.append(message)
                self._state.notify_all()
        else:
            self._fail(ProtocolError(f"a line that is neither an answer nor an event: {text}"))

    def _deliver(self, message: dict[str, Any]) -> None:
        try:
            event = parse_event(message)
        except ProtocolError as error:
            self._fail(error)
            return
        with self._state:
            if self._pending is not None:
                self._pending.events.append(event)
            callbacks = list(self._callbacks)
        if self._events.qsize() >= self.EVENT_QUEUE_LIMIT:
            with contextlib.suppress(queue.Empty):
                self._events.get_nowait()
                self.dropped_events += 1
        self._events.put(event)
        for callback in callbacks:
            try:
                callback(event)
            except Exception as error:
                self._fail(error)

    def _fail(self, error: BaseException) -> None:
        with self._state:
            if self._reader_error is None:
                self._reader_error = error
            self._state.notify_all()

    # MARK: Events

    def on_event(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Calls ``callback`` with every event (on the reader thread) until the returned function
        is called. An exception in it is raised by the next command."""
        with self._state:
            self._callbacks.append(callback)

        def remove() -> None:
            with self._state, contextlib.suppress(ValueError):
                self._callbacks.remove(callback)

        return remove

    def events(self, timeout: float | None = None) -> Iterator[Event]:
        """Every event in order as it arrives; stops after ``timeout`` seconds without one (None:
        never), or once a spawned forcepad has ended and its events are read."""
        idle_since = time.monotonic()
        while True:
            self._raise_reader_error()
            try:
                event = self._events.get(timeout=0.1)
            except queue.Empty:
                if not self.connected and not self._link.may_restart:
                    return
                if timeout is not None and time.monotonic() - idle_since >= timeout:
                    return
                continue
            yield event
            idle_since = time.monotonic()

    def take_events(self) -> list[Event]:
        """The events waiting in ``events()``, without waiting for more."""
        taken: list[Event] = []
        with contextlib.suppress(queue.Empty):
            while True:
                taken.append(self._events.get_nowait())
        return taken

    def wait_for_event(self, name: str, timeout: float | None = None) -> Event:
        """The next event called ``name`` (others before it are passed by); ForcePadTimeout if none
        comes within ``timeout`` seconds."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            self._raise_reader_error()
            try:
                event = self._events.get(timeout=min(0.1, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                continue
            if event.event == name:
                return event
        raise ForcePadTimeout(name, f"no {name} event within {limit:g}s")

    # MARK: One method per shell command

    def help(self, command: str | None = None) -> a.Answer:
        return self.command("help" + (f" {command}" if command else ""))

    def status(self) -> a.Status:
        return self._ask(a.Status, "status")

    def force(self) -> a.Force:
        return self._ask(a.Force, "force")

    def monitor(self, rate_hz: float = 10, duration_ms: float = 1000) -> a.MonitorDone:
        """``monitor json RATE for DURATION``: the frames arrive as MonitorFrame events."""
        line = f"monitor json {rate_hz:g}Hz for {duration_text(duration_ms)}"
        return self._ask(a.MonitorDone, line, self.timeout + duration_ms / 1000)

    def http(self) -> a.HttpStatus:
        """``http``: where the browser scope serves (``forcepad run --http``), if it does."""
        return self._ask(a.HttpStatus, "http")

    def threshold(self, stage: str | None = None, force: ForceValue | None = None) -> a.Thresholds:
        """The thresholds; with ``stage`` (touch, peek, pop) and ``force``, sets that one first."""
        line = "threshold" if stage is None else f"threshold {stage} {force_text(_given(force, 'force'))}"
        return self._ask(a.Thresholds, line)

    def preset(self, name: str | None = None) -> a.Presets:
        if name is not None:
            self.command(f"preset {quoted(name)}")
        return self._ask(a.Presets, "preset")

    def hysteresis(
        self,
        band: str | None = None,
        value: ForceValue | None = None,
        *,
        dwell_ms: float | None = None,
        touch_dwell_ms: float | None = None,
    ) -> a.Hysteresis:
        """The release bands and dwells; sets a band (touch, peek, pop), the dwell or the touch dwell first if given."""
        if dwell_ms is not None:
            return self._ask(a.Hysteresis, f"hysteresis dwell {duration_text(dwell_ms)}")
        if touch_dwell_ms is not None:
            return self._ask(a.Hysteresis, f"hysteresis touch-dwell {duration_text(touch_dwell_ms)}")
        line = "hysteresis" if band is None else f"hysteresis {band} {force_text(_given(value, 'value'))}"
        return self._ask(a.Hysteresis, line)

    def filter(
        self,
        kind: str | None = None,
        cutoff_hz: float | None = None,
        *,
        spike: bool | None = None,
        beta: float | None = None,
        speed_cutoff_hz: float | None = None,
    ) -> a.Filter:
        """The filter; ``filter("one-euro", 5, beta=0.03)``, ``filter("one-pole", 30)``, ``filter("none")`` or
        ``filter(spike=False)`` set it (``beta`` in Hz per g/s and ``speed_cutoff_hz`` for the one-euro filter)."""
        if spike is not None:
            return self._ask(a.Filter, f"filter spike {'on' if spike else 'off'}")
        if kind is None:
            return self._ask(a.Filter, "filter")
        words = [f"filter {kind}"]
        if cutoff_hz is not None:
            words.append(f"{cutoff_hz:g}Hz")
        if beta is not None:
            words.append(f"beta {beta:g}")
        if speed_cutoff_hz is not None:
            words.append(f"speed {speed_cutoff_hz:g}Hz")
        return self._ask(a.Filter, " ".join(words))

    def tare(self) -> a.Tare:
        return self._ask(a.Tare, "tare")

    def calibrate(self, action: str, *arguments: str) -> a.Answer:
        """``calibrate start|add|fit|save|discard|show …`` (answers as the shell gives them)."""
        return self.command(" ".join(["calibrate", action, *map(quoted, arguments)]))

    def haptic(self) -> a.HapticStatus:
        return self._ask(a.HapticStatus, "haptic")

    def haptic_stats(self) -> a.HapticStatus:
        return self._ask(a.HapticStatus, "haptic stats")

    def haptic_line(self, mode: str) -> a.HapticStatus:
        """Switches the actuator line: ``on``, ``off`` or ``dry-run``."""
        return self._ask(a.HapticStatus, f"haptic {mode}")

    def haptic_test(self, pattern: str) -> a.HapticPattern:
        """Plays a named pattern or one written out (``"on 20ms off 30ms on 20ms"``)."""
        return self._ask(a.HapticPattern, f"haptic test {quoted(pattern)}")

    def haptic_pattern(self, name: str, steps: str) -> a.HapticPattern:
        return self._ask(a.HapticPattern, f"haptic pattern {quoted(name)} {quoted(steps)}")

    def cancel(self) -> None:
        self.command("cancel")

    def shortcut(self, action: str, *arguments: str) -> a.Answer:
        """``shortcut add|remove …`` (answers as the shell gives them)."""
        return self.command(" ".join(["shortcut", action, *map(quoted, arguments)]))

    def shortcut_list(self) -> a.ShortcutList:
        return self._ask(a.ShortcutList, "shortcut list")

    def shortcut_run(self, shortcut: str | int) -> a.ShortcutRun:
        """Runs a shortcut by its type or its slot (1 to 4)."""
        return self._ask(a.ShortcutRun, f"shortcut run {quoted(str(shortcut))}")

    def record_start(self, name: str) -> a.RecordingStarted:
        return self._ask(a.RecordingStarted, f"record start {quoted(name)}")

    def record_stop(self) -> a.RecordingStopped:
        return self._ask(a.RecordingStopped, "record stop")

    def record_export(self, name: str) -> a.RecordingExported:
        return self._ask(a.RecordingExported, f"record export {quoted(name)}")

    def record_list(self) -> a.RecordingList:
        return self._ask(a.RecordingList, "record list")

    def replay(self, name: str, settings: str = "current") -> a.Replayed:
        """Replays a recording with the ``current`` settings or those it was ``recorded`` with."""
        return self._ask(a.Replayed, f"replay {quoted(name)} settings={settings}", self.timeout + 60)

    def detection(self, *names: str) -> a.Detection:
        """``detection NAME…``: each recording (made with a reference sensor) scored with the settings it was
        recorded with and those in force: crossing→frame, false fires, misses, chatter, early firings."""
        return self._ask(a.Detection, " ".join(["detection", *map(quoted, names)]), self.timeout + 60 * len(names))

    def trial_start(self, presses: int, name: str | None = None, stand: StandPresses | None = None) -> a.TrialStarted:
        """Starts a trial of ``presses`` presses; with ``stand`` the board's test stand makes them."""
        line = (
            f"trial start {presses}"
            + (f" {stand.words()}" if stand else "")
            + (f" name={quoted(name)}" if name else "")
        )
        return self._ask(a.TrialStarted, line)

    def trial_resume(self, name: str, part: str | None = None) -> a.TrialResumed:
        """Continues trial ``name``, cut short, in a new recording (``part``, default ``NAME-2``…) that
        makes the presses left the way the trial's were; its report reads the parts as one trial."""
        return self._ask(a.TrialResumed, f"trial resume {quoted(name)}" + (f" name={part}" if part else ""))

    def trial_wait(self, seconds: float = 3600) -> a.TrialWaited:
        """Waits until the running trial has ended (at most ``seconds``)."""
        return self._ask(a.TrialWaited, f"trial wait {seconds:g}s", self.timeout + seconds)

    def stand(self) -> a.StandStatus:
        """``stand``: the test stand's model, port, state, travel and force."""
        return self._ask(a.StandStatus, "stand")

    def stand_home(self, timeout: float = 120) -> a.StandStatus:
        """Moves the stand's crosshead home (the top of its stroke); moves are refused until it has."""
        return self._ask(a.StandStatus, "stand home", self.timeout + timeout)

    def stand_move(self, travel_mm: float, speed_mm_min: float, timeout: float = 120) -> a.StandStatus:
        """Moves the crosshead to ``travel_mm`` from home (downwards) at ``speed_mm_min``."""
        return self._ask(a.StandStatus, f"stand move {travel_mm:g}mm at {speed_mm_min:g}mm/min", self.timeout + timeout)

    def stand_press(self, force: ForceValue, speed_mm_min: float, timeout: float = 120) -> a.StandStatus:
        """Moves the crosshead down at ``speed_mm_min`` until the force reaches ``force``."""
        return self._ask(
            a.StandStatus, f"stand move to {force_text(force)} at {speed_mm_min:g}mm/min", self.timeout + timeout
        )

    def stand_stop(self) -> a.StandStatus:
        return self._ask(a.StandStatus, "stand stop")

    def trial_progress(self) -> a.TrialProgress:
        return self._ask(a.TrialProgress, "trial")

    def trial_stop(self) -> a.RecordingStopped:
        return self._ask(a.RecordingStopped, "trial stop")

    def trial_report(self, name: str | None = None) -> a.TrialReport:
        return self._ask(a.TrialReport, "trial report" + (f" {quoted(name)}" if name else ""))

    def report(self, name: str) -> a.ReportWritten:
        """``report NAME``: writes the sealed JSON report and SVG plot in the state directory."""
        return self._ask(a.ReportWritten, f"report {quoted(name)}", self.timeout + 60)

    def report_verify(self, name: str) -> a.ReportVerification:
        return self._ask(a.ReportVerification, f"report verify {quoted(name)}", self.timeout + 60)

    def sim_press(
        self, force: ForceValue, hold_ms: float | None = None, at: float | tuple[float, float] | None = None
    ) -> a.SimPress:
        """Presses the simulated pad: held for ``hold_ms`` and released (returns once over), or held
        until ``sim_release``; ``at`` is x (0..1 along a strip) or (x, y) on a grid."""
        line = f"sim press {force_text(force)}"
        if hold_ms is not None:
            line += f" for {duration_text(hold_ms)}"
        if at is not None:
            line += " at " + (f"{at[0]:g},{at[1]:g}" if isinstance(at, tuple) else f"{at:g}")
        return self._ask(a.SimPress, line, self.timeout + (hold_ms or 0) / 1000)

    def sim_release(self) -> a.SimRelease:
        return self._ask(a.SimRelease, "sim release")

    def sim_play(self, trace_path: str) -> a.SimPlay:
        """Plays a trace file (a path on the machine forcepad runs on) in the background."""
        return self._ask(a.SimPlay, f"sim play {quoted(trace_path)}")

    def wait(self, milliseconds: float) -> a.Waited:
        """Lets the shell pause (events keep coming)."""
        return self._ask(a.Waited, f"wait {duration_text(milliseconds)}", self.timeout + milliseconds / 1000)

    def log(self, level: str | None = None) -> str:
        return str(self.command("log" + (f" {level}" if level else "")).fields["level"])

    def identify(self) -> a.Identity:
        """``*IDN?``: maker, model (the board), serial number, version."""
        return self._ask(a.Identity, "*IDN?")

    def reset(self) -> a.ResetDone:
        """``*RST``: settings as at start, a recording stopped, the simulated pad released."""
        return self._ask(a.ResetDone, "*RST")

    def operation_complete(self, timeout: float = 70) -> bool:
        """``*OPC?``: True once a trace being played and a haptic pattern have ended."""
        return self.command("*OPC?", timeout).fields.get("complete") == 1

    # MARK: The lab flow

    def trial(
        self,
        presses: int,
        *,
        name: str | None = None,
        press: Callable[[ForcePad], object] | None = None,
        stand: StandPresses | None = None,
        timeout: float = 600,
    ) -> a.TrialReport:
        """Runs a trial of ``presses`` presses and returns its report. ``press`` makes one press
        (e.g. ``lambda pad: pad.sim_press(400, hold_ms=300)`` on the sim board) and is called once
        per press; with ``stand`` the board's test stand makes them; otherwise the presses are a
        person's, waited for up to ``timeout`` seconds."""
        started = self.trial_start(presses, name, stand)
        if press is not None:
            for _ in range(presses):
                press(self)
        deadline = time.monotonic() + timeout
        while True:
            progress = self.trial_progress()
            if progress.trial != started.name or (progress.ended or 0) >= presses:
                break
            if time.monotonic() > deadline:
                raise ForcePadTimeout("trial", f"{progress.ended} of {presses} presses after {timeout:g}s")
            time.sleep(0.1)
        return self.trial_report(started.name)

    @contextlib.contextmanager
    def record(self, name: str) -> Iterator[RecordingSession]:
        """Records raw frames and events for the duration of the ``with`` block."""
        session = RecordingSession(self.record_start(name))
        try:
            yield session
        finally:
            session.stopped = self.record_stop()


def _given(value: ForceValue | None, what: str) -> ForceValue:
    if value is None:
        raise ValueError(f"{what} is needed with a stage or band")
    return value
