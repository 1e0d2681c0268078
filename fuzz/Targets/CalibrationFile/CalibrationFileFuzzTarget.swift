import ForcePadConfig
import ForcePadCore

/// The board the calibration files are read for: the sim board's four cells and 12-bit counts.
let simBoard = try! BoardFileLoader.parse(
    text: """
        name = "sim"
        [[adc]]
        model = "sim"
        inputs = [0, 1, 2, 3]
        [pad]
        layout = "strip"
        cells = 4
        [sampling]
        rate_hz = 1000
        [haptic]
        line = "GPIO18"
        [calibration]
        points = [[0, 0], [1024, 50], [3150, 500]]
        """,
    file: "sim.toml")

/// One input as the text of the state directory's `calibration-sim.toml`, UTF-8 repaired.
@_cdecl("LLVMFuzzerTestOneInput")
public func calibrationFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? CalibrationFile.parse(text: text, file: "calibration-sim.toml", board: simBoard)
    return 0
}
