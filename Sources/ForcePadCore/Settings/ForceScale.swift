/// The normalised-force scale of 3D Touch: 1.0 is an average touch, and the pad cannot
/// report more than `maximum` (the phone's sensor saturated near 385 g).
public struct ForceScale: Sendable, Equatable, BitwiseCopyable {
    /// The force reported as normalised 1.0.
    public var averageTouch: Force
    /// The maximum possible force.
    public var maximum: Force

    public init(averageTouch: Force, maximum: Force) {
        self.averageTouch = averageTouch
        self.maximum = maximum
    }

    /// 385 g maximum and 1.0 = 385 g / 6.667 (the iPhone 6s figures).
    public static let phone = ForceScale(
        averageTouch: Force.fromGrams(385 / 6.667), maximum: .grams(385))

    /// `maximum / averageTouch`, the maximum possible normalised force.
    public var maximumNormalised: Double { maximum.gramsValue / averageTouch.gramsValue }
}
