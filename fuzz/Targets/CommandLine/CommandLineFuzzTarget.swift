import ForcePadShell

/// One input as a line typed at the shell, UTF-8 repaired, split into words.
@_cdecl("LLVMFuzzerTestOneInput")
public func commandLineFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? CommandLineTokenizer.words(in: line)
    return 0
}
