/// A histogram drawn with text, one line per bin, for the shell:
///
/// ```
///   148.2 … 149.1g  ██████        3
///   149.101 … 150g  ████████████  6
/// ```
public enum TextHistogram {
    /// Lines for `samples` in at most `bins` equal-width bins from the smallest to the largest
    /// sample, each bin naming its first and last value (or its one value); the longest bar is `width` characters. `label` writes a bin edge
    /// (in the samples' unit) and `unit` follows the last value. No lines for no samples.
    public static func lines(
        _ samples: [Int64], bins: Int = 8, width: Int = 24, unit: String, label: (Int64) -> String
    ) -> [String] {
        guard let low = samples.min(), let high = samples.max(), bins > 0 else { return [] }
        let values = high - low + 1
        let binWidth = (values + Int64(bins) - 1) / Int64(bins)
        let binCount = Int((values + binWidth - 1) / binWidth)
        var counts = [Int](repeating: 0, count: binCount)
        for sample in samples {
            counts[Int((sample - low) / binWidth)] += 1
        }
        let largest = counts.max() ?? 1
        let ranges = (0..<binCount).map { bin in
            let lower = low + Int64(bin) * binWidth
            let upper = min(lower + binWidth - 1, high)
            return lower == upper ? label(lower) + unit : "\(label(lower)) … \(label(upper))\(unit)"
        }
        let rangeWidth = ranges.map(\.count).max() ?? 0
        return (0..<binCount).map { bin in
            let bar = String(repeating: "█", count: counts[bin] == 0 ? 0 : max(1, counts[bin] * width / largest))
            return "  " + ranges[bin].padding(to: rangeWidth) + "  " + bar.padding(to: width) + "  \(counts[bin])"
        }
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
