import CGPIOD
import CRealTime
import ForcePadCore
import Glibc

/// The haptic actuator's GPIO line, requested as an output through libgpiod and found by
/// name or by chip and offset as the board file describes it (``HapticLineDescription``),
/// never by chip number.
///
/// The line starts inactive (actuator off). ``setActive(_:)`` makes one kernel call per
/// edge and allocates nothing unless it fails. Dropping the value drives the line inactive,
/// then releases it and its chip. A process that dies of a fault while the line is held
/// drives it inactive from its signal handler first (`forcepad_crash_guard.h`). Active-low wiring is handled in one place,
/// ``electricalLevel(active:activeLow:)``: callers only say on or off.
///
/// Unchecked `Sendable`: the libgpiod handle has no thread affinity, and being noncopyable
/// the line has one owner at a time, so moving it to the loop thread is safe.
public struct GPIOOutputLine: ~Copyable, HapticLine, @unchecked Sendable {
    /// The libgpiod API ForcePad was built against: 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
    public static var libgpiodAPIVersion: Int {
        Int(fp_gpio_api_version())
    }

    /// Where the line was found: chip, offset and name.
    public let identity: GPIOLineIdentity
    /// True when the actuator is on while the line is low.
    public let activeLow: Bool
    private let output: OpaquePointer

    /// Finds `description.line` (by name on its chip or on every chip, or by offset on its
    /// chip) and requests it as an output, inactive. `consumer` is the name `gpioinfo` shows
    /// for the line's user, e.g. `forcepad`.
    public init(_ description: HapticLineDescription, consumer: String) throws(DeviceError) {
        var code: Int32 = 0
        var failedStep = fp_gpio_open_step.FP_GPIO_OPEN_STEP_NONE
        let inactiveLevel = Self.electricalLevel(active: false, activeLow: description.activeLow)
        let line = description.line
        guard let output = fp_gpio_output_open(
            line.chip, line.name, UInt32(line.offset ?? 0), consumer, inactiveLevel, &code, &failedStep)
        else {
            throw GPIOOpenError(line: line, table: "haptic", use: "an output").error(code: -code, failedStep: failedStep)
        }
        self.output = output
        identity = GPIOLineIdentity(fp_gpio_output_info(output))
        activeLow = description.activeLow
        _ = fp_crash_guard_keep_line_off(fp_gpio_output_drive_initial, UnsafeMutableRawPointer(output))
    }

    deinit {
        _ = fp_gpio_output_set_value(output, Self.electricalLevel(active: false, activeLow: activeLow))
        _ = fp_crash_guard_keep_line_off(nil, UnsafeMutableRawPointer(output))
        fp_gpio_output_close(output)
    }

    /// Turns the actuator on (`true`) or off: one kernel call.
    public func setActive(_ active: Bool) throws(DeviceError) {
        let level = Self.electricalLevel(active: active, activeLow: activeLow)
        let result = fp_gpio_output_set_value(output, level)
        guard result == 0 else { throw setError(code: -result, level: level) }
    }

    /// What turns this line off from another thread while the loop that owns it is stuck
    /// (see ``HapticLineCutOff``).
    public var cutOff: HapticLineCutOff {
        HapticLineCutOff(output: output, offLevel: Self.electricalLevel(active: false, activeLow: activeLow))
    }

    /// The one place active-low wiring is handled: the electrical level (1 high, 0 low)
    /// that turns the actuator on (`active`) or off.
    static func electricalLevel(active: Bool, activeLow: Bool) -> Int32 {
        active != activeLow ? 1 : 0
    }

    private func setError(code: Int32, level: Int32) -> DeviceError {
        let hint =
            code == ENODEV
            ? "the GPIO chip \(identity.chipPath) went away: check the board and restart"
            : "see gpioinfo for the state of \(identity.summary)"
        return DeviceError(
            operation: "drive GPIO line \(identity.summary) on \(identity.chipPath) \(level == 1 ? "high" : "low")",
            errno: code, hint: hint)
    }
}
