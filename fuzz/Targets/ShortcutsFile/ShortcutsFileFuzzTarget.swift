import ForcePadConfig

/// One input as the text of the state directory's `shortcuts.toml`, UTF-8 repaired.
@_cdecl("LLVMFuzzerTestOneInput")
public func shortcutsFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? DynamicShortcutsFile.parse(text: text, file: "shortcuts.toml")
    return 0
}
