/// What to send a terminal to turn the screen it shows (rows of text, one character a
/// column, from the top left) into another: for each row that changed, the cursor moved to
/// its first changed column (CUP, ESC [ row ; column H) and the characters from there to its
/// last changed one. Rows that did not change cost nothing, so a picture that changes in a
/// few places (a sweep's cursor, a number) costs a few bytes.
public enum ScreenUpdate {
    /// The text that changes `old` into `new` (both as tall as each other, rows as wide);
    /// every row of `new` in full when `old` is nil or of another shape.
    public static func text(from old: [String]?, to new: [String]) -> String {
        var text = ""
        let previous = old.flatMap { $0.count == new.count ? $0 : nil }
        for (index, row) in new.enumerated() {
            let now = Array(row)
            guard let before = previous.map({ Array($0[index]) }), before.count == now.count else {
                text += "\u{1B}[\(index + 1);1H" + row
                continue
            }
            guard let first = now.indices.first(where: { now[$0] != before[$0] }),
                let last = now.indices.last(where: { now[$0] != before[$0] })
            else { continue }
            text += "\u{1B}[\(index + 1);\(first + 1)H" + String(now[first...last])
        }
        return text
    }
}
