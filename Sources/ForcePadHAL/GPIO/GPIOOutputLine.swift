import CGPIOD
import ForcePadCore
import Glibc

/// The haptic actuator's GPIO line, requested as an output through libgpiod and found by
/// name as the board file describes it (``HapticLineDescription``), never by chip number.
///
/// The line starts inactive (actuator off). ``setActive(_:)`` makes one kernel call per
/// edge and allocates nothing unless it fails. Dropping the value drives the line inactive,
/// then releases it and its chip. Active-low wiring is handled in one place,
/// ``electricalLevel(active:activeLow:)``: callers only say on or off.
///
/// Unchecked `Sendable`: the libgpiod handle has no thread affinity, and being noncopyable
/// the line has one owner at a time, so moving it to the loop thread is safe.
public struct GPIOOutputLine: ~Copyable, HapticLine, @unchecked Sendable {
    /// The libgpiod API ForcePad was built against: 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
    public static var libgpiodAPIVersion: Int {
        Int(fp_gpio_api_version())
    }

    /// The line's name, e.g. `GPIO18`.
    public let lineName: String
    /// The chip the line was found on, e.g. `/dev/gpiochip0`.
    public let chipPath: String
    /// That chip's kernel label, e.g. `pinctrl-bcm2711`.
    public let chipLabel: String
    /// The line's offset on its chip.
    public let lineOffset: Int
    /// True when the actuator is on while the line is low.
    public let activeLow: Bool
    private let output: OpaquePointer

    /// Finds `description.lineName` (on `description.chip` when given, else on every chip)
    /// and requests it as an output, inactive. `consumer` is the name `gpioinfo` shows for
    /// the line's user, e.g. `forcepad`.
    public init(_ description: HapticLineDescription, consumer: String) throws(DeviceError) {
        var code: Int32 = 0
        var failedStep = fp_gpio_open_step.FP_GPIO_OPEN_STEP_NONE
        let inactiveLevel = Self.electricalLevel(active: false, activeLow: description.activeLow)
        guard let output = fp_gpio_output_open(
            description.chip, description.lineName, consumer, inactiveLevel, &code, &failedStep)
        else {
            throw Self.openError(description, code: -code, failedStep: failedStep)
        }
        self.output = output
        lineName = description.lineName
        chipPath = String(cString: fp_gpio_output_chip_path(output))
        chipLabel = String(cString: fp_gpio_output_chip_label(output))
        lineOffset = Int(fp_gpio_output_line_offset(output))
        activeLow = description.activeLow
    }

    deinit {
        _ = fp_gpio_output_set_value(output, Self.electricalLevel(active: false, activeLow: activeLow))
        fp_gpio_output_close(output)
    }

    /// Turns the actuator on (`true`) or off: one kernel call.
    public func setActive(_ active: Bool) throws(DeviceError) {
        let level = Self.electricalLevel(active: active, activeLow: activeLow)
        let result = fp_gpio_output_set_value(output, level)
        guard result == 0 else { throw setError(code: -result, level: level) }
    }

    /// The one place active-low wiring is handled: the electrical level (1 high, 0 low)
    /// that turns the actuator on (`active`) or off.
    static func electricalLevel(active: Bool, activeLow: Bool) -> Int32 {
        active != activeLow ? 1 : 0
    }

    private func setError(code: Int32, level: Int32) -> DeviceError {
        let hint =
            code == ENODEV
            ? "the GPIO chip \(chipPath) went away: check the board and restart"
            : "see gpioinfo for the state of \(lineName)"
        return DeviceError(
            operation: "drive GPIO line '\(lineName)' (\(chipPath) offset \(lineOffset)) \(level == 1 ? "high" : "low")",
            errno: code, hint: hint)
    }

    /// The error for a failed open, telling a missing chip from a missing line from a line
    /// another program holds. A chip or line that is not found has no errno.
    private static func openError(
        _ description: HapticLineDescription, code: Int32, failedStep: fp_gpio_open_step
    ) -> DeviceError {
        let line = description.lineName
        let openLine = "open GPIO line '\(line)'"
        let permissionHint = "add the user to the gpio group (sudo adduser $USER gpio) and log in again"
        switch (failedStep, code, description.chip) {
        case (.FP_GPIO_OPEN_STEP_CHIP, ENOENT, let chip?):
            return DeviceError(
                operation: openLine, errno: 0,
                hint: "GPIO chip '\(chip)' not found: list chips with gpiodetect and fix haptic.chip in the board file")
        case (.FP_GPIO_OPEN_STEP_CHIP, ENOENT, nil), (.FP_GPIO_OPEN_STEP_LINE, ENOENT, nil):
            return DeviceError(
                operation: openLine, errno: 0,
                hint: "GPIO line '\(line)' not found on any chip: list lines with gpioinfo"
                    + " and fix haptic.line in the board file")
        case (.FP_GPIO_OPEN_STEP_LINE, ENOENT, let chip?):
            return DeviceError(
                operation: openLine, errno: 0,
                hint: "GPIO line '\(line)' not found on chip '\(chip)': list lines with gpioinfo"
                    + " and fix haptic.line in the board file")
        case (_, EACCES, _), (_, EPERM, _):
            return DeviceError(operation: openLine, errno: code, hint: permissionHint)
        case (.FP_GPIO_OPEN_STEP_REQUEST, EBUSY, _):
            return DeviceError(
                operation: "request GPIO line '\(line)' as an output", errno: code,
                hint: "\(line) is in use by another program: see gpioinfo")
        case (.FP_GPIO_OPEN_STEP_REQUEST, _, _):
            return DeviceError(
                operation: "request GPIO line '\(line)' as an output", errno: code,
                hint: "see gpioinfo for the state of \(line)")
        case (_, _, let chip?):
            return DeviceError(
                operation: openLine, errno: code,
                hint: "'\(chip)' is not a usable GPIO chip: list chips with gpiodetect and fix haptic.chip in the board file")
        case (_, _, nil):
            return DeviceError(
                operation: openLine, errno: code, hint: "list chips with gpiodetect and check they can be opened")
        }
    }
}
