import Synchronization

/// The shell's output mode, readable from the thread that prints loop events while the
/// shell thread changes it (`mode json`).
public final class SharedOutputMode: Sendable {
    private let isJSON: Atomic<Bool>

    public init(_ mode: OutputMode) { isJSON = Atomic(mode == .json) }

    public var mode: OutputMode {
        get { isJSON.load(ordering: .relaxed) ? .json : .human }
        set { isJSON.store(newValue == .json, ordering: .relaxed) }
    }
}
