import ForcePadCore
import Testing

@testable import ForcePadHAL

/// The actuator settings a DRV2605L accepts.
@Suite struct DRV2605LSettingsTests {
    @Test func aLibraryForTheOtherActuatorIsRefused() {
        let lraWithERMLibrary = #expect(throws: DRV2605LError.self) {
            try DRV2605LSettings(actuator: .lra, library: .ermC)
        }
        #expect(
            lraWithERMLibrary?.description
                == "the ERM library C is made for an ERM actuator, not an LRA: use the LRA library")
        let ermWithLRALibrary = #expect(throws: DRV2605LError.self) {
            try DRV2605LSettings(actuator: .erm, library: .lra)
        }
        #expect(
            ermWithLRALibrary?.description
                == "the LRA library is made for an LRA actuator, not an ERM: use an ERM library A to E")
    }

    @Test func aDriveTimeBeyondFiveBitsIsRefused() {
        #expect(throws: DRV2605LError.driveTimeOutOfRange(32)) {
            try DRV2605LSettings(actuator: .erm, library: .ermA, driveTime: 32)
        }
    }

    @Test func lraDriveTimeIsHalfTheResonancePeriod() {
        // 175 Hz: half period 2857 µs = 0.5 ms + 23.6 × 0.1 ms, rounded to 24.
        #expect(DRV2605LSettings.lraDriveTime(resonanceHertz: 175) == 24)
        // 235 Hz: 2127 µs → 16.
        #expect(DRV2605LSettings.lraDriveTime(resonanceHertz: 235) == 16)
        // Slow and fast actuators stay within the five bits.
        #expect(DRV2605LSettings.lraDriveTime(resonanceHertz: 50) == 31)
        #expect(DRV2605LSettings.lraDriveTime(resonanceHertz: 2000) == 0)
    }
}
