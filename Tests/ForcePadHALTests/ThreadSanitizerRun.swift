import Foundation

/// Whether these tests run under ThreadSanitizer (sanitizers/thread-sanitizer.sh sets
/// `TSAN_OPTIONS`): every access is instrumented and runs several times slower, so a bound on
/// how late a thread acts is stretched by ``timingScale``; what is checked stays the same.
enum ThreadSanitizerRun {
    static let isActive = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil
    /// How much longer a thread may take to act than in a plain build.
    static var timingScale: Int32 { isActive ? 10 : 1 }
}
