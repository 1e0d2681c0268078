// swift-tools-version:6.2
import PackageDescription

// libFuzzer targets for ForcePad's parsers (fuzz/README.md). Build only with
// `swift build --sanitize=fuzzer`, which links libFuzzer's `main`; each target defines
// `LLVMFuzzerTestOneInput` and no `main` of its own (`-parse-as-library`).
let library: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzTarget(_ name: String, path: String, module: String) -> Target {
    .executableTarget(
        name: name, dependencies: [.product(name: module, package: "ForcePad")], path: "Targets/" + path,
        swiftSettings: library)
}

let package = Package(
    name: "ForcePadFuzz",
    dependencies: [.package(name: "ForcePad", path: "..")],
    targets: [
        fuzzTarget("fuzz-config", path: "ConfigFile", module: "ForcePadConfig"),
        fuzzTarget("fuzz-board", path: "BoardFile", module: "ForcePadConfig"),
        fuzzTarget("fuzz-shortcuts", path: "ShortcutsFile", module: "ForcePadConfig"),
        fuzzTarget("fuzz-calibration", path: "CalibrationFile", module: "ForcePadConfig"),
        fuzzTarget("fuzz-trace", path: "Trace", module: "ForcePadCore"),
        fuzzTarget("fuzz-command-line", path: "CommandLine", module: "ForcePadShell"),
        fuzzTarget("fuzz-gauge-answer", path: "GaugeAnswer", module: "ForcePadCore"),
        fuzzTarget("fuzz-recording", path: "RecordingFile", module: "ForcePadLabFiles"),
        fuzzTarget("fuzz-events", path: "EventsFile", module: "ForcePadLabFiles"),
        fuzzTarget("fuzz-report", path: "ReportFile", module: "ForcePadLabFiles"),
        fuzzTarget("fuzz-accelerations", path: "AccelerationsFile", module: "ForcePadLabFiles"),
        fuzzTarget("fuzz-config-editor", path: "ConfigEditor", module: "ForcePadConfig"),
    ],
    swiftLanguageModes: [.v6]
)
