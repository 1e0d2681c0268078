import ForcePadCore

extension ForcePipeline: BenchmarkedChain {
    @inline(__always)
    mutating func totalMilligrams(processing raw: inout RawFrame) -> Int64 {
        process(&raw)
        return Int64(output.total.milligrams)
    }
}
