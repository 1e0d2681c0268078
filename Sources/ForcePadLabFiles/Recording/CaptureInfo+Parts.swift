/// What the parts of one trial (`trial resume`) must share: everything a verdict depends on.
extension CaptureInfo {
    /// The first field, named as `recording.json` names it, in which `other` was made
    /// differently from this recording (board, calibration, thresholds, hysteresis, filter,
    /// menu, limits, haptics, reference sensor, stand presses); nil when they were made alike.
    public func settingDifference(from other: CaptureInfo) -> String? {
        let same: KeyValuePairs<String, Bool> = [
            "board": board == other.board, "board_file_sha256": boardFileDigest == other.boardFileDigest,
            "sample_rate_hz": sampleRateHertz == other.sampleRateHertz, "cells": cells == other.cells,
            "calibration_crc32": calibrationChecksum == other.calibrationChecksum, "thresholds": thresholds == other.thresholds,
            "hysteresis": hysteresis == other.hysteresis, "dwell_us": dwellMicros == other.dwellMicros,
            "touch_dwell_us": touchDwellMicros == other.touchDwellMicros, "filter": filter == other.filter,
            "menu_shortcuts": menuShortcuts == other.menuShortcuts, "limits": limits == other.limits, "haptics": haptics == other.haptics,
            "reference_period_us": referencePeriodMicros == other.referencePeriodMicros, "stand": stand == other.stand,
        ]
        return same.first { !$0.value }?.key
    }
}
