import ForcePadCore
import ForcePadHAL
import Testing

/// The DRV2605L calls a real-time thread may make (GO, an RTP amplitude, standby) are one
/// transfer each and never touch the heap, counted over many calls on the simulated chip.
@Suite(.serialized) struct DRV2605LAllocationTests {
    static let calls = 10_000

    @Test func oneTransferCallsDoNotAllocate() throws {
        let driver = DRV2605L(settings: try DRV2605LSettings(actuator: .lra, library: .lra))
        var chip = SimulatedDRV2605L()
        try driver.start(on: &chip)
        // Warm-up: the first call of each generic instantiates its metadata in a debug build.
        try driver.go(on: &chip)
        try driver.writeRealTimeAmplitude(1, on: &chip)
        try driver.enterStandby(on: &chip)
        let before = chip.writeCount
        var failures = 0
        let allocations = ThreadAllocationCounter.allocations {
            for call in 0..<Self.calls {
                do {
                    try driver.go(on: &chip)
                    try driver.writeRealTimeAmplitude(UInt8(truncatingIfNeeded: call), on: &chip)
                    try driver.enterStandby(on: &chip)
                } catch {
                    failures += 1
                }
            }
        }
        #expect(failures == 0)
        #expect(allocations == 0, "\(allocations) allocations in \(3 * Self.calls) calls")
        #expect(chip.writeCount - before == 3 * Self.calls)
    }
}
