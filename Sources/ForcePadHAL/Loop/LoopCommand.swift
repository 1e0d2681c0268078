/// A request from the shell to the loop, applied between two frames.
import ForcePadCore

public enum LoopCommand: Sendable, BitwiseCopyable {
    case setPress(PressSettings)
    /// New filter, baseline and contact settings for the pipeline.
    case setPipeline(PipelineSettings)
    /// Start measuring every cell's zero; the outcome appears in ``LoopSnapshot/tare``.
    case tare
    case simulate(SimulationCommand)
}
