import ForcePadCore
import ForcePadHAL

/// The reference sensor's readings beside the loop's frames.
extension Controller {
    /// The reference sensor's newest reading beside the frame at `frameMicros` (loop time):
    /// nil without a sensor, or when its newest reading is more than two sample periods away
    /// from the frame (it is not answering), so no unmeasured figure is shown.
    public func reference(nearFrameAt frameMicros: Int64) -> Force? {
        guard let reader = runtime.referenceReader, let latest = runtime.pump.latestReference() else { return nil }
        return abs(latest.timeMicros - frameMicros) <= 2 * reader.samplePeriodMicros ? latest.force : nil
    }

    /// The reference sensor's newest reading (loop time); nil without one or before its first.
    public func latestReferenceReading() -> ReferenceSample? {
        runtime.referenceReader == nil ? nil : runtime.pump.latestReference()
    }
}
