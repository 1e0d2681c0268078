import CGPIOD
import ForcePadCore
import Glibc

/// The ``DeviceError`` for a GPIO line that could not be requested, telling a missing chip
/// from a missing line from a line another program holds, with the board-file key to fix.
struct GPIOOpenError {
    /// The line as the board file gives it.
    let line: GPIOLineDescription
    /// The board-file table that names the line: `haptic` or `feedback`.
    let table: String
    /// What the line was requested as: `an output`, `an input with edge events`.
    let use: String

    /// The error for errno `code` (positive; 0 for a chip or line that is not found) at `failedStep`.
    func error(code: Int32, failedStep: fp_gpio_open_step) -> DeviceError {
        let shown = line.name ?? line.summary
        let openLine = "open GPIO line '\(shown)'"
        let request = "request GPIO line '\(shown)' as \(use)"
        switch (failedStep, code) {
        case (.FP_GPIO_OPEN_STEP_CHIP, ENOENT):
            if let chip = line.chip {
                return DeviceError(
                    operation: openLine, errno: 0,
                    hint: "GPIO chip '\(chip)' not found: list chips with gpiodetect and fix \(table).chip in the board file")
            }
            return notFound(openLine)
        case (.FP_GPIO_OPEN_STEP_LINE, ENOENT):
            return notFound(openLine)
        case (_, EACCES), (_, EPERM):
            return DeviceError(
                operation: openLine, errno: code,
                hint: "add the user to the gpio group (sudo adduser $USER gpio) and log in again")
        case (.FP_GPIO_OPEN_STEP_REQUEST, EBUSY):
            return DeviceError(
                operation: request, errno: code, hint: "\(shown) is in use by another program: see gpioinfo")
        case (.FP_GPIO_OPEN_STEP_REQUEST, _):
            return DeviceError(operation: request, errno: code, hint: "see gpioinfo for the state of \(shown)")
        default:
            if let chip = line.chip {
                return DeviceError(
                    operation: openLine, errno: code,
                    hint: "'\(chip)' is not a usable GPIO chip: list chips with gpiodetect and fix \(table).chip in the board file")
            }
            return DeviceError(
                operation: openLine, errno: code, hint: "list chips with gpiodetect and check they can be opened")
        }
    }

    /// The line is not where the board file says.
    private func notFound(_ operation: String) -> DeviceError {
        switch line {
        case .named(let name, nil):
            return DeviceError(
                operation: operation, errno: 0,
                hint: "GPIO line '\(name)' not found on any chip: list lines with gpioinfo and fix \(table).line in the board file")
        case .named(let name, let chip?):
            return DeviceError(
                operation: operation, errno: 0,
                hint: "GPIO line '\(name)' not found on chip '\(chip)': list lines with gpioinfo and fix \(table).line in the board file")
        case .offset(let offset, let chip):
            return DeviceError(
                operation: operation, errno: 0,
                hint: "chip '\(chip)' has no line \(offset): list its lines with gpioinfo and fix \(table).offset in the board file")
        }
    }
}
