import ForcePadCore
import ForcePadReference

extension ReferencePipeline: BenchmarkedChain where Sample == Float {
    @inline(__always)
    mutating func totalMilligrams(processing raw: inout RawFrame) -> Int64 {
        Int64(process(raw).totalMilligrams)
    }
}
