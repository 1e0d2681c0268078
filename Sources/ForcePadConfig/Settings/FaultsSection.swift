import ForcePadCore

/// Reads `[faults]`: how many failed frames in a row lose the sensor (`lost_after`, frames)
/// and how often a lost sensor is tried again (`retry_every`, a duration).
enum FaultsSection {
    static func read(_ table: TableReader?) throws(ConfigError) -> SensorFaultSettings {
        let standard = SensorFaultSettings.standard
        guard let table else { return standard }
        let lostAfter = try table.integer(
            "lost_after", expected: "a whole number of failed frames in a row",
            range: SensorFaultSettings.lostAfterFramesRange, unit: " frames") ?? standard.lostAfterFrames
        let retry = try table.durationMicros("retry_every", range: SensorFaultSettings.reprobeMicrosRange) ?? standard.reprobeMicros
        try table.finish()
        return SensorFaultSettings(lostAfterFrames: lostAfter, reprobeMicros: retry)
    }
}
