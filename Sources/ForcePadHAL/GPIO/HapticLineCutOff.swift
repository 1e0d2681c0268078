import CGPIOD

/// Drives the haptic line off from a thread other than the loop's: the service watchdog's,
/// when the loop that owns the line has stopped making progress and cannot do it itself.
///
/// It holds the libgpiod handle of a line the loop owns, so it may be used only while the
/// loop has neither returned nor been asked to stop (the line is released after that):
/// ``LoopWatchdog`` checks ``LoopLink/stopRequested`` and ``LoopLink/stopped`` first, and is
/// itself stopped before the loop is. Unchecked `Sendable` for that reason. A simulated line
/// has nothing to drive (``none``).
public struct HapticLineCutOff: @unchecked Sendable {
    private let output: OpaquePointer?
    private let offLevel: Int32

    init(output: OpaquePointer, offLevel: Int32) {
        self.output = output
        self.offLevel = offLevel
    }

    private init() {
        output = nil
        offLevel = 0
    }

    /// For a board without a GPIO line (the simulated pad).
    public static let none = HapticLineCutOff()

    /// Drives the line off: one kernel call; false if it failed.
    @discardableResult
    public func driveOff() -> Bool {
        guard let output else { return true }
        return fp_gpio_output_set_value(output, offLevel) == 0
    }
}
