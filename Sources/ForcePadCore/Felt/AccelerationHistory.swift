/// The newest accelerometer samples, oldest overwritten first, in time order: what a stage's
/// click is measured from. Fixed capacity, allocated once.
public struct AccelerationHistory: Sendable {
    private var samples: [AccelerationSample]
    /// Where the next sample goes.
    private var next = 0
    /// Samples held (up to the capacity).
    public private(set) var count = 0

    /// Keeps the newest `capacity` samples (2 s at 3200 Hz by default).
    public init(capacity: Int = 6_400) {
        samples = [AccelerationSample](repeating: AccelerationSample(timeMicros: 0, milliG: 0), count: max(capacity, 1))
    }

    /// The newest sample, or nil before the first.
    public var latest: AccelerationSample? { count == 0 ? nil : samples[(next + samples.count - 1) % samples.count] }

    /// Keeps `sample`, which is newer than every one kept.
    public mutating func append(_ sample: AccelerationSample) {
        samples[next] = sample
        next = (next + 1) % samples.count
        count = min(count + 1, samples.count)
    }

    /// The samples taken from `startMicros` to `endMicros` (both included), oldest first.
    public func samples(fromMicros startMicros: Int64, toMicros endMicros: Int64) -> [AccelerationSample] {
        var window: [AccelerationSample] = []
        let first = (next + samples.count - count) % samples.count
        for offset in 0..<count {
            let sample = samples[(first + offset) % samples.count]
            if sample.timeMicros > endMicros { break }
            if sample.timeMicros >= startMicros { window.append(sample) }
        }
        return window
    }
}
