"""The shell's events as typed objects: one dataclass per event name, with the JSON keys as
field names (``force_g`` in grams, ``t_us`` in µs on the loop clock), as docs/presses-and-haptics.md
lists them. A known event with a changed shape raises ProtocolError; an event this client does not
know yet arrives as ``UnknownEvent`` with its fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .shape import load


@dataclass(frozen=True, kw_only=True)
class Event:
    """Every event: when it happened (µs on the loop clock) and its name (``press.peek``)."""

    t_us: int
    event: str


@dataclass(frozen=True, kw_only=True)
class PressBegan(Event):
    """The force reached touch; ``x`` (and ``y`` on a grid) is where, 0..1."""

    force_g: float
    x: float
    y: float | None = None


@dataclass(frozen=True, kw_only=True)
class PressProgress(Event):
    phase: str
    progress: float


@dataclass(frozen=True, kw_only=True)
class PressPeek(Event):
    """Peek fired; ``force_g`` is the filtered force of the frame it fired in; ``reference_g`` the
    board's reference sensor at that frame's time (None without a reading near it)."""

    force_g: float
    reference_g: float | None = None


@dataclass(frozen=True, kw_only=True)
class PressPop(Event):
    """Pop fired; ``force_g`` is the filtered force of the frame it fired in; ``reference_g`` the
    board's reference sensor at that frame's time (None without a reading near it)."""

    force_g: float
    reference_g: float | None = None


@dataclass(frozen=True, kw_only=True)
class PressReleased(Event):
    """The press ended; ``stage`` is the highest it reached."""

    stage: str


@dataclass(frozen=True, kw_only=True)
class PressCancelled(Event):
    reason: str


@dataclass(frozen=True, kw_only=True)
class HapticOn(Event):
    """A pattern switched the line on. ``line`` is driven, simulated, off or dry-run; for a stage's
    first pulse ``stage_to_line_us`` is the stage→line latency (frame → GPIO call returned) and,
    with a reference sensor, ``crossing_to_line_us`` the latency a finger feels (the true force
    crossing the stage's threshold → GPIO call returned), known to ``crossing_uncertainty_us``."""

    pattern: str
    line: str
    line_us: int | None = None
    stage_t_us: int | None = None
    stage_to_line_us: int | None = None
    crossing_to_line_us: int | None = None
    crossing_uncertainty_us: int | None = None


@dataclass(frozen=True, kw_only=True)
class HapticOff(Event):
    pattern: str
    line: str
    line_us: int | None = None


@dataclass(frozen=True, kw_only=True)
class HapticEdge(Event):
    """An edge measured on the feedback wire; ``stage_to_edge_us`` for a stage's first edge."""

    level: int
    edge_us: int
    stage_to_edge_us: int | None = None


@dataclass(frozen=True, kw_only=True)
class HapticFelt(Event):
    """A stage's click as the accelerometer on the pad felt it; ``t_us`` is the stage's frame.
    ``onset_latency_us``: the stage's frame → the acceleration's envelope first above the
    threshold; ``felt_latency_us``: the reference's true crossing → that onset (None without a
    reference); ``peak_g`` in g above rest. With ``felt`` False the figures are None and
    ``error`` says why."""

    stage: str
    line_us: int
    felt: bool
    onset_latency_us: int | None = None
    felt_latency_us: int | None = None
    peak_g: float | None = None
    rise_us: int | None = None
    above_threshold_us: int | None = None
    ring_down_us: int | None = None
    noise_mg: int | None = None
    threshold_mg: int | None = None
    stamp_uncertainty_us: int | None = None
    error: str | None = None


@dataclass(frozen=True, kw_only=True)
class AccelerometerLost(Event):
    error: str


@dataclass(frozen=True, kw_only=True)
class AccelerometerRestored(Event):
    pass


@dataclass(frozen=True, kw_only=True)
class MenuOpened(Event):
    slots: int


@dataclass(frozen=True, kw_only=True)
class MenuSelected(Event):
    slot: int


@dataclass(frozen=True, kw_only=True)
class MenuPerformed(Event):
    slot: int


@dataclass(frozen=True, kw_only=True)
class MenuDismissed(Event):
    reason: str


@dataclass(frozen=True, kw_only=True)
class SensorLost(Event):
    error: str


@dataclass(frozen=True, kw_only=True)
class SensorRestored(Event):
    pass


@dataclass(frozen=True, kw_only=True)
class ShortcutPerformed(Event):
    type: str
    handled: bool
    error: str | None = None


@dataclass(frozen=True, kw_only=True)
class StandStopped(Event):
    """ForcePad stopped the motorised test stand: ``reason`` is ``force-limit``, ``alarm``,
    ``silent``, ``sensor-lost`` (faults), ``requested``, ``shutdown`` or ``recording-ended`` (its
    trial's recording ended on an error); ``message`` the line."""

    reason: str
    fault: bool
    message: str


@dataclass(frozen=True, kw_only=True)
class StandSample(Event):
    """Where the test stand's crosshead was: travel from home, downwards, in mm, and its gauge's
    reading when the stand is watched by its own gauge (no reference sensor)."""

    travel_mm: float
    force_g: float | None = None


@dataclass(frozen=True, kw_only=True)
class MonitorFrame(Event):
    """One frame of ``monitor json``."""

    total_g: float
    cells_g: list[float]
    x: float | None
    contacts: int
    saturated: bool
    stage: str


@dataclass(frozen=True, kw_only=True)
class ConsoleWarning(Event):
    """What a ``warning:`` line says in human mode: ``source`` is ``haptic driver``, ``console``
    (event lines dropped) or ``serial`` (output dropped)."""

    source: str
    message: str


@dataclass(frozen=True, kw_only=True)
class UnknownEvent(Event):
    """An event this version of the client does not know; ``fields`` holds the rest of its keys."""

    fields: dict[str, Any] = field(default_factory=dict)


EVENT_TYPES: dict[str, type[Event]] = {
    "press.began": PressBegan,
    "press.progress": PressProgress,
    "press.peek": PressPeek,
    "press.pop": PressPop,
    "press.released": PressReleased,
    "press.cancelled": PressCancelled,
    "haptic.on": HapticOn,
    "haptic.off": HapticOff,
    "haptic.edge": HapticEdge,
    "haptic.felt": HapticFelt,
    "accelerometer.lost": AccelerometerLost,
    "accelerometer.restored": AccelerometerRestored,
    "menu.opened": MenuOpened,
    "menu.selected": MenuSelected,
    "menu.performed": MenuPerformed,
    "menu.dismissed": MenuDismissed,
    "sensor.lost": SensorLost,
    "sensor.restored": SensorRestored,
    "shortcut.performed": ShortcutPerformed,
    "stand.stopped": StandStopped,
    "stand.sample": StandSample,
    "monitor": MonitorFrame,
    "warning": ConsoleWarning,
}


def parse_event(data: dict[str, Any]) -> Event:
    """The event of one JSON line (an object with an ``event`` key)."""
    name = data.get("event")
    kind = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if kind is None:
        rest = {key: value for key, value in data.items() if key not in ("t_us", "event")}
        return UnknownEvent(t_us=load(int, data.get("t_us"), "event.t_us"), event=str(name), fields=rest)
    return load(kind, data, f"event {name}")
