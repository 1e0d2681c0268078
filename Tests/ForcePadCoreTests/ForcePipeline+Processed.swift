import ForcePadCore

extension ForcePipeline {
    /// ``process(_:)`` and a copy of its ``output``, for tests that keep frames to compare.
    mutating func processed(_ raw: RawFrame) -> ForceFrame {
        var raw = raw
        process(&raw)
        return output
    }
}
