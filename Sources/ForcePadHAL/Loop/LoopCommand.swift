/// A request from the shell to the loop, applied between two frames.
public enum LoopCommand: Sendable, BitwiseCopyable, Equatable {
    case setPress(PressSettings)
    case simulate(SimulationCommand)
}
