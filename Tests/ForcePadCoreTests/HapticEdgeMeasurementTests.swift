import ForcePadCore
import Testing

/// Kernel edge timestamps on the loop's clock, and which edge a stage owns.
@Suite struct HapticEdgeMeasurementTests {
    /// The loop started at 5 s of CLOCK_MONOTONIC.
    let origin: Int64 = 5_000_000

    @Test func aKernelTimestampBecomesLoopTimeRoundedDownLikeTheLoopsClock() {
        #expect(HapticEdgeMeasurement.loopMicros(monotonicNanos: 5_028_080_000, originMicros: origin) == 28_080)
        #expect(HapticEdgeMeasurement.loopMicros(monotonicNanos: 5_028_080_999, originMicros: origin) == 28_080)
        #expect(HapticEdgeMeasurement.loopMicros(monotonicNanos: 5_000_000_000, originMicros: origin) == 0)
        #expect(HapticEdgeMeasurement.loopMicros(monotonicNanos: 4_999_999_999, originMicros: origin) == -1)
    }

    @Test func theRisingEdgeAfterAStageIsItsEdgeWithTheLatencyFromTheFrame() {
        var measurement = HapticEdgeMeasurement(activeLow: false)
        let edge = measurement.record(
            high: true, monotonicNanos: 5_028_091_500, originMicros: origin, pendingStageMicros: 28_000)
        #expect(edge == HapticEdgeEvent(high: true, edgeMicros: 28_091, stageMicros: 28_000))
        #expect(edge.timeMicros == 28_000)
        #expect(edge.latencyMicros == 91)
        #expect(measurement.latency.count == 1)
        #expect(measurement.latency.maxMicros == 91)
        #expect(measurement.risingEdges == 1 && measurement.fallingEdges == 0)
    }

    @Test func edgesOfNoStageAreReportedAtTheirOwnTimeWithoutALatency() {
        var measurement = HapticEdgeMeasurement(activeLow: false)
        let falling = measurement.record(high: false, monotonicNanos: 5_043_000_000, originMicros: origin, pendingStageMicros: nil)
        #expect(falling == HapticEdgeEvent(high: false, edgeMicros: 43_000, stageMicros: nil))
        #expect(falling.timeMicros == 43_000 && falling.latencyMicros == nil)
        let rising = measurement.record(high: true, monotonicNanos: 5_093_000_000, originMicros: origin, pendingStageMicros: nil)
        #expect(rising.latencyMicros == nil)
        #expect(measurement.latency.count == 0)
        #expect(measurement.risingEdges == 1 && measurement.fallingEdges == 1)
    }

    @Test func aFallingEdgeNeverTakesTheStageOfAnActiveHighLine() {
        var measurement = HapticEdgeMeasurement(activeLow: false)
        let edge = measurement.record(high: false, monotonicNanos: 5_028_100_000, originMicros: origin, pendingStageMicros: 28_000)
        #expect(edge.stageMicros == nil)
        #expect(measurement.latency.count == 0)
    }

    @Test func onAnActiveLowLineTheFallingEdgeTurnsTheActuatorOn() {
        var measurement = HapticEdgeMeasurement(activeLow: true)
        #expect(measurement.turnsActuatorOn(high: false))
        #expect(!measurement.turnsActuatorOn(high: true))
        let edge = measurement.record(high: false, monotonicNanos: 5_028_120_000, originMicros: origin, pendingStageMicros: 28_000)
        #expect(edge.latencyMicros == 120)
        #expect(measurement.record(high: true, monotonicNanos: 5_043_000_000, originMicros: origin, pendingStageMicros: 28_000).stageMicros == nil)
    }

    @Test func anEdgeFromBeforeTheStagesFrameIsNotTheStagesEdge() {
        let measurement = HapticEdgeMeasurement(activeLow: false)
        #expect(!measurement.matches(stageMicros: 28_000, high: true, edgeMicros: 27_999))
        #expect(measurement.matches(stageMicros: 28_000, high: true, edgeMicros: 28_000))
    }
}
