/// Finding where a time falls among readings kept oldest first (frames, reference readings,
/// a stand's travel samples), by binary search: what a press's window reads is found in
/// O(log n), so a trial's analysis grows with its presses, not with their square.
extension RandomAccessCollection where Index == Int {
    /// The first index whose time (`time` of its element, µs) is at or after `start`; `endIndex`
    /// when none is. The elements must be sorted by that time.
    @inlinable
    public func firstIndex(notBefore start: Int64, time: (Element) -> Int64) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if time(self[middle]) < start { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
