// swift-tools-version:6.2
// Swift 6.2 is the oldest toolchain that builds ForcePad (InlineArray, Span, value generics);
// an older one stops here with "package requires minimum Swift tools version 6.2.0".
import PackageDescription

/// The C shims are built with glibc's checked variants in release builds, as Debian builds C.
let fortifiedC: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]

let package = Package(
    name: "ForcePad",
    products: [
        .executable(name: "forcepad", targets: ["forcepad"]),
        // The parsers, for the fuzz targets in fuzz/ (a package of its own, built with --sanitize=fuzzer).
        .library(name: "ForcePadCore", targets: ["ForcePadCore"]),
        .library(name: "ForcePadConfig", targets: ["ForcePadConfig"]),
        .library(name: "ForcePadShell", targets: ["ForcePadShell"]),
        .library(name: "ForcePadLabFiles", targets: ["ForcePadLabFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.0"),
        // The browser scope's HTTP server and WebSocket (`--http`): no SwiftNIO, so it adds
        // seconds, not minutes, to every build.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // Pure logic: fixed-point types, units, calibration, pipeline, board and settings models.
        // No I/O, no Foundation; RealModule only for filter design at configuration time.
        .target(name: "ForcePadCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // Thin C over libi2c (SMBus on i2c-dev). libi2c-dev ships no pkg-config file.
        .target(
            name: "CI2C",
            cSettings: fortifiedC,
            linkerSettings: [.linkedLibrary("i2c")]
        ),
        // Thin C over libgpiod, v1 (Debian 12, Pi OS bookworm) or v2 (Debian 13, Pi OS trixie) chosen at compile time.
        .target(
            name: "CGPIOD",
            cSettings: fortifiedC,
            linkerSettings: [.linkedLibrary("gpiod")]
        ),
        // termios and pseudo-terminal calls Swift's Glibc module does not show (posix_openpt, grantpt, …).
        .target(name: "CSerial", cSettings: fortifiedC),
        // SCHED_FIFO, CPU affinity and mlockall for the loop thread (cpu_set_t is not visible from Swift).
        .target(name: "CRealTime", cSettings: fortifiedC),
        // Thin C over libmosquitto for the fleet publisher (`[mqtt]`): one connection, one thread.
        .target(name: "CMosquitto", cSettings: fortifiedC, linkerSettings: [.linkedLibrary("mosquitto")]),
        // spidev's ioctls (SPI_IOC_MESSAGE is a macro Swift cannot call) for SPI accelerometers.
        .target(name: "CSPI", cSettings: fortifiedC),
        // Hardware behind small protocols, the sim board, clocks and the real-time loop.
        .target(name: "ForcePadHAL", dependencies: ["ForcePadCore", "CI2C", "CGPIOD", "CSerial", "CRealTime", "CSPI"]),
        // Board and config files: TOML parsing and validation with file:line: key messages.
        .target(name: "ForcePadConfig", dependencies: ["ForcePadCore"]),
        // Command table, tokenizer, units in arguments, human and JSON output.
        .target(name: "ForcePadShell", dependencies: ["ForcePadCore"]),
        // The lab's files read back, every number range-checked where it is read: recording.json,
        // events.jsonl lines. Pure (JSON decoding only), so the fuzz targets can link it.
        .target(name: "ForcePadLabFiles", dependencies: ["ForcePadCore"]),
        // Wiring: command line, controller, threads, logging.
        .target(
            name: "ForcePadApp",
            dependencies: [
                "ForcePadCore", "ForcePadHAL", "ForcePadConfig", "ForcePadShell", "ForcePadLabFiles", "CMosquitto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .executableTarget(name: "forcepad", dependencies: ["ForcePadApp"]),
        // The pipeline in floating point, as a reference for accuracy tests (Double) and benchmarks (Float).
        .target(name: "ForcePadReference", dependencies: ["ForcePadCore"]),
        // `make bench`: figures and ratios measured in one run.
        .executableTarget(
            name: "forcepad-bench",
            dependencies: [
                "ForcePadCore", "ForcePadHAL", "ForcePadReference",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Sources/ForcePadBench"
        ),

        .testTarget(name: "ForcePadCoreTests", dependencies: ["ForcePadCore", "ForcePadReference"]),
        .testTarget(name: "ForcePadHALTests", dependencies: ["ForcePadHAL", "ForcePadCore"]),
        // Counts heap allocations around the real-time path (malloc is interposed in the test process).
        .testTarget(
            name: "ForcePadAllocationTests",
            dependencies: ["ForcePadCore", "ForcePadHAL", .product(name: "MallocInterposerSwift", package: "malloc-interposer")]
        ),
        .testTarget(name: "ForcePadConfigTests", dependencies: ["ForcePadConfig", "ForcePadCore"]),
        .testTarget(name: "ForcePadShellTests", dependencies: ["ForcePadShell", "ForcePadCore"]),
        .testTarget(name: "ForcePadLabFilesTests", dependencies: ["ForcePadLabFiles", "ForcePadCore"]),
        // The program's own types, driven in-process (no forcepad binary).
        .testTarget(
            name: "ForcePadAppTests",
            dependencies: ["ForcePadApp", "ForcePadHAL", "ForcePadCore", .product(name: "FlyingFox", package: "FlyingFox")]),
        .testTarget(name: "ForcePadEndToEndTests", dependencies: ["forcepad", "ForcePadHAL", "ForcePadConfig"]),
        // The benchmark's own parsing and command lines (`make bench`'s counters), without running them.
        .testTarget(name: "ForcePadBenchTests", dependencies: ["forcepad-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
