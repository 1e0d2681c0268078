import ForcePadCore

/// A pipeline the benchmark can time: one raw frame in (read where it lies, hence `inout`), that frame's total force out (mg),
/// which the benchmark sums into a printed checksum so the optimiser cannot drop the work.
protocol BenchmarkedChain {
    mutating func totalMilligrams(processing raw: inout RawFrame) -> Int64
}
