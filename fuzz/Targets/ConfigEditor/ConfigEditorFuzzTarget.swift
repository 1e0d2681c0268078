import ForcePadConfig

/// One input as an edit and a config file: the first line is a dotted key, the second a
/// value, the rest the text of `forcepad.toml` (bytes that are not UTF-8 repaired). The key
/// is one `config save` could write (bare parts), and so is the value (`true`, `false` and
/// plain numbers as they are, anything else a TOML string); an empty value removes the key.
///
/// `ConfigTextEditor` may refuse; when it edits, a failed invariant stops the fuzzer:
/// - every line it did not edit keeps its bytes and its line ending;
/// - the edited line keeps what comes before and after its value;
/// - writing a key's own value into a file that loads gives a file that loads, with the
///   same value for the key;
/// - when the edited file loads, the key reads back the value written (as a file that
///   writes only that key reads it).
@_cdecl("LLVMFuzzerTestOneInput")
public func configEditorFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let firstEnd = bytes.firstIndex(of: UInt8(ascii: "\n")),
        let secondEnd = bytes[(firstEnd + 1)...].firstIndex(of: UInt8(ascii: "\n"))
    else { return 0 }
    guard let key = ConfigEditCase.key(String(decoding: bytes[..<firstEnd], as: UTF8.self)) else { return 0 }
    let rawValue = String(decoding: bytes[(firstEnd + 1)..<secondEnd], as: UTF8.self)
    let text = String(decoding: bytes[(secondEnd + 1)...], as: UTF8.self)
    let original = try? ConfigFileLoader.parse(text: text, file: "fuzz.toml")

    if rawValue.isEmpty {
        var editor = ConfigTextEditor(text: text, file: "fuzz.toml")
        guard let removed = try? editor.remove(key.dotted) else { return 0 }
        ConfigEditCase(original: text, edited: editor.text, key: key, value: nil).expectOnlyTheEditedLinesChanged(removed: removed)
        return 0
    }
    let value = ConfigEditCase.value(rawValue)
    var editor = ConfigTextEditor(text: text, file: "fuzz.toml")
    if (try? editor.set(key.dotted, to: value)) != nil {
        let edit = ConfigEditCase(original: text, edited: editor.text, key: key, value: value)
        edit.expectOnlyTheEditedLinesChanged(removed: false)
        edit.expectTheValueReadsBack()
    }
    // The key's own value written again: nothing the file loads may change.
    if let original, let own = ConfigValueList.values(of: original).first(where: { $0.key == key.dotted }) {
        var same = ConfigTextEditor(text: text, file: "fuzz.toml")
        guard (try? same.set(key.dotted, to: own.text)) != nil else { return 0 }
        let edit = ConfigEditCase(original: text, edited: same.text, key: key, value: own.text)
        edit.expectOnlyTheEditedLinesChanged(removed: false)
        guard let reloaded = try? ConfigFileLoader.parse(text: same.text, file: "fuzz.toml") else {
            let error = Result { try ConfigFileLoader.parse(text: same.text, file: "fuzz.toml") }
            fatalError("writing \(key.dotted) = \(own.text), its own value, into a file that loads gives one that does not: \(error)\n--- edited:\n\(same.text)")
        }
        guard let back = ConfigValueList.values(of: reloaded).first(where: { $0.key == key.dotted }), back.text == own.text else {
            fatalError("writing \(key.dotted) = \(own.text), its own value, reads back something else\n--- edited:\n\(same.text)")
        }
    }
    return 0
}
