import ForcePadCore

/// One input as a force gauge's answer line, UTF-8 repaired, read as a force.
@_cdecl("LLVMFuzzerTestOneInput")
public func gaugeAnswerFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ForceGaugeAnswer.force(in: line)
    return 0
}
