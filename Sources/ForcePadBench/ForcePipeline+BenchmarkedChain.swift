import ForcePadCore

extension ForcePipeline: BenchmarkedChain {
    @inline(__always)
    mutating func totalMilligrams(processing raw: RawFrame) -> Int64 {
        Int64(process(raw).total.milligrams)
    }
}
