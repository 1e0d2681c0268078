import ForcePadHAL

/// Makes the loop's thread body from one assembly on one link, over whatever source and line
/// the hardware opened (the board's chip wraps the line when the loop writes to it).
struct LoopBodyBuilder: LoopBodyMaker {
    let assembly: LoopAssembly
    let link: LoopLink

    func body<Source: FrameSource & ~Copyable & SendableMetatype, Line: HapticLine & ~Copyable & SendableMetatype>(
        _ source: consuming Source, _ line: consuming Line
    ) -> @Sendable () -> Void {
        let loop = assembly.makeLoop(source: source, line: line, link: link)
        return {
            var clock = MonotonicClock()
            loop.run(clock: &clock)
        }
    }
}
