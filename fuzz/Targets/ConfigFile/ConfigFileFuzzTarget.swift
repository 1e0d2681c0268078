import ForcePadConfig

/// One input as the text of `forcepad.toml`: bytes that are not UTF-8 are repaired, as a
/// reader that got past the UTF-8 check would see them. Any error is fine; a crash, a hang or
/// a slow input is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func configFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ConfigFileLoader.parse(text: text, file: "fuzz.toml")
    return 0
}
