/// Levenshtein distance, for "did you mean …?" suggestions on mistyped names.
public enum EditDistance {
    /// Number of single-character insertions, deletions or substitutions from `a` to `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word` if it is close enough to be a likely typo
    /// (distance at most a third of the word's length, at least 2 for words of 3 or more
    /// characters so a swapped pair is caught, 1 for shorter words), else nil.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count < 3 ? 1 : max(2, word.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = between(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }
}
