/// The lines of a lab file the capture appended to, as its readers take them: refused whole
/// when larger than the most a recording writes; the empty piece after a final line end, and
/// with `wholeLinesOnly` (a recording cut short) a torn last line, left out.
enum LabFileLines {
    static func split(
        _ text: String, path: String, maxBytes: Int, wholeLinesOnly: Bool, fix: String
    ) throws(LabFileError) -> [Substring.UTF8View] {
        guard text.utf8.count <= maxBytes else {
            throw LabFileError(file: path, line: nil, message: "larger than \(maxBytes >> 20) MiB, more than a recording writes; \(fix)")
        }
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if wholeLinesOnly || text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }
}
