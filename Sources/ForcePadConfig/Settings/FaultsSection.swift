import ForcePadCore

/// Reads `[faults]`: how many failed frames in a row lose the sensor (`lost_after`, frames)
/// and how often a lost sensor is tried again (`retry_every`, a duration), and how long it
/// may stay lost under systemd's watchdog before the service is restarted (`restart_after`).
enum FaultsSection {
    static func read(_ table: TableReader?) throws(ConfigError) -> SensorFaultSettings {
        let standard = SensorFaultSettings.standard
        guard let table else { return standard }
        let lostAfter = try table.integer(
            "lost_after", expected: "a whole number of failed frames in a row",
            range: SensorFaultSettings.lostAfterFramesRange, unit: " frames") ?? standard.lostAfterFrames
        let retry = try table.durationMicros("retry_every", range: SensorFaultSettings.reprobeMicrosRange) ?? standard.reprobeMicros
        let restart = try table.durationMicros("restart_after", range: SensorFaultSettings.restartAfterMicrosRange) ?? standard.restartAfterMicros
        if restart != 0 && restart < 1_000_000 {
            throw table.error("restart_after", "\(QuantityText.duration(restart)) leaves no time to find the sensor again; allowed: 0 (never) or 1s…1h")
        }
        try table.finish()
        return SensorFaultSettings(lostAfterFrames: lostAfter, reprobeMicros: retry, restartAfterMicros: restart)
    }
}
