/// How the live force becomes the DRV2605L's real-time playback amplitude (`rtp` in
/// `[haptics]`): the loop writes RTP_INPUT (unsigned, 0 still … 255 full drive) when the
/// value changes, at most once a period.
public enum HapticRealTimeMapping: String, Sendable, Equatable, CaseIterable, BitwiseCopyable {
    /// No real-time playback: stages play their patterns or sequences.
    case off
    /// 0 at or below peek, rising linearly to 255 at pop, 255 above.
    case peekToPop = "peek-to-pop"

    /// The amplitude for `total` with `thresholds`; 0 when off.
    @inline(__always)
    public func amplitude(total: Force, thresholds: Thresholds) -> UInt8 {
        guard self == .peekToPop else { return 0 }
        let above = Int64(total.milligrams) - Int64(thresholds.peek.milligrams)
        let span = Int64(thresholds.pop.milligrams) - Int64(thresholds.peek.milligrams)
        guard above > 0 else { return 0 }
        guard span > 0, above < span else { return 255 }
        return UInt8(truncatingIfNeeded: above * 255 / span)
    }
}
