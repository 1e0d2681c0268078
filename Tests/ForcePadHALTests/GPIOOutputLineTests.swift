import ForcePadCore
import Glibc
import Testing

@testable import ForcePadHAL

/// What can fail truthfully without a GPIO chip: finding lines and chips that are not there.
/// Driving a line is tested against the kernel's gpio-sim on the virtual-machine rig.
@Suite struct GPIOOutputLineTests {
    /// A line name no chip uses, so the search fails the same way with or without chips.
    let absentLine = "FORCEPAD_TEST_ABSENT_LINE"

    private func openError(lineName: String, chip: String?) -> DeviceError? {
        let description = HapticLineDescription(lineName: lineName, chip: chip, activeLow: false)
        do {
            _ = try GPIOOutputLine(description, consumer: "forcepad-test")
            return nil
        } catch {
            return error
        }
    }

    @Test func aLineNoChipHasIsReportedAsNotFoundOnAnyChip() {
        let error = openError(lineName: absentLine, chip: nil)
        #expect(error?.errno == 0)
        #expect(
            error?.description
                == "open GPIO line '\(absentLine)' failed: GPIO line '\(absentLine)' not found on any chip:"
                + " list lines with gpioinfo and fix haptic.line in the board file")
    }

    @Test func aMissingChipPathIsNamedInTheError() {
        let error = openError(lineName: "GPIO18", chip: "/dev/gpiochip-absent")
        #expect(error?.errno == 0)
        #expect(
            error?.description
                == "open GPIO line 'GPIO18' failed: GPIO chip '/dev/gpiochip-absent' not found:"
                + " list chips with gpiodetect and fix haptic.chip in the board file")
    }

    @Test func aChipLabelNoChipHasIsNamedInTheError() {
        let error = openError(lineName: "GPIO18", chip: "forcepad-absent-label")
        #expect(error?.description.contains("GPIO chip 'forcepad-absent-label' not found") == true)
    }

    @Test func aDeviceThatIsNotAGPIOChipIsRefusedWithTheKernelsReason() {
        let error = openError(lineName: "GPIO18", chip: "/dev/null")
        #expect(error?.errno != 0)
        #expect(error?.description.hasPrefix("open GPIO line 'GPIO18' failed: ") == true)
        #expect(
            error?.description.hasSuffix(
                "'/dev/null' is not a usable GPIO chip: list chips with gpiodetect and fix haptic.chip in the board file")
                == true)
    }

    @Test func activeLowLinesAreDrivenLowToTurnTheActuatorOn() {
        #expect(GPIOOutputLine.electricalLevel(active: true, activeLow: false) == 1)
        #expect(GPIOOutputLine.electricalLevel(active: false, activeLow: false) == 0)
        #expect(GPIOOutputLine.electricalLevel(active: true, activeLow: true) == 0)
        #expect(GPIOOutputLine.electricalLevel(active: false, activeLow: true) == 1)
    }

    @Test func theLibgpiodAPIVersionIsOneOrTwo() {
        #expect([1, 2].contains(GPIOOutputLine.libgpiodAPIVersion))
    }
}
