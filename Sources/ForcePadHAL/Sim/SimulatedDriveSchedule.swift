/// The drives a simulated actuator gets over time, in the order they start: the level at an
/// instant is the level of the latest drive started by then, so a new drive replaces what is
/// left of the one before (as a new stage replaces the pattern playing). Used on the
/// simulated accelerometer's thread.
public struct SimulatedDriveSchedule: SimulatedDriveLevel, Sendable {
    /// The drives not yet over, oldest first.
    private var drives: [SimulatedDrive] = []
    /// A drive still on whose end is not yet known lasts this long until it is (µs).
    public static let openEndedMicros: Int64 = 3_600_000_000

    public init() { drives.reserveCapacity(16) }

    /// Adds `drive`, which starts no earlier than the last one added.
    public mutating func add(_ drive: SimulatedDrive) {
        drives.append(drive)
    }

    /// Ends the latest drive at `micros` if it is still open-ended (the line went off).
    public mutating func end(atMicros micros: Int64) {
        guard let last = drives.last, last.durationMicros == Self.openEndedMicros, micros >= last.startMicros else { return }
        drives[drives.count - 1] = SimulatedDrive(
            startMicros: last.startMicros, durationMicros: micros - last.startMicros, levelPerMille: last.levelPerMille,
            overdrivePerMille: last.overdrivePerMille, overdriveMicros: last.overdriveMicros, brakeMicros: last.brakeMicros)
    }

    /// Forgets the drives replaced by one started at or before `micros` (the time stepped to).
    public mutating func forget(before micros: Int64) {
        guard let current = drives.lastIndex(where: { $0.startMicros <= micros }), current > 0 else { return }
        drives.removeFirst(current)
    }

    public func levelPerMille(at micros: Int64) -> Int32 {
        guard let current = drives.last(where: { $0.startMicros <= micros }) else { return 0 }
        return current.levelPerMille(at: micros)
    }
}
