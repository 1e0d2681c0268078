import ForcePadConfig

/// One input as the text of a board file (`boards/NAME.toml`), UTF-8 repaired.
@_cdecl("LLVMFuzzerTestOneInput")
public func boardFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? BoardFileLoader.parse(text: text, file: "fuzz.toml")
    return 0
}
