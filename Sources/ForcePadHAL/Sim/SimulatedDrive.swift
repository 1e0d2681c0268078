/// What a haptic driver applies to the actuator over time, as a level per mille of the
/// actuator's rated drive: 0 off, 1000 rated, above 1000 overdrive, below 0 active braking
/// (the drive reversed, or in antiphase for an LRA). A click is the line raised for
/// `durationMicros`, optionally starting with an overdrive burst and ending with a brake —
/// the amplitude profile a DRV2605L effect plays with its overdrive and braking on.
public struct SimulatedDrive: Sendable, Equatable {
    /// When the drive starts (µs).
    public let startMicros: Int64
    /// How long it drives, overdrive included (µs); braking follows.
    public let durationMicros: Int64
    /// The level after any overdrive (per mille of rated).
    public let levelPerMille: Int32
    /// The overdrive's level (per mille of rated) and length (µs); none when its length is 0.
    public let overdrivePerMille: Int32
    public let overdriveMicros: Int64
    /// How long the reversed drive brakes after the drive ends (µs), at −rated.
    public let brakeMicros: Int64

    public init(
        startMicros: Int64, durationMicros: Int64, levelPerMille: Int32 = 1000,
        overdrivePerMille: Int32 = 2000, overdriveMicros: Int64 = 0, brakeMicros: Int64 = 0
    ) {
        self.startMicros = startMicros
        self.durationMicros = durationMicros
        self.levelPerMille = levelPerMille
        self.overdrivePerMille = overdrivePerMille
        self.overdriveMicros = overdriveMicros
        self.brakeMicros = brakeMicros
    }

    /// When the forward drive ends (µs).
    public var endMicros: Int64 { startMicros + durationMicros }

    /// The level at `micros` (per mille of rated; negative while braking).
    public func levelPerMille(at micros: Int64) -> Int32 {
        let elapsed = micros - startMicros
        if elapsed < 0 { return 0 }
        if elapsed < min(overdriveMicros, durationMicros) { return overdrivePerMille }
        if elapsed < durationMicros { return levelPerMille }
        if elapsed < durationMicros + brakeMicros { return -1000 }
        return 0
    }
}
