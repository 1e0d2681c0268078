import ForcePadCore
import Testing

@testable import ForcePadHAL

/// Finding lines by offset and requesting the feedback input fail truthfully without a GPIO
/// chip; edges themselves are tested against gpio-sim on the virtual-machine rig.
@Suite struct GPIOEdgeInputTests {
    private func inputError(_ line: GPIOLineDescription) -> DeviceError? {
        do {
            _ = try GPIOEdgeInput(line, consumer: "forcepad-test")
            return nil
        } catch {
            return error
        }
    }

    private func outputError(_ line: GPIOLineDescription) -> DeviceError? {
        do {
            _ = try GPIOOutputLine(HapticLineDescription(line: line, activeLow: false), consumer: "forcepad-test")
            return nil
        } catch {
            return error
        }
    }

    @Test func aFeedbackLineNoChipHasNamesTheFeedbackKey() {
        let error = inputError(.named("FORCEPAD_TEST_ABSENT_LINE", chip: nil))
        #expect(error?.errno == 0)
        #expect(error?.description
            == "open GPIO line 'FORCEPAD_TEST_ABSENT_LINE' failed: GPIO line 'FORCEPAD_TEST_ABSENT_LINE' not found on any chip:"
            + " list lines with gpioinfo and fix feedback.line in the board file")
    }

    @Test func anOffsetOnAChipThatIsNotThereNamesTheChip() {
        #expect(outputError(.offset(18, chip: "forcepad-absent-label"))?.description
            == "open GPIO line 'forcepad-absent-label:18' failed: GPIO chip 'forcepad-absent-label' not found:"
            + " list chips with gpiodetect and fix haptic.chip in the board file")
        #expect(inputError(.offset(23, chip: "/dev/gpiochip-absent"))?.description
            == "open GPIO line '/dev/gpiochip-absent:23' failed: GPIO chip '/dev/gpiochip-absent' not found:"
            + " list chips with gpiodetect and fix feedback.chip in the board file")
    }

    @Test func anOffsetOnADeviceThatIsNotAGPIOChipGivesTheKernelsReason() {
        let error = inputError(.offset(0, chip: "/dev/null"))
        #expect(error?.errno != 0)
        #expect(error?.description.hasPrefix("open GPIO line '/dev/null:0' failed: ") == true)
        #expect(error?.description.hasSuffix(
            "'/dev/null' is not a usable GPIO chip: list chips with gpiodetect and fix feedback.chip in the board file") == true)
    }

    @Test func aLineShowsAsChipOffsetAndName() {
        #expect(GPIOLineIdentity(chipPath: "/dev/gpiochip0", chipLabel: "pinctrl-bcm2711", offset: 18, name: "GPIO18").summary
            == "pinctrl-bcm2711:18 (GPIO18)")
        #expect(GPIOLineIdentity(chipPath: "/dev/gpiochip1", chipLabel: "", offset: 3, name: "").summary == "/dev/gpiochip1:3")
    }
}
