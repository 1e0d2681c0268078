"""The shell's answers as typed objects. Field names are the JSON keys (units in the suffix: ``_g``
grams, ``_us`` µs, ``_hz`` hertz); each class reads one command's answer strictly (``shape.load``),
so a changed answer raises ProtocolError. ``Answer`` keeps the fields of any other command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    """Any command's answer: its command word and its fields (``ok`` and ``cmd`` left out)."""

    cmd: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class Thresholds:
    touch_g: float
    peek_g: float
    pop_g: float
    preset: str | None


@dataclass(frozen=True)
class Preset:
    name: str
    peek_g: float
    pop_g: float


@dataclass(frozen=True)
class Presets:
    current: str | None
    presets: list[Preset]


@dataclass(frozen=True)
class Hysteresis:
    touch_g: float
    peek_g: float
    pop_g: float
    dwell_us: int
    touch_dwell_us: int


@dataclass(frozen=True)
class Filter:
    """``filter``: the one-euro filter's cut-off is the one at rest, and ``delay_ms`` its delay at rest."""

    kind: str
    cutoff_hz: float
    spike_rejection: bool
    beta_hz_per_g_per_s: float
    speed_cutoff_hz: float
    delay_ms: float


@dataclass(frozen=True)
class Force:
    """Live force: per cell and in total (grams), the raw readings and zeros (counts)."""

    total_g: float
    cells_g: list[float]
    readings: list[int]
    zeros: list[int]
    saturated: bool
    contacts: int
    x: float | None
    y: float | None
    normalised: float
    maximum_normalised: float
    t_us: int
    reference_g: float | None = None


@dataclass(frozen=True)
class Board:
    name: str
    summary: str
    geometry: str
    cells: int
    simulated: bool
    haptic_line: str


@dataclass(frozen=True)
class PressStatus:
    state: str
    progress: float


@dataclass(frozen=True)
class LatencySummary:
    """A latency histogram's summary (µs); the figures are None before the first sample."""

    samples: int
    p50_us: int | None
    p99_us: int | None
    p999_us: int | None
    max_us: int | None
    mean_us: int | None


@dataclass(frozen=True)
class HapticFeltStats:
    """The clicks the accelerometer measured since the start: ``onset_latency_us`` from each stage's
    frame, ``felt_latency_us`` from the reference's true crossing (None without a reference), and
    the lowest peak acceleration (g)."""

    clicks: int
    not_felt: int
    onset_latency_us: LatencySummary
    felt_latency_us: LatencySummary | None
    lowest_peak_g: float | None


@dataclass(frozen=True)
class HapticDriver:
    """The board's DRV2605L: where it is, its settings, whether a calibration is saved, the last
    failed transfer, and the stages that fired before their sequence was loaded."""

    model: str
    address: int
    bus: str | None
    actuator: str
    library: str
    trigger: str
    calibration_saved: bool
    last_error: str | None
    late_sequences: int | None


@dataclass(frozen=True)
class HapticStatus:
    mode: str
    access: str
    line_on: bool
    pulses: int
    cut_by_max_on: int
    delayed_by_min_off: int
    stages_delayed_one_period: int
    refused_by_duty: int
    replaced: int
    stage_to_line_us: LatencySummary | None
    driver: HapticDriver | None = None
    crossing_to_line_us: LatencySummary | None = None
    """From the true force (the reference sensor) crossing a stage's threshold to the GPIO call that
    raised the line: the latency a finger feels. None without a reference sensor."""
    crossing_uncertainty_us: int | None = None
    """The reference's sample period: how far off each crossing time may be."""
    felt: HapticFeltStats | None = None
    """The clicks the accelerometer on the pad felt; None without an accelerometer."""


@dataclass(frozen=True)
class Counters:
    periods: int
    missed_periods: int
    stale_frames: int
    read_errors: int
    dropped_events: int
    lateness_last_us: int
    lateness_max_us: int


@dataclass(frozen=True)
class Zero:
    """Whether a tare has set the zeros since start, and each cell's drift since (counts)."""

    tared: bool
    drift_counts: list[int]


@dataclass(frozen=True)
class SavedCalibration:
    """The board's calibration file in the state directory: ``state`` is ``none`` (no file),
    ``in use``, ``waiting`` (saved, not applied: ``calibrate use``) or ``unreadable``."""

    state: str
    path: str
    crc32: str | None = None
    problem: str | None = None


@dataclass(frozen=True)
class CalibrationSource:
    source: str
    saved: SavedCalibration | None = None


@dataclass(frozen=True)
class Sensor:
    """Whether the sensor is lost now, and how often it was lost since start."""

    lost: bool
    losses: int


@dataclass(frozen=True)
class ReferenceReader:
    """The board's reference force sensor: its name, the interval between readings (µs), the
    readings read and dropped since start, the gaps (readings more than two periods after the
    one before), the longest time between two readings (µs), and the reading thread's
    ``SCHED_FIFO`` priority (None under normal scheduling)."""

    name: str
    period_us: int
    read: int
    dropped: int
    gaps: int
    longest_gap_us: int
    fifo_priority: int | None


@dataclass(frozen=True)
class FleetConnection:
    """The station's broker connection (``[mqtt]``, docs/fleet.md)."""

    station: str
    broker: str
    connected: bool
    state: str
    events_sent: int
    events_dropped: int
    delivered: int
    waiting: int


@dataclass(frozen=True)
class Status:
    board: Board
    rate_hz: int
    thresholds: Thresholds
    hysteresis: Hysteresis
    force: Force
    filter: Filter
    zero: Zero
    calibration: CalibrationSource
    press: PressStatus
    haptics: HapticStatus
    counters: Counters
    lateness: LatencySummary
    scheduling: str
    sensor: Sensor
    reference: ReferenceReader | None = None
    mqtt: FleetConnection | None = None


@dataclass(frozen=True)
class Tare:
    zeros: list[int]


@dataclass(frozen=True)
class HapticPattern:
    """A pattern played or changed: its name (``test`` for one written out) and its steps."""

    pattern: str
    steps: str


@dataclass(frozen=True)
class SimPress:
    action: str
    force_g: float
    x: float
    y: float
    hold_us: int
    interrupted_after_us: int | None = None


@dataclass(frozen=True)
class SimRelease:
    action: str


@dataclass(frozen=True)
class SimPlay:
    action: str
    rows: int
    duration_us: int


@dataclass(frozen=True)
class HttpStatus:
    """``http``: the browser scope's address and its pages (docs/live-view.md)."""

    serving: bool
    url: str | None = None
    token_file: str | None = None
    pages: int = 0
    pages_served: int = 0
    pages_refused: int = 0
    sent_messages: int = 0
    lost_messages: int = 0
    lost_frames: int = 0


@dataclass(frozen=True)
class Waited:
    waited_us: int
    interrupted: bool = False


@dataclass(frozen=True)
class RecordingStarted:
    action: str
    name: str
    path: str


@dataclass(frozen=True)
class RecordingStopped:
    action: str
    name: str
    frames: int
    dropped_frames: int
    duration_us: int
    stopped_by: str
    settings_changed: bool


@dataclass(frozen=True)
class RecordingExported:
    """``record export``: the forces CSV (``path``, ``rows`` frames) and beside it the per-press
    table (``presses_path``, ``presses`` rows); for a stand trial, the force-travel curves
    (``force_travel_path``, ``force_travel_readings`` rows: press, stroke, t_us, travel_mm, force_g)."""

    action: str
    name: str
    path: str
    rows: int
    presses_path: str
    presses: int
    force_travel_path: str | None = None
    force_travel_readings: int | None = None


@dataclass(frozen=True)
class RecordingEntry:
    """One folder of ``recordings/``; ``problem`` says why an unusable one cannot be read."""

    name: str
    state: str
    kind: str | None = None
    started: str | None = None
    frames: int | None = None
    duration_us: int | None = None
    board: str | None = None
    problem: str | None = None


@dataclass(frozen=True)
class RecordingList:
    recordings: list[RecordingEntry]


@dataclass(frozen=True)
class TrialStarted:
    """``trial start``: ``stand`` when the board's test stand makes the presses."""

    action: str
    name: str
    presses: int
    stand: bool = False


@dataclass(frozen=True)
class TrialResumed:
    """``trial resume``: the part ``name`` that continues ``trial`` after the part ``resumes``,
    counting the ``presses`` left after the ``presses_before`` its parts finished; ``stand`` when
    the board's test stand makes them."""

    action: str
    trial: str
    name: str
    resumes: str
    presses_before: int
    presses: int
    stand: bool


@dataclass(frozen=True)
class TrialPart:
    """One recording of a trial that was resumed: its name, start and stop (None: interrupted),
    how it ended (``interrupted``, ``trial complete``, what stopped it), the number of its first
    press in the trial (from 1), the presses it finished and its frames."""

    name: str
    started: str
    stopped: str | None
    ended: str
    first_press: int
    presses: int
    frames: int


@dataclass(frozen=True)
class TrialWaited:
    """``trial wait``: the trial waited for (None when none ran), whether it ended, and how long."""

    trial: str | None
    ended: bool
    waited_us: int


@dataclass(frozen=True)
class StandStatus:
    """``stand`` (and ``stand home``, ``stand move``, ``stand stop``): the test stand's model,
    port, state (``idle``, ``moving``, ``homing``, ``held``, ``alarm``, ``unknown``), whether it
    has found home, its travel from home (mm, downwards), the force, the force limit (g), the
    status answers it has given since the start, and the last stop (``force-limit``, ``alarm``,
    ``silent``, ``sensor-lost``, ``requested``, ``shutdown``, ``recording-ended``) with its line."""

    model: str
    port: str
    state: str
    homed: bool
    travel_mm: float | None
    force_g: float | None
    force_limit_g: float
    answers: int
    last_stop: str | None
    last_stop_message: str | None


@dataclass(frozen=True)
class TrialProgress:
    """The trial running (None when none is) and how many of its presses have ended; for a part
    that ``trial resume`` started, the part it continues and the presses finished before it."""

    trial: str | None
    ended: int | None = None
    presses: int | None = None
    resumes: str | None = None
    presses_before: int | None = None


@dataclass(frozen=True)
class Summary:
    mean: float
    sd: float
    min: float
    max: float


@dataclass(frozen=True)
class TravelSummary:
    """One force-travel figure of a stand trial over its judged presses (``count`` measured)."""

    mean: float
    sd: float
    min: float
    max: float
    count: int


@dataclass(frozen=True)
class DriftBin:
    """One bin of a stand trial's drift by cycle: consecutive judged presses and their means (g, mm)."""

    first_press: int
    last_press: int
    presses: int
    peek_force_g: float | None
    pop_force_g: float | None
    peek_error_g: float | None
    peak_force_g: float | None
    peek_travel_mm: float | None


@dataclass(frozen=True)
class StageLatency:
    """A latency of a stage's firings (µs), stage→line or crossing→line: nearest-rank p50 and p99,
    the maximum and how many firings; the figures are None when none was measured."""

    p50: int | None
    p99: int | None
    max: int | None
    count: int


@dataclass(frozen=True)
class ReferenceError:
    """The pad's force at firing minus the reference's (grams): mean, sd, largest magnitude, and
    the firings that had no reference reading near them."""

    mean: float | None
    sd: float | None
    max_abs: float | None
    without_reference: int


@dataclass(frozen=True)
class StageDetection:
    """The presses that missed the stage: their true peak (``truth``: ``reference`` or ``pad``)
    reached ``miss_level_g`` and the stage never fired; ``misses`` are press numbers from 1."""

    truth: str
    miss_level_g: float
    judged: int
    misses: list[int]


@dataclass(frozen=True)
class FeltLatency:
    """A felt latency of a stage's firings (µs): nearest-rank p50 and the maximum."""

    p50: int | None
    max: int | None


@dataclass(frozen=True)
class FeltPeak:
    """The peak accelerations of a stage's clicks (g): the lowest and the nearest-rank p50."""

    min: float | None
    p50: float | None


@dataclass(frozen=True)
class StageFelt:
    """What the accelerometer on the pad felt of a stage's clicks in a trial: ``count`` firings
    with a ``haptic.felt``, of which ``not_felt`` never rose above the threshold."""

    count: int
    not_felt: int
    onset_latency_us: FeltLatency
    felt_latency_us: FeltLatency
    peak_g: FeltPeak
    felt_latency_samples_us: list[int | None]
    peak_samples_g: list[float]


@dataclass(frozen=True)
class StageReport:
    """What one stage did in a trial: the force it fired at (grams), overshoot, timing, chatter."""

    threshold_g: float
    fired: int
    force_g: Summary | None
    overshoot_g: Summary | None
    touch_to_stage_us: Summary | None
    stage_to_line_us: StageLatency
    chatter: int
    presses_with_chatter: int
    forces_g: list[float]
    stage_to_line_samples_us: list[int]
    crossing_to_line_us: StageLatency | None
    """From the true force (the reference) crossing the threshold to the line's edge, the figure a
    lab signs; None without a reference crossing (no reference sensor, or no driven line)."""
    crossing_uncertainty_us: int | None
    """The reference's sample period: how far off each crossing time may be."""
    filter_delay_us: Summary | None
    """Part of crossing→line: the true crossing → the frame where the filtered pad force crossed."""
    dwell_us: Summary | None
    """Part of crossing→line: that frame → the frame the stage fired in (then ``stage_to_line_us``)."""
    crossing_to_line_samples_us: list[int]
    felt: StageFelt | None = None
    """The clicks the accelerometer felt; None without an accelerometer."""
    reference_g: Summary | None = None
    pad_minus_reference_g: ReferenceError | None = None
    detection: StageDetection | None = None


@dataclass(frozen=True)
class Check:
    limit: str
    measured: str
    passed: bool


@dataclass(frozen=True)
class HeldPress:
    """One press held still: the pad's and the reference's mean force over its settled stretch
    (grams) and the error, pad minus reference."""

    press: int
    pad_g: float
    reference_g: float
    error_g: float


@dataclass(frozen=True)
class StaticError:
    """pad minus reference on presses held still (grams), apart from the error at firing."""

    presses: int
    mean: float | None
    sd: float | None
    max_abs: float | None
    held: list[HeldPress]


@dataclass(frozen=True)
class Disturbance:
    """Something that disturbed a recording, from the last good sample before it to the first
    after it (µs, loop clock): ``kind`` is ``frames_missing`` (``frames`` missing),
    ``reference_gap``, ``sensor_lost`` or ``reference_lost``."""

    kind: str
    from_us: int
    to_us: int
    frames: int | None


@dataclass(frozen=True)
class ExcludedPress:
    """A press a disturbance touched, left out of every figure and the verdict (number from 1)."""

    press: int
    because: list[Disturbance]


@dataclass(frozen=True)
class TrialReport:
    """``trial report``: per stage, and the verdict (None without limits). The figures are those
    of the judged presses: ``excluded_presses`` lists the others and what touched them."""

    name: str
    presses: int
    cancelled: int
    cancel_rate: float
    peak_g: Summary | None
    peek: StageReport
    pop: StageReport
    checks: list[Check]
    verdict: str | None
    incomplete_because: list[str]
    static_error_g: StaticError | None
    judged_presses: int
    judged_presses_min: int
    excluded_presses: list[ExcludedPress]
    disturbances: list[Disturbance]
    travel: dict[str, TravelSummary | None] | None = None
    """A stand trial's force-travel figures over the judged presses: ``peek_mm``, ``pop_mm``,
    ``depth_mm``, ``peak_force_g``, ``return_force_g``, ``click_ratio``, ``hysteresis_g``."""
    drift: list[DriftBin] | None = None
    """A stand trial's drift by cycle: its judged presses in at most ten bins, in press order."""
    parts: list[TrialPart] | None = None
    """A trial resumed (``trial resume``): its recordings in order; None for a trial of one."""


@dataclass(frozen=True)
class Identity:
    """``*IDN?``: the four IEEE 488.2 fields, and the line they make."""

    idn: str
    manufacturer: str
    model: str
    serial: str
    version: str


@dataclass(frozen=True)
class ResetDone:
    """``*RST``: the recording or trial it stopped, if one was running."""

    stopped_recording: str | None


@dataclass(frozen=True)
class Replayed:
    """``replay``: whether the events of the replay are those recorded (``difference`` says the
    first that is not)."""

    name: str
    frames: int
    events: int
    compared: int
    identical: bool
    difference: str | None
    settings: str


@dataclass(frozen=True)
class CrossingToFrame:
    """The true crossing of a stage's threshold → the frame the stage fired in (µs), p50, p99 and max."""

    p50: int | None
    p99: int | None
    max: int | None


@dataclass(frozen=True)
class DetectionScore:
    """How one set of settings detected a recording's presses against its reference (docs/performance.md)."""

    presses: int
    stages: int
    crossing_to_frame_us: CrossingToFrame
    false_fires: int
    misses: int
    expected_stages: int
    chatter: int
    early: int


@dataclass(frozen=True)
class RecordingDetection:
    name: str
    recorded: DetectionScore
    current: DetectionScore


@dataclass(frozen=True)
class Detection:
    """``detection NAME…``: each recording scored with the settings it was recorded with and those in force."""

    recordings: list[RecordingDetection]


@dataclass(frozen=True)
class ReportWritten:
    """``report NAME``: the sealed report (``written`` false when the current one is unchanged;
    ``svg`` is named when it was written)."""

    name: str
    presses: int
    verdict: str | None
    json: str
    revision: int
    written: bool
    svg: str | None = None
    force_travel_svg: str | None = None


@dataclass(frozen=True)
class ReportRevision:
    json: str
    revision: int
    intact: bool
    verdict: str | None


@dataclass(frozen=True)
class ReportVerification:
    """``report verify NAME``: every revision's seal (a broken seal is a ForcePadError)."""

    name: str
    reports: list[ReportRevision]


@dataclass(frozen=True)
class MonitorDone:
    """``monitor``: how many frames it streamed (each a MonitorFrame event)."""

    frames: int


@dataclass(frozen=True)
class Shortcut:
    """One shortcut shown in a slot (1 to 4); ``invalid_reason`` says why one cannot run."""

    slot: int
    type: str
    title: str
    subtitle: str | None
    icon: str | None
    command: str
    valid: bool
    invalid_reason: str | None


@dataclass(frozen=True)
class ShortcutList:
    """``shortcut list``: the shortcuts in their slots, and how many did not fit."""

    shortcuts: list[Shortcut]
    hidden: int


@dataclass(frozen=True)
class ShortcutRun:
    """``shortcut run``: whether the shortcut's command was carried out."""

    type: str
    handled: bool
