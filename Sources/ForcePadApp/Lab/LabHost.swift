import ForcePadConfig
import ForcePadCore
import ForcePadHAL

/// What the lab needs of the running controller: the board, the settings and calibration in
/// force, the loop's snapshots and commands, and the reference sensor. ``Controller`` is the
/// host; the lab never reaches the rest of it.
protocol LabHost: AnyObject {
    var board: BoardDescription { get }
    /// The board file as read (its text and content digest), for recordings to keep.
    var boardFile: BoardFile { get }
    /// Settings in force.
    var settings: ControllerSettings { get }
    /// The config files the settings came from, for messages (`a.toml + b.toml`).
    var configSource: String { get }
    /// Per-cell calibration in use.
    var calibration: CalibrationSet { get }
    /// This board's calibration file in the state directory.
    var calibrationFile: String { get }
    /// Static and dynamic shortcuts.
    var shortcuts: ShortcutRegistry { get }
    /// Time for the pipeline to settle after a step (µs).
    var settleMicros: Int64 { get }
    /// The newest snapshot from the loop.
    func snapshot() -> LoopSnapshot
    /// Sends a command to the loop and waits until it has been applied.
    func send(_ command: LoopCommand) throws(CommandFailure)
    /// Lets `micros` of loop time pass on the calling thread (the loop keeps running).
    func pause(micros: Int64)
    /// Waits until `condition` holds, checked now and after each loop period, at most
    /// `timeoutMicros` of loop time (µs); returns whether it held.
    @discardableResult
    func waitForLoop(timeoutMicros: Int64, _ condition: () -> Bool) -> Bool
    /// The config files as they are now, checked for this board.
    func loadConfigFiles() throws(CommandFailure) -> ConfigSnapshot
    /// The reference sensor's newest reading (loop time); nil without one or before its first.
    func latestReferenceReading() -> ReferenceSample?
}
