import ForcePadCore

/// One input as a trace file (a raw recording or a force trace), UTF-8 repaired.
@_cdecl("LLVMFuzzerTestOneInput")
public func traceFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ForceTrace.parse(text, file: "fuzz.csv")
    return 0
}
