/// What happened to the haptic line in the period of a haptic event, as the loop measured it.
///
/// The stage→line latency is defined once, here: from the frame a stage fired in
/// (`stageMicros`) to the return of the GPIO call that started its pulse (`lineMicros`), both
/// µs of loop time. Events, `haptic stats`, trial reports and the docs use this definition
/// and the name `stage_to_line_us`. A line that was not driven has no such latency.
public enum HapticLineTiming: Sendable, BitwiseCopyable, Equatable {
    /// The GPIO call for this period's edge returned at `lineMicros`. `stageMicros` is the
    /// frame of the stage whose pulse this edge started; nil for an off edge or a pattern no
    /// stage triggered (a menu tick, `haptic test`).
    case driven(lineMicros: Int64, stageMicros: Int64?)
    /// Haptics off: the line was held off, no pulse reached the actuator.
    case notDriven
    /// Dry run: the line was never touched.
    case dryRun

    /// The stage→line latency (µs), when the line was driven for a stage's pulse.
    public var stageToLineMicros: Int64? {
        guard case .driven(let line, let stage?) = self else { return nil }
        return line - stage
    }
}
